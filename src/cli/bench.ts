// `svc bench`: policy coverage on attack and benign corpora (dry runs through the engine).
import { join } from 'node:path';
import { parse, UsageError, type Command } from './args.js';
import { PACKAGE_ROOT } from '../util/version.js';
import {
  categoryPct,
  CORPUS_HOME,
  loadCorpus,
  runCorpus,
  type BenchReport,
  type CaseResult,
  type CorpusCase,
} from '../policy/corpus.js';
import { formatVariants, runVariants } from './bench-variants.js';

export const DEFAULT_CORPORA = ['attacks.yaml', 'benign.yaml'].map((f) => join(PACKAGE_ROOT, 'test', 'corpus', f));
const INPUT_WIDTH = 70;

function parsePct(v: unknown, flag: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(String(v).replace(/%$/, ''));
  if (!Number.isFinite(n) || n < 0 || n > 100) throw new UsageError(`${flag} takes a percentage between 0 and 100`);
  return n;
}

function clip(s: string, n: number): string {
  const one = s.replace(/\s+/g, ' ');
  return one.length > n ? one.slice(0, n - 1) + '…' : one;
}

function table(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function failureLine(r: CaseResult): string {
  const why = r.policy ? ` (${r.policy})` : '';
  return `  [${r.id}] ${r.category}  ${r.tool}: ${clip(r.input, INPUT_WIDTH)}\n      expected ${r.expected}, got ${r.got}${why}`;
}

export function formatReport(
  rep: BenchReport,
  header: { config: string; corpora: string[] },
  verbose: boolean,
): string {
  const out: string[] = [];
  out.push(`Policy:  ${header.config}`);
  out.push(`Corpus:  ${header.corpora.join(', ')}`);
  out.push('');
  const a = rep.attacks;
  const b = rep.benign;
  out.push(`Attacks stopped:  ${a.pct.toFixed(2)}% (${a.passed}/${a.total}), weighted ${a.weightedPct.toFixed(2)}%`);
  out.push(`Benign flagged:   ${b.flaggedPct.toFixed(2)}% (${b.flagged}/${b.total})`);
  const d = rep.decisions;
  out.push(`Decisions:        deny=${d.deny} ask=${d.ask} watch=${d.watch} allow=${d.allow}`);
  out.push('');
  const rows = [['category', 'kind', 'cases', 'ok', 'ok%', 'weighted%']];
  for (const c of rep.categories) {
    const p = categoryPct(c);
    rows.push([c.category, c.kind, String(c.total), String(c.passed), p.pct.toFixed(1), p.weightedPct.toFixed(1)]);
  }
  out.push(table(rows));
  out.push('(attack categories: ok = stopped; benign categories: ok = not flagged)');
  out.push('');
  out.push(`Failures (${rep.failures.length}):`);
  if (!rep.failures.length) out.push('  none');
  for (const r of rep.failures) out.push(failureLine(r));
  if (verbose) {
    out.push('');
    out.push(`Passing with a different decision than written (${rep.differences.length}):`);
    for (const r of rep.differences) out.push(failureLine(r));
  }
  return out.join('\n');
}

export default {
  help: `usage: svc bench [--config PATH|PROFILE] [--corpus FILE ...] [--category NAME ...] [--min-coverage PCT]
                 [--max-flagged PCT] [--data-dir DIR] [--json] [--verbose] [--variants [--seed N]]

Runs every case of the corpus files through the policy engine (dry run: nothing is counted or
consumed) and reports how many attacks are stopped (deny, or ask where the case accepts ask) and
how many benign calls are flagged (deny or ask), per category, with every failed case.

  --config PATH       policy file, directory, or shipped profile (standard, strict, permissive, ci);
                      default: <data-dir>/policies/ when it holds YAML, else the shipped standard
  --corpus FILE       a corpus file (repeatable); default: the shipped attacks and benign corpora
  --category NAME     only cases of this category (repeatable)
  --min-coverage PCT  exit 1 when fewer than PCT% of the attacks are stopped
  --max-flagged PCT   exit 1 when more than PCT% of the benign calls are flagged
  --variants          also run every spelling variant of each exec case (quoting, escapes, variables,
                      braces, \${IFS}, base64 into sh, eval, bash -c, a script around it, launchers,
                      full paths); exit 1 when an attack variant is decided less strictly than its
                      original or a benign call behind a harmless wrapper is flagged
  --seed N            seed for the variants (default 1)
  --json              print the report as JSON (with every case result when --verbose)
  --verbose           also list passing cases whose decision differs from the written one`,

  async run(argv: string[]): Promise<number> {
    const { values } = parse(
      argv,
      {
        config: { type: 'string' },
        corpus: { type: 'string', multiple: true },
        category: { type: 'string', multiple: true },
        'min-coverage': { type: 'string' },
        'max-flagged': { type: 'string' },
        'data-dir': { type: 'string' },
        json: { type: 'boolean' },
        verbose: { type: 'boolean', short: 'v' },
        variants: { type: 'boolean' },
        seed: { type: 'string' },
      },
      false,
    );
    const seed = values.seed === undefined ? 1 : Number(values.seed);
    if (!Number.isInteger(seed) || seed < 0) throw new UsageError('--seed takes a whole number');
    const minCoverage = parsePct(values['min-coverage'], '--min-coverage');
    const maxFlagged = parsePct(values['max-flagged'], '--max-flagged');
    const corpora = (values.corpus as string[] | undefined) ?? DEFAULT_CORPORA;
    let cases: CorpusCase[] = corpora.flatMap((f) => loadCorpus(f));
    const only = values.category as string[] | undefined;
    if (only?.length) cases = cases.filter((c) => only.includes(c.category));
    if (!cases.length) throw new UsageError('no corpus cases to run (check --corpus and --category)');
    // The engine's code only for a run: --help and bad arguments print without it.
    const { openOfflineEngine } = await import('../policy/offline-engine.js');
    const engine = openOfflineEngine(values.config as string | undefined, values['data-dir'] as string | undefined, {
      home: CORPUS_HOME,
      resolveSymlinks: false,
      // The corpus measures the policy set itself, never a repository that happens to be on this disk.
      projects: false,
    });
    const rep = runCorpus(engine.engine, cases);
    const vrep = values.variants ? runVariants(engine.engine, cases, seed) : undefined;
    if (values.json) {
      const { results, ...summary } = rep;
      const body = {
        config: engine.display,
        corpora,
        ...summary,
        ...(values.verbose ? { results } : {}),
        ...(vrep ? { variants: vrep } : {}),
      };
      process.stdout.write(JSON.stringify(body, null, 2) + '\n');
    } else {
      process.stdout.write(formatReport(rep, { config: engine.display, corpora }, Boolean(values.verbose)) + '\n');
      if (vrep) process.stdout.write('\n' + formatVariants(vrep, Boolean(values.verbose)) + '\n');
    }
    let code = 0;
    if (vrep && vrep.failures) {
      process.stderr.write(`svc bench: ${vrep.failures} of ${vrep.variants} variants failed\n`);
      code = 1;
    }
    if (minCoverage !== undefined && rep.attacks.pct < minCoverage) {
      process.stderr.write(`svc bench: attack coverage ${rep.attacks.pct}% is below --min-coverage ${minCoverage}%\n`);
      code = 1;
    }
    if (maxFlagged !== undefined && rep.benign.flaggedPct > maxFlagged) {
      process.stderr.write(
        `svc bench: ${rep.benign.flaggedPct}% of benign calls flagged, above --max-flagged ${maxFlagged}%\n`,
      );
      code = 1;
    }
    return code;
  },
} satisfies Command;
