// `svc setup service [--remove]`: protected mode. svc runs as its own system user from a
// root-owned copy of the package, so the agent's user can ask it for decisions but cannot read
// its admin token, change its policies, replace its socket or stop it. docs/protected-mode.md
// describes the layout this writes.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from './args.js';
import { PACKAGE_ROOT } from '../util/version.js';
import { TokenStore } from '../auth/tokens.js';

export const help = `usage: svc setup service [--remove [--purge]] [--dry-run] [options]

Protected mode: installs svc as a systemd service running as a dedicated system user, so
the agent's user can get decisions but cannot read the admin token, change a policy,
replace the socket or stop the server. Run as root. Without root it installs a user-level
unit instead, which gives NO boundary (same user as the agent).

  --prefix DIR        where the root-owned copy of svc goes (default /opt/svc)
  --data-dir DIR      the service's data directory (default /var/lib/svc)
  --user NAME         the service's system user, created when missing (default svc)
  --group NAME        group of the agents' users (default svc-agents)
  --agent-user NAME   add this user to the agents' group (repeatable)
  --port N            HTTP port of the service (default 9090)
  --remove            undo what setup did; keeps the audit log unless --purge
  --dry-run           print the plan and change nothing

Where systemd is not running (containers, CI) it writes everything and prints the
command that starts the server as the service user.`;

/** The fixed place the library and hooks look for the trusted server uid. */
export const ETC_DIR = '/etc';
const UNIT_NAME = 'svc.service';
/** Dependencies needed only to build the native parts. */
const BUILD_ONLY = ['node-gyp', 'node-addon-api'];
/** The built native parts the copy carries. */
const ARTIFACTS = ['libsvc.so', 'libsvc.dylib', 'svc-hook', 'svc-shim', 'svc_native.node'];

export interface ServiceOptions {
  remove: boolean;
  purge: boolean;
  dryRun: boolean;
  prefix: string;
  dataDir: string;
  user: string;
  group: string;
  agentUsers: string[];
  port: number;
  /** Root of /etc (a test redirects it; refused outside tests). */
  etc: string;
  node: string;
  systemdRunning: boolean;
}

interface State {
  created_user: boolean;
  created_group: boolean;
  agent_users: string[];
  prefix: string;
  data_dir: string;
  user: string;
  group: string;
  unit: string;
}

const NAME_RE = /^[a-z_][a-z0-9_-]{0,31}$/;

