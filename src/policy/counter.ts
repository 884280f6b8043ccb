// call_count state (docs/policy.md): timestamps of enforced calls per tool, in memory, bounded.
// One counter outlives engine reloads (the watcher hands it to each new engine).

/** Newest timestamps kept per tool; counts saturate beyond this. */
export const COUNTER_MAX_PER_TOOL = 1000;
/** Distinct tools tracked; a call of a new tool beyond this cannot be recorded (the engine denies). */
export const COUNTER_MAX_TOOLS = 1024;
export const COUNTER_MAX_NAME_BYTES = 256;
/** Older entries are dropped (the longest call_count window is 720h). */
export const COUNTER_RETENTION_MS = 30 * 24 * 3_600_000;

export class CallCounter {
  private readonly stamps = new Map<string, number[]>();

  /** Records one call; false when it cannot be recorded (too many tools, name too long). */
  record(tool: string, now: number): boolean {
    let list = this.stamps.get(tool);
    if (!list) {
      if (Buffer.byteLength(tool) > COUNTER_MAX_NAME_BYTES) return false;
      if (this.stamps.size >= COUNTER_MAX_TOOLS) this.prune(now);
      if (this.stamps.size >= COUNTER_MAX_TOOLS) return false;
      list = [];
      this.stamps.set(tool, list);
    }
    list.push(now);
    if (list.length > COUNTER_MAX_PER_TOOL) list.splice(0, list.length - COUNTER_MAX_PER_TOOL);
    return true;
  }

  /** Recorded calls of `tool` with a timestamp in [now - windowMs, now]. */
  count(tool: string, windowMs: number, now: number): number {
    const list = this.stamps.get(tool);
    if (!list) return 0;
    const from = now - windowMs;
    let n = 0;
    for (let i = list.length - 1; i >= 0; i--) {
      const t = list[i] ?? -Infinity;
      if (t < from) break;
      if (t <= now) n++;
    }
    return n;
  }

  /** Calls per tool within the retention period (for status). */
  snapshot(now: number): Record<string, number> {
    this.prune(now);
    const out: Record<string, number> = {};
    for (const [tool, list] of this.stamps) out[tool] = list.length;
    return out;
  }

  private prune(now: number): void {
    const cutoff = now - COUNTER_RETENTION_MS;
    for (const [tool, list] of this.stamps) {
      let i = 0;
      while ((list[i] ?? Infinity) < cutoff) i++;
      if (i) list.splice(0, i);
      if (!list.length) this.stamps.delete(tool);
    }
  }
}
