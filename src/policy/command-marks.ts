// Marks in the command index (word-index.ts) every pattern whose word or fragment occurs in a
// command's readings, reading each character once where the readings' shapes allow it.
//
// Most readings repeat others: the line's pieces are pieces of the raw line, and whole-command
// readings (`a && b && c`, `a | b`) are other readings joined. A 2 MiB script has about ten
// readings' worth of text (10.5 million characters) around 4 million new ones. So:
// - the raw line is read first, and its lines count as read (a line is a piece of it, bounded by
//   line ends, so its words and fragments are the line's);
// - a reading already read (the same string) is skipped;
// - a reading made of others joined by ' && ' or ' | ' is read part by part (a part read before
//   is skipped) plus, for fragments only, the text around each separator as far as the longest
//   fragment reaches: a fragment occurrence either lies within a part or overlaps a separator,
//   and no word spans one (separators start and end with a space and hold no word character).
// What gets marked is what reading every text in full would mark (the tests compare the two).
import type { CommandAnalysis } from './shell.js';
import type { WordIndex } from './word-index.js';

/** The separators whole-command readings join other readings with (shell.ts). */
const JOINS = [' && ', ' | '];

/** The texts a command's patterns and needles are tried on (match.ts), besides the raw line. */
export interface CommandTexts {
  /** Readings of one simple command each. */
  simple: string[];
  /** Whole-command readings: other readings joined, mostly. */
  whole: string[];
}

export function commandTexts(a: CommandAnalysis): CommandTexts {
  const simple: string[] = [...a.components];
  const whole: string[] = [a.normalized];
  const { candidates, units } = a;
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i];
    if (c !== undefined) (units[i] === -1 ? whole : simple).push(c);
  }
  for (const e of a.componentsExpanded) if (e) simple.push(e);
  return { simple, whole };
}

/** Marks the words and fragments of rawSlashed (the raw line, `\` read as `/`) and of texts. */
export function markTexts(index: WordIndex, rawSlashed: string, texts: CommandTexts): void {
  index.beginTexts();
  index.scanText(rawSlashed);
  const read = new Set<string>([rawSlashed]);
  if (rawSlashed.includes('\n')) for (const line of rawSlashed.split('\n')) read.add(line);
  for (const t of texts.simple) {
    if (read.has(t)) continue;
    read.add(t);
    index.scanText(t);
  }
  // Shorter first, so the parts of a joined reading are read before it.
  const whole = texts.whole.slice().sort((x, y) => x.length - y.length);
  for (const t of whole) cover(index, t, 0, read);
  index.finishTexts();
}

function cover(index: WordIndex, t: string, level: number, read: Set<string>): void {
  if (!t || read.has(t)) return;
  read.add(t);
  for (let l = level; l < JOINS.length; l++) {
    const sep = JOINS[l] ?? '';
    const parts = t.split(sep);
    if (parts.length < 2) continue;
    for (const p of parts) cover(index, p, l + 1, read);
    const reach = index.fragmentReach - 1;
    if (reach < 0) return;
    // Windows around the separators, merged where they overlap (each is read from a fresh start).
    let from = -1;
    let to = -1;
    let at = 0;
    for (let k = 0; k < parts.length - 1; k++) {
      at += (parts[k] ?? '').length;
      const a = Math.max(0, at - reach);
      const b = Math.min(t.length, at + sep.length + reach);
      if (from >= 0 && a <= to) to = b;
      else {
        if (from >= 0) index.scanText(t, from, to, false);
        from = a;
        to = b;
      }
      at += sep.length;
    }
    if (from >= 0) index.scanText(t, from, to, false);
    return;
  }
  index.scanText(t);
}