function run(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function idOf(kind: 'user' | 'group', name: string): number | undefined {
  try {
    const line = run('getent', [kind === 'user' ? 'passwd' : 'group', name]).trim();
    const n = Number(line.split(':')[2]);
    return Number.isInteger(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

function groupMembers(group: string): string[] {
  try {
    return (run('getent', ['group', group]).trim().split(':')[3] ?? '').split(',').filter(Boolean);
  } catch {
    return [];
  }
}

export function parseServiceArgs(
  values: Record<string, unknown>,
  env: NodeJS.ProcessEnv = process.env,
): ServiceOptions {
  const str = (k: string, d: string) => (typeof values[k] === 'string' ? (values[k] as string) : d);
  const o: ServiceOptions = {
    remove: values.remove === true,
    purge: values.purge === true,
    dryRun: values['dry-run'] === true,
    prefix: resolve(str('prefix', '/opt/svc')),
    dataDir: resolve(str('data-dir', '/var/lib/svc')),
    user: str('user', 'svc'),
    group: str('group', 'svc-agents'),
    agentUsers: ((values['agent-user'] as string[] | undefined) ?? []).flatMap((u) => u.split(',')).filter(Boolean),
    port: Number(str('port', '9090')),
    etc: ETC_DIR,
    node: process.execPath,
    systemdRunning: existsSync('/run/systemd/system'),
  };
  if (typeof values['etc-dir'] === 'string') {
    // Only a test run as root may write the trust files elsewhere; the library never reads them there.
    if (env.SVC_TEST_ETC !== '1' || process.getuid?.() !== 0)
      throw new UsageError('--etc-dir is for the test suite only (needs SVC_TEST_ETC=1 and root)');
    o.etc = resolve(values['etc-dir'] as string);
  }
  if (o.purge && !o.remove) throw new UsageError('--purge goes with --remove');
  for (const n of [o.user, o.group, ...o.agentUsers])
    if (!NAME_RE.test(n)) throw new UsageError(`invalid user or group name "${n}"`);
  if (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535)
    throw new UsageError('--port must be 0-65535 (0 picks a free port each start)');
  for (const [k, p] of [
    ['--prefix', o.prefix],
    ['--data-dir', o.dataDir],
  ] as const) {
    if (p === '/' || p.split('/').length < 3)
      throw new UsageError(`${k} ${p} is too close to / (use a directory of its own, e.g. /opt/svc)`);
    if (p.startsWith('/home/') || p === '/root' || p.startsWith('/root/'))
      throw new UsageError(`${k} ${p} is inside a user's home; protected mode needs a directory outside every home`);
  }
  for (const u of o.agentUsers) if (u === o.user) throw new UsageError('the agent user cannot be the service user');
  return o;
}

export function paths(o: ServiceOptions) {
  return {
    etcSvc: join(o.etc, 'svc'),
    uidFile: join(o.etc, 'svc', 'server.uid'),
    serviceFile: join(o.etc, 'svc', 'service.json'),
    agentToken: join(o.etc, 'svc', 'agent-token'),
    state: join(o.etc, 'svc', 'setup-state.json'),
    unit: join(o.etc, 'systemd', 'system', UNIT_NAME),
    socket: join(o.dataDir, 'svc.sock'),
    svcJs: join(o.prefix, 'bin', 'svc.js'),
  };
}

/** The command the unit runs (and a test or a container starts under the service user). */
export function execStart(o: ServiceOptions): string[] {
  return [
    o.node,
    paths(o).svcJs,
    'serve',
    '--data-dir',
    o.dataDir,
    '--port',
    String(o.port),
    '--socket',
    paths(o).socket,
  ];
}

/** The service user's primary group (its own group when setup created the user). */
function primaryGroup(user: string): string {
  try {
    return run('id', ['-gn', user]).trim() || user;
  } catch {
    return user;
  }
}

function unitText(o: ServiceOptions): string {
  const quote = (a: string) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(a) ? a : `"${a.replace(/["\\]/g, '\\$&')}"`);
  return `# Written by 'svc setup service'; 'svc setup service --remove' deletes it.
[Unit]
Description=svc policy firewall for AI agents (protected mode)
After=network.target

[Service]
Type=simple
User=${o.user}
Group=${primaryGroup(o.user)}
SupplementaryGroups=${o.group}
ExecStart=${execStart(o).map(quote).join(' ')}
Environment=SERVICE_HOME=${o.dataDir}
UMask=0077
Restart=on-failure
RestartSec=1
NoNewPrivileges=yes
ProtectSystem=strict
ProtectHome=read-only
ReadWritePaths=${o.dataDir}
PrivateTmp=yes

[Install]
WantedBy=multi-user.target
`;
}

interface Step {
  what: string;
  do(): void;
}

/** Owner, group and mode, applied to one path. */
function own(p: string, uid: number, gid: number, mode: number): void {
  chownSync(p, uid, gid);
  chmodSync(p, mode);
}

function writeAtomic(p: string, text: string, mode: number, uid = 0, gid = 0): void {
  const tmp = `${p}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode });
  chownSync(tmp, uid, gid);
  chmodSync(tmp, mode);
  renameSync(tmp, p);
}

function readState(o: ServiceOptions): State | undefined {
  try {
    return JSON.parse(readFileSync(paths(o).state, 'utf8')) as State;
  } catch {
    return undefined;
  }
}

/** The packages svc loads at run time: the closure of its dependencies, without build tools. */
function runtimeModules(root: string): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const queue = Object.keys(pkg.dependencies ?? {}).filter((d) => !BUILD_ONLY.includes(d));
  const seen = new Set<string>();
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (seen.has(name)) continue;
    let dep: { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
    try {
      dep = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
    } catch {
      continue; // an optional dependency that is not installed
    }
    seen.add(name);
    queue.push(...Object.keys({ ...dep.dependencies, ...dep.optionalDependencies }));
  }
  return [...seen].sort();
}

/** What the copy was made from: a re-run with the same package skips the copy. */
function packageStamp(root: string): string {
  const parts = [
    'package.json',
    'package-lock.json',
    'dist/src/cli/main.js',
    'build/Release/libsvc.so',
    'build/Release/svc-hook',
    'build/Release/svc_native.node',
  ].map((f) => {
    try {
      const st = statSync(join(root, f));
      return `${f}:${st.size}:${st.mtimeMs}`;
    } catch {
      return `${f}:-`;
    }
  });
  return `${root}\n${parts.join('\n')}\n`;
}

/** A root-owned copy of what svc needs at run time (no sources, tests or build tools). */
function copyPackage(prefix: string): void {
  const root = PACKAGE_ROOT.replace(/\/+$/, '');
  const stamp = packageStamp(root);
  const stampFile = join(prefix, '.svc-copy');
  try {
    if (readFileSync(stampFile, 'utf8') === stamp && statSync(prefix).uid === 0) return;
  } catch {
    // No copy yet.
  }
  const tmp = `${prefix}.new`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true, mode: 0o755 });
  const items = [
    'package.json',
    'bin',
    'dist/src',
    'dist/server',
    'server/dashboard',
    'policies',
    ...ARTIFACTS.map((a) => `build/Release/${a}`),
    // A packed install ships the natives prebuilt instead (src/util/artifacts.ts looks in both).
    ...ARTIFACTS.map((a) => `prebuilds/${process.platform}-${process.arch}/${a}`),
    ...runtimeModules(root).map((m) => `node_modules/${m}`),
  ];
  for (const item of items) {
    const from = join(root, item);
    if (!existsSync(from)) continue;
    mkdirSync(dirname(join(tmp, item)), { recursive: true });
    run('cp', ['-RLp', from, join(tmp, item)]);
  }
  writeFileSync(join(tmp, '.svc-copy'), stamp);
  // Root's, and writable by nobody else.
  run('chown', ['-R', 'root:root', tmp]);
  run('chmod', ['-R', 'go-w,a+rX', tmp]);
  rmSync(prefix, { recursive: true, force: true });
  renameSync(tmp, prefix);
}

function installSteps(o: ServiceOptions, out: (l: string) => void): Step[] {
  const p = paths(o);
  const prev = readState(o);
  const state: State = {
    created_user: prev?.created_user ?? false,
    created_group: prev?.created_group ?? false,
    agent_users: prev?.agent_users ?? [],
    prefix: o.prefix,
    data_dir: o.dataDir,
    user: o.user,
    group: o.group,
    unit: p.unit,
  };
  // Called by steps that run after the user and group were created, so a miss is a setup failure.
  const mustId = (kind: 'user' | 'group', name: string) => {
    const id = idOf(kind, name);
    if (id === undefined) throw new Error(`svc setup service: no ${kind} named "${name}" after creating it`);
    return id;
  };
  const uid = () => mustId('user', o.user);
  const gid = () => mustId('group', o.user);
  const agentsGid = () => mustId('group', o.group);
  const steps: Step[] = [];
  steps.push({
    what: `group ${o.group} for the agents' users (created when missing)`,
    do() {
      if (idOf('group', o.group) !== undefined) return;
      run('groupadd', ['--system', o.group]);
      state.created_group = true;
    },
  });
  steps.push({
    what: `system user ${o.user} (no login, home ${o.dataDir}, member of ${o.group}; created when missing)`,
    do() {
      if (idOf('user', o.user) === undefined) {
        const shell = existsSync('/usr/sbin/nologin') ? '/usr/sbin/nologin' : '/bin/false';
        run('useradd', [
          '--system',
          '--user-group',
          '--no-create-home',
          '--home-dir',
          o.dataDir,
          '--shell',
          shell,
          o.user,
        ]);
        state.created_user = true;
      }
      if (!groupMembers(o.group).includes(o.user)) run('usermod', ['-a', '-G', o.group, o.user]);
    },
  });
  for (const a of o.agentUsers) {
    steps.push({
      what: `add agent user ${a} to ${o.group} (connects to the socket, reads the policies and the agent token)`,
      do() {
        if (idOf('user', a) === undefined) throw new Error(`agent user ${a} does not exist`);
        if (!groupMembers(o.group).includes(a)) {
          run('usermod', ['-a', '-G', o.group, a]);
          if (!state.agent_users.includes(a)) state.agent_users.push(a);
        }
      },
    });
  }
  steps.push({
    what: `copy svc to ${o.prefix} (root:root, writable by root only)`,
    do: () => copyPackage(o.prefix),
  });
  steps.push({
    what: `data dir ${o.dataDir}: ${o.user}:${o.group} 2710 (agents may only pass through); policies/ 2750 and its files 0640 (agents read, only ${o.user} and root write); hook-spool.jsonl 0620 (agents append)`,
    do() {
      mkdirSync(o.dataDir, { recursive: true });
      own(o.dataDir, uid(), agentsGid(), 0o2710);
      const pol = join(o.dataDir, 'policies');
      mkdirSync(pol, { recursive: true });
      own(pol, uid(), agentsGid(), 0o2750);
      for (const f of readdirSync(pol)) {
        const fp = join(pol, f);
        if (lstatSync(fp).isFile()) own(fp, uid(), agentsGid(), 0o640);
      }
      const spool = join(o.dataDir, 'hook-spool.jsonl');
      if (!existsSync(spool)) writeFileSync(spool, '');
      own(spool, uid(), agentsGid(), 0o620);
      // Everything else there is the service's alone.
      for (const f of ['token', 'tokens.json', 'audit', 'audit-anchor.json']) {
        const fp = join(o.dataDir, f);
        if (existsSync(fp)) run('chown', ['-R', `${uid()}:${gid()}`, fp]);
      }
      const token = join(o.dataDir, 'token');
      if (existsSync(token)) own(token, uid(), gid(), 0o600);
    },
  });
  steps.push({
    what: `${p.uidFile}: the uid of ${o.user} (root 0644; the library and hooks trust a server with that uid); ${p.serviceFile}: its data dir, URL and socket for clients`,
    do() {
      mkdirSync(p.etcSvc, { recursive: true, mode: 0o755 });
      own(p.etcSvc, 0, 0, 0o755);
      writeAtomic(p.uidFile, `${uid()}\n`, 0o644);
      // Clients default to this server (hooks then never read policies the agent can write).
      const url = `http://127.0.0.1:${o.port}`;
      writeAtomic(p.serviceFile, JSON.stringify({ data_dir: o.dataDir, url, socket: p.socket }, null, 2) + '\n', 0o644);
    },
  });
  steps.push({
    what: `${p.agentToken}: an agent token with eval scope only (root:${o.group} 0640); the admin token stays in ${o.dataDir}/token (${o.user} 0600)`,
    do() {
      const store = new TokenStore(o.dataDir);
      let keep = false;
      try {
        const t = readFileSync(p.agentToken, 'utf8').trim();
        const found = store.lookup(t);
        keep = !!found && 'record' in found && found.record.scopes.join() === 'eval';
      } catch {
        keep = false;
      }
      if (!keep) {
        const { token } = store.create('agent', ['eval']);
        writeAtomic(p.agentToken, token + '\n', 0o640, 0, agentsGid());
      }
      own(store.path, uid(), gid(), 0o600);
    },
  });
  steps.push({
    what: `${p.unit}: runs ${execStart(o).join(' ')} as ${o.user}`,
    do() {
      mkdirSync(dirname(p.unit), { recursive: true });
      writeAtomic(p.unit, unitText(o), 0o644);
    },
  });
  steps.push({
    what: `record what was created in ${p.state} (for --remove)`,
    do: () => writeAtomic(p.state, JSON.stringify(state, null, 2) + '\n', 0o600),
  });
  if (o.systemdRunning) {
    steps.push({
      what: `systemctl daemon-reload; systemctl enable --now ${UNIT_NAME}`,
      do() {
        run('systemctl', ['daemon-reload']);
        run('systemctl', ['enable', '--now', UNIT_NAME]);
      },
    });
  }
  if (/^\/(home|root)(\/|$)/.test(o.node))
    out(
      `warning: node is at ${o.node}, inside a home directory; the service user may not be able to run it (install node system-wide)`,
    );
  return steps;
}

function removeSteps(o: ServiceOptions): Step[] {
  const p = paths(o);
  const st = readState(o);
  // Without the record of what setup made, nothing is deleted: /opt/svc or /var/lib/svc may be
  // someone else's.
  if (!st) throw new Error(`no record of a setup at ${p.state}; nothing was removed`);
  const steps: Step[] = [];
  if (o.systemdRunning && existsSync(p.unit)) {
    steps.push({
      what: `systemctl disable --now ${UNIT_NAME}`,
      do: () => void run('systemctl', ['disable', '--now', UNIT_NAME]),
    });
  }
  steps.push({
    what: `remove ${p.unit}, ${p.uidFile}, ${p.serviceFile}, ${p.agentToken}`,
    do() {
      for (const f of [p.unit, p.uidFile, p.serviceFile, p.agentToken]) rmSync(f, { force: true });
      if (o.systemdRunning) run('systemctl', ['daemon-reload']);
    },
  });
  const prefix = st?.prefix ?? o.prefix;
  steps.push({ what: `remove ${prefix}`, do: () => rmSync(prefix, { recursive: true, force: true }) });
  const dataDir = st?.data_dir ?? o.dataDir;
  steps.push(
    o.purge
      ? {
          what: `remove ${dataDir} with its audit log (--purge)`,
          do: () => rmSync(dataDir, { recursive: true, force: true }),
        }
      : {
          what: `remove ${dataDir} except the audit log (audit/, audit-anchor.json), which is handed to root`,
          do() {
            if (!existsSync(dataDir)) return;
            for (const f of readdirSync(dataDir))
              if (f !== 'audit' && f !== 'audit-anchor.json')
                rmSync(join(dataDir, f), { recursive: true, force: true });
            run('chown', ['-R', 'root:root', dataDir]);
            chmodSync(dataDir, 0o700);
          },
        },
  );
  const group = st?.group ?? o.group;
  for (const a of st?.agent_users ?? []) {
    steps.push({ what: `remove ${a} from ${group}`, do: () => void tryRun('gpasswd', ['-d', a, group]) });
  }
  if (st?.created_user)
    steps.push({ what: `delete system user ${st.user}`, do: () => void tryRun('userdel', [st.user]) });
  if (st?.created_group) steps.push({ what: `delete group ${group}`, do: () => void tryRun('groupdel', [group]) });
  steps.push({
    what: `remove ${p.state}`,
    do() {
      rmSync(p.state, { force: true });
      try {
        if (readdirSync(p.etcSvc).length === 0) rmSync(p.etcSvc, { recursive: true });
      } catch {
        // Already gone.
      }
    },
  });
  return steps;
}

function tryRun(cmd: string, args: string[]): void {
  try {
    run(cmd, args);
  } catch {
    // Already undone.
  }
}

/** Entries only an svc data dir holds: a non-empty directory without any of them is not taken over. */
const SVC_MARKS = ['svc.lock', 'token', 'tokens.json', 'hook-spool.jsonl', 'audit-anchor.json'];

/**
 * The copy replaces --prefix and the data dir is re-owned: both must be new, empty, or svc's own,
 * so a mistyped path (/usr/local, /var/lib) is refused rather than taken over.
 */
function checkTargets(o: ServiceOptions): void {
  const entries = (d: string) => {
    try {
      return readdirSync(d);
    } catch {
      return [];
    }
  };
  const pre = entries(o.prefix);
  if (pre.length && !pre.includes('.svc-copy'))
    throw new Error(`--prefix ${o.prefix} exists and is not a copy made by svc setup service; choose a new directory`);
  const data = entries(o.dataDir);
  if (data.length && !data.some((e) => SVC_MARKS.includes(e))) {
    throw new Error(
      `--data-dir ${o.dataDir} is not empty and not an svc data dir (${data.slice(0, 3).join(', ')}); choose a new directory`,
    );
  }
}

/** Not root: a user-level unit that restarts svc, and a plain statement that it is no boundary. */
function userLevel(o: ServiceOptions, out: (l: string) => void): number {
  const unit = join(homedir(), '.config', 'systemd', 'user', UNIT_NAME);
  const svcJs = join(PACKAGE_ROOT, 'bin', 'svc.js');
  out('not root: installing a user-level unit instead. This gives NO boundary: svc runs as your own user,');
  out('the same user as the agent, which can read its token, change its policies and stop it.');
  out('Run `sudo svc setup service --agent-user ' + userInfo().username + '` for protected mode.');
  if (o.remove) {
    out(`${o.dryRun ? 'would remove' : 'removing'} ${unit}`);
    if (!o.dryRun) {
      if (o.systemdRunning) tryRun('systemctl', ['--user', 'disable', '--now', UNIT_NAME]);
      rmSync(unit, { force: true });
    }
    return 0;
  }
  const text = `[Unit]\nDescription=svc policy firewall (user level, no boundary)\n\n[Service]\nExecStart=${o.node} ${svcJs} serve --port ${o.port}\nRestart=on-failure\n\n[Install]\nWantedBy=default.target\n`;
  out(`${o.dryRun ? 'would write' : 'writing'} ${unit}`);
  if (o.dryRun) return 0;
  mkdirSync(dirname(unit), { recursive: true });
  writeFileSync(unit, text, { mode: 0o644 });
  if (o.systemdRunning) {
    try {
      run('systemctl', ['--user', 'daemon-reload']);
      run('systemctl', ['--user', 'enable', '--now', UNIT_NAME]);
      out(`started: systemctl --user status ${UNIT_NAME}`);
      return 0;
    } catch (err) {
      out(`could not start it with systemctl --user (${(err as Error).message.split('\n')[0]})`);
    }
  }
  out(`start it with: ${o.node} ${svcJs} serve --port ${o.port}`);
  return 0;
}

export function runServiceSetup(
  o: ServiceOptions,
  out: (l: string) => void = (l) => process.stdout.write(l + '\n'),
): number {
  if (process.getuid?.() !== 0) return userLevel(o, out);
  if (!o.remove) checkTargets(o);
  const steps = o.remove ? removeSteps(o) : installSteps(o, out);
  // Checked before anything changes, so a typo leaves no half-done setup behind.
  const missing = o.remove ? [] : o.agentUsers.filter((a) => idOf('user', a) === undefined);
  if (missing.length && !o.dryRun)
    throw new Error(`agent user ${missing.join(', ')} does not exist; nothing was changed`);
  if (o.dryRun) {
    for (const a of missing)
      out(`warning: agent user ${a} does not exist (the real run stops here and changes nothing)`);
    out(`svc setup service${o.remove ? ' --remove' : ''}: plan (--dry-run, nothing changed)`);
    for (const s of steps) out(`  - ${s.what}`);
    if (!o.remove && !o.systemdRunning)
      out(`  - systemd is not running here: print the command that starts the server as ${o.user}`);
    return 0;
  }
  for (const s of steps) {
    out(`${o.remove ? 'undo' : 'done'}: ${s.what}`);
    s.do();
  }
  if (!o.remove) {
    out('');
    out(
      `agents: set SERVICE_HOME=${o.dataDir} SERVICE_SOCKET=${paths(o).socket} SERVICE_URL=http://127.0.0.1:${o.port}`,
    );
    out(
      `        and SERVICE_TOKEN from ${paths(o).agentToken} (eval scope); approvals need the admin token in ${o.dataDir}/token (root only)`,
    );
    if (!o.systemdRunning) {
      out('systemd is not running here; start the server as the service user with:');
      out(`  setpriv --reuid=${o.user} --regid=${primaryGroup(o.user)} --init-groups -- ${execStart(o).join(' ')}`);
    }
  }
  return 0;
}
