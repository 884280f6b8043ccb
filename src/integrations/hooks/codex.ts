// Codex (CLI, IDE, desktop): PreToolUse / PostToolUse hooks from ~/.codex/hooks.json.
// Allow is `{}` so Codex's own sandbox stays in charge; Codex has no ask, so approvals go
// through the server's queue and the hook waits for them.
import type { HookCall, HostAdapter, Phase, Target } from './types.js';
import {
  PayloadError,
  commandText,
  isObject,
  optString,
  patchTargets,
  targetsFor,
  eventHead,
  type Obj,
} from './payload.js';
import { exec, path, plain, tableTargets, url, withResponse, type Build } from './tool-table.js';
import { table } from '../../util/lookup-table.js';

// A bare string or argv as tool_input arrives wrapped as `input`.
const shell = exec(['command', 'cmd', 'input']);

/** apply_patch carries its envelope as `input`, `patch`, or argv `["apply_patch", PATCH]` (moved to `argv`). */
const applyPatch: Build = (i, n) => {
  let text = optString(i, 'input', 'patch');
  const argv = Array.isArray(i.argv) ? i.argv : i.command;
  if (text === undefined && Array.isArray(argv) && argv.length === 2 && typeof argv[1] === 'string') text = argv[1];
  if (text === undefined) throw new PayloadError(`${n}: missing patch text`);
  return patchTargets(text, n);
};

/** Keyed by the lower-cased tool name: Codex spells some tools differently across surfaces. */
const TOOLS: Record<string, Build> = table({
  bash: shell,
  shell: shell,
  shell_command: shell,
  exec_command: shell,
  local_shell: shell,
  'container.exec': shell,
  code_execution: shell,
  apply_patch: applyPatch,
  edit: path('edit'),
  write: path('write'),
  write_file: path('write'),
  read: path('read'),
  view: path('read'),
  read_file: path('read'),
  view_image: path('read'),
  list_dir: path('read', false),
  grep_files: path('read', false),
  webfetch: url(true),
  web_fetch: url(true),
  browser: url(),
  browser_navigate: url(true),
  web_search: plain('fetch'),
  spawn_agent: plain('agent'),
  agent: plain('agent'),
  update_plan: plain('process'),
});

export function codexTargets(name: string, input: Obj): Target[] {
  return tableTargets(TOOLS, name, input, (n) => n.toLowerCase().startsWith('mcp__'), name.toLowerCase());
}

const EVENTS: Record<string, Phase> = table({ PreToolUse: 'pre', PostToolUse: 'post' });

export const codex: HostAdapter = {
  host: 'codex',
  conversationEnv: [],
  nativeAsk: false,
  // The installed hook timeout is 330 s; stop waiting well before Codex gives up on us.
  maxApprovalWaitMs: 300_000,

  phaseOf(payload) {
    return isObject(payload) && payload.hook_event_name === 'PostToolUse' ? 'post' : 'pre';
  },

  parse(payload): HookCall {
    const { p, event, phase, name } = eventHead(payload, EVENTS);
    // Codex sends some tools' input as a bare string or list; keep it under `input`.
    let input: Obj = p.tool_input === undefined ? {} : isObject(p.tool_input) ? p.tool_input : { input: p.tool_input };
    // Shell tools take argv; policies and the server read `command` as one string, so the
    // argv moves to `argv` and `command` holds what the shell runs.
    if (Array.isArray(input.command)) {
      try {
        input = { ...input, command: commandText(input.command, name), argv: input.command };
      } catch (err) {
        if (phase === 'pre') throw err;
      }
    }
    const call: HookCall = {
      phase,
      event,
      hostTool: name,
      targets: targetsFor(phase, () => codexTargets(name, input), input, name),
      input,
      cwd: optString(p, 'cwd'),
      sessionId: optString(p, 'session_id'),
      toolCallId: optString(p, 'tool_use_id'),
    };
    return withResponse(call, phase, p.tool_response);
  },

  render(phase, outcome) {
    // systemMessage is the line Codex shows the user.
    const note: Obj = outcome.notice ? { systemMessage: `svc: ${outcome.notice}` } : {};
    // Codex has no ask: no decision leaves Codex's own sandbox and approval policy in charge.
    if (outcome.kind === 'allow' || outcome.kind === 'defer') return { json: { ...note } };
    if (phase === 'pre') {
      const reason = outcome.kind === 'ask' ? `approval required: ${outcome.reason}` : outcome.reason;
      return {
        json: {
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: `svc: ${reason}`,
          },
          ...note,
        },
      };
    }
    if (outcome.kind === 'ask') return { json: { ...note } };
    return { json: { decision: 'block', reason: `svc: ${outcome.reason}`, ...note } };
  },
};
