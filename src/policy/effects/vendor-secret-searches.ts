// A search for secret words through the places where installed software keeps its configuration
// and state: `grep -ri password /etc/hotelio/`, `rg -i 'api_key|apikey' /opt/tanzo/`,
// `grep -i admin_password /etc/grafana/grafana.ini`, `findstr /s /i password "C:\ProgramData\X\*.config"`,
// `Select-String -Path 'C:\Program Files\X\*.xml' -Pattern pwd`, and a recursive search of every
// configuration file below a folder (`findstr /s /i password *.config`, `grep -r passwd
// --include=*.properties .`). Whatever the product, the lines that match are its stored passwords,
// keys and tokens, printed into the conversation; the file names say nothing (OperaConfig.xml,
// mirth.properties, sapnwrfc.ini), so the search is read by where it looks and what it looks for.
// Read as `may-expose-secret searches PLACE for PATTERN` (asked). A search for a setting
// (`PasswordAuthentication`, `timeout`, `listen`), a search of source code or of the project's own
// folders (`grep -rn password src/auth/`), and the system's own login settings (/etc/ssh,
// /etc/pam.d, /etc/login.defs), which hold no secret, are not this. Places: Filesystem Hierarchy
// Standard 3.0 (/etc, /opt, /usr/local, /srv, /var/lib, /var/opt) and Windows' known folders
// (Program Files, ProgramData, AppData).
// Beside exposure.ts' systemConfigSearch, which reads one system configuration file searched for a
// bare secret word and leaves recursive searches alone: this one reads the recursive searches of a
// vendor tree, Windows' trees and searchers, and key names (`admin_password`, `DBPassword`).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

/** Programs that search text for a pattern (grep's family, ripgrep, ag, ack, Windows' findstr and Select-String). */
export const TEXT_SEARCH_PROGRAMS: readonly string[] = [
  'grep',
  'egrep',
  'fgrep',
  'zgrep',
  'rg',
  'ag',
  'ack',
  'findstr',
  'select-string',
  'sls',
];

/** Secret words searched for on their own (the whole pattern, or one alternative of it). */
const SECRET_WORD =
  /^(?:passwords?|passwd|passw|pwd|passphrase|secrets?|tokens?|api[_-]?keys?|credentials?|creds|private[_-]?key|secret[_-]?key|access[_-]?key|client[_-]?secret|auth[_-]?token|bearer|connection[_-]?string|conn[_-]?str)$/i;
/** The secret part of a key name (`admin_password`, `password_secret`, `db-pass`, `api_token`). */
const SECRET_PART = /^(?:password|passwd|passw|pwd|pass|secret|token|apikey|passphrase|credentials?)$/i;
/** A camelCase key ending in a secret word (`DBPassword`, `adminPassword`, `clientSecret`, `SqlPwd`). */
const CAMEL_SECRET =
  /^[A-Za-z]*[a-z0-9](?:Password|Passwd|Pwd|Secret|Token|ApiKey|Passphrase)$|^[A-Z]{2,}(?:Password|Passwd|Pwd|Secret|Token)$/;

