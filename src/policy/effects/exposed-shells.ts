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
//
// Static file servers are the same kind of door for files: `python3 -m http.server --directory ~`
// (it listens on every interface unless told --bind) hands ~/.ssh, ~/.aws and every token file in
// the home folder to whoever asks. A server whose root is a home folder, the disk, /etc or a
// credential folder reads as `serves-secrets DIR by SERVER`; one serving the project or its build output is
// ordinary. Sources: Python http.server (`--directory/-d`, `--bind/-b`), PHP built-in server (`-S
// ADDR -t DIR`), ruby un.rb `httpd`, http-server and serve (npm), busybox httpd (`-h HOME`,
// `-p [IP:]PORT`), darkhttpd, miniserve, updog (`-d`), Caddy `file-server --root`, webfsd (`-r`),
// twistd web (`--path`).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

export const EXPOSED_SHELL_PROGRAMS: readonly string[] = [
  'jupyter',
  'erl',
  'iex',
  'elixir',
  'jupyter-notebook',
  'jupyter-lab',
  'jupyter-server',
  'jupyter-kernelgateway',
  'ipython',
  'rpyc_classic',
  'rpyc_classic.py',
  'python',
  'python3',
  'code-server',
  'openvscode-server',
  'ttyd',
  'gotty',
  'telnetd',
  'q',
  'busybox',
  'php',
  'ruby',
  'http-server',
  'serve',
  'darkhttpd',
  'miniserve',
  'updog',
  'caddy',
  'webfsd',
  'httpd',
  'twistd',
  'npx',
  'pnpx',
  'bunx',
  'ngrok',
  'tailscale',
];

/** A folder that holds credentials when served: a home folder, the disk, system folders, credential folders. */
const SECRET_ROOT =
  /^(?:~|\$HOME|\$\{HOME\}|\/home(?:\/[^/]+)?|\/Users(?:\/[^/]+)?|\/root|\/|\/etc|\/var|[A-Za-z]:\\(?:Users(?:\\[^\\]+)?)?)\/?$|(?:^|\/)\.(?:ssh|aws|gnupg|kube|docker|azure|config|password-store)\/?$/;

/**
 * A folder of data rather than a site: a data, backup or removable-drive mount outside the
 * project (/srv, /data, /mnt, /media, /Volumes, /var/backups, /var/lib, /backup), or any folder
 * named for backups, exports, dumps or people's records. Served beyond loopback it reads as
 * `serves-data DIR by SERVER`, asked by the exfiltration policy; a project's dist, public, docs
 * or site folder is not this.
 */
const DATA_ROOT =
  /^(?:\/(?:srv|data|mnt|media|Volumes|backups?|exports?|nfs|shares?)|\/var\/(?:backups?|lib|spool|mail)|\/opt\/[^/]+\/data|[D-Zd-z]:\\|\\\\)(?:[\\/]|$)|(?:^|[\\/])(?:backups?|exports?|dumps?|records|archives?|customers?|patients?|payroll|hr|finance|personnel|pii)[\\/]?$/;

