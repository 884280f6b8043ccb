// Files that interpreter code reads and then sends to another host, whatever library sends them:
// `httpx.put(URL, content=open('db/prod.sqlite3','rb').read())`, `fetch(URL, {body:
// fs.readFileSync(F)})`, `Net::HTTP.post(URI(URL), File.read(F))`, `httr::POST(URL,
// body=upload_file(F))`, `(New-Object Net.WebClient).UploadFile(URL, F)`, `ftp.storbinary('STOR
// k', open(F,'rb'))`, `sftp.put(F, ...)`, `s.sendall(open(F,'rb').read())`, a mail message given
// the file as an attachment and sent through an SMTP host. The data is followed from the read to
// the call that sends it: through names assigned from it (`d = open(F).read(); post(URL, data=d)`,
// `with open(F) as f`) and objects a method hands it to (`msg.add_attachment(d)`). It reads as
// `uploads-remote code HOST`, as `curl -F f=@F URL` does: loopback, the private network and the
// hosts of known vendors and services (an API given a request file) are not outside, and the
// file itself is still decided as a read.
import type { Effect } from './types.js';
import { isLoopbackHost } from './url-host.js';
import { privateHost } from '../remote-copies.js';
import { isVendorHost } from './supply-data.js';
import { isServiceHost } from './token-homes.js';
import { isIngressUrl } from './ingress-urls.js';

