#!/usr/bin/env node
// Top frames of a V8 .cpuprofile (node --cpu-prof): self time and inclusive time per function,
// as a share of all samples; an optional third argument keeps frames whose name contains it.
// Run: node bench/cpuprofile-top.mjs FILE.cpuprofile [N] [filter]
import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const N = Number(process.argv[3] ?? 40);
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas;
let total = 0;
const cnt = new Map();
for (let i = 0; i < p.samples.length; i++) {
  cnt.set(p.samples[i], (cnt.get(p.samples[i]) ?? 0) + (dt[i] ?? 0));
  total += dt[i] ?? 0;
}
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const key = (n) =>
  `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
const incl = new Map();
for (const [id, t] of cnt) {
  const n = byId.get(id);
  const k = key(n);
  self.set(k, (self.get(k) ?? 0) + t);
  const seen = new Set();
  let cur = id;
  while (cur !== undefined) {
    const kk = key(byId.get(cur));
    if (!seen.has(kk)) {
      seen.add(kk);
      incl.set(kk, (incl.get(kk) ?? 0) + t);
    }
    cur = parent.get(cur);
  }
}
const f = process.argv[4];
const show = (m, title) => {
  console.log(`== ${title} (total ${(total / 1000).toFixed(0)} ms)`);
  [...m]
    .filter(([k]) => !f || k.includes(f))
    .sort((a, b) => b[1] - a[1])
    .slice(0, N)
    .forEach(([k, t]) =>
      console.log(`${((100 * t) / total).toFixed(1).padStart(5)}% ${(t / 1000).toFixed(0).padStart(6)}ms ${k}`),
    );
};
show(self, 'self');
show(incl, 'inclusive');
