// A wrapper planted in front of a program: a script that ends by handing its arguments to a
// program of its own name (`exec /usr/local/bin/kubectl "$@"`, `/usr/bin/git "$@"`, `command
// docker "$@"`, `& "C:\Program Files\Git\cmd\git.exe" @args`). Written where it comes first on
// PATH, it runs each time the user types that name, whatever the name is: the real program still
// answers, so nothing looks wrong. What such a wrapper does besides is the reading:
//   wrapper-reports NAME HOST   it also reaches the network (curl, wget, nc, /dev/tcp, a URL):
//                               every command line typed with that name, tokens and passwords
//                               included, is sent away (denied)
//   wrapper-logs NAME           it writes its arguments ("$@", "$*", $args) to a file: the
//                               typed secrets collect where the next reader finds them (asked)
// A wrapper that only sets a variable or an option before the real program (the usual reason
// to write one) is neither.
import { posix } from 'node:path';
import type { Effect } from './types.js';

/** Arguments handed on: `"$@"`, `$*`, PowerShell's `@args`/`$args`, cmd's `%*`. */
const ARGS = /"\$@"|\$@|"\$\*"|\$\*|@args\b|\$args\b|%\*/;
/** Words before the program on a hand-on line: `exec [-a NAME]`, `command`, PowerShell's `&`, cmd's `call`. */
const LEAD = /^(?:exec(?:\s+-a\s+\S+)?|command|&|call|@?start\s+\/b)\s+/i;

/** The program a line hands the arguments to, with whether it was named through `command`. */
function handedTo(line: string): { prog: string; bare: boolean } | undefined {
  if (!ARGS.test(line)) return undefined;
  let t = line.trim().replace(/^(?:then|do|else)\s+/, '');
  const bare = /^command\s/.test(t);
  for (let i = 0; i < 3 && LEAD.test(t); i++) t = t.replace(LEAD, '');
  const q = /^(["'])(.*?)\1/.exec(t);
  const prog = q ? (q[2] ?? '') : (t.split(/\s+/)[0] ?? '');
  return prog ? { prog, bare } : undefined;
}

/** Network reached from a script line: a client program or a shell socket (a proxy URL set for the real program is not). */
const NETWORK =
  /(?:^|[\s;&|(`$])(curl|wget|nc|ncat|netcat|socat|telnet|Invoke-WebRequest|Invoke-RestMethod|iwr|irm)(?:\.exe)?\s[^\n]*|\/dev\/(?:tcp|udp)\/[^\s/]+/i;
/** The arguments written to a file: `echo "$*" >> F`, `printf ... "$@" >> F`, `$args | Out-File`. */
const LOGS_ARGS =
  /^[^\n]*(?:"\$@"|\$@|"\$\*"|\$\*|\$args|%\*)[^\n]*(?:>>?\s*\S+|\|\s*(?:tee|Out-File|Add-Content))|^[^\n]*(?:Add-Content|Out-File)[^\n]*\$args/im;

const LOOPBACK = /^(?:localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i;

function hostOf(text: string): string | undefined {
  const url = /\bhttps?:\/\/([^\s/'":]+)/i.exec(text);
  if (url?.[1]) return url[1];
  const tcp = /\/dev\/(?:tcp|udp)\/([^\s/]+)/.exec(text);
  if (tcp?.[1]) return tcp[1];
  const ip = /\b(\d{1,3}(?:\.\d{1,3}){3})\b/.exec(text);
  return ip?.[1];
}

/** The effects of writing `content` to `path` when it is a wrapper of a program of its own name. */
export function wrapperPlants(path: string, content: string): Effect[] {
  if (content.length > 16 * 1024) return [];
  const file = posix.basename(path.replace(/\\/g, '/'));
  const name = file.replace(/\.(?:exe|cmd|bat|ps1|sh)$/i, '').toLowerCase();
  if (!name || name.length < 2) return [];
  const lines = content.split('\n');
  const handOn = lines.map((line) => {
    const h = handedTo(line);
    if (!h) return false;
    const base = posix
      .basename(h.prog.replace(/\\/g, '/'))
      .replace(/\.(?:exe|cmd)$/i, '')
      .toLowerCase();
    // the program of the file's own name, by another path (or by `command NAME`, which skips the wrapper)
    return base === name && (h.bare || /[\\/]/.test(h.prog));
  });
  if (!handOn.some(Boolean)) return [];
  const out: Effect[] = [];
  for (let i = 0; i < lines.length && !out.length; i++) {
    if (handOn[i]) continue;
    const m = NETWORK.exec(lines[i] ?? '');
    // (a wrapper of a network client itself reaches the network by being one)
    if (!m || m[1]?.toLowerCase() === name) continue;
    const host = hostOf(m[0]) ?? 'the network';
    if (LOOPBACK.test(host)) continue;
    out.push({
      tool: 'exec',
      command: `wrapper-reports ${name} ${host}`,
      via: `writes a wrapper of ${name} into ${file} that also reaches ${host}: every ${name} command line typed goes there`,
    });
  }
  if (!out.length && LOGS_ARGS.test(content))
    out.push({
      tool: 'exec',
      command: `wrapper-logs ${name}`,
      via: `writes a wrapper of ${name} into ${file} that keeps a copy of every command line typed with it`,
    });
  return out;
}
