// SQL handed to a program svc has never heard of, read by its shape, not by the program's name.
// Every database client takes its statement the same few ways: as the value of an option named
// for it (`-q`, `-Q`, `-e`, `-c`, `--sql`, `--query`, `-Query`, `--execute`, `--statement`,
// `--eval`), as an operand that is a statement (`db2 "DROP TABLESPACE TS1"`, `hdbsql ... "TRUNCATE
// TABLE T"`), on stdin (a here-document or here-string), or from a script file (`-i`, `-f`,
// `-InputFile`, `@file.sql`, `< file.sql`). Whatever the program (Teradata's bteq, SAP's hdbsql,
// Db2's CLP, Informix's dbaccess, Sybase isql, Exasol's exaplus, PowerShell's Invoke-Sqlcmd, a
// vendor's own shell), a text whose first word is a SQL verb is read as the SQL reader reads a
// known client's (effects/sql.ts): each statement that destroys data becomes its canonical text
// (`DROP TABLE x`, `RESTORE DATABASE x WITH REPLACE`, `DELETE FROM t`), unless the line points
// the program at a development or test database on this machine. A script the line does not
// show, named for a wipe (drop_all_tables.sql, purge_history.sql), is `sql-script-destroys FILE`.
// Programs that only print, search, edit, lint or copy text (echo, grep, git, sqlfluff, cp ...)
// are not clients: their SQL is words, not statements.
import { scratchDataset } from '../shell-dataset-deletes.js';
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { DEV_NAME, LOCAL_HOST, SQL_DIALECT, namedForDestruction, ordinaryOn, sqlTextEffects } from './sql.js';
import { platformClient } from './sql-platforms.js';
import { containerClient } from './platform-db-shells.js';

/** Options whose value is a statement to run, in any client's spelling. */
const SQL_OPTION =
  /^-{1,2}(?:q|Q|e|c|sql|query|querystring|execute|exec|command|cmd|statement|stmt|eval|sqlcommand|sql-?text)$/i;
/** Options whose value is a script file the client runs. */
const FILE_OPTION =
  /^(?:-{1,2}(?:f|i|I|file|input|inputfile|input-?file|sql-?file|script|scriptfile|script-?file)|-[a-z]{1,4}f)$/i;
/** Options whose value names the server (a host, an instance, a connection string or URL). */
const HOST_OPTION =
  /^-{1,2}(?:h|H|S|n|host|hostname|server|serverinstance|instance|connect|connection|connectionstring|conn-?string|url|uri|dsn|address|endpoint)$/i;
/** Options whose value names the database. */
const DB_OPTION = /^-{1,2}(?:d|D|db|dbname|database|catalog|keyspace|initial-?catalog)$/i;

