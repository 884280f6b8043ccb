// Schema migrations, data-model builds and container rollouts aimed at production by their
// environment rather than by a verb: `RAILS_ENV=production bin/rails db:migrate`,
// `npx sequelize-cli db:migrate --env production`, `flyway -url=jdbc:postgresql://prod-db/app migrate`,
// `dbt run --target prod`, `npx dotenv -e .env.production -- npx prisma db push`,
// `DOCKER_HOST=ssh://deploy@prod-1 docker compose up -d`, `docker context use prod && docker compose up -d`.
// The same commands against a development database or the local Docker engine are everyday work;
// what makes them a production change is a word naming production in the command, its
// environment assignments, an env file it loads, or the Docker host or context it talks to.
// The reading is spelled `cli-change-prod TOOL WORDS` and asked by the standard policy
// production-changes (docs/shell-readings.md, "Production targets").
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { table } from '../../util/lookup-table.js';

/** A word naming production: prod, production, prd, live, as a whole word or a part (prod-db, .env.production). */
const PROD = /(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$|\d)/i;

/**
 * Migration, seed and model-build commands (each tool's CLI reference): tool -> the subcommand
 * words that change the database. Reads (status, plan, compile, sql previews) are not listed.
 */
const CHANGES: Record<string, RegExp> = table({
  rails: /^db:(?:migrate|rollback|schema:load|seed|setup|reset|drop|prepare)/,
  rake: /^db:(?:migrate|rollback|schema:load|seed|setup|reset|drop)/,
  artisan: /^(?:migrate|db:seed|db:wipe)/,
  'manage.py': /^(?:migrate|flush|loaddata)$/,
  'django-admin': /^(?:migrate|flush|loaddata)$/,
  sequelize: /^db:(?:migrate|seed)/,
  'sequelize-cli': /^db:(?:migrate|seed)/,
  knex: /^(?:migrate:(?:latest|up|down|rollback)|seed:run)$/,
  flyway: /^(?:migrate|clean|repair|baseline|undo)$/,
  liquibase: /^(?:update|update-count|update-to-tag|rollback|rollback-count|drop-all|changelog-sync)$/,
  alembic: /^(?:upgrade|downgrade|stamp)$/,
  dbt: /^(?:run|build|seed|snapshot|run-operation)$/,
  prisma: /^(?:migrate|db)$/,
  diesel: /^(?:migration|database)$/,
  sqlx: /^(?:migrate|database)$/,
  goose: /^(?:up|up-by-one|up-to|down|down-to|redo|reset)$/,
  migrate: /^(?:up|down|goto|force|drop)$/,
  atlas: /^(?:schema|migrate)$/,
  typeorm: /^(?:migration:run|migration:revert|schema:sync|schema:drop)$/,
  'drizzle-kit': /^(?:push|migrate)$/,
  mix: /^ecto\.(?:migrate|rollback|reset|drop)$/,
  ef: /^database$/,
});

/**
 * Framework commands that run whatever code they are given inside the application, with its
 * database and credentials (Rails guides: `rails runner`, `rails console`, `rails dbconsole`;
 * Django: `manage.py shell -c`, `dbshell`, django-extensions `shell_plus`/`runscript`,
 * `createsuperuser`, `changepassword`; Laravel: `artisan tinker`, `artisan db`). Against a
 * development database they are everyday work; with the production environment chosen they
 * change production as surely as a migration.
 */
const RUNS_CODE: Record<string, RegExp> = table({
  rails: /^(?:runner|r|console|c|dbconsole|db)$/,
  'manage.py': /^(?:shell|shell_plus|dbshell|runscript|createsuperuser|changepassword)$/,
  'django-admin': /^(?:shell|shell_plus|dbshell|runscript|createsuperuser|changepassword)$/,
  artisan: /^(?:tinker|db)$/,
});

/** Runners that put the tool one or two words in: npx, bundle exec, python, php, dotnet, ... */
const RUNNERS = /^(?:npx|pnpx|bunx|yarn|pnpm|bundle|exec|python[0-9.]*|php|dotnet|poetry|run|uv|pipenv|dotenv|--)$/;

/** Docker commands that only look. */
const DOCKER_READS =
  /^(?:ps|logs|inspect|images|image|version|info|events|top|stats|port|diff|history|context|config|ls|search|login|volume|network|system|manifest)$/;

