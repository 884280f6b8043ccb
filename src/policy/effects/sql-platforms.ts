// Hosting platforms' database shells: `heroku pg:psql -a APP`, `fly postgres connect -a APP`,
// `heroku redis:cli`, `pscale shell DB BRANCH`, `turso db shell DB SQL`, `wrangler d1 execute
// DB --command SQL --remote`, `gcloud sql connect`, `az postgres flexible-server execute -q`,
// `aws rds-data execute-statement --sql`. Each opens the platform's psql, mysql, sqlite or redis
// client on the app's database and hands it the SQL of `-c`/`--command`, the operand, or what is
// piped in, so the line is read as that client run against the app: `echo 'DROP TABLE users' |
// heroku pg:psql -a shop-production` is `psql -h shop-production -c 'DROP TABLE users'`. The app
// or instance stands as the database's host (never this machine); a database or app whose name
// says development or test (`turso db shell acme-dev`, `wrangler d1 execute DB --local`) stays
// ordinary work, as for the clients themselves (sql.ts).
// Sources: Heroku CLI (pg:psql -c/-f, redis:cli), flyctl (postgres connect -a -d, redis connect),
// PlanetScale CLI (shell DATABASE BRANCH), Turso CLI (db shell DATABASE [SQL]), Wrangler (d1
// execute --command/--file, --local/--remote), gcloud (sql connect INSTANCE --database; spanner
// databases execute-sql --sql), Azure CLI (postgres|mysql flexible-server execute --querytext,
// --file-path), AWS CLI (rds-data and redshift-data execute-statement --sql), Dokku
// (postgres:connect, mysql:connect, mariadb:connect, redis:connect), Railway (connect SERVICE),
// Snowflake CLI (snow sql -q/--query, -f/--filename).
import { argvOption } from './operands.js';
import { basename } from '../shell-wrappers.js';
import type { SimpleCommand } from './walk.js';
import { table } from '../../util/lookup-table.js';

/** Operands after the subcommand words, skipping options and the values of `valued` options. */
function operands(argv: readonly string[], from: number, valued: RegExp): string[] {
  const out: string[] = [];
  for (let i = from; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '--') break;
    if (w.startsWith('-')) {
      if (!w.includes('=') && valued.test(w)) i++;
      continue;
    }
    out.push(w);
  }
  return out;
}

/** A client command line: `client -h HOST [-d DB] [-c SQL] [-f FILE]`, in the client's own options. */
function client(
  c: SimpleCommand,
  tool: 'psql' | 'mysql' | 'sqlite3' | 'redis-cli' | 'sqlcmd',
  host: string | undefined,
  db: string | undefined,
  sql: string | undefined,
  file?: string,
): SimpleCommand {
  const argv: string[] = [tool];
  if (tool === 'sqlite3') {
    // sqlite3 DB SQL: a remote database is named for its host so that it is never taken as local
    argv.push(db ?? host ?? 'remote');
    if (sql !== undefined) argv.push(sql);
  } else {
    argv.push(tool === 'sqlcmd' ? '-S' : '-h', host ?? 'remote');
    if (db !== undefined) argv.push(tool === 'redis-cli' ? '-n' : '-d', db);
    if (sql !== undefined) argv.push(tool === 'mysql' ? '-e' : tool === 'sqlcmd' ? '-Q' : '-c', sql);
  }
  if (file !== undefined) argv.push(tool === 'sqlcmd' ? '-i' : '-f', file);
  const out: SimpleCommand = { argv, quoted: argv.map(() => true), redirs: c.redirs, assigns: [], unsets: [] };
  if (c.stdin !== undefined) out.stdin = c.stdin;
  return out;
}

/** WP-CLI's and Drush's database shells (`wp db cli|query`, `drush sql:cli|sql:query`, their aliases). */
const CMS_SQL: Record<string, ReadonlySet<string>> = table({
  wp: new Set(['db cli', 'db query']),
  drush: new Set(['sql:cli', 'sql-cli', 'sqlc', 'sql:query', 'sql-query', 'sqlq']),
});

