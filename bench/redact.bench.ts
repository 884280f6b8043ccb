// Secret redaction time per MiB, on ordinary text with secrets and on adversarial repetitions
// of pattern prefixes (the shapes that make a backtracking regex go quadratic). The floor is a
// full scan of the same text (indexOf of a string that is not there), measured in the same round.
// Run: node dist/bench/redact.bench.js [--rounds N]
import { redact } from '../src/redact/index.js';
import { spread, ratio } from './stats.js';

const i = process.argv.indexOf('--rounds');
const ROUNDS = i > 0 ? Number(process.argv[i + 1]) : 5;
const MIB = 1 << 20;
const fill = (unit: string): string => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);
const SHAPES = [
  'cd /srv/app && git status; AKIAIOSFODNN7EXAMPLE\n',
  'a',
  '0123456789abcdef',
  'aB3+/',
  "token='x",
  'Bearer ',
  "-H 'X-Y: ",
  'http://u:',
  'sk-',
  'Authorization: ',
  '-----BEGIN RSA PRIVATE KEY-----',
  '--password ',
  'eyJabcdefghij.',
  'mysql a',
];

const rows: Record<string, unknown>[] = [];
for (const shape of SHAPES) {
  const text = fill(shape) + 'g';
  const t: number[] = [];
  const f: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    let t0 = performance.now();
    redact(text);
    t.push(performance.now() - t0);
    t0 = performance.now();
    text.indexOf('\u0000never');
    f.push(performance.now() - t0);
  }
  const s = spread(t);
  rows.push({ shape, ms_per_mib: s, x_scan_floor: ratio(s.median, Math.max(spread(f).median, 0.01)) });
}
console.log(
  JSON.stringify({ bench: 'redact', rounds: ROUNDS, unit: 'ms per MiB, min/median/max over rounds', rows }, null, 2),
);
