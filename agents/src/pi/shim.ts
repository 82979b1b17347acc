
// Plain JavaScript in a .ts file: Pi loads it as is, and nothing here
// needs Pi's types.
function sessionId(ctx) {
  try {
    return String(ctx?.sessionManager?.getSessionId?.() ?? "");
  } catch {
    return "";
  }
}

function base(ctx) {
  return { session_id: sessionId(ctx), cwd: ctx?.cwd ?? process.cwd() };
}

// Events the plugins only observe: what each sends besides the session.
const OBSERVED = {
  session_start: (event) => ({ source: event.reason ?? "startup" }),
  session_shutdown: () => ({ reason: "shutdown" }),
  turn_start: () => ({}),
  turn_end: () => ({}),
  session_compact: () => ({}),
};

export default function (pi) {
  if (EVENTS.tool_call !== undefined) {
    pi.on("tool_call", async (event, ctx) => {
      if (!wants("tool_call", event.toolName)) return undefined;
      const reply = await call("tool_call", {
        ...base(ctx),
        tool_name: event.toolName,
        tool_input: event.input ?? {},
        tool_use_id: event.toolCallId,
      });
      if (reply === null) return undefined;
      // The model reads the reason, so the hooks' context goes with it.
      if (reply.decision === "deny") return { block: true, reason: withContext(refusal(reply), reply) };
      // Pi runs the tool with this very object. Rewritten before any
      // question, so that the user confirms what will run.
      if (reply.input !== null && reply.input !== undefined) replaceInPlace(event.input, reply.input);
      if (reply.decision === "ask") {
        const why = question(reply);
        // Without a UI (print mode) nobody can answer: refuse.
        if (!ctx?.hasUI || typeof ctx.ui?.confirm !== "function") {
          const reason = `needs confirmation: ${why} (Pi has no UI to ask in)`;
          return { block: true, reason: withContext(reason, reply) };
        }
        const ok = await ctx.ui.confirm(
          `Allow ${event.toolName}?`,
          `${why}\n\n${event.toolName} ${JSON.stringify(event.input)}`,
        );
        if (!ok) return { block: true, reason: withContext(`the user did not confirm the call: ${why}`, reply) };
      }
      unsent("tool_call", reply, ["context"]);
      return undefined;
    });
  }
  if (EVENTS.tool_result !== undefined) {
    pi.on("tool_result", async (event, ctx) => {
      if (!wants("tool_result", event.toolName)) return undefined;
      const reply = await call("tool_result", {
        ...base(ctx),
        tool_name: event.toolName,
        tool_input: event.input ?? {},
        tool_use_id: event.toolCallId,
        tool_response: { content: event.content, details: event.details, isError: event.isError },
      });
      if (reply === null) return undefined;
      if (reply.decision === "deny") {
        return { content: [{ type: "text", text: refusal(reply) }], isError: true };
      }
      let content = event.content;
      if (typeof reply.input === "string") content = [{ type: "text", text: reply.input }];
      else if (reply.input && Array.isArray(reply.input.content)) content = reply.input.content;
      else unsent("tool_result", reply, ["input"]);
      if (typeof reply.context === "string") {
        content = [...(content ?? []), { type: "text", text: reply.context }];
      }
      return content === event.content ? undefined : { content };
    });
  }
  if (EVENTS.before_agent_start !== undefined) {
    pi.on("before_agent_start", async (event, ctx) => {
      const prompt = typeof event.systemPrompt === "string" ? event.systemPrompt : "";
      const reply = await call("before_agent_start", { ...base(ctx), prompt });
      if (reply === null) return undefined;
      unsent("before_agent_start", reply, ["input"]);
      if (typeof reply.context !== "string") return undefined;
      return { systemPrompt: prompt === "" ? reply.context : `${prompt}\n\n${reply.context}` };
    });
  }
  if (EVENTS.session_before_compact !== undefined) {
    pi.on("session_before_compact", async (event, ctx) => {
      const reply = await call("session_before_compact", { ...base(ctx), trigger: event.reason ?? null });
      if (reply === null) return undefined;
      if (reply.decision === "deny") return { cancel: true };
      unsent("session_before_compact", reply, ["input", "context"]);
      return undefined;
    });
  }
  for (const [name, fields] of Object.entries(OBSERVED)) {
    if (EVENTS[name] === undefined) continue;
    pi.on(name, async (event, ctx) => {
      const reply = await call(name, { ...base(ctx), ...fields(event ?? {}) });
      if (reply !== null) unsent(name, reply, ["input", "context"]);
      return undefined;
    });
  }
}
