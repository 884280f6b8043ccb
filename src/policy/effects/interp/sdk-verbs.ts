// Hosted services deleted through their client libraries: `from huggingface_hub import
// delete_repo; delete_repo('acme/model')`, `Github(t).get_repo('a/b').delete()`,
// `pinecone.delete_index('prod')`, `redis.Redis(host='cache').flushall()`,
// `new Octokit().repos.delete({owner, repo})`. Each is what the service's CLI delete would be, so
// it is read the way the CLI verb readings read one (shell-verbs.ts): `cli-destroy sdk MODULE
// METHOD ARG`, which the standard profile asks about (cli-destructive-verbs). Only code that
// imports a library from the catalogue policies/catalogues/service-sdks.yaml is read: removing
// an item from a list or a file from disk is not a service's data (those are read elsewhere).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Effect } from '../types.js';
import { parse } from '../../../util/yaml.js';
import { PACKAGE_ROOT } from '../../../util/version.js';
import { literalValue, splitArgs, skipBrackets } from './literals.js';

/** A method whose name destroys what it is called on (snake_case or camelCase). */
// `clearObjects`/`clear_objects` (Algolia's API clients) empty a whole index: a bare `clear` is
// too common a name (a dict, a cache) to read on its own.
const VERB_CALL =
  /\.?\b((?:delete|drop|destroy|purge|terminate|flush|truncate|wipe|erase)(?:_?[A-Za-z]\w*)?|remove(?:_\w+|[A-Z]\w*)?|clear_?(?:[oO]bjects|[iI]ndex|[iI]ndices))\s*\(/g;
/** Libraries whose objects are removed by a bare `.remove()` (containers, volumes, images). */
// (twilio-node removes every resource with `.remove()`: client.recordings(sid).remove(), twilio.com docs)
const BARE_REMOVE = new Set(['docker', 'dockerode', 'twilio']);
/** Key-value stores: one named key deleted is routine cache work; flushing them is not. */
const KEY_STORES = new Set(['redis', 'ioredis']);
const KEY_VERBS = /^(?:delete|unlink|hdel|srem|zrem|lrem|delete_one|deleteOne)$/;
/** Cheap gate: a destroying verb called somewhere in the code. */
const VERB_HINT =
  /\b(?:delete|drop|destroy|purge|terminate|flush|truncate|wipe|erase|remove|clear_?(?:objects|index|indices))\w*!?\s*\(|(?:\.|&:)(?:delete|drop|destroy|purge|terminate|flush|truncate|wipe|erase)\w*!?(?:\s*$|[\s;})])/im;
