// Cursor: the preToolUse hook from ~/.cursor/hooks.json (there is no post-tool hook).
// Allow is `{}`; deny is `permission: "deny"` with messages for the user and the agent.
// Cursor accepts "ask" in its schema but does not enforce it here, so approvals go through
// the server's queue and the hook waits.
import type { HookCall, HostAdapter, Target } from './types.js';
import { PayloadError, optString, requireObject, requireString, type Obj } from './payload.js';
import { exec, path, plain, tableTargets, url, type Build } from './tool-table.js';
import { table } from '../../util/lookup-table.js';

const TOOLS: Record<string, Build> = table({
  Shell: exec(),
  Read: path('read'),
  Grep: path('read', false),
  Glob: path('read', false),
  LS: path('read', false),
  Write: path('write'),
  Edit: path('edit'),
  MultiEdit: path('edit'),
  Delete: path('write'),
  Task: plain('agent'),
  WebFetch: url(),
  WebSearch: plain('fetch'),
  Fetch: url(),
  Browser: url(),
  OpenURL: url(),
});

export function cursorTargets(name: string, input: Obj): Target[] {
  return tableTargets(TOOLS, name, input, (n) => /^mcp:/i.test(n) || n.startsWith('mcp__'));
}

export const cursor: HostAdapter = {
  host: 'cursor',
  conversationEnv: [],
  nativeAsk: false,
  // The installed hook timeout is 330 s.
  maxApprovalWaitMs: 300_000,

  phaseOf() {
    return 'pre';
  },

  parse(payload): HookCall {
    const p = requireObject(payload, 'hook payload');
    const event = requireString(p, 'hook_event_name');
    if (event !== 'preToolUse') throw new PayloadError(`unsupported hook_event_name "${event}"`);
    const name = requireString(p, 'tool_name');
    const input = p.tool_input === undefined ? {} : requireObject(p.tool_input, 'tool_input');
    const roots = Array.isArray(p.workspace_roots) ? p.workspace_roots : [];
    return {
      phase: 'pre',
      event,
      hostTool: name,
      targets: cursorTargets(name, input),
      input,
      cwd: optString(p, 'cwd') ?? (typeof roots[0] === 'string' ? roots[0] : undefined),
      sessionId: optString(p, 'conversation_id'),
      toolCallId: optString(p, 'tool_use_id'),
    };
  },

  render(_phase, outcome) {
    // No permission field leaves Cursor's own flow in charge; user_message is what it shows.
    if (outcome.kind === 'allow' || outcome.kind === 'defer') {
      if (!outcome.notice) return { json: {} };
      const text = `svc: ${outcome.notice}`;
      return { json: { user_message: text, userMessage: text } };
    }
    const reason = outcome.kind === 'ask' ? `approval required: ${outcome.reason}` : outcome.reason;
    const text = `svc: ${reason}`;
    return {
      json: { permission: 'deny', user_message: text, agent_message: text, userMessage: text, agentMessage: text },
    };
  },
};
