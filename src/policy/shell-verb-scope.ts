// What a tool's destroy verb reaches, for the cases where the verb alone overstates it. The verb
// reader (shell-verbs.ts) finds `delete`, `rm`, `clean` in any tool's subcommand; these readings
// say when that verb does not destroy anything a user would miss:
//   - a rehearsal: `--dry-run`, `--what-if`, `--preview` (but not `--dry-run=none`/`=false`,
//     which run for real, nor a rehearsal flag after `--`, which is an operand);
//   - a question about the verb: `kubectl auth can-i delete pods`, `oc policy who-can delete
//     pods`, `kubectl help delete`, `aws s3 rm help` name the verb without running it;
//   - a project's own build output or cache: `dbt clean`, `bundle clean --force`, `hugo mod
//     clean` remove what the next build makes again, unless an operand points outside the
//     project (`cargo clean --target-dir ~`) or the tool is a version control system (whose
//     clean removes untracked work);
//   - a scratch scope of an environment-scoped tool: a BigQuery dataset, an object-store prefix,
//     a Kubernetes namespace, a Terraform workspace or a Pulumi stack named for tests, CI,
//     previews or scratch work (`bq rm -t sandbox.tmp_x`, `aws s3 rm s3://b/ci/run-7/
//     --recursive`, `kubectl delete pod x -n ci`, `terraform workspace delete feature-login`).
// Anything that also names production, another scope, a computed name or a parent directory
// keeps the destroy reading (docs/shell-readings.md, "Scratch scopes and questions").
import { table } from '../util/lookup-table.js';

/** Launchers that run the tool named after them (`npx acme deploy` is acme's deploy). */
export const RUNNERS = new Set(['npx', 'bunx', 'pnpx']);

/**
 * Local development environments and the commands they pass to a tool inside the project's own
 * containers (DDEV's, Lando's and Laravel Sail's documented shortcuts): `ddev wp cache flush` is
 * WP-CLI's `wp cache flush` run in the project's web container, decided as that command is.
 */
const DEV_ENV_TOOLS: Record<string, ReadonlySet<string>> = table({
  ddev: new Set(['wp', 'drush', 'composer', 'artisan', 'php', 'npm', 'yarn', 'craft', 'magento', 'console', 'typo3']),
  lando: new Set(['wp', 'drush', 'composer', 'artisan', 'php', 'npm', 'yarn', 'node']),
  sail: new Set(['artisan', 'composer', 'php', 'npm', 'npx', 'yarn', 'pnpm', 'bun', 'node']),
});

/** Whether `words[i]` is a development environment passing the next word's tool into its container. */
export function devEnvShortcut(words: readonly string[], i: number): boolean {
  return DEV_ENV_TOOLS[words[i] ?? '']?.has(words[i + 1] ?? '') ?? false;
}

/** A rehearsal option's value that turns the rehearsal off (`--dry-run=none` is kubectl's "for real"). */
const OFF_VALUE = /^(?:none|false|0|no|off|unchanged-none)$/i;

/**
 * Options that make any subcommand a look or a rehearsal (their value, if any, not an "off"):
 * CloudFormation deploy's --no-execute-changeset makes the change set for review and runs nothing.
 */
const REHEARSAL =
  /^(?:--dry-?run|--what-?if|--help|--preview|--preview-only|--plan|--noop|--check|--no-execute-changeset)(?:=(.*))?$/i;

/** Whether a word is a rehearsal option that is on (`--dry-run`, `--dry-run=client`). */
export function rehearsalFlag(w: string, next?: string): boolean {
  const m = REHEARSAL.exec(w);
  if (!m) return false;
  // npm's option parser (nopt) takes a following `false` as a boolean option's value, so
  // `npm publish --dry-run false` publishes; an off word right after the bare option reads as off.
  if (m[1] === undefined) return next === undefined || !OFF_VALUE.test(next);
  return !OFF_VALUE.test(m[1]);
}

/**
 * Whether a rehearsal option is on among the words from `from`: before a `--` (after it the
 * word is an operand: `kubectl delete pod x -- --dry-run` deletes x), and not turned off later
 * on the line (`--dry-run --dry-run=none`: the last one wins).
 */
export function rehearses(words: readonly string[], from = 1): boolean {
  let on = false;
  const short = SHORT_REHEARSAL[words[from - 1] ?? ''];
  for (let i = from; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '--') break;
    if (short?.test(w)) on = true;
    if (!REHEARSAL.test(w)) continue;
    on = rehearsalFlag(w, words[i + 1]);
  }
  return on;
}

