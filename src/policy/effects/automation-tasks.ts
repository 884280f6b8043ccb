// Configuration-management files run later on servers: Ansible tasks, handlers and playbooks, and
// Salt states. Each module that runs a command or grants access is read as the shell command it
// amounts to on the managed host, so a reverse shell in a handler named "flush caches" or a root
// key slipped into a users role meets the rules the same command would:
//   shell / command / raw (free form or `cmd:`), cron `job:`       -> the command itself
//   authorized_key for root; copy/lineinfile/blockinfile of a key   -> echo KEY >> /root/.ssh/authorized_keys
//     into root's authorized_keys
//   copy/lineinfile/blockinfile of a sudoers rule that grants every -> printf RULE >> /etc/sudoers
//     command (ALL, NOPASSWD: ALL) into sudoers
//   user with uid 0                                                -> useradd -o -u 0 NAME
//   Salt `cmd.run` (`- name:`)                                     -> the command itself
// Sources: Ansible module references (ansible.builtin.shell, command, raw, cron, copy,
// lineinfile, blockinfile; ansible.posix.authorized_key), Salt's salt.states.cmd. Keys of other
// users and narrower sudoers rules are ordinary server management and are not read.
import { parse } from 'yaml';

/** Where automation lives: role folders, playbooks, Salt states, or text that names Ansible's collections. */
export function isAutomationFile(path: string, content: string): boolean {
  const p = path.replace(/\\/g, '/').toLowerCase();
  if (/\.sls$/.test(p)) return true;
  if (!/\.ya?ml$/.test(p)) return false;
  return (
    /\/roles\/[^/]+\/(?:tasks|handlers)\/|\/playbooks?\/|\/ansible\/|(?:^|\/)(?:site|playbook|main)\.ya?ml$/.test(p) ||
    /\bansible\.(?:builtin|posix)\.|^\s*-?\s*hosts\s*:/m.test(content)
  );
}

const GRANTS_ALL = /\bALL\s*=\s*\([^)]*\)\s*(?:NOPASSWD\s*:\s*)?ALL\s*$|NOPASSWD\s*:\s*ALL\b/m;

/** A module's short name: `ansible.builtin.shell` -> shell. */
const short = (k: string): string => k.slice(k.lastIndexOf('.') + 1);

const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;

const quote = (t: string): string => `'${t.replace(/'/g, `'\\''`)}'`;

function taskCommands(task: Record<string, unknown>, out: string[]): void {
  for (const [key, value] of Object.entries(task)) {
    const mod = short(key);
    const args = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    if (mod === 'shell' || mod === 'command' || mod === 'raw') {
      const cmd = text(value) ?? text(args.cmd) ?? text(args._raw_params);
      if (cmd) out.push(cmd);
    } else if (mod === 'cron') {
      const job = text(args.job);
      if (job) out.push(job);
    } else if (mod === 'authorized_key') {
      const key = text(args.key);
      if (key && text(args.user) === 'root') out.push(`echo ${quote(key)} >> /root/.ssh/authorized_keys`);
    } else if (mod === 'copy' || mod === 'lineinfile' || mod === 'blockinfile' || mod === 'template') {
      const dest = text(args.dest) ?? text(args.path) ?? '';
      const body = text(args.content) ?? text(args.line) ?? text(args.block) ?? '';
      if (/^\/root\/\.ssh\/authorized_keys2?$/.test(dest) && body) out.push(`echo ${quote(body)} >> ${dest}`);
      if (/^\/etc\/sudoers(?:$|\.d\/)/.test(dest) && GRANTS_ALL.test(body))
        out.push(`printf '%s\\n' ${quote(body)} >> /etc/sudoers`);
    } else if (mod === 'user') {
      // an account with user id 0 is root under another name
      const name = text(args.name);
      if (name && text(args.uid) === '0') out.push(`useradd -o -u 0 -g 0 ${quote(name)}`);
    } else if (mod === 'debug') {
      const shown = debugShows(value, args);
      if (shown) out.push(shown);
    } else if (mod === 'block' || mod === 'rescue' || mod === 'always') {
      if (Array.isArray(value)) walk(value, out, 0);
    }
  }
}

/** Jinja lookups of the controller's environment (`lookup('env','X')`, `lookup('ansible.builtin.env', 'X')`, `ansible_env.X`). */
const ENV_LOOKUP =
  /\{\{[^}]*?(?:lookup\(\s*['"](?:ansible\.builtin\.)?env['"]\s*,\s*['"](\w+)['"]\s*\)|ansible_env\.(\w+)|ansible_env\[\s*['"](\w+)['"]\s*\])[^}]*\}\}/g;
/** Variables whose value is every variable of a host, vault-decrypted ones among them. */
const ALL_VARS = /^(?:hostvars(?:\[.*\])?|vars|ansible_env|environment)$/;

/**
 * What a `debug` task prints into the run's output, as the shell command that prints the same:
 * a message naming environment lookups is `echo $NAME ...`, `var: hostvars[...]` (every variable
 * with its value) or `var: ansible_env` is `env` (ansible.builtin.debug: msg and var).
 */
function debugShows(value: unknown, args: Record<string, unknown>): string | undefined {
  const free = text(value) ?? '';
  const msg = text(args.msg) ?? /\bmsg=(.*)$/s.exec(free)?.[1] ?? '';
  const v = (text(args.var) ?? /\bvar=(\S+)/.exec(free)?.[1] ?? '').trim();
  if (ALL_VARS.test(v)) return 'env';
  const names = [...msg.matchAll(ENV_LOOKUP)].map((m) => m[1] ?? m[2] ?? m[3] ?? '').filter(Boolean);
  return names.length ? `echo ${names.map((n) => `"$${n}"`).join(' ')}` : undefined;
}

function walk(node: unknown, out: string[], depth: number): void {
  if (depth > 6 || out.length > 32) return;
  if (Array.isArray(node)) {
    for (const n of node) walk(n, out, depth + 1);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const map = node as Record<string, unknown>;
  taskCommands(map, out);
  for (const k of ['tasks', 'handlers', 'pre_tasks', 'post_tasks'])
    if (Array.isArray(map[k])) walk(map[k], out, depth + 1);
  // Salt: ID: {cmd.run: [{name: CMD}, ...]}
  for (const [k, v] of Object.entries(map)) {
    if (k === 'cmd.run' && Array.isArray(v))
      for (const item of v) {
        const name = item && typeof item === 'object' ? text((item as Record<string, unknown>).name) : undefined;
        if (name) out.push(name);
      }
    else if (v && typeof v === 'object' && !Array.isArray(v) && depth < 2) walk(v, out, depth + 1);
  }
}

/** The shell commands the automation in `content` runs on its hosts (empty when it cannot be parsed). */
export function automationCommands(content: string): string[] {
  let doc: unknown;
  try {
    doc = parse(content.slice(0, 200_000), { uniqueKeys: false });
  } catch {
    return [];
  }
  const out: string[] = [];
  walk(doc, out, 0);
  return [...new Set(out)].slice(0, 32);
}
