// Helpers for reading host payloads strictly (pre phase: security fields must be unambiguous)
// and tool output tolerantly (post phase: keep scanning when hosts change their schemas).
import type { Target } from './types.js';
import { mcpClass, mcpToolPart } from '../mcp-class.js';
import { SvcError, type SvcErrorOptions } from '../../util/errors.js';

/** Calls with more targets than this (patch files, multi-file reads) are refused outright. */
export const MAX_TARGETS = 100;
/** Bounds the walk over a tool's output so a hostile structure cannot stall the hook. */
const MAX_LEAVES = 100_000;
const MAX_DEPTH = 64;
/** Keys whose text leads the response text, in this order; the rest follow sorted. */
const FIRST_KEYS = ['stdout', 'stderr', 'content', 'output'];

export type Obj = Record<string, unknown>;

/** The payload cannot be evaluated: the pre phase denies, the post phase blocks. */
export class PayloadError extends SvcError {
  override name = 'PayloadError';
  constructor(message: string, options?: SvcErrorOptions) {
    super('payload_invalid', message, options);
  }
}

export function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function requireObject(v: unknown, what: string): Obj {
  if (!isObject(v)) throw new PayloadError(`${what} must be a JSON object`);
  return v;
}

export function optString(o: Obj, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
}

export function requireString(o: Obj, key: string, what = key): string {
  const v = o[key];
  if (typeof v !== 'string' || v === '') throw new PayloadError(`payload field ${what} must be a non-empty string`);
  return v;
}

/**
 * The one value behind several spellings of a field (file_path/path/...). Two different values
 * are refused: the policy would see one and the tool might use the other.
 */
export function pickAlias(
  o: Obj,
  keys: readonly string[],
  field: string,
  required: boolean,
  hostTool: string,
): string | undefined {
  let found: string | undefined;
  for (const k of keys) {
    const v = o[k];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string') throw new PayloadError(`${hostTool}: ${k} must be a string`);
    if (found !== undefined && v !== found) throw new PayloadError(`${hostTool}: conflicting ${field} fields`);
    found = v;
  }
  if (required && found === undefined) throw new PayloadError(`${hostTool}: missing ${field} (${keys.join(' or ')})`);
  return found;
}

/** A target whose params are the tool input plus the canonical field the policy reads. */
export function target(tool: string, input: Obj, extra: Obj = {}): Target {
  return { tool, params: { ...input, ...extra } };
}

export const PATH_KEYS = ['file_path', 'path', 'filePath', 'absolute_path', 'notebook_path', 'target_file'] as const;
export const URL_KEYS = ['url', 'uri', 'href'] as const;
export const COMMAND_KEYS = ['command', 'cmd'] as const;

export function pathTarget(tool: string, input: Obj, hostTool: string, required = true): Target {
  const path = pickAlias(input, PATH_KEYS, 'path', required, hostTool);
  return target(tool, input, path === undefined ? {} : { path });
}

export function urlTarget(tool: string, input: Obj, hostTool: string, required = true): Target {
  const url = pickAlias(input, URL_KEYS, 'url', required, hostTool);
  return target(tool, input, url === undefined ? {} : { url });
}

