// A cloud or cluster tool's delete aimed at production: `kubectl delete deploy api -n production`,
// `helm uninstall payments --namespace prod`, `gcloud projects delete acme-prod-41923`, `pulumi
// destroy --stack acme/prod`, `eksctl delete cluster --name prod`. Any delete of what such a tool
// manages is asked (the verb reading, shell-verbs.ts); one whose target, namespace, context,
// stack, project or environment is named for production is an outage or a data loss that no
// user wants an agent to start, and is read as
//   `cli-destroy-prod TOOL WORDS`   (denied by the standard profile)
// A production name is a word of its own inside an operand or an option value (`prod`,
// `production`, `prd`, split on `-_./:=@`): `acme-prod-db` is one, `product-images` and
// `reproduce` are not. What holds no data and is made again stays asked: pods (deleting one is how
// a stuck one is restarted), jobs and config maps, one object of a bucket, one image, a log group.
// Sources: the delete, destroy, uninstall and terminate subcommands of each CLI below (kubectl,
// oc, helm, aws, gcloud, az, terraform/tofu/terragrunt, pulumi, cdk, eksctl, doctl, flyctl,
// heroku, vercel, netlify, railway, argocd, nomad, serverless, sam, copilot, eb, firebase,
// supabase, wrangler, hcloud, linode-cli, oci, ibmcloud, scw, mc, rclone, s3cmd, gsutil, azcopy;
// the VM and GPU platforms govc (vSphere), virsh (libvirt), xe (XenServer), qm and pct (Proxmox),
// openstack, modal, sky (SkyPilot), runpodctl; the data platforms hdfs and hadoop (FileSystem
// shell), databricks, confluent, atlas, neonctl, pscale, turso, cf (Cloud Foundry), juju).
// A production service stopped, taken down or scaled to nothing (`modal app stop x-prod`, `heroku
// ps:scale web=0 -a shop-prod`, `sky down prod-serving`, `govc vm.power -off prod-app`) loses no
// data but is an outage: `cli-halt-prod TOOL WORDS` (asked).
import { basename } from '../shell-wrappers.js';
import { verbReadings } from '../shell-verbs.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const PROD_DESTROY_PROGRAMS: readonly string[] = [
  'kubectl',
  'oc',
  'helm',
  'aws',
  'gcloud',
  'gsutil',
  'az',
  'terraform',
  'tofu',
  'terragrunt',
  'pulumi',
  'cdk',
  'cdktf',
  'eksctl',
  'doctl',
  'flyctl',
  'fly',
  'heroku',
  'vercel',
  'netlify',
  'railway',
  'argocd',
  'nomad',
  'serverless',
  'sls',
  'sam',
  'copilot',
  'eb',
  'firebase',
  'supabase',
  'wrangler',
  'hcloud',
  'linode-cli',
  'oci',
  'ibmcloud',
  'scw',
  'mc',
  'rclone',
  's3cmd',
  'azcopy',
  'govc',
  'virsh',
  'xe',
  'qm',
  'pct',
  'openstack',
  'modal',
  'sky',
  'runpodctl',
  'hdfs',
  'hadoop',
  'databricks',
  'confluent',
  'atlas',
  'neonctl',
  'pscale',
  'turso',
  'cf',
  'juju',
];

/** Verbs that stop or take down what a tool runs, without deleting it. */
const HALT = new Set(['stop', 'down', 'shutdown', 'halt', 'poweroff', 'suspend', 'undeploy', 'scale-down']);

/**
 * The halt a command's first positional words name: `app stop`, `vm.power -off`, `ps:scale web=0`,
 * `scale count 0`, `scale --replicas=0`; or null.
 */
function haltVerb(words: string[]): string | null {
  const pos = words.slice(1).filter((w) => !w.startsWith('-'));
  for (const w of pos.slice(0, 3)) {
    const verb = (w.toLowerCase().split(/[.:]/).pop() ?? '').toLowerCase();
    if (HALT.has(verb)) return verb;
    // Heroku's maintenance mode: every request to the app gets the maintenance page (Heroku CLI
    // reference, maintenance:on), the outage a stop would be
    if (w.toLowerCase() === 'maintenance:on') return 'maintenance:on';
    // verb-noun: aws ec2 stop-instances, aws rds stop-db-instance
    const head = verb.split('-')[0] ?? '';
    if (verb.includes('-') && HALT.has(head)) return verb;
    if (verb === 'power' && words.includes('-off')) return 'power -off';
    if (verb === 'scale') {
      const rest = words.slice(words.indexOf(w) + 1);
      if (rest.some((r) => /^(?:\w+=0|0|--replicas=0|--count=0|--instances=0|--min=0)$/.test(r))) return 'scale to 0';
    }
  }
  return null;
}

