// One scan of a command's readings for the command indexes of several engines over the same
// commands (the live set and a shadow set beside it: docs/shadow-and-replay.md).
//
// Marking a command (command-marks.ts) is a pass over every character of every reading, and what
// it finds depends on the text and on the keys an index files its patterns under, never on the
// patterns themselves. So one index of every key the registered indexes hold (each key once: a
// word, a `P:`/`S:` key, an `F:` fragment, or a need's fragment) is scanned once per command, and
// each engine turns the keys found into its own pattern ids through a table made once per index:
// the same ids its own scan would mark, since a pattern is marked exactly when its key occurs and
// kept exactly when its need does (word-index.ts). The second engine to decide a command (the
// shadow, right after the live set) then reads no character of it.
import { WordIndex } from './word-index.js';
import { commandTexts, markTexts } from './command-marks.js';
import type { CommandAnalysis } from './shell.js';

/** One index's view of the union: pattern ids per union key, and the union key of each need. */
interface Translation {
  version: number;
  /** Union key id -> this index's pattern ids filed under that key. */
  ids: (readonly number[] | undefined)[];
  /** This index's fragment number -> union key id of `F:` that fragment. */
  needKey: Int32Array;
}

/** The union keys a command's readings hold, for the union of one version. */
interface Found {
  version: number;
  keys: number[];
}

export class SharedMarks {
  private readonly indexes: WeakRef<WordIndex>[] = [];
  private union: WordIndex | null = null;
  /** Union key -> id, of the current union. */
  private unionIds = new Map<string, number>();
  /** Bumped whenever the union changes: translations and found keys of another version are stale. */
  private version = 0;
  private readonly translations = new WeakMap<WordIndex, Translation>();
  private readonly found = new WeakMap<CommandAnalysis, Found>();
  /** Per union key id, the stamp of the marking in progress it was found in (needs). */
  private present = new Int32Array(0);
  private stamp = 0;

  /** Adds an engine's command index to the union (made again on the next scan). */
  register(index: WordIndex): void {
    for (let i = this.indexes.length - 1; i >= 0; i--) if (!this.indexes[i]?.deref()) this.indexes.splice(i, 1);
    this.indexes.push(new WeakRef(index));
    this.union = null;
    this.version++;
  }

  /**
   * Marks in `index` (begun by the caller) the patterns a scan of this command's readings by
   * `index` itself would mark, from the union keys found in them (scanned on the first call for
   * the command, reused after). `index` must have been registered.
   */
  markCommand(index: WordIndex, analysis: CommandAnalysis, rawSlashed: string): void {
    const union = this.current();
    let f = this.found.get(analysis);
    if (!f || f.version !== this.version) {
      union.begin();
      markTexts(union, rawSlashed, commandTexts(analysis));
      f = { version: this.version, keys: union.markedIds() };
      this.found.set(analysis, f);
    }
    const tr = this.translation(index);
    if (!tr) {
      // An index the union lacks (never registered): from now on it is in it.
      this.register(index);
      this.markCommand(index, analysis, rawSlashed);
      return;
    }
    const stamp = ++this.stamp;
    const present = this.present;
    const keys = f.keys;
    for (let k = 0; k < keys.length; k++) {
      const u = keys[k] ?? 0;
      present[u] = stamp;
      const ids = tr.ids[u];
      if (ids) index.markAll(ids);
    }
    const needKey = tr.needKey;
    index.finishTexts((n) => {
      const u = needKey[n] ?? -1;
      return u < 0 || present[u] === stamp;
    });
  }

  private current(): WordIndex {
    if (this.union) return this.union;
    const union = new WordIndex(false);
    const list = union.newList();
    const ids = new Map<string, number>();
    const add = (key: string) => {
      if (!ids.has(key)) ids.set(key, union.add(key, list));
    };
    for (const ref of this.indexes) {
      const index = ref.deref();
      if (!index) continue;
      const { byKey, needs } = index.keys();
      for (const key of byKey.keys()) add(key);
      for (const n of needs) add(FRAGMENT + n);
    }
    union.seal();
    this.union = union;
    this.unionIds = ids;
    this.present = new Int32Array(ids.size);
    this.stamp = 0;
    return union;
  }

  /** The table of `index` for the current union; null when the union lacks one of its keys. */
  private translation(index: WordIndex): Translation | null {
    const have = this.translations.get(index);
    if (have && have.version === this.version) return have;
    const { byKey, needs } = index.keys();
    const ids: (readonly number[] | undefined)[] = new Array(this.unionIds.size);
    for (const [key, list] of byKey) {
      const u = this.unionIds.get(key);
      if (u === undefined) return null;
      ids[u] = list;
    }
    const needKey = new Int32Array(needs.length).fill(-1);
    needs.forEach((n, i) => (needKey[i] = this.unionIds.get(FRAGMENT + n) ?? -1));
    const tr: Translation = { version: this.version, ids, needKey };
    this.translations.set(index, tr);
    return tr;
  }
}

/** word-index.ts's key prefix of a fragment. */
const FRAGMENT = 'F:';
