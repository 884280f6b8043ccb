// What `kubectl get secret` prints, read from its output option. The secret-printing rules stop
// `-o yaml`, `-o json`, templates and jsonpath, because those print the values under `.data`;
// but a jsonpath or custom-columns that selects only names, namespaces, types, labels,
// annotations or timestamps (`-o jsonpath='{range .items[*]}{.metadata.name}{"\n"}{end}'`,
// `-o custom-columns=NAME:.metadata.name,TYPE:.type`) or the public certificate of a TLS secret
// (`{.data.tls\.crt}`) prints no secret value, nor does `-o json` piped into a jq filter that
// keeps only the keys (`| jq '.data | keys'`). Such a call gets the reading `secret-metadata
// kubectl get ...`, which the rules exempt (docs/shell-readings.md, "Read-only and
// project-local work").

/** Secret kinds as kubectl spells them. */
const SECRET_KIND = /^(?:secrets?|secret\/\S+|secrets\/\S+)$/i;

/** Fields of a secret that hold no secret value. */
const SAFE_FIELD = /^(?:metadata(?:\.[\w\\.-]+|\[[^\]]*\])*|type|kind|apiVersion|immutable|data\.(?:tls|ca)\\?\.crt)$/;

/**
 * Whether one jsonpath or custom-columns field path selects only safe fields: an optional
 * `.items[*]` (or `.items[N]`, `@`) prefix, then a safe field. Recursive descent (`..`), filters
 * and a bare object (`{.}`, `{.items[*]}`, `{.data}`) print values and are not safe.
 */
function safePath(p: string): boolean {
  let s = p.trim();
  if (s.includes('..') || s.includes('?(')) return false;
  s = s.replace(/^@/, '').replace(/^\.items\[(?:\*|\d+)\]/, '');
  if (!s.startsWith('.')) return false;
  return SAFE_FIELD.test(s.slice(1));
}

/** Whether a jsonpath template prints only safe fields (literals and range/end are structure). */
function safeJsonpath(expr: string): boolean {
  const body = expr.replace(/^['"]|['"]$/g, '');
  const parts = [...body.matchAll(/\{([^{}]*)\}/g)].map((m) => (m[1] ?? '').trim());
  // text outside braces is printed as written; a template with no field prints nothing secret
  if (!parts.length) return false;
  return parts.every((x) => {
    if (x === 'end' || /^"(?:[^"\\]|\\.)*"$/.test(x)) return true;
    const r = /^range\s+(.+)$/.exec(x);
    if (r) return /^@?\.items\[\*\]$/.test((r[1] ?? '').trim());
    return safePath(x);
  });
}

/** Whether an output format prints only safe fields. */
function safeFormat(f: string): boolean {
  const eq = f.indexOf('=');
  const kind = (eq < 0 ? f : f.slice(0, eq)).toLowerCase();
  const arg = eq < 0 ? '' : f.slice(eq + 1);
  if (kind === 'name' || kind === 'wide') return true;
  if (kind === 'jsonpath' || kind === 'jsonpath-as-json') return safeJsonpath(arg);
  if (kind === 'custom-columns')
    return arg.split(',').every((col) => {
      const c = col.indexOf(':');
      return c > 0 && safePath(col.slice(c + 1));
    });
  return false;
}

/**
 * `secret-metadata WORDS` when `kubectl get` (or `oc get`) of secrets has output options that all
 * print only safe fields; no reading when any output option, template or raw path could print a
 * value, or when the format cannot be read.
 */
export function secretMetadataReading(words: readonly string[], into?: readonly string[] | null): string | null {
  const tool = words[0] ?? '';
  if (tool !== 'kubectl' && tool !== 'oc') return null;
  let verb = -1;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w.startsWith('-')) {
      // options that take a value before the verb (`-n dev`, `--context kind-dev`)
      if (/^(?:-n|--namespace|--context|--cluster|--user|-s|--server|--kubeconfig)$/.test(w)) i++;
      continue;
    }
    verb = i;
    break;
  }
  if (verb < 0 || words[verb] !== 'get') return null;
  const rest = words.slice(verb + 1);
  if (!rest.some((w) => w.split(',').some((k) => SECRET_KIND.test(k)))) return null;
  const formats: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] ?? '';
    if (w === '--') return null;
    if (/^(?:--raw|--template|--show-managed-fields)(?:=|$)/.test(w)) return null;
    const m = /^(?:-o|--output)(?:=(.*))?$/.exec(w) ?? /^-o(.+)$/.exec(w);
    if (!m) continue;
    const v = m[1] ?? rest[++i];
    if (v === undefined) return null;
    formats.push(v);
  }
  if (formats.length && formats.every(safeFormat)) return `secret-metadata ${words.join(' ')}`;
  // `-o json | jq '.data | keys'`: the whole object goes only into a filter that keeps names
  // JSON out: `-o json`, or a jsonpath of the data map (`{.data}`), which prints it as JSON
  const json =
    formats.length > 0 && formats.every((f) => /^json$|^jsonpath=['"]?\{\.(?:data|stringData)\}['"]?$/i.test(f));
  if (json && into && keepsNamesOnly(into)) return `secret-metadata ${words.join(' ')} | ${into.join(' ')}`;
  return null;
}

/** Filters whose result is the keys or the count of their input, not its values. */
const REDUCER = /^(?:keys|keys\[\]|keys_unsorted|length|keys\s*\|\s*length)$/;

/**
 * Whether `jq [-r|-c|-M|-S] FILTER` (no file operands, no other options) prints only names:
 * its last pipe stage is `keys`, `keys[]` or `length`, and nothing in it builds other output
 * (no `,`, no variables, no `env`/`input`/`debug`/`stderr`, no format strings).
 */
export function keepsNamesOnly(argv: readonly string[]): boolean {
  if (argv[0] !== 'jq') return false;
  const filters: string[] = [];
  for (const w of argv.slice(1)) {
    if (/^-[rcMSaCe]+$|^--(?:raw-output|compact-output|monochrome-output|sort-keys)$/.test(w)) continue;
    if (w.startsWith('-')) return false;
    filters.push(w);
  }
  if (filters.length !== 1) return false;
  const f = (filters[0] ?? '').trim();
  if (/[,$@;]|\b(?:env|input|inputs|debug|stderr|input_filename|getpath|paths|to_entries|with_entries)\b/.test(f))
    return false;
  const stages = f.split('|').map((x) => x.trim());
  const last = stages[stages.length - 1] ?? '';
  if (!REDUCER.test(last) && !(stages.length > 1 && last === 'length')) return false;
  // what comes before is a plain path (`.data`, `.items[]`) or nothing
  return stages.slice(0, -1).every((x) => x === '' || /^(?:\.[A-Za-z_][\w]*|\.\[\]|\[\])+$/.test(x) || x === '.');
}