/** A line that names production somewhere: the cheap test before any word is read. */
const PROD_HINT = /prod|prd/i;
/** A production name as a word of its own inside an operand or an option value. */
const PROD_PART = /^(?:prod|production|prd)$/i;

function namesProduction(word: string): boolean {
  return word.split(/[-_./:=@,]+/).some((p) => PROD_PART.test(p));
}

/**
 * Tools whose stack, environment or workspace is the directory they run in (Terraform and
 * OpenTofu root modules, Terragrunt units, Pulumi and CDK projects, Serverless/SAM services):
 * `cd envs/prod && terraform destroy` is aimed at production as `terraform -chdir=envs/prod
 * destroy` is, and a CI job's script or a planted script that changes into the directory first
 * names it the same way.
 */
const DIRECTORY_SCOPED = new Set([
  'terraform',
  'tofu',
  'terragrunt',
  'pulumi',
  'cdk',
  'cdktf',
  'serverless',
  'sls',
  'sam',
]);

export function prodDestroyEffects(line: LineView, out: Effect[]): void {
  if (!PROD_HINT.test(line.text)) return;
  // the directory the line has moved to (`cd DIR`, `pushd DIR`, undone by `popd`), in order
  let dir: string | undefined;
  for (const c of line.cmds) {
    const tool = basename(c.argv[0] ?? '').toLowerCase();
    if (tool === 'cd' || tool === 'pushd') {
      dir = c.argv.slice(1).find((w) => !w.startsWith('-'));
      continue;
    }
    if (tool === 'popd') dir = undefined;
    if (!PROD_DESTROY_PROGRAMS.includes(tool)) continue;
    const words = [tool, ...c.argv.slice(1)];
    const named =
      words.find(namesProduction) ??
      c.assigns.find((a) => namesProduction(a.value))?.value ??
      (dir !== undefined && DIRECTORY_SCOPED.has(tool) && namesProduction(dir) ? dir : undefined);
    if (named === undefined) continue;
    const readings = verbReadings(words);
    const destroy = readings.find((r) => r.kind === 'destroy' || r.kind === 'destroy-all');
    const halt = destroy ? null : haltVerb(words);
    if (halt && !readings.some((r) => r.kind === 'readonly')) {
      out.push({
        tool: 'exec',
        command: `cli-halt-prod ${words.join(' ')}`,
        via: `${tool} ${halt} aimed at production (${named}): what it serves goes down`,
      });
      continue;
    }
    if (
      !destroy ||
      leafItem(
        words,
        readings.some((r) => r.kind === 'destroy-all'),
      )
    )
      continue;
    out.push({
      tool: 'exec',
      command: destroy.text.replace(/^cli-destroy(?:-all)? /, 'cli-destroy-prod '),
      via: `${tool} ${destroy.from.split(' ')[0] ?? 'delete'} aimed at production (${named})`,
    });
  }
}

/** Cluster objects that hold no data and that their controllers or the next run make again. */
const LEAF_KINDS = /^(?:po|pods?|jobs?|cm|configmaps?|ev|events?|rs|replicasets?|leases?|ep|endpoints?)(?:\/|$)/;
/** Object stores' single-object removes, told from recursive ones by their flags. */
const OBJECT_RM = /^(?:aws s3 rm|gsutil rm|gcloud storage rm|mc rm|s3cmd del|s3cmd rm|rclone deletefile)\b/;
/**
 * Verb-noun subcommands that remove one image or one log stream (`batch-delete-image`,
 * `delete-log-group`), or one keyed record: SQS `delete-message[-batch]` acknowledges messages
 * already received (how every consumer finishes one; the queue keeps the rest), DynamoDB
 * `delete-item` one item by its key, S3 API `delete-object` one object (AWS CLI reference).
 */
const LEAF_SUBCOMMAND = /^(?:batch-)?delete-(?:image|images|log-group|log-stream|message|message-batch|item|object)$/;

/**
 * A production delete of something that holds no data and is made again: named pods, jobs,
 * config maps (their controllers and the next deploy recreate them), one object of a bucket, one
 * image, one log group. It stays asked; everything a listing or --all returns does not count.
 */
function leafItem(words: string[], all: boolean): boolean {
  if (all) return false;
  const tool = words[0] ?? '';
  const positional = words.slice(1).filter((w) => !w.startsWith('-'));
  if (tool === 'kubectl' || tool === 'oc') {
    const i = words.indexOf('delete');
    const kind = i < 0 ? undefined : words.slice(i + 1).find((w) => !w.startsWith('-'));
    return kind !== undefined && LEAF_KINDS.test(kind);
  }
  if (OBJECT_RM.test(words.join(' ')))
    return !words.some((w) => /^(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive|--force)$/.test(w));
  return positional.slice(0, 3).some((w) => LEAF_SUBCOMMAND.test(w));
}
