// A cluster's administrator credentials fetched, whatever cloud's CLI fetches them:
//  - a kubeconfig or credentials request with `--admin` (`az aks get-credentials --admin`,
//    `az arcappliance get-credentials --admin`, any vendor's `... kubeconfig --admin`): the
//    cluster-admin certificate that bypasses the cluster's own sign-in and RBAC
//    (learn.microsoft.com, az aks get-credentials: "--admin: get cluster administrator
//    credentials");
//  - Talos's `talosctl kubeconfig`, which only ever hands out the admin kubeconfig (talos.dev,
//    talosctl kubeconfig: "Download the admin kubeconfig from the node");
//  - a hosted cluster's kubeconfig printed to the conversation (`doctl kubernetes cluster
//    kubeconfig show`, `linode-cli lke kubeconfig-view`, `scw k8s kubeconfig get`, `civo
//    kubernetes config`): the token or client key inside is a standing login. Saved to a file
//    (`> ~/.kube/prod.yaml`, `--save`) it is how a cluster is set up; a local throwaway
//    cluster's (`kind get kubeconfig`, `k3d kubeconfig get`, minikube) holds nothing to steal.
// Each reads as `exposes-secret admin-kubeconfig ...`, which the secret-exposure rule denies.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';

export const CLUSTER_ADMIN_HINT = /--admin\b|kubeconfig|\bcivo\b/;

/** Subcommand words that ask for a cluster's credentials or kubeconfig. */
const CREDENTIAL_WORD =
  /^(?:get-credentials|credentials|kubeconfig|get-kubeconfig|kubeconfig-view|kubeconfig-get|config)$/;
/** Local throwaway clusters: their kubeconfig opens a cluster on this machine. */
const LOCAL_CLUSTERS = new Set(['kind', 'k3d', 'minikube', 'microk8s', 'k0s', 'kubectl', 'oc']);

function positionals(argv: string[]): string[] {
  return argv.slice(1).filter((w) => !w.startsWith('-'));
}

export function clusterAdminEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (LOCAL_CLUSTERS.has(name)) continue;
    const pos = positionals(c.argv);
    const asksCredentials = pos.some((w) => CREDENTIAL_WORD.test(w));
    if (asksCredentials && c.argv.some((w) => w === '--admin' || w === '--admin=true')) {
      out.push({
        tool: 'exec',
        command: `exposes-secret admin-kubeconfig ${name}`,
        via: `${name} fetches the cluster's administrator credentials (--admin)`,
      });
      continue;
    }
    if (name === 'talosctl' && pos[0] === 'kubeconfig') {
      out.push({
        tool: 'exec',
        command: 'exposes-secret admin-kubeconfig talosctl',
        via: 'talosctl kubeconfig fetches the cluster admin kubeconfig',
      });
      continue;
    }
    // a kubeconfig printed: `... kubeconfig show|view|get`, `kubeconfig-view`, `civo kubernetes config NAME`
    const k = pos.findIndex((w) => /^kubeconfig(?:-view|-get)?$/.test(w));
    const prints =
      (k >= 0 && (/-(?:view|get)$/.test(pos[k] ?? '') || /^(?:show|view|get|print)$/.test(pos[k + 1] ?? ''))) ||
      (name === 'civo' && pos[0] === 'kubernetes' && pos[1] === 'config');
    if (!prints || c.argv.some((w) => /^--(?:save|merge|output-file|file)\b/.test(w))) continue;
    const toFile = c.redirs.some(
      (r) => r.op.startsWith('>') && (r.fd === '' || r.fd === '1') && r.target !== '/dev/stdout',
    );
    if (toFile || c.pipedInto) continue;
    out.push({
      tool: 'exec',
      command: `exposes-secret admin-kubeconfig ${name} print`,
      via: `${name} prints a hosted cluster's kubeconfig, with its token, into the conversation`,
    });
  }
}
