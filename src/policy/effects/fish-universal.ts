// fish universal variables: `set -U NAME VALUE` (or -Ux, --universal) is kept in
// ~/.config/fish/fish_variables and set in every fish session from then on, on this machine,
// the way a line in a start-up file would be (fish docs, "set": universal variables). So it is
// read as that line written to a fish start-up file: the start-up file reading judges it
// (`startup-write ... plain` for a PATH entry or an editor, code for NODE_OPTIONS that loads a
// module or a PATH entry in a temporary folder; policy startup-readings).
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const FISH_HINT = /\bset\s+(?:-\w*U|--universal)/;

/** Where the line is judged as written: a fish start-up file (fish_variables itself is not code). */
const AS_FILE = '~/.config/fish/conf.d/fish_variables.fish';

const quote = (w: string): string => (/^[\w@%+=:,./~$-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

export function fishUniversalEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const a = c.argv;
    if (a[0] !== 'set') continue;
    const flags = a.slice(1).filter((w) => w.startsWith('-'));
    if (!flags.some((f) => f === '--universal' || /^-[a-zA-Z]*U/.test(f))) continue;
    if (flags.some((f) => /^-[a-zA-Z]*e|^--erase$|^-[a-zA-Z]*q|^--query$/.test(f))) continue;
    const rest = a.slice(1).filter((w) => !w.startsWith('-'));
    if (!rest.length) continue;
    out.push({
      tool: 'write',
      path: AS_FILE,
      content: `set -gx ${rest.map(quote).join(' ')}\n`,
      append: true,
      via: `set -U keeps ${rest[0]} for every later fish session`,
    });
  }
}
