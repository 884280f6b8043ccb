// SQL read as a database would read it, not as text: comments (`--`, `#` in MySQL, `/* */`)
// are spaces, MySQL's `/*! ... */` is code, keywords are case-blind, string literals are data
// (`SELECT 'drop table x'` drops nothing), a line holds several statements, and `DELETE`/`UPDATE`
// whose WHERE holds for every row (`WHERE 1=1`, `WHERE true`, `... OR 'a'='a'`) is the same as
// none. Each statement that destroys data becomes a derived exec of its canonical text
// (`DROP TABLE invoices`, `DELETE FROM users`), which the destructive-data rules decide; a
// database client pointed at a development or test database (a local SQLite or DuckDB file, a
// database whose name says so (`app_test`, `dev.db`, `myapp_development`, a SQLite file under
// /tmp), local Redis database 15 (the last of Redis's 16 by default, where test suites keep
// their data clear of the application's)) derives nothing, because wiping it is ordinary work.
import { destroyingCall, quietLoss } from './sql-quiet-losses.js';
import { basename } from '../shell-wrappers.js';
import { sqlSecretSelect } from './sql-secrets.js';
import { platformClient } from './sql-platforms.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { outputOf, simpleCommands } from './walk.js';
import { containerClient } from './platform-db-shells.js';
import { table } from '../../util/lookup-table.js';
import { generatedStatements } from './sql-generated.js';

export type Dialect = 'postgres' | 'mysql' | 'sqlite' | 'generic';

/** Database clients whose statements are read here, with their dialect. */
export const SQL_DIALECT: Record<string, Dialect> = table({
  psql: 'postgres',
  cockroach: 'postgres',
  mysql: 'mysql',
  mariadb: 'mysql',
  sqlite3: 'sqlite',
  duckdb: 'sqlite',
  sqlcmd: 'generic',
  'clickhouse-client': 'generic',
  cqlsh: 'generic',
  // Other clients that take SQL on the command line (each tool's --help): -e/--execute, -q/--query.
  usql: 'postgres',
  pgcli: 'postgres',
  mycli: 'mysql',
  litecli: 'sqlite',
  snowsql: 'generic',
  bq: 'generic',
  trino: 'generic',
  presto: 'generic',
  beeline: 'generic',
  'spark-sql': 'generic',
  hive: 'generic',
  'impala-shell': 'generic',
  vsql: 'postgres',
});

/** The largest SQL text read (a bigger one is read up to here, never skipped). */
const MAX_SQL = 256 * 1024;

interface Tok {
  /** Upper-cased for words, '?' for string literals, the character(s) for punctuation. */
  t: string;
  /** The word as written (identifiers keep their case). */
  raw: string;
  str?: boolean;
}

/** Tokens of one text, statements split at `;`; comments dropped, literals opaque. */
export function sqlStatements(text: string, dialect: Dialect = 'generic'): Tok[][] {
  const s = text.length > MAX_SQL ? text.slice(0, MAX_SQL) : text;
  const out: Tok[][] = [];
  let cur: Tok[] = [];
  const flush = () => {
    if (cur.length) out.push(cur);
    cur = [];
  };
  let i = 0;
  const n = s.length;
  while (i < n) {
    const c = s.charAt(i);
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '-' && s[i + 1] === '-') {
      const e = s.indexOf('\n', i);
      i = e < 0 ? n : e + 1;
      continue;
    }
    if (c === '#' && dialect === 'mysql') {
      const e = s.indexOf('\n', i);
      i = e < 0 ? n : e + 1;
      continue;
    }
    if (c === '/' && s[i + 1] === '*') {
      // MySQL runs the body of /*! ... */ and /*!50000 ... */: it is code, not a comment.
      if (s[i + 2] === '!' && dialect !== 'postgres' && dialect !== 'sqlite') {
        i += 3;
        while (i < n && /\d/.test(s.charAt(i))) i++;
        continue;
      }
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (s[j] === '*' && s[j + 1] === '/') {
          depth--;
          j += 2;
        } else if (dialect === 'postgres' && s[j] === '/' && s[j + 1] === '*') {
          depth++;
          j += 2;
        } else j++;
      }
      i = j;
      continue;
    }
    if (c === '*' && s[i + 1] === '/') {
      i += 2; // the end of a /*! block
      continue;
    }
    if (c === ';') {
      flush();
      i++;
      continue;
    }
    if (c === "'" || (c === '"' && dialect === 'mysql')) {
      let j = i + 1;
      while (j < n) {
        if (s[j] === '\\' && dialect === 'mysql') j += 2;
        else if (s[j] === c && s[j + 1] === c) j += 2;
        else if (s[j] === c) break;
        else j++;
      }
      cur.push({ t: '?', raw: s.slice(i + 1, Math.min(j, n)), str: true });
      i = j + 1;
      continue;
    }
    if (c === '$' && dialect === 'postgres') {
      const tag = /^\$[A-Za-z_]*\$/.exec(s.slice(i, i + 64));
      if (tag) {
        const e = s.indexOf(tag[0], i + tag[0].length);
        const end = e < 0 ? n : e;
        cur.push({ t: '?', raw: s.slice(i + tag[0].length, end), str: true });
        i = e < 0 ? n : e + tag[0].length;
        continue;
      }
    }
    if (c === '"' || c === '`' || c === '[') {
      const close = c === '[' ? ']' : c;
      const e = s.indexOf(close, i + 1);
      const name = s.slice(i + 1, e < 0 ? n : e);
      cur.push({ t: name.toUpperCase(), raw: name });
      i = e < 0 ? n : e + 1;
      continue;
    }
    const w = /^[A-Za-z_][A-Za-z0-9_$]*(?:\.[A-Za-z_][A-Za-z0-9_$]*)*|^\d+(?:\.\d+)?|^(?:<>|!=|<=|>=|\|\||::)/.exec(
      s.slice(i, i + 256),
    );
    if (w) {
      cur.push({ t: w[0].toUpperCase(), raw: w[0] });
      i += w[0].length;
      continue;
    }
    cur.push({ t: c, raw: c });
    i++;
  }
  flush();
  return out;
}

/** Objects whose DROP loses data or access to it. */
// InfluxQL's DROP MEASUREMENT|SERIES|SHARD and `DROP RETENTION POLICY` delete the points they hold
// (InfluxDB 1.x, "Manage your database using InfluxQL")
const DROPPED = new Set([
  'DATABASE',
  'SCHEMA',
  'TABLE',
  'KEYSPACE',
  'USER',
  'ROLE',
  'COLLECTION',
  'TABLESPACE',
  'MEASUREMENT',
  'SERIES',
  'SHARD',
  'RETENTION',
]);

/** Whether a WHERE condition (its tokens) holds for every row: `1=1`, `true`, `x = x`, `... OR 2>1`. */
export function alwaysTrue(cond: Tok[]): boolean {
  const toks = cond.filter((t) => t.t !== '(' && t.t !== ')');
  // top-level OR: any always-true branch makes the whole condition hold
  const branches: Tok[][] = [[]];
  for (const t of toks) {
    if (t.t === 'OR' || t.t === '||') branches.push([]);
    else branches[branches.length - 1]?.push(t);
  }
  if (complements(branches)) return true;
  return branches.some((b) => {
    // an AND of always-true parts is always true
    const parts: Tok[][] = [[]];
    for (const t of b) {
      if (t.t === 'AND' || t.t === '&&') parts.push([]);
      else parts[parts.length - 1]?.push(t);
    }
    return parts.every(trueAtom);
  });
}

/** The comparison that holds exactly where each one fails (`x IS NULL` / `x IS NOT NULL`, `a >= 0` / `a < 0`). */
const OPPOSITE: Record<string, string> = table({
  '=': '<>',
  '<>': '=',
  '!=': '=',
  '<': '>=',
  '>=': '<',
  '>': '<=',
  '<=': '>',
});

/** A comparison as `COLUMN OP VALUE`, `x IS NOT NULL` as `x <> NULL`; else undefined. */
function comparison(b: Tok[]): string | undefined {
  if (b.length === 3 && b[1] && OPPOSITE[b[1].t] && b[0] && !b[0].str && b[2])
    return `${b[0].t} ${b[1].t} ${value(b[2])}`;
  if (b.length === 3 && b[1]?.t === 'IS' && b[2]?.t === 'NULL' && b[0]) return `${b[0].t} = NULL`;
  if (b.length === 4 && b[1]?.t === 'IS' && b[2]?.t === 'NOT' && b[3]?.t === 'NULL' && b[0]) return `${b[0].t} <> NULL`;
  return undefined;
}

/** Two OR branches that are each other's opposite cover every row: `x IS NULL OR x IS NOT NULL`, `a >= 0 OR a < 0`. */
function complements(branches: Tok[][]): boolean {
  const seen = new Set<string>();
  for (const b of branches) {
    const cmp = comparison(b);
    if (!cmp) continue;
    const [col, op, ...v] = cmp.split(' ');
    const opposite = OPPOSITE[op === '!=' ? '<>' : (op ?? '')];
    if (opposite && seen.has(`${col} ${opposite} ${v.join(' ')}`)) return true;
    seen.add(`${col} ${op === '!=' ? '<>' : op} ${v.join(' ')}`);
  }
  return false;
}