/** Whether one alternative of a search pattern looks for a secret. */
function secretAlternative(raw: string): boolean {
  const alt = raw
    .replace(/\\[bBwWsSd<>]/g, '')
    .replace(/[\\^$()[\]{}?+*"'.]/g, '')
    // `password=[^ ]+`, `Password=[^;"]+`: the key, then what its value looks like
    .replace(/\s*[:=].*$/, '')
    .trim();
  if (!alt || alt.length > 40 || /\s/.test(alt)) return false;
  if (SECRET_WORD.test(alt) || CAMEL_SECRET.test(alt)) return true;
  const parts = alt.split(/[_-]/);
  return parts.length > 1 && parts.length <= 4 && parts.some((p) => SECRET_PART.test(p));
}

/** The secret-looking pattern among those searched for, or undefined. */
export function secretPattern(patterns: string[]): string | undefined {
  for (const p of patterns) {
    const alts = p.split(/\\\||\|/).filter(Boolean);
    if (alts.some(secretAlternative)) return p;
  }
  return undefined;
}

/** Where installed software keeps its configuration and state. */
const VENDOR_PLACE =
  /^(?:\/etc|\/opt|\/var\/lib|\/var\/opt|\/usr\/local|\/srv)(?:\/|$)|^[A-Za-z]:\/(?:Program Files(?: \(x86\))?|ProgramData)(?:\/|$)|\/AppData\/(?:Roaming|Local)(?:\/|$)|^%(?:APPDATA|LOCALAPPDATA|PROGRAMDATA|ProgramFiles(?:\(x86\))?)%/i;
/** Parts of those trees that hold code, documentation or the system's own login settings, not a product's secrets. */
const NOT_SECRET_PLACE =
  /^\/etc\/(?:ssh|pam\.d|security|login\.defs|sudoers)|\/(?:site-packages|dist-packages|node_modules|include|man|doc|docs|src|go|Cellar)(?:\/|$)|^\/usr\/local\/(?:lib|share|bin|sbin)\/|^\/opt\/(?:homebrew|conda|anaconda3|miniconda3)\//i;
/** The home folder and the usual places of a project. */
const HOME_OR_WORK =
  /^(?:~|\/home\/|\/Users\/|\/root\/|\/work\/|\/workspace|\/src\/|\/project|\/app\/|\/tmp\/|[A-Za-z]:\/Users\/)/i;
/** A glob naming configuration files by their extension (`*.config`, `*.properties`). */
const CONFIG_GLOB = /(?:^|\/)\*[\w-]*\.(?:config|conf|cfg|ini|xml|properties|ya?ml|json|toml|env|cnf)$/i;

interface Search {
  patterns: string[];
  paths: string[];
  recursive: boolean;
  includes: string[];
}

/** grep-family words: patterns (-e, or the first operand), paths, recursion and --include globs. */
function grepSearch(name: string, argv: string[]): Search {
  const s: Search = {
    patterns: [],
    paths: [],
    recursive: name === 'rg' || name === 'ag' || name === 'ack',
    includes: [],
  };
  const operands: string[] = [];
  const valued =
    /^(?:-[ABCmfdDgtT]|--(?:regexp|file|max-count|after-context|before-context|context|glob|type|iglob|include|exclude|exclude-dir|directories|devices|color|colour|label))$/;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '--') {
      operands.push(...argv.slice(i + 1));
      break;
    }
    if (w === '-e' || w === '--regexp') {
      s.patterns.push(argv[++i] ?? '');
      continue;
    }
    const joined = /^--(?:regexp|include|glob|iglob)=(.*)$/.exec(w);
    if (joined) {
      if (w.startsWith('--regexp')) s.patterns.push(joined[1] ?? '');
      else s.includes.push(joined[1] ?? '');
      continue;
    }
    if (/^--(?:include|glob|iglob)$/.test(w) || w === '-g') {
      s.includes.push(argv[++i] ?? '');
      continue;
    }
    if (/^--recursive$|^--dereference-recursive$/.test(w)) s.recursive = true;
    if (/^-[a-zA-Z]+$/.test(w) && /[rR]/.test(w)) s.recursive = true;
    if (/^-[a-zA-Z]*e$/.test(w) && w.length > 2) {
      s.patterns.push(argv[++i] ?? '');
      continue;
    }
    if (valued.test(w)) {
      i++;
      continue;
    }
    if (w.startsWith('-')) continue;
    operands.push(w);
  }
  if (s.patterns.length === 0 && operands.length) s.patterns.push(operands.shift() ?? '');
  s.paths = operands;
  return s;
}

/** Select-String: -Pattern and -Path (or the first and second positional words). */
function selectStringSearch(argv: string[]): Search {
  const s: Search = { patterns: [], paths: [], recursive: false, includes: [] };
  const positional: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (/^-pattern$/i.test(w)) s.patterns.push(...(argv[++i] ?? '').split(','));
    else if (/^-(?:path|literalpath)$/i.test(w)) s.paths.push(...(argv[++i] ?? '').split(','));
    else if (/^-(?:encoding|context|include|exclude)$/i.test(w)) i++;
    else if (!w.startsWith('-')) positional.push(w);
  }
  if (!s.patterns.length && positional.length) s.patterns.push(positional.shift() ?? '');
  if (!s.paths.length) s.paths.push(...positional);
  return s;
}