/** Calls that read a file's contents (or open it for a sender), in the common languages; data frames and query results read whole. */
const FILE_READ =
  /(?:\b(?:io\.|codecs\.)?open|\bPath|readFileSync|readFile|createReadStream|Deno\.read(?:Text)?File|Bun\.file|File\.(?:read|binread|open|new|readlines|ReadAll(?:Bytes|Text|Lines))|IO\.(?:read|binread)|file_get_contents|fopen|CURLFile|curl_file_create|upload_file|ReadAll(?:Bytes|Text|Lines)|Get-Content|ioutil\.ReadFile|os\.ReadFile|os\.Open|Files\.readAll(?:Bytes|Lines)|readBin|readLines|read_file|slurp|(?:pd|pandas|pl|polars)\.read_\w+|np\.load|\.fetchall|\.fetchmany)\s*\(/;
/** Calls that send what they are given to another host. */
const SEND_CALL =
  /(?:\.\s*(?:post|put|patch|request|upload|upload_?file(?:obj)?|put_object|send|sendall|sendto|sendfile|send_message|sendmail|storbinary|storlines|Upload(?:File|Data|String)(?:Async|TaskAsync)?|PostAsync|PutAsync|post_form)|\burlopen|\bRequest|\bfetch|\bhttr::(?:POST|PUT|PATCH)|\b(?:POST|PUT|PATCH)|\bcurl_setopt|\bhttp\.(?:Post|NewRequest)|Invoke-(?:RestMethod|WebRequest))\s*\(/g;
/** Cmdlet sends, whose arguments are words rather than a bracketed list. */
const CMDLET_SEND = /\b(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr)\b([^\n;|]*)/gi;
/** A PowerShell read cmdlet given a path as a word (`gc C:\x\db.json -Raw`, `Get-Content -Path F`). */
const PS_READ =
  /(?:^|[\s(=;])(?:Get-Content|gc|cat|type)\s+(?:-(?:Path|LiteralPath|Raw|Encoding\s+\S+)\s+)*["']?((?:[A-Za-z]:\\|\/|~\/|\.{1,2}[\\/]|\$env:)[^\s"')]+)/i;
/** Hosts named by a mail, file-transfer or socket connection (smtplib.SMTP('smtp.x'), ftplib.FTP(h), Transport((h, 22))). */
/** A request object written to (`req.write(data)`, `req.end(data)`) by code that opened it with a host option. */
const REQUEST_WRITE = /\b(?:https?\.request|net\.connect|tls\.connect|net\.createConnection)\s*\(/;
const HOST_OPTION = /\b(?:hostname|host)\s*:\s*["']([A-Za-z0-9.-]+\.[A-Za-z0-9-]+)["']/;
const CONNECTION_HOST =
  /\b(?:SMTP(?:_SSL)?|FTP(?:_TLS)?|Transport|SSHClient\(\)\s*\.\s*connect|create_connection|connect|TCPSocket\.new|TCPClient|Net::SMTP\.start|Net::FTP\.new|fsockopen)\s*\(\s*\(?\s*["']([A-Za-z0-9][A-Za-z0-9.-]*\.[A-Za-z0-9-]+|\d+\.\d+\.\d+\.\d+)["']/g;
const URL_HOST = /\b(?:https?|ftps?|wss?):\/\/(?:[^@/\s'"`]*@)?([A-Za-z0-9.-]+|\[[0-9a-fA-F:.]+\])[^\s'"`)]*/;
/** A literal path as the first argument of a read or a file sender. */
const FIRST_PATH =
  /^\s*\(?\s*[rfbu]{0,2}["'`]((?:\/|~\/|\.{1,2}\/|[A-Za-z]:\\|\$HOME|\$env:)[^"'`\n]*|[\w.-]+\.\w{1,8})["'`]/;
/** Senders given the local file they send as an argument (beside the URL or remote name). */
const FILE_FIRST = /(?:upload_?file|sendfile|Upload(?:File)(?:Async|TaskAsync)?|\.put)\s*\($/;

/** The first string literal among a call's arguments that is a local path (not a URL). */
function pathLiteral(args: string): string | undefined {
  for (const m of args.matchAll(/[rfbu]{0,2}(["'`])([^"'`\n]+)\1/g)) {
    const v = m[2] ?? '';
    if (/^(?:\/|~\/|\.{1,2}\/|[A-Za-z]:\\|\$HOME|\$env:)/.test(v)) return v;
  }
  return undefined;
}

/** The text of a call's arguments from just after its opening bracket, to its close. */
function callArgs(code: string, from: number): string {
  let depth = 0;
  for (let i = from; i < code.length && i < from + 1500; i++) {
    const ch = code[i];
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      if (depth === 0) return code.slice(from, i);
      depth--;
    }
  }
  return code.slice(from, from + 1500);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Names that hold a file's contents: assigned from a read, bound by `with ... as`, or handed it by a method. */
function carriers(code: string): Set<string> {
  const names = new Set<string>();
  const holds = (text: string) =>
    FILE_READ.test(text) || [...names].some((n) => new RegExp(`(?<![\\w.$])${escape(n)}\\b`).test(text));
  for (let round = 0; round < 3; round++) {
    const before = names.size;
    for (const stmt of code.split(/[;\n]/)) {
      const assign =
        /^\s*(?:(?:const|let|var|my|local|val)\s+)?\$?([A-Za-z_]\w*)\s*(?::[^=]+)?(?<![=!<>])=(?!=)(.*)$/.exec(stmt);
      if (assign?.[1] && holds(assign[2] ?? '')) names.add(assign[1]);
      const withAs = /\bwith\s+(.*)\bas\s+([A-Za-z_]\w*)/.exec(stmt);
      if (withAs?.[2] && FILE_READ.test(withAs[1] ?? '')) names.add(withAs[2]);
      for (const m of stmt.matchAll(
        /\$?([A-Za-z_]\w*)\s*\.\s*(?:add_attachment|attach|set_content|set_payload|append|extend|update|write|add_file|addFile|Add)\s*\(/g,
      ))
        if (m[1] && holds(stmt.slice((m.index ?? 0) + m[0].length))) names.add(m[1]);
    }
    if (names.size === before) break;
  }
  return names;
}

/** Whether data sent to the host leaves the organisation's machines. */
export function outside(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return !isLoopbackHost(h) && !privateHost(h) && !isVendorHost(h) && !isServiceHost(h);
}

/** The uploads of local files that a piece of code makes (see the top of this file). */
export function codeUploads(code: string, via: string): Effect[] {
  if (!FILE_READ.test(code) && !/upload_?file|sendfile|\.put\s*\(|UploadFile|-InFile|-Body\b/i.test(code)) return [];
  const names = carriers(code);
  const carries = (text: string) =>
    FILE_READ.test(text) || [...names].some((n) => new RegExp(`(?<![\\w.$])\\$?${escape(n)}\\b`).test(text));
  const fallback =
    [...code.matchAll(CONNECTION_HOST)].map((m) => m[1] ?? '').find((h) => h && outside(h)) ??
    [HOST_OPTION.exec(code)?.[1] ?? ''].find((h) => h && outside(h));
  const codeUrlHost = (() => {
    for (const m of code.matchAll(new RegExp(URL_HOST.source, 'g')))
      if (m[1] && (outside(m[1]) || isIngressUrl(m[0]))) return m[1];
    return undefined;
  })();
  const sends: { args: string; file?: string }[] = [];
  for (const m of code.matchAll(SEND_CALL)) {
    const args = callArgs(code, (m.index ?? 0) + m[0].length);
    const fileFirst = FILE_FIRST.test(m[0]) ? pathLiteral(args) : undefined;
    if (fileFirst || carries(args)) sends.push({ args, file: fileFirst });
  }
  // Node's http(s).request / net.connect: what is written to the request or socket is sent
  if (REQUEST_WRITE.test(code))
    for (const m of code.matchAll(/\.\s*(?:write|end)\s*\(/g)) {
      const args = callArgs(code, (m.index ?? 0) + m[0].length);
      if (carries(args)) sends.push({ args });
    }
  for (const m of code.matchAll(CMDLET_SEND)) {
    const args = m[1] ?? '';
    const inFile = /-InFile\s+["']?([^\s"']+)/i.exec(args)?.[1];
    // a body built from a file read by a cmdlet, bracketed or not: `-Body (@{c=(gc F -Raw)} | ConvertTo-Json)`
    const bodyFile = /-Body\b/i.test(args) ? PS_READ.exec(args)?.[1] : undefined;
    if (inFile || bodyFile || (/-Body\b/i.test(args) && carries(args))) sends.push({ args, file: inFile ?? bodyFile });
  }
  for (const s of sends) {
    const ownUrl = URL_HOST.exec(s.args);
    const own = ownUrl?.[1];
    // an incoming webhook or form endpoint on a service's host still delivers to its maker (ingress-urls.ts)
    const host = own ? (outside(own) || isIngressUrl(ownUrl?.[0] ?? '') ? own : undefined) : (codeUrlHost ?? fallback);
    if (!host) continue;
    const file = s.file ?? literalFile(s.args) ?? literalFile(code) ?? 'a local file';
    const out: Effect[] = [
      { tool: 'exec', command: `uploads-remote code ${host}`, via: `${via} sends ${file} to ${host}` },
    ];
    if (file !== 'a local file') out.push({ tool: 'read', path: file, via: `${via} sends ${file}` });
    return out;
  }
  return [];
}

/** The first literal path a file read in the text names. */
function literalFile(text: string): string | undefined {
  const re = new RegExp(FILE_READ.source, 'g');
  for (const m of text.matchAll(re)) {
    const p = FIRST_PATH.exec(text.slice((m.index ?? 0) + m[0].length - 1))?.[1];
    if (p) return p;
  }
  return undefined;
}
