// Option parsing just good enough to tell a program's operands from its options: which options
// take an argument is data per program, everything else starting with '-' is a flag.
import { at } from '../../util/invariant.js';

export interface ParsedArgs {
  /** Non-option words, in order. */
  operands: string[];
  /** Options with their arguments: --out=x and -o x both as ['--out', 'x'] / ['-o', 'x']. */
  options: [string, string | undefined][];
}

/**
 * `withArg` lists options that take a separate argument (short ones also attached: -ofile);
 * a `--long=value` always carries its own. After `--` every word is an operand.
 */
export function parseArgs(argv: string[], withArg: readonly string[] = []): ParsedArgs {
  const operands: string[] = [];
  const options: [string, string | undefined][] = [];
  const takes = new Set(withArg);
  for (let i = 1; i < argv.length; i++) {
    const w = at(argv, i);
    if (w === '--') {
      operands.push(...argv.slice(i + 1));
      break;
    }
    if (w.length < 2 || w[0] !== '-') {
      operands.push(w);
      continue;
    }
    const eq = w.indexOf('=');
    if (w.startsWith('--') && eq > 0) {
      options.push([w.slice(0, eq), w.slice(eq + 1)]);
      continue;
    }
    if (takes.has(w)) {
      options.push([w, argv[++i]]);
      continue;
    }
    if (!w.startsWith('--') && w.length > 2 && takes.has(w.slice(0, 2))) {
      options.push([w.slice(0, 2), w.slice(2)]);
      continue;
    }
    options.push([w, undefined]);
  }
  return { operands, options };
}

/** The value of the first option spelled any of `names`. */
export function optionValue(p: ParsedArgs, ...names: string[]): string | undefined {
  for (const [k, v] of p.options) if (names.includes(k)) return v;
  return undefined;
}

/**
 * `NAME=V` or `NAME V` anywhere in a raw argv, for the first of `names` found: for readings that
 * look up one option without a per-program list of which options take an argument.
 */
export function argvOption(argv: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i] ?? '';
    for (const n of names) {
      if (w === n) return argv[i + 1];
      if (w.startsWith(`${n}=`)) return w.slice(n.length + 1);
    }
  }
  return undefined;
}

export function hasOption(p: ParsedArgs, ...names: string[]): boolean {
  return p.options.some(
    ([k]) =>
      names.includes(k) ||
      (k.length > 2 &&
        k[0] === '-' &&
        k[1] !== '-' &&
        names.some((n) => n.length === 2 && n[0] === '-' && n[1] !== '-' && k.includes(at(n, 1)))),
  );
}

/** Every value of the options whose name matches `name` (`--member v`, `--member=v`), outer quotes taken off. */
export function optionValues(argv: readonly string[], name: RegExp): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const eq = w.indexOf('=');
    if (eq > 0 && w.startsWith('-') && name.test(w.slice(0, eq))) out.push(w.slice(eq + 1));
    else if (name.test(w) && i + 1 < argv.length) out.push(argv[++i] ?? '');
  }
  return out.map((v) => v.replace(/^(['"])(.*)\1$/, '$2'));
}
