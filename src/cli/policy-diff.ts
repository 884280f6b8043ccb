// `svc policy diff A B`: the decisions two policy sets disagree on, over the shipped corpora (or
// given corpus files) and, with --audit, over every call the audit log recorded. Both sets decide
// each call as a dry run; the report counts differences by A -> B action and B's deciding rule.
// See docs/shadow-and-replay.md.
import { basename, resolve } from 'node:path';
import { parse, UsageError } from './args.js';
import { defaultDataDir } from '../util/datadir.js';
import { ManualClock } from '../util/clock.js';
import type { CorpusCase } from '../policy/corpus.js';
import type { RecordedCall, ReplayReport, ReplayTally } from '../policy/replay.js';
import type { Decision } from '../policy/types.js';
import { briefOf, ruleLabel } from '../policy/shadow.js';
import { DEFAULT_CORPORA } from './bench.js';
import { auditDirOf, scanOptions } from './replay-options.js';
import { formatReplay } from './replay-format.js';

function tallyCorpus(
  toolCall: (c: CorpusCase) => RecordedCall['call'],
  a: (c: CorpusCase) => Decision,
  b: (c: CorpusCase) => Decision,
  cases: CorpusCase[],
  t: ReplayTally,
) {
  for (const c of cases) {
    t.report.events++;
    const da = a(c);
    const rc: RecordedCall = {
      id: `${basename(c.file)}:${c.id}`,
      timestamp: '',
      call: toolCall(c),
      recorded: { action: da.action, policy: ruleLabel(briefOf(da)) },
      redacted: [],
    };
    t.add(rc, b(c));
  }
}

export async function diff(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    corpus: { type: 'string', multiple: true },
    audit: { type: 'boolean' },
    from: { type: 'string' },
    to: { type: 'string' },
    agent: { type: 'string' },
    examples: { type: 'string' },
    json: { type: 'boolean' },
    config: { type: 'string', short: 'c' },
    'data-dir': { type: 'string' },
    'audit-dir': { type: 'string' },
  });
  if (positionals.length !== 2)
    throw new UsageError(`give two policy sets A and B to compare (got ${positionals.length})`);
  const [specA, specB] = positionals as [string, string];
  const examples = values.examples === undefined ? 3 : Number(values.examples);
  if (!Number.isInteger(examples) || examples < 0 || examples > 100)
    throw new UsageError('--examples takes a whole number from 0 to 100');
  const filters = scanOptions(values);
  if (!values.audit && (filters.from || filters.to || filters.agent !== undefined))
    throw new UsageError('--from, --to and --agent narrow --audit; give --audit too');
  const given = (values.corpus as string[] | undefined) ?? [];
  if (given.some((f) => !f)) throw new UsageError('--corpus needs a file');
  const corpora = given.length
    ? given.flatMap((f) => (f === 'shipped' ? DEFAULT_CORPORA : [resolve(f)]))
    : values.audit
      ? []
      : DEFAULT_CORPORA;
  const dataDir = resolve((values['data-dir'] as string | undefined) ?? defaultDataDir());
  const setOpts = { config: values.config as string | undefined, dataDir };
  const auditDir = values.audit ? auditDirOf(values, dataDir) : undefined;
  // The engine's code only now that the arguments are known to be good (policy-help.ts).
  const [{ CORPUS_HOME, loadCorpus, toolCall }, { Redecider, ReplayTally }, { loadSet }, { scanAudit }] =
    await Promise.all([
      import('../policy/corpus.js'),
      import('../policy/replay.js'),
      import('./policy-sets.js'),
      import('./audit-scan.js'),
    ]);

  const reports: Record<string, ReplayReport> = {};
  let display = { a: specA, b: specB };
  if (corpora.length) {
    const cases = corpora.flatMap((f) => loadCorpus(f));
    const opts = { home: CORPUS_HOME, resolveSymlinks: false };
    const A = loadSet(specA, setOpts, opts);
    const B = loadSet(specB, setOpts, opts);
    display = { a: A.set.display, b: B.set.display };
    const t = new ReplayTally(examples);
    tallyCorpus(
      toolCall,
      (c) => A.engine.evaluate(toolCall(c), { dryRun: true }),
      (c) => B.engine.evaluate(toolCall(c), { dryRun: true }),
      cases,
      t,
    );
    reports.corpus = t.result();
  }
  if (auditDir) {
    const ca = new ManualClock(0);
    const cb = new ManualClock(0);
    const A = loadSet(specA, setOpts, { clock: ca });
    const B = loadSet(specB, setOpts, { clock: cb });
    const ra = new Redecider(A.engine, ca);
    const rb = new Redecider(B.engine, cb);
    display = { a: A.set.display, b: B.set.display };
    const t = new ReplayTally(examples);
    await scanAudit(
      { auditDir, ...filters },
      (rc) => {
        const da = ra.decide(rc);
        t.add({ ...rc, recorded: { action: da.action, policy: ruleLabel(briefOf(da)) } }, rb.decide(rc));
      },
      t.report,
    );
    reports.audit = t.result();
  }
  const changed = Object.values(reports).reduce((s, r) => s + r.changed, 0);
  if (values.json) {
    process.stdout.write(
      JSON.stringify(
        { a: display.a, b: display.b, corpora, ...(auditDir ? { audit_dir: auditDir } : {}), ...reports },
        null,
        2,
      ) + '\n',
    );
  } else {
    const parts: string[] = [`A: ${display.a}\nB: ${display.b}`];
    if (reports.corpus)
      parts.push(
        formatReplay(reports.corpus, `\nCorpora: ${corpora.join(', ')}`, { from: 'A', to: 'B', what: 'cases' }),
      );
    if (reports.audit)
      parts.push(
        formatReplay(reports.audit, `\nAudit log: ${auditDir}`, { from: 'A', to: 'B', what: 'recorded calls' }),
      );
    process.stdout.write(parts.join('\n') + '\n');
  }
  return changed ? 1 : 0;
}
