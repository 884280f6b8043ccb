// "Did you mean" hints for option names, tool classes, policy keys and actions: one distance and
// one idea of "close enough to be a typo" for every message that offers a correction.

/** Levenshtein distance (insertions, deletions, substitutions each cost 1). */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = i - 1;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j] ?? j;
      row[j] = Math.min(up + 1, (row[j - 1] ?? j - 1) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length] ?? a.length;
}

/**
 * The option closest to `word` (case-insensitive), when it is close enough to be a typo: within
 * a third of the word's length (at least 2 edits), or a prefix either way that is one edit off.
 */
export function closest(word: string, options: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  const limit = Math.max(2, Math.floor(w.length / 3));
  let best: string | undefined;
  let bestD = Infinity;
  for (const o of options) {
    const lo = o.toLowerCase();
    const d = lo.startsWith(w) || w.startsWith(lo) ? Math.min(1, Math.abs(lo.length - w.length)) : editDistance(w, lo);
    if (d < bestD) {
      bestD = d;
      best = o;
    }
  }
  return bestD <= limit ? best : undefined;
}
