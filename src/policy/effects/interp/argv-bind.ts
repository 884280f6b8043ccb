// Arguments given after an interpreter's inline code are values the code reads
// (`python3 -c "import shutil,sys; shutil.rmtree(sys.argv[1])" ~`): each `sys.argv[N]`,
// `process.argv[N]`, `Deno.args[N]`, `ARGV[N]`, `$ARGV[N]`, `$argv[N]` is replaced by the literal
// the shell passes there, and the code is read again with those values in place.
import type { Effect } from '../types.js';
import type { SimpleCommand } from '../walk.js';
import { basename } from '../../shell-wrappers.js';
import { languageOfProgram } from './languages.js';
import { analyzeCode } from './code.js';
import { table } from '../../../util/lookup-table.js';

/** How each language spells the argument vector, and the index of the first argument after the code. */
const ARGV: Record<string, { re: RegExp; first: number }[]> = table({
  python: [{ re: /\bsys\.argv\[\s*(\d+)\s*\]/g, first: 1 }],
  node: [
    { re: /\bprocess\.argv\[\s*(\d+)\s*\]/g, first: 1 },
    { re: /\bDeno\.args\[\s*(\d+)\s*\]/g, first: 0 },
  ],
  ruby: [{ re: /\bARGV\[\s*(\d+)\s*\]/g, first: 0 }],
  perl: [{ re: /\$ARGV\[\s*(\d+)\s*\]/g, first: 0 }],
  php: [{ re: /\$argv\[\s*(\d+)\s*\]/g, first: 1 }],
});

/** The effects of inline code with its argument vector bound to the literals after it; empty when it reads none. */
export function argvBoundEffects(c: SimpleCommand): Effect[] {
  const name = basename(c.argv[0] ?? '');
  const lang = languageOfProgram(name);
  const specs = lang ? ARGV[lang.name] : undefined;
  if (!lang || !specs) return [];
  const i = c.argv.findIndex((w, k) => k > 0 && lang.inline.includes(w));
  const code = i > 0 ? c.argv[i + 1] : undefined;
  if (code === undefined || !/argv|ARGV|args\[/.test(code)) return [];
  const args = c.argv.slice(i + 2);
  if (!args.length) return [];
  let bound = code;
  for (const s of specs)
    bound = bound.replace(s.re, (m, n: string) => {
      const v = args[Number(n) - s.first];
      return v === undefined || v.includes('$') || v.includes('`') ? m : JSON.stringify(v);
    });
  if (bound === code) return [];
  return analyzeCode(lang, bound, `${name} ${c.argv[i]} (with its arguments)`);
}
