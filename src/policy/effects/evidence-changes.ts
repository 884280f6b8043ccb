// Evidence is kept as it was acquired: a disk or memory image, a log copied off a compromised
// host, everything under an evidence locker. Changing it in place, overwriting it or moving it out
// of the locker destroys what an investigation or a court relies on just as a delete does, so
// each is read as the delete of that file and decided by the data-store-deletes policy (the
// evidence section of the data-stores catalogue):
//   the write or edit tool on such a file;  `sed -i`, `perl -pi`, `truncate` of it;
//   `> FILE` onto it;  `mv FILE ELSEWHERE` (a move inside the locker keeps it there).
// Sources: the lockers' conventions of forensic guides and tools (/evidence, /mnt/evidence,
// /cases/NAME/evidence; SANS SIFT's /cases and /mnt/evidence), and the image formats of EnCase
// (.E01 and its segments .E02..., .Ex01, logical .L01), AFF/AFF4, and FTK's .AD1.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

/** A path in an evidence locker, or a forensic image wherever it is. */
const EVIDENCE =
  /^(?:\/(?:mnt|srv|data|var|opt|media)\/[^/]*evidence[^/]*|\/evidence[^/]*|\/cases\/[^/]+\/evidence[^/]*|\/Volumes\/[^/]*evidence[^/]*)(?:\/|$)|\.(?:E0[1-9]|E[1-9]\d|Ex01|L01|Lx01|aff4?|AD1)$/i;

export const EVIDENCE_HINT = /evidence|\.(?:E\d\d|Ex01|L01|aff4?|AD1)\b/i;

export function isEvidence(path: string): boolean {
  return EVIDENCE.test(path);
}

const gone = (path: string, how: string): Effect => ({
  tool: 'delete',
  path,
  via: `${how} ${path}, kept evidence (as a delete of it)`,
});

/** The write or edit tool on an evidence file. */
export function evidenceWriteEffects(tool: string, path: string): Effect[] {
  return isEvidence(path) ? [gone(path, tool === 'edit' ? 'edits' : 'overwrites')] : [];
}

/** In-place editors and the option that makes them edit in place. */
const IN_PLACE = /^(?:sed|gsed|perl)$/;

export function evidenceChangeEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const name = basename(c.argv[0] ?? '');
    const ops = c.argv.slice(1).filter((w) => !w.startsWith('-'));
    for (const r of c.redirs)
      if ((r.op === '>' || r.op === '>|') && (r.fd === '1' || r.fd === 'all') && isEvidence(r.target))
        out.push(gone(r.target, 'writes over'));
    if (IN_PLACE.test(name) && c.argv.some((w) => /^-[a-zA-Z]*i/.test(w) || w.startsWith('--in-place'))) {
      for (const w of ops) if (w.startsWith('/') && isEvidence(w)) out.push(gone(w, `${name} edits in place`));
    } else if (name === 'truncate') {
      for (const w of ops) if (isEvidence(w)) out.push(gone(w, 'truncates'));
    } else if (name === 'mv' && ops.length >= 2) {
      const dest = ops[ops.length - 1] ?? '';
      if (isEvidence(dest)) continue;
      for (const w of ops.slice(0, -1)) if (isEvidence(w)) out.push(gone(w, `moves out of the evidence locker`));
    }
  }
}
