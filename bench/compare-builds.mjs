// What the compare-* benches share: two or more builds of the engine loaded side by side, the
// corpus mix as tool calls, and the spelling that makes a call unique (no cache of any kind helps
// a call carrying a tag never used before).
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname;

/** Each dist's engine and corpus modules, with the dist's absolute path. */
export function loadBuilds(dists) {
  return Promise.all(
    dists.map(async (d) => {
      const dist = resolve(d);
      return {
        dist,
        engine: await import(join(dist, 'src/policy/engine.js')),
        corpus: await import(join(dist, 'src/policy/corpus.js')),
      };
    }),
  );
}

/** The shipped corpora's cases as tool calls, read with the given build's corpus module. */
export function corpusCalls(build) {
  const dir = join(ROOT, 'test', 'corpus');
  const calls = [];
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.yaml'))
    .sort())
    for (const c of build.corpus.loadCorpus(join(dir, f))) calls.push(build.corpus.toolCall(c));
  return calls;
}

/** The call with `tag` worked into its command, URL or path. */
export function unique(call, tag) {
  const p = { ...call.params };
  if (typeof p.command === 'string')
    p.command = p.command.includes('\n') ? `U_${tag}=1 ${p.command}` : `${p.command} u${tag}`;
  else if (typeof p.url === 'string') p.url = `${p.url}${p.url.includes('?') ? '&' : '?'}u=${tag}`;
  else for (const k of ['path', 'file_path']) if (typeof p[k] === 'string') p[k] = `${p[k]}.u${tag}`;
  return { ...call, params: p };
}

/**
 * One dry-run pass of `calls` through `engine`: each call's wall time (µs, in call order) and the
 * process CPU per call over the pass (µs; GC threads included, what a loaded machine moves least).
 */
export function timePass(engine, calls) {
  const times = [];
  const c0 = process.cpuUsage();
  for (const c of calls) {
    const t0 = process.hrtime.bigint();
    engine.evaluate(c, { dryRun: true });
    times.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  const u = process.cpuUsage(c0);
  return { times, cpu: (u.user + u.system) / calls.length };
}
