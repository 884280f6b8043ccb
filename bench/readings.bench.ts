// Linear-time check of command reading: a command line of the kernel's argument limit (2 MiB)
// made of hundreds of nested constructs (variables, functions, $(...) three deep, braces,
// here-documents, decoders), decided by Engine.evaluate under policies/standard.yaml on a fresh
// engine (nothing cached). Prints JSON: milliseconds per size, so growth can be read off.
// Run: node dist/bench/readings.bench.js [--rounds N]
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/util/version.js';
import { loadEngine } from '../src/policy/engine.js';
import { bigCommand } from '../test/policy/big-command.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const ROUNDS = Number(arg('rounds', '5'));
const CONFIG = join(PACKAGE_ROOT, 'policies', 'standard.yaml');
const MiB = 1024 * 1024;

function time(
  bytes: number,
  blocks: number,
  tail: string,
): { ms: number; cpu_ms: number; action: string; chars: number } {
  const samples: number[] = [];
  const cpu: number[] = [];
  let action = '';
  let chars = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const engine = loadEngine(CONFIG);
    // A distinct command each round: nothing is reused from an earlier analysis.
    const command = bigCommand(bytes, blocks, `${tail}\necho round ${r}`);
    chars = command.length;
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    action = engine.evaluate(
      { tool: 'exec', agent: 'bench', session: 'big', params: { command } },
      { dryRun: true },
    ).action;
    const c = process.cpuUsage(c0);
    samples.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  const median = (xs: number[]) => Math.round(xs.sort((a, b) => a - b)[xs.length >> 1]! * 10) / 10;
  // Wall time is what a caller waits; CPU time is less disturbed by other load on the machine.
  return { ms: median(samples), cpu_ms: median(cpu), action, chars };
}

// Warm the JIT on a smaller input first.
time(MiB / 4, 64, '');
const sizes: [number, number][] = [
  [MiB / 4, 25],
  [MiB / 2, 50],
  [MiB, 100],
  [2 * MiB, 200],
];
const results = sizes.map(([bytes, blocks]) => ({
  bytes,
  blocks,
  benign: time(bytes, blocks, ''),
  attack_at_end: time(bytes, blocks, '\nrm -rf ~'),
}));
console.log(JSON.stringify({ bench: 'readings', rounds: ROUNDS, target_ms_at_2MiB: 200, results }, null, 2));
