// Deploys written as code against the libraries that drive the same tools the CLI readings know,
// read as the command they amount to so the deploy policies decide them as they decide the CLI:
//  - the Kubernetes clients (Python `kubernetes`, Node `@kubernetes/client-node`): a create,
//    replace or patch of a namespaced workload is `kubectl apply` in that namespace, a scale is
//    `kubectl scale --replicas=N` (zero takes the workload down), with the context the code loads
//    (`config.load_kube_config(context='prod')`, `kc.setCurrentContext('prod')`);
//  - Pulumi's Automation API (Python `pulumi.automation`, Node `@pulumi/pulumi/automation`): a
//    stack's `up()` is `pulumi up --stack NAME --yes`, its `destroy()` `pulumi destroy --stack NAME
//    --yes`; `preview()` and `refresh()` change nothing;
//  - CDK for Terraform and Terraform wrappers called from Python (python-terraform's
//    `Terraform(...).apply(skip_plan=True)`, `tf.apply(auto_approve=True)`): `terraform apply -auto-approve`.
// A context or namespace named as local (kind-*, minikube, dev) is read into the command, where
// the ship catalogue's local targets leave it alone.
// Sources: kubernetes-client/python AppsV1Api and CoreV1Api references (create_/replace_/patch_
// namespaced_*, *_scale), @kubernetes/client-node AppsV1Api, Pulumi Automation API docs
// (select_stack, create_or_select_stack, Stack.up/destroy/preview), python-terraform README.
import type { Effect } from '../types.js';
import { argValue, callArgs, splitArgs } from './literals.js';

/** `create_namespaced_deployment(` / `patchNamespacedDeploymentScale(`: the verb, the kind, whether it scales. */
const K8S_CALL =
  /\b(create|replace|patch)_namespaced_([a-z_]+?)(_scale)?\s*\(|\b(create|replace|patch)Namespaced([A-Z]\w*?)(Scale)?\s*\(/g;
/** The context the code loads its configuration with. */
const K8S_CONTEXT =
  /\b(?:load_kube_config|new_client_from_config)\s*\([^)]*?\bcontext\s*=\s*(['"])([\w.:@/-]+)\1|\bsetCurrentContext\s*\(\s*(['"])([\w.:@/-]+)\3/;
/** Workload kinds whose change is a rollout (not a ConfigMap read by nothing, a Role, an Event). */
const WORKLOAD = /^(?:deployment|stateful_set|daemon_set|replica_set|cron_job|job|service|ingress|config_map|secret)$/;

function snake(kind: string): string {
  return kind.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** The replica count a scale call sets (`{'spec': {'replicas': 0}}`, `{spec: {replicas: 0}}`). */
function replicas(args: string): string | undefined {
  return /["']?replicas["']?\s*:\s*(\d+)/.exec(args)?.[1];
}

function kubeEffects(code: string, via: string): Effect[] {
  if (!/\bkubernetes\b|@kubernetes\/client-node/.test(code)) return [];
  const out: Effect[] = [];
  const ctx = K8S_CONTEXT.exec(code);
  const context = ctx ? ` --context ${ctx[2] ?? ctx[4]}` : '';
  K8S_CALL.lastIndex = 0;
  for (let m = K8S_CALL.exec(code); m && out.length < 4; m = K8S_CALL.exec(code)) {
    const verb = m[1] ?? m[4] ?? '';
    const kind = m[2] ?? snake(m[5] ?? '');
    const scale = !!(m[3] ?? m[6]);
    if (!WORKLOAD.test(kind)) continue;
    const args = splitArgs(callArgs(code, m.index + m[0].length - 1));
    // Python: (name, namespace, body) for replace/patch, (namespace, body) for create
    const name = verb === 'create' ? undefined : argValue(args[0] ?? '');
    const ns = argValue(args[verb === 'create' ? 0 : 1] ?? '');
    const nsOpt = ns ? ` -n ${ns.replace(/[^\w.-]/g, '_')}` : '';
    const kubeKind = kind.replace(/_/g, '');
    const target = name ? `${kubeKind}/${name.replace(/[^\w.-]/g, '_')}` : kubeKind;
    const n = scale ? replicas(args.slice(2).join(',') || args.join(',')) : undefined;
    const command = scale
      ? `kubectl scale ${target}${nsOpt}${context} --replicas=${n ?? 'N'}`
      : `kubectl apply -f ${kubeKind}.yaml${nsOpt}${context}`;
    out.push({
      tool: 'exec',
      command,
      via: `${via} ${verb === 'patch' ? 'patches' : verb + 's'} ${target} through the Kubernetes client (as \`${command}\`)`,
    });
  }
  return out;
}

/** A stack selected or created by name through Pulumi's Automation API. */
const PULUMI_STACK =
  /\b(?:select_stack|create_or_select_stack|create_stack|selectStack|createOrSelectStack|createStack)\s*\(\s*(?:stack_name\s*=\s*|\{\s*stackName\s*:\s*)?(['"])([\w./-]+)\1/;
/** The stack's changing operations (`stack.up(...)`, `.destroy(`), not `preview` or `refresh`. */
const PULUMI_OP = /\.\s*(up|destroy)\s*\(/g;

function pulumiEffects(code: string, via: string): Effect[] {
  if (!/pulumi[./]automation|@pulumi\/pulumi\/automation|LocalWorkspace/.test(code)) return [];
  const stack = PULUMI_STACK.exec(code)?.[2];
  const out: Effect[] = [];
  const seen = new Set<string>();
  for (const m of code.matchAll(PULUMI_OP)) {
    const op = m[1] ?? '';
    if (seen.has(op)) continue;
    seen.add(op);
    const command = `pulumi ${op}${stack ? ` --stack ${stack}` : ''} --yes`;
    out.push({ tool: 'exec', command, via: `${via} runs the stack's ${op} (as \`${command}\`)` });
  }
  return out;
}

/** python-terraform's apply, told to skip its plan or approve itself. */
const TF_APPLY = /\.\s*(apply|destroy)\s*\(([^()]*)\)/g;

function terraformEffects(code: string, via: string): Effect[] {
  if (!/python_terraform|from terraform import|import terraform\b/.test(code)) return [];
  const out: Effect[] = [];
  for (const m of code.matchAll(TF_APPLY)) {
    const command = `terraform ${m[1]} -auto-approve`;
    out.push({ tool: 'exec', command, via: `${via} runs terraform ${m[1]} (as \`${command}\`)` });
    break;
  }
  return out;
}

/** The CLI commands a program's cluster and stack library calls amount to. */
export function clusterClientEffects(code: string, via: string): Effect[] {
  if (!/kube|pulumi|terraform|LocalWorkspace/.test(code)) return [];
  return [...kubeEffects(code, via), ...pulumiEffects(code, via), ...terraformEffects(code, via)];
}
