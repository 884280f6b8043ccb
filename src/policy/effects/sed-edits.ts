// An in-place substitution of a file (`sed -i 's/OLD/NEW/' FILE`, `sed -i '/RE/d' FILE`,
// `perl -pi -e 's/OLD/NEW/' FILE`) is the same change as an edit call replacing OLD with NEW:
// a dependency moved to another publisher's namespace, a registry scope binding deleted, a
// checksum or signature check deleted from a script. The pair is read by those edit readings
// (coordinate-swaps.ts, scope-removals.ts, verify-removals.ts), so each spelling of the
// change is decided alike (hosts named in a substitution are read by derive.ts's in-place sources). OLD and NEW are the script's texts with sed's escapes
// taken out (`\.` is `.`), quoted as the fragment of a manifest they stand for. Other sed
// commands (y, a, i, c) and patterns with regex syntax beyond escapes are not read.
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';
import { coordinateSwapEffects } from './coordinate-swaps.js';
import { scopeRemovalEffects } from './scope-removals.js';
import { verifyRemovalEffects } from './verify-removals.js';
import { basename } from '../shell-wrappers.js';

/** `\x` for a punctuation x is x; a fragment with other regex syntax is not a literal. */
function literal(re: string): string | undefined {
  const t = re.replace(/\\([^\w\s])/g, '$1');
  if (/\\[\w]|[[\]*+?{}|^$]/.test(t.replace(/\\([^\w\s])/g, ''))) return undefined;
  return t;
}

/** A fragment as it stands in a manifest: quoted, unless the script already carries its quotes. */
function fragment(t: string): string {
  return /["'<>]/.test(t) || !t ? t : `"${t}"`;
}

/** The (old, new) pairs of a sed or perl substitution script. */
function pairs(script: string): [string, string][] {
  const out: [string, string][] = [];
  for (const part of script.split(/;\s*|\n/)) {
    const s = /^\s*s(.)(.*?)(?<!\\)\1(.*?)(?<!\\)\1[gip0-9]*\s*$/.exec(part);
    if (s) {
      const o = literal(s[2] ?? '');
      const n = literal(s[3] ?? '');
      if (o && n !== undefined) out.push([fragment(o), fragment(n)]);
      continue;
    }
    const d = /^\s*\/(.+?)(?<!\\)\/d\s*$/.exec(part);
    const o = d ? literal(d[1] ?? '') : undefined;
    if (o) out.push([o, '']);
  }
  return out;
}

/** The edit readings of each in-place sed/perl substitution of the line. */
export function sedEditEffects(line: LineFacts, out: Effect[]): void {
  for (const c of line.cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '').toLowerCase();
    if (name !== 'sed' && name !== 'gsed' && name !== 'perl') continue;
    if (!a.some((w) => /^-[a-zA-Z]*i/.test(w) || w.startsWith('--in-place'))) continue;
    const scripts: string[] = [];
    const files: string[] = [];
    for (let i = 1; i < a.length; i++) {
      const w = a[i] ?? '';
      if (w === '-e' || w === '--expression') scripts.push(a[++i] ?? '');
      else if (/^-[a-zA-Z]*e$/.test(w) && name === 'perl') scripts.push(a[++i] ?? '');
      else if (w.startsWith('-')) continue;
      else if (!scripts.length && name === 'sed') scripts.push(w);
      else files.push(w);
    }
    for (const file of files.slice(0, 8))
      for (const [o, n] of scripts.flatMap(pairs))
        for (const e of [
          ...coordinateSwapEffects(o, n, file),
          ...scopeRemovalEffects(o, n, file),
          // `sed -i '/gpg --verify/d' import.sh`: the script's check of what it downloads deleted
          ...verifyRemovalEffects(o, n, file),
        ])
          out.push({ ...e, via: `${name} -i rewrites ${file}: ${e.via}` });
  }
}
