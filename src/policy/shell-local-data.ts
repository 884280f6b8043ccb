// Wipes aimed only at a developer's own data, recognised by where they point rather than by their
// spelling: the same verbs that are an outage against production (`rails db:reset`, `dropdb`,
// `docker compose down -v`) are the routine way to start over on a laptop. A command reads as
//   dev-data TOOL TASK
// when the line itself shows the target is local work:
//   - a framework or migration wipe whose environment, settings module or database URL names a
//     development, test or local database, and nothing on the line names production, another
//     machine, or a URL held in a variable (`bin/rails db:reset RAILS_ENV=test`,
//     `python manage.py flush --settings=config.settings.dev`, `php artisan db:wipe --env=local`);
//   - `dropdb`/`createdb`/`dropuser` of a database whose name says development or test
//     (`app_dev`, `myapp_test`, `app_ci_42`) on this machine (no host, or a loopback one);
//   - Docker on the local engine (no -H/--host, DOCKER_HOST or --context): `docker compose down -v`
//     of the project's own stack when no compose file, project or env file names production,
//     `docker volume rm` of volumes whose names say development, test or a cache
//     (`myapp_node_modules`, `acme_pgdata_test`), `docker rmi -f` of named images (rebuilt or
//     pulled again), `docker volume prune` without --all (anonymous volumes no container uses,
//     narrowed or not by a label filter), and `docker system prune` without --volumes (stopped
//     containers, unused images, build cache).
//   - a cloud CLI pointed at a local emulator: LocalStack's wrappers (awslocal, tflocal, cdklocal,
//     samlocal, pulumilocal, azlocal) and `aws` given a loopback --endpoint-url or AWS_ENDPOINT_URL,
//     Azure's storage commands given Azurite's connection string (UseDevelopmentStorage=true or a
//     loopback BlobEndpoint): `dev-data TOOL emulator`. What they delete or deploy lives in a
//     container on this machine (LocalStack and Azurite documentation).
// The standard profile's destructive-data and cli-destructive-verbs rules exclude the command
// (docs/shell-readings.md). Production stacks, remote engines and unnamed targets keep their rules.
import { basename } from './shell-wrappers.js';
import { dataReset, devReset } from './effects/data-resets.js';
import { DEV_NAME, LOCAL_HOST } from './effects/sql.js';

/** LocalStack's wrappers: the tool itself, pointed at the LocalStack endpoint on this machine. */
const EMULATOR_WRAPPERS = ['awslocal', 'tflocal', 'cdklocal', 'samlocal', 'pulumilocal', 'azlocal', 'sls-local'];

/** Programs this reading looks at (the cheap test before any other work). */
const PROGRAMS = new Set([
  'docker',
  'docker-compose',
  'podman',
  'dropdb',
  'createdb',
  'dropuser',
  'rails',
  'rake',
  'npx',
  'pnpx',
  'bunx',
  'pnpm',
  'yarn',
  'bundle',
  'python',
  'python3',
  'php',
  'poetry',
  'pipenv',
  'uv',
  'manage.py',
  'django-admin',
  'artisan',
  'mix',
  'prisma',
  'sequelize',
  'sequelize-cli',
  'typeorm',
  'knex',
  'alembic',
  'flask',
  'flyway',
  'liquibase',
  'diesel',
  'sqlx',
  'goose',
  'migrate',
  'dbmate',
  'atlas',
  'drizzle-kit',
  'mikro-orm',
  'supabase',
  'aws',
  'az',
  ...EMULATOR_WRAPPERS,
]);

const PROD = /(?:^|[^A-Za-z])(?:prod|production|prd|live|staging|stage)(?:[^A-Za-z]|$)/i;
/** Volumes whose loss costs a rebuild, not data: dependency trees and caches. */
const REGENERABLE = /(?:^|[_.-])(?:node_modules|cache|caches|tmp|build|target|venv|deps)(?:$|[_.-])/i;
/** Docker options that point the client at another engine. */
const ENGINE_OPTION = /^(?:-H|--host|--context|-c)(?:=|$)/;

