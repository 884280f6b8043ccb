// `svc` command dispatcher. Each command lives in its own file and is imported lazily, so a
// hook invocation pays only for the code it runs.
import { UsageError, type Command, wantsHelp } from './args.js';

const COMMANDS: Record<string, { file: string; summary: string }> = {
  serve: { file: './serve.js', summary: 'run the policy server' },
  token: { file: './token.js', summary: 'create, list and revoke per-agent tokens' },
  test: { file: './test.js', summary: "evaluate a command offline, or run a policy file's tests" },
  policy: { file: './policy.js', summary: 'lint a policy file or explain a decision' },
  pending: { file: './pending.js', summary: 'list pending approvals' },
  approve: { file: './approve.js', summary: 'approve a pending call (or a whole run)' },
  deny: { file: './deny.js', summary: 'deny a pending call' },
  audit: { file: './audit.js', summary: 'verify, follow or summarise the audit log' },
  bench: { file: './bench.js', summary: 'measure policy coverage on an attack/benign corpus' },
  'preload-path': { file: './preload-path.js', summary: 'print the path of libsvc.so' },
  wrap: { file: './wrap.js', summary: 'run a command with the shell shim and preload library' },
  mcp: { file: './mcp.js', summary: 'MCP stdio proxy in front of an MCP server' },
  hook: { file: './hook.js', summary: 'host hook adapter (JSON on stdin, host JSON on stdout)' },
  setup: { file: './setup.js', summary: "install or remove the hook in a host's settings" },
  sidecar: { file: './sidecar.js', summary: 'run the optional verification sidecar' },
  init: { file: './init.js', summary: 'detect agents, write a starter policy and install the hooks' },
  doctor: { file: './doctor.js', summary: 'check the installation and explain how to fix what is wrong' },
  status: { file: './status.js', summary: 'one screen: mode, layers, recent decisions, pending asks' },
  completion: { file: './completion.js', summary: 'print a shell completion script (bash, zsh, fish)' },
  rules: { file: './rules.js', summary: 'suggest rules from what people approved and denied' },
  coverage: { file: './coverage.js', summary: "check every tool call in a host's transcripts passed through svc" },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  const lines = Object.entries(COMMANDS).map(([k, v]) => `  ${k.padEnd(width)}  ${v.summary}`);
  return `usage: svc <command> [options]\n\ncommands:\n${lines.join('\n')}\n\nRun 'svc <command> --help' for a command's options.`;
}

async function main(argv: string[]): Promise<number> {
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

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`svc: ${(err as Error).stack ?? err}\n`);
    process.exitCode = 1;
  },
);
