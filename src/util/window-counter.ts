// Counts events per key over a sliding window (status call_counts: enforced calls in the last hour).
// Bounded: at most MAX_KEYS keys and MAX_PER_KEY timestamps each (counts saturate beyond).
import type { Clock } from './clock.js';

const MAX_KEYS = 1024;
const MAX_PER_KEY = 100_000;

export class WindowCounter {
  private stamps = new Map<string, number[]>();

  constructor(
    private clock: Clock,
    private windowMs: number,
  ) {}

  record(key: string): void {
    let list = this.stamps.get(key);
    if (!list) {
      if (this.stamps.size >= MAX_KEYS) return;
      list = [];
      this.stamps.set(key, list);
    }
    list.push(this.clock.now());
    if (list.length > MAX_PER_KEY) list.splice(0, list.length - MAX_PER_KEY);
  }

  counts(): Record<string, number> {
    const cutoff = this.clock.now() - this.windowMs;
    const out: Record<string, number> = {};
    for (const [key, list] of this.stamps) {
      let i = 0;
      while ((list[i] ?? Infinity) <= cutoff) i++;
      if (i) list.splice(0, i);
      if (list.length) out[key] = list.length;
      else this.stamps.delete(key);
    }
    return out;
  }
}