/**
 * `wp @live db query SQL`, `echo SQL | drush @prod sql:cli`: the site's MySQL client on the site
 * an alias or `--ssh=HOST` names, read as `mysql -h SITE`; without either, the site in the
 * working directory is left to the rules on the command (WP-CLI docs "db cli", "db query",
 * "Running commands remotely"; Drush docs "sql:cli", "sql:query", site aliases).
 */
function cmsClient(
  c: SimpleCommand,
  a: readonly string[],
  tool: string,
): { label: string; cmd: SimpleCommand } | undefined {
  const verbs = CMS_SQL[tool];
  if (!verbs) return undefined;
  const alias = a.find((w) => /^@[\w.-]+$/.test(w))?.slice(1);
  const ssh = a.find((w) => w.startsWith('--ssh='))?.slice(6);
  const site = alias ?? ssh;
  if (!site || /^(?:self|none|local|dev|test)$/.test(site)) return undefined;
  const words = a.slice(1).filter((w) => !w.startsWith('-') && !w.startsWith('@'));
  const verb = tool === 'wp' ? words.slice(0, 2).join(' ') : (words[0] ?? '');
  if (!verbs.has(verb)) return undefined;
  const sql = words.slice(tool === 'wp' ? 2 : 1).join(' ') || undefined;
  return { label: `${tool} ${verb}`, cmd: client(c, 'mysql', site, undefined, sql) };
}

const DOKKU_CLIENTS: Record<string, 'psql' | 'mysql' | 'redis-cli'> = table({
  'postgres:connect': 'psql',
  'mysql:connect': 'mysql',
  'mariadb:connect': 'mysql',
  'redis:connect': 'redis-cli',
});

export const PLATFORM_SHELLS = new Set([
  'heroku',
  'fly',
  'flyctl',
  'pscale',
  'turso',
  'wrangler',
  'gcloud',
  'az',
  'aws',
  'dokku',
  'railway',
  'snow',
]);

/**
 * The database client a platform's shell command amounts to, with its SQL and target, or
 * undefined when the command opens no database shell.
 */
