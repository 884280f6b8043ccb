// Durations as users write them on the command line and in policy files: 500ms, 30s, 2m, 1h, 1h30m.
import { table } from './lookup-table.js';
const UNIT_MS: Record<string, number> = table({
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
});

/** Parses a Go-style duration ("500ms", "2m", "1h30m"); returns milliseconds or throws with a clear message. */
export function parseDuration(text: string): number {
  const s = String(text).trim();
  if (s === '0') return 0;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let pos = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s)) !== null) {
    total += Number(m[1]) * (UNIT_MS[m[2] ?? ''] ?? NaN);
    pos = re.lastIndex;
  }
  if (pos === 0 || pos !== s.length) {
    throw new Error(`invalid duration "${text}": use a number with a unit, like 500ms, 30s, 2m or 1h`);
  }
  return total;
}

export function formatDuration(ms: number): string {
  if (ms % 3_600_000 === 0 && ms >= 3_600_000) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0 && ms >= 60_000) return `${ms / 60_000}m`;
  if (ms % 1000 === 0 && ms >= 1000) return `${ms / 1000}s`;
  return `${ms}ms`;
}
