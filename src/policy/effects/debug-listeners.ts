// Debuggers and management agents told to listen beyond this machine. A debug port runs any code
// its client sends, with no login: opened on every interface (`*`, `0.0.0.0`, `::`, an empty host
// in Go's `:PORT`) or on the machine's network address, it is a bind shell for whoever reaches
// the port. Read from the options of any program or launcher that carries them (the command line,
// JAVA_TOOL_OPTIONS / NODE_OPTIONS / RUBY_DEBUG_* values, a build's JVM arguments written to a
// file) as
//   `debug-port-exposed AGENT ADDRESS`
// On loopback (`address=127.0.0.1:5005`, `--inspect`, `--inspect=127.0.0.1:9229`, a bare port,
// which JDK 9+ and every other agent bind to localhost) they are the ordinary local debugging
// they are. Inside a container the agent must bind every interface to be reached through a
// published port, so a `docker run` is read by its `-p` publications: on the host's loopback
// (`-p 127.0.0.1:5005:5005`) or unpublished, it stays local; container specs and compose files
// are left to the reviewer of the spec.
//
// Sources: JDWP agent options (docs.oracle.com, "Java Platform Debugger Architecture, Connection
// and Invocation Details": `server=y`, `address=[host:]port`, `*` for all interfaces), Node.js
// `--inspect[-brk|-wait]=[host:]port` (nodejs.org, Debugging guide: "binding to 0.0.0.0 is
// insecure"), debugpy `--listen [host:]port` and `debugpy.listen((host, port))`, ptvsd `--host`,
// Delve `--headless --listen=[host]:port`, Ruby debug `rdbg --open --host` and RUBY_DEBUG_HOST,
// gdbserver `[host]:port`, Chromium `--remote-debugging-address`, remote-pdb `RemotePdb(host,
// port)` and REMOTE_PDB_HOST, Xdebug 3 `xdebug.client_host` / `discover_client_host` (Xdebug 2
// `remote_host` / `remote_connect_back`; xdebug.org, Step Debugging), JMX remote
// (`com.sun.management.jmxremote.authenticate=false` with a `jmxremote.port`, docs.oracle.com,
// "Monitoring and Management Using JMX Technology").
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

/** Cheap gate for lines and file contents. */
export const DEBUG_LISTENER_HINT =
  /jdwp|--inspect|debugpy|ptvsd|--listen|rdbg|RUBY_DEBUG_HOST|jmxremote\.authenticate|gdbserver|remote-debugging-address|RemotePdb|REMOTE_PDB|Rpdb|xdebug\./i;

/** A host that only this machine reaches. */
const LOOPBACK = /^(?:127(?:\.\d+){3}|localhost|\[?::1\]?|ip6-localhost)$/i;

interface Listener {
  agent: string;
  address: string;
}

