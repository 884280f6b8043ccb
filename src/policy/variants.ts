// Spellings of one shell command that a shell runs the same way (quoting, escapes, variable
// indirection, brace expansion, ${IFS}, base64 into sh, eval, bash -c, a long script around it,
// launchers, full paths). Invariance checks feed them to the engine: an attack spelled another
// way must be stopped at least as firmly, and a harmless wrapper must not flag a benign call.
// Deterministic for a seed, so a failure can be replayed.
import type { FinalAction } from './types.js';
import type { CorpusCase } from './corpus.js';
import { table } from '../util/lookup-table.js';

export interface Variant {
  /** The case it comes from. */
  id: string;
  kind: string;
  command: string;
}

/** A small seeded generator (mulberry32): the same seed gives the same variants. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One word a shell reads back as itself. */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_@%+=:,./~-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A single simple command of plain words: structural rewrites apply to it. */
const SIMPLE = /^[A-Za-z0-9_./~=:@%+,-]+(?: [A-Za-z0-9_./~=:@%+,*-]+)*$/;

const FILLER = [
  'echo "building"',
  'ls -la',
  'git status --short',
  'npm run lint',
  'mkdir -p build/out',
  'cd src && ls && cd ..',
  'npm ls --depth=0',
  'node --version',
  'date',
  'grep -rn TODO src/ || true',
  'wc -l README.md',
  'true',
];

type Rewrite = (cmd: string, rnd: () => number) => string | null;

/** Rewrites that keep the meaning of any command. */
const ANY: Record<string, Rewrite> = table({
  'bash -c': (c) => `bash -c ${shellQuote(c)}`,
  eval: (c) => `eval ${shellQuote(c)}`,
  'base64 into sh': (c) => `echo ${Buffer.from(c).toString('base64')} | base64 -d | sh`,
  'buried in a script': (c, rnd) => {
    const lines = Array.from(
      { length: 29 },
      (_, i) => FILLER[(i + Math.floor(rnd() * FILLER.length)) % FILLER.length] ?? '',
    );
    lines.splice(Math.floor(rnd() * 30), 0, c);
    return lines.join('\n');
  },
  'here-string into bash': (c) => `bash <<< ${shellQuote(c)}`,
});

/** Rewrites of the first simple command (a launcher or a different spelling of its name). */
const HEAD: Record<string, (name: string, rest: string) => string | null> = table({
  'single quotes': (n, r) => `'${n}'${r}`,
  'split quotes': (n, r) => (n.length > 1 ? `"${n[0]}"${n.slice(1)}${r}` : null),
  backslash: (n, r) => (n.length > 1 ? `${n[0]}\\${n.slice(1)}${r}` : null),
  'full path': (n, r) => (/^[a-z][a-z0-9_-]*$/.test(n) ? `/usr/bin/${n}${r}` : null),
  'variable indirection': (n, r) => `c=${n}; $c${r}`,
  'env wrapper': (n, r) => `env ${n}${r}`,
  'timeout wrapper': (n, r) => `timeout 60 ${n}${r}`,
  'sudo wrapper': (n, r) => `sudo ${n}${r}`,
  'nohup wrapper': (n, r) => `nohup ${n}${r}`,
});

/** Rewrites of a whole simple command (plain words only). */
const SIMPLE_ONLY: Record<string, Rewrite> = table({
  'brace expansion': (c) => (c.includes(' ') ? `{${c.split(' ').join(',')}}` : null),
  '${IFS}': (c) => c.split(' ').join('${IFS}'),
});

/** Variant kinds that are harmless for a benign call (a wrapper that changes nothing it does). */
export const HARMLESS = new Set([
  'timeout wrapper',
  'env wrapper',
  'nohup wrapper',
  'bash -c',
  'buried in a script',
  'single quotes',
  'full path',
]);

/** Every variant of one command (the caller samples). */
export function variantsOf(id: string, command: string, rnd: () => number): Variant[] {
  const out: Variant[] = [];
  const add = (kind: string, c: string | null) => {
    if (c !== null && c !== command) out.push({ id, kind, command: c });
  };
  for (const [kind, f] of Object.entries(ANY)) add(kind, f(command, rnd));
  const [, head, rest = ''] = /^([A-Za-z][A-Za-z0-9_.-]*)((?:\s[^\n]*)?)$/.exec(command) ?? [];
  if (head && !command.includes('\n')) for (const [kind, f] of Object.entries(HEAD)) add(kind, f(head, rest));
  if (SIMPLE.test(command)) for (const [kind, f] of Object.entries(SIMPLE_ONLY)) add(kind, f(command, rnd));
  return out;
}

/** Strictness of a decision: deny > ask > allow/watch. */
export function rank(a: FinalAction): number {
  return a === 'deny' ? 2 : a === 'ask' ? 1 : 0;
}

/** The exec command of a corpus case, when it has one. */
export function commandOf(c: CorpusCase): string | undefined {
  const v = c.params.command ?? c.params.cmd;
  return c.tool === 'exec' && typeof v === 'string' ? v : undefined;
}

/**
 * Variants for a list of cases: every one, or `sample` of them drawn with the seed. Benign cases
 * get only the harmless kinds.
 */
export function corpusVariants(
  cases: CorpusCase[],
  seed: number,
  sample?: number,
  benign = false,
): { source: CorpusCase; variant: Variant }[] {
  const rnd = seeded(seed);
  const all: { source: CorpusCase; variant: Variant }[] = [];
  for (const c of cases) {
    const cmd = commandOf(c);
    if (cmd === undefined) continue;
    for (const v of variantsOf(c.id, cmd, rnd))
      if (!benign || HARMLESS.has(v.kind)) all.push({ source: c, variant: v });
  }
  if (sample === undefined || sample >= all.length) return all;
  // A partial Fisher-Yates shuffle: `sample` distinct draws.
  for (let i = 0; i < sample; i++) {
    const j = i + Math.floor(rnd() * (all.length - i));
    const a = all[i];
    const b = all[j];
    if (a === undefined || b === undefined) break;
    [all[i], all[j]] = [b, a];
  }
  return all.slice(0, sample);
}
