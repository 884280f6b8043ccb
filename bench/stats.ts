// Summaries shared by the benchmarks: a figure over interleaved rounds is reported as its
// min / median / max, so the spread (the noise on this shared machine) is always visible.

export interface Spread {
  min: number;
  median: number;
  max: number;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

export function spread(values: number[]): Spread {
  const s = values.slice().sort((a, b) => a - b);
  if (!s.length) return { min: NaN, median: NaN, max: NaN };
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  return { min: r2(s[0]!), median: r2(median), max: r2(s[s.length - 1]!) };
}

/** `value` over `floor` (both medians), one decimal. */
export function ratio(value: number, floor: number): number {
  return Math.round((value / floor) * 100) / 100;
}
