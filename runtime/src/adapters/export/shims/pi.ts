
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
      if (reply.decision === "deny") return { block: true, reason: refusal(reply) };
      if (reply.decision === "ask" && ctx?.hasUI && typeof ctx.ui?.confirm === "function") {
        const ok = await ctx.ui.confirm("tackle", reply.reason ?? `Allow ${event.toolName}?`);
        if (!ok) return { block: true, reason: "the user refused the call" };
      }
      // Pi runs the tool with this very object.
      if (reply.input !== null && reply.input !== undefined) replaceInPlace(event.input, reply.input);
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
      if (reply === null || typeof reply.context !== "string") return undefined;
      return { systemPrompt: prompt === "" ? reply.context : `${prompt}\n\n${reply.context}` };
    });
  }
  if (EVENTS.session_before_compact !== undefined) {
    pi.on("session_before_compact", async (event, ctx) => {
      const reply = await call("session_before_compact", { ...base(ctx), trigger: event.reason ?? null });
      if (reply !== null && reply.decision === "deny") return { cancel: true };
      return undefined;
    });
  }
  for (const [name, fields] of Object.entries(OBSERVED)) {
    if (EVENTS[name] === undefined) continue;
    pi.on(name, async (event, ctx) => {
      await call(name, { ...base(ctx), ...fields(event ?? {}) });
      return undefined;
    });
  }
}
