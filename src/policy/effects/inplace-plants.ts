// Edits in place of a file that runs commands later, whose new text is only on the command line:
// `sed -i 's|pytest|curl ... \| sh; pytest|' tox.ini`, `perl -pi -e 's/.../.../' Makefile`,
// `yq -i '.tasks.b.cmds += ["curl ... | sh"]' Taskfile.yml`, `jq '.scripts.pretest = "..."'
// package.json > p && mv p package.json`. The file's reader cannot see the edit whole, so the
// command lines the edit can put there (the line's quoted strings, the replacement of an `s///`
// expression, the strings inside a yq/jq expression) are decided as the commands they are, when
// they look like one worth deciding (a fetch, a pipe into a shell, /dev/tcp: SHELL_LITERAL). Only
// a deny counts, as for other planted code.
import type { Effect } from './types.js';
import { fileKind } from './content.js';
import { SHELL_LITERAL } from './shell-literal.js';
import { startupKind } from './startup-plant.js';
import { keepsCommands } from './later-commands.js';
import { isSpecFile } from './container-commands.js';
import { isAgentNotes } from './agent-notes.js';

/** Programs that rewrite their file operands in place with these options. */
const IN_PLACE: [RegExp, RegExp][] = [
  [/^g?sed$/, /^-[a-zA-Z]*i|^--in-place/],
  [/^perl$|^ruby$/, /^-[a-zA-Z]*i/],
  [/^yq$/, /^-[a-zA-Z]*i|^--inplace/],
  [/^sd$|^dasel$|^toml$|^tomlq$/, /./],
];

function runsLater(path: string): boolean {
  return (
    fileKind(path) !== undefined ||
    startupKind(path) !== undefined ||
    keepsCommands(path) ||
    isSpecFile(path) ||
    isAgentNotes(path)
  );
}

/** The innermost texts an edit's arguments can put in a file: a quoted string, or the strings
 * quoted inside it (a yq/jq expression's values), or the replacements of a sed/perl script in it
 * (a pattern is what the edit takes out, not what it puts in). */
function leaves(text: string, depth = 0): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)) {
    const s = m[1] !== undefined ? m[1].replace(/\\(["\\$`])/g, '$1') : (m[2] ?? '');
    const inner = depth < 2 ? leaves(s, depth + 1) : [];
    const swapped = replacements(s);
    out.push(...(swapped.length ? swapped : inner.length ? inner : [s]));
  }
  return out;
}

/** The replacement of each `s<d>pattern<d>replacement<d>` expression in a sed/perl script. */
function replacements(script: string): string[] {
  const out: string[] = [];
  for (const m of script.matchAll(/(?:^|[;\s{])s([|/#,:@!])((?:\\.|(?!\1).)*)\1((?:\\.|(?!\1).)*)\1/g)) {
    const d = m[1] ?? '/';
    out.push((m[3] ?? '').split(`\\${d}`).join(d));
  }
  // sed's a/i/c commands after an address (`/steps:/a\ TEXT`, `$a TEXT`, `3i\`): the text they add
  for (const m of script.matchAll(/(?:(?:^|[/$\d;}])[aic]\\|[/$\d][aic]\s)\s*(.+)$/gm)) out.push(m[1] ?? '');
  return out;
}

/** The commands an edit in place of a runs-later file on this line can plant. */
export function inPlaceCommands(command: string, argvs: string[][], effects: Effect[]): Effect[] {
  const targets = new Set<string>();
  for (const argv of argvs) {
    const prog = (argv[0] ?? '').replace(/^.*\//, '');
    const entry = IN_PLACE.find(([p]) => p.test(prog));
    if (!entry || !argv.slice(1).some((a) => entry[1].test(a))) continue;
    for (const a of argv.slice(1)) if (!a.startsWith('-') && /[./]/.test(a) && runsLater(a)) targets.add(a);
  }
  // a file rewritten without its text being known (jq ... > tmp && mv tmp FILE, cp, sed -i)
  for (const e of effects) if (e.tool === 'write' && e.path && !e.content && runsLater(e.path)) targets.add(e.path);
  if (!targets.size) return [];
  const texts = leaves(command);
  const seen = new Set<string>();
  const out: Effect[] = [];
  const file = [...targets][0] ?? '';
  for (const t of texts) {
    const c = t.trim();
    if (!c || seen.has(c) || !SHELL_LITERAL.test(c)) continue;
    seen.add(c);
    out.push({ tool: 'exec', command: c, via: `edits ${file} in place, putting in a command`, onlyDeny: true });
  }
  return out.slice(0, 8);
}
