// Applicability keys of per-command readings: what a line must hold for a reading to find
// anything in it, so that a reading that cannot apply is not called at all.
//
// Every simple command of every new line is read by each per-command reading (derive.ts,
// programs.ts), most of which find nothing in most lines. A reading may be given a key: the
// programs it reads (compared with the command's own program) and/or a pattern that the line's
// words, quotes removed and lower-cased, must match somewhere. The facts the keys are tested
// against are worked out once per line and each key is tested once per line, so a reading whose
// key the line misses costs a set lookup or nothing.
//
// A key must be necessary, never sufficient: wherever the reading can find something, its key
// must pass (the reading keeps its own finer checks). A reading with no key, or called without
// the line's keys (as readings written before keys existed are), runs on every command.
// See docs/performance.md ("Applicability keys").
import { basename } from '../shell-wrappers.js';
import type { SimpleCommand } from './walk.js';

/** The most characters of words a line's word keys are tested on (see LineKeys.words). */
export const WORDS_LIMIT = 16 * 1024;

export interface ReadingKey {
  /** Lower-case program names (base names): the reading applies to a command running one. */
  readonly programs?: ReadonlySet<string>;
  /**
   * A pattern (no `g` or `y` flag) tested on the line's words: every simple command's argv,
   * assignments (NAME=value) and standard input text, quotes removed, lower-cased, one per line.
   * The reading applies to every command of a line that matches.
   */
  readonly words?: RegExp;
}

/** What the keys of one line's readings are tested against, worked out once for all of them. */
export class LineKeys {
  private text: string | undefined;
  private readonly tested = new Map<ReadingKey, boolean>();
  /** Each command's program, lower-cased base name: worked out once, not once per keyed reading. */
  private readonly names = new Map<SimpleCommand, string>();

  constructor(private readonly cmds: readonly SimpleCommand[]) {}

  /**
   * The line's words (see ReadingKey.words), or undefined when they are longer than WORDS_LIMIT:
   * on a long line (a big here-doc, a generated script) joining and scanning them would cost more
   * than the readings they spare, so word keys pass there and the readings run as without keys.
   */
  get words(): string | undefined {
    if (this.text !== undefined) return this.text || undefined;
    let size = 0;
    for (const c of this.cmds) {
      for (const a of c.assigns) size += a.name.length + a.value.length + 2;
      for (const w of c.argv) size += w.length + 1;
      if (c.stdin !== undefined) size += c.stdin.length + 1;
    }
    if (size > WORDS_LIMIT) {
      this.text = '';
      return undefined;
    }
    const parts: string[] = [];
    for (const c of this.cmds) {
      for (const a of c.assigns) parts.push(`${a.name}=${a.value}`);
      for (const w of c.argv) parts.push(w);
      if (c.stdin !== undefined) parts.push(c.stdin);
    }
    // never empty: an empty line's words are a newline, so '' can mean "too long" above
    this.text = parts.join('\n').toLowerCase() || '\n';
    return this.text;
  }

  /** Whether a reading with this key can find anything in command `c` of the line. */
  may(key: ReadingKey, c: SimpleCommand): boolean {
    if (key.programs && c.argv.length) {
      let name = this.names.get(c);
      if (name === undefined) this.names.set(c, (name = basename(c.argv[0] ?? '').toLowerCase()));
      if (key.programs.has(name)) return true;
    }
    if (!key.words) return !key.programs;
    let hit = this.tested.get(key);
    if (hit === undefined) {
      const words = this.words;
      hit = words === undefined || key.words.test(words);
      this.tested.set(key, hit);
    }
    return hit;
  }
}

/** Whether a reading keyed `key` runs on command `c`: always when the line's keys are not given. */
export function mayApply(key: ReadingKey, c: SimpleCommand, line: LineKeys | undefined): boolean {
  return line === undefined || line.may(key, c);
}
