// Files a CLI loads as the value of a parameter, by the CLI's own file-reference syntax: the AWS
// CLI's `file://PATH` and `fileb://PATH` (`aws sns publish --message file://.env`, `aws lambda
// invoke --payload fileb://creds.json`), the Azure CLI's `@PATH` (`az rest --body @.env`), and
// HTTPie/xh request items that embed a file (`field=@PATH`, `field:=@PATH`, `field@PATH` uploads
// it). The file's content goes where the command sends it (a topic, a function, a URL), so each
// is read as a read of that file, and the credential and .env rules decide it as they decide
// `cat FILE`; a payload file of the project (`--cli-input-json file://task.json`) passes.
// Sources: AWS CLI user guide, "Loading AWS CLI parameters from a file"; Azure CLI docs, "Tips for
// using the Azure CLI" (@file arguments); HTTPie docs, request items (=@, :=@, @); xh README.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { isLoopbackHost } from './url-host.js';
import { privateHost } from '../remote-copies.js';
import { payloadToService } from './egress.js';

export const FILE_PARAM_PROGRAMS: readonly string[] = ['aws', 'az', 'http', 'https', 'xh', 'xhs'];

/** The file a word loads, by the program's syntax, or undefined. */
function loadedFile(program: string, word: string): string | undefined {
  if (program === 'aws') return /^(?:--[\w-]+=)?fileb?:\/\/(.+)$/.exec(word)?.[1];
  if (program === 'az') return /^(?:--[\w-]+=)?@([~./\w$][^\s]*)$/.exec(word)?.[1];
  // httpie/xh request items: name=@file, name:=@file (raw JSON), name@file (multipart upload),
  // and xh's bare @file (the request body read from the file)
  return /^[\w.[\]-]*(?:=|:=)?@([~./\w$][^\s]*)$/.exec(word)?.[1];
}

const HTTPIE = new Set(['http', 'https', 'xh', 'xhs']);

/**
 * The host an HTTPie/xh line sends to: its URL item (`https://h/p`, `h.example/p`; `:3000/p` is
 * localhost in both tools' shorthand), or undefined.
 */
function httpieHost(argv: string[]): string | undefined {
  for (const w of argv.slice(1)) {
    if (w.startsWith('-') || /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/i.test(w)) continue;
    if (/^:\d*(?:\/|$)/.test(w)) return 'localhost';
    const m =
      /^(?:https?:\/\/)?(?:[^@/\s]*@)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+\.[A-Za-z]{2,}|\d+(?:\.\d+){3}|localhost)(?::\d+)?(?:[/?#]|$)/.exec(
        w,
      );
    if (m?.[1]) return m[1].toLowerCase();
    return undefined;
  }
  return undefined;
}

/** A read of each file a line's CLIs load as a parameter value (see the top of this file). */
export function fileParamEffects(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    const program = basename(c.argv[0] ?? '').toLowerCase();
    if (!FILE_PARAM_PROGRAMS.includes(program)) continue;
    const files: string[] = [];
    for (const w of c.argv.slice(1)) {
      const f = loadedFile(program, w);
      if (f) out.push({ tool: 'read', path: f, via: `${program} loads ${f} as a parameter it sends` });
      if (f) files.push(f);
    }
    // a local file HTTPie or xh sends to another host is the upload `curl -F f=@FILE URL` is
    // (programs.ts), with the same exceptions: this machine, the private network, and a request
    // file given to a known service's API (egress.ts payloadToService)
    const host = HTTPIE.has(program) && files.length ? httpieHost(c.argv) : undefined;
    if (host && !isLoopbackHost(host) && !privateHost(host) && !payloadToService(files, [host], []))
      out.push({
        tool: 'exec',
        command: `uploads-remote ${program} ${host}`,
        via: `${program} sends ${files[0]} to ${host}`,
      });
  }
}