/**
 * Tools whose short option is their documented preview on every destroying subcommand: Perforce's
 * `-n` ("display a preview of the results", p4 clean/delete/revert/obliterate in the P4 Command
 * Reference), ZFS's `-n` ("do a dry-run (no-op) deletion", zfs-destroy(8)), rclone's `-n` (the
 * global --dry-run, rclone docs "Flags"). A cluster of short flags holding the letter counts
 * (`zfs destroy -nv`); another tool's `-n` (a namespace, a count) does not.
 */
const SHORT_REHEARSAL: Record<string, RegExp> = table({
  p4: /^-[a-zA-Z]*n[a-zA-Z]*$/,
  zfs: /^-[a-zA-Z]*n[a-zA-Z]*$/,
  rclone: /^-[a-zA-Z]*n[a-zA-Z]*$/,
});

/**
 * Read verbs that end a subcommand: what follows them names what is looked at
 * (`kubectl describe cronjob purge-sessions`, `aws lambda get-function --function-name
 * delete-expired`). Other read words also name products or groups and the search goes on after
 * them (`aws logs delete-log-group`, `az monitor log-analytics workspace delete`).
 */
const SETTLING_READS = new Set(['get', 'list', 'ls', 'describe', 'show', 'view', 'inspect', 'explain', 'whoami']);

/** Whether a read verb ends the subcommand (see SETTLING_READS). */
export function settlesRead(verb: string): boolean {
  return SETTLING_READS.has(verb.toLowerCase());
}

/** Test runners: their operands and filters name tests (`pytest -k 'delete or purge'`). */
const TEST_RUNNERS = new Set(
  'pytest py.test jest vitest mocha ava tap karma jasmine rspec minitest phpunit pest playwright cypress nose2 ward behave cucumber cucumber-js'.split(
    ' ',
  ),
);

/**
 * Whether a command runs a project's tests, so the words after it select tests rather than name
 * a subcommand: a test runner, or `test` as the first subcommand (`yarn test delete`, `cargo
 * test delete_user`, `mix test`, `dotnet test --filter Name~Delete`).
 */
export function runsTests(tool: string, firstPositional: string | undefined): boolean {
  return TEST_RUNNERS.has(tool) || firstPositional === 'test';
}

/** Subcommands that ask about a verb: what follows names the verb, it does not run it. */
const QUESTION = new Set(['can-i', 'who-can', 'policy-troubleshoot']);

/**
 * Whether the positional word at `i` starts a question about the verbs after it:
 * `kubectl auth can-i delete pods` (any options), `kubectl help delete` (help first, then only
 * subcommand words: no operands, no options).
 */
export function asksAbout(words: readonly string[], i: number, first: boolean): boolean {
  const w = (words[i] ?? '').toLowerCase();
  if (QUESTION.has(w)) return true;
  if (w !== 'help' || !first) return false;
  return words.slice(i + 1).every((x) => /^[a-z][a-z0-9:-]*$/.test(x));
}

/** `aws s3 rm help`: a trailing `help` as the only word after the verb shows its help page. */
export function helpAfterVerb(rest: readonly string[]): boolean {
  return rest.length === 1 && rest[0] === 'help';
}

/**
 * Version control systems: their `clean` or `purge` deletes untracked work (`hg purge`,
 * `fossil clean`, `bzr clean-tree`, `sl clean`), which no build recreates.
 */
const VCS = new Set(['git', 'hg', 'sl', 'fossil', 'bzr', 'brz', 'svn', 'jj', 'darcs', 'pijul', 'got', 'yadm']);

/**
 * Schema and migration tools: their `clean` drops every object of the database they point at
 * (`flyway clean`, `atlas schema clean`), which no build makes again.
 */
const DATA_TOOLS = new Set([
  'flyway',
  'liquibase',
  'atlas',
  'sqitch',
  'dbmate',
  'migrate',
  'goose',
  'evolve',
  'grate',
  'skeema',
  'pscale',
  'airflow',
  'dvc',
]);

/** Verbs that clear what a build or a package manager makes again. */
const CLEAN_VERB = /^(?:clean|cleanup|clear|clean-cache|clear-cache|cache-clean|autoclean)$/;

