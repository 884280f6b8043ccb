// Glob tokens shared by the matchers and the index-key logic: literals, `*`, `**`, `?` and
// classes in Go's filepath.Match syntax (no escapes: backslashes are already `/`).

export const LIT = 0;
export const STAR = 1; // any run without '/'
export const DSTAR = 2; // any run, '/' included
export const ANY = 3; // one char except '/'
export const CLASS = 4; // one char from a class

export interface CharClass {
  negated: boolean;
  /** Inclusive [lo, hi] pairs of UTF-16 code units. */
  ranges: number[];
}

export interface Tokens {
  kinds: number[];
  /** LIT: char code; CLASS: index into classes. */
  data: number[];
  classes: CharClass[];
  /** False when a class is empty or malformed: such a pattern never matches (Go's ErrBadPattern). */
  ok: boolean;
}

/** Parses `[...]` starting at p[i] === '['; returns [class, index after ']'] or null if malformed. */
function parseClass(p: string, i: number): [CharClass, number] | null {
  let j = i + 1;
  const negated = p[j] === '^';
  if (negated) j++;
  const ranges: number[] = [];
  for (;;) {
    if (j >= p.length) return null;
    const c = p[j] ?? '';
    if (c === ']' && ranges.length > 0) return [{ negated, ranges }, j + 1];
    if (c === '-' || c === ']') return null;
    const lo = p.charCodeAt(j);
    j++;
    let hi = lo;
    if (p[j] === '-') {
      const h = p[j + 1];
      if (h === undefined || h === '-' || h === ']') return null;
      hi = p.charCodeAt(j + 1);
      j += 2;
    }
    ranges.push(lo, hi);
  }
}

export function inClass(cls: CharClass, c: number): boolean {
  const r = cls.ranges;
  let hit = false;
  for (let k = 0; k < r.length; k += 2) {
    if (c >= (r[k] ?? 0) && c <= (r[k + 1] ?? -1)) {
      hit = true;
      break;
    }
  }
  return hit !== cls.negated;
}

/** `*`, `**` (when allowed), `?`, `[...]` and literals. Runs of three or more stars act as `**`. */
export function tokenize(p: string, doubleStar: boolean): Tokens {
  const t: Tokens = { kinds: [], data: [], classes: [], ok: true };
  for (let i = 0; i < p.length;) {
    const c = p[i] ?? '';
    if (c === '*') {
      let j = i;
      while (p[j] === '*') j++;
      const kind = doubleStar && j - i >= 2 ? DSTAR : STAR;
      // Adjacent stars collapse; a DSTAR absorbs a neighbouring STAR.
      const last = t.kinds.length - 1;
      if (last >= 0 && (t.kinds[last] === STAR || t.kinds[last] === DSTAR)) {
        if (kind === DSTAR) t.kinds[last] = DSTAR;
      } else {
        t.kinds.push(kind);
        t.data.push(0);
      }
      i = j;
    } else if (c === '?') {
      t.kinds.push(ANY);
      t.data.push(0);
      i++;
    } else if (c === '[') {
      const parsed = parseClass(p, i);
      if (!parsed) {
        t.ok = false;
        return t;
      }
      t.kinds.push(CLASS);
      t.data.push(t.classes.length);
      t.classes.push(parsed[0]);
      i = parsed[1];
    } else {
      t.kinds.push(LIT);
      t.data.push(p.charCodeAt(i));
      i++;
    }
  }
  return t;
}
