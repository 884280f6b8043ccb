// The shadow set's evaluation cost beside the live one's, in process: the live standard engine
// decides a call, then the shadow engine (the same base plus the candidate of shadow.bench.ts)
// decides the same call object, as the server's gate does. Every call is a corpus exec command
// with an argument never seen before. --no-match-sharing makes the shadow match every rule itself
// (the shell analysis and effects stay shared), to compare with the shared rule matches. The
// shadow engine works out no taints, as the server's (server/shadow-source.ts); the same set with
// taints decides each call too, in alternating order, for the cost of what they would add.
// Run: node dist/bench/shadow-eval.bench.js [--calls N] [--rounds R] [--no-match-sharing]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEngine } from '../src/policy/engine.js';
import { SharedAnalysis } from '../src/policy/shadow-cache.js';
import { corpusCommands } from './corpus-commands.js';
import { BY_TOOL, candidatePolicy } from './candidate-policy.js';
import { PACKAGE_ROOT } from '../src/util/version.js';
import type { ToolCall } from '../src/policy/types.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const CALLS = arg('calls', 5000);
const ROUNDS = arg('rounds', 3);
const SHARE_MATCHES = !process.argv.includes('--no-match-sharing');

const CANDIDATE = candidatePolicy(BY_TOOL);

const pool = corpusCommands();

const dir = mkdtempSync(join(tmpdir(), 'svc-bench-shadow-eval-'));
try {
  mkdirSync(join(dir, 'next'));
  writeFileSync(join(dir, 'next', 'candidate.yaml'), CANDIDATE);
  const standard = join(PACKAGE_ROOT, 'policies', 'standard.yaml');
  const shared = new SharedAnalysis(homedir());
  // Without match sharing every evaluation starts its own log, so nothing is reused.
  if (!SHARE_MATCHES) shared.matches.open = () => false;
  const live = loadEngine([standard], { shared });
  const shadow = loadEngine([standard, join(dir, 'next')], { shared, taints: false });
  const withTaints = loadEngine([standard, join(dir, 'next')], { shared });
  let seq = 0;
  const rounds: { live_us: number; shadow_us: number; share_pct: number; with_taints_us: number }[] = [];
  const timed = (e: typeof shadow, call: ToolCall) => {
    const t = performance.now();
    e.evaluate(call, { dryRun: true });
    return performance.now() - t;
  };
  for (let r = 0; r < ROUNDS; r++) {
    let tl = 0;
    let ts = 0;
    let tt = 0;
    for (let i = 0; i < CALLS; i++) {
      const command = `${pool[seq % pool.length] ?? 'true'} u${seq++}`;
      const call: ToolCall = { tool: 'exec', agent: 'bench', session: 'bench', params: { command } };
      const a = performance.now();
      live.evaluate(call, {});
      tl += performance.now() - a;
      // Both reuse the live set's matches; the order alternates so neither always runs warmer.
      if (i % 2) {
        ts += timed(shadow, call);
        tt += timed(withTaints, call);
      } else {
        tt += timed(withTaints, call);
        ts += timed(shadow, call);
      }
    }
    rounds.push({
      live_us: Math.round((tl / CALLS) * 1000),
      shadow_us: Math.round((ts / CALLS) * 1000),
      share_pct: Math.round((ts / tl) * 100),
      with_taints_us: Math.round((tt / CALLS) * 1000),
    });
  }
  console.log(JSON.stringify({ bench: 'shadow evaluation beside the live one', share_matches: SHARE_MATCHES, rounds }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
