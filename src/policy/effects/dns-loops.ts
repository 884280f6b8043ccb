// Data spelled into DNS names one chunk at a time: a loop whose variable ranges over data (`for
// l in $(base64 -w63 app.db)`, `... | base64 | while read l`, `while read l; ... done < f`) and
// looks up a name built from it (`host "$l.q.example.org"`, `dig +short ${l}.x.oast.fun`). The
// resolvers on the way deliver every chunk to whoever runs that domain's name server (MITRE
// ATT&CK T1048.003, exfiltration over DNS). Read as the lookup of a name built from a command's
// output (`dig $(LOOP).DOMAIN`), which the exfiltration rule denies. The data is encoded on its
// way (base64, xxd, gzip ...): a loop over a list of host names (`for s in $(cat subdomains.txt);
// do dig $s.acme.com`) ranges over names, not data, and is not this.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

export const DNS_PROGRAMS = ['dig', 'nslookup', 'host', 'drill', 'getent', 'resolvectl', 'delv', 'ping'];
const DNS = new Set(DNS_PROGRAMS);

/** Encoders that turn data into name-safe chunks: a loop over names has no need of them. */
const ENCODER =
  /\b(?:base64|base32|basenc|xxd|od|hexdump|gzip|zstd|bzip2|xz|split\s+-b|fold\s+-w|openssl\s+(?:enc|base64))\b/;

export function dnsLoopEffects(line: LineFacts, out: Effect[]): void {
  if (!ENCODER.test(line.text)) return;
  // loop variables that carry data: set by `for V in $(CMD)` or by `read V` fed from a pipe or a file
  const data = new Set<string>();
  for (const c of line.cmds) {
    const a = c.argv;
    if (a[0] === 'for' && a[2] === 'in' && a[1] && a.slice(3).some((w) => /\$\(|`/.test(w))) data.add(a[1]);
    const next = c.pipedInto;
    if (next && (basename(next[0] ?? '') === 'while' || next[0] === 'do') && next.includes('read')) {
      const v = next[next.length - 1];
      if (v) data.add(v);
    }
    const r = a.indexOf('read');
    if ((a[0] === 'while' || a[0] === 'until') && r > 0 && c.redirs.some((x) => x.op === '<')) {
      const v = a[a.length - 1];
      if (v) data.add(v);
    }
  }
  // `done < file` binds the redirect to the loop as a whole: read V inside it reads the file
  if (/\bwhile\s+read\b[\s\S]*\bdone\s*<\s*\S/.test(line.text))
    for (const m of line.text.matchAll(/\bwhile\s+read\s+(?:-\w+\s+)*([A-Za-z_]\w*)/g)) if (m[1]) data.add(m[1]);
  if (!data.size) return;
  for (const c of line.cmds) {
    const argv = c.argv[0] === 'do' ? c.argv.slice(1) : c.argv;
    const name = basename(argv[0] ?? '');
    if (!DNS.has(name)) continue;
    for (const w of argv.slice(1)) {
      const m = /\$\{?([A-Za-z_]\w*)\}?[-.]([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/.exec(w);
      if (!m?.[1] || !data.has(m[1])) continue;
      out.push({
        tool: 'exec',
        command: `dig $(loop).${m[2]}`,
        via: `${name} looks up ${w}: each chunk of the loop's data goes to the name server of ${m[2]}`,
      });
      return;
    }
  }
}
