// Document and graph database shells run the code they are given: `mongosh URI --eval
// 'db.users.updateMany({}, {$unset: {email: 1}})'`, `echo 'db.sessions.remove({})' | mongo
// prod`, `cypher-shell -a neo4j://prod:7687 'MATCH (n) DETACH DELETE n'`. A call whose filter
// matches every document (an empty `{}` or none), a collection or database dropped, and a Cypher
// DELETE with no WHERE empty or overwrite the whole store. Read by where the shell points:
//   `data-reset prod|remote TOOL CALL`  a production name or another machine (denied, data-resets)
//   `data-wipe-code TOOL CALL`          a server held in a variable, unseen (asked, data-wipe-code)
// A shell left at its default (mongosh and cypher-shell connect to this machine) or pointed at
// loopback is a developer's own database and gives nothing.
// Sources: MongoDB shell methods (db.collection.drop, deleteMany, remove, updateMany,
// replaceOne with {} filter, db.dropDatabase, db.dropAllUsers), mongosh options (--eval, --host,
// connection string), Neo4j Cypher manual (DELETE, DETACH DELETE, DROP DATABASE) and
// cypher-shell options (-a/--address, -f/--file, query as argument or stdin).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import { mongoSecretFind } from './sql-secrets.js';
import type { LineView } from './line-view.js';
import { DEV_NAME, LOCAL_HOST, scratchTableName } from './sql.js';

export const DOC_STORE_PROGRAMS: readonly string[] = ['mongosh', 'mongo', 'cypher-shell'];

/** Mongo shell calls that reach every document: a drop, or a filter that is empty or missing. */
const MONGO_WIPE =
  /\.(dropDatabase|dropAllUsers|drop)\(\s*\)|\.(deleteMany|remove|updateMany|update)\(\s*(?:\{\s*\}\s*)?(?:[,)])/g;
/** A Cypher DELETE or DROP; it is a wipe when the query has no WHERE and no property filter. */
export const CYPHER_DELETE = /\b(?:DETACH\s+DELETE|DELETE|DROP\s+DATABASE)\b/i;

const PROD = /(?:^|[^a-z])(?:prod|production|prd)(?:[^a-z]|$)/i;

interface Shell {
  code: string[];
  host: string | undefined;
  /** A server named by a variable, which the line does not show. */
  unseen: boolean;
  named: string;
}

function read(argv: readonly string[], stdin: string | undefined): Shell {
  const tool = basename(argv[0] ?? '');
  const s: Shell = { code: [], host: undefined, unseen: false, named: '' };
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const value = (): string => argv[++i] ?? '';
    if (w === '--eval' || w === '-e') s.code.push(value());
    else if (w.startsWith('--eval=')) s.code.push(w.slice(7));
    else if (w === '--host' || w === '-a' || w === '--address' || w === '--uri') target(s, value());
    else if (/^--(?:host|address|uri)=/.test(w)) target(s, w.slice(w.indexOf('=') + 1));
    else if (
      /^(?:-u|--username|-p|--password|--port|-d|--database|--format|--authenticationDatabase|-f|--file)$/.test(w)
    )
      i++;
    else if (w.startsWith('-')) continue;
    else if (tool === 'cypher-shell') s.code.push(w);
    else target(s, w); // mongosh's connection string or database name
  }
  if (stdin !== undefined) s.code.push(stdin);
  return s;
}

function target(s: Shell, v: string): void {
  s.named += ` ${v}`;
  if (v.includes('$')) s.unseen = true;
  const m = /^(?:[a-z+]+:\/\/)?(?:[^@/]*@)?([^/:,?]+)/i.exec(v);
  // a bare mongosh database name (`mongosh app`) stays on this machine
  if (m?.[1] && (v.includes('://') || v.includes(':') || v.includes('.'))) s.host = m[1];
}

