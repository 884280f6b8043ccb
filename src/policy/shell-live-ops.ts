// What puts a change live when its verb is not one of the plain live verbs (update, deploy,
// release, restart ...), for the production-change reading of any tool (prodChangeReading,
// shell-verbs.ts). Three shapes the plain verbs miss:
//  - an operation named verb-noun, as the cloud CLIs generated from service models name them: a
//    starting verb and a deploying noun (`aws apigateway create-deployment`, `aws appconfig
//    start-deployment`, `aws codepipeline start-pipeline-execution`, `gcloud ... rolling-action
//    start-update`, `az ... create-release`): the operation is the deploy;
//  - verbs that switch what users are served without saying deploy: `activate` (Akamai property
//    activation, Fastly service versions), `swap` (slots, blue/green), `converge` (werf, a
//    cluster brought to the release's state), `cutover`, a rolling `replace`, and a feature flag
//    turned on or off (`az appconfig feature enable`, `flags toggle`, `features disable`);
//  - the cloud modules' PowerShell cmdlets, whose verb is the cmdlet's own (`Switch-AzWebAppSlot`,
//    `Update-ECSService`, `Publish-AzWebApp`, `Set-GceInstance`): the verb comes from the name and
//    the target from the parameters (`-DestinationSlotName production`, `-Cluster prod`).
// Sources: the AWS CLI command reference (operation names are the service API's, kebab-cased),
// gcloud reference (compute instance-groups managed rolling-action), az CLI reference (appconfig
// feature, webapp deployment slot), Akamai CLI property-manager, werf converge, the AWS Tools for
// PowerShell cmdlet reference (service prefixes: EC2, ECS, S3, LM for Lambda, CFN for
// CloudFormation, R53 for Route 53, CD for CodeDeploy, CP for CodePipeline, AG for API Gateway,
// EB for Elastic Beanstalk, APPC for AppConfig ...), Az PowerShell and Google Cloud Tools for
// PowerShell (Gce*, Gcs*, GcSql*) references.

/** Verbs that start an operation: with a deploying noun the operation is the deploy. */
const STARTERS = new Set(['create', 'start', 'trigger', 'run', 'execute', 'begin', 'schedule', 'submit', 'invoke']);
/** Nouns whose creation or start puts a build live (`create-deployment`, `start-instance-refresh`). */
const SHIP_NOUNS = new Set(['deployment', 'deployments', 'rollout', 'release', 'promotion', 'cutover', 'refresh']);
/** Words that switch what users are served, whatever the tool. */
const SWITCHING = new Set(['activate', 'swap', 'converge', 'cutover', 'replace', 'rolling-update', 'start-update']);
/** The nouns of feature-flag tools, before the verb that turns a flag on or off. */
const FLAG_NOUN = /^(?:features?|flags?|feature-?flags?|toggles?|switches?|experiments?)$/;
const FLAG_VERB = /^(?:enable|disable|on|off|toggle|toggle-on|toggle-off|turn-on|turn-off|flip|kill|rollout)$/;

/** Whether a subcommand word (lower-cased) puts a change live; `prev` is the word before it. */
/**
 * What `activate` picks when it is this machine's own: an environment, a shell, a profile, a
 * local configuration (`conda activate prod`, `gcloud config configurations activate prod`).
 * `activate` as the first word is an environment manager's; deeper it is a service's.
 */
const LOCAL_PICK =
  /^(?:configurations?|config|envs?|environments?|venvs?|virtualenvs?|profiles?|accounts?|contexts?|shells?|workspaces?|toolchains?)$/;

export function liveOperation(word: string, prev: string): boolean {
  if (word === 'activate') return prev !== '' && !LOCAL_PICK.test(prev);
  if (SWITCHING.has(word)) return true;
  if (FLAG_VERB.test(word) && FLAG_NOUN.test(prev)) return true;
  const parts = word.split(/[-_]/);
  if (parts.length < 2) return false;
  const head = parts[0] ?? '';
  const last = parts[parts.length - 1] ?? '';
  if (!STARTERS.has(head)) return false;
  // `start-pipeline-execution`: a pipeline run is the release it carries
  return SHIP_NOUNS.has(last) || (last === 'execution' && parts.includes('pipeline'));
}

/** Subcommand trees deeper than four words (`gcloud compute instance-groups managed rolling-action restart`). */
const DEEP_CLIS = new Set(['gcloud', 'az', 'oci', 'ibmcloud', 'aliyun', 'yc']);
export function pathDepth(tool: string, plain: number): number {
  return DEEP_CLIS.has(tool) ? plain + 2 : plain;
}

/**
 * The nouns of cloud modules' cmdlets, lower-cased as the shell reading hands them over: AWS Tools
 * for PowerShell's service prefixes (cmdlet reference) before the noun's own name, and the Az,
 * AzureRM and Google Cloud Tools for PowerShell nouns.
 */
