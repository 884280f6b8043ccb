// The pieces every host adapter's tool table is made of. A host names its tools its own way;
// each name maps to a Build that turns the tool's input into svc's targets (a command, a path,
// a URL, or the input as it is), and one lookup serves every host: its table first, then its
// MCP naming, and anything else becomes an `unknown` target that carries the host's tool name,
// so a tool svc has never heard of is still decided (and stopped by default) rather than skipped.
import type { HookCall, Phase, Target } from './types.js';
import {
  COMMAND_KEYS,
  execTarget,
  mcpTarget,
  pathTarget,
  responseText,
  target,
  urlTarget,
  type Obj,
} from './payload.js';

export type Build = (input: Obj, name: string) => Target[];

/** A shell tool; `keys` are the input fields that may hold the command. */
export const exec =
  (keys: readonly string[] = COMMAND_KEYS): Build =>
  (i, n) => [execTarget(i, n, keys)];

/** A file tool of svc's kind `tool`; `required` false for tools whose path is optional (a search in the cwd). */
export const path =
  (tool: string, required = true): Build =>
  (i, n) => [pathTarget(tool, i, n, required)];

/** A fetch; browsers and searches may come without a URL. */
export const url =
  (required = false): Build =>
  (i, n) => [urlTarget('fetch', i, n, required)];

/** The input as it is, decided as svc's kind `tool`. */
export const plain =
  (tool: string): Build =>
  (i) => [target(tool, i)];

/** The targets of one host tool call: the table (by `key`, the name as the table spells it), then MCP, else unknown. */
export function tableTargets(
  tools: Record<string, Build>,
  name: string,
  input: Obj,
  isMcp: (name: string) => boolean,
  key = name,
): Target[] {
  const build = Object.hasOwn(tools, key) ? tools[key] : undefined;
  if (build) return build(input, name);
  if (isMcp(name)) return [mcpTarget(name, input)];
  return [target('unknown', input, { tool_name: name })];
}

/** After the tool ran, the call carries what it returned (for the output checks). */
export function withResponse(call: HookCall, phase: Phase, response: unknown): HookCall {
  if (phase === 'post') {
    call.rawResponse = response;
    call.responseText = responseText(response);
  }
  return call;
}
