// A write or edit of a user's ssh client configuration (~/.ssh/config, ~/.ssh/config.d/*), read by
// what it sets rather than by its path alone. Most edits are keep-alives, a user name, a port, an
// identity file or a short alias for a host; a few directives make ssh run a local program or
// load a library each time it connects, weaken host-key checking, hand the agent or the
// environment to the remote side, or pull in another file. Source: ssh_config(5) (OpenSSH 9.x):
// ProxyCommand, LocalCommand with PermitLocalCommand, KnownHostsCommand, `Match exec`,
// PKCS11Provider, SecurityKeyProvider, Include, ForwardAgent, StrictHostKeyChecking,
// UserKnownHostsFile, SendEnv/SetEnv, RemoteForward/DynamicForward, ProxyJump.
//
// The reading is `startup-ssh FILE plain` when every line is a directive of the harmless list
// below and no host is made to point elsewhere, and `startup-ssh FILE code|trust|redirect|unknown`
// otherwise (decided by policy ssh-config-readings).
import { posix } from 'node:path';
import type { Effect } from './types.js';

const SSH_CONFIG = /(?:^|[/\\])\.ssh[/\\](?:config|config\.d[/\\][^/\\]+)$/;

/** Directives that only tune how a connection is made (ssh_config(5)); no program, no trust change. */
const PLAIN = new Set(
  [
    'host',
    'hostname',
    'user',
    'port',
    'identityfile',
    'identitiesonly',
    'certificatefile',
    'addkeystoagent',
    'usekeychain',
    'serveraliveinterval',
    'serveralivecountmax',
    'tcpkeepalive',
    'connecttimeout',
    'connectionattempts',
    'compression',
    'loglevel',
    'preferredauthentications',
    'pubkeyauthentication',
    'passwordauthentication',
    'kbdinteractiveauthentication',
    'hashknownhosts',
    'controlmaster',
    'controlpath',
    'controlpersist',
    'requesttty',
    'addressfamily',
    'batchmode',
    'escapechar',
    'ipqos',
    'visualhostkey',
    'forwardx11',
    'localforward',
    'updatehostkeys',
    'numberofpasswordprompts',
  ].map((s) => s.toLowerCase()),
);

/** Directives that make ssh run a program or load a library on this machine. */
const CODE = /^(?:proxycommand|localcommand|permitlocalcommand|knownhostscommand|pkcs11provider|securitykeyprovider)$/;

/** `Match` criteria that only compare names (`exec` runs a command). */
const MATCH_PLAIN = /^(?:all|canonical|final|host|originalhost|user|localuser|tagged|localnetwork)$/;

interface Line {
  key: string;
  value: string;
}

function parse(text: string): Line[] {
  const out: Line[] = [];
  for (const raw of text.split('\n')) {
    const l = raw.trim();
    if (!l || l.startsWith('#')) continue;
    const m = /^([A-Za-z][A-Za-z0-9]*)\s*(?:=\s*|\s+)(.*)$/.exec(l);
    out.push(m ? { key: (m[1] ?? '').toLowerCase(), value: (m[2] ?? '').trim() } : { key: l.toLowerCase(), value: '' });
  }
  return out;
}

/** HostName per Host block; the lines before any Host line belong to the block `''` (the one being edited). */
function hostNames(lines: Line[]): Map<string, string> {
  const out = new Map<string, string>();
  let hosts = [''];
  for (const { key, value } of lines) {
    if (key === 'host' || key === 'match') hosts = key === 'host' ? value.toLowerCase().split(/\s+/) : ['*match*'];
    else if (key === 'hostname') for (const h of hosts) if (!out.has(h)) out.set(h, value.toLowerCase());
  }
  return out;
}

function hostsDeclared(lines: Line[]): Set<string> {
  const out = new Set<string>();
  for (const { key, value } of lines) if (key === 'host') for (const h of value.toLowerCase().split(/\s+/)) out.add(h);
  return out;
}

/** A Host pattern that is a real host name (has a dot, no wildcard), not a short alias. */
const REAL_HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;

function finding(content: string | undefined, before: string | undefined): string {
  if (content === undefined) return 'unknown';
  const lines = parse(content);
  for (const { key, value } of lines) {
    if (CODE.test(key)) return 'code';
    if (key === 'match') {
      const words = value.toLowerCase().split(/\s+/);
      if (words.includes('exec') || words.some((w, i) => i % 2 === 0 && !MATCH_PLAIN.test(w.replace(/^!/, ''))))
        return 'code';
      continue;
    }
    if (!PLAIN.has(key)) return 'trust';
  }
  const now = hostNames(lines);
  // `Host github.com` with `HostName` elsewhere sends what the user pushes to github.com to that host
  // a wildcard block (`Host *`) given a HostName repoints every host it covers
  for (const [h, name] of now) if ((REAL_HOST.test(h) || /[*?]/.test(h)) && name !== h) return 'redirect';
  // a HostName with no Host line of its own lands in whatever block comes before it (an append)
  if (before === undefined && now.has('')) return 'redirect';
  if (before !== undefined) {
    const old = parse(before);
    const was = hostNames(old);
    const declared = hostsDeclared(old);
    for (const [h, name] of now) {
      // an existing block (named in the replaced text, or the edited lines themselves) now points elsewhere
      const existing = h === '' || declared.has(h);
      if (existing && (was.get(h) ?? h) !== name) return 'redirect';
    }
  }
  return 'plain';
}

/** What writing `content` (replacing `before` in an edit) to an ssh client configuration sets. */
export function sshConfigWrite(path: string, content: string | undefined, before?: string): Effect | undefined {
  if (!SSH_CONFIG.test(path)) return undefined;
  const name = posix.basename(path.replace(/\\/g, '/'));
  const f = finding(content, before);
  const via =
    f === 'plain'
      ? `sets connection options in ${name}`
      : f === 'code'
        ? `makes ssh run a program or load a library from ${name} each time it connects`
        : f === 'redirect'
          ? `makes a host in ${name} point to another machine`
          : f === 'trust'
            ? `changes what ssh trusts or hands to the remote side in ${name}`
            : `writes ${name} with text not shown on the line`;
  return { tool: 'startup', command: `startup-ssh ${name} ${f}`, via };
}
