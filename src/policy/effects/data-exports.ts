// A database's contents sent out of the machine: a dump or query streamed into an upload
// (`pg_dump "$PROD_DATABASE_URL" | gzip | aws s3 cp - s3://bucket/x.gz`), a dump written to a
// file that the same line then uploads (`mysqldump app > d.sql && curl -T d.sql https://...`),
// or a warehouse told to export a table to storage (`bq extract ds.t gs://...`, `gcloud sql
// export`, `EXPORT DATA OPTIONS(uri='gs://...')`, Redshift `UNLOAD ... TO 's3://'`). Which
// bucket belongs to the user cannot be told from the line, so a bucket asks; a web host, a
// raw socket or a gist is someone else's and is denied. A dump kept on local disk
// (`pg_dump db > backup.sql`) is not read here. Each reads as
//   exports-data SOURCE to-bucket DEST | to-host DEST | to-remote DEST
// Sources: pg_dump(1), mysqldump, mongodump --archive, redis-cli --rdb; aws s3 cp (`-` is
// stdin), gsutil cp, gcloud storage cp, rclone rcat, s3cmd put, mc pipe, curl -T/--data-binary
// @-, wget --post-file; bq extract, gcloud sql export, aws rds start-export-task, aws dynamodb
// export-table-to-point-in-time, az sql db export, gcloud firestore/datastore export; BigQuery
// EXPORT DATA, Redshift UNLOAD, Snowflake COPY INTO an external location.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import type { LineView } from './line-view.js';

/** Programs that print a database's contents. */
const DUMPERS = new Set([
  'pg_dump',
  'pg_dumpall',
  'mysqldump',
  'mariadb-dump',
  'mysqlpump',
  'mydumper',
  'mongodump',
  'mongoexport',
  'redis-cli',
  'cockroach',
  'psql',
  'mysql',
  'mariadb',
  'sqlite3',
  'mongosh',
  'clickhouse-client',
  'snowsql',
  'sqlcmd',
  'duckdb',
  // warehouse and query-engine shells
  'bq',
  'trino',
  'presto',
  'spark-sql',
  'beeline',
  'impala-shell',
  'vsql',
  'bteq',
  'databricks',
]);
/** Programs that pass a stream on, changed or not. */
const PASS_ON = new Set([
  'gzip',
  'pigz',
  'bzip2',
  'xz',
  'zstd',
  'lz4',
  'brotli',
  'openssl',
  'gpg',
  'age',
  'base64',
  'tar',
  'pv',
  'cat',
  'tee',
  'mbuffer',
  'split',
  'head',
  'tail',
  'sed',
  'jq',
  'zip',
]);

