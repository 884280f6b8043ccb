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
const VALUE_OPTIONS: Record<string, readonly string[]> = {
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
};

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
