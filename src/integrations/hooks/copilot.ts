// GitHub Copilot (CLI and VS Code): PreToolUse / PostToolUse. The replies carry the fields
// both hosts read: top-level permissionDecision for the CLI and hookSpecificOutput for VS
// Code. Ask is Copilot's own prompt. Tool names vary across surfaces, so they are matched
// loosely (case, separators) and then by keyword.
import type { HookCall, HostAdapter, Phase, Target } from './types.js';
import {
  PayloadError,
  execTarget,
  isObject,
  mcpTarget,
  optString,
  pathTarget,
  requireObject,
  target,
  targetsFor,
  urlTarget,
  responseText,
  type Obj,
} from './payload.js';
import { table } from '../../util/lookup-table.js';

type Kind = 'exec' | 'read' | 'write' | 'edit' | 'fetch' | 'agent' | 'process' | 'interact';

const EXACT: Record<string, Kind> = table({
  bash: 'exec',
  powershell: 'exec',
  shell: 'exec',
  runterminalcommand: 'exec',
  runinterminal: 'exec',
  terminal: 'exec',
  read: 'read',
  view: 'read',
  readfile: 'read',
  grep: 'read',
  rg: 'read',
  glob: 'read',
  listdirectory: 'read',
  listdir: 'read',
  filesearch: 'read',
  textsearch: 'read',
  usages: 'read',
  codebase: 'read',
  search: 'read',
  write: 'write',
  create: 'write',
  createfile: 'write',
  deletefile: 'write',
  movefile: 'write',
  renamefile: 'write',
  edit: 'edit',
  editfiles: 'edit',
  applypatch: 'edit',
  replacestringinfile: 'edit',
  insertedit: 'edit',
  notebookedit: 'edit',
  webfetch: 'fetch',
  websearch: 'fetch',
  fetch: 'fetch',
  browser: 'fetch',
  openurl: 'fetch',
  openbrowserpage: 'fetch',
  task: 'agent',
  agent: 'agent',
  subagent: 'agent',
  delegate: 'agent',
  runsubagent: 'agent',
  todowrite: 'process',
  runtask: 'process',
  todos: 'process',
  askuser: 'interact',
  exitplanmode: 'interact',
  enterplanmode: 'interact',
});

/** Keyword fallbacks, strictest first. */
const KEYWORDS: Array<[RegExp, Kind]> = [
  [/terminal|shell|command$/, 'exec'],
  [/create|write|delete|patch/, 'write'],
  [/edit|replace/, 'edit'],
  [/read|view|search|grep|glob|list/, 'read'],
  [/fetch|browser|web/, 'fetch'],
  [/agent|delegate/, 'agent'],
];

export function copilotKind(name: string): Kind | 'mcp' | undefined {
  const key = name.toLowerCase().replace(/[_\-./\s]/g, '');
  if (EXACT[key]) return EXACT[key];
  if (key.includes('mcp')) return 'mcp';
  return KEYWORDS.find(([re]) => re.test(key))?.[1];
}

export function copilotTargets(name: string, input: Obj): Target[] {
  const kind = copilotKind(name);
  switch (kind) {
    case 'mcp':
      return [mcpTarget(name, input)];
    case 'exec':
      return [execTarget(input, name)];
    case 'read':
      return [pathTarget('read', input, name, false)];
    case 'write':
    case 'edit':
      return [pathTarget(kind, input, name, false)];
    case 'fetch':
      return [urlTarget('fetch', input, name, false)];
    case undefined:
      return [target('unknown', input, { tool_name: name })];
    default:
      return [target(kind, input)];
  }
}

/** toolArgs arrives as a JSON string from the CLI and as an object from VS Code. */
function toolInput(p: Obj): Obj {
  const raw = p.tool_input ?? p.toolArgs;
  if (raw === undefined) return {};
  if (typeof raw === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new PayloadError('toolArgs is not valid JSON');
    }
    return requireObject(parsed, 'toolArgs');
  }
  return requireObject(raw, 'tool_input');
}

const EVENTS: Record<string, Phase> = table({
  PreToolUse: 'pre',
  preToolUse: 'pre',
  PostToolUse: 'post',
  postToolUse: 'post',
});

export const copilot: HostAdapter = {
  host: 'copilot',
  conversationEnv: [],
  nativeAsk: true,
  maxApprovalWaitMs: 0,

  phaseOf(payload) {
    const ev = isObject(payload) ? payload.hook_event_name : undefined;
    return typeof ev === 'string' && /^post/i.test(ev) ? 'post' : 'pre';
  },

  parse(payload): HookCall {
    const p = requireObject(payload, 'hook payload');
    const event = optString(p, 'hook_event_name') ?? '';
    const phase = EVENTS[event];
    if (!phase) throw new PayloadError(`unsupported hook_event_name "${event}"`);
    const name = optString(p, 'tool_name', 'toolName');
    if (!name) throw new PayloadError('payload field tool_name must be a non-empty string');
    const input = toolInput(p);
    const call: HookCall = {
      phase,
      event,
      hostTool: name,
      targets: targetsFor(phase, () => copilotTargets(name, input), input, name),
      input,
      cwd: optString(p, 'cwd'),
      sessionId: optString(p, 'session_id', 'sessionId'),
      toolCallId: optString(p, 'tool_use_id', 'toolUseId', 'toolCallId'),
    };
    if (phase === 'post') {
      call.rawResponse = p.tool_response ?? p.tool_result ?? p.toolResult;
      call.responseText = responseText(call.rawResponse);
    }
    return call;
  },

  render(phase, outcome) {
    // systemMessage is the line VS Code shows the user; the CLI shows the decision's reason.
    const note: Obj = outcome.notice ? { systemMessage: `svc: ${outcome.notice}` } : {};
    if (outcome.kind === 'allow') return { json: { ...note } };
    if (phase === 'pre') {
      // No decision of our own becomes Copilot's own prompt: an explicit ask.
      const decision = outcome.kind === 'ask' || outcome.kind === 'defer' ? 'ask' : 'deny';
      const reason = `svc: ${outcome.reason}`;
      return {
        json: {
          permissionDecision: decision,
          permissionDecisionReason: reason,
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: decision,
            permissionDecisionReason: reason,
          },
          ...note,
        },
      };
    }
    if (outcome.kind !== 'block' && outcome.kind !== 'deny') return { json: { ...note } };
    const reason = `svc: ${outcome.reason}`;
    const marker = outcome.kind === 'block' ? outcome.replacement : reason;
    return {
      json: {
        decision: 'block',
        reason,
        modifiedResult: { resultType: 'success', textResultForLlm: marker },
        additionalContext: reason,
        hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: reason },
        ...note,
      },
    };
  },
};
