// RFC 5424 syslog over UDP (RFC 5426), TCP (RFC 6587 octet counting) or a Unix socket.
// `--syslog udp://host:514 | tcp://host:601 | unix:///dev/log` (a bare host:port means UDP).
// Facility local0, app name "svc", MSGID "audit" (or "anchor"); the message is the event's
// redacted JSON, or its CEF line with `--cef`.
//
// Unix sockets: a stream connection is tried first (syslog-ng unix-stream, newline framed).
// /dev/log is usually a datagram socket, which Node cannot open, so on EPROTOTYPE the sink hands
// messages to a long-lived `logger --socket PATH --prio-prefix` child (util-linux) instead.
import dgram from 'node:dgram';
import net from 'node:net';
import os from 'node:os';
import { spawn, type ChildProcess } from 'node:child_process';
import type { AuditEvent } from '../types.js';
import type { Anchor } from '../anchor.js';
import { formatCef } from './cef.js';
import { severityOf, type AuditSink } from './types.js';

export const FACILITY_LOCAL0 = 16;
const SEVERITY = { warning: 4, notice: 5, info: 6 } as const;
/** Largest datagram sent; longer messages are truncated (RFC 5426 allows it). */
export const MAX_DATAGRAM_BYTES = 64000;
/** Bytes queued while a stream target is slow or away; beyond this, messages are dropped. */
export const MAX_QUEUED_BYTES = 4 * 1024 * 1024;
/** UDP sends in flight before new messages are dropped. */
export const MAX_INFLIGHT_DATAGRAMS = 1024;
export const RECONNECT_MIN_MS = 500;
export const RECONNECT_MAX_MS = 30_000;
const CLOSE_WAIT_MS = 1000;

export interface SyslogTarget {
  proto: 'udp' | 'tcp' | 'unix';
  host: string;
  port: number;
  path: string;
}

export function parseSyslogTarget(spec: string): SyslogTarget {
  const s = spec.trim();
  const bad = () => new Error(`invalid --syslog "${spec}": use udp://HOST:PORT, tcp://HOST:PORT or unix:///PATH`);
  if (s.startsWith('unix://')) {
    const p = s.slice('unix://'.length);
    if (!p.startsWith('/')) throw bad();
    return { proto: 'unix', host: '', port: 0, path: p };
  }
  const m = /^(?:(udp|tcp):\/\/)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._-]+)(?::(\d{1,5}))?\/?$/.exec(s);
  const host = m?.[2];
  if (!m || !host) throw bad();
  const proto = (m[1] ?? 'udp') as 'udp' | 'tcp';
  const port = m[3] ? Number(m[3]) : proto === 'udp' ? 514 : 601;
  if (port < 1 || port > 65535) throw bad();
  return { proto, host: host.replace(/^\[|\]$/g, ''), port, path: '' };
}

export interface SyslogOptions {
  cef?: boolean;
  version: string;
  log: (msg: string) => void;
  hostname?: string;
  app?: string;
}

/** The RFC 5424 header plus message, without framing. */
export function formatSyslog(
  pri: number,
  timestamp: string,
  hostname: string,
  app: string,
  msgid: string,
  msg: string,
): string {
  const h = (hostname || '-').replace(/[^\x21-\x7e]/g, '').slice(0, 255) || '-';
  return `<${pri}>1 ${timestamp} ${h} ${app} ${process.pid} ${msgid} - ${msg}`;
}

export class SyslogSink implements AuditSink {
  readonly name = 'syslog';
  dropped = 0;
  private readonly hostname: string;
  private readonly app: string;
  private udp: dgram.Socket | null = null;
  private inflight = 0;
  private stream: net.Socket | null = null;
  private connected = false;
  private queue: Buffer[] = [];
  private queuedBytes = 0;
  private backoff = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private logger: ChildProcess | null = null;
  private closed = false;
  private lastError = '';

  constructor(
    private readonly target: SyslogTarget,
    private readonly opts: SyslogOptions,
  ) {
    this.hostname = opts.hostname ?? os.hostname();
    this.app = opts.app ?? 'svc';
    if (target.proto === 'udp') {
      this.udp = dgram.createSocket(net.isIPv6(target.host) ? 'udp6' : 'udp4');
      this.udp.on('error', (err) => this.warn(`syslog: ${err.message}`));
      this.udp.unref();
    } else {
      this.connect();
    }
  }

  send(ev: AuditEvent): void {
    const sev = SEVERITY[severityOf(ev.decision.action)];
    const msg = this.opts.cef ? formatCef(ev, this.opts.version) : JSON.stringify(ev);
    this.emit(FACILITY_LOCAL0 * 8 + sev, 'audit', msg);
  }

  anchor(a: Anchor): void {
    this.emit(FACILITY_LOCAL0 * 8 + SEVERITY.notice, 'anchor', JSON.stringify(a));
  }