/** The `dev-data` readings of one simple command (words with the program's base name first). */
export function localDataReadings(words: string[], assigns: readonly { name: string; value: string }[]): string[] {
  const first = words[0] ?? '';
  if (!PROGRAMS.has(first) && !first.startsWith('bin/') && !first.startsWith('./')) return [];
  if (first === 'docker' || first === 'docker-compose' || first === 'podman') {
    const r = dockerReading(words, assigns);
    return r ? [r] : [];
  }
  if (first === 'dropdb' || first === 'createdb' || first === 'dropuser') {
    const r = pgToolReading(words, assigns);
    return r ? [r] : [];
  }
  if (first === 'aws' || first === 'az' || EMULATOR_WRAPPERS.includes(first)) {
    const r = emulatorReading(words, assigns);
    return r ? [r] : [];
  }
  const reset = dataReset({ argv: words, assigns: [...assigns] });
  return reset && devReset(reset) ? [`dev-data ${reset.tool} ${reset.task}`] : [];
}

/** `dropdb [-h HOST] [opts] NAME`: a development or test database on this machine. */
function pgToolReading(words: string[], assigns: readonly { name: string; value: string }[]): string | null {
  let host = assigns.find((a) => a.name === 'PGHOST')?.value;
  const names: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '-h' || w === '--host') host = words[++i];
    else if (w.startsWith('--host=')) host = w.slice(7);
    else if (/^-h./.test(w)) host = w.slice(2);
    else if (/^(?:-[pUTEODlS]|--(?:port|username|template|encoding|owner|tablespace|locale|maintenance-db))$/.test(w))
      i++;
    else if (!w.startsWith('-')) names.push(w);
  }
  if (host !== undefined && !LOCAL_HOST.test(host) && !host.startsWith('/')) return null;
  const name = names[0];
  if (name === undefined || names.length > 2 || name.includes('$') || PROD.test(name) || !DEV_NAME.test(name))
    return null;
  return `dev-data ${words[0] ?? ''} ${name}`;
}

/** Docker wipes of the local engine's own, regenerable or project data. */
function dockerReading(words: string[], assigns: readonly { name: string; value: string }[]): string | null {
  if (assigns.some((a) => a.name === 'DOCKER_HOST' || a.name === 'DOCKER_CONTEXT')) return null;
  let i = 1;
  const compose = words[0] === 'docker-compose';
  // global options before the subcommand
  for (; i < words.length; i++) {
    const w = words[i] ?? '';
    if (!w.startsWith('-')) break;
    if (ENGINE_OPTION.test(w)) return null;
    if (/^(?:--config|-l|--log-level)$/.test(w)) i++;
  }
  const sub = compose ? 'compose' : words[i];
  const rest = words.slice(compose ? 1 : i + 1);
  if (sub === 'compose') return composeDown(rest);
  if (sub === 'volume' && (rest[0] === 'rm' || rest[0] === 'remove')) {
    const vols = rest.slice(1).filter((w) => !w.startsWith('-'));
    if (!vols.length) return null;
    const ok = vols.every(
      (v) => !v.includes('$') && !/[*?]/.test(v) && !PROD.test(v) && (DEV_NAME.test(v) || REGENERABLE.test(v)),
    );
    return ok ? `dev-data docker volume rm ${vols.join(' ')}` : null;
  }
  // images are rebuilt or pulled again: removing named ones, even forced, loses no data
  if (sub === 'rmi' || (sub === 'image' && (rest[0] === 'rm' || rest[0] === 'remove'))) {
    const names = rest.slice(sub === 'rmi' ? 0 : 1).filter((w) => !w.startsWith('-'));
    const ok = names.length > 0 && names.every((v) => !v.includes('$') && !v.includes('`') && !/[*?]/.test(v));
    return ok ? `dev-data docker rmi ${names.join(' ')}` : null;
  }
  // Since Docker 23 `volume prune` removes only anonymous volumes no container uses; --all (or
  // the all=true filter) takes named ones too and stays a wipe.
  // A `label`/`label!` filter only narrows it (a compose project's own anonymous volumes).
  if (sub === 'volume' && rest[0] === 'prune')
    return narrowingFlags(rest.slice(1), /^label!?=[\w./:=-]+$/) ? 'dev-data docker volume prune' : null;
  // system prune removes stopped containers, unused networks, build cache and images: with -a
  // every image no container uses rather than only dangling ones, which are pulled or built
  // again like a named `docker rmi` (above). --volumes adds data and keeps the destroy.
  if (sub === 'system' && rest[0] === 'prune') {
    const flags = rest.slice(1).flatMap((w) => (/^-[af]{2}$/.test(w) ? ['-a', '-f'] : [w]));
    // system prune's filters are `until` and `label`/`label!` (Docker CLI reference, "Filtering"):
    // each only narrows what the plain prune removes; any other filter keeps the destroy
    const ok = narrowingFlags(
      flags.filter((w) => w !== '-a' && w !== '--all'),
      /^(?:until=[\w:.+-]+|label!?=[\w./:=-]+)$/,
    );
    return ok ? 'dev-data docker system prune' : null;
  }
  return null;
}