const CLOUD_NOUN =
  /^(?:(?:ec2|ecs|eks|ecr|s3|lm|cfn|r53|iam|ddb|rds|as|elb2?|cf|ssm|sns|sqs|kms|cd|cp|cb|ag2?|eb|appc|sec|cwl|sfn|efs)[a-z]{3,}|(?:az|azurerm|gce|gcs|gcsql|gcdns|gke)[a-z]{2,})$/;
/** Nouns that pick the session's account, region or subscription: a switch of this shell, not of a service. */
const SESSION_NOUN = /(?:context|subscription|default\w*|credentials?|region|profile|account|config(?:uration)?s?)$/;
/** Cmdlet verbs that change what a cloud service runs or serves. */
const CMDLET_LIVE = new Set([
  'update',
  'set',
  'publish',
  'switch',
  'start',
  'restart',
  'invoke',
  'deploy',
  'enable',
  'disable',
  'submit',
  'push',
  'write',
  'edit',
  'register',
  'sync',
]);

/**
 * Whether a cloud module's cmdlet (`Switch-AzWebAppSlot`, `Update-ECSService`) changes what the
 * service runs: its verb is one that changes, or it creates a deployment (`New-CDDeployment`,
 * `New-AzResourceGroupDeployment`). The target (production named among the parameters) is the
 * caller's to check.
 */
export function cloudCmdletChanges(name: string): boolean {
  const m = /^([a-z]+)-([a-z0-9]+)$/.exec(name.toLowerCase());
  if (!m) return false;
  const verb = m[1] ?? '';
  const noun = m[2] ?? '';
  if (!CLOUD_NOUN.test(noun) || SESSION_NOUN.test(noun)) return false;
  if (CMDLET_LIVE.has(verb)) return true;
  return verb === 'new' && /deployment$/.test(noun);
}

/**
 * A cloud resource pulled off the machine or network that uses it: a volume or disk detached
 * (with --force the cloud does not wait for the guest to let go: "can lead to data loss or a
 * corrupted file system", aws ec2 detach-volume), a gateway detached from a network (every host
 * behind it loses its way out), a public address or a floating IP taken off a server, a load
 * balancer's targets deregistered (the service stops answering). Read for the cloud CLIs only:
 * `tmux detach` or `hdiutil detach` unmount nothing remote. Permission detaches (`detach-role-policy`)
 * and an ISO taken out of a virtual drive (`hcloud server detach-iso`) take nothing down.
 * Sources: the AWS CLI ec2 (detach-volume, detach-internet-gateway, detach-vpn-gateway,
 * detach-network-interface, disassociate-address), elbv2 deregister-targets and autoscaling
 * detach-instances references; gcloud compute instances detach-disk; az vm disk detach; doctl
 * compute volume-action detach and floating-ip-action unassign; hcloud volume detach and
 * floating-ip unassign.
 */
const CLOUD_CLIS = new Set([
  'aws',
  'gcloud',
  'az',
  'oci',
  'doctl',
  'hcloud',
  'scw',
  'linode-cli',
  'ibmcloud',
  'aliyun',
  'exo',
  'vultr-cli',
  'openstack',
  'yc',
]);
const DETACH = /^(?:detach|disassociate|deregister|unassign|dismount)$/;
const ATTACHED =
  /^(?:volumes?|disks?|gateway|interface|address(?:es)?|ip|ips|instances?|targets?|balancers?|nic|nics)$/;

export function detachReading(words: readonly string[]): { text: string; from: string } | null {
  const tool = (words[0] ?? '').toLowerCase();
  if (!CLOUD_CLIS.has(tool)) return null;
  const path: string[] = [];
  for (let i = 1; i < words.length && path.length < 6; i++) {
    const w = (words[i] ?? '').toLowerCase();
    if (w.startsWith('-')) {
      // an option's value is not a subcommand word
      if (!w.includes('=') && !/^-[a-z]$/.test(w) && i + 1 < words.length && !(words[i + 1] ?? '-').startsWith('-'))
        i++;
      continue;
    }
    if (!/^[a-z][a-z0-9-]*$/.test(w)) break;
    path.push(w);
    const parts = w.split('-');
    const verb = parts.findIndex((p) => DETACH.test(p));
    if (verb < 0) continue;
    if (/polic(?:y|ies)$|role$|iso$/.test(w)) return null;
    const nouns = [...parts.slice(verb + 1), ...path.slice(0, -1).flatMap((p) => p.split('-'))];
    if (!nouns.some((n) => ATTACHED.test(n))) return null;
    return { text: `cli-destroy ${words.join(' ')}`, from: `${w} (${tool}): a resource pulled off what uses it` };
  }
  return null;
}