  private emit(pri: number, msgid: string, msg: string): void {
    if (this.closed) return;
    if (this.logger) {
      // logger builds the header itself; --prio-prefix takes the priority from each line.
      this.enqueue(Buffer.from(`<${pri}>${msg.replace(/\n/g, ' ')}\n`, 'utf8'));
      return;
    }
    const line = formatSyslog(pri, new Date().toISOString(), this.hostname, this.app, msgid, msg);
    if (this.udp) {
      if (this.inflight >= MAX_INFLIGHT_DATAGRAMS) {
        this.dropped++;
        return;
      }
      let buf = Buffer.from(line, 'utf8');
      if (buf.length > MAX_DATAGRAM_BYTES) buf = buf.subarray(0, MAX_DATAGRAM_BYTES);
      this.inflight++;
      this.udp.send(buf, this.target.port, this.target.host, (err) => {
        this.inflight--;
        if (err) {
          this.dropped++;
          this.warn(`syslog: ${err.message}`);
        }
      });
      return;
    }
    const framed =
      this.target.proto === 'tcp'
        ? `${Buffer.byteLength(line, 'utf8')} ${line}` // RFC 6587 octet counting
        : `${line}\n`;
    this.enqueue(Buffer.from(framed, 'utf8'));
  }

  private enqueue(buf: Buffer): void {
    if (this.queuedBytes + buf.length > MAX_QUEUED_BYTES) {
      this.dropped++;
      return;
    }
    this.queue.push(buf);
    this.queuedBytes += buf.length;
    this.drain();
  }

  private drain(): void {
    const out = this.logger?.stdin ?? (this.connected ? this.stream : null);
    if (!out) return;
    for (let buf = this.queue[0]; buf !== undefined; buf = this.queue[0]) {
      if (out.writableLength > MAX_QUEUED_BYTES) return; // wait for 'drain'
      this.queue.shift();
      this.queuedBytes -= buf.length;
      out.write(buf);
    }
  }

  private connect(): void {
    if (this.closed) return;
    const sock =
      this.target.proto === 'tcp'
        ? net.connect({ host: this.target.host, port: this.target.port })
        : net.connect({ path: this.target.path });
    this.stream = sock;
    sock.setNoDelay?.(true);
    sock.on('connect', () => {
      this.connected = true;
      this.backoff = RECONNECT_MIN_MS;
      this.lastError = '';
      this.drain();
    });
    sock.on('drain', () => this.drain());
    sock.on('error', (err: NodeJS.ErrnoException) => {
      if (this.target.proto === 'unix' && err.code === 'EPROTOTYPE') {
        this.startLogger();
        return;
      }
      this.warn(`syslog: ${this.describe()}: ${err.message}`);
    });
    sock.on('close', () => {
      if (this.stream !== sock) return;
      this.connected = false;
      this.stream = null;
      if (this.closed || this.logger) return;
      // Bytes the kernel had not sent are lost with the socket; queued ones are kept.
      this.reconnectTimer = setTimeout(() => this.connect(), this.backoff);
      this.reconnectTimer.unref();
      this.backoff = Math.min(this.backoff * 2, RECONNECT_MAX_MS);
    });
    sock.unref();
  }

  private startLogger(): void {
    if (this.logger || this.closed) return;
    this.stream = null;
    const child = spawn(
      'logger',
      ['--socket', this.target.path, '--prio-prefix', '--rfc5424', '-t', this.app, '--socket-errors=off'],
      {
        stdio: ['pipe', 'ignore', 'ignore'],
      },
    );
    this.logger = child;
    child.on('error', (err) => {
      this.warn(`syslog: cannot run logger for datagram socket ${this.target.path}: ${err.message}`);
      this.logger = null;
      this.closed = true; // nothing else can reach a datagram socket; stop queueing
    });
    child.stdin?.on('error', () => {});
    child.stdin?.on('drain', () => this.drain());
    child.unref();
    (child.stdin as unknown as { unref?: () => void }).unref?.();
    this.drain();
  }

  private describe(): string {
    return this.target.proto === 'unix'
      ? `unix://${this.target.path}`
      : `${this.target.proto}://${this.target.host}:${this.target.port}`;
  }

  /** One log line per distinct error, so a dead target does not flood stderr. */
  private warn(msg: string): void {
    if (msg === this.lastError) return;
    this.lastError = msg;
    this.opts.log(msg);
  }

  async close(): Promise<void> {
    const deadline = Date.now() + CLOSE_WAIT_MS;
    while (
      (this.queue.length || this.inflight) &&
      Date.now() < deadline &&
      (this.connected || this.logger || this.udp)
    ) {
      await new Promise((r) => setTimeout(r, 10));
    }
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.dropped += this.queue.length;
    this.queue = [];
    if (this.udp) this.udp.close();
    if (this.stream) this.stream.end();
    if (this.logger) this.logger.stdin?.end();
  }
}
