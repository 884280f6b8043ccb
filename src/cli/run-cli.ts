// `svc ARGS` as a function: the dispatcher that main.ts runs for the process. Each command lives
// in its own file and is imported lazily, so a hook invocation pays only for the code it runs.
// The test suite also runs it in a long-lived process of its own (test/helpers/warm-svc.ts), so
// what a command prints and the status it exits with come from this one place either way.
import { UsageError, type Command, wantsHelp } from './args.js';
import { COMMANDS } from '../util/svc-commands.js';

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  const lines = Object.entries(COMMANDS).map(([k, v]) => `  ${k.padEnd(width)}  ${v.summary}`);
  return `usage: svc <command> [options]\n\ncommands:\n${lines.join('\n')}\n\nRun 'svc <command> --help' for a command's options.`;
}

async function dispatch(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    // No arguments is a request for the overview, not a mistake: it goes to stdout with status 0.
    process.stdout.write(usage() + '\n');
    return 0;
  }
  if (name === '--version' || name === 'version') {
    const { VERSION } = await import('../util/version.js');
    process.stdout.write(`svc ${VERSION}\n`);
    return 0;
  }
  const entry = COMMANDS[name];
  if (!entry) {
    process.stderr.write(`svc: unknown command "${name}" (run 'svc --help' for the list)\n`);
    return 2;
  }
  const cmd = (await import(entry.file)).default as Command;
  if (wantsHelp(rest)) {
    process.stdout.write(cmd.help.trimEnd() + '\n');
    return 0;
  }
  try {
    return await cmd.run(rest, { commands: COMMANDS });
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`svc ${name}: ${err.message} (see 'svc ${name} --help')\n`);
      return cmd.usageExitCode ?? 2;
    }
    process.stderr.write(`svc ${name}: ${(err as Error).message}\n`);
    return 1;
  }
}

/** Runs `svc ARGV`, writing to process.stdout and process.stderr; resolves to the exit status. */
export async function runCli(argv: string[]): Promise<number> {
  try {
    return await dispatch(argv);
  } catch (err) {
    process.stderr.write(`svc: ${(err as Error).stack ?? err}\n`);
    return 1;
  }
}
