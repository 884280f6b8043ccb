// Variables read by a name held in another variable (bash's indirect expansion `${!name}`).
// `v=AWS_SECRET_ACCESS_KEY; echo ${!v}` prints the secret without naming it where it is
// printed, and `for v in $(compgen -e); do echo "$v=${!v}"; done` prints every variable, as
// `env` does. The reading puts the name back: the first is decided as the line with `${!v}`
// replaced by `${AWS_SECRET_ACCESS_KEY}`, the second as the environment dump it is.
// zsh spells the same with the (P) flag over its `parameters` map (`for k in ${(k)parameters};
// do print "$k=${(P)k}"; done`), and `${(kv)parameters}` is every name with its value at once.
// (bash(1): "Parameter Expansion", indirect expansion; "compgen -e/-v/-A variable";
// zshexpn(1) "Parameter Expansion Flags" P; zshmodules(1) zsh/parameter, parameters.)
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

/** The path the environment-dump rules name (as interp/line.ts reads `env`). */
const ENVIRONMENT_PATH = '/proc/self/environ';

/** The gate: an indirect expansion somewhere in the line. */
export const INDIRECT_HINT = /\$\{!|\$\{\([a-zA-Z@]*[Pv]|\)parameters[}[]/;

/** `${!name}`, not `${!prefix*}` / `${!prefix@}` (which list names) nor `${!arr[@]}` (keys). */
const INDIRECT = /\$\{(?:!|\([a-zA-Z@]*P[a-zA-Z@]*\))([A-Za-z_]\w*)\}/g;
/** zsh's map of every parameter expanded with its values (`${(kv)parameters}`, `${(v)parameters}`), or of
 * those whose names match a subscript pattern (`${(kv)parameters[(I)*TOKEN*]}`, zshparam(1) subscript flag I). */
const ALL_VALUES = /\$\{\([a-zA-Z@]*v[a-zA-Z@]*\)parameters(?:\[[^\]]*\])?\}/;
/** Where a list of every variable's name comes from. */
const NAME_SOURCES =
  /\bcompgen\s+(?:-[a-zA-Z]*[ev][a-zA-Z]*\b|-A\s*(?:export|variable)\b)|\$\{!\w*[@*]\}|\b(?:env|printenv|export\s+-p|declare\s+-[a-z]*x[a-z]*|set)\s*(?:-0\s*)?\|\s*(?:cut|awk|sed|grep|tr)\b|\/proc\/(?:self|\$\$|\d+)\/environ|\$\{\([a-zA-Z@]*k[a-zA-Z@]*\)parameters(?:\[[^\]]*\])?\}/;

function literalAssignment(text: string, name: string): string | undefined {
  const re = new RegExp(`(?:^|[;&|\\s(])${name}=(['"]?)([A-Za-z_]\\w*)\\1(?=[;\\s&|)]|$)`, 'g');
  const values = new Set<string>();
  for (const m of text.matchAll(re)) values.add(m[2] ?? '');
  return values.size === 1 ? [...values][0] : undefined;
}

export function indirectEffects(line: LineFacts, out: Effect[]): void {
  const text = line.text;
  let replaced = text;
  let walked = false;
  for (const m of text.matchAll(INDIRECT)) {
    const name = m[1] ?? '';
    const target = literalAssignment(text, name);
    if (target) replaced = replaced.split(m[0]).join('${' + target + '}');
    else if (NAME_SOURCES.test(text)) walked = true;
  }
  if (replaced !== text)
    out.push({ tool: 'exec', command: replaced, via: 'reads a variable by a name held in another (${!name})' });
  if (ALL_VALUES.test(text)) walked = true;
  if (walked)
    out.push({
      tool: 'read',
      path: ENVIRONMENT_PATH,
      via: 'prints every environment variable with its value (${!name} or zsh ${(P)name} over the list of names, or zsh ${(kv)parameters})',
    });
}