function toolOf(argv: string[]): { name: string; rest: string[] } | undefined {
  for (let i = 0; i < argv.length && i < 8; i++) {
    const w = basename(argv[i] ?? '').toLowerCase();
    if (CHANGES[w]) return { name: w, rest: argv.slice(i + 1) };
    // runners, their options, and an env file a runner loads (`dotenv -e .env.production --`)
    if (RUNNERS.test(w) || w.startsWith('-') || (i > 0 && /(?:^|\.)env(?:\.|$)/.test(w))) continue;
    return undefined;
  }
  return undefined;
}

function changesData(name: string, rest: string[]): boolean {
  const code = RUNS_CODE[name];
  if (code && code.test(rest.find((w) => !w.startsWith('-')) ?? '')) return true;
  const sub = CHANGES[name];
  if (!sub) return false;
  const ops = rest.filter((w) => !w.startsWith('-'));
  if (name === 'prisma')
    return (
      (ops[0] === 'migrate' && ops[1] === 'deploy') || (ops[0] === 'db' && /^(?:push|seed|execute)$/.test(ops[1] ?? ''))
    );
  if (name === 'ef') return ops[1] === 'update' || ops[1] === 'drop';
  return ops.some((w) => sub.test(w));
}

/** Options that name the environment, database or settings a command runs against. */
const ENV_OPTION =
  /^--?(?:env|environment|e|target|t|settings|stage|x|url|db-url|database-url|database|db|profile|context|dsn|conn|connection|connection-string|conf)$/i;

/**
 * Whether the command names production where the environment is chosen: its assignments
 * (RAILS_ENV=production), an environment-naming option's value (--env production, --target prod,
 * -url=jdbc:...prod-db), an env file a runner loads (.env.production) or a database URL operand.
 * Other words (`--state ./prod-artifacts`, a model called live_orders) do not choose it.
 */
function namesProd(c: SimpleCommand): boolean {
  if (c.assigns.some((a) => PROD.test(a.value) || PROD.test(a.name.replace(/_/g, '-')))) return true;
  const a = c.argv;
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    const eq = w.indexOf('=');
    const opt = eq > 0 ? w.slice(0, eq) : w;
    if (w.startsWith('-') && ENV_OPTION.test(opt)) {
      const v = eq > 0 ? w.slice(eq + 1) : (a[i + 1] ?? '');
      if (PROD.test(v.replace(/_/g, '-'))) return true;
    } else if (!w.startsWith('-') && (/(?:^|[./])env(?:\.|$)/i.test(w) || /:\/\/|^jdbc:/i.test(w)) && PROD.test(w))
      return true;
  }
  return false;
}

/** The Docker host or context a docker command talks to, when the line names one. */
function dockerTarget(c: SimpleCommand, context: string | undefined): string | undefined {
  const a = c.argv;
  // podman's remote client names its service by --url/--connection or CONTAINER_HOST/CONTAINER_CONNECTION
  for (const v of c.assigns)
    if (/^(?:DOCKER_HOST|DOCKER_CONTEXT|CONTAINER_HOST|CONTAINER_CONNECTION)$/.test(v.name)) return v.value;
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (/^(?:-H|--host|-c|--context|--url|--connection)$/.test(w)) return a[i + 1];
    if (/^--(?:host|context|url|connection)=/.test(w)) return w.slice(w.indexOf('=') + 1);
  }
  return context;
}

/** Options of kubectl and oc that choose the cluster or namespace a command acts on. */
const KUBE_TARGET = /^(?:-n|--namespace|--context|--cluster|--kubeconfig|--server|-s)$/;

/**
 * `kubectl exec -n production deploy/api -- python manage.py migrate` (also oc, `--context
 * prod-eks`, KUBECONFIG=~/.kube/prod): the command run inside a production workload, read for the
 * same migrations and code runners as a local line, where the cluster or namespace names production.
 */
function kubeExec(c: SimpleCommand, out: Effect[]): void {
  const a = c.argv;
  let prod = c.assigns.some((v) => v.name === 'KUBECONFIG' && PROD.test(v.value));
  let verb = '';
  let end = a.length;
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (w === '--') {
      end = i;
      break;
    }
    const eq = w.indexOf('=');
    const opt = eq > 0 && w.startsWith('--') ? w.slice(0, eq) : w;
    if (KUBE_TARGET.test(opt)) {
      const v = eq > 0 && w.startsWith('--') ? w.slice(eq + 1) : (a[++i] ?? '');
      if (PROD.test(v)) prod = true;
    } else if (/^-n./.test(w) && PROD.test(w.slice(2))) prod = true;
    else if (!w.startsWith('-') && !verb) verb = w;
  }
  if (verb !== 'exec' || !prod || end >= a.length) return;
  const inner = a.slice(end + 1);
  const first = basename(inner[0] ?? '');
  // `-- sh -c 'cd /app && bin/rails db:migrate'`: the string's commands one by one
  const text =
    /^(?:sh|bash|ash|dash|zsh)$/.test(first) && /^-\w*c$/.test(inner[1] ?? '') ? (inner[2] ?? '') : inner.join(' ');
  for (const part of text.split(/&&|\|\||;|\|/)) {
    const words = part.trim().split(/\s+/).filter(Boolean);
    const tool = toolOf(words);
    if (tool && changesData(tool.name, tool.rest))
      out.push({
        tool: 'exec',
        command: `cli-change-prod ${tool.name} ${tool.rest.join(' ')}`,
        via: `${basename(a[0] ?? '')} exec runs ${tool.name} in a production workload`,
      });
  }
}

