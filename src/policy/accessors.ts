// Where a tool call keeps its command, path, URL, domain and working directory (docs/policy.md).
// Params are read before the host's raw input; the first non-blank string wins. Two different
// values under aliases of one field, or a non-string value there, make the call ambiguous: the
// engine denies it rather than guess which one the tool will use.
import type { ToolCall } from './types.js';
import { SvcError, type SvcErrorOptions } from '../util/errors.js';

/** Longest command/path/url/domain/agent/session/tool the engine will look at (docs/policy.md). */
export const MAX_INPUT_BYTES = 8192;
/** Longest command: the kernel's argument limit (ARG_MAX), so any command a shell can be given is read. */
export const MAX_COMMAND_BYTES = 2 * 1024 * 1024;

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

export class AmbiguousInputError extends SvcError {
  override name = 'AmbiguousInputError';
  constructor(message: string, options?: SvcErrorOptions) {
    super('ambiguous_input', message, options);
  }
}

type Field = 'command' | 'path' | 'url' | 'domain' | 'workdir';

function aliasMap(command: readonly string[], path: readonly string[], url: readonly string[]): Map<string, Field> {
  const m = new Map<string, Field>();
  for (const k of command) m.set(k, 'command');
  for (const k of path) m.set(k, 'path');
  for (const k of url) m.set(k, 'url');
  for (const k of DOMAIN) m.set(k, 'domain');
  for (const k of WORKDIR) m.set(k, 'workdir');
  return m;
}

// One key -> field table per tool family, so a call's keys are read in one pass.
const EXEC_KEYS = aliasMap(EXEC_COMMAND, PLAIN_PATH, PLAIN_URL);
const PATH_KEYS = aliasMap(PLAIN_COMMAND, FILE_PATH, PLAIN_URL);
const URL_KEYS = aliasMap(PLAIN_COMMAND, PLAIN_PATH, FETCH_URL);
const OTHER_KEYS = aliasMap(PLAIN_COMMAND, PLAIN_PATH, PLAIN_URL);

function keysFor(tool: string): Map<string, Field> {
  if (tool === 'exec' || tool.toLowerCase() === 'exec') return EXEC_KEYS;
  if (PATH_TOOLS.has(tool)) return PATH_KEYS;
  if (URL_TOOLS.has(tool)) return URL_KEYS;
  return OTHER_KEYS;
}

interface Found {
  fields: CallFields;
  keys: Partial<Record<Field, string>>;
}

function scan(src: Record<string, unknown> | undefined, map: Map<string, Field>, found: Found): void {
  if (!src) return;
  for (const k in src) {
    const field = map.get(k);
    if (field === undefined) continue;
    const v = src[k];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string')
      throw new AmbiguousInputError(`ambiguous tool input: ${field} key "${k}" is not a string`);
    if (v.trim() === '') continue;
    const prev = found.fields[field];
    if (prev === undefined) {
      found.fields[field] = v;
      found.keys[field] = k;
    } else if (prev !== v) {
      throw new AmbiguousInputError(
        `ambiguous tool input: "${found.keys[field]}" and "${k}" give different ${field} values`,
      );
    }
  }
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
  const map = keysFor(call.tool);
  const found: Found = { fields: {}, keys: {} };
  scan(call.params, map, found);
  scan(call.input, map, found);
  const f = found.fields;
  if (call.workdir && call.workdir.trim()) f.workdir = call.workdir;
  if (f.url !== undefined) {
    const host = hostOf(f.url);
    if (host !== undefined) f.domain = host;
  }
  return f;
}

/** The first field over the size limit, if any (the engine denies such calls). */
export function oversizedField(call: ToolCall, f: CallFields): string | undefined {
  if (tooLong(call.agent)) return 'agent';
  if (tooLong(call.session)) return 'session';
  if (tooLong(call.tool)) return 'tool';
  if (tooLong(f.command, MAX_COMMAND_BYTES)) return 'command';
  if (tooLong(f.path)) return 'path';
  if (tooLong(f.url)) return 'url';
  if (tooLong(f.domain)) return 'domain';
  return undefined;
}

/** Over MAX_INPUT_BYTES in UTF-8 (cheap length check first: UTF-8 is at most 3 bytes per UTF-16 unit). */
export function tooLong(v: string | undefined, max = MAX_INPUT_BYTES): boolean {
  return v !== undefined && v.length * 3 > max && Buffer.byteLength(v) > max;
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

/** The params a bare argument stands for, by tool class: a path, a URL, else a command. */
export function paramsFor(tool: string, arg: string): Record<string, unknown> {
  if (PATH_TOOLS.has(tool)) return { path: arg };
  if (URL_TOOLS.has(tool)) return { url: arg };
  return { command: arg };
}