/** Warehouse and managed-database commands that export a table or database to storage. */
const WAREHOUSE_EXPORTS: readonly [string, RegExp][] = [
  ['bq', /^(?:--?\S+ )*extract\b/],
  ['gcloud', /^sql export\b|^firestore export\b|^datastore export\b|^redis instances export\b|^spanner backups copy\b/],
  ['aws', /^rds start-export-task\b|^dynamodb export-table-to-point-in-time\b|^redshift unload\b/],
  ['az', /^sql db export\b|^postgres flexible-server backup\b|^cosmosdb sql container export\b/],
];
export const DATA_EXPORT_PROGRAMS: readonly string[] = [...DUMPERS, 'gcloud', 'aws', 'az'];
/** Every statement sqlExportEffects() reads, for its own gate. */
const SQL_HINT =
  /EXPORT\s+DATA|UNLOAD|COPY\s+INTO|TO\s+PROGRAM|INTO\s+OUTFILE|query_export_to_s3|OVERWRITE\s+DIRECTORY|INTO\s+FUNCTION|\bCOPY\b[^;]{0,400}?\bTO\s+'|\b(?:PUT|GET)\s+'?(?:file:|@)|LOAD_FILE\s*\(|pg_read_(?:binary_)?file\s*\(/i;
/** The line gate for clients this file does not name: any statement sqlExportEffects() reads, so
 * the gate is necessary (`LOAD_FILE(...)` in a one-liner was read behind a closed gate before). */
export const DATA_EXPORT_HINT = SQL_HINT;

/** Object-store and web URLs a statement writes to. */
const STORE_URL = /^(?:s3|s3a|gs|gcs|azure|az|abfss?|wasbs?|r2|oss|cos|b2)(?:-[\w-]+)?:\/\//i;
/** Programs that send what they read over the network, as a database server would run them (COPY ... TO PROGRAM). */
const NET_SENDER =
  /^\s*(?:\S*\/)?(?:curl|wget|nc|ncat|netcat|socat|telnet|ssh|scp|sftp|ftp|tftp|openssl|aws|gsutil|gcloud|rclone|s3cmd|mc|az|azcopy|mail|mailx|sendmail|mutt|python3?|perl|ruby|php|node|bash|sh)\b/;

/** The warehouse statements that move a table's rows out of the database, each with where to. */
const SQL_EXPORTS: readonly [RegExp, (m: RegExpExecArray) => Destination][] = [
  // BigQuery EXPORT DATA OPTIONS(uri='gs://...')
  [/\bEXPORT\s+DATA\b[^;]*?\buri\s*=\s*['"]([^'"]+)/gi, (m) => ({ kind: 'to-bucket', dest: m[1] ?? 'storage' })],
  // Redshift, Athena and Trino UNLOAD ('select ...') TO 's3://...'
  [/\bUNLOAD\s*\([^;]*?\)\s*TO\s+'([^']+)/gi, (m) => ({ kind: 'to-bucket', dest: m[1] ?? 's3' })],
  // Snowflake COPY INTO 's3://...' | @stage | @~ (an unload; COPY INTO a table is a load)
  [/\bCOPY\s+INTO\s+('?)((?:[a-z0-9]+:\/\/|@)[^'"\s;]*)/gi, (m) => ({ kind: 'to-bucket', dest: m[2] ?? 'stage' })],
  // Snowflake GET @stage file://... downloads an unload (a PUT's upload is read as the file it reads)
  [/\bGET\s+'?(@[^'"\s;]*)'?\s+'?file:\/\//gi, (m) => ({ kind: 'to-bucket', dest: m[1] ?? 'stage' })],
  // DuckDB and Postgres-compatible COPY ... TO 's3://...' | 'https://...'
  [
    /\bCOPY\b[^;]{0,400}?\bTO\s+'((?:[a-z0-9-]+):\/\/[^']*)/gi,
    (m) => ({ kind: /^https?:/i.test(m[1] ?? '') ? 'to-host' : 'to-bucket', dest: m[1] ?? 'storage' }),
  ],
  // Aurora MySQL SELECT ... INTO OUTFILE S3 '...'; Aurora Postgres aws_s3.query_export_to_s3(...)
  [/\bINTO\s+OUTFILE\s+(?:S3\s+)?'((?:s3[\w-]*):\/\/[^']*)/gi, (m) => ({ kind: 'to-bucket', dest: m[1] ?? 's3' })],
  [/\bquery_export_to_s3\s*\(/gi, () => ({ kind: 'to-bucket', dest: 's3' })],
  // Spark and Hive INSERT OVERWRITE DIRECTORY 's3://...'; ClickHouse INSERT INTO FUNCTION s3('...') / url('...')
  [
    /\bOVERWRITE\s+(?:LOCAL\s+)?DIRECTORY\s+'((?:[a-z0-9]+):\/\/[^']*)/gi,
    (m) => ({ kind: 'to-bucket', dest: m[1] ?? 'storage' }),
  ],
  [
    /\bINTO\s+FUNCTION\s+(s3|gcs|azureBlobStorage|hdfs|url|remote|remoteSecure|mysql|postgresql)\s*\(\s*'([^']*)/gi,
    (m) => ({
      kind: /^url$/i.test(m[1] ?? '') ? 'to-host' : /^remote/i.test(m[1] ?? '') ? 'to-remote' : 'to-bucket',
      dest: m[2] ?? 'remote',
    }),
  ],
];

/**
 * What a SQL text sends out of the database: each warehouse unload as `exports-data sql ...`,
 * a COPY ... TO PROGRAM as the command the server runs (fed the rows, so a network sender is an
 * upload to a host), a local file a PUT uploads or a server function reads (LOAD_FILE,
 * pg_read_file) as a read of that file. Used for a database client's command line and for an
 * MCP query tool's statement alike.
 */
