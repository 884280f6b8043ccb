// Argument parsing shared by every command: node's parseArgs, with usage errors turned into
// one clear line and exit code 2, and --help on every command.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { SvcError, type SvcErrorOptions } from '../util/errors.js';

export class UsageError extends SvcError {
  override name = 'UsageError';
  constructor(message: string, options?: SvcErrorOptions) {
    super('usage', message, options);
  }
}

export interface Command {
  /** One-paragraph help text printed by `svc CMD --help`. */
  help: string;
  /** Runs the command; resolves to the process exit code. */
  run(argv: string[], ctx?: CommandContext): Promise<number>;
  /** Exit status for bad arguments, when 2 already means something (svc test: 2 is ask). */
  usageExitCode?: number;
  /** For shell completion: the command's options, when it declares them (else read from its help). */
  options?: Options;
  /** For shell completion: the words its first argument takes (sub-commands, hosts, shells). */
  words?: readonly string[];
}

/** What the dispatcher hands a command besides its arguments. */
export interface CommandContext {
  /** The command table: name -> module file and one-line summary. */
  commands: Record<string, { file: string; summary: string }>;
}

/** node's parseArgs messages in svc's own words (they otherwise mention parseArgs internals). */
function usageText(err: Error & { code?: string }): string {
  const msg = err.message.replace(/\s+/g, ' ').trim();
  const opt = /'(?:-\w, )?(--?[\w-]+)/.exec(msg)?.[1];
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${opt ?? msg}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /argument missing/.test(msg) ? `option ${opt ?? ''} needs a value` : `option ${opt ?? ''} takes no value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${/'([^']*)'/.exec(msg)?.[1] ?? ''}`.trim();
    default:
      return msg;
  }
}

export { closest } from '../util/edit-distance.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses argv strictly; unknown flags and missing values become UsageError. */
export interface Parsed {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

/** The options that describe one call to decide, shared by `svc policy explain` and `svc test`. */
export const CALL_OPTIONS: Options = {
  tool: { type: 'string', short: 't' },
  config: { type: 'string', short: 'c' },
  'data-dir': { type: 'string' },
  agent: { type: 'string' },
  session: { type: 'string' },
  workdir: { type: 'string' },
};

export function parse(argv: string[], options: Options, allowPositionals = true): Parsed {
  try {
    return parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals,
      strict: true,
    });
  } catch (err) {
    throw new UsageError(usageText(err as Error & { code?: string }));
  }
}

/** The one positional argument a command takes, or a usage error saying what was expected. */
export function onePositional(positionals: string[], message: string): string {
  const [only] = positionals;
  if (positionals.length !== 1 || only === undefined) throw new UsageError(message);
  return only;
}

export function wantsHelp(argv: string[]): boolean {
  const dd = argv.indexOf('--');
  const head = dd >= 0 ? argv.slice(0, dd) : argv;
  return head.includes('--help') || head.includes('-h');
}