/** Go's exported methods: `client.DeleteBucket(ctx, &s3.DeleteBucketInput{...})`. */
const GO_VERB = /\.((?:Delete|Drop|Destroy|Purge|Terminate|Flush|Truncate|Wipe|Erase)[A-Z]?\w*)\s*\(/g;

/** rdb: R's database packages, read by their own destroying functions (rVerbEffects). */
type Langs = 'python' | 'node' | 'ruby' | 'php' | 'r' | 'go' | 'rdb';
const LANGS: readonly Langs[] = ['python', 'node', 'ruby', 'php', 'r', 'go', 'rdb'];
let modules: Record<Langs, string[]> | undefined;

function sdkModules(): Record<Langs, string[]> {
  if (modules) return modules;
  const out: Record<Langs, string[]> = { python: [], node: [], ruby: [], php: [], r: [], go: [], rdb: [] };
  try {
    const doc = parse(readFileSync(join(PACKAGE_ROOT, 'policies', 'catalogues', 'service-sdks.yaml'), 'utf8')) as {
      sections?: Record<string, { items?: unknown[] }[]>;
    };
    for (const key of LANGS)
      for (const e of doc.sections?.[key] ?? []) for (const i of e.items ?? []) out[key].push(String(i));
  } catch {
    // without the catalogue nothing is read here; the CLI readings still apply
  }
  return (modules = out);
}

/** The catalogued service library the code imports, or undefined. */
export function importedService(code: string): string | undefined {
  const m = sdkModules();
  for (const imp of code.matchAll(/\b(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))/g)) {
    const name = imp[1] ?? imp[2] ?? '';
    const hit = m.python.find((p) => name === p || name.startsWith(`${p}.`));
    if (hit) return hit;
  }
  for (const imp of code.matchAll(/(?:require\(\s*|from\s+|import\s*\(\s*)(['"])([^'"]+)\1/g)) {
    const name = imp[2] ?? '';
    const hit = m.node.find((p) => (p.endsWith('/') ? name.startsWith(p) : name === p || name.startsWith(`${p}/`)));
    if (hit) return hit;
  }
  // Ruby: require 'aws-sdk-s3' (a gem family is named by its prefix)
  for (const imp of code.matchAll(/\brequire(?:_relative)?\s*\(?\s*(['"])([^'"]+)\1/g)) {
    const name = imp[2] ?? '';
    const hit = m.ruby.find((p) => name === p || name.startsWith(/[-/_]$/.test(p) ? p : `${p}-`));
    if (hit) return hit;
  }
  // PHP: use Aws\S3\S3Client; new Aws\Ec2\Ec2Client(...); \Google\Cloud\Storage\StorageClient
  // (the command line's reading may have turned the backslashes into slashes)
  for (const imp of code.matchAll(/(?:\buse\s+|\bnew\s+|[\s(=])[\\/]?([A-Z]\w*[\\/][\w\\/]+)/g)) {
    const name = (imp[1] ?? '').replace(/\//g, '\\');
    const hit = m.php.find((p) => name.startsWith(p));
    if (hit) return hit;
  }
  // R: library(paws), require("aws.s3"), paws::s3()
  for (const imp of code.matchAll(
    /\b(?:library|require|requireNamespace)\(\s*["']?([\w.]+)["']?|\b([\w.]+):::?[\w.]/g,
  )) {
    const name = imp[1] ?? imp[2] ?? '';
    const hit = m.r.find((p) => name === p);
    if (hit) return hit;
  }
  // Go: import "github.com/aws/aws-sdk-go-v2/service/s3"
  for (const imp of code.matchAll(/"((?:github\.com|cloud\.google\.com)\/[^"\s]+)"/g)) {
    const name = imp[1] ?? '';
    const hit = m.go.find((p) => name.startsWith(p));
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Ruby's call forms without brackets: `bucket.delete!`, `Aws::EC2::Instance.new(id).terminate`,
 * `client.delete_table table_name: 'x'`, and the symbol handed to an iterator
 * (`instances.each(&:terminate)`, `map(&:delete)`): what VERB_CALL's `(` cannot see.
 */
const RUBY_VERB =
  /(?:\.|&:)((?:delete|drop|destroy|purge|terminate|flush|truncate|wipe|erase)\w*!?)(?=\s*(?:$|[;})\n]|\bdo\b|\s[a-z_]+:|\s['"]))/gm;

/** R: a package attached (`library(DBI)`, `require("mongolite")`) or called by its namespace (`DBI::`). */
const R_ATTACH = /\b(?:library|require|requireNamespace)\(\s*['"]?([\w.]+)|\b([A-Za-z][\w.]*)::/g;
/** R's destroying functions of those packages (service-sdks.yaml, the r section's comment). */
const R_VERB_CALL =
  /(?:\b(dbRemoveTable|index_delete|bq_table_delete|bq_dataset_delete)|\$(drop|remove|FLUSHALL|FLUSHDB|flushall|flushdb))\s*\(/g;
/** A connection to a file on this machine (RSQLite, duckdb): its tables are the project's own. */
const R_LOCAL_DB = /\b(?:SQLite|duckdb)\s*\(/;

/** The destroying calls of a catalogued R package, as `cli-destroy sdk` exec effects. */
function rVerbEffects(code: string, via: string): Effect[] {
  if (!code.includes('(') || R_LOCAL_DB.test(code)) return [];
  const known = sdkModules().rdb;
  let pkg: string | undefined;
  for (const m of code.matchAll(R_ATTACH)) {
    const name = m[1] ?? m[2] ?? '';
    if (known.includes(name)) {
      pkg = name;
      break;
    }
  }
  if (!pkg) return [];
  const out: Effect[] = [];
  R_VERB_CALL.lastIndex = 0;
  for (let m = R_VERB_CALL.exec(code); m && out.length < 8; m = R_VERB_CALL.exec(code)) {
    const method = m[1] ?? m[2] ?? '';
    const open = m.index + m[0].length - 1;
    const args = splitArgs(code.slice(open + 1, Math.max(open + 1, skipBrackets(code, open) - 1)));
    // dbRemoveTable(con, "t"): the table is the second argument; `$remove('{}')` names a query
    const expr = method === 'dbRemoveTable' ? args[1] : args[0];
    const arg = (expr === undefined ? undefined : literalValue(expr))?.replace(/[^\w@%+=:,./~*-]/g, '_') || 'ITEM';
    out.push({
      tool: 'exec',
      command: `cli-destroy sdk ${pkg} ${method} ${arg}`,
      via: `${via} calls ${pkg} ${method}(${arg === 'ITEM' ? '' : arg})`,
    });
  }
  return out;
}

/** The destroying calls on a catalogued service library, as `cli-destroy sdk` exec effects. */
// `raw` is the code as written: canonical code has `require('stripe')` folded into its value
// (code.ts propagateConstants), so the import is looked for in both.
export function sdkVerbEffects(code: string, via: string, raw = code): Effect[] {
  const r = /\b(?:library|require|requireNamespace)\(|::/.test(code) ? rVerbEffects(code, via) : [];
  if (r.length) return r;
  if (!VERB_HINT.test(code)) return [];
  const service = importedService(code) ?? (raw === code ? undefined : importedService(raw));
  if (!service) return [];
  const out: Effect[] = [];
  const seen = new Set<string>();
  VERB_CALL.lastIndex = 0;
  for (let m = VERB_CALL.exec(code); m && out.length < 8; m = VERB_CALL.exec(code)) {
    const method = m[1] ?? '';
    if (method === 'remove' && !BARE_REMOVE.has(service)) continue;
    if (KEY_STORES.has(service) && KEY_VERBS.test(method)) continue;
    const open = m.index + m[0].length - 1;
    const args = code.slice(open + 1, Math.max(open + 1, skipBrackets(code, open) - 1));
    const first = splitArgs(args)[0];
    const arg = (first === undefined ? undefined : literalValue(first))?.replace(/[^\w@%+=:,./~*-]/g, '_') || 'ITEM';
    const command = `cli-destroy sdk ${service} ${method} ${arg}`;
    if (seen.has(command)) continue;
    seen.add(command);
    out.push({ tool: 'exec', command, via: `${via} calls ${service} ${method}(${arg === 'ITEM' ? '' : arg})` });
  }
  if (sdkModules().go.includes(service)) {
    GO_VERB.lastIndex = 0;
    for (let m = GO_VERB.exec(code); m && out.length < 8; m = GO_VERB.exec(code)) {
      const command = `cli-destroy sdk ${service} ${m[1] ?? ''} ITEM`;
      if (seen.has(command)) continue;
      seen.add(command);
      out.push({ tool: 'exec', command, via: `${via} calls ${service} ${m[1] ?? ''}` });
    }
  }
  if (sdkModules().ruby.includes(service)) {
    RUBY_VERB.lastIndex = 0;
    for (let m = RUBY_VERB.exec(code); m && out.length < 8; m = RUBY_VERB.exec(code)) {
      const method = (m[1] ?? '').replace(/!$/, '');
      if (KEY_STORES.has(service) && KEY_VERBS.test(method)) continue;
      const command = `cli-destroy sdk ${service} ${method} ITEM`;
      if (seen.has(command)) continue;
      seen.add(command);
      out.push({ tool: 'exec', command, via: `${via} calls ${service} ${m[1] ?? ''}` });
    }
  }
  return out;
}
