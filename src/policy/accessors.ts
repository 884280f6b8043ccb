// Where a tool call keeps its command, path, URL, domain and working directory (research 6).
// Params are read before the host's raw input; the first non-blank string wins. Two different
// values under aliases of one field, or a non-string value there, make the call ambiguous: the
// engine denies it rather than guess which one the tool will use.
import type { ToolCall } from './types.js';

/** Longest command/path/url/domain/agent/session/tool the engine will look at (research 3.3). */
export const MAX_INPUT_BYTES = 8192;

const EXEC_COMMAND = ['command', 'cmd', 'input'];
const PLAIN_COMMAND = ['command'];
const FILE_PATH = ['file_path', 'path', 'file', 'filepath', 'target'];
const PLAIN_PATH = ['file_path', 'path'];
const FETCH_URL = ['url', 'uri', 'href'];
const PLAIN_URL = ['url'];
const DOMAIN = ['domain'];
const WORKDIR = ['workdir', 'cwd'];

const PATH_TOOLS = new Set(['read', 'write', 'edit', 'mcp-destructive']);
const URL_TOOLS = new Set(['fetch', 'http', 'web_fetch', 'browser']);

export interface CallFields {
  command?: string;
  path?: string;
  url?: string;
  domain?: string;
  workdir?: string;
}

export class AmbiguousInputError extends Error {}

function pickFrom(src: Record<string, unknown> | undefined, keys: readonly string[], field: string, found: [string | undefined, string]): void {
  if (!src) return;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const v = src[k];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') throw new AmbiguousInputError(`ambiguous tool input: ${field} key "${k}" is not a string`);
    if (v.trim() === '') continue;
    if (found[0] === undefined) {
      found[0] = v;
      found[1] = k;
    } else if (v !== found[0]) {
      throw new AmbiguousInputError(`ambiguous tool input: "${found[1]}" and "${k}" give different ${field} values`);
    }
  }
}

function pick(call: ToolCall, keys: readonly string[], field: string): string | undefined {
  const found: [string | undefined, string] = [undefined, ''];
  pickFrom(call.params, keys, field, found);
  pickFrom(call.input, keys, field, found);
  return found[0];
}

function hostOf(url: string): string | undefined {
  try {
    const h = new URL(url).hostname;
    return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h || undefined;
  } catch {
    return undefined;
  }
}

/** Reads the fields of a call; throws AmbiguousInputError for conflicting or non-string aliases. */
export function readFields(call: ToolCall): CallFields {
  const tool = call.tool;
  const isExec = tool.toLowerCase() === 'exec';
  const command = pick(call, isExec ? EXEC_COMMAND : PLAIN_COMMAND, 'command');
  const path = pick(call, PATH_TOOLS.has(tool) ? FILE_PATH : PLAIN_PATH, 'path');
  const url = pick(call, URL_TOOLS.has(tool) ? FETCH_URL : PLAIN_URL, 'url');
  const explicitDomain = pick(call, DOMAIN, 'domain');
  const aliasWorkdir = pick(call, WORKDIR, 'workdir');
  const workdir = call.workdir && call.workdir.trim() ? call.workdir : aliasWorkdir;
  const domain = (url !== undefined ? hostOf(url) : undefined) ?? explicitDomain;
  return { command, path, url, domain, workdir };
}

/** The first field over the size limit, if any (the engine denies such calls). */
export function oversizedField(call: ToolCall, f: CallFields): string | undefined {
  if (tooLong(call.agent)) return 'agent';
  if (tooLong(call.session)) return 'session';
  if (tooLong(call.tool)) return 'tool';
  if (tooLong(f.command)) return 'command';
  if (tooLong(f.path)) return 'path';
  if (tooLong(f.url)) return 'url';
  if (tooLong(f.domain)) return 'domain';
  return undefined;
}

/** Over MAX_INPUT_BYTES in UTF-8 (cheap length check first: UTF-8 is at most 3 bytes per UTF-16 unit). */
export function tooLong(v: string | undefined): boolean {
  return v !== undefined && v.length * 3 > MAX_INPUT_BYTES && Buffer.byteLength(v) > MAX_INPUT_BYTES;
}

/** tool_param_matches reads the raw input map only; values are stringified like Go's %v. */
export function paramText(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}
