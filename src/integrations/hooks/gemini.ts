// Gemini CLI: BeforeTool / AfterTool hooks from ~/.gemini/settings.json. Allow is `{}`; deny,
// block and an unapproved ask are all `{decision: "deny", reason}`. Gemini has no tool call
// id and no native ask, so approvals go through the server's queue.
import type { HookCall, HostAdapter, Phase, Target } from './types.js';
import {
  PayloadError,
  isObject,
  limitTargets,
  pickAlias,
  optString,
  requireObject,
  target,
  targetsFor,
  urlsIn,
  PATH_KEYS,
  eventHead,
  type Obj,
} from './payload.js';
import { exec, path, plain, tableTargets, withResponse, type Build } from './tool-table.js';
import { table } from '../../util/lookup-table.js';

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

const TOOLS: Record<string, Build> = table({
  run_shell_command: exec(),
  shell: exec(),
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
});

export function geminiTargets(name: string, input: Obj): Target[] {
  return tableTargets(TOOLS, name, input, (n) => n.startsWith('mcp_') || n.includes('__'));
}

const EVENTS: Record<string, Phase> = table({ BeforeTool: 'pre', AfterTool: 'post' });

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
    return withResponse(call, phase, p.tool_response);
  },

  render(_phase, outcome) {
    // systemMessage is the line Gemini CLI shows the user; no decision leaves its own flow in charge.
    const note: Obj = outcome.notice ? { systemMessage: `svc: ${outcome.notice}` } : {};
    if (outcome.kind === 'allow' || outcome.kind === 'defer') return { json: { ...note } };
    const reason = outcome.kind === 'ask' ? `approval required: ${outcome.reason}` : outcome.reason;
    return { json: { decision: 'deny', reason: `svc: ${reason}`, ...note } };
  },
};