export function platformClient(c: SimpleCommand): { label: string; cmd: SimpleCommand } | undefined {
  let a = c.argv;
  let tool = basename(a[0] ?? '');
  // `npx wrangler d1 execute ...`
  if ((tool === 'npx' || tool === 'pnpx' || tool === 'bunx') && a[1] === 'wrangler') {
    a = a.slice(1);
    tool = 'wrangler';
  }
  const cms = cmsClient(c, a, tool);
  if (cms) return cms;
  if (!PLATFORM_SHELLS.has(tool)) return undefined;
  const [v1, v2, v3] = [a[1] ?? '', a[2] ?? '', a[3] ?? ''];
  const app = argvOption(a, ['-a', '--app', '-r', '--remote']);
  if (tool === 'heroku') {
    if (v1 === 'pg:psql' || v1 === 'psql') {
      const db = operands(a, 2, /^(?:-a|--app|-r|--remote|-c|--command|-f|--file|--credential)$/)[0];
      return {
        label: `heroku ${v1}`,
        cmd: client(
          c,
          'psql',
          app ?? 'heroku',
          db,
          argvOption(a, ['-c', '--command']),
          argvOption(a, ['-f', '--file']),
        ),
      };
    }
    if (v1 === 'redis:cli')
      return { label: 'heroku redis:cli', cmd: client(c, 'redis-cli', app ?? 'heroku', undefined, undefined) };
    return undefined;
  }
  if (tool === 'fly' || tool === 'flyctl') {
    const pg = v1 === 'postgres' || v1 === 'pg' || v1 === 'mpg';
    if (pg && v2 === 'connect')
      return {
        label: `${tool} ${v1} connect`,
        cmd: client(c, 'psql', app ?? 'fly', argvOption(a, ['-d', '--database']), undefined),
      };
    if (v1 === 'redis' && v2 === 'connect')
      return { label: `${tool} redis connect`, cmd: client(c, 'redis-cli', app ?? 'fly', undefined, undefined) };
    return undefined;
  }
  if (tool === 'pscale' && v1 === 'shell') {
    const [db, branch] = operands(a, 2, /^(?:--org|--role|--service-token|--service-token-id)$/);
    return { label: 'pscale shell', cmd: client(c, 'mysql', `${db ?? 'pscale'}-${branch ?? 'main'}`, db, undefined) };
  }
  if (tool === 'turso' && v1 === 'db' && v2 === 'shell') {
    const [db, ...sql] = operands(a, 3, /^(?:--instance|--location|--proxy)$/);
    return {
      label: 'turso db shell',
      cmd: client(c, 'sqlite3', undefined, db ?? 'turso', sql.length ? sql.join(' ') : undefined),
    };
  }
  if (tool === 'wrangler' && v1 === 'd1' && v2 === 'execute') {
    const db = operands(a, 3, /^(?:--command|--file|--env|-e|--config|-c|--persist-to)$/)[0] ?? 'd1';
    // Wrangler 3.33 and later run against the local copy unless --remote is given
    const remote = a.includes('--remote') && !a.includes('--local');
    return {
      label: 'wrangler d1 execute',
      cmd: client(
        c,
        'sqlite3',
        undefined,
        remote ? db : '/tmp/wrangler-local.sqlite',
        argvOption(a, ['--command']),
        argvOption(a, ['--file']),
      ),
    };
  }
  if (tool === 'gcloud') {
    if (v1 === 'sql' && v2 === 'connect') {
      const instance = operands(a, 3, /^(?:--user|-u|--database|-d|--port|--project)$/)[0];
      return {
        label: 'gcloud sql connect',
        cmd: client(c, 'psql', instance ?? 'cloudsql', argvOption(a, ['--database', '-d']), undefined),
      };
    }
    if (v1 === 'spanner' && v2 === 'databases' && v3 === 'execute-sql') {
      const db = operands(a, 4, /^(?:--instance|--sql|--project|--query-mode|--priority)$/)[0];
      return {
        label: 'gcloud spanner databases execute-sql',
        cmd: client(c, 'sqlcmd', argvOption(a, ['--instance']) ?? 'spanner', db, argvOption(a, ['--sql'])),
      };
    }
    return undefined;
  }
  if (tool === 'az' && (v1 === 'postgres' || v1 === 'mysql') && v2 === 'flexible-server' && v3 === 'execute') {
    return {
      label: `az ${v1} flexible-server execute`,
      cmd: client(
        c,
        v1 === 'mysql' ? 'mysql' : 'psql',
        argvOption(a, ['-n', '--name']) ?? 'azure',
        argvOption(a, ['-d', '--database-name']),
        argvOption(a, ['-q', '--querytext']),
        argvOption(a, ['-f', '--file-path']),
      ),
    };
  }
  if (tool === 'aws' && (v1 === 'rds-data' || v1 === 'redshift-data') && v2 === 'execute-statement') {
    const host = argvOption(a, ['--cluster-identifier', '--workgroup-name', '--resource-arn']) ?? 'aws';
    return {
      label: `aws ${v1} execute-statement`,
      cmd: client(c, 'sqlcmd', host, argvOption(a, ['--database']), argvOption(a, ['--sql'])),
    };
  }
  if (tool === 'dokku') {
    const to = DOKKU_CLIENTS[v1];
    return to ? { label: `dokku ${v1}`, cmd: client(c, to, v2 || 'dokku', undefined, undefined) } : undefined;
  }
  if (tool === 'railway' && v1 === 'connect') {
    const service = v2.toLowerCase();
    const to = /redis/.test(service)
      ? 'redis-cli'
      : /mysql|maria/.test(service)
        ? 'mysql'
        : /mongo/.test(service)
          ? undefined
          : 'psql';
    return to
      ? { label: 'railway connect', cmd: client(c, to, service || 'railway', undefined, undefined) }
      : undefined;
  }
  if (tool === 'snow' && v1 === 'sql') {
    const conn = argvOption(a, ['-c', '--connection']) ?? 'snowflake';
    return {
      label: 'snow sql',
      cmd: client(
        c,
        'sqlcmd',
        conn,
        argvOption(a, ['--database']),
        argvOption(a, ['-q', '--query']),
        argvOption(a, ['-f', '--filename']),
      ),
    };
  }
  return undefined;
}