/** Shell quoting for argv arrays, so the policy sees the command a shell would run. */
export function shellJoin(argv: string[]): string {
  return argv.map((a) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

const SHELLS = /^(?:\/(?:usr\/)?bin\/)?(?:ba|z|da|k)?sh$/;

/** A command given as a string or an argv array; `bash -lc SCRIPT` reads as SCRIPT. */
export function commandText(v: unknown, hostTool: string): string {
  if (typeof v === 'string' && v.trim() !== '') return v;
  if (Array.isArray(v) && v.length > 0 && v.every((a) => typeof a === 'string')) {
    const argv = v as string[];
    const [shell, flag, script] = argv;
    if (argv.length === 3 && script !== undefined && SHELLS.test(shell ?? '') && /^-[a-z]*c$/.test(flag ?? ''))
      return script;
    return shellJoin(argv);
  }
  throw new PayloadError(`${hostTool}: command must be a non-empty string or list of strings`);
}

export function execTarget(input: Obj, hostTool: string, keys: readonly string[] = COMMAND_KEYS): Target {
  const present = keys.filter((k) => input[k] !== undefined && input[k] !== null && input[k] !== '');
  const texts = [...new Set(present.map((k) => commandText(input[k], hostTool)))];
  if (texts.length === 0) throw new PayloadError(`${hostTool}: missing command`);
  if (texts.length > 1) throw new PayloadError(`${hostTool}: conflicting command fields`);
  return target('exec', input, { command: texts[0] });
}

export function mcpTarget(hostTool: string, input: Obj): Target {
  const tool = mcpToolPart(hostTool);
  return target(mcpClass(tool), input, { tool_name: tool, mcp_tool: hostTool });
}

/** Files named by an apply_patch envelope (Add/Update/Delete File, Move to). */
export function patchTargets(patch: string, hostTool: string): Target[] {
  const out: Target[] = [];
  for (const line of patch.split(/\r?\n/)) {
    const [, op, path] = /^\*\*\* (Add File|Update File|Delete File|Move to): (.+?)\s*$/.exec(line) ?? [];
    if (!op || !path) continue;
    const tool = op === 'Update File' ? 'edit' : 'write';
    out.push({ tool, params: { path, operation: op.toLowerCase().replace(' file', ''), patch } });
  }
  if (out.length === 0) throw new PayloadError(`${hostTool}: the patch names no files`);
  return limitTargets(out, hostTool);
}

export function limitTargets(targets: Target[], hostTool: string): Target[] {
  if (targets.length > MAX_TARGETS)
    throw new PayloadError(`${hostTool}: ${targets.length} targets in one call (limit ${MAX_TARGETS}); split it`);
  return targets;
}

/**
 * Every string leaf of a tool's output, joined by newlines: stdout, stderr, content and output
 * first, then the other keys in sorted order, so the same output always reads the same.
 */
export function responseText(value: unknown): string {
  const parts: string[] = [];
  let leaves = 0;
  const walk = (v: unknown, depth: number): void => {
    if (leaves >= MAX_LEAVES || depth > MAX_DEPTH) return;
    if (typeof v === 'string') {
      leaves++;
      if (v !== '') parts.push(v);
    } else if (Array.isArray(v)) {
      for (const item of v) walk(item, depth + 1);
    } else if (isObject(v)) {
      const keys = Object.keys(v);
      const first = FIRST_KEYS.filter((k) => k in v);
      const rest = keys.filter((k) => !FIRST_KEYS.includes(k)).sort();
      for (const k of [...first, ...rest]) walk(v[k], depth + 1);
    } else if (typeof v === 'number' || typeof v === 'boolean') {
      leaves++;
    }
  };
  walk(value, 0);
  return parts.join('\n');
}

/** The same structure with every string replaced, so hosts that validate the shape accept it. */
export function redactedCopy(value: unknown, marker: string, depth = 0): unknown {
  if (typeof value === 'string') return marker;
  if (depth > MAX_DEPTH) return marker;
  if (Array.isArray(value)) return value.map((v) => redactedCopy(v, marker, depth + 1));
  if (isObject(value)) {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactedCopy(v, marker, depth + 1);
    return out;
  }
  return value;
}

/** http(s) URLs mentioned in free text (Gemini's web_fetch takes a prompt, not a URL). */
export function urlsIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>`]+/g) ?? [])];
}

/** Post phase: the output is scanned even when the input no longer parses strictly. */
export function tolerant(build: () => Target[], input: Obj, name: string): Target[] {
  try {
    return build();
  } catch (err) {
    if (!(err instanceof PayloadError)) throw err;
    return [target('unknown', input, { tool_name: name })];
  }
}

/** Strict before the call, tolerant after it. */
export function targetsFor(phase: 'pre' | 'post', build: () => Target[], input: Obj, name: string): Target[] {
  return phase === 'pre' ? build() : tolerant(build, input, name);
}

/**
 * The head every hook payload with `hook_event_name` and `tool_name` shares: the object, its
 * event mapped to a phase (unknown events are refused), and the host's tool name.
 */
export function eventHead(
  payload: unknown,
  events: Record<string, 'pre' | 'post'>,
): { p: Obj; event: string; phase: 'pre' | 'post'; name: string } {
  const p = requireObject(payload, 'hook payload');
  const event = requireString(p, 'hook_event_name');
  const phase = events[event];
  if (!phase) throw new PayloadError(`unsupported hook_event_name "${event}"`);
  return { p, event, phase, name: requireString(p, 'tool_name') };
}