/** Cypher that deletes every node it matches: no WHERE and no property filter narrows the MATCH. */
export function cypherWipe(code: string): boolean {
  return CYPHER_DELETE.test(code) && !/\bWHERE\b/i.test(code) && !/\(\s*\w*\s*:\s*\w+\s*\{/.test(code);
}

export function docStoreWipeEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const tool = basename(c.argv[0] ?? '');
    if (!DOC_STORE_PROGRAMS.includes(tool)) continue;
    const s = read(c.argv, c.stdin);
    const calls: string[] = [];
    for (const code of s.code) {
      if (tool === 'cypher-shell') {
        if (cypherWipe(code)) calls.push('DELETE');
      } else for (const m of code.matchAll(MONGO_WIPE)) calls.push(m[1] ?? m[2] ?? 'drop');
    }
    // documents of a credentials collection printed, wherever the server is (sql-secrets.ts)
    if (tool !== 'cypher-shell') for (const code of s.code) out.push(...mongoSecretFind(code, `${tool} runs`));
    if (!calls.length) continue;
    const kind = PROD.test(s.named)
      ? 'data-reset prod'
      : s.host !== undefined && !LOCAL_HOST.test(s.host)
        ? 'data-reset remote'
        : s.unseen
          ? 'data-wipe-code'
          : null;
    if (!kind) continue;
    for (const call of new Set(calls))
      out.push({
        tool: 'exec',
        command: `${kind} ${tool} ${call}`,
        via: `${tool} runs ${call} over every document of${s.named || ' its database'}`,
      });
  }
}

/** One Mongo shell statement that is a plain call on a collection of the selected database. */
const MONGO_CALL = /^db\.(\w+)\.(\w+)\((.*)\)$/s;
/** Code that reaches another database or server than the one on the command line. */
const OTHER_DB = /getSiblingDB|getMongo|\bconnect\(|\bMongo\(|\buse\b|\[/;

/**
 * The `dev-data TOOL DB ...` reading of a mongosh/mongo call on this machine whose every wipe
 * reaches only a development or test database (`mongosh app_dev --eval 'db.users.drop()'`) or a
 * scratch collection (`db.tmp_import.drop()`), as the SQL clients' drops are read (sql.ts): the
 * shell left at its default or at loopback, no production name, no variable, and the code only
 * plain `db.COLLECTION.method(...)` calls (a loop over getCollectionNames(), getSiblingDB or
 * `use` reach further and give nothing). Policy destructive-data leaves it alone.
 */
export function docStoreDevReading(words: readonly string[]): string | null {
  const tool = basename(words[0] ?? '');
  if (tool !== 'mongosh' && tool !== 'mongo') return null;
  const s = read(words, undefined);
  if (!s.code.length || s.unseen || PROD.test(s.named)) return null;
  if (s.host !== undefined && !LOCAL_HOST.test(s.host)) return null;
  const names = s.named.trim().split(/\s+/).filter(Boolean);
  if (names.length > 1) return null;
  const db = (names[0] ?? '').replace(/^[a-z+]+:\/\/[^/]*\/?/i, '').replace(/\?.*$/, '');
  const dev = db !== '' && DEV_NAME.test(db);
  const wiped: string[] = [];
  for (const code of s.code) {
    if (OTHER_DB.test(code)) return null;
    for (const st of code
      .split(/[;\n]/)
      .map((x) => x.trim())
      .filter(Boolean)) {
      if (st === 'db.dropDatabase()') {
        if (!dev) return null;
        wiped.push('dropDatabase');
        continue;
      }
      const m = MONGO_CALL.exec(st);
      if (!m) return null;
      // search, not test: test on this /g pattern left lastIndex past the match, and the next
      // call's matchAll (docStoreWipeEffects) started there and missed a wipe earlier in its code.
      if (st.search(MONGO_WIPE) < 0) continue;
      if (!dev && !scratchTableName(m[1] ?? '')) return null;
      wiped.push(`${m[1]}.${m[2]}`);
    }
  }
  return wiped.length ? `dev-data ${tool} ${db || 'test'} ${wiped.join(' ')}` : null;
}