/** The host part of `[host:]port` ('' when only a port is given, undefined when none is). */
function hostOf(addr: string): string | undefined {
  const a = addr.replace(/^["']|["']$/g, '');
  const m = /^(.*):(\d+)$/.exec(a);
  if (m) return m[1] ?? '';
  return /^\d+$/.test(a) ? undefined : a;
}

/** Whether an agent given `host` (from `[host:]port`) listens beyond loopback; `emptyIsAll` for Go's `:PORT`. */
function beyondLoopback(host: string | undefined, emptyIsAll: boolean): boolean {
  if (host === undefined) return false;
  if (host === '') return emptyIsAll;
  return !LOOPBACK.test(host);
}

/** Every debug listener the text opens beyond loopback. */
export function debugListeners(text: string): Listener[] {
  if (!DEBUG_LISTENER_HINT.test(text)) return [];
  const out: Listener[] = [];
  // JDWP: -agentlib:jdwp=transport=dt_socket,server=y,address=*:5005 (or -Xrunjdwp:...)
  for (const m of text.matchAll(/(?:-agentlib:jdwp=|-Xrunjdwp:)([^\s"']+)/g)) {
    const opts = m[1] ?? '';
    if (!/(?:^|,)server=y/.test(opts)) continue;
    const addr = /(?:^|,)address=([^,\s]+)/.exec(opts)?.[1];
    if (addr && beyondLoopback(hostOf(addr), false)) out.push({ agent: 'jdwp', address: addr });
  }
  // Node.js: --inspect=0.0.0.0:9229, --inspect-brk=[::]:9229, --inspect=0.0.0.0
  for (const m of text.matchAll(/--inspect(?:-brk|-wait)?[=\s]+(?!-)([^\s"',;]+)/g)) {
    const addr = m[1] ?? '';
    if (!/^(?:[\w.:[\]-]+)$/.test(addr) || /\.(?:m?js|cjs|ts)$/.test(addr)) continue;
    if (beyondLoopback(hostOf(addr), false)) out.push({ agent: 'node-inspector', address: addr });
  }
  // debugpy / ptvsd command lines and debugpy.listen(("0.0.0.0", 5678))
  if (/debugpy|ptvsd/.test(text)) {
    for (const m of text.matchAll(/--listen[=\s]+([^\s"']+)/g))
      if (beyondLoopback(hostOf(m[1] ?? ''), false)) out.push({ agent: 'debugpy', address: m[1] ?? '' });
    for (const m of text.matchAll(
      /(?:debugpy|ptvsd)\.(?:listen|enable_attach)\(\s*(?:address\s*=\s*)?\(\s*["']([^"']*)["']/g,
    ))
      if (beyondLoopback(m[1] ?? '', false)) out.push({ agent: 'debugpy', address: m[1] ?? '' });
    for (const m of text.matchAll(/ptvsd\b[^\n]*?--host[=\s]+([^\s"']+)/g))
      if (beyondLoopback(m[1] ?? '', false)) out.push({ agent: 'ptvsd', address: m[1] ?? '' });
  }
  // Delve: dlv ... --headless --listen=:2345 (an empty host is every interface in Go)
  if (/\bdlv\b/.test(text) && /--headless/.test(text))
    for (const m of text.matchAll(/--listen[=\s]+([^\s"']+)/g))
      if (beyondLoopback(hostOf(m[1] ?? ''), true)) out.push({ agent: 'delve', address: m[1] ?? '' });
  // Ruby debug: rdbg --open --host 0.0.0.0, RUBY_DEBUG_OPEN with RUBY_DEBUG_HOST=0.0.0.0
  if (/\brdbg\b[^\n]*--open/.test(text) || /RUBY_DEBUG_OPEN/.test(text)) {
    const host = /(?:--host[=\s]+|RUBY_DEBUG_HOST=)["']?([^\s"']+)/.exec(text)?.[1];
    if (host && beyondLoopback(host, false)) out.push({ agent: 'ruby-debug', address: host });
  }
  // gdbserver [host]:port PROGRAM (an empty host listens on every interface)
  for (const m of text.matchAll(/\bgdbserver\s+(?:--\S+\s+)*([\w.[\]-]*:\d+)\b/g))
    if (beyondLoopback(hostOf(m[1] ?? ''), true)) out.push({ agent: 'gdbserver', address: m[1] ?? '' });
  // Chromium's DevTools protocol on another interface
  for (const m of text.matchAll(/--remote-debugging-address[=\s]+([^\s"']+)/g))
    if (beyondLoopback(m[1] ?? '', false)) out.push({ agent: 'devtools', address: m[1] ?? '' });
  // Python remote debuggers: RemotePdb('0.0.0.0', 4444), REMOTE_PDB_HOST=0.0.0.0, rpdb.Rpdb(addr=...)
  for (const m of text.matchAll(
    /(?:RemotePdb|set_trace|Rpdb)\(\s*(?:host\s*=\s*|addr\s*=\s*)?["']([^"']+)["']|REMOTE_PDB_HOST=["']?([^\s"']+)/g,
  )) {
    const host = m[1] ?? m[2] ?? '';
    if (/remote_pdb|RemotePdb|rpdb|Rpdb|REMOTE_PDB/.test(text) && beyondLoopback(host, false))
      out.push({ agent: 'remote-pdb', address: host });
  }
  // Xdebug connecting out to a debugging client on another network: that client runs code in the
  // application (DBGp eval); on the internet, or found from each request (connect back), it is anyone
  for (const m of text.matchAll(/xdebug\.(?:client_host|remote_host)\s*=\s*["']?([^\s"';]+)/g)) {
    const host = (m[1] ?? '').toLowerCase();
    const home =
      LOOPBACK.test(host) ||
      /^(?:10|192\.168|172\.(?:1[6-9]|2\d|3[01]))\./.test(host) ||
      /(?:^|\.)(?:docker\.internal|containers\.internal|local|localhost|internal|lan)$/.test(host) ||
      !/\./.test(host);
    if (!home) out.push({ agent: 'xdebug', address: host });
  }
  if (/xdebug\.(?:remote_connect_back|discover_client_host)\s*=\s*["']?(?:1|on|true)\b/i.test(text))
    out.push({ agent: 'xdebug', address: 'connect-back' });
  // JMX remote without authentication, on a port (RMI binds every interface unless told a host)
  if (/jmxremote\.authenticate=false/.test(text) && /jmxremote\.(?:rmi\.)?port=\d+/.test(text)) {
    const host =
      /jmxremote\.host=([^\s"']+)/.exec(text)?.[1] ?? /java\.rmi\.server\.hostname=([^\s"']+)/.exec(text)?.[1];
    if (!host || !LOOPBACK.test(host))
      out.push({ agent: 'jmx-remote', address: /jmxremote\.(?:rmi\.)?port=(\d+)/.exec(text)?.[1] ?? '' });
  }
  return out;
}

/** Whether a container run publishes a port beyond the host's loopback (`-p 5005:5005`, `-p 0.0.0.0:...`, `-P`). */
function publishesBeyondLoopback(text: string): boolean {
  if (/\s(?:-P|--publish-all)\b/.test(text)) return true;
  for (const m of text.matchAll(/\s(?:-p|--publish)[=\s]+["']?([^\s"']+)/g))
    if (!/^(?:127(?:\.\d+){3}|localhost|\[::1\]):/.test(m[1] ?? '')) return true;
  return false;
}

function effect(l: Listener, via: string): Effect {
  const address = l.address.replace(/[^\w.:*[\]-]/g, '_') || 'all';
  return {
    tool: 'exec',
    command: `debug-port-exposed ${l.agent} ${address}`,
    via: `${via} opens a ${l.agent} debug port on ${l.address || 'every interface'}, reachable beyond this machine`,
  };
}

/** A command line that starts a debugger listening beyond loopback. */
export function debugListenerEffects(line: LineView, out: Effect[]): void {
  const found = debugListeners(line.text);
  if (!found.length) return;
  const container = ['docker', 'podman', 'nerdctl'].some((p) => line.programs.has(p));
  if (container && !publishesBeyondLoopback(line.text)) return;
  for (const l of found) out.push(effect(l, 'the command'));
}

/**
 * Start-up settings that every later start of a JVM, a PHP runtime or a service reads: Gradle's
 * and Maven's JVM options, sbt's .jvmopts, jvm.options, Tomcat's setenv, .env files, php.ini and
 * conf.d ini files, Procfiles, systemd units and launchd plists. Scripts in package.json and
 * container specs are left out: `--inspect=0.0.0.0` inside a container is how its port is reached.
 */
const STARTUP_SETTINGS =
  /(?:^|\/)(?:gradle\.properties|jvm\.config|\.jvmopts|jvm\.options|setenv\.(?:sh|bat)|\.env(?:\.[\w-]+)?|\.envrc|[^/]*\.ini|procfile|[^/]*\.service|[^/]*\.plist|catalina\.properties|standalone\.conf)$/i;

/** A start-up settings file written with a debugger's listen options beyond loopback. */
export function debugListenerWrites(path: string, content: string): Effect[] {
  const p = path.replace(/\\/g, '/');
  if (!STARTUP_SETTINGS.test(p)) return [];
  const name = p.slice(p.lastIndexOf('/') + 1);
  return debugListeners(content).map((l) => effect(l, `${name} makes every later start`));
}
