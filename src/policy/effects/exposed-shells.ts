// Servers that run code or a terminal for whoever connects: started with their authentication
// off and listening beyond this machine, each is a bind shell, and reads as one (`bash -i >&
// /dev/tcp/0.0.0.0/PORT 0>&1`, denied by the reverse-shell rules). Started on loopback, or with
// their authentication on, they are the ordinary development servers they are.
//
// Sources: Jupyter Server/Notebook config (`--ip`, `--ServerApp.token`, `--NotebookApp.token`,
// `--IdentityProvider.token`, `--ServerApp.password`), code-server (`--auth none`,
// `--bind-addr`), openvscode-server (`--without-connection-token`, `--host`), ttyd
// (`-i/--interface`, a command to serve), gotty (`-w/--permit-write`), busybox/inetutils telnetd
// (`-l LOGIN` program run for each connection).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

export const EXPOSED_SHELL_PROGRAMS: readonly string[] = [
  'jupyter',
  'jupyter-notebook',
  'jupyter-lab',
  'jupyter-server',
  'python',
  'python3',
  'code-server',
  'openvscode-server',
  'ttyd',
  'gotty',
  'telnetd',
  'busybox',
];

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|localhost|::1|\[::1\]|lo|lo0)$/;

/** The value of `--name=value` or `--name value` (the last one given). */
function option(argv: string[], names: RegExp): string | undefined {
  let v: string | undefined;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const eq = w.indexOf('=');
    const key = eq > 0 ? w.slice(0, eq) : w;
    if (!names.test(key)) continue;
    v = eq > 0 ? w.slice(eq + 1) : (argv[i + 1] ?? '');
  }
  return v;
}

function bindShell(port: string, via: string): Effect {
  return { tool: 'exec', command: `bash -i >& /dev/tcp/0.0.0.0/${port || '8888'} 0>&1`, via };
}

function unquoted(v: string | undefined): string | undefined {
  return v?.replace(/^(['"])(.*)\1$/, '$2');
}

function jupyter(argv: string[]): Effect | undefined {
  const ip = unquoted(option(argv, /^--(?:ip|(?:ServerApp|NotebookApp)\.ip)$/));
  if (ip === undefined || LOOPBACK.test(ip)) return undefined;
  const token = unquoted(option(argv, /^--(?:(?:ServerApp|NotebookApp|IdentityProvider)\.token|token)$/));
  const password = unquoted(option(argv, /^--(?:(?:ServerApp|NotebookApp|IdentityProvider)\.password)$/));
  const noAuth =
    token === '' ||
    (token === undefined && password === '') ||
    argv.some((w) => /^--(?:ServerApp|NotebookApp)\.disable_check_xsrf=True$/i.test(w) && token === '');
  if (!noAuth) return undefined;
  const port = unquoted(option(argv, /^--(?:port|(?:ServerApp|NotebookApp)\.port)$/)) ?? '8888';
  return bindShell(port, `jupyter serves code execution without a token on ${ip}:${port}`);
}

function hostOf(bind: string | undefined): { host: string; port: string } | undefined {
  if (bind === undefined) return undefined;
  const m = /^(\[[^\]]+\]|[^:]*)(?::(\d+))?$/.exec(bind);
  return m ? { host: m[1] ?? '', port: m[2] ?? '' } : undefined;
}

function serverEffect(argv: string[]): Effect | undefined {
  let a = argv;
  let name = basename(a[0] ?? '').toLowerCase();
  if (name === 'busybox' && a.length > 1) {
    a = a.slice(1);
    name = basename(a[0] ?? '').toLowerCase();
  }
  if (name === 'python' || name === 'python3') {
    const i = a.indexOf('-m');
    if (i < 0 || !/^(?:notebook|jupyter|jupyterlab|jupyter_server)$/.test(a[i + 1] ?? '')) return undefined;
    return jupyter(['jupyter', ...a.slice(i + 2)]);
  }
  if (name.startsWith('jupyter')) return jupyter(a);
  if (name === 'code-server' || name === 'openvscode-server') {
    const noAuth =
      option(a, /^--auth$/) === 'none' || a.includes('--without-connection-token') || a.includes('--connection-token=');
    const bind = hostOf(option(a, /^--(?:bind-addr|host)$/));
    if (!noAuth || !bind || LOOPBACK.test(bind.host)) return undefined;
    const port = bind.port || option(a, /^--port$/) || '8080';
    return bindShell(port, `${name} serves an editor and terminal without authentication on ${bind.host}`);
  }
  if (name === 'ttyd') {
    const iface = option(a, /^(?:-i|--interface)$/);
    if (iface !== undefined && LOOPBACK.test(iface)) return undefined;
    const port = option(a, /^(?:-p|--port)$/) ?? '7681';
    // the first operand is the command served
    if (!a.slice(1).some((w, i) => !w.startsWith('-') && !/^(?:-[pictIuwgP]|--\w[\w-]*)$/.test(a[i] ?? '')))
      return undefined;
    return bindShell(port, `ttyd serves a terminal on port ${port} to the network`);
  }
  if (name === 'gotty') {
    if (!a.some((w) => w === '-w' || w === '--permit-write')) return undefined;
    const addr = option(a, /^(?:-a|--address)$/);
    if (addr !== undefined && LOOPBACK.test(addr)) return undefined;
    const port = option(a, /^(?:-p|--port)$/) ?? '8080';
    return bindShell(port, `gotty serves a writable terminal on port ${port}`);
  }
  if (name === 'telnetd') {
    const login = option(a, /^-l$/);
    if (!login || !/sh$/.test(basename(login))) return undefined;
    const port = option(a, /^-p$/) ?? '23';
    return bindShell(port, `telnetd runs ${login} for whoever connects to port ${port}`);
  }
  return undefined;
}

export function exposedShellEffects(line: LineFacts, out: Effect[]): void {
  for (const c of line.cmds) {
    const e = serverEffect(c.argv);
    if (e) out.push(e);
  }
}