/** Only -f/--force and `--filter VALUE`s that match `narrows` (a filter like all=true widens, so it fails). */
function narrowingFlags(flags: readonly string[], narrows: RegExp): boolean {
  for (let i = 0; i < flags.length; i++) {
    const f = flags[i] ?? '';
    if (f === '-f' || f === '--force') continue;
    const value = f === '--filter' ? (flags[++i] ?? '') : f.startsWith('--filter=') ? f.slice(9) : null;
    if (value === null || !narrows.test(value)) return false;
  }
  return true;
}

/** `docker compose [-f F] [-p P] down [-v] [--rmi local|all] [--remove-orphans]` of a stack not named production. */
function composeDown(rest: string[]): string | null {
  let k = 0;
  for (; k < rest.length; k++) {
    const w = rest[k] ?? '';
    if (!w.startsWith('-')) break;
    const eq = w.indexOf('=');
    const opt = eq > 0 ? w.slice(0, eq) : w;
    const val = eq > 0 ? w.slice(eq + 1) : rest[k + 1];
    if (/^(?:-H|--host|--context)$/.test(opt)) return null;
    if (/^(?:-f|--file|-p|--project-name|--env-file|--profile|--project-directory)$/.test(opt)) {
      if (val === undefined || val.includes('$') || PROD.test(val)) return null;
      if (eq < 0) k++;
    }
  }
  if (rest[k] !== 'down') return null;
  const after = rest.slice(k + 1);
  for (let j = 0; j < after.length; j++) {
    const w = after[j] ?? '';
    if (!w.startsWith('-')) return null; // a service name, or something unread
    if (w === '--rmi' || w === '-t' || w === '--timeout') j++;
  }
  return 'dev-data docker compose down';
}

/** Whether a URL's host is this machine (`http://localhost:4566`; not `http://localhost@evil.io`). */
function loopbackUrl(v: string): boolean {
  try {
    const host = new URL(v.replace(/^['"]|['"]$/g, '')).hostname.replace(/^\[|\]$/g, '');
    return LOCAL_HOST.test(host) || /\.localhost$/i.test(host) || host === 'localhost.localstack.cloud';
  } catch {
    return false;
  }
}

/** `dev-data TOOL emulator` when the command acts on a local cloud emulator (see the top of this file). */
function emulatorReading(words: string[], assigns: readonly { name: string; value: string }[]): string | null {
  const first = words[0] ?? '';
  const value = (re: RegExp): string | undefined => {
    for (let i = 1; i < words.length; i++) {
      const w = words[i] ?? '';
      const eq = w.indexOf('=');
      if (w.startsWith('-') && eq > 0 && re.test(w.slice(0, eq))) return w.slice(eq + 1);
      if (re.test(w)) return words[i + 1];
    }
    return undefined;
  };
  const endpointVars = assigns.filter((a) =>
    /^(?:AWS_ENDPOINT_URL\w*|LOCALSTACK_HOST|LOCALSTACK_HOSTNAME)$/.test(a.name),
  );
  // an endpoint given on the line decides; a wrapper is local unless it is sent elsewhere
  const endpoint = value(/^--endpoint-url$/);
  if (endpoint !== undefined) return loopbackUrl(endpoint) ? `dev-data ${first} emulator` : null;
  if (endpointVars.some((a) => !loopbackUrl(a.value) && !loopbackUrl(`http://${a.value}`))) return null;
  if (EMULATOR_WRAPPERS.includes(first)) return `dev-data ${first} emulator`;
  // AWS_ENDPOINT_URL_S3 and the like send one service there, not the others
  if (first === 'aws') return endpointVars.some((a) => a.name === 'AWS_ENDPOINT_URL') ? `dev-data aws emulator` : null;
  // az storage ... --connection-string "UseDevelopmentStorage=true" (Azurite)
  const conn =
    value(/^--connection-string$/) ?? assigns.find((a) => a.name === 'AZURE_STORAGE_CONNECTION_STRING')?.value;
  if (first === 'az' && words[1] === 'storage' && conn !== undefined) {
    if (/UseDevelopmentStorage=true/i.test(conn)) return 'dev-data az emulator';
    const ends = [...conn.matchAll(/(?:Blob|Queue|Table|File)Endpoint=([^;'"\s]+)/gi)].map((m) => m[1] ?? '');
    if (ends.length && ends.every(loopbackUrl)) return 'dev-data az emulator';
  }
  return null;
}