/**
 * CI/CD pipelines started from their CLIs (Buildkite `bk build create`, AWS `codepipeline
 * start-pipeline-execution`, Azure DevOps `az pipelines run`, Cloud Build `builds triggers run`,
 * CircleCI `pipeline run`, Tekton `tkn pipeline start`, Jenkins CLI `build`): a deploy when the
 * line names a deploy or release and production (`--pipeline acme/deploy-prod`, `--name prod-release`).
 */
const PIPELINE_START =
  /\b(?:bk\s+build\s+(?:create|new)|codepipeline\s+start-pipeline-execution|pipelines\s+run|builds\s+triggers\s+run|circleci\s+pipeline\s+run|tkn\s+(?:pipeline|task)\s+start|jenkins-cli(?:\.jar)?\s+build)\b/;

function pipelineStart(c: SimpleCommand, out: Effect[]): void {
  const text = c.argv.join(' ');
  if (!PIPELINE_START.test(text) || !PROD.test(text) || !/deploy|release|rollout|promot|publish|ship/i.test(text))
    return;
  out.push({
    tool: 'exec',
    command: `cli-change-prod ${basename(c.argv[0] ?? '')} ${c.argv.slice(1).join(' ')}`,
    via: `${basename(c.argv[0] ?? '')} starts a production deploy pipeline`,
  });
}

/** Production changes named by the environment a command runs against. */
export function prodTargetEffects(cmds: SimpleCommand[], out: Effect[]): void {
  let context: string | undefined;
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (name === 'docker' || name === 'docker-compose' || name === 'podman' || name === 'podman-remote') {
      const ops = c.argv.slice(1).filter((w) => !w.startsWith('-'));
      if (ops[0] === 'context' && ops[1] === 'use') {
        context = ops[2];
        continue;
      }
      const target = dockerTarget(c, context);
      const verb = ops.find((w) => w !== 'compose' && w !== 'stack' && !/^ssh:|^tcp:|^unix:/.test(w) && w !== target);
      if (target && PROD.test(target) && verb && !DOCKER_READS.test(verb))
        out.push({
          tool: 'exec',
          command: `cli-change-prod ${name} ${c.argv.slice(1).join(' ')}`,
          via: `${name} talks to ${target}`,
        });
      continue;
    }
    if (/^(?:bk|aws|az|gcloud|circleci|tkn|java|jenkins-cli)$/.test(name)) {
      pipelineStart(c, out);
      continue;
    }
    if (name === 'kubectl' || name === 'oc') {
      kubeExec(c, out);
      continue;
    }
    const tool = toolOf(c.argv);
    if (!tool || !changesData(tool.name, tool.rest) || !namesProd(c)) continue;
    out.push({
      tool: 'exec',
      command: `cli-change-prod ${tool.name} ${tool.rest.join(' ')}`,
      via: RUNS_CODE[tool.name]?.test(tool.rest.find((w) => !w.startsWith('-')) ?? '')
        ? `${tool.name} runs code in the production application`
        : `${tool.name} changes the production database`,
    });
  }
}

/** Programs whose command lines this file reads (the line-readings gate): the tools, and the runners they come through. */
export const PROD_TARGET_PROGRAMS = [
  ...Object.keys(CHANGES),
  ...Object.keys(RUNS_CODE),
  'kubectl',
  'oc',
  'bk',
  'aws',
  'az',
  'gcloud',
  'circleci',
  'tkn',
  'java',
  'jenkins-cli',
  'docker',
  'docker-compose',
  'podman',
  'podman-remote',
  'npx',
  'pnpx',
  'bunx',
  'yarn',
  'pnpm',
  'bundle',
  'php',
  'python',
  'python3',
  'dotnet',
  'poetry',
  'uv',
  'pipenv',
  'dotenv',
];
