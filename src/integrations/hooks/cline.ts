// Cline: hook scripts named PreToolUse / PostToolUse. The editor sends
// `preToolUse|postToolUse {toolName, parameters, result}`; the CLI sends full records
// `tool_call {id, name, input}` / `tool_result {id, name, output}`, which are preferred because
// `parameters` flattens nested values to strings. The reply is `{cancel, errorMessage}`.
import type { HookCall, HostAdapter, Phase, Target } from './types.js';
import {
  PayloadError,
  execTarget,
  isObject,
  mcpTarget,
  optString,
  requireObject,
  target,
  targetsFor,
  type Obj,
} from './payload.js';
import { path, plain, tableTargets, url, withResponse, type Build } from './tool-table.js';
import { table } from '../../util/lookup-table.js';

/** run_commands carries a list; the policy reads the whole list as one command line. */
const commands: Build = (i, n) => {
  if (Array.isArray(i.commands)) {
    if (!i.commands.every((c) => typeof c === 'string')) throw new PayloadError(`${n}: commands must be strings`);
    return [target('exec', i, { command: (i.commands as string[]).join(' && ') })];
  }
  return [execTarget(i, n)];
};

/** use_mcp_tool names the server's tool in its parameters. */
const useMcp: Build = (i, n) => {
  const tool = optString(i, 'tool_name');
  if (!tool) throw new PayloadError(`${n}: missing tool_name`);
  const args = typeof i.arguments === 'string' ? parseArgs(i.arguments, n) : isObject(i.arguments) ? i.arguments : {};
  const t = mcpTarget(tool, { ...args });
  t.params.server_name = i.server_name;
  return [t];
};

function parseArgs(text: string, n: string): Obj {
  try {
    const v = JSON.parse(text);
    return isObject(v) ? v : { arguments: v };
  } catch {
    throw new PayloadError(`${n}: arguments are not valid JSON`);
  }
}

const TOOLS: Record<string, Build> = table({
  execute_command: commands,
  run_commands: commands,
  bash: commands,
  read_file: path('read'),
  read_files: path('read', false),
  search_files: path('read', false),
  list_files: path('read', false),
  list_code_definition_names: path('read', false),
  search_codebase: plain('read'),
  write_to_file: path('write'),
  new_rule: path('write', false),
  replace_in_file: path('edit'),
  apply_patch: path('edit', false),
  editor: path('edit', false),
  browser_action: url(),
  web_fetch: url(),
  fetch_web_content: url(),
  web_search: plain('fetch'),
  use_mcp_tool: useMcp,
  access_mcp_resource: plain('read'),
  new_task: plain('agent'),
  use_subagents: plain('agent'),
  ask_followup_question: plain('interact'),
  attempt_completion: plain('interact'),
  plan_mode_respond: plain('interact'),
});

export function clineTargets(name: string, input: Obj): Target[] {
  return tableTargets(TOOLS, name, input, (n) => n.startsWith('mcp_') || n.includes('__'));
}

const EVENTS: Record<string, Phase> = table({
  PreToolUse: 'pre',
  tool_call: 'pre',
  PostToolUse: 'post',
  tool_result: 'post',
});

interface Envelope {
  name: string;
  input: Obj;
  id?: string;
  result?: unknown;
}

/** One of the two envelopes; both present with different tool names is refused. */
function envelope(p: Obj, phase: Phase): Envelope {
  const full = phase === 'pre' ? p.tool_call : p.tool_result;
  const editor = phase === 'pre' ? p.preToolUse : p.postToolUse;
  let fromFull: Envelope | undefined;
  if (isObject(full)) {
    const name = optString(full, 'name');
    if (!name) throw new PayloadError('tool record without a name');
    const input = full.input === undefined ? {} : requireObject(full.input, 'tool input');
    fromFull = { name, input, id: optString(full, 'id'), result: full.output };
  }
  let fromEditor: Envelope | undefined;
  if (isObject(editor)) {
    const name = optString(editor, 'toolName', 'tool');
    if (!name) throw new PayloadError('tool event without a toolName');
    const input = editor.parameters === undefined ? {} : requireObject(editor.parameters, 'parameters');
    fromEditor = { name, input, result: editor.result };
  }
  if (fromFull && fromEditor && fromFull.name !== fromEditor.name)
    throw new PayloadError('tool names disagree between envelopes');
  const env = fromFull ?? fromEditor;
  if (!env) throw new PayloadError('payload holds no tool call');
  return env;
}

export const cline: HostAdapter = {
  host: 'cline',
  conversationEnv: [],
  nativeAsk: false,
  maxApprovalWaitMs: 300_000,

  phaseOf(payload) {
    const ev = isObject(payload) ? payload.hookName : undefined;
    return ev === 'PostToolUse' || ev === 'tool_result' ? 'post' : 'pre';
  },

  parse(payload): HookCall {
    const p = requireObject(payload, 'hook payload');
    const event = optString(p, 'hookName') ?? '';
    const phase = EVENTS[event];
    if (!phase) throw new PayloadError(`unsupported hookName "${event}"`);
    const env = envelope(p, phase);
    const roots = Array.isArray(p.workspaceRoots) ? p.workspaceRoots : [];
    const call: HookCall = {
      phase,
      event,
      hostTool: env.name,
      targets: targetsFor(phase, () => clineTargets(env.name, env.input), env.input, env.name),
      input: env.input,
      cwd: typeof roots[0] === 'string' ? roots[0] : undefined,
      sessionId: optString(p, 'taskId'),
      toolCallId: env.id,
    };
    return withResponse(call, phase, env.result);
  },

  render(_phase, outcome) {
    // Cline shows the hook's stderr; not cancelling leaves its own approval flow in charge.
    if (outcome.kind === 'allow' || outcome.kind === 'defer') {
      return outcome.notice
        ? { json: { cancel: false }, stderr: `svc: ${outcome.notice}` }
        : { json: { cancel: false } };
    }
    const reason = outcome.kind === 'ask' ? `approval required: ${outcome.reason}` : outcome.reason;
    const message = `Blocked by svc: ${reason}`;
    return {
      json: { cancel: true, errorMessage: message },
      stderr: outcome.notice ? `${message}\nsvc: ${outcome.notice}` : message,
    };
  },
};