function value(t: Tok): string {
  return t.str ? `'${t.raw}'` : t.t;
}

function trueAtom(p: Tok[]): boolean {
  const [first, second] = p;
  if (p.length === 1 && first) {
    const t = first;
    return t.t === 'TRUE' || (/^\d+(?:\.\d+)?$/.test(t.t) && Number(t.t) !== 0);
  }
  if (p.length === 2 && first?.t === 'NOT' && second)
    return second.t === 'FALSE' || second.t === '0' || second.t === 'NULL';
  if (p.length === 3) {
    const [a, op, b] = p as [Tok, Tok, Tok];
    if (op.t === '=' || op.t === '>=' || op.t === '<=' || op.t === 'LIKE' || op.t === 'IS')
      if (value(a) === value(b) && a.t !== 'NULL') return true;
    if (op.t === 'LIKE' && b.str && /^%+$/.test(b.raw) && a.str) return true;
    const na = Number(a.t);
    const nb = Number(b.t);
    if (!a.str && !b.str && /^\d/.test(a.t) && /^\d/.test(b.t) && !Number.isNaN(na) && !Number.isNaN(nb)) {
      switch (op.t) {
        case '=':
          return na === nb;
        case '<>':
        case '!=':
          return na !== nb;
        case '<':
          return na < nb;
        case '>':
          return na > nb;
        case '<=':
          return na <= nb;
        case '>=':
          return na >= nb;
      }
    }
    if ((op.t === '<>' || op.t === '!=') && a.str && b.str) return a.raw !== b.raw;
    if (!a.str && /^[A-Z_]/.test(a.t)) return everyRow(a.t.replace(/^.*\./, ''), op.t, b);
  }
  if (p.length === 4 && first && !first.str && p[1]?.t === 'IS' && p[2]?.t === 'NOT' && p[3]?.t === 'NULL')
    return /^(?:ID|UUID|PK)$/.test(first.t.replace(/^.*\./, ''));
  return false;
}

/** A table's surrogate key: never null, and positive when generated by a sequence or identity. */
const KEY_COLUMN = /^(?:ID|[A-Z]+_ID|UUID|PK|ROWID|_ROWID_|OID)$/;
/** Columns stamped when a row is made: every existing row was made before now. */
const CREATED_COLUMN =
  /^(?:CREATED|CREATED_AT|CREATEDAT|CREATED_ON|CREATE_TIME|INSERTED_AT|INSERTED|DATE_CREATED|CREATION_DATE)$/;
/**
 * Columns stamped when something happened, which is always before now: an event's or a log
 * line's time (`ts`, `timestamp`, `event_time`, `logged_at`, `loaded_at`, `received_at`, the
 * last update). Names for what is due later (expiry, validity, schedule, deadline) are not.
 */
const EVENT_COLUMN =
  /^(?:TS|TIMESTAMP|_?[A-Z]+_(?:TS|TIMESTAMP)|(?:LOGGED|OCCURRED|RECORDED|RECEIVED|LOADED|INGESTED|EMITTED|SENT|ARRIVED|CAPTURED|COLLECTED|UPDATED|MODIFIED|ACCESSED|SEEN|LAST_SEEN|HAPPENED|IMPORTED)_(?:AT|ON|TIME|TS|DATE)|(?:EVENT|LOG|ACCESS|AUDIT|REQUEST)_(?:TIME|DATE|TS|AT))$/;
const DUE_COLUMN = /EXPIR|VALID|UNTIL|DUE|NEXT|SCHEDUL|DEADLINE|END|RETAIN|PURGE|DELETE|TTL|STOP|CLOSE/;
const NOW = /^(?:NOW|CURRENT_TIMESTAMP|CURRENT_DATE|GETDATE|SYSDATE|SYSDATETIME|LOCALTIMESTAMP|UTC_TIMESTAMP)$/;

/**
 * A comparison of a column that every row passes in practice: the surrogate key above zero
 * (`id > 0`, `id >= 1`, `id <> -1`), a date after the epoch or before the far future
 * (`created_at > '1970-01-01'`, `ts < '2999-12-31'`), a creation stamp before now
 * (`created_at < now()`), an event's or a log line's stamp before now (`ts < now()`,
 * `logged_at <= current_timestamp`), and `LIKE '%'`. The usual filters (`expires_at < now()`,
 * `created_at < now() - interval '90 days'`, `id = 42`) are not these.
 */
function everyRow(col: string, op: string, b: Tok): boolean {
  if (op === 'LIKE' && b.str && /^%+$/.test(b.raw)) return true;
  if (KEY_COLUMN.test(col) && !b.str && /^-?\d+$/.test(b.t)) {
    const n = Number(b.t);
    return (op === '>' && n <= 0) || (op === '>=' && n <= 1) || ((op === '<>' || op === '!=') && n <= 0);
  }
  const year = b.str ? /^(\d{4})-\d{2}-\d{2}/.exec(b.raw)?.[1] : undefined;
  if (year) {
    const y = Number(year);
    return ((op === '>' || op === '>=') && y <= 1971) || ((op === '<' || op === '<=') && y >= 2100);
  }
  const past = CREATED_COLUMN.test(col) || (EVENT_COLUMN.test(col) && !DUE_COLUMN.test(col));
  return (op === '<' || op === '<=') && past && !b.str && NOW.test(b.t);
}

/** A table name's parts that say it holds a throwaway copy (`tmp_backfill_check`, `orders_temp`). */
const SCRATCH_TABLE_PART = /^(?:tmp|temp|scratch|throwaway)$/i;
/** Parts that say a table holds something kept (`tmp_prod_orders`, `temp_backup`). */
const KEPT_TABLE_PART = /^(?:prod|production|live|backup|backups|bak|archive|snapshot)$/i;

/**
 * Whether the names after `DROP TABLE [IF EXISTS]` are all scratch tables: each one's first or
 * last part is tmp/temp/scratch and no part names production or a backup. A work table an
 * agent made for a backfill or a check is dropped when done; this is the precision profile's
 * narrowing (docs/shell-readings.md, "Read-only and project-local work").
 */
