// Users' traffic moved, for tools svc has never seen: a DNS record created or changed (`dnsctl
// record set www A 203.0.113.9`, `cloudflare-cli dns update www.acme.com A ...`, `netlify dns
// records:create`), or all of a service's traffic sent to one version (`istioctl x weight api
// v2=100`, `meshctl traffic split --weight green=100`). Either one decides, at once, which build
// every user reaches, the last step of a release whatever the vendor. The DNS platforms and
// traffic managers svc knows are read by the ship catalogue and release-requests.ts (the same
// changes over HTTP); these are read by shape as `cli-ship TOOL ...` (cli-ship-verbs asks):
//   - DNS: a record or zone word and a change verb among the subcommand words, and a record type
//     (`A`, `CNAME`, `--type TXT`) or an address among the operands;
//   - traffic: a traffic, weight, split or canary word, and a share of 100 given to one target.
// Reads (`record list`, `dns get`), rehearsals and names of this machine (`.local`, `.test`,
// `localhost`) are not read.
import { rehearses } from './shell-verb-scope.js';

const DNS_NOUN = /^(?:dns|records?|rrsets?|recordsets?|record-sets?|resource-records?|zones?|dns-records?)$/i;
const CHANGE = /^(?:set|update|create|add|replace|upsert|change|edit|modify|put|import|new|apply)$/i;
const RECORD_TYPE = /^(?:A|AAAA|CNAME|MX|TXT|NS|SRV|CAA|ALIAS|ANAME|PTR)$/;
const IP = /^\d{1,3}(?:\.\d{1,3}){3}$|^[0-9a-f]*:[0-9a-f:]+$/i;
const LOCAL_NAME = /(?:^|\.)(?:local|localhost|test|invalid)\.?$/i;

const TRAFFIC_NOUN = /^(?:traffic|weights?|split|splits|canary|routes?|routing|shift)$/i;
/** A whole share given to one target: `v2=100`, `green:100`, `--weight 100`, `100%`. */
const WHOLE_SHARE = /^(?:[\w.-]+[=:])?100%?$/;

/** The subcommand words (first positional words) and their parts (`records:create`, `dns-update`). */
function pathParts(words: readonly string[]): string[] {
  return words
    .slice(1)
    .filter((w) => !w.startsWith('-'))
    .slice(0, 4)
    .flatMap((w) => w.split(/[:_-]/));
}

/** `cli-ship TOOL ...` for a DNS record changed or all traffic moved; else null. */
export function trafficMoveReading(words: string[]): { text: string; from: string } | null {
  const tool = (words[0] ?? '').toLowerCase();
  if (!/^[a-z][\w.-]*$/.test(tool) || /^(?:dig|nslookup|host|drill|kdig|resolvectl|echo|printf|grep|rg)$/.test(tool))
    return null;
  if (rehearses(words, 1)) return null;
  const parts = pathParts(words);
  const rest = words.slice(1);
  if (parts.some((p) => DNS_NOUN.test(p)) && parts.some((p) => CHANGE.test(p))) {
    if (rest.some((w) => LOCAL_NAME.test(w.replace(/^--?[\w-]+=/, '')))) return null;
    const typed =
      rest.some((w) => RECORD_TYPE.test(w)) ||
      rest.some((w, i) => /^--?(?:type|record-type|rtype)$/i.test(w) && RECORD_TYPE.test(rest[i + 1] ?? '')) ||
      rest.some((w) => /^--?(?:type|record-type)=(?:A|AAAA|CNAME|MX|TXT|NS|SRV|CAA|ALIAS)$/i.test(w)) ||
      rest.some((w) => IP.test(w.replace(/^--?[\w-]+=/, '')));
    if (typed) return { text: ['cli-ship', ...words].join(' '), from: `a DNS record changed (${tool})` };
  }
  if (parts.some((p) => TRAFFIC_NOUN.test(p))) {
    const whole = rest.some((w, i) => {
      const prev = rest[i - 1] ?? '';
      if (w.startsWith('-')) return /^--?(?:weight|percent|percentage|traffic)=100%?$/i.test(w);
      return WHOLE_SHARE.test(w) && (/[=:]/.test(w) || /^--?(?:weight|percent|percentage|traffic)$/i.test(prev));
    });
    if (whole) return { text: ['cli-ship', ...words].join(' '), from: `all traffic moved to one target (${tool})` };
  }
  return null;
}
