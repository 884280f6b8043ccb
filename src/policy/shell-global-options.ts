// A CLI's global options come before its subcommand: `terraform -chdir=infra output -raw pw`,
// `kubectl --context prod -n pay get secret db -o yaml`, `aws --profile prod secretsmanager
// get-secret-value`, `vault -namespace=admin kv get secret/ci`. The command does what the plain
// subcommand does, so it is also spelled without them (a deny/ask reading): every subcommand rule
// (secret printers, destroys, deploys) then holds whatever global options an agent puts first.
//
// Options that take a value, per tool, from each CLI's own reference (an option not listed is
// read as a flag; one written NAME=VALUE never takes the next word):
//   terraform/tofu  -chdir=DIR (developer.hashicorp.com, Command: terraform, Switching working directory)
//   kubectl/oc      kubectl options: -n/--namespace, --context, --cluster, --user, --kubeconfig,
//                   -s/--server, --token, --as, --as-group, --request-timeout, --certificate-authority
//   helm            helm: -n/--namespace, --kube-context, --kubeconfig, --kube-apiserver, --kube-token,
//                   --registry-config, --repository-config, --repository-cache
//   aws             Command line options: --profile, --region, --endpoint-url, --output, --ca-bundle,
//                   --cli-read-timeout, --cli-connect-timeout, --color
//   gcloud          gcloud global flags: --project, --account, --configuration, --impersonate-service-account,
//                   --verbosity, --billing-project, --format
//   az              az global arguments: --subscription, --output/-o, --query
//   vault/consul/nomad  -address, -namespace/-ns, -token, -ca-cert, -region (Go flags: `-x v` or `-x=v`)
//   gh/glab         -R/--repo
//   docker/podman   -c/--context, -H/--host, --config, -l/--log-level, --connection (podman)
//   argocd          --server, --auth-token, --config, --grpc-web-root-path, --core (flag)
//   doctl           --context, -t/--access-token, -c/--config
//   pnpm            --filter/-F, --filter-prod, -C/--dir, --workspace-concurrency (pnpm.io, Filtering; CLI)
//   npm/yarn        -w/--workspace, --prefix (docs.npmjs.com, config); yarn --cwd
//   uv/poetry       --directory, --project, --cache-dir, --config-file (docs.astral.sh/uv, CLI reference); poetry -C/--directory, -P/--project
//   p4              p4 help usage: -c client, -C charset, -d dir, -H host, -p port, -P password, -u user,
//                   -x file, -z tag, -b batchsize, -r retries, -Q charset, -L language, -E var=value
import { table } from '../util/lookup-table.js';
const VALUE_OPTIONS: Record<string, readonly string[]> = table({
  terraform: ['-chdir'],
  tofu: ['-chdir'],
  kubectl: kube(),
  oc: kube(),
  helm: [
    '-n',
    '--namespace',
    '--kube-context',
    '--kubeconfig',
    '--kube-apiserver',
    '--kube-token',
    '--kube-as-user',
    '--registry-config',
    '--repository-config',
    '--repository-cache',
  ],
  aws: [
    '--profile',
    '--region',
    '--endpoint-url',
    '--output',
    '--ca-bundle',
    '--cli-read-timeout',
    '--cli-connect-timeout',
    '--color',
  ],
  gcloud: [
    '--project',
    '--account',
    '--configuration',
    '--impersonate-service-account',
    '--verbosity',
    '--billing-project',
    '--format',
  ],
  az: ['--subscription', '--output', '-o', '--query'],
  vault: hashicorp(),
  consul: hashicorp(),
  nomad: hashicorp(),
  gh: ['-R', '--repo'],
  glab: ['-R', '--repo'],
  docker: ['-c', '--context', '-H', '--host', '--config', '-l', '--log-level'],
  podman: ['-c', '--connection', '--url', '--identity', '--log-level', '--root', '--runroot'],
  argocd: [
    '--server',
    '--auth-token',
    '--config',
    '--grpc-web-root-path',
    '--kube-context',
    '--port-forward-namespace',
  ],
  doctl: ['--context', '-t', '--access-token', '-c', '--config'],
  pnpm: ['--filter', '-F', '--filter-prod', '-C', '--dir', '--workspace-concurrency'],
  npm: ['-w', '--workspace', '--prefix', '-C'],
  yarn: ['--cwd'],
  uv: ['--directory', '--project', '--cache-dir', '--config-file'],
  poetry: ['-C', '--directory', '-P', '--project'],
  p4: ['-c', '-C', '-d', '-H', '-p', '-P', '-u', '-x', '-z', '-b', '-r', '-Q', '-L', '-E'],
});

