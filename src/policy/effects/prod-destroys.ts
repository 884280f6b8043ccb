// A cloud or cluster tool's delete aimed at production: `kubectl delete deploy api -n production`,
// `helm uninstall payments --namespace prod`, `gcloud projects delete acme-prod-41923`, `pulumi
// destroy --stack acme/prod`, `eksctl delete cluster --name prod`. Any delete of what such a tool
// manages is asked (the verb reading, shell-verbs.ts); one whose target, namespace, context,
// stack, project or environment is named for production is an outage or a data loss that no
// user wants an agent to start, and is read as
//   `cli-destroy-prod TOOL WORDS`   (denied by the standard profile)
// A production name is a word of its own inside an operand or an option value (`prod`,
// `production`, `prd`, split on `-_./:=@`): `acme-prod-db` is one, `product-images` and
// `reproduce` are not. Deleting a named pod is how a stuck one is restarted (its controller
// makes it again) and stays asked.
// Sources: the delete, destroy, uninstall and terminate subcommands of each CLI below (kubectl,
// oc, helm, aws, gcloud, az, terraform/tofu/terragrunt, pulumi, cdk, eksctl, doctl, flyctl,
// heroku, vercel, netlify, railway, argocd, nomad, serverless, sam, copilot, eb, firebase,
// supabase, wrangler, hcloud, linode-cli, oci, ibmcloud, scw, mc, rclone, s3cmd, gsutil, azcopy).
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
];

/** A line that names production somewhere: the cheap test before any word is read. */
const PROD_HINT = /prod|prd/i;
/** A production name as a word of its own inside an operand or an option value. */
const PROD_PART = /^(?:prod|production|prd)$/i;

function namesProduction(word: string): boolean {
  return word.split(/[-_./:=@,]+/).some((p) => PROD_PART.test(p));
}

export function prodDestroyEffects(line: LineView, out: Effect[]): void {
  if (!PROD_HINT.test(line.text)) return;
  for (const c of line.cmds) {
    const tool = basename(c.argv[0] ?? '').toLowerCase();
    if (!PROD_DESTROY_PROGRAMS.includes(tool)) continue;
    const words = [tool, ...c.argv.slice(1)];
    const named = words.find(namesProduction) ?? c.assigns.find((a) => namesProduction(a.value))?.value;
    if (named === undefined) continue;
    const destroy = verbReadings(words).find((r) => r.kind === 'destroy' || r.kind === 'destroy-all');
    if (!destroy || namedPods(words)) continue;
    out.push({
      tool: 'exec',
      command: destroy.text.replace(/^cli-destroy(?:-all)? /, 'cli-destroy-prod '),
      via: `${tool} ${destroy.from.split(' ')[0] ?? 'delete'} aimed at production (${named})`,
    });
  }
}

/** `kubectl delete pod NAME...` (no --all, no selector): the controller starts them again. */
function namedPods(words: string[]): boolean {
  if (words[0] !== 'kubectl' && words[0] !== 'oc') return false;
  const i = words.indexOf('delete');
  const kind = words.slice(i + 1).find((w) => !w.startsWith('-'));
  if (i < 0 || !kind || !/^(?:po|pod|pods)(?:\/|$)/.test(kind)) return false;
  return !words.some((w) => /^(?:--all|-A|--all-namespaces|-l|--selector|--field-selector)(?:=|$)/.test(w));
}
