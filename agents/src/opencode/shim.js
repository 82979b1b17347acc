
function sessionPayload(event, cwd) {
  const p = event.properties ?? {};
  const session_id = p.sessionID ?? p.info?.id ?? "";
  switch (event.type) {
    case "session.created":
      return { session_id, cwd, source: "startup" };
    case "session.deleted":
      return { session_id, cwd, reason: "deleted" };
    case "session.idle":
      return { session_id, cwd, idle_ms: 0 };
    case "session.error":
      return { session_id, cwd, error: p.error === undefined ? null : JSON.stringify(p.error) };
    case "session.compacted":
      return { session_id, cwd };
    case "file.edited":
      return { session_id, cwd, file_path: p.file ?? "" };
    default:
      return null;
  }
}

// The plugins' tools as a local MCP server, `BIN mcp` ({name, args}; null:
// the plugins have no tool).
const MCP = __TACKLE_MCP__;

// OpenCode calls every export of a plugin file: this is the only one.
export const TacklePlugin = async ({ directory }) => {
  const cwd = directory ?? process.cwd();
  const hooks = {};
  if (EVENTS["tool.execute.before"] !== undefined) {
    hooks["tool.execute.before"] = async (input, output) => {
      if (!wants("tool.execute.before", input.tool)) return;
      const reply = await call("tool.execute.before", {
        session_id: input.sessionID ?? "",
        cwd,
        tool_name: input.tool,
        tool_input: output.args ?? {},
        tool_use_id: input.callID,
      });
      if (reply === null) return;
      // Throwing is how an OpenCode plugin blocks a call; the model reads
      // the message, so the hooks' context goes with it.
      if (reply.decision === "deny") throw new Error(withContext(refusal(reply), reply));
      // This hook cannot ask the user, and letting the call through would
      // skip the question: refuse it, saying what needed confirming.
      if (reply.decision === "ask") throw new Error(withContext(`needs confirmation: ${question(reply)}`, reply));
      // OpenCode runs the tool with this very object.
      if (reply.input !== null && reply.input !== undefined) replaceInPlace(output.args, reply.input);
      unsent("tool.execute.before", reply, ["context"]);
    };
  }
  if (EVENTS["tool.execute.after"] !== undefined) {
    hooks["tool.execute.after"] = async (input, output) => {
      if (!wants("tool.execute.after", input.tool)) return;
      const reply = await call("tool.execute.after", {
        session_id: input.sessionID ?? "",
        cwd,
        tool_name: input.tool,
        tool_input: input.args ?? {},
        tool_use_id: input.callID,
        tool_response: { title: output.title, output: output.output, metadata: output.metadata },
      });
      if (reply === null) return;
      if (reply.decision === "deny") {
        output.output = refusal(reply);
        return;
      }
      if (typeof reply.input === "string") output.output = reply.input;
      else if (reply.input && typeof reply.input.output === "string") output.output = reply.input.output;
      else unsent("tool.execute.after", reply, ["input"]);
      if (typeof reply.context === "string") output.output = `${output.output ?? ""}\n\n${reply.context}`;
    };
  }
  if (EVENTS["experimental.chat.system.transform"] !== undefined) {
    // OpenCode (1.18.33) runs this before every model request, with the
    // system prompt as an array of parts the hook may add to; each part
    // is a system message of its own after the first.
    hooks["experimental.chat.system.transform"] = async (input, output) => {
      if (!Array.isArray(output?.system)) return;
      const reply = await call("experimental.chat.system.transform", {
        session_id: input?.sessionID ?? "",
        cwd,
        prompt: output.system.join("\n"),
      });
      if (reply === null) return;
      unsent("experimental.chat.system.transform", reply, ["input"]);
      if (typeof reply.context === "string" && reply.context !== "") output.system.push(reply.context);
    };
  }
  const observed = Object.keys(EVENTS).filter((e) => e.startsWith("session.") || e === "file.edited");
  if (observed.length > 0) {
    hooks.event = async ({ event }) => {
      if (!observed.includes(event.type)) return;
      const payload = sessionPayload(event, cwd);
      if (payload === null) return;
      const reply = await call(event.type, payload);
      if (reply !== null) unsent(event.type, reply, ["input", "context"]);
    };
  }
  if (MCP !== null) {
    // OpenCode gives each plugin its config before it starts the MCP
    // servers; it runs a local one without a shell, in the project. An
    // entry of that name in the user's own config wins.
    hooks.config = async (config) => {
      config.mcp ??= {};
      if (config.mcp[MCP.name] === undefined) {
        config.mcp[MCP.name] = { type: "local", command: [BIN, ...MCP.args], enabled: true };
      }
    };
  }
  return hooks;
};
