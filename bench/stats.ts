// Summaries shared by the benchmarks: a figure over interleaved rounds is reported as its
// min / median / max, so the spread (the noise on this shared machine) is always visible.

import { readdirSync, readFileSync } from 'node:fs';

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

/**
 * CPU time a process has had so far, all its threads, in ms: the sum of each thread's on-CPU
 * nanoseconds from /proc/PID/task/TID/schedstat (µs precision; utime/stime count 10 ms ticks).
 * Threads that exited are not counted, so read it around work of threads that stay (the server's
 * main thread, libuv pool, listener thread). `onlyThread`: that thread alone (the main thread's
 * id is the pid). NaN where /proc has no such file.
 */
export function processCpuMs(pid: number, onlyThread?: number): number {
  let ns = 0;
  try {
    for (const tid of onlyThread === undefined ? readdirSync(`/proc/${pid}/task`) : [String(onlyThread)]) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) || 0;
      } catch {
        // the thread exited between the listing and the read
      }
    }
  } catch {
    return NaN;
  }
  return ns / 1e6;
}
