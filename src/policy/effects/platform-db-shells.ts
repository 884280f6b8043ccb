// Database clients started where sql-platforms.ts does not look: inside a pod or container
// (`kubectl exec -i db-0 -- psql`, `docker exec -i db psql`) and Render's `render psql`. They are
// read as the client they start, so statements piped in, given with -c/-f, or in a here-document
// are the client's own (sql.ts). A pod stands as the client's host, so a production name there is
// a production database; a local container's database stays this machine's.
// Sources: kubectl exec -i, docker exec -i, Render CLI (psql).
import { basename } from '../shell-wrappers.js';
import type { SimpleCommand } from './walk.js';

/** The option naming the app or instance, per platform tool. */
const APP_OPTION = /^(?:-a|--app|-r|--remote)$/;

/** Which client a service or add-on name suggests (`railway connect redis`). */
function clientFor(name: string): 'psql' | 'redis-cli' | 'mysql' {
  if (/redis|valkey|keydb/i.test(name)) return 'redis-cli';
  if (/mysql|maria/i.test(name)) return 'mysql';
  return 'psql';
}

/** The platform tool's own argv after the subcommand words, split into its app and the rest. */
function split(argv: string[], from: number): { app: string | undefined; rest: string[]; operands: string[] } {
  let app: string | undefined;
  const rest: string[] = [];
  const operands: string[] = [];
  for (let i = from; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const eq = w.indexOf('=');
    const key = eq > 0 && w.startsWith('-') ? w.slice(0, eq) : w;
    if (APP_OPTION.test(key)) {
      app = eq > 0 ? w.slice(eq + 1) : argv[++i];
      continue;
    }
    // heroku's confirmation of the app name is not the client's
    if (key === '--confirm') {
      if (eq < 0) i++;
      continue;
    }
    if (!w.startsWith('-')) operands.push(w);
    rest.push(w);
  }
  return { app, rest, operands };
}

/** A client call the same statements would make: argv for sql.ts, stdin and redirections kept. */
function as(c: SimpleCommand, argv: string[]): SimpleCommand {
  return { ...c, argv, quoted: argv.map(() => false) };
}

/** Database clients run inside a pod or container whose statements sql.ts reads. */
const CLIENT = /^(?:psql|mysql|mariadb|redis-cli|sqlite3|cqlsh)$/;

/** The database client a command starts inside a pod or container, or Render's psql, as a command sql.ts reads. */
export function containerClient(c: SimpleCommand): SimpleCommand | undefined {
  const a = c.argv;
  const tool = basename(a[0] ?? '').toLowerCase();
  const sub = (a[1] ?? '').toLowerCase();
  if (tool === 'render' && sub === 'psql') return as(c, ['psql', '-h', a[2] ?? 'render-db']);
  if (tool === 'gcloud' && sub === 'sql' && a[2] === 'connect') {
    const instance = a[3] ?? 'cloudsql';
    const db = a.find((w) => w.startsWith('--database='))?.slice(11);
    return as(c, ['psql', '-h', instance, ...(db ? ['-d', db] : [])]);
  }
  // a client run inside a pod or container: `kubectl exec -i -n prod db-0 -- psql -U app`
  if ((tool === 'kubectl' || tool === 'oc' || tool === 'docker' || tool === 'podman') && sub === 'exec') {
    const dash = a.indexOf('--');
    // `docker exec -i db psql`: without `--` the client is the first word naming one
    const start = dash > 0 ? dash + 1 : a.findIndex((w, i) => i > 2 && CLIENT.test(basename(w)));
    const inner = start > 0 ? a.slice(start) : [];
    const client = basename(inner[0] ?? '');
    if (!CLIENT.test(client)) return undefined;
    const where =
      a
        .slice(2, dash > 0 ? dash : start)
        .filter((w) => !w.startsWith('-'))
        .join('-') || 'container';
    // a local container's database stays the client's default (this machine); a pod's is the cluster's
    const remote = (tool === 'kubectl' || tool === 'oc') && client !== 'sqlite3';
    return as(c, [client, ...inner.slice(1), ...(remote ? ['-h', where] : [])]);
  }
  return undefined;
}
