#!/usr/bin/env node
// Splits the instructions of a callgrind run (e.g. of bench/callgrind-first-seen.mjs) by what
// ran them: V8's optimising compiler (TurboFan, on its own thread), the garbage collector, V8's
// builtins (the interpreter's and baseline code's inline caches, RegExp, Array and String
// methods), JIT-generated code (optimised JavaScript and compiled regexps, unnamed in callgrind),
// the rest of V8 and libc. A first-seen pass on a process that has made only one pass before is
// mostly the compiler's work (bench/RESULTS.md, 2026-11-27 perf13), which a total alone hides.
// Run: node bench/callgrind-split.mjs callgrind.out.PID [...more]
import { execFileSync } from 'node:child_process';

const CLASSES = [
  ['turbofan', /compiler::|turboshaft|Pipeline|LiveRange|Schedul|Graph|Typer|Zone|Linkage|InstructionSelector/],
  ['gc', /Scaveng|Heap|heap::|Mark|Sweep|Evacuat|Remembered|Slot/],
  ['builtins', /Builtins_/],
  ['jit code', /\?\?\?:0x/],
  ['libc', /libc/],
  ['v8 other', /v8::/],
];

for (const file of process.argv.slice(2)) {
  // --threshold=100 lists every function, not only those making up the first 99%
  const text = execFileSync('callgrind_annotate', ['--threshold=100', file], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const total = Number(/^([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS/m.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);
  const sums = new Map(CLASSES.map(([name]) => [name, 0]));
  sums.set('other', 0);
  for (const line of text.split('\n')) {
    const m = /^\s*([\d,]+) \([\s\d.]+%\)\s+(.*)$/.exec(line);
    if (!m || m[2].includes('PROGRAM TOTALS')) continue;
    const n = Number(m[1].replace(/,/g, ''));
    const cls = CLASSES.find(([, re]) => re.test(m[2]))?.[0] ?? 'other';
    sums.set(cls, (sums.get(cls) ?? 0) + n);
  }
  console.log(`${file}: ${(total / 1e9).toFixed(3)} G instructions`);
  for (const [name, n] of sums)
    console.log(`  ${name.padEnd(9)} ${(n / 1e6).toFixed(0).padStart(6)} M  ${((n / total) * 100).toFixed(1)}%`);
}