export function sqlExportEffects(sql: string, via: string): Effect[] {
  if (!SQL_HINT.test(sql)) return [];
  const out: Effect[] = [];
  for (const [re, dest] of SQL_EXPORTS) {
    re.lastIndex = 0;
    for (const m of sql.matchAll(re)) {
      const d = dest(m as RegExpExecArray);
      if (d.kind === 'to-bucket' && /:\/\//.test(d.dest) && !STORE_URL.test(d.dest) && !/^file:/i.test(d.dest))
        d.kind = 'to-host';
      out.push(finding('sql', d, `${via}: ${m[0].slice(0, 60)} sends a table's rows to ${d.dest}`));
    }
  }
  for (const m of sql.matchAll(/\bTO\s+PROGRAM\s+(?:E?'((?:[^']|'')*)'|"([^"]*)")/gi)) {
    const program = (m[1] ?? m[2] ?? '').replace(/''/g, "'").trim();
    if (!program) continue;
    const d: Destination = NET_SENDER.test(program)
      ? { kind: 'to-host', dest: program.split(/\s+/).find((w) => /[.:]/.test(w) && !w.startsWith('-')) ?? 'a host' }
      : { kind: 'to-remote', dest: 'a program' };
    out.push(finding('sql', d, `${via}: COPY ... TO PROGRAM runs \`${program.slice(0, 60)}\` on the rows`));
    out.push({ tool: 'exec', command: program, via: `${via}: COPY ... TO PROGRAM runs \`${program.slice(0, 60)}\`` });
  }
  const reads = /\bPUT\s+'?file:\/\/([^\s']+)|\b(?:LOAD_FILE|pg_read_file|pg_read_binary_file)\s*\(\s*'([^']+)'/gi;
  for (const m of sql.matchAll(reads)) {
    const path = (m[1] ?? m[2] ?? '').replace(/^\/(?=[A-Za-z]:)/, '');
    if (path) out.push({ tool: 'read', path, via: `${via}: ${m[0].slice(0, 40)} reads ${path}` });
  }
  return out;
}

const BUCKET = /^(?:s3|gs|az|abfss?|wasbs?|r2|oss|cos|b2):\/\/\S+|^[\w-]+:[\w./-]*$/;

interface Destination {
  kind: 'to-bucket' | 'to-host' | 'to-remote';
  dest: string;
}

