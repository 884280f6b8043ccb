#!/usr/bin/env node
// Inclusive and self sample shares under the frames named ROOTFN of a .cpuprofile (see cpuprof-shadow.mjs).
import { readFileSync } from 'node:fs';
const [file, rootFn] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const counts = new Map();
for (const s of p.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
const incl = new Map();
const self = new Map();
let total = 0,
  under = 0;
for (const [id, k] of counts) {
  total += k;
  const chain = [];
  let x = id;
  while (x !== undefined) {
    chain.push(byId.get(x));
    x = parent.get(x);
  }
  if (!chain.some((n) => n.callFrame.functionName === rootFn)) continue;
  under += k;
  const name = (n) =>
    `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
  const seen = new Set();
  for (const n of chain) {
    const nm = name(n);
    if (!seen.has(nm)) {
      seen.add(nm);
      incl.set(nm, (incl.get(nm) ?? 0) + k);
    }
  }
  const nm = name(chain[0]);
  self.set(nm, (self.get(nm) ?? 0) + k);
}
console.log(`samples total ${total}, under ${rootFn} ${under}`);
console.log('--- inclusive');
for (const [n, k] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 45))
  console.log(((k / under) * 100).toFixed(1).padStart(6), n);
console.log('--- self');
for (const [n, k] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.log(((k / under) * 100).toFixed(1).padStart(6), n);
