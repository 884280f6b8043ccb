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
import { TextSet } from './text-map.js';
import { WORD_CLASS } from './word-automaton.js';

/** The separators whole-command readings join other readings with (shell.ts). */
const JOINS = [' && ', ' | '];

/** The texts a command's patterns and needles are tried on (match.ts), besides the raw line. */
export interface CommandTexts {
  /** Readings of one simple command each. */
  simple: string[];
  /**
   * For the first of them (the components), their long words that stand verbatim in the raw
   * line: flat triples [offset, offset in raw, length] (CommandAnalysis.verbatim).
   */
  verbatim: readonly (number[] | null)[];
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
  return { simple, verbatim: a.verbatim ?? [], whole };
}

/** Marks the words and fragments of rawSlashed (the raw line, `\` read as `/`) and of texts. */
export function markTexts(index: WordIndex, rawSlashed: string, texts: CommandTexts): void {
  index.beginTexts();
  index.scanText(rawSlashed);
  const read = new TextSet();
  read.add(rawSlashed);
  if (rawSlashed.includes('\n')) for (const line of rawSlashed.split('\n')) read.add(line);
  const { simple, verbatim } = texts;
  for (let i = 0; i < simple.length; i++) {
    const t = simple[i] ?? '';
    if (read.has(t)) continue;
    read.add(t);
    const spans = verbatim[i];
    if (spans) scanAround(index, t, spans);
    else index.scanText(t);
  }
  // Shorter first, so the parts of a joined reading are read before it.
  const whole = texts.whole.slice().sort((x, y) => x.length - y.length);
  for (const t of whole) cover(index, t, 0, read);
  index.finishTexts();
}

/**
 * Marks the words and fragments of t as scanText(t) would, where t[a, a + n) is the raw line's
 * text at some place (spans: flat triples a, offset in raw, n), already read. What lies inside
 * a span is skipped: a word bounded on both sides by non-word characters within the span is a
 * word of the raw line, and a fragment lying within it is a fragment of the raw line. Read are
 * the words from the text's start (or the last span's last non-word character) to the next
 * span's first non-word character, and for fragments the text up to fragmentReach - 1 characters
 * into a span and from as far before its end (an occurrence not inside a span starts or ends
 * outside it, so it lies within that reach of an edge).
 */
function scanAround(index: WordIndex, t: string, spans: readonly number[]): void {
  const reach = index.fragmentReach;
  let words = 0;
  let frags = 0;
  for (let k = 0; k + 2 < spans.length; k += 3) {
    const a = spans[k] ?? 0;
    const b = a + (spans[k + 2] ?? 0);
    if (a < words || b > t.length) continue;
    let first = a;
    while (first < b && isWordChar(t.charCodeAt(first))) first++;
    let last = b - 1;
    while (last > first && isWordChar(t.charCodeAt(last))) last--;
    // No non-word character inside, or too short to skip for fragments: read it with the rest.
    if (first >= last || b - a < 2 * reach + 2) continue;
    index.scanText(t, words, first + 1, true, false);
    words = last;
    if (reach > 0) {
      index.scanText(t, frags, Math.min(t.length, a + reach - 1), false, true);
      frags = Math.max(frags, b - reach + 1);
    }
  }
  index.scanText(t, words, t.length, true, false);
  if (reach > 0) index.scanText(t, frags, t.length, false, true);
}

function isWordChar(c: number): boolean {
  return c < 128 && (WORD_CLASS[c] ?? 0) !== 0;
}

function cover(index: WordIndex, t: string, level: number, read: TextSet): void {
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
