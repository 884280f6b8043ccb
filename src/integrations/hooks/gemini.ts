// Gemini CLI: BeforeTool / AfterTool hooks from ~/.gemini/settings.json. Allow is `{}`; deny,
// block and an unapproved ask are all `{decision: "deny", reason}`. Gemini has no tool call
// id and no native ask, so approvals go through the server's queue.
import type { HookCall, HostAdapter, Phase, Target } from './types.js';
import {
  PayloadError,
  execTarget,
  isObject,
  limitTargets,
  pickAlias,
  mcpTarget,
  optString,
  pathTarget,
  requireObject,
  requireString,
  target,
  targetsFor,
  responseText,
  urlsIn,
  PATH_KEYS,
  eventHead,
  type Obj,
} from './payload.js';

type Build = (input: Obj, name: string) => Target[];
const path =
  (tool: string, required = true): Build =>
  (i, n) => [pathTarget(tool, i, n, required)];
const plain =
  (tool: string): Build =>
  (i) => [target(tool, i)];

/** read_many_files: every listed path or include pattern is its own read. */
const readMany: Build = (i, n) => {
  const list = [...(Array.isArray(i.paths) ? i.paths : []), ...(Array.isArray(i.include) ? i.include : [])];
  if (list.length === 0) throw new PayloadError(`${n}: no paths to read`);
  if (!list.every((p) => typeof p === 'string' && p !== '')) throw new PayloadError(`${n}: paths must be strings`);
  return limitTargets(
    list.map((p) => target('read', i, { path: p as string })),
    n,
  );
};

/** web_fetch takes a prompt that mentions URLs; each one is a fetch. */
const webFetch: Build = (i, n) => {
  const prompt = optString(i, 'prompt') ?? '';
  const urls = typeof i.url === 'string' ? [i.url] : urlsIn(prompt);
  if (urls.length === 0) return [target('fetch', i)];
  return limitTargets(
    urls.map((u) => target('fetch', i, { url: u })),
    n,
  );
};

const dirPath: Build = (i, n) => {
  const path = pickAlias(i, [...PATH_KEYS, 'dir_path'], 'path', false, n);
  return [target('read', i, path === undefined ? {} : { path })];
};

const TOOLS: Record<string, Build> = {
  run_shell_command: (i, n) => [execTarget(i, n)],
  shell: (i, n) => [execTarget(i, n)],
  read_file: path('read'),
  read_many_files: readMany,
  glob: dirPath,
  grep_search: dirPath,
  search_file_content: dirPath,
  list_directory: dirPath,
  write_file: path('write'),
  replace: path('edit'),
  edit: path('edit'),
  web_fetch: webFetch,
  google_web_search: plain('fetch'),
  save_memory: plain('memory'),
  delegate_to_agent: plain('agent'),
  write_todos: plain('process'),
};

export function geminiTargets(name: string, input: Obj): Target[] {
  const build = TOOLS[name];
  if (build) return build(input, name);
  if (name.startsWith('mcp_') || name.includes('__')) return [mcpTarget(name, input)];
  return [target('unknown', input, { tool_name: name })];
}

const EVENTS: Record<string, Phase> = { BeforeTool: 'pre', AfterTool: 'post' };

export const gemini: HostAdapter = {
  host: 'gemini',
  conversationEnv: [],
  nativeAsk: false,
  // The installed hook timeout is 330000 ms.
  maxApprovalWaitMs: 300_000,

  phaseOf(payload) {
    return isObject(payload) && payload.hook_event_name === 'AfterTool' ? 'post' : 'pre';
  },

  parse(payload): HookCall {
    const { p, event, phase, name } = eventHead(payload, EVENTS);
    const input = p.tool_input === undefined ? {} : requireObject(p.tool_input, 'tool_input');
    const call: HookCall = {
      phase,
      event,
      hostTool: name,
      targets: targetsFor(phase, () => geminiTargets(name, input), input, name),
      input,
      cwd: optString(p, 'cwd'),
      sessionId: optString(p, 'session_id'),
    };
    if (phase === 'post') {
      call.rawResponse = p.tool_response;
      call.responseText = responseText(p.tool_response);
    }
    return call;
  },

  render(_phase, outcome) {
    // systemMessage is the line Gemini CLI shows the user; no decision leaves its own flow in charge.
    const note: Obj = outcome.notice ? { systemMessage: `svc: ${outcome.notice}` } : {};
    if (outcome.kind === 'allow' || outcome.kind === 'defer') return { json: { ...note } };
    const reason = outcome.kind === 'ask' ? `approval required: ${outcome.reason}` : outcome.reason;
    return { json: { decision: 'deny', reason: `svc: ${reason}`, ...note } };
  },
};
