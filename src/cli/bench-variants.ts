// `svc bench --variants`: every variant of every exec case (see src/policy/variants.ts) through
// the engine. An attack variant fails when it is decided less strictly than its original; a
// benign variant (harmless wrappers only) fails when it is flagged and its original was not.
import { isAttack, toolCall, type CorpusCase, type Evaluator } from '../policy/corpus.js';
import { commandOf, corpusVariants, rank } from '../policy/variants.js';
import type { FinalAction } from '../policy/types.js';

export interface VariantReport {
  seed: number;
  variants: number;
  failures: number;
  byKind: Record<string, { variants: number; failures: number }>;
  failed: { id: string; kind: string; original: FinalAction; got: FinalAction; command: string }[];
}

export function runVariants(engine: Evaluator, cases: CorpusCase[], seed: number): VariantReport {
  const decide = (c: CorpusCase, command: string): FinalAction => {
    const a = engine.evaluate({ ...toolCall(c), params: { ...c.params, command } }, { dryRun: true }).action;
    return a === 'webhook' ? 'ask' : a;
  };
  const rep: VariantReport = { seed, variants: 0, failures: 0, byKind: {}, failed: [] };
  const originals = new Map<CorpusCase, FinalAction>();
  const attacks = cases.filter(isAttack);
  const benign = cases.filter((c) => !isAttack(c));
  for (const [list, harmlessOnly] of [
    [attacks, false],
    [benign, true],
  ] as const) {
    for (const { source, variant } of corpusVariants(list, seed, undefined, harmlessOnly)) {
      const original = commandOf(source);
      if (original === undefined) continue;
      let o = originals.get(source);
      if (o === undefined) originals.set(source, (o = decide(source, original)));
      const got = decide(source, variant.command);
      const bad = harmlessOnly ? rank(o) === 0 && rank(got) > 0 : rank(got) < rank(o);
      const k = (rep.byKind[`${harmlessOnly ? 'benign' : 'attack'}: ${variant.kind}`] ??= { variants: 0, failures: 0 });
      k.variants++;
      rep.variants++;
      if (bad) {
        k.failures++;
        rep.failures++;
        rep.failed.push({ id: source.id, kind: variant.kind, original: o, got, command: variant.command });
      }
    }
  }
  return rep;
}

export function formatVariants(rep: VariantReport, verbose: boolean): string {
  const out = [
    `Variants:         ${rep.variants} (seed ${rep.seed}), ${rep.failures} decided less strictly than the original (attacks) or flagged (benign)`,
    '',
  ];
  for (const [kind, k] of Object.entries(rep.byKind))
    out.push(`  ${kind.padEnd(36)} ${String(k.variants).padStart(6)}  ${k.failures ? `${k.failures} failed` : 'ok'}`);
  const shown = verbose ? rep.failed : rep.failed.slice(0, 20);
  if (shown.length) out.push('', 'Failed variants:');
  for (const f of shown)
    out.push(`  [${f.id}] ${f.kind}: ${f.original} -> ${f.got}: ${f.command.replace(/\n/g, '\\n').slice(0, 110)}`);
  if (shown.length < rep.failed.length) out.push(`  ... and ${rep.failed.length - shown.length} more (--verbose)`);
  return out.join('\n');
}
