// A stored or running environment picked out of an inspector's output by its output selector,
// whatever the inspector: `docker service inspect api --format '{{json .Spec.TaskTemplate.
// ContainerSpec.Env}}'`, `kubectl get deploy api -o jsonpath='{..env}'`, `aws codebuild
// batch-get-projects --query 'projects[].environment.environmentVariables'`, `aws
// elasticbeanstalk describe-configuration-settings --query ...application:environment...`,
// `pm2 jlist | jq '.[].pm2_env'`, `nomad job inspect api | jq '..|.Env?'`. The selector (a Go
// template, a JSONPath, a JMESPath --query, a gcloud --format, or a jq/yq filter the output is piped
// into) names the environment, so what is printed is the variables with their values: read as the
// environment read (/proc/self/environ) that the environment-dump rules decide, and followed through
// later filters as an `env` dump is (env-filters.ts: `| cut -d= -f1`, `| grep -c` print no value).
// A selector for anything else (`.State.Status`, `.metadata.name`) is an ordinary lookup. Process
// managers that print every process's environment as JSON without a selector (`pm2 jlist`, `pm2
// prettylist`: each entry's pm2_env holds the process's variables; pm2.keymetrics.io, CLI reference)
// are the same read, and `nomad alloc exec ... env` is `kubectl exec ... env` on Nomad.
// Sources: docker inspect/service inspect --format (Go templates), kubectl JSONPath support, AWS CLI
// --query (JMESPath), gcloud --format projections, jq and yq filters, pm2 CLI reference, nomad
// alloc exec (developer.hashicorp.com/nomad/commands/alloc/exec); the CRI's ContainerConfig.envs
// that `crictl inspect` prints under .info.config.envs (kubernetes/cri-api, api.proto).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { environmentFate } from './env-filters.js';
import { ENVIRONMENT_PATH, dumpsEnvironment } from './interp/line.js';
import { dropGlobalOptions } from '../shell-global-options.js';

export const ENV_SELECTOR_PROGRAMS: readonly string[] = [
  'docker',
  'podman',
  'nerdctl',
  'crictl',
  'kubectl',
  'oc',
  'aws',
  'gcloud',
  'az',
  'nomad',
  'pm2',
  'jq',
  'yq',
];

/** Inspectors whose output describes containers, tasks, functions or processes with their environment. */
const INSPECTORS = /^(?:docker|podman|nerdctl|crictl|kubectl|oc|aws|gcloud|az|nomad|pm2)$/;
/** A selector step naming the environment: .Env, ..env, environment.environmentVariables, pm2_env, application:environment;
 * not a label, annotation or tag that happens to be called env (.metadata.labels.env, Tags[?Key=='env']). */
const ENV_STEP =
  /(?:^|[[{(\s,|]|(?<!(?:labels|annotations|Labels|tags|Tags|matchLabels|nodeSelector))\.)(?:Env|env|Envs|envs|Environment|environment|environmentVariables|EnvironmentVariables|environment_variables|envVars|env_vars|pm2_env|Variables)(?=$|[.[\]}),'"`|\s?*])|application:environment/;
/** Options that carry an output selector. */
const SELECTOR_OPTION = /^(?:-f|--format|--query|-o|--output|--template|--jsonpath|--filter)$/;
const SELECTOR_INLINE =
  /^(?:--format|--query|-o|--output|--template)=(.*)$|^-o(jsonpath.*|go-template.*|custom-columns.*)$/;

/** The selectors a command's own options give. */
function selectors(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const inline = SELECTOR_INLINE.exec(w);
    if (inline) out.push(inline[1] ?? inline[2] ?? '');
    else if (SELECTOR_OPTION.test(w)) out.push(argv[++i] ?? '');
  }
  return out;
}

/** Whether a selector picks the environment (not `env` as a word inside a longer name). */
function selectsEnvironment(sel: string): boolean {
  return ENV_STEP.test(sel) && !/^(?:json|yaml|yml|table|text|tsv|wide|name)$/.test(sel);
}

/**
 * Whether the inspector runs a program inside a container or pod, or prints what one wrote
 * (`docker compose exec api cat config.json`, `kubectl exec pod -- cat /etc/app.json`, `docker
 * logs api`): its output is that program's or the log's, not a description of the container with
 * its environment, so a jq filter after it reads a file's own keys (`.default.env`). What runs
 * inside is read as a command of its own (shell-extract.ts), and `docker inspect`, `docker compose
 * config` and `kubectl get` stay inspectors.
 */
function printsInnerOutput(argv: readonly string[]): boolean {
  const w = [...argv];
  dropGlobalOptions(w);
  const name = basename(w[0] ?? '').toLowerCase();
  if (/^(?:docker|podman|nerdctl)$/.test(name)) {
    const sub = w[1] === 'compose' || w[1] === 'container' ? w[2] : w[1];
    return /^(?:exec|run|logs)$/.test(sub ?? '');
  }
  if (name === 'kubectl' || name === 'oc') return /^(?:exec|logs)$/.test(w[1] ?? '');
  return false;
}

/** The jq/yq filter of a command, when it is one. */
function filterOf(argv: string[]): string | undefined {
  const name = basename(argv[0] ?? '').toLowerCase();
  if (name !== 'jq' && name !== 'yq') return undefined;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (/^(?:--arg|--argjson|--slurpfile|--rawfile|-L|--indent)$/.test(w)) i += w.startsWith('--arg') ? 2 : 1;
    else if (!w.startsWith('-')) return w;
  }
  return undefined;
}

/** Environments printed through an output selector or a process manager's JSON (see the top of this file). */
export function envSelectorEffects(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (!INSPECTORS.test(name)) continue;
    let via: string | undefined;
    let after: string[] | undefined = c.pipedInto;
    if (selectors(c.argv).some(selectsEnvironment)) via = `${name} selects the environment of what it inspects`;
    else if (name === 'pm2' && /^(?:jlist|prettylist)$/.test(c.argv[1] ?? ''))
      via = `pm2 ${c.argv[1]} prints every process's environment (pm2_env)`;
    else if (name === 'nomad' && c.argv[1] === 'alloc' && c.argv[2] === 'exec') {
      // nomad alloc exec [-task T] ALLOC CMD...: the command starts after the allocation id
      const rest = c.argv.slice(3);
      let i = 0;
      while (i < rest.length && (rest[i] ?? '').startsWith('-')) i += /^-(?:task|job|i|t)$/.test(rest[i] ?? '') ? 2 : 1;
      if (dumpsEnvironment(rest.slice(i + 1))) via = 'nomad alloc exec runs an environment dump in the task';
    } else if (c.pipedInto && !printsInnerOutput(c.argv)) {
      const f = filterOf(c.pipedInto);
      if (f !== undefined && selectsEnvironment(f)) {
        via = `${name} | ${basename(c.pipedInto[0] ?? '')} selects the environment of what it inspects`;
        after = l.cmds.find((x) => x.argv === c.pipedInto)?.pipedInto;
      }
    }
    if (!via) continue;
    if (after && environmentFate(after, l.cmds) === 'names') continue;
    out.push({ tool: 'read', path: ENVIRONMENT_PATH, via });
  }
}