/** First words of a SQL statement (after comments), in any dialect. */
const SQL_HEAD =
  /^\s*(?:(?:--[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*(?:select|insert|update|delete|del|drop|truncate|alter|create|restore|grant|revoke|merge|replace|with|begin|exec|execute|call|do|vacuum|declare|rename|use|set|load|copy|unload|purge|flashback)\b/i;
/** A script file's extensions, for the SQL dialects and their batch tools (and z/OS job control). */
const SQL_FILE = /\.(?:sql|ddl|dml|bteq|btq|cql|hql|pls|plsql|psql|tsql|db2|clp|jcl)$/i;
/** Words before an operand that make it a script run, not a file handled (`jobs submit local-file X.jcl`). */
const RUN_WORD = /^(?:submit|run|exec|execute|apply|source|play|load|import)$/i;

/**
 * A catalogued z/OS data set deleted by TSO or IDCAMS text (`DELETE 'PROD.CLAIMS.MASTER' PURGE`,
 * `DELETE PROD.VSAM.KSDS CLUSTER`), wherever the text is handed over (tsocmd, `zowe tso issue
 * command`, a job's SYSIN on stdin): a data set name is qualifiers of up to 8 characters joined
 * by dots (IBM, z/OS DFSMS Access Method Services, DELETE).
 */
const DATASET_DELETE =
  /\bDEL(?:ETE)?\s+'?((?:[A-Z#$@*%][A-Z0-9#$@*%-]{0,7})(?:\.[A-Z#$@*%][A-Z0-9#$@*%-]{0,7}){1,21}(?:\([^)\s]*\))?)'?((?:\s+(?:PURGE|CLUSTER|ERASE|NONVSAM|GDG|FORCE|MASK|NOSCRATCH|SCRATCH|ALIAS|USERCATALOG|RECOVERY))*)/g;

/** The data sets a text deletes, as destroy readings (a mask or wildcard: everything it matches). */
export function datasetDeletes(text: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const m of text.matchAll(DATASET_DELETE)) {
    const dsn = m[1] ?? '';
    if (!/^[A-Z#$@*%]/.test(dsn) || dsn !== dsn.toUpperCase() || scratchDataset(dsn)) continue;
    const all = /[*%]/.test(dsn) || /\bMASK\b/.test(m[2] ?? '');
    out.push({
      tool: 'exec',
      command: `${all ? 'cli-destroy-all' : 'cli-destroy'} zos delete-data-set ${dsn}${m[2] ?? ''}`,
      via: `${via} DELETE of the data set ${dsn}`,
    });
  }
  return out.slice(0, 4);
}

/**
 * Programs whose text is not run as SQL: printers, searchers, editors, linters and formatters,
 * file and version-control tools, shells and interpreters (their code is read elsewhere), remote
 * and container launchers (what they run is read as its own command), and assistants (a prompt).
 */
const NOT_A_CLIENT = new Set(
  [
    'echo printf print grep egrep fgrep rg ag ack sed awk gawk cat tac less more head tail tee wc sort uniq jq yq',
    'git hg svn diff patch cp mv ln rm touch chmod chown stat file ls find xargs tar zip gzip base64 sha256sum',
    'vim nvim vi nano emacs code open xdg-open notepad notepad++ subl',
    'sqlfluff sqlformat pg_format sql-formatter sqlfmt sqlparse sqlcheck squawk sqruff sqllint prettier',
    'sh bash zsh dash ksh fish pwsh powershell cmd python python2 python3 node deno bun ruby perl php lua',
    'ssh scp kubectl docker podman oc nerdctl env sudo doas nohup timeout time watch',
    'claude codex gemini aider llm ollama sgpt gh glab jira logger mail mailx sendmail notify-send',
    'write-host write-output out-file set-content add-content select-string get-content',
    'curl wget http https xh invoke-restmethod invoke-webrequest irm iwr',
  ]
    .join(' ')
    .split(' '),
);

/** The host and database a connection string or URL names (`Server=x;Database=y`, `proto://x/y`). */
function connection(v: string): { host?: string; db?: string } {
  const url = /^[a-z][\w+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^:/?;]*)(?::\d+)?(?:\/([^?;]*))?/i.exec(v);
  if (url) return { host: url[1] || undefined, db: url[2] || undefined };
  if (v.includes('=')) {
    const host = /(?:^|;)\s*(?:server|data source|host|address|addr|hostname)\s*=\s*([^;]+)/i.exec(v)?.[1];
    const db = /(?:^|;)\s*(?:database|initial catalog|dbname)\s*=\s*([^;]+)/i.exec(v)?.[1];
    return { host: host?.trim().replace(/^tcp:/i, '').replace(/,\d+$/, ''), db: db?.trim() };
  }
  return { host: v.replace(/:\d+$/, '') };
}

/** Whether the program is read here: not a known client (sql.ts reads those), not a text tool. */
function candidate(name: string): boolean {
  const n = name.toLowerCase().replace(/\.exe$/, '');
  return !(n in SQL_DIALECT) && n !== 'redis-cli' && n !== 'dropdb' && !NOT_A_CLIENT.has(n);
}

/** The line's cheap gate: a SQL verb or a script file somewhere in the command. */
const HINT =
  /\b(?:drop|truncate|delete|del|alter|update|restore|grant|create|exec|execute|vacuum|replace|merge|insert|copy|do|purge|flashback|select|call|begin|declare)\b|\.(?:sql|ddl|dml|bteq|btq|cql|hql|pls|plsql|psql|tsql|db2|clp|jcl)\b/i;

/** What a program svc does not know runs as SQL, decided as a known client's statements are. */
export function anyClientSqlEffects(c: SimpleCommand, out: Effect[], written?: Map<string, string>): void {
  const a = c.argv;
  const name = basename(a[0] ?? '');
  if (!name || !candidate(name)) return;
  // a platform's database shell or a client in a container is read as that client (sql.ts)
  if (platformClient(c) || containerClient(c)) return;
  const redirected = c.redirs.filter((r) => r.op === '<' && r.fd === '0').map((r) => r.target);
  if (![...a.slice(1), ...redirected, c.stdin ?? ''].some((w) => HINT.test(w))) return;
  const texts: string[] = [];
  const files: string[] = [];
  let host: string | undefined;
  let db: string | undefined;
  for (let i = 1; i < a.length; i++) {
    let w = a[i] ?? '';
    let val: string | undefined;
    const eq = /^(-{1,2}[\w-]+)[=:](.*)$/s.exec(w);
    if (eq) {
      w = eq[1] ?? '';
      val = eq[2] ?? '';
    }
    if (w.startsWith('-') && w.length > 1) {
      const v = val ?? a[i + 1];
      if (v === undefined) continue;
      let used = true;
      if (SQL_OPTION.test(w) && SQL_HEAD.test(v)) texts.push(v);
      else if (FILE_OPTION.test(w) && SQL_FILE.test(v)) files.push(v);
      else if (HOST_OPTION.test(w)) {
        const t = connection(v);
        host = t.host ?? host;
        db = t.db ?? db;
      } else if (DB_OPTION.test(w)) db = v;
      else used = false;
      if (used && val === undefined) i++;
      continue;
    }
    // an operand that is a statement, a connection URL, `@script.sql` (sqlplus, clpplus), `user/pw@HOST`
    if (SQL_HEAD.test(w) && /\s/.test(w.trim())) texts.push(w);
    else if (/^@/.test(w) && SQL_FILE.test(w)) files.push(w.slice(1));
    else if (SQL_FILE.test(w) && a.slice(1, i).some((p) => RUN_WORD.test(p))) files.push(w);
    else if (/^[a-z][\w+.-]*:\/\//i.test(w)) {
      const t = connection(w);
      host = t.host ?? host;
      db = t.db ?? db;
    } else if (/^[^\s/@]+\/[^\s@]*@[\w.:/-]+$/.test(w)) host = w.slice(w.lastIndexOf('@') + 1);
  }
  if (c.stdin !== undefined && SQL_HEAD.test(c.stdin.replace(/^\s*\.[^\n]*\n/gm, ''))) texts.push(c.stdin);
  for (const r of redirected) if (SQL_FILE.test(r)) files.push(r);
  // TSO and IDCAMS text on stdin (a string among the words is read by shell-dataset-deletes.ts)
  if (c.stdin && /\bDEL(?:ETE)?\s/.test(c.stdin)) out.push(...datasetDeletes(c.stdin, `${name} runs`));
  if (!texts.length && !files.length) return;
  const local = host === undefined || LOCAL_HOST.test(host);
  const dev = local && db !== undefined && DEV_NAME.test(db.replace(/^.*[/\\]/, ''));
  const where = db ? ` on ${db}` : host ? ` on ${host}` : '';
  for (const t of texts)
    for (const e of sqlTextEffects(t, 'generic', `${name} runs`, where)) if (!ordinaryOn(e, dev, local)) out.push(e);
  for (const f of files) {
    const shown = written?.get(f.replace(/^\.\/+/, ''));
    if (shown !== undefined) {
      for (const e of sqlTextEffects(shown, 'generic', `${name} runs ${f} with`, where))
        if (!ordinaryOn(e, dev, local)) out.push(e);
    } else if (!dev && namedForDestruction(f.replace(/\\/g, '/')))
      out.push({
        tool: 'exec',
        command: `sql-script-destroys ${f}`,
        via: `${name} runs ${f}, a script named for a wipe`,
      });
  }
}