/** A word that points outside the project: absolute, home, parent, a variable or a glob. */
function outside(w: string): boolean {
  const v = w.includes('=') && w.startsWith('-') ? w.slice(w.indexOf('=') + 1) : w;
  return /^(?:\/|~|\$|\.\.(?:\/|$))/.test(v) || /\/\.\.(?:\/|$)/.test(v) || /[*?`]|\$\(/.test(v);
}

/**
 * A build tool's clean of its own output (`dbt clean`, `bundle clean --force`, `hugo mod clean`,
 * `gatsby clean`): the verb is the tool's first subcommand word or follows `cache`/`mod`, and no
 * word after it points outside the project.
 */
/** Operands of a clean that name stored data rather than output (Splunk's `clean eventdata|userdata|kvstore|globaldata|all`). */
const CLEANED_DATA =
  /^(?:(?:event|user|global|app|index)[_-]?data|data|events|eventlog|db|database|databases|kvstore|records|tables|collections|indexes|indices|messages|mail|mailbox)$/i;

export function ownOutputClean(
  tool: string,
  path: readonly string[],
  verbIndex: number,
  rest: readonly string[],
): boolean {
  if (VCS.has(tool) || DATA_TOOLS.has(tool)) return false;
  const verb = (path[verbIndex] ?? '').toLowerCase();
  if (!CLEAN_VERB.test(verb)) return false;
  const before = path.slice(0, verbIndex).map((w) => w.toLowerCase());
  if (before.some((w) => w !== 'cache' && w !== 'mod' && w !== 'modules' && w !== 'build')) return false;
  // `splunk clean eventdata -index x`, `tool clean userdata`: what it names is data, not build output
  if (rest.some((w) => CLEANED_DATA.test(w))) return false;
  // a word naming a connection (`-url=jdbc:...`, `--db postgres://...`) points at a server
  return !rest.some((w) => outside(w) || /:\/\/|^(?:-[\w-]*=)?jdbc:/i.test(w));
}

/**
 * Names that say a scope is scratch: tests, CI runs, previews of a pull request, feature
 * branches, sandboxes and temporary work. As a whole word of the name, or its first or last
 * part (`scratch_dev`, `ci`, `pr-482`, `tmp_orders`, `review-42`, `feature-login`).
 */
const SCRATCH_PART =
  /^(?:test|tests|testing|e2e|ci|dev|devel|local|sandbox|sbx|scratch|tmp|temp|playground|preview|review|ephemeral|throwaway|feature|feat|pr|mr)$/i;
/** Of those, the ones that name one short-lived environment, not a shared one (`dev` is shared). */
const EPHEMERAL_PART =
  /^(?:test|tests|testing|e2e|ci|sandbox|sbx|scratch|tmp|temp|playground|preview|review|ephemeral|throwaway|feature|feat|pr|mr)$/i;
/** A word that names production or a shared long-lived environment. */
const LIVE =
  /(?:^|[^a-z0-9])(?:prod|production|prd|live|staging|stage|stg|main|master|release|shared|backup|backups)(?:[^a-z0-9]|$)/i;

function parts(name: string): string[] {
  return name.split(/[_.-]+/).filter(Boolean);
}

/** Whether a scope name is scratch: one of its first or last parts (or the whole) says so. */
export function scratchName(name: string, ephemeralOnly = false): boolean {
  if (!name || LIVE.test(name) || /[$`*?{}\s]/.test(name)) return false;
  const re = ephemeralOnly ? EPHEMERAL_PART : SCRATCH_PART;
  const p = parts(name);
  const head = p[0] ?? '';
  const last = p[p.length - 1] ?? '';
  // `pr-482`, `review-42`: a number last; the word before it names the scope.
  const tail = /^\d+$/.test(last) && p.length > 1 ? (p[p.length - 2] ?? '') : last;
  return re.test(head) || re.test(tail);
}

/** Kubernetes kinds whose objects live in a namespace (the namespace option scopes them). */
const NAMESPACED =
  /^(?:pods?|po|deployments?|deploy|replicasets?|rs|services?|svc|configmaps?|cm|jobs?|cronjobs?|cj|statefulsets?|sts|daemonsets?|ds|ingress(?:es)?|ing|serviceaccounts?|sa|roles?|rolebindings?|hpa|horizontalpodautoscalers?|networkpolic(?:y|ies)|netpol|endpoints|events?|ev|leases?|secrets?|poddisruptionbudgets?|pdb)$/i;

/** Options whose value names the scope of an environment-scoped tool. */
const SCOPE_OPTION = /^(?:-n|--namespace|-s|--stack)$/;

function optionValue(rest: readonly string[], re: RegExp): string[] {
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] ?? '';
    const eq = w.indexOf('=');
    const opt = eq > 0 ? w.slice(0, eq) : w;
    if (!re.test(opt)) continue;
    const v = eq > 0 ? w.slice(eq + 1) : rest[i + 1];
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** Options that point a tool at another cluster, account or project: the scope is then unknown. */
const ELSEWHERE =
  /^(?:--context|--kube-context|--kubeconfig|--cluster|--server|-s|--profile|--project_id|--account)(?:=|$)/;

/** Operands of `words` (no options, no option values of the listed value options). */
function operands(rest: readonly string[], valueOpts: RegExp): string[] {
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] ?? '';
    if (w === '--') continue;
    if (w.startsWith('-')) {
      if (!w.includes('=') && valueOpts.test(w)) i++;
      continue;
    }
    out.push(w);
  }
  return out;
}

/** `[project:]dataset[.table]`: the dataset and the table are the scopes. */
function bqScratch(rest: readonly string[]): boolean {
  const names = operands(rest, /^(?:--project_id|--location|--dataset_id)$/);
  if (names.length !== 1) return false;
  const name = names[0] ?? '';
  const local = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
  const [dataset, table] = local.split('.');
  if (!dataset || LIVE.test(name)) return false;
  return scratchName(dataset) || (table !== undefined && scratchName(table, true));
}

/** A z/OS data set qualifier that names temporary work (TEMP, TMP, WORK, SCRATCH, TEST, with a number or not). */
const ZOS_SCRATCH = /^(?:TEMP|TMP|WORK|WRK|SCRATCH|SCR|TEST|TESTS|SANDBOX)\d*$/i;

/**
 * `zowe zos-files delete data-set|ds|data-set-vsam|dsv NAME [-f]` (Zowe CLI reference): one data
 * set, a file of z/OS, whose qualifiers after the high-level one (the owner) name temporary
 * work (`IBMUSER.TEMP.LIST`, `PAYOPS.WORK.SORTOUT`) and none production. Patterns, members of
 * another name, another volume or a USS path keep the destroy reading.
 */
function zosScratch(rest: readonly string[]): boolean {
  if (!/^(?:data-set|ds|data-set-vsam|dsv)$/.test(rest[0] ?? '')) return false;
  const args = rest.slice(1);
  if (!args.every((w) => !w.startsWith('-') || /^(?:-f|--for-sure|--fs)$/.test(w))) return false;
  const names = args.filter((w) => !w.startsWith('-'));
  if (names.length !== 1) return false;
  const name = names[0] ?? '';
  if (!/^[A-Za-z#$@][\w#$@-]*(?:\.[A-Za-z#$@][\w#$@-]*)+$/.test(name) || LIVE.test(name)) return false;
  return name
    .split('.')
    .slice(1)
    .some((q) => ZOS_SCRATCH.test(q));
}

/**
 * An object-store URL (`s3://bucket/ci/run-7/`, `gs://b/tmp/x`): scratch when a key prefix
 * (not the bucket alone: a whole bucket is a store) names scratch work.
 */
function objectScratch(url: string): boolean {
  const m = /^(?:s3|gs|az|r2|oss|cos|b2):\/\/([^/]+)\/(.+)$/.exec(url);
  if (!m || LIVE.test(url) || /[$`*?]/.test(url)) return false;
  const keys = (m[2] ?? '').split('/').filter(Boolean);
  if (!keys.length || keys.some((k) => k === '..' || k === '.')) return false;
  // `s3://b/tmp/x`, `s3://b/ci/run-7/`: a folder of the bucket; `gs://acme-ci-tmp/run-55/`: a
  // folder of a bucket that is itself named scratch.
  return keys.slice(0, Math.max(1, keys.length - 1)).some((k) => scratchName(k, true)) || scratchName(m[1] ?? '', true);
}

/**
 * Whether a destroy reaches only a scratch scope of a tool that scopes its resources:
 * `tool` and the subcommand `path` (verb last) as the verb reader found them, `rest` the words
 * after the verb, `all` the words after the tool (for options given before the subcommand).
 */
export function scratchScope(
  tool: string,
  path: readonly string[],
  rest: readonly string[],
  all: readonly string[],
  everything = false,
): boolean {
  const p = path.map((w) => w.toLowerCase()).join(' ');
  // `-s` names a stack (pulumi) or a stage (serverless), not a server
  const stage = tool === 'pulumi' || tool === 'serverless' || tool === 'sls';
  if (all.some((w) => ELSEWHERE.test(w) && !(stage && /^-s(?:=|$)/.test(w)))) return false;
  // `--all` empties the scope it is given: only a namespace named for one short-lived run
  // (`kubectl delete pods --all -n test-e2e`) is still scratch; everywhere else it is a wipe.
  if (everything) return (tool === 'kubectl' || tool === 'oc') && p === 'delete' && scratchEverything(rest, all);
  if (namedDeploymentScratch(tool, p, rest)) return true;
  if (tool === 'bq' && (p === 'rm' || p === 'remove')) return bqScratch(rest);
  if (tool === 'zowe' && (p === 'zos-files delete' || p === 'files delete')) return zosScratch(rest);
  // the Hadoop FileSystem shell: one file without -skipTrash goes to the user's trash, and what
  // lives under /tmp, a scratch folder or the trash itself is a job's leftovers
  if ((tool === 'hdfs' || tool === 'hadoop') && (p === 'dfs rm' || p === 'fs rm')) {
    const paths = operands(rest, /^$/);
    if (paths.some((w) => !w.startsWith('/') && !w.startsWith('hdfs://'))) return false;
    const scratchPath = (w: string) =>
      /^(?:hdfs:\/\/[^/]*)?\/(?:tmp|user\/[^/]+\/(?:\.Trash|\.staging|tmp|scratch))(?:\/|$)/.test(w);
    const recursive = rest.some((w) => /^-(?:[rRf]+|skipTrash)$/.test(w) && w !== '-f');
    return paths.length > 0 && (paths.every(scratchPath) || !recursive);
  }
  if (
    (tool === 'aws' && p === 's3 rm') ||
    (tool === 'gsutil' && p === 'rm') ||
    (tool === 'gcloud' && p === 'storage rm')
  ) {
    const urls = operands(rest, /^(?:--include|--exclude|--profile|--region)$/);
    return urls.length > 0 && urls.every(objectScratch);
  }
  // the MinIO client addresses objects as ALIAS/BUCKET/PREFIX (min.io docs, mc rm): a bucket or a
  // folder of one named for temporary work, as with the s3:// spellings above
  if (tool === 'mc' && p === 'rm') {
    const targets = operands(
      rest,
      /^(?:--older-than|--newer-than|--rewind|--version-id|--vid|--encrypt-key|-C|--config-dir)$/,
    );
    const scratchTarget = (t: string) => {
      const parts = t.split('/').filter(Boolean);
      if (parts.length < 2 || LIVE.test(t) || /[$`*?]/.test(t)) return false;
      if (parts.length === 2) return scratchName(parts[1] ?? '', true);
      return objectScratch(`s3://${parts.slice(1).join('/')}${t.endsWith('/') ? '/' : ''}`);
    };
    return targets.length > 0 && targets.every(scratchTarget);
  }
  if (tool === 'kubectl' || tool === 'oc') {
    if (p !== 'delete') return false;
    const ns = optionValue(all, /^(?:-n|--namespace)$/);
    const ops = operands(rest, /^(?:-n|--namespace|-l|--selector|-o|--output|--grace-period|--timeout|--cascade)$/);
    if (rest.some((w) => /^(?:-f|--filename|-k|--kustomize|-R|--recursive|--raw)(?:=|$)/.test(w))) return false;
    const kind = ops[0] ?? '';
    // `kubectl delete ns pr-482`: a namespace named for one pull request, test run or sandbox.
    if (/^(?:ns|namespaces?)$/i.test(kind))
      return ops.length > 1 && ops.slice(1).every((n) => scratchName(n, true)) && !ns.length;
    // `kubectl delete pod api-1 -n ci`, `kubectl delete deploy/api -n dev`: inside a scratch namespace.
    const kinds = ops.filter((o) => o.includes('/')).map((o) => o.slice(0, o.indexOf('/')));
    const typed = kinds.length
      ? kinds.length === ops.length && kinds.every((k) => NAMESPACED.test(k))
      : NAMESPACED.test(kind);
    return typed && ns.length === 1 && scratchName(ns[0] ?? '');
  }
  // `sf org delete scratch -o feature-x`: a Salesforce scratch org is made to be thrown away (it
  // expires within 30 days; Salesforce CLI reference, "org delete scratch"); sandboxes and
  // production orgs are other subcommands
  if (tool === 'sf' && p === 'org delete' && rest[0] === 'scratch')
    return rest
      .slice(1)
      .every(
        (w, i, a) =>
          /^(?:-o|--target-org|-p|--no-prompt|--json)$/.test(w) || /^(?:-o|--target-org)$/.test(a[i - 1] ?? ''),
      );
  if (tool === 'helm' && (p === 'uninstall' || p === 'delete' || p === 'del')) {
    const ns = optionValue(all, /^(?:-n|--namespace)$/);
    if (ns.length !== 1) return false;
    if (scratchName(ns[0] ?? '', true)) return true;
    // one release named for a pull request or preview (`ledger-svc-pr-482`) in a development
    // namespace (`ledger-dev`): the review app a CI job installed, not the environment's services
    const releases = operands(rest, /^(?:-n|--namespace|--timeout|--description|--cascade|--kube-context)$/);
    return releases.length === 1 && scratchName(ns[0] ?? '') && scratchName(releases[0] ?? '', true);
  }
  if ((tool === 'terraform' || tool === 'tofu' || tool === 'terragrunt') && p === 'workspace delete') {
    const names = operands(rest, /^(?:-lock-timeout)$/);
    return names.length === 1 && scratchName(names[0] ?? '', true);
  }
  if (tool === 'pulumi' && (p === 'stack rm' || p === 'destroy')) {
    const stacks = [...optionValue(all, SCOPE_OPTION), ...(p === 'stack rm' ? operands(rest, SCOPE_OPTION) : [])];
    return stacks.length === 1 && scratchName((stacks[0] ?? '').split('/').pop() ?? '', true);
  }
  return false;
}

/**
 * `kubectl delete pods --all -n test-e2e`, `kubectl delete all --all -n pr-482`: every object of
 * namespaced kinds in one namespace named for a test run, CI job or preview (not `dev`, which is
 * shared), and no other scope (`-A`, `--all-namespaces`) or file on the line.
 */
function scratchEverything(rest: readonly string[], all: readonly string[]): boolean {
  if (
    all.some((w) =>
      /^(?:-A|--all-namespaces)(?:=|$)|^(?:-f|--filename|-k|--kustomize|-R|--recursive|--raw)(?:=|$)/.test(w),
    )
  )
    return false;
  const ns = optionValue(all, /^(?:-n|--namespace)$/);
  if (ns.length !== 1 || !scratchName(ns[0] ?? '', true)) return false;
  const kinds = operands(
    rest,
    /^(?:-n|--namespace|-l|--selector|-o|--output|--grace-period|--timeout|--cascade|--field-selector)$/,
  );
  return (
    kinds.length > 0 && kinds.every((k) => k.split(',').every((x) => x.toLowerCase() === 'all' || NAMESPACED.test(x)))
  );
}

/**
 * Deletes of one deployed app, stack, service or resource group, by each CLI's spelling (their
 * references): `path` the subcommand as the verb reader found it, `names` options whose value
 * is the name, `positional` whether operands are names too.
 */
const NAMED_DEPLOYMENTS: { tools: readonly string[]; path: string; names: RegExp; positional: boolean }[] = [
  { tools: ['wrangler'], path: 'delete', names: /^--name$/, positional: true },
  { tools: ['fly', 'flyctl'], path: 'apps destroy', names: /^(?:-a|--app)$/, positional: true },
  { tools: ['fly', 'flyctl'], path: 'apps delete', names: /^(?:-a|--app)$/, positional: true },
  { tools: ['heroku'], path: 'apps:destroy', names: /^(?:-a|--app|--confirm)$/, positional: true },
  { tools: ['aws'], path: 'cloudformation delete-stack', names: /^--stack-name$/, positional: false },
  { tools: ['sam'], path: 'delete', names: /^--stack-name$/, positional: false },
  { tools: ['serverless', 'sls'], path: 'remove', names: /^(?:-s|--stage)$/, positional: false },
  { tools: ['az'], path: 'group delete', names: /^(?:-n|--name|-g|--resource-group)$/, positional: false },
  { tools: ['gcloud'], path: 'run services delete', names: /^$/, positional: true },
  { tools: ['gcloud'], path: 'functions delete', names: /^$/, positional: true },
  { tools: ['vercel'], path: 'remove', names: /^$/, positional: true },
  { tools: ['vercel'], path: 'rm', names: /^$/, positional: true },
  { tools: ['cdk'], path: 'destroy', names: /^$/, positional: true },
];

/** Options of those CLIs that take a value which is not a name (a region, a project, a confirmation). */
const DEPLOY_VALUE_OPTS =
  /^(?:--region|-r|--project|--zone|--env|-e|--scope|--token|--config|-c|--org|--account-id|--role-arn|--retain-resources|--platform|--timeout|--app-name)$/;

/**
 * Whether a deployment delete names only apps, stacks or groups made for one pull request, test
 * run or sandbox (`wrangler delete --name api-edge-pr-412`, `fly apps destroy api-pr-42`,
 * `aws cloudformation delete-stack --stack-name web-preview-88`): a preview environment the
 * project's CI makes again. Every name must say so; a name the reader cannot place (a
 * variable, a glob) or none at all keeps the destroy reading.
 */
function namedDeploymentScratch(tool: string, p: string, rest: readonly string[]): boolean {
  const spec = NAMED_DEPLOYMENTS.find((d) => d.path === p && d.tools.includes(tool));
  if (!spec) return false;
  const names = optionValue(rest, spec.names);
  const valueOpts = new RegExp(`${DEPLOY_VALUE_OPTS.source}|${spec.names.source}`);
  const ops = operands(rest, valueOpts);
  if (!spec.positional && ops.length) return false;
  const all = [...names, ...ops];
  return all.length > 0 && all.every((n) => scratchName(n, true));
}

/** Tools that hand the words after `--` to a script or program they run (`npm run deploy -- --dry-run`). */
const FORWARDERS = new Set(
  'npm pnpm yarn bun npx bunx pnpx cargo dotnet poetry uv pipenv hatch pdm go deno mix gradle gradlew mvn mvnw make just task rake nx turbo lerna docker podman'.split(
    ' ',
  ),
);

/**
 * `rehearsal-off TOOL WORDS` when a line spells a rehearsal option that does not rehearse: set to
 * an off value (`helm upgrade api ./chart --dry-run=false`, `kubectl apply -f x --dry-run=none`)
 * or given only after `--`, where the tool reads it as an operand (`terraform apply
 * -auto-approve -- --dry-run`). Rules that let rehearsals through match the option's spelling;
 * this reading lets the standard profile ask about the real run instead. `skip(tool)` names
 * programs whose words are not a tool's options (echo, grep, shells).
 */
export function rehearsalOffReading(words: readonly string[], skip: (tool: string) => boolean): string | null {
  const tool = (words[0] ?? '').toLowerCase();
  if (!tool || skip(tool)) return null;
  const dd = words.indexOf('--');
  const before = dd < 0 ? words.slice(1) : words.slice(1, dd);
  const after = dd < 0 ? [] : words.slice(dd + 1);
  let seen = false;
  let on = false;
  for (let i = 0; i < before.length; i++) {
    const w = before[i] ?? '';
    if (!REHEARSAL.test(w)) continue;
    seen = true;
    on = rehearsalFlag(w, before[i + 1]);
  }
  const off =
    (seen && !on) ||
    (!seen &&
      !FORWARDERS.has(tool) &&
      !before.some((w) => w === 'exec' || w === 'run') &&
      after.some((w) => rehearsalFlag(w)));
  return off ? `rehearsal-off ${words.join(' ')}` : null;
}

/**
 * Folders that hold what a build, a test run or a package manager makes again (the default
 * output and cache folders of npm, Next.js, Nuxt, Vite, Turborepo, Parcel, Cargo, Maven, Gradle,
 * .NET, Python's tools, coverage reporters): `build`, `dist`, `target`, `node_modules`,
 * `.pytest_cache`, `coverage` ...
 */
const BUILD_OUTPUT = new Set(
  'build dist out target node_modules .cache coverage .nyc_output .next .nuxt .svelte-kit .turbo .parcel-cache .vite .angular storybook-static __pycache__ .pytest_cache .mypy_cache .ruff_cache .tox .nox .gradle bin obj tmp .tmp _build .build .dart_tool htmlcov site public/build .eggs'.split(
    ' ',
  ),
);

/**
 * Whether a path names a build output or cache folder of the project, or something inside one:
 * relative, no parent step, no glob or variable, and its first folder is one of BUILD_OUTPUT
 * (`build/`, `./dist`, `node_modules/.cache/`, `target/debug`).
 */
export function buildOutputPath(p: string): boolean {
  if (/^(?:\/|~|\$)|[*?[`$]|(?:^|\/)\.\.(?:\/|$)/.test(p)) return false;
  const parts = p
    .replace(/^(?:\.\/)+/, '')
    .split('/')
    .filter(Boolean);
  if (!parts.length) return false;
  const joined = parts.join('/') + '/';
  return (
    BUILD_OUTPUT.has(parts[0] ?? '') ||
    BUILD_OUTPUT.has(`${parts[0] ?? ''}/${parts[1] ?? ''}`) ||
    FRAMEWORK_CACHES.some((c) => joined.startsWith(c + '/'))
  );
}

/**
 * Web frameworks' and CMSs' compiled-template and cache folders, which the framework fills again
 * on the next request or its cache command (Laravel `storage/framework/{views,cache}` and
 * `bootstrap/cache`, "Directory Structure"; Symfony `var/cache`, Symfony 2 `app/cache`; Magento
 * `var/cache`, `var/page_cache`, `var/view_preprocessed`; WordPress caching plugins'
 * `wp-content/cache`; Drupal's compiled Twig under `sites/default/files/php`). Sessions and
 * uploads beside them are not here.
 */
export const FRAMEWORK_CACHES: readonly string[] = [
  'storage/framework/views',
  'storage/framework/cache',
  'bootstrap/cache',
  'var/cache',
  'var/page_cache',
  'var/view_preprocessed',
  'app/cache',
  'wp-content/cache',
  'sites/default/files/php',
];

/**
 * Folders that only a tool writes, wherever they sit in a tree (a package of a monorepo, a
 * subproject): the caches and outputs of npm, Python's tools, Next.js, Nuxt, SvelteKit, Angular,
 * Turborepo, Parcel, Gradle, tox/nox, Dart, coverage.py and Storybook, `dist`, and the folders
 * code generators are pointed at by name (`src/generated`, Relay's `__generated__`).
 */
const OUTPUT_ANYWHERE = new Set(
  'node_modules __pycache__ .pytest_cache .mypy_cache .ruff_cache .next .nuxt .svelte-kit .angular .turbo .parcel-cache .gradle .tox .nox .dart_tool htmlcov .eggs storybook-static dist generated __generated__'.split(
    ' ',
  ),
);

/**
 * `target/` and `build/` nested in a tree are output when the next folder is one their tools
 * write: dbt's target-path (compiled, run), Cargo's profiles (debug, release, doc), Maven's
 * (classes, generated-sources, surefire-reports), Gradle's and Android's (generated,
 * intermediates, outputs, libs, reports, tmp). A nested `build/` alone may be build scripts.
 */
const OUTPUT_CHILD: Record<string, RegExp> = table({
  target:
    /^(?:compiled|run|debug|release|doc|classes|test-classes|generated-sources|generated-test-sources|surefire-reports|failsafe-reports|site|criterion|tmp)$/,
  build: /^(?:generated|intermediates|outputs|tmp|classes|libs|reports|kotlin|resources|cache)$/,
});

/** Top-level output folders that also hold authored files in other stacks (`bin/setup`, a `site/` of docs sources). */
const AUTHORED_TOO = new Set(['bin', 'site']);

/**
 * Whether a path whose last part may be a glob (`dist/*.js`, `dbt/target/compiled/x/*.sql`) lies
 * inside a folder only a tool writes: a top-level build output folder, one of OUTPUT_ANYWHERE at
 * any depth, or a nested `target/`/`build/` followed by one of its tools' folders. Deleting files
 * there by a source extension deletes generated code, which the next build writes again.
 */
export function generatedFilesPath(p: string): boolean {
  if (/^(?:\/|~|\$)|[`$]|(?:^|\/)\.\.(?:\/|$)/.test(p)) return false;
  const parts = p
    .replace(/^(?:\.\/)+/, '')
    .split('/')
    .filter(Boolean);
  const dirs = parts.slice(0, -1);
  if (!dirs.length || dirs.some((d) => /[*?[]/.test(d))) return false;
  if (!AUTHORED_TOO.has(dirs[0] ?? '') && buildOutputPath(dirs.join('/'))) return true;
  return dirs.some((d, i) => OUTPUT_ANYWHERE.has(d) || (OUTPUT_CHILD[d]?.test(dirs[i + 1] ?? '') ?? false));
}

/**
 * Removes of an entry from a tool's own local setup or of files a generator made, each named
 * by the tool's reference: `rails destroy model User` (undoes `rails generate`), `dotnet ef
 * migrations remove` (the last migration's source, refused once applied unless --force),
 * `helm repo remove`, `jupyter kernelspec remove`, `docker context rm`, `kubectl config
 * delete-context`, `gh extension remove`, `dvc remove` (a stage file; the data stays cached).
 * Nothing a user keeps is lost: the entry is added back by the command that made it.
 */
const LOCAL_SETUP: Record<string, readonly string[]> = table({
  rails: ['destroy', 'd'],
  'bin/rails': ['destroy', 'd'],
  dotnet: ['ef migrations remove'],
  helm: ['repo remove', 'repo rm', 'plugin uninstall', 'plugin remove', 'plugin rm'],
  jupyter: ['kernelspec remove', 'kernelspec uninstall'],
  docker: ['context rm', 'context remove', 'buildx rm'],
  kubectl: ['config delete-context', 'config delete-cluster', 'config unset'],
  gh: ['extension remove'],
  dvc: ['remove'],
});

/** Whether a destroy verb only removes a local setup entry or generated files (see LOCAL_SETUP). */
export function localSetupRemove(tool: string, path: readonly string[], rest: readonly string[]): boolean {
  const subs = LOCAL_SETUP[tool];
  if (!subs) return false;
  const p = path.map((w) => w.toLowerCase()).join(' ');
  if (!subs.includes(p)) return false;
  // `ef migrations remove --force` reverts the database too; `docker -H`/`--context` elsewhere
  if (rest.some((w) => /^(?:--force|-f)$/.test(w) && tool === 'dotnet')) return false;
  return !rest.some((w) => /^(?:\/|~|\$|\.\.\/)|[`$*?]/.test(w));
}

/**
 * Removes from a package manager's local cache of built packages, which the next install fetches
 * or builds again: Conan 2's `conan remove PATTERN` works on the local cache unless `-r/--remote`
 * names a server (its reference: "Remove recipes and packages from the local cache or a remote"),
 * so a pattern there is a cache cleanup, and with a remote it stays a destroy of shared packages.
 */
export function localCacheRemove(tool: string, path: readonly string[], rest: readonly string[]): boolean {
  if (tool !== 'conan' || !['remove', 'rm'].includes((path[0] ?? '').toLowerCase())) return false;
  return !rest.some((w) => /^(?:-r|--remote)(?:=.*)?$|^-r./.test(w));
}