function scratchTables(rest: Tok[]): boolean {
  const names: string[] = [''];
  for (const tok of rest) {
    if (tok.t === 'CASCADE' || tok.t === 'RESTRICT' || tok.t === 'PURGE') break;
    if (tok.str) return false;
    if (tok.t === ',') names.push('');
    else names[names.length - 1] += tok.raw;
  }
  return names.every((n) =>
    scratchTableName(
      n
        .replace(/[`"[\]]/g, '')
        .split('.')
        .pop() ?? '',
    ),
  );
}

/** One table or collection name that holds a throwaway copy (see scratchTables). */
export function scratchTableName(local: string): boolean {
  if (!/^[A-Za-z_]\w*$/.test(local)) return false;
  const parts = local.split('_').filter(Boolean);
  if (parts.some((x) => KEPT_TABLE_PART.test(x))) return false;
  return SCRATCH_TABLE_PART.test(parts[0] ?? '') || SCRATCH_TABLE_PART.test(parts[parts.length - 1] ?? '');
}

/** The canonical text of a statement that destroys data, else undefined. */
export function destroys(st: Tok[]): string | undefined {
  const T = st.map((t) => t.t);
  let k = 0;
  // block openers (`BEGIN DROP TABLE x; END`) and labels before the verb
  while (k < T.length - 1 && /^(?:BEGIN|ATOMIC|THEN|ELSE|LOOP|DECLARE)$/.test(T[k] ?? '')) k++;
  // WITH ... AS (...) DELETE/UPDATE: skip to the main verb
  if (T[k] === 'WITH') {
    const start = k;
    let depth = 0;
    for (k = k + 1; k < T.length; k++) {
      if (T[k] === '(') depth++;
      else if (T[k] === ')') depth--;
      else if (depth === 0 && (T[k] === 'DELETE' || T[k] === 'UPDATE' || T[k] === 'TRUNCATE')) break;
    }
    // a data-modifying CTE, `WITH d AS (DELETE FROM t RETURNING *) SELECT ...`, runs in full
    if (k >= T.length)
      for (let i = start + 1; i < T.length - 1; i++) {
        if (T[i] !== '(' || (T[i + 1] !== 'DELETE' && T[i + 1] !== 'UPDATE')) continue;
        let d = 0;
        let j = i;
        for (; j < T.length; j++) {
          if (T[j] === '(') d++;
          else if (T[j] === ')' && --d === 0) break;
        }
        const inner = destroys(st.slice(i + 1, j));
        if (inner) return inner;
      }
  }
  // losses and recovery cuts that name no table drop or delete (sql-quiet-losses.ts)
  const quiet = quietLoss(st, k);
  if (quiet) return quiet;
  const verb = T[k];
  const name = (i: number) => st[i]?.raw ?? '';
  if (verb === 'DROP') {
    let i = k + 1;
    if (T[i] === 'MATERIALIZED' || T[i] === 'TEMPORARY' || T[i] === 'TEMP') return undefined;
    const what = T[i];
    // `DROP OWNED BY role`: every object the role owns, in every schema of the database.
    if (what === 'OWNED' && T[i + 1] === 'BY') return `DROP OWNED BY ${name(i + 2)}`;
    if (!what || !DROPPED.has(what)) return undefined;
    i++;
    if (T[i] === 'IF' && T[i + 1] === 'EXISTS') i += 2;
    if (what === 'TABLE' && scratchTables(st.slice(i))) return undefined;
    return `DROP ${what} ${name(i)}`.trim();
  }
  if (verb === 'TRUNCATE') {
    let i = k + 1;
    if (T[i] === 'TABLE') i++;
    // `TRUNCATE TABLE IF EXISTS db.t` (ClickHouse, Trino): the table is the name after it
    if (T[i] === 'IF' && T[i + 1] === 'EXISTS') i += 2;
    if (T[i] === 'ONLY') i++;
    // a work table emptied, as one dropped (above); CASCADE would empty the tables that refer to it too
    if (!T.includes('CASCADE') && scratchTables(st.slice(i))) return undefined;
    return `TRUNCATE TABLE ${name(i)}`.trim();
  }
  if (verb === 'ALTER' && T[k + 1] === 'TABLE') {
    // ClickHouse's mutations, `ALTER TABLE t [ON CLUSTER c] DELETE WHERE cond` and `... UPDATE
    // col = v WHERE cond` (ClickHouse SQL reference, ALTER TABLE ... DELETE / UPDATE), are the
    // DELETE and UPDATE they spell, judged by the same WHERE; one kept to a partition (`IN
    // PARTITION p`) is a retention cut, not a wipe
    let m = k + 3;
    if (T[m] === 'ON' && T[m + 1] === 'CLUSTER') m += 3;
    if ((T[m] === 'DELETE' || T[m] === 'UPDATE') && !T.includes('PARTITION')) {
      const head: Tok[] =
        T[m] === 'DELETE'
          ? [{ t: 'DELETE', raw: 'DELETE' }, { t: 'FROM', raw: 'FROM' }, st[k + 2] ?? { t: '', raw: '' }]
          : [{ t: 'UPDATE', raw: 'UPDATE' }, st[k + 2] ?? { t: '', raw: '' }, { t: 'SET', raw: 'SET' }];
      return destroys([...head, ...st.slice(m + 1)]);
    }
    const drop = T.indexOf('DROP', k + 2);
    if (
      drop > 0 &&
      (T[drop + 1] === 'COLUMN' ||
        (T[drop + 1] !== 'CONSTRAINT' &&
          T[drop + 1] !== 'INDEX' &&
          T[drop + 1] !== 'KEY' &&
          T[drop + 1] !== 'DEFAULT' &&
          T[drop + 1] !== 'NOT'))
    )
      return `ALTER TABLE ${name(k + 2)} DROP COLUMN ${name(T[drop + 1] === 'COLUMN' ? drop + 2 : drop + 1)}`;
    return undefined;
  }
  if (verb === 'DELETE' || verb === 'UPDATE') {
    let i = k + 1;
    if (verb === 'DELETE') {
      while (i < T.length && T[i] !== 'FROM') i++;
      i++;
    } else if (T[i] === 'ONLY' || T[i] === 'LOW_PRIORITY' || T[i] === 'IGNORE') i++;
    const table = name(i);
    if (!table) return undefined;
    const where = T.indexOf('WHERE', i);
    const canonical = verb === 'DELETE' ? `DELETE FROM ${table}` : `UPDATE ${table} SET ...`;
    if (where < 0) {
      // LIMIT/RETURNING only: still every row (up to a limit, which may well be all of them)
      return canonical;
    }
    let end = T.length;
    for (const stop of ['RETURNING', 'LIMIT', 'ORDER']) {
      const at = T.indexOf(stop, where);
      if (at > 0 && at < end) end = at;
    }
    const cond = st.slice(where + 1, end);
    // DELETE FROM child [[AS] c] USING parent [[AS] p] WHERE ...
    let u = i + 1;
    if (T[u] === 'AS') u++;
    if (T[u] !== 'USING' && T[u] !== 'WHERE') u++;
    const using = verb === 'DELETE' && T[u] === 'USING' ? T[u + 1] : undefined;
    const usingAlias = using && T[u + 2] === 'AS' ? T[u + 3] : using && T[u + 2] !== 'WHERE' ? T[u + 2] : undefined;
    if (verb === 'DELETE' && liveRows(cond)) return canonical;
    // one person's rows taken out of an audit or log table (`DELETE FROM mdl_logstore_standard_log
    // WHERE userid=4412`): the record of what they did is erased, which is the point of the table
    if (verb === 'DELETE' && AUDIT_TABLE.test(table.replace(/^.*\./, '')) && cond.some((t) => PERSON_COLUMN.test(t.t)))
      return canonical;
    return alwaysTrue(cond) || everyChild(cond, T[i] ?? '', using, usingAlias) ? canonical : undefined;
  }
  return historyCut(st, k);
}

/** Delta Lake keeps 168 hours of history unless told otherwise (docs.delta.io, "Remove files no longer referenced"). */
const DELTA_MIN_RETAIN_HOURS = 168;
/** Words that name the present moment in a time bound. */
const NOW_WORD = /^(?:NOW|CURRENT_TIMESTAMP|CURRENT_DATE|GETDATE|SYSDATE|SYSDATETIME|LOCALTIMESTAMP)$/;

/**
 * Statements that destroy data without a DROP or DELETE, read by what they leave:
 *   `RESTORE DATABASE x ... WITH REPLACE` (SQL Server) writes a backup over the live database;
 *   `VACUUM t RETAIN n HOURS` under Delta's 168-hour floor removes the files time travel and
 *     concurrent readers need, so no earlier version of the table can be read again;
 *   Timescale `drop_chunks('t', older_than => now())` drops every chunk there is, the same as
 *     `DELETE FROM t` (the canonical text returned, so the rules on deletes decide it);
 *   `CREATE OR REPLACE TABLE t AS ... LIMIT 0` and `INSERT OVERWRITE` of no rows (`WHERE false`,
 *     `WHERE 1=0`) leave the table empty, read as `TRUNCATE TABLE t`.
 */
function historyCut(st: Tok[], k: number): string | undefined {
  const T = st.map((t) => t.t);
  const name = (i: number) => st[i]?.raw ?? '';
  if (T[k] === 'RESTORE' && (T[k + 1] === 'DATABASE' || T[k + 1] === 'DB')) {
    const w = T.indexOf('WITH', k + 2);
    if (w > 0 && T.slice(w).includes('REPLACE')) return `RESTORE DATABASE ${name(k + 2)} WITH REPLACE`;
    return undefined;
  }
  // Snowflake `ALTER DATABASE|SCHEMA|TABLE a SWAP WITH b` exchanges the two objects' contents
  // (Snowflake SQL reference, ALTER TABLE ... SWAP WITH): what `a` held is now under the other
  // name, and a stale or empty copy serves as `a`. Blue/green promotions do this on purpose, so
  // it is asked (data-wipe-code), not denied; scratch objects on both sides give nothing.
  if (T[k] === 'ALTER' && /^(?:DATABASE|SCHEMA|TABLE)$/.test(T[k + 1] ?? '')) {
    const sw = T.indexOf('SWAP', k + 2);
    if (sw > 0 && T[sw + 1] === 'WITH' && !scratchTables(st.slice(k + 2, k + 3)))
      return `data-wipe-code sql ALTER ${T[k + 1]} ${name(k + 2)} SWAP WITH ${name(sw + 2)}`;
    return undefined;
  }
  if (T[k] === 'VACUUM') {
    const r = T.indexOf('RETAIN', k + 1);
    const n = Number(T[r + 1]);
    if (r > 0 && Number.isFinite(n) && n < DELTA_MIN_RETAIN_HOURS)
      return `VACUUM ${r > k + 1 ? name(k + 1) : ''} RETAIN ${n} HOURS: table history purged`;
    return undefined;
  }
  // `CREATE OR REPLACE TABLE t AS SELECT * FROM t LIMIT 0`, `INSERT OVERWRITE TABLE t SELECT ...
  // WHERE false`: the table replaced by nothing (BigQuery, Snowflake, Databricks, Hive)
  const replaces =
    (T[k] === 'CREATE' && T[k + 1] === 'OR' && T[k + 2] === 'REPLACE' && T.includes('TABLE') && T.includes('AS')) ||
    (T[k] === 'INSERT' && T[k + 1] === 'OVERWRITE');
  if (replaces) {
    const last = T.length - 1;
    const limit0 = T[last - 1] === 'LIMIT' && /^0+$/.test(T[last] ?? '');
    const w = T.lastIndexOf('WHERE');
    const none = w > 0 && /^(?:FALSE|0)$/.test(T[w + 1] ?? '') && w + 2 === T.length;
    const never =
      w > 0 &&
      T[w + 2] === '=' &&
      w + 4 === T.length &&
      /^\d+$/.test(T[w + 1] ?? '') &&
      /^\d+$/.test(T[w + 3] ?? '') &&
      T[w + 1] !== T[w + 3];
    const t = T.indexOf('TABLE', k);
    if ((limit0 || none || never) && t > 0 && !scratchTables(st.slice(t + 1))) return `TRUNCATE TABLE ${name(t + 1)}`;
  }
  const dc = T.indexOf('DROP_CHUNKS');
  if (dc >= 0 && T[dc + 1] === '(') {
    let depth = 0;
    let end = dc + 1;
    for (; end < T.length; end++) {
      if (T[end] === '(') depth++;
      else if (T[end] === ')' && --depth === 0) break;
    }
    const args = st.slice(dc + 2, end);
    const zeroInterval = args.some((t, i) => t.t === 'INTERVAL' && /^\s*0+\s*\w*\s*$/.test(args[i + 1]?.raw ?? ''));
    // `now()` alone is every chunk; `now() - INTERVAL '30 days'` is a retention window
    const bare = (i: number) => {
      let j = i + 1;
      if (args[j]?.t === '(' && args[j + 1]?.t === ')') j += 2;
      return args[j]?.t !== '-' && args[j]?.t !== '+';
    };
    if (args.some((t, i) => NOW_WORD.test(t.t) && bare(i)) || zeroInterval)
      return `DELETE FROM ${args[0]?.raw ?? ''}`.trim();
  }
  // a function that drops or empties what it names (sql-quiet-losses.ts)
  return destroyingCall(st, k);
}

/** Tables that keep a record of what was done: audit trails, logs, histories, journals. */
const AUDIT_TABLE = /(?:^|_)(?:audit|audits|auditlog|log|logs|logstore|history|journal|activity|trail)(?:_|$)/i;
/** Columns that name the person a row is about. */
const PERSON_COLUMN =
  /^(?:USERID|USER_ID|USERNAME|USER_NAME|ACTOR|ACTOR_ID|ACCOUNT_ID|EMAIL|RELATEDUSERID|STUDENT_ID|EMPLOYEE_ID|IP|IP_ADDRESS|REMOTE_ADDR)$/;

/** A table's last name part without schema or quotes, upper-cased (`public.Accounts` -> ACCOUNTS). */
function tableName(t: string): string {
  return t.replace(/^.*\./, '').toUpperCase();
}

/**
 * Whether COL is the foreign key to TABLE's rows: `account_id` to `accounts`, `category_id` to
 * `categories`, `person_id` to `person`.
 */
function parentKey(col: string, table: string): boolean {
  const m = /^(?:.*\.)?([A-Z][A-Z0-9_]*?)_?ID$/.exec(col.toUpperCase());
  const p = m?.[1];
  if (!p) return false;
  const t = tableName(table);
  return t === p || t === `${p}S` || t === `${p}ES` || (p.endsWith('Y') && t === `${p.slice(0, -1)}IES`);
}

function unwrap(cond: Tok[]): Tok[] {
  let c = cond;
  while (c[0]?.t === '(' && c[c.length - 1]?.t === ')') {
    let depth = 0;
    let closesAtEnd = true;
    for (let i = 0; i < c.length - 1; i++) {
      if (c[i]?.t === '(') depth++;
      else if (c[i]?.t === ')' && --depth === 0) closesAtEnd = false;
    }
    if (!closesAtEnd) break;
    c = c.slice(1, -1);
  }
  return c;
}

/**
 * A WHERE that keeps every row that has a parent, which under a foreign key is every row:
 * `account_id IN (SELECT id FROM accounts)`, `EXISTS (SELECT 1 FROM orders WHERE orders.id =
 * line_items.order_id)`, `DELETE FROM orders USING customers WHERE orders.customer_id =
 * customers.id`, and `id IN (SELECT id FROM t)` of the table itself. A subquery that filters
 * its parents (`... FROM accounts WHERE status = 'closed'`, a LIMIT) narrows, and so does a
 * second condition beside the join.
 */
/** Soft-delete stamps: a row whose stamp is unset is a live one. */
const SOFT_DELETE = /^(?:DELETED_AT|DELETED|IS_DELETED|DISCARDED_AT|ARCHIVED_AT|REMOVED_AT|DELETED_ON)$/;

/**
 * `DELETE ... WHERE deleted_at IS NULL` (or `is_deleted = false`): every row the application
 * still shows, which is all of its data; purging the soft-deleted ones (`IS NOT NULL`) is not this.
 */
function liveRows(cond: Tok[]): boolean {
  const c = unwrap(cond).map((t) => t.t);
  const col = (c[0] ?? '').replace(/^.*\./, '');
  if (!SOFT_DELETE.test(col)) return false;
  if (c.length === 3 && c[1] === 'IS' && c[2] === 'NULL') return true;
  return c.length === 3 && c[1] === '=' && (c[2] === 'FALSE' || c[2] === '0');
}

function everyChild(cond: Tok[], table: string, using?: string, usingAlias?: string): boolean {
  const c = unwrap(cond).map((t) => t.t);
  const own = tableName(table);
  // COL IN (SELECT KEY FROM PARENT [alias])
  if (
    c.length >= 7 &&
    c[1] === 'IN' &&
    c[2] === '(' &&
    c[3] === 'SELECT' &&
    c[5] === 'FROM' &&
    c[c.length - 1] === ')'
  ) {
    const rest = c.slice(7, -1);
    // what may follow the parent's name is its alias, nothing that filters
    const alias = rest[0] ?? '';
    if (rest.length > 1 || (rest.length === 1 && (!/^[A-Z_]\w*$/.test(alias) || /^(?:WHERE|LIMIT|GROUP)$/.test(alias))))
      return false;
    const col = c[0] ?? '';
    const key = (c[4] ?? '').replace(/^.*\./, '');
    const parent = c[6] ?? '';
    if (tableName(parent) === own && col.replace(/^.*\./, '') === key) return true;
    return key === 'ID' && parentKey(col, parent);
  }
  // a join equality, KEY = FK, naming the parent table (or its alias) and the child's key
  const joins = (a: string, b: string, parent: string, alias?: string) => {
    const [ta, ca] = a.includes('.') ? [a.slice(0, a.lastIndexOf('.')), a.slice(a.lastIndexOf('.') + 1)] : ['', a];
    const isParentKey = ca === 'ID' && (tableName(ta) === tableName(parent) || (alias !== undefined && ta === alias));
    return isParentKey && parentKey(b, parent);
  };
  // EXISTS (SELECT ... FROM PARENT [alias] WHERE A = B)
  if (c[0] === 'EXISTS' && c[1] === '(' && c[2] === 'SELECT' && c[c.length - 1] === ')') {
    const from = c.indexOf('FROM');
    const where = c.indexOf('WHERE');
    if (from < 0 || where < 0 || where > from + 3 || c.length !== where + 5) return false;
    const parent = c[from + 1] ?? '';
    const alias = where === from + 3 ? c[from + 2] : undefined;
    const [a, eq, b] = [c[where + 1] ?? '', c[where + 2], c[where + 3] ?? ''];
    return eq === '=' && (joins(a, b, parent, alias) || joins(b, a, parent, alias));
  }
  // DELETE FROM CHILD USING PARENT WHERE A = B
  if (using !== undefined && c.length === 3 && c[1] === '=')
    return joins(c[0] ?? '', c[2] ?? '', using, usingAlias) || joins(c[2] ?? '', c[0] ?? '', using, usingAlias);
  return false;
}

/**
 * A database account made all-powerful: `CREATE ROLE x SUPERUSER`, `ALTER USER x WITH
 * SUPERUSER`, MySQL's `GRANT ALL ON *.* ... WITH GRANT OPTION`, SQL Server's `ALTER SERVER ROLE
 * sysadmin ADD MEMBER x`. An account like that reads and wipes every database and outlives the
 * session; the canonical text is a privilege reading `admin-group database-superuser NAME`.
 */
export function superuserGrant(st: Tok[]): string | undefined {
  const T = st.map((t) => t.t);
  const name = (i: number) => (st[i]?.raw ?? '_').replace(/[^\w@.%-]/g, '') || '_';
  const v = T[0];
  // SQL Server's database owner role given (ALTER ROLE db_owner ADD MEMBER x)
  if (v === 'ALTER' && T[1] === 'ROLE' && T[2] === 'DB_OWNER' && T.includes('ADD'))
    return `admin-group database-superuser ${name(T.indexOf('MEMBER') + 1)}`;
  if ((v === 'CREATE' || v === 'ALTER') && (T[1] === 'ROLE' || T[1] === 'USER')) {
    const rest = T.slice(2);
    // CREATEUSER is Redshift's (and old PostgreSQL's) word for SUPERUSER; a CREATEROLE role grants
    // itself membership in any other role (PostgreSQL before 16, CREATE ROLE reference)
    if (['SUPERUSER', 'BYPASSRLS', 'REPLICATION', 'CREATEUSER', 'CREATEROLE'].some((w) => rest.includes(w)))
      return `admin-group database-superuser ${name(2)}`;
    return undefined;
  }
  if (v === 'ALTER' && T[1] === 'SERVER' && T[2] === 'ROLE' && /^(?:SYSADMIN|SECURITYADMIN)$/.test(T[3] ?? ''))
    return `admin-group database-superuser ${name(T.indexOf('MEMBER') + 1)}`;
  if (v === 'GRANT') {
    const on = T.indexOf('ON');
    const to = T.indexOf('TO');
    // the grantee after Snowflake's and Redshift's `TO USER x` / `TO ROLE x`
    const grantee = name(to + (/^(?:USER|ROLE|GROUP)$/.test(T[to + 1] ?? '') ? 2 : 1));
    // Snowflake's `GRANT OWNERSHIP ON DATABASE|ACCOUNT|SCHEMA x TO ROLE y`: the whole database handed over
    if (T[1] === 'OWNERSHIP' && on === 2 && /^(?:DATABASE|ACCOUNT|SCHEMA)$/.test(T[3] ?? '') && to > on)
      return `admin-group database-owner ${grantee}`;
    const all = T[1] === 'ALL' || T[1] === 'SUPER';
    const everything =
      on > 0 &&
      st
        .slice(on + 1, to > on ? to : on + 4)
        .map((t) => t.raw)
        .join('') === '*.*';
    // `GRANT postgres TO x`, `GRANT rds_superuser TO x`, `GRANT pg_write_all_data TO x`: a role given.
    // Snowflake spells it `GRANT ROLE ACCOUNTADMIN TO USER x`; its system roles that administer the
    // account, its users or every object (Snowflake, Overview of access control: system-defined roles)
    const role = T[1] === 'ROLE' ? T[2] : T[1];
    const roleGiven =
      on < 0 &&
      to > 1 &&
      /^(?:POSTGRES|RDS_SUPERUSER|AZURE_PG_ADMIN|CLOUDSQLSUPERUSER|PG_WRITE_ALL_DATA|PG_EXECUTE_SERVER_PROGRAM|DBA|SYSADMIN|ACCOUNTADMIN|SECURITYADMIN|USERADMIN|ORGADMIN)$/.test(
        role ?? '',
      );
    if ((all && everything) || roleGiven) return `admin-group database-superuser ${grantee}`;
    // every account of the database given write or every privilege (`GRANT ALL ON ALL TABLES IN
    // SCHEMA s TO PUBLIC`, `GRANT INSERT, UPDATE ON t TO PUBLIC`): PUBLIC is every role that logs
    // in, now and later (PostgreSQL, Oracle, SQL Server GRANT references); a read grant stays
    const writes = T.slice(1, on > 0 ? on : to).some((w) =>
      /^(?:ALL|INSERT|UPDATE|DELETE|TRUNCATE|ALTER|DROP|CONTROL|WRITE|CREATE)$/.test(w),
    );
    if (to > 0 && T[to + 1] === 'PUBLIC' && writes) return `admin-group database-public ${name(on > 0 ? on + 1 : 1)}`;
  }
  return undefined;
}

/**
 * Statements that run programs or native code on the database server's host, as its service
 * account, long after the session: PostgreSQL `COPY ... TO|FROM PROGRAM 'cmd'` (COPY reference)
 * and functions in its untrusted languages (plpython3u, plperlu, pltclu, plsh, plr: "PL/Python
 * is only available as an untrusted language"), SQL Server's xp_cmdshell (run, or switched on
 * with sp_configure), MySQL user-defined functions loaded from a shared library (`CREATE FUNCTION
 * ... SONAME`). Each reads as `db-host-code HOW`; a program it names is also decided as a command.
 */
const UNTRUSTED_PL = /^(?:PLPYTHON3?U|PLPERLU|PLTCLU|PLSH|PLR|PLJAVAU|PLV8U)$/;

export function hostCode(st: Tok[]): { how: string; program?: string }[] {
  const T = st.map((t) => t.t);
  const out: { how: string; program?: string }[] = [];
  for (let i = 1; i < T.length; i++) {
    if (T[i] === 'PROGRAM' && (T[i - 1] === 'TO' || T[i - 1] === 'FROM') && st[i + 1]?.str)
      out.push({ how: 'copy-program', program: st[i + 1]?.raw.replace(/''/g, "'") });
    if (T[i] === 'LANGUAGE' && UNTRUSTED_PL.test(T[i + 1] ?? '') && (T[0] === 'CREATE' || T[0] === 'DO'))
      out.push({ how: `function-${(T[i + 1] ?? '').toLowerCase()}` });
    if (T[i] === 'SONAME' && T[0] === 'CREATE' && T.includes('FUNCTION')) out.push({ how: 'udf-library' });
    if (T[i] === 'XP_CMDSHELL' || T[i]?.endsWith('.XP_CMDSHELL')) {
      const next = st[i + 1]?.str ? st[i + 1] : st[i + 1]?.t === 'N' && st[i + 2]?.str ? st[i + 2] : undefined;
      if (T[i - 1] === 'EXEC' || T[i - 1] === 'EXECUTE')
        out.push({ how: 'xp_cmdshell', program: next?.raw.replace(/''/g, "'") });
    }
    if (st[i]?.str && /^xp_cmdshell$/i.test(st[i]?.raw ?? '') && T.includes('SP_CONFIGURE'))
      out.push({ how: 'xp_cmdshell-enabled' });
  }
  return out.slice(0, 4);
}

/** Shell-level commands a client runs from inside its SQL text (psql `\!`, mysql `system`, sqlite `.shell`). */
function shellEscapes(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n|\\n/)) {
    const m = /^\s*(?:\\!|system\s|\\system\s|\.shell\s|\.system\s)(.*)$/i.exec(line);
    if (m?.[1]?.trim()) out.push(m[1].trim());
  }
  return out;
}

/** Words after which a string literal is SQL that runs: `EXECUTE '...'`, `DO $$...$$`,
 * `PREPARE s FROM '...'`, a function body `AS $$...$$`, `EXEC('...')`/`sp_executesql N'...'`. */
const RUNS_STRING = new Set(['EXECUTE', 'EXEC', 'DO', 'FROM', 'AS', 'SP_EXECUTESQL', 'IMMEDIATE', 'N']);

/** The strings a statement runs as SQL, with `'a' || 'b'` / CONCAT('a','b') / `+` joined. */
function dynamicSql(st: Tok[], prepared = false): string[] {
  const out: string[] = [];
  // `SET @q = CONCAT('DRO','P TABLE x'); PREPARE s FROM @q; EXECUTE s`: in a text that prepares or
  // executes a statement, a string put into a variable is the statement it will run
  const assigned = prepared && st[0]?.t === 'SET' ? st.findIndex((t) => t.t === '=') : -1;
  for (let i = 0; i < st.length; i++) {
    if (!RUNS_STRING.has(st[i]?.t ?? '') && i !== assigned) continue;
    let j = i + 1;
    if (st[j]?.t === '(' || st[j]?.t === 'CONCAT') j++;
    if (st[j]?.t === '(') j++;
    if (st[j]?.t === 'N') j++;
    let text = '';
    for (let tok = st[j]; tok?.str; tok = st[j]) {
      text += tok.raw;
      const sep = st[j + 1]?.t;
      if (sep === '||' || sep === '+' || sep === ',') j += 2;
      else break;
    }
    if (text) out.push(text.replace(/''/g, "'"));
  }
  return out;
}

/** What one SQL text amounts to: an exec of each destroying statement's canonical text. */
export function sqlTextEffects(text: string, dialect: Dialect, via: string, on = '', depth = 0): Effect[] {
  const out: Effect[] = [];
  const prepared = /\b(?:PREPARE|EXECUTE|EXEC|SP_EXECUTESQL)\b/i.test(text);
  for (const st of sqlStatements(text, dialect)) {
    const d = destroys(st);
    if (d) out.push({ tool: 'exec', command: d, via: `${via} SQL \`${d}\`${on}` });
    const g = superuserGrant(st);
    if (g) out.push({ tool: 'privilege', command: g, via: `${via} SQL that makes a database superuser${on}` });
    for (const h of hostCode(st)) {
      out.push({ tool: 'exec', command: `db-host-code ${h.how}`, via: `${via} code on the database's host${on}` });
      if (h.program)
        out.push({
          tool: 'exec',
          command: h.program,
          via: `${via} \`${h.program.slice(0, 60)}\` on the database's host`,
        });
    }
    if (depth < 3)
      for (const inner of dynamicSql(st, prepared)) out.push(...sqlTextEffects(inner, dialect, via, on, depth + 1));
  }
  for (const cmd of shellEscapes(text)) out.push({ tool: 'exec', command: cmd, via: `${via} a shell command` });
  return out;
}

// ------------------------------------------------------------------ which database

const DEV_WORD = /(?:^|[_.-])(?:test|tests|testing|dev|devel|development|local|ci|scratch|tmp|temp)(?:$|[_.-]\d*)/i;
/** .NET and SQL Server name databases in PascalCase: `AcmeTest`, `ShopDev`, `OrdersLocal` (not `ProdLatest`). */
const DEV_PASCAL = /[a-z0-9](?:Test|Tests|Testing|Dev|Devel|Development|Local|Scratch|Tmp|Temp)\d*$/;
/** ... and with the word first: `TestDb`, `DevShop`, `ScratchOrders` (not `Devices`, `Testimonials`). */
const DEV_PASCAL_FIRST = /^(?:Test|Tests|Testing|Dev|Devel|Scratch|Tmp|Temp)(?:[A-Z0-9][a-z0-9]|\d*$)/;
/** A database name that says it is for development or tests. */
export const DEV_NAME = {
  test: (name: string): boolean => DEV_WORD.test(name) || DEV_PASCAL.test(name) || DEV_PASCAL_FIRST.test(name),
};
/**
 * A server on this machine: loopback, and SQL Server's own spellings of a local instance
 * (sqlcmd -S `(localdb)\MSSQLLocalDB`, the per-user LocalDB engine; `(local)`, `.`, `.\SQLEXPRESS`),
 * with the backslash also as the slash a Windows line read in POSIX terms turns it into.
 */
export const LOCAL_HOST =
  /^(?:localhost|127(?:\.\d+){3}|::1|\[::1\]|0\.0\.0\.0|\(localdb\)[\\/][\w.-]+|\(local\)(?:[\\/][\w.-]+)?|\.(?:[\\/][\w.-]+)?|localhost[\\/][\w.-]+)$/i;

interface Target {
  host?: string;
  db?: string;
  redisDb?: string;
}

/** Per client: options that take a value, and those whose value is SQL to run. */
const CLIENT_OPTS: Record<string, { value: RegExp; sql: RegExp }> = table({
  postgres: {
    value: /^-[hpUdfcovPLTF]$|^--(?:host|port|username|dbname|file|command|set|variable|output|log-file)$/,
    sql: /^(?:-c|--command)$/,
  },
  mysql: { value: /^-[hPuDeS]$|^--(?:host|port|user|database|execute|socket)$/, sql: /^(?:-e|--execute)$/ },
  sqlite: { value: /^-(?:cmd|separator|nullvalue|newline|init|c)$/, sql: /^(?:-cmd|-c)$/ },
  generic: {
    value: /^-[SdUPQqiHek]$|^--(?:host|port|user|password|database|query|execute|keyspace)$/,
    sql: /^(?:-e|--execute|-q|--query|-Q)$/,
  },
  // `cockroach sql --url URL -e SQL`, `snowsql -d DB -q SQL`: options of their own, by tool name.
  cockroach: {
    value: /^-[edf]$|^--(?:url|host|port|user|database|execute|file|certs-dir|format|set)$/,
    sql: /^(?:-e|--execute)$/,
  },
  snowsql: {
    value: /^-[adswrqfu]$|^--(?:accountname|dbname|schemaname|warehouse|rolename|query|filename|username)$/,
    sql: /^(?:-q|--query)$/,
  },
});

/** The SQL texts a client runs (its -c/-e/-q text, positional SQL, stdin) and where it points. */
function clientCall(
  name: string,
  dialect: Dialect,
  c: SimpleCommand,
): { texts: string[]; target: Target; files: string[] } {
  const texts: string[] = [];
  const files: string[] = [];
  const target: Target = {};
  const a = c.argv;
  const opts = CLIENT_OPTS[name] ?? CLIENT_OPTS[dialect] ?? CLIENT_OPTS['generic'];
  if (!opts) return { texts, target, files };
  const positional: string[] = [];
  for (const { name: v, value } of c.assigns) {
    if (v === 'PGHOST' || v === 'MYSQL_HOST') target.host = value;
    if (v === 'PGDATABASE') target.db = value;
  }
  for (let i = 1; i < a.length; i++) {
    let w = a[i] ?? '';
    let val: string | undefined;
    const eq = /^(--[\w-]+)=(.*)$/s.exec(w);
    if (eq) {
      w = eq[1] ?? '';
      val = eq[2] ?? '';
    } else if (opts.value.test(w)) {
      val = a[++i];
    } else if (/^-[A-Za-z]{2,}$/.test(w) && dialect !== 'sqlite' && opts.sql.test(`-${w.slice(-1)}`)) {
      // flags bundled before the statement option (`psql -Atc SQL`, `mysql -Ne SQL`): the last one takes it
      w = `-${w.slice(-1)}`;
      val = a[++i];
    } else if (/^-[hdDecfqQ]./.test(w) && dialect !== 'sqlite') {
      val = w.slice(2);
      w = w.slice(0, 2);
    }
    if (w.startsWith('-') && val === undefined) continue;
    if (val !== undefined) {
      if (opts.sql.test(w)) texts.push(substitutionOutput(val) ?? val);
      else if (w === '-h' || w === '--host') target.host = val;
      // sqlcmd's server is `[tcp:]HOST[\\INSTANCE][,PORT]` (sqlcmd utility reference): the port
      // and protocol name no other machine (`-S localhost,1433` is the local container)
      else if (w === '-S') target.host = val.replace(/^(?:tcp|np|lpc|admin):/i, '').replace(/,\d+$/, '');
      else if (w === '-d' || w === '--dbname' || w === '--database' || w === '-D' || w === '--keyspace')
        target.db = val;
      else if (w === '-f' || w === '--file' || w === '-i' || w === '-init') files.push(val);
      continue;
    }
    positional.push(w);
  }
  if (name === 'cockroach' && positional[0] === 'sql') positional.shift();
  // `bq query [flags] 'SQL'`: the statement is the operand.
  if (name === 'bq') {
    if (positional[0] === 'query' && positional.length > 1) texts.push(positional.slice(1).join(' '));
    positional.length = 0;
  }

  // a connection URL names host and database
  for (const p of positional) {
    const u = /^[a-z+]+:\/\/(?:[^@/]*@)?([^/:?]*)(?::\d+)?(?:\/([^?]*))?/i.exec(p);
    if (u) {
      target.host = u[1] || target.host;
      if (u[2]) target.db = u[2];
    }
  }
  const plain = positional.filter((p) => !/^[a-z+]+:\/\//i.test(p));
  if (dialect === 'sqlite') {
    // sqlite3 [FILE] [SQL...]
    target.db = plain[0] ?? ':memory:';
    if (plain.length > 1) texts.push(plain.slice(1).join(' '));
  } else if (dialect === 'mysql') {
    if (plain[0]) target.db ??= plain[0];
  } else if (dialect === 'postgres') {
    if (plain[0]) target.db ??= plain[0];
  } else if (name === 'cqlsh') {
    // `cqlsh [HOST [PORT]]`: the server is the first operand (cqlsh reference)
    if (plain[0]) target.host ??= plain[0];
  }
  // `-f <(echo ...)`: the file is the text the substitution prints
  for (const w of a) if (w.startsWith('<(')) texts.push(...known(substitutionOutput(w)));
  if (c.stdin !== undefined && c.stdin.trim()) texts.push(c.stdin);
  for (const r of c.redirs) if (r.op === '<' && r.fd === '0') files.push(r.target);
  return { texts, target, files };
}

/** What `$(...)`, `<(...)` or a backquoted command prints, when the line shows it. */
function substitutionOutput(word: string): string | undefined {
  const m = /^(?:\$\(|<\()(.*)\)$/s.exec(word) ?? /^`(.*)`$/s.exec(word);
  if (m?.[1] === undefined) return undefined;
  const inner = simpleCommands(m[1]);
  const last = inner[inner.length - 1];
  return last ? outputOf(last) : undefined;
}

function known(t: string | undefined): string[] {
  return t === undefined ? [] : [t];
}

/** Whether wiping this database is ordinary development work. */
function devTarget(dialect: Dialect, t: Target): boolean {
  if (t.db === undefined) return false;
  // a SQLite/DuckDB file in memory or under /tmp is a scratch copy
  if (dialect === 'sqlite' && (t.db === ':memory:' || /^\/(?:tmp|var\/tmp)\//.test(t.db))) return true;
  return DEV_NAME.test(t.db.replace(/^.*\//, ''));
}

/** Words of a script's name that say it destroys data; numbered migrations are reviewed changes, not wipes. */
const DESTROY_WORD =
  /(?:^|[^a-z])(?:drop|wipe|truncate|purge|nuke|destroy|teardown|erase|reset|delete[-_]?all|clear[-_]?all)(?:[^a-z]|$)/i;

/** `drop_old_index`, `drop-fk-orders`, `drop_unused_view`: objects that hold no data of their own. */
const SCHEMA_ONLY_DROP =
  /drop[_-]+(?:[a-z0-9]+[_-]+)?(?:index(?:es)?|idx|constraints?|fk|foreign[_-]key|defaults?|not[_-]null|views?|triggers?|functions?|procedures?)(?=[^a-z]|$)/gi;

/** Whether a SQL script file is named for a wipe (outside a migrations folder, not a numbered migration; with `migrations`, those too). */
export function namedForDestruction(file: string, migrations = false): boolean {
  if (!migrations && /(?:^|\/)(?:migrations?|migrate|db\/migrate|flyway|liquibase|changelog)\//i.test(file))
    return false;
  const base = file.slice(file.lastIndexOf('/') + 1).replace(/\.(?:sql|cql|psql|mysql|sqlite|js)$/i, '');
  // a migration that drops an index, a constraint, a view or a trigger loses no rows
  if (migrations)
    return DESTROY_WORD.test(base.replace(/^(?:V?\d[\d._-]*|\d{8,})[_-]/, '').replace(SCHEMA_ONLY_DROP, ''));
  if (/^(?:V?\d[\d._-]*|\d{8,})[_-]/.test(base)) return false;
  return DESTROY_WORD.test(base);
}

/**
 * redis-cli's options that take a value (redis-cli --help); the others (`--tls`, `-c`, `--raw`,
 * `--no-auth-warning`, `--insecure`) are flags, and the word after them is the command.
 */
const REDIS_VALUE_OPTS =
  /^(?:-[psarid]|-X|-D|--user|--pass|--sni|--cacert|--cacertdir|--cert|--key|--tls-ciphers|--tls-ciphersuites|--show-pushes|--lru-test|--rdb|--functions-rdb|--pipe-timeout|--memkeys-samples|--pattern|--quoted-pattern|--count|--intrinsic-latency|--eval)$/;

/**
 * Redis: `redis-cli [opts] CMD args`; FLUSHDB of database 15 on this machine is a test reset, and
 * so is a flush of an instance the line names as loopback (`-h 127.0.0.1`, `-u redis://localhost`).
 */
function redisEffects(c: SimpleCommand, out: Effect[]): void {
  const a = c.argv;
  let host: string | undefined;
  let db = '0';
  const words: string[] = [];
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (w === '-h') host = a[++i];
    else if (w === '-n') db = a[++i] ?? '0';
    else if (w === '-u' || w === '--uri' || w === '--url') {
      const u = a[++i] ?? '';
      const m = /^rediss?:\/\/(?:[^@/]*@)?([^/:]*)(?::\d+)?(?:\/(\d+))?/i.exec(u);
      host = m?.[1] || 'remote';
      if (m?.[2]) db = m[2];
    } else if (REDIS_VALUE_OPTS.test(w)) i++;
    else if (w.startsWith('-')) continue;
    else words.push(w);
  }
  // `redis-cli --cluster call HOST:PORT CMD ...` runs CMD on every node of HOST's cluster
  if (words[0] === 'call' && a.includes('--cluster') && words.length > 2) {
    host = (words[1] ?? '').replace(/:\d+$/, '');
    words.splice(0, 2);
  }
  const lines = words.length ? [words.join(' ')] : (c.stdin ?? '').split(/\r?\n/);
  const local = host === undefined || LOCAL_HOST.test(host);
  const verbs: string[] = [];
  for (const line of lines) {
    const verb = line.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
    verbs.push(verb);
    // a Lua script runs the commands it names: EVAL "return redis.call('FLUSHDB')" 0
    if (verb === 'EVAL' || verb === 'EVAL_RO' || verb === 'FCALL' || verb === 'FUNCTION')
      for (const m of line.matchAll(/redis\.p?call\(\s*['"](\w+)['"]/gi)) verbs.push((m[1] ?? '').toUpperCase());
  }
  // `DEL $(redis-cli KEYS 'session:*')`: every key a pattern matches, as a scan piped into DEL is
  const computed = words.slice(1).find((w) => /^(?:\$\(|`)/.test(w) && /\b(?:KEYS|--scan)\b/i.test(w));
  // a script that lists keys and deletes what it lists (`EVAL "for _,k in ipairs(redis.call('KEYS','*'))
  // do redis.call('DEL',k) end" 0`) is the same delete, run by the server
  const scripted =
    (verbs[0] === 'EVAL' || verbs[0] === 'FCALL' || verbs[0] === 'FUNCTION') &&
    verbs.some((v) => v === 'KEYS' || v === 'SCAN') &&
    verbs.some((v) => v === 'DEL' || v === 'UNLINK');
  if (scripted && !(host !== undefined && LOCAL_HOST.test(host)))
    out.push({
      tool: 'exec',
      command: `redis DEL-MATCHING ${/redis\.p?call\(\s*['"]KEYS['"]\s*,\s*['"]([^'"]+)/i.exec(words.join(' '))?.[1] ?? '*'}`,
      via: `redis-cli ${host ? `-h ${host} ` : ''}runs a script that deletes every key KEYS lists`,
    });
  // SWAPDB puts another database's keys (often an empty one) where the application reads, and
  // its own where nothing does: to the application, a flush
  if (verbs[0] === 'SWAPDB' && !(host !== undefined && LOCAL_HOST.test(host)) && !(words.includes('15') && local))
    out.push({
      tool: 'exec',
      command: 'redis FLUSHDB',
      via: `redis-cli ${host ? `-h ${host} ` : ''}runs SWAPDB ${words.slice(1, 3).join(' ')}: the live keys swapped out`,
    });
  if ((verbs[0] === 'DEL' || verbs[0] === 'UNLINK') && computed && !(host !== undefined && LOCAL_HOST.test(host)))
    out.push({
      tool: 'exec',
      command: `redis DEL-MATCHING ${/KEYS\s+['"]?([^'"\s)]+)/i.exec(computed)?.[1] ?? '*'}`,
      via: `redis-cli ${host ? `-h ${host} ` : ''}deletes every key a KEYS pattern lists`,
    });
  for (const verb of verbs) {
    if (verb !== 'FLUSHALL' && verb !== 'FLUSHDB') continue;
    if (verb === 'FLUSHDB' && local && db === '15') continue;
    // a server the line names as loopback is the developer's own instance (`redis-cli -h localhost
    // FLUSHALL`); a server left unnamed may be any the environment points at, so it stays a wipe
    if (host !== undefined && LOCAL_HOST.test(host)) continue;
    out.push({
      tool: 'exec',
      command: `redis ${verb}`,
      via: `redis-cli ${host ? `-h ${host} ` : ''}runs ${verb}`,
    });
  }
}

/**
 * What a database client on the command line runs (`psql -c`, `mysql -e`, `sqlite3 DB SQL`,
 * stdin, `-f <(echo ...)`, `-f FILE` written earlier in the line), each destroying statement
 * as a derived exec unless the database is a development or test one.
 */
export function sqlClientEffects(c: SimpleCommand, out: Effect[], written?: Map<string, string>, label?: string): void {
  // a hosting platform's database shell is its client run on the app's database (sql-platforms.ts)
  const platform = label === undefined ? platformClient(c) : undefined;
  if (platform) {
    sqlClientEffects(platform.cmd, out, written, platform.label);
    return;
  }
  // a client run inside a pod or container, or Render's psql (platform-db-shells.ts)
  const inside = label === undefined ? containerClient(c) : undefined;
  if (inside) {
    sqlClientEffects(inside, out, written);
    return;
  }
  const name = label ?? basename(c.argv[0] ?? '');
  // `dropdb [-h HOST] NAME` is `psql [-h HOST] -c 'DROP DATABASE NAME'`, judged by the same
  // target: a loopback server does not make `authentik` a test database, its name would
  if (name === 'dropdb' && label === undefined) {
    const dropped = dropdbAsPsql(c);
    if (dropped) sqlClientEffects(dropped, out, written, 'dropdb');
    return;
  }
  if (c.argv[0] === 'redis-cli') {
    redisEffects(c, out);
    return;
  }
  if ((name === 'cat' || name === 'zcat') && c.pipedInto) {
    pipedScripts(c.argv, c.pipedInto, out);
    return;
  }
  if (c.pipedInto && dumpDrops(name, c.argv)) {
    pipedDump(name, c.pipedInto, out);
    return;
  }
  const dialect = SQL_DIALECT[basename(c.argv[0] ?? '')];
  if (!dialect) return;
  const { texts, target, files } = clientCall(basename(c.argv[0] ?? ''), dialect, c);
  // a development name on a host named as production is production's (Redshift's default
  // database is called `dev`)
  const dev = devTarget(dialect, target) && !PROD_NAME.test(target.host ?? '');
  for (const f of files) {
    const t = written?.get(f.replace(/^\.\/+/, ''));
    if (t !== undefined) texts.push(t);
    // a script the line does not show, named for what it destroys (wipe.sql, drop_all_tables.sql)
    else if (!dev && namedForDestruction(f))
      out.push({
        tool: 'exec',
        command: `sql-script-destroys ${f}`,
        via: `${name} runs ${f}, a script named for a wipe`,
      });
    // a migration named for a wipe (0043_drop_legacy.sql) is a reviewed change where the project's
    // migration tool runs it; run by hand on a database named as production it is that wipe there
    else if (!dev && prodTarget(target, c.argv) && namedForDestruction(f, true))
      out.push({
        tool: 'exec',
        command: `sql-script-destroys ${f}`,
        via: `${name} runs ${f}, a migration named for a wipe, by hand on a production database`,
      });
    // any script the line does not show, run on a database the line names as production (a host,
    // a database or a URL variable named prod): what it does there cannot be read here
    else if (!dev && prodTarget(target, c.argv) && !migrationScript(f))
      out.push({
        tool: 'exec',
        command: `sql-script-on-prod ${name} ${f}`,
        via: `${name} runs ${f}, a script not shown, on a production database`,
      });
    // a script named for changing rows in bulk (cleanup.sql, fix_dupes.sql, supplier_update.sql),
    // run by hand on a server of another machine: how many rows it touches there cannot be read
    else if (!dev && remoteServer(target) && namedForDataChange(f) && !migrationScript(f))
      out.push({
        tool: 'exec',
        command: `sql-script-on-server ${name} ${target.host ?? ''} ${f}`,
        via: `${name} runs ${f}, a script not shown that changes data, on the server ${target.host ?? ''}`,
      });
  }
  const local = target.host === undefined || LOCAL_HOST.test(target.host);
  const where = target.db ? ` on ${target.db}` : target.host ? ` on ${target.host}` : '';
  for (const t of texts) {
    for (const e of sqlTextEffects(t, dialect, `${name} runs`, where)) if (!ordinaryOn(e, dev, local)) out.push(e);
    // credentials selected into the result print in the conversation wherever the database is
    out.push(...sqlSecretSelect(t, `${name} runs`));
  }
  if (c.pipedInto && texts.length) pipedStatements(name, dialect, texts, target, c.pipedInto, out);
}

/**
 * A query whose output is piped into another database client: the statements it prints are that
 * client's script (sql-generated.ts), judged on the receiving client's database (the sender's
 * where the receiver names none).
 */
function pipedStatements(
  name: string,
  dialect: Dialect,
  texts: string[],
  sender: Target,
  into: readonly string[],
  out: Effect[],
): void {
  const receiver = basename(into[0] ?? '');
  const rdialect = SQL_DIALECT[receiver];
  if (!rdialect) return;
  const argv = [...into];
  const { target } = clientCall(receiver, rdialect, {
    argv,
    quoted: argv.map(() => false),
    redirs: [],
    assigns: [],
    unsets: [],
  });
  const t: Target = { host: target.host ?? sender.host, db: target.db ?? sender.db };
  const dev = devTarget(rdialect, t) && !PROD_NAME.test(t.host ?? '');
  const local = t.host === undefined || LOCAL_HOST.test(t.host);
  const where = t.db ? ` on ${t.db}` : t.host ? ` on ${t.host}` : '';
  for (const text of texts)
    for (const sql of generatedStatements(sqlStatements(text, dialect)))
      for (const e of sqlTextEffects(sql, rdialect, `${name} prints, one per row, statements ${receiver} runs:`, where))
        if (!ordinaryOn(e, dev, local)) out.push(e);
}

/** A numbered migration or one under a migrations folder: a reviewed change, not an unseen script. */
/** dropdb's options that take a value (PostgreSQL reference, dropdb). */
const DROPDB_VALUE = /^(?:-h|--host|-p|--port|-U|--username|--maintenance-db)$/;

/** `dropdb` as the psql call that does the same, or undefined when it names no database. */
function dropdbAsPsql(c: SimpleCommand): SimpleCommand | undefined {
  const opts: string[] = [];
  let db: string | undefined;
  for (let i = 1; i < c.argv.length; i++) {
    const w = c.argv[i] ?? '';
    if (DROPDB_VALUE.test(w)) opts.push(w, c.argv[++i] ?? '');
    else if (/^--(?:host|port|username)=/.test(w)) opts.push(w);
    else if (!w.startsWith('-')) db ??= w;
  }
  if (!db) return undefined;
  const argv = ['psql', ...opts, '-c', `DROP DATABASE ${db}`];
  return { ...c, argv, quoted: argv.map(() => false) };
}

/** A server of another machine: a host named and not loopback or a local SQL Server instance. */
function remoteServer(t: Target): boolean {
  return t.host !== undefined && t.host !== '' && !LOCAL_HOST.test(t.host) && !t.host.startsWith('$');
}

/**
 * Words of a script's name that say it changes existing rows in bulk: a cleanup, a fix, a dedupe,
 * an update, a backfill, a purge, a merge, a correction. Reports, queries, views and seeds are not.
 */
const DATA_CHANGE_WORD =
  /(?:^|[^a-z])(?:clean(?:up)?|fix(?:es)?|dedupe?|dupes?|duplicates?|update|upd|backfill|purge|prune|delete|remove|merge|correct(?:ion)?s?|repair|reassign|normali[sz]e|bulk|mass|reprice|recalc(?:ulate)?|anonymi[sz]e|scrub|archive)(?:[^a-z]|$)/i;

/** Whether a SQL script file is named for changing data in bulk (see DATA_CHANGE_WORD). */
function namedForDataChange(file: string): boolean {
  const base = file.replace(/\\/g, '/').slice(file.replace(/\\/g, '/').lastIndexOf('/') + 1);
  return /\.(?:sql|cql|psql|mysql)$/i.test(base) && DATA_CHANGE_WORD.test(base.replace(/\.[a-z]+$/i, ''));
}

function migrationScript(file: string): boolean {
  if (/(?:^|\/)(?:migrations?|migrate|db\/migrate|flyway|liquibase|changelog)\//i.test(file)) return true;
  return /^(?:V?\d[\d._-]*|\d{8,})[_-]/.test(file.slice(file.lastIndexOf('/') + 1));
}

/** A production name in the client's host, database, or a URL or variable among its words. */
const PROD_NAME = /(?:^|[^A-Za-z])(?:prod|production|prd|live)(?:[^A-Za-z]|$)/i;
function prodTarget(t: { host?: string; db?: string }, argv: readonly string[]): boolean {
  if (PROD_NAME.test(t.host ?? '') || PROD_NAME.test(t.db ?? '')) return true;
  return argv.slice(1).some((w) => (/^[a-z+]+:\/\//i.test(w) || /^"?\$\{?\w/.test(w)) && PROD_NAME.test(w));
}

/**
 * `cat wipe.sql | mysql -h prod-db shop`: the scripts cat hands to a database client are run by
 * it, as `mysql < wipe.sql` would; one named for a wipe is read as such unless the client's
 * database is a development or test one.
 */
function pipedScripts(cat: readonly string[], client: readonly string[], out: Effect[]): void {
  const name = basename(client[0] ?? '');
  const dialect = SQL_DIALECT[name];
  if (!dialect) return;
  const argv = [...client];
  const { target } = clientCall(name, dialect, {
    argv,
    quoted: argv.map(() => false),
    redirs: [],
    assigns: [],
    unsets: [],
  });
  if (devTarget(dialect, target)) return;
  for (const f of cat.slice(1))
    if (!f.startsWith('-') && namedForDestruction(f))
      out.push({
        tool: 'exec',
        command: `sql-script-destroys ${f}`,
        via: `${name} runs ${f}, a script named for a wipe, from cat`,
      });
}

/**
 * Whether a dump's script drops each object before making it again: `pg_dump -c`/`--clean`,
 * `pg_dumpall -c`, and mysqldump or mariadb-dump, whose `--opt` default includes
 * `--add-drop-table` unless `--skip-add-drop-table`, `--skip-opt` or `--no-create-info` (`-t`)
 * turn it off (pg_dump(1), mysqldump reference).
 */
function dumpDrops(name: string, argv: readonly string[]): boolean {
  if (name === 'pg_dump' || name === 'pg_dumpall')
    return argv.some((w) => w === '--clean' || /^-[a-zA-Z]*c[a-zA-Z]*$/.test(w));
  if (name === 'mysqldump' || name === 'mariadb-dump')
    return !argv.some((w) => /^(?:--skip-add-drop-table|--skip-opt|--no-create-info|-t)$/.test(w));
  return false;
}

/**
 * `pg_dump -c staging | psql -h prod-db app`, `mysqldump staging | mysql -h prod-mysql shop`: a
 * dump that drops each table before loading it, piped into a database the line names as
 * production, replaces production's data with the source's.
 */
function pipedDump(dumper: string, into: readonly string[], out: Effect[]): void {
  const argv = [...into];
  const cmd: SimpleCommand = { argv, quoted: argv.map(() => false), redirs: [], assigns: [], unsets: [] };
  const platform = platformClient(cmd);
  const client = platform?.cmd ?? cmd;
  const name = basename(client.argv[0] ?? '');
  const dialect = SQL_DIALECT[name];
  if (!dialect) return;
  const { target } = clientCall(name, dialect, client);
  if (!prodTarget(target, client.argv)) return;
  const label = platform?.label ?? name;
  out.push({
    tool: 'exec',
    command: `data-reset prod ${dumper} into ${label}`,
    via: `${dumper} drops and reloads every table it dumps, piped into ${label} on a production database`,
  });
}

function unquoted(name: string): string {
  return name.replace(/[`"'[\]]/g, '');
}

/**
 * Whether a destroying statement is ordinary work where it runs: on a development or test
 * database (`dev`), any wipe but a shell escape; DROP DATABASE names what it drops, so that name
 * decides, not the database connected to (`psql -c 'DROP DATABASE app_dev'` is a reset on this
 * machine, `psql app_test -c 'DROP DATABASE app'` is not).
 */
export function ordinaryOn(e: Effect, dev: boolean, local: boolean): boolean {
  const dropped = e.tool === 'exec' ? /^DROP (?:DATABASE|KEYSPACE) (\S+)$/.exec(e.command ?? '')?.[1] : undefined;
  if (dropped !== undefined) return local && DEV_NAME.test(unquoted(dropped));
  // a schema named for tests on this machine (`DROP SCHEMA test_run_42 CASCADE`) is a reset too;
  // on a test database, so is any schema of it (`public` of app_test)
  const schema = e.tool === 'exec' ? /^DROP SCHEMA (\S+)$/.exec(e.command ?? '')?.[1] : undefined;
  if (schema !== undefined && local && DEV_NAME.test(unquoted(schema))) return true;
  // a table qualified by a test database or keyspace on this machine (`DROP TABLE test.events`,
  // `TRUNCATE TABLE it_tmp.orders`): the qualifier names where the rows are, whatever is connected to
  const qualified =
    e.tool === 'exec'
      ? /^(?:DROP TABLE|TRUNCATE TABLE|DELETE FROM|UPDATE) ([^\s.]+)\.[^\s.]+$/.exec(e.command ?? '')?.[1]
      : undefined;
  if (qualified !== undefined && local && DEV_NAME.test(unquoted(qualified))) return true;
  // a superuser is the whole server's, whatever database the client names: only a local server's is ordinary
  if (e.tool === 'privilege') return dev && local;
  return dev && !e.via.endsWith('runs a shell command');
}