/** The folder a static file server serves and the address it listens on, when the command is one. */
function fileServer(argv: string[], cwd: string): { dir: string; bind: string | undefined; name: string } | undefined {
  let a = argv;
  let name = basename(a[0] ?? '').toLowerCase();
  if ((name === 'npx' || name === 'pnpx' || name === 'bunx' || name === 'busybox') && a.length > 1) {
    a = a.slice(1).filter((w, i) => i > 0 || !w.startsWith('-'));
    while (a[0]?.startsWith('-')) a = a.slice(1);
    name = basename(a[0] ?? '').toLowerCase();
  }
  const operand = (skip: RegExp) =>
    a.slice(1).find((w, i) => !w.startsWith('-') && !skip.test(a[i] ?? '') && !/^\d+$/.test(w));
  if (name === 'python' || name === 'python3' || name === 'python2') {
    const i = a.indexOf('-m');
    if (i < 0 || !/^(?:http\.server|SimpleHTTPServer|uploadserver)$/.test(a[i + 1] ?? '')) return undefined;
    const rest = ['m', ...a.slice(i + 2)];
    return {
      name: a[i + 1] ?? 'http.server',
      dir: option(rest, /^(?:-d|--directory)$/) ?? cwd,
      bind: option(rest, /^(?:-b|--bind)$/),
    };
  }
  if (name === 'php') {
    const addr = option(a, /^-S$/);
    if (addr === undefined) return undefined;
    return { name, dir: option(a, /^-t$/) ?? cwd, bind: hostOf(addr)?.host };
  }
  if (name === 'ruby') {
    if (!a.includes('-run') || !a.some((w) => /^httpd\b/.test(w))) return undefined;
    const i = a.findIndex((w) => /^httpd\b/.test(w));
    const dir = a.slice(i + 1).find((w) => !w.startsWith('-') && !/^\d+$/.test(w));
    return { name: 'ruby httpd', dir: dir ?? cwd, bind: option(a, /^--bind-address$/) };
  }
  if (name === 'http-server' || name === 'serve' || name === 'darkhttpd' || name === 'miniserve')
    return {
      name,
      dir: operand(/^(?:-p|--port|-a|--addr|--address|-i|--interfaces|-l|--listen|-c|-C|-K|-S|--config)$/) ?? cwd,
      bind: option(a, /^(?:-a|--addr|--address|-i|--interfaces)$/),
    };
  // busybox httpd -h HOME (Apache's httpd takes no value after -h)
  if (name === 'httpd')
    return { name: 'busybox httpd', dir: option(a, /^-h$/) ?? cwd, bind: hostOf(option(a, /^-p$/))?.host };
  if (name === 'updog') return { name, dir: option(a, /^(?:-d|--directory)$/) ?? cwd, bind: undefined };
  if (name === 'webfsd') return { name, dir: option(a, /^-r$/) ?? cwd, bind: option(a, /^-i$/) };
  if (name === 'caddy' && a[1] === 'file-server')
    return {
      name: 'caddy file-server',
      dir: option(a, /^(?:-r|--root)$/) ?? cwd,
      bind: hostOf(option(a, /^(?:-l|--listen)$/))?.host,
    };
  if (name === 'twistd' && a.includes('web')) return { name, dir: option(a, /^--path$/) ?? cwd, bind: undefined };
  // a tunnel's built-in file server publishes the folder on the internet (ngrok http file:///DIR,
  // tailscale funnel|serve DIR)
  const fileUrl = name === 'ngrok' ? a.find((w) => /^file:\/\//i.test(w)) : undefined;
  if (fileUrl) return { name, dir: fileUrl.replace(/^file:\/\//i, '') || '/', bind: undefined };
  if (name === 'tailscale' && /^(?:funnel|serve)$/.test(a[1] ?? '')) {
    const dir = a.slice(2).find((w) => /^(?:\/|~|\.{1,2}(?:\/|$))/.test(w));
    if (dir) return { name: `tailscale ${a[1] ?? ''}`, dir, bind: undefined };
  }
  return undefined;
}

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

/**
 * Servers that run whatever code a client sends, with no login: a Jupyter kernel started on its
 * own (`ipykernel_launcher`, `ipython kernel`; its ZeroMQ ports are meant for the notebook
 * server on the same machine), the Jupyter Kernel Gateway (no auth_token by default), and
 * RPyC's classic server (rpyc.readthedocs.io: classic mode gives every client the whole Python).
 * Listening beyond loopback, each is a bind shell.
 */
function codeServer(name: string, argv: string[]): Effect | undefined {
  let ip: string | undefined;
  let what = '';
  if (name === 'kernel') {
    ip = unquoted(option(argv, /^--(?:ip|IPKernelApp\.ip|KernelManager\.ip)$/));
    what = 'a Jupyter kernel runs code';
  } else if (name === 'kernelgateway') {
    if (unquoted(option(argv, /^--KernelGatewayApp\.auth_token$/))) return undefined;
    ip = unquoted(option(argv, /^--(?:ip|KernelGatewayApp\.ip)$/));
    what = 'the Jupyter Kernel Gateway runs code';
  } else if (name === 'rpyc') {
    ip = unquoted(option(argv, /^--host$/));
    what = 'the RPyC classic server runs Python';
  }
  if (ip === undefined || LOOPBACK.test(ip)) return undefined;
  const port = unquoted(option(argv, /^--(?:port|KernelGatewayApp\.port|shell)$/)) ?? '8888';
  return bindShell(port, `${what} for whoever connects on ${ip}`);
}

/**
 * Configuration files that make every later start of the server such a door: Jupyter's
 * `jupyter_*_config.py` (`c.ServerApp.ip = '0.0.0.0'`, `c.ServerApp.token = ''`) and `.json`
 * (`{"NotebookApp": {"ip": ..., "token": ...}}`), code-server's `config.yaml` (`bind-addr`,
 * `auth: none`). Read as the command line they amount to.
 */
export function exposedConfigEffects(path: string, content: string): Effect[] {
  const p = path.replace(/\\/g, '/').toLowerCase();
  const via = `${path.slice(path.lastIndexOf('/') + 1)} makes every later start of the server`;
  // an IPython profile's kernel configuration: every kernel of that profile listens there
  if (/\/\.ipython\/profile_[^/]+\/ipython_kernel_config\.py$/.test(p)) {
    const ip = /c\.(?:IPKernelApp|KernelManager)\.ip\s*=\s*(['"])(.*?)\1/.exec(content)?.[2];
    const e = ip === undefined ? undefined : codeServer('kernel', ['ipykernel', `--ip=${ip === '*' ? '0.0.0.0' : ip}`]);
    return e ? [{ ...e, via: `${via} a kernel that runs code for the network (${e.via})` }] : [];
  }
  if (/\/\.jupyter\/jupyter_\w+_config\.(?:py|json)$/.test(p)) {
    const value = (key: RegExp): string | undefined => {
      const py = new RegExp(
        `c\\.(?:ServerApp|NotebookApp|IdentityProvider)\\.${key.source}\\s*=\\s*(?:u|b)?(['"])(.*?)\\1`,
      ).exec(content);
      if (py) return py[2];
      const json = new RegExp(`"${key.source}"\\s*:\\s*"([^"]*)"`).exec(content);
      return json?.[1];
    };
    const args = ['jupyter', 'server'];
    const ip = value(/ip/);
    const token = value(/token/);
    const password = value(/password/);
    if (ip !== undefined) args.push(`--ip=${ip === '*' ? '0.0.0.0' : ip}`);
    if (token !== undefined) args.push(`--ServerApp.token=${token}`);
    if (password !== undefined) args.push(`--ServerApp.password=${password}`);
    const e = jupyter(args);
    return e ? [{ ...e, via: `${via} serve code execution without a token (${e.via})` }] : [];
  }
  if (/\/code-server\/config\.ya?ml$/.test(p)) {
    const bind = /^\s*bind-addr\s*:\s*["']?([^\s"']+)/m.exec(content)?.[1];
    const auth = /^\s*auth\s*:\s*["']?(\w+)/m.exec(content)?.[1];
    if (!bind || !auth) return [];
    const e = serverEffect(['code-server', '--bind-addr', bind, '--auth', auth]);
    return e ? [{ ...e, via: `${via} serve an editor and terminal without authentication` }] : [];
  }
  return [];
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
    const mod = a[i + 1] ?? '';
    if (i >= 0 && /^(?:ipykernel_launcher|ipykernel)$/.test(mod)) return codeServer('kernel', a.slice(i + 1));
    if (i >= 0 && /^rpyc\.cli\.rpyc_classic$/.test(mod)) return codeServer('rpyc', a.slice(i + 1));
    if (i < 0 || !/^(?:notebook|jupyter|jupyterlab|jupyter_server)$/.test(mod)) return undefined;
    return jupyter(['jupyter', ...a.slice(i + 2)]);
  }
  if (name === 'ipython' && a[1] === 'kernel') return codeServer('kernel', a.slice(1));
  if (name === 'rpyc_classic' || name === 'rpyc_classic.py') return codeServer('rpyc', a);
  if (name === 'jupyter-kernelgateway' || (name === 'jupyter' && a[1] === 'kernelgateway'))
    return codeServer('kernelgateway', a);
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
  // kdb+ (code.kx.com, command line -p [host:]port, -u/-U access file): every client of a q
  // process may run `system "cmd"`; told to listen on every interface with no access file, it is
  // a shell for the network. A port alone (`-p 5010`, the tick setup) is left to the host's firewall.
  if (name === 'q') {
    const p = option(a, /^-p$/);
    const bind = p === undefined ? undefined : hostOf(p.replace(/^-/, ''));
    if (!bind || !/^(?:0\.0\.0\.0|\*|::|\[::\])$/.test(bind.host)) return undefined;
    if (a.includes('-u') || a.includes('-U')) return undefined;
    return bindShell(bind.port, `q listens on every interface without an access file: any client runs system commands`);
  }
  // An Erlang/Elixir node started distributed on every interface (`-name x@0.0.0.0`, `--name`,
  // `-kernel inet_dist_use_interface {0,0,0,0}`): any node that presents its cookie, which the line
  // itself shows or a guess finds, runs code in it (rpc:call(Node, os, cmd, [...])). Erlang's
  // distribution protocol and the "Distributed Erlang" chapter of the OTP design principles.
  if (name === 'erl' || name === 'iex' || name === 'elixir') {
    const node = option(a, /^--?name$/);
    const everywhere =
      (node !== undefined && /@(?:0\.0\.0\.0|\*|::)$/.test(node)) ||
      a.some((w) => /inet_dist_use_interface\s*\{\s*0\s*,\s*0\s*,\s*0\s*,\s*0\s*\}/.test(w));
    if (!everywhere) return undefined;
    const port = /inet_dist_listen_min\s+(\d+)/.exec(a.join(' '))?.[1] ?? '4369';
    return bindShell(
      port,
      `${name} starts a distributed node on every interface: whoever has its cookie runs code in it`,
    );
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
  // the folder a server started without a root serves: the last `cd` before it
  let cwd = '.';
  for (const c of line.cmds) {
    if ((c.argv[0] === 'cd' || c.argv[0] === 'pushd') && c.argv.length <= 2) cwd = c.argv[1] ?? '~';
    const e = serverEffect(c.argv);
    if (e) out.push(e);
    const f = fileServer(c.argv, cwd);
    if (!f) continue;
    const dir = unquoted(f.dir) ?? '.';
    const bind = unquoted(f.bind);
    if (bind !== undefined && LOOPBACK.test(bind)) continue;
    if (!SECRET_ROOT.test(dir)) {
      if (DATA_ROOT.test(dir))
        out.push({
          tool: 'exec',
          command: `serves-data ${dir.replace(/[^\w~/$.:-]/g, '_')} by ${f.name.replace(/[^\w.-]/g, '_')}`,
          via: `${f.name} serves ${dir}, a folder of data, to whoever connects`,
        });
      continue;
    }
    out.push({
      tool: 'exec',
      command: `serves-secrets ${dir.replace(/[^\w~/$.:-]/g, '_')} by ${f.name.replace(/[^\w.-]/g, '_')}`,
      via: `${f.name} serves ${dir} (its keys and tokens) to whoever connects`,
    });
  }
}
