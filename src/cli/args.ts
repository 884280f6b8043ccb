// Argument parsing shared by every command: node's parseArgs, with usage errors turned into
// one clear line and exit code 2, and --help on every command.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {}

export interface Command {
  /** One-paragraph help text printed by `svc CMD --help`. */
  help: string;
  /** Runs the command; resolves to the process exit code. */
  run(argv: string[]): Promise<number>;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses argv strictly; unknown flags and missing values become UsageError. */
export interface Parsed {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

export function parse(argv: string[], options: Options, allowPositionals = true): Parsed {
  try {
    return parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.replace(/\s+/g, ' ').trim());
  }
}

export function wantsHelp(argv: string[]): boolean {
  const dd = argv.indexOf('--');
  const head = dd >= 0 ? argv.slice(0, dd) : argv;
  return head.includes('--help') || head.includes('-h');
}
