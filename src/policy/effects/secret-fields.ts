// A secret picked out of a structured file by its field name: `jq -r .private_key sa.json`,
// `yq '.spring.datasource.password' application.yml`, `dasel -f config.toml '.db.password'`,
// `cat oauth.json | jq .client_secret`. Whatever the file is called, the printed value is the
// credential, so the reading does not depend on the file being a known credential store. Read as
// `secret-search PROGRAM FILE for FIELD`, the sentence the secret-printing rule denies.
//
// Only the field the query ends on counts: `.password.minLength` (a schema) and `.token_type`
// print no secret, and a query that deletes fields (`del(.password)`) hides them.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';

/** Query tools over JSON, YAML, TOML and XML (jq, gojq, jaq, yq, dasel, fx, jp, xq/tomlq of yq). */
const QUERY_TOOLS = new Set(['jq', 'gojq', 'jaq', 'yq', 'dasel', 'fx', 'jp', 'xq', 'tomlq']);

/** Options of those tools that take a value (the query or file after them is not an operand). */
const VALUE_OPTION = /^(?:--arg|--argjson|--slurpfile|--rawfile|--args|--jsonargs|-L|--indent|-I|--from-file)$/;

/** Field names that hold a credential (the last part of a query), by what the common formats call them. */
const SECRET_FIELD =
  /^(?:[\w-]*[_-])?(?:password|passwd|pwd|secret|private_?key|privatekey|secret_?key|secretkey|api_?key|apikey|token|access_?token|accesstoken|refresh_?token|refreshtoken|auth_?token|authtoken|client_?secret|clientsecret|secret_?access_?key|secretaccesskey|session_?token|sessiontoken|credentials?|passphrase|auth)$/i;

/** The field a query ends on: `.a.b["c"]` -> c, `.creds.accessToken` -> accessToken. */
function lastField(query: string): string | undefined {
  if (/\bdel\s*\(|\bkeys\b|\bhas\s*\(|\blength\b|\btype\b|\|\s*not\b/.test(query)) return undefined;
  const fields = [...query.matchAll(/\.\s*(?:\[\s*)?["']?([A-Za-z_][\w-]*)["']?/g)].map((m) => m[1] ?? '');
  // `.spring.datasource.password | @base64`, `.token // empty`: trailing filters keep the value
  return fields.length ? fields[fields.length - 1] : undefined;
}

function operands(argv: readonly string[]): { query?: string; files: string[] } {
  const name = basename(argv[0] ?? '').toLowerCase();
  const words: string[] = [];
  const files: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (name === 'dasel' && (w === '-f' || w === '--file')) {
      files.push(argv[++i] ?? '');
      continue;
    }
    if (name === 'dasel' && (w === '-r' || w === '-w' || w === '--read' || w === '--write')) {
      i++;
      continue;
    }
    if (VALUE_OPTION.test(w)) {
      i += w === '--arg' || w === '--argjson' || w === '--slurpfile' || w === '--rawfile' ? 2 : 1;
      continue;
    }
    if (w.startsWith('-')) continue;
    words.push(w);
  }
  // yq's `e`/`eval` subcommand comes before the query
  if ((name === 'yq' || name === 'xq' || name === 'tomlq') && (words[0] === 'e' || words[0] === 'eval')) words.shift();
  const [query, ...rest] = words;
  return { query, files: [...files, ...rest] };
}

/** Interpreters' inline code flags (python -c, node -e/-p, ruby -e). */
const INLINE_CODE = /^(?:python[\d.]*|node|nodejs|bun|deno|ruby)$/;
/** A structured file loaded by its parser: json.load(open('F')), yaml.safe_load(open('F')), require('./F.json'), JSON.parse(fs.readFileSync('F')), YAML.load_file('F'). */
const LOADED_FILE =
  /\b(?:json\.load|yaml\.(?:safe_)?load|toml\.load|tomllib\.load|JSON\.parse|YAML\.load_file|JSON\.load_file|require)\s*\(\s*(?:open\s*\(|fs\.readFileSync\s*\(|File\.read\s*\(|Path\s*\()?\s*["']([^"']+\.(?:json|ya?ml|toml))["']/;
/** A field read off the loaded value: ['private_key'], ["apiKey"], .client_secret. */
const FIELD_READ = /\[\s*["']([A-Za-z_][\w-]*)["']\s*\]|\.([A-Za-z_]\w*)\b(?!\s*\()/g;
const PRINTS = /\bprint\s*\(|console\.log\s*\(|\bputs\b|\bp\s|process\.stdout\.write|sys\.stdout\.write/;

/** `python3 -c "import json; print(json.load(open('sa.json'))['private_key'])"`: the same field, printed by code. */
function inlineFieldReads(c: SimpleCommand, name: string, out: Effect[]): void {
  if (!INLINE_CODE.test(name)) return;
  const at = c.argv.findIndex((w) => /^-(?:c|e|p|pe|-eval|-print)$/.test(w));
  const code = at > 0 ? (c.argv[at + 1] ?? '') : '';
  const file = LOADED_FILE.exec(code);
  if (!file || !(PRINTS.test(code) || /^-p/.test(c.argv[at] ?? ''))) return;
  const after = code.slice((file.index ?? 0) + file[0].length);
  for (const m of after.matchAll(FIELD_READ)) {
    const field = m[1] ?? m[2] ?? '';
    if (!SECRET_FIELD.test(field)) continue;
    out.push({
      tool: 'exec',
      command: `secret-search ${name} ${file[1]} for ${field}`,
      via: `${name} code prints the ${field} field of ${file[1]}`,
    });
    return;
  }
}

/** The secret-field readings of one command line, appended to `out`. */
export function secretFieldReads(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    inlineFieldReads(c, name, out);
    if (!QUERY_TOOLS.has(name)) continue;
    const { query, files } = operands(c.argv);
    const field = query === undefined ? undefined : lastField(query);
    if (!field || !SECRET_FIELD.test(field)) continue;
    const from = [...files, ...c.redirs.filter((r) => r.op === '<').map((r) => r.target)];
    // `cat sa.json | jq .private_key`: the file the pipe starts from
    const feeder = cmds.find((x) => x.pipedInto === c.argv);
    if (!from.length && feeder && /^(?:cat|tac|head|tail|less|more)$/.test(basename(feeder.argv[0] ?? '')))
      from.push(...feeder.argv.slice(1).filter((w) => !w.startsWith('-')));
    // a command's own output piped in is read by env-reads.ts (the tool that printed it decides)
    for (const f of from)
      out.push({
        tool: 'exec',
        command: `secret-search ${name} ${f} for ${field}`,
        via: `${name} prints the ${field} field of ${f}`,
      });
  }
}