/** findstr: `/s` searches below the folder; `/c:"text"` or the first word are the strings. */
function findstrSearch(argv: string[]): Search {
  const s: Search = { patterns: [], paths: [], recursive: false, includes: [] };
  const operands: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const c = /^\/c:(.*)$/i.exec(w);
    if (c) s.patterns.push(c[1] ?? '');
    else if (/^\/s$/i.test(w)) s.recursive = true;
    else if (/^\/[a-z](?::.*)?$/i.test(w)) continue;
    else operands.push(w);
  }
  if (!s.patterns.length && operands.length) s.patterns.push(...(operands.shift() ?? '').split(/\s+/));
  s.paths = operands;
  return s;
}

/** Programs that hand files, or their text, down a pipe to a search. */
const FEEDERS = /^(?:cat|tac|type|get-content|gc|head|tail|less|more|strings|find|ls|dir|get-childitem|gci)$/i;

function normal(p: string): string {
  return p.replace(/\\/g, '/');
}

/** The secret searches of a line's grep, rg, findstr and Select-String calls, appended to `out`. */
export function vendorSecretSearchEffects(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (!TEXT_SEARCH_PROGRAMS.includes(name)) continue;
    const s =
      name === 'findstr'
        ? findstrSearch(c.argv)
        : name === 'select-string' || name === 'sls'
          ? selectStringSearch(c.argv)
          : grepSearch(name, c.argv);
    const pattern = secretPattern(s.patterns);
    if (!pattern) continue;
    // a count, a list of file names or a yes/no prints no value (`grep -c`, `-l`, `findstr /m`)
    if (
      c.argv.some((w) =>
        /^-[a-zA-Z]*[lLcq][a-zA-Z]*$|^--(?:count|files-with-matches|files-without-match|quiet)$|^\/[mM]$/.test(w),
      )
    )
      continue;
    // the same count taken by the next program (`grep -rn secret clients.conf | wc -l`): wc
    // prints numbers, whatever its options, so no matched line reaches the terminal
    if (c.pipedInto && basename(c.pipedInto[0] ?? '').toLowerCase() === 'wc') continue;
    // `cat /etc/x/app.conf | grep -i password`, `Get-ChildItem -Recurse C:\ProgramData\X | Select-String pwd`:
    // the files come down the pipe from the program before it
    const feeder = s.paths.length ? undefined : l.cmds.find((x) => x.pipedInto === c.argv);
    const fed =
      feeder && FEEDERS.test(basename(feeder.argv[0] ?? ''))
        ? feeder.argv.slice(1).filter((w) => !w.startsWith('-') && !/^\/[a-z](?::|$)/i.test(w))
        : [];
    const paths = [...s.paths, ...fed].map(normal);
    const place = paths.find((p) => VENDOR_PLACE.test(p) && !NOT_SECRET_PLACE.test(p));
    // every configuration file below a folder (`findstr /s password *.config`, `--include=*.properties`)
    // below a folder outside the project and the home folder (a share, a mount, another drive): the
    // project's own configuration searched for where a password goes is routine (`findstr /s /i password *.config`)
    const outside = (p: string) => /^(?:\/|[A-Za-z]:\/|\/\/)/.test(p) && !HOME_OR_WORK.test(p);
    const configs =
      s.recursive && paths.some(outside)
        ? [...paths, ...s.includes].find((p) => CONFIG_GLOB.test(p) && (outside(p) || !p.includes('/')))
        : undefined;
    const where = place ?? configs;
    if (!where) continue;
    const shown = pattern.replace(/[^\w|-]/g, '_').slice(0, 60);
    out.push({
      tool: 'exec',
      command: `may-expose-secret searches ${where.replace(/\s/g, '_')} for ${shown}`,
      via: `${name} searches ${where} for ${pattern}: the lines that match are the passwords and keys stored there`,
    });
  }
}
