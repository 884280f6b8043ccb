// `svc wrap -- CMD...`: runs an agent with both exec guards in place. The first command is
// checked by svc-shim (--svc-exec) before it starts; after that LD_PRELOAD=libsvc.so checks
// every exec of CMD and its descendants, and SHELL points at svc-shim so `$SHELL -c CMD`
// launches are checked as the command string the agent wrote.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { basename, join } from 'node:path';
import { parse, UsageError, type Command } from './args.js';
import { preloadLibraryPath, shimPath } from './preload-path.js';
import { defaultDataDir } from '../util/datadir.js';

const help = `usage: svc wrap -- CMD [ARGS...]

Runs CMD with the svc exec guards in place and exits with its exit status (128+N when it
dies of signal N; 126 when svc blocks CMD itself):
  - CMD itself is checked before it starts;
  - LD_PRELOAD carries libsvc.so, so every exec of CMD and of its children is checked;
  - SHELL is svc-shim, so '$SHELL -c "..."' launches are checked as written
    (the real shell goes into SERVICE_REAL_SHELL).
A denied command fails with "svc: blocked: COMMAND: REASON" on stderr.

environment:
  SERVICE_SOCKET         preload socket (default <data dir>/svc.sock)
  SERVICE_HOME           data directory (default ~/.svc)
  SERVICE_AGENT          agent name in the audit log (default: the name of CMD)
  SERVICE_SESSION, SERVICE_RUN   session label and run ID for grouping approvals
  SERVICE_FAIL_OPEN=0    refuse commands when the server is not running (default: allow)
  SERVICE_PRELOAD_TIMEOUT_MS     fail-open deadline per check (default 2000)
  SERVICE_PRELOAD_ASK=deny       refuse at once instead of waiting for an approval
SERVICE_TOKEN is removed from CMD's environment: the agent never holds the admin token.`;

/** LD_PRELOAD with the library appended once (sanitizer runtimes must stay first). */
function withLibrary(current: string | undefined, lib: string): string {
  const items = (current ?? '').split(/[: ]+/).filter(Boolean);
  return items.includes(lib) ? items.join(':') : [...items, lib].join(':');
}

export function wrapEnvironment(base: NodeJS.ProcessEnv, cmd: string[], lib: string, shim: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  const preloadVar = process.platform === 'darwin' ? 'DYLD_INSERT_LIBRARIES' : 'LD_PRELOAD';
  env[preloadVar] = withLibrary(base[preloadVar], lib);
  const oldShell = base.SHELL;
  if (oldShell && oldShell !== shim && basename(oldShell) !== 'svc-shim') env.SERVICE_REAL_SHELL = oldShell;
  else env.SERVICE_REAL_SHELL = base.SERVICE_REAL_SHELL || '/bin/sh';
  env.SHELL = shim;
  const socket = base.SERVICE_SOCKET || join(defaultDataDir(base), 'svc.sock');
  env.SERVICE_SOCKET = socket;
  env.SERVICE_AGENT = base.SERVICE_AGENT || basename(cmd[0] ?? 'agent');
  delete env.SERVICE_TOKEN;
  return env;
}

function splitCommand(argv: string[]): string[] {
  const dd = argv.indexOf('--');
  if (dd >= 0) {
    parse(argv.slice(0, dd), {}, false);
    return argv.slice(dd + 1);
  }
  if (argv[0]?.startsWith('-')) parse(argv, {}, false);
  return argv;
}

export default {
  help,
  async run(argv: string[]): Promise<number> {
    const cmd = splitCommand(argv);
    if (!cmd.length) throw new UsageError('missing command: svc wrap -- CMD [ARGS...]');
    const lib = preloadLibraryPath();
    const shim = shimPath();
    const env = wrapEnvironment(process.env, cmd, lib, shim);
    const socket = env.SERVICE_SOCKET ?? '';
    if (!existsSync(socket)) {
      const policy = env.SERVICE_FAIL_OPEN === '0' ? 'commands will be refused' : 'commands run unchecked';
      process.stderr.write(
        `svc wrap: warning: no svc server socket at ${env.SERVICE_SOCKET} (is 'svc serve' running?); ${policy}\n`,
      );
    }
    const child = spawn(shim, ['--svc-exec', '--', ...cmd], { stdio: 'inherit', env });
    // The terminal delivers Ctrl-C to CMD directly (same process group); forwarding it again
    // would double it. Signals aimed at this process alone are passed on.
    const onInt = () => {};
    const forward = (sig: NodeJS.Signals) => () => child.kill(sig);
    const onTerm = forward('SIGTERM');
    const onHup = forward('SIGHUP');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    process.on('SIGHUP', onHup);
    try {
      return await new Promise<number>((resolve) => {
        child.once('error', (err) => {
          process.stderr.write(`svc wrap: cannot start ${shim}: ${err.message}\n`);
          resolve(127);
        });
        child.once('exit', (code, signal) => {
          if (signal) resolve(128 + (constants.signals[signal] ?? 0));
          else resolve(code ?? 1);
        });
      });
    } finally {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      process.off('SIGHUP', onHup);
    }
  },
} satisfies Command;