/** Where an upload command sends `input` ('-' for its standard input, else a file name). */
function uploadOf(argv: string[], input: string): Destination | undefined {
  const name = basename(argv[0] ?? '').toLowerCase();
  const rest = argv.slice(1);
  const has = (w: string) => rest.includes(w);
  const bucketAfter = () => rest.find((w) => /^(?:s3|gs|az|r2):\/\//.test(w));
  const fromStdin = input === '-';
  switch (name) {
    case 'aws':
      if (
        rest[0] === 's3' &&
        (rest[1] === 'cp' || rest[1] === 'mv') &&
        (fromStdin ? has('-') || has('/dev/stdin') : has(input))
      )
        return { kind: 'to-bucket', dest: bucketAfter() ?? 's3' };
      return undefined;
    case 'gsutil':
    case 'gcloud': {
      const cp = name === 'gsutil' ? rest[0] === 'cp' || rest[1] === 'cp' : rest[0] === 'storage' && rest[1] === 'cp';
      if (cp && (fromStdin ? has('-') : has(input))) return { kind: 'to-bucket', dest: bucketAfter() ?? 'gs' };
      return undefined;
    }
    case 's3cmd':
      return rest[0] === 'put' && (fromStdin ? has('-') : has(input))
        ? { kind: 'to-bucket', dest: bucketAfter() ?? 's3' }
        : undefined;
    case 'rclone':
      if (fromStdin ? rest[0] === 'rcat' : /^(?:copy|copyto|move|moveto|sync)$/.test(rest[0] ?? '') && has(input))
        return { kind: 'to-bucket', dest: rest.filter((w) => !w.startsWith('-')).pop() ?? 'remote' };
      return undefined;
    case 'mc':
      if (fromStdin ? rest[0] === 'pipe' : rest[0] === 'cp' && has(input))
        return { kind: 'to-bucket', dest: rest.filter((w) => !w.startsWith('-')).pop() ?? 'minio' };
      return undefined;
    case 'azcopy':
      return !fromStdin && has(input)
        ? { kind: 'to-bucket', dest: rest.find((w) => /^https:/.test(w)) ?? 'azure' }
        : undefined;
    case 'az':
      if (rest[0] === 'storage' && rest[1] === 'blob' && /^upload/.test(rest[2] ?? '')) {
        const f = rest[rest.indexOf('--file') + 1] ?? rest[rest.indexOf('-f') + 1];
        if (fromStdin ? f === '/dev/stdin' || f === '-' : f === input) return { kind: 'to-bucket', dest: 'azure-blob' };
      }
      return undefined;
    case 'curl':
    case 'wget': {
      const sends = rest.some((w, i) => {
        const next = rest[i + 1] ?? '';
        const target = fromStdin
          ? /^(?:-|@-|\/dev\/stdin|@\/dev\/stdin|[\w-]+=@-|[\w-]+=@\/dev\/stdin)$/
          : new RegExp(`^@?(?:[\\w-]+=@)?${input.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:;.*)?$`);
        if (/^(?:-T|--upload-file|-d|--data|--data-binary|--data-raw|-F|--form)$/.test(w)) return target.test(next);
        if (/^--(?:post|body)-file=/.test(w)) return target.test(w.replace(/^--(?:post|body)-file=/, ''));
        return false;
      });
      const url = rest.find((w) => /^https?:\/\//.test(w));
      return sends ? { kind: 'to-host', dest: url ?? 'a web host' } : undefined;
    }
    case 'nc':
    case 'ncat':
    case 'netcat':
    case 'socat':
    case 'telnet':
      return fromStdin
        ? { kind: 'to-host', dest: rest.filter((w) => !w.startsWith('-')).join(':') || name }
        : undefined;
    case 'ssh':
      return fromStdin
        ? { kind: 'to-remote', dest: rest.find((w) => !w.startsWith('-') && /[@.]/.test(w)) ?? 'ssh' }
        : undefined;
    case 'scp':
    case 'rsync':
      return !fromStdin && has(input)
        ? { kind: 'to-remote', dest: rest.find((w) => /^[^/]*:/.test(w)) ?? name }
        : undefined;
    case 'gh':
      return rest[0] === 'gist' && rest[1] === 'create' && (fromStdin ? has('-') || rest.length === 2 : has(input))
        ? { kind: 'to-host', dest: 'a GitHub gist' }
        : undefined;
    default:
      return undefined;
  }
}

/** Whether a command prints a database's contents (a dump, or a client running a query). */
function dumps(c: SimpleCommand): boolean {
  const name = basename(c.argv[0] ?? '').toLowerCase();
  if (!DUMPERS.has(name)) return false;
  if (name === 'redis-cli') return c.argv.includes('--rdb');
  if (name === 'cockroach') return c.argv[1] === 'dump' || c.argv[1] === 'sql';
  return true;
}

/** The file a dump writes to, when it writes one (> F, -f F, --file=F, --archive=F, -o F). */
function dumpFile(c: SimpleCommand): string | undefined {
  const r = c.redirs.find((x) => x.op === '>' || x.op === '>>' || x.op === '>|');
  if (r && !r.target.startsWith('/dev/') && !r.target.startsWith('&')) return r.target;
  const a = c.argv;
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if ((w === '-f' || w === '--file' || w === '--result-file' || w === '-o' || w === '--out') && a[i + 1])
      return a[i + 1];
    const m = /^--(?:file|result-file|archive|out)=(.+)$/.exec(w);
    if (m) return m[1];
  }
  return undefined;
}

function finding(source: string, d: Destination, via: string): Effect {
  return {
    tool: 'exec',
    command: `exports-data ${source} ${d.kind} ${d.dest.replace(/[^\w@/.:*=-]/g, '_').slice(0, 120)}`,
    via,
  };
}

export function dataExportEffects(l: LineView, out: Effect[]): void {
  const files: { file: string; source: string }[] = [];
  for (const c of l.cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    for (const [cli, re] of WAREHOUSE_EXPORTS) {
      if (name !== cli || !re.test(c.argv.slice(1).join(' '))) continue;
      const dest = c.argv.slice(1).find((w) => BUCKET.test(w) && /:\/\//.test(w)) ?? 'storage';
      out.push(
        finding(
          `${cli}-${c.argv[1] ?? ''}`,
          { kind: 'to-bucket', dest },
          `${cli} ${c.argv.slice(1, 3).join(' ')} exports data to ${dest}`,
        ),
      );
    }
    if (!dumps(c)) {
      // a file written by an earlier dump, uploaded here
      for (const f of files) {
        const d = uploadOf(c.argv, f.file);
        if (d) out.push(finding(f.source, d, `${f.source} writes ${f.file}, which ${name} sends to ${d.dest}`));
      }
      continue;
    }
    const file = dumpFile(c);
    if (file) files.push({ file, source: name });
    // follow the stream through compressors and encoders to what reads it
    let into = c.pipedInto;
    for (let guard = 0; into && guard < 8; guard++) {
      const d = uploadOf(into, '-');
      if (d) {
        out.push(finding(name, d, `${name}'s output is streamed to ${d.dest}`));
        break;
      }
      const next = basename(into[0] ?? '').toLowerCase();
      if (!PASS_ON.has(next)) break;
      const argv = into;
      into = l.cmds.find((x) => x.argv === argv)?.pipedInto;
    }
  }
  out.push(...sqlExportEffects(l.text, 'the statement'));
}