function kube(): string[] {
  return [
    '-n',
    '--namespace',
    '--context',
    '--cluster',
    '--user',
    '--kubeconfig',
    '-s',
    '--server',
    '--token',
    '--as',
    '--as-group',
    '--request-timeout',
    '--certificate-authority',
  ];
}

function hashicorp(): string[] {
  const names = ['address', 'namespace', 'ns', 'token', 'ca-cert', 'ca-path', 'region', 'client-cert', 'client-key'];
  return names.flatMap((n) => [`-${n}`, `--${n}`]);
}

/**
 * Compose's own options between `compose` and its verb (docs.docker.com, docker compose:
 * -p/--project-name, -f/--file, --profile, --env-file, --project-directory, --ansi, --progress,
 * --parallel), for `docker compose` and the standalone `docker-compose`.
 */
const COMPOSE_VALUE = [
  '-p',
  '--project-name',
  '-f',
  '--file',
  '--profile',
  '--env-file',
  '--project-directory',
  '--ansi',
  '--progress',
  '--parallel',
];

/** Index of the first word after the options that start at `from`, given the options that take a value. */
function pastOptions(words: readonly string[], from: number, takes: readonly string[]): number {
  let i = from;
  while (i < words.length) {
    const w = words[i] ?? '';
    if (!w.startsWith('-') || w === '-' || w === '--') break;
    const eq = w.indexOf('=');
    i += eq < 0 && takes.includes(eq > 0 ? w.slice(0, eq) : w) ? 2 : 1;
  }
  return i;
}

/**
 * Drops, in place, the global options before a listed tool's subcommand and Compose's options
 * before its verb, so the tables that find the command a tool runs (shell-extract.ts: `kubectl
 * -n prod exec POD -- CMD`, `docker compose -p prod exec api env`) see the verb where they look.
 */
export function dropGlobalOptions(words: string[]): void {
  const tool = (words[0] ?? '').replace(/^.*\//, '');
  const takes = VALUE_OPTIONS[tool];
  if (takes) {
    const i = pastOptions(words, 1, takes);
    if (i > 1 && i < words.length) words.splice(1, i - 1);
  }
  const at =
    tool === 'docker-compose' ? 1 : tool === 'docker' || tool === 'podman' ? (words[1] === 'compose' ? 2 : -1) : -1;
  if (at < 0) return;
  const j = pastOptions(words, at, COMPOSE_VALUE);
  if (j > at && j < words.length) words.splice(at, j - at);
}

/**
 * The command without the global options before its subcommand (program name first, already a
 * base name), or null when the tool is not listed or no option comes before the subcommand.
 */
export function withoutGlobalOptions(words: readonly string[]): string | null {
  const tool = words[0] ?? '';
  const takes = VALUE_OPTIONS[tool];
  if (!takes) return null;
  let i = 1;
  while (i < words.length) {
    const w = words[i] ?? '';
    if (!w.startsWith('-') || w === '-' || w === '--') break;
    const eq = w.indexOf('=');
    const name = eq > 0 ? w.slice(0, eq) : w;
    i += eq < 0 && takes.includes(name) ? 2 : 1;
  }
  if (words[i] === '--') i++;
  if (i === 1 || i >= words.length) return null;
  return [tool, ...words.slice(i)].join(' ');
}
