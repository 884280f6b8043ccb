// A machine rebuilt, reinstalled or reimaged loses everything on its disks: Hetzner Cloud's
// `hcloud server rebuild` and `POST /v1/servers/{id}/actions/rebuild`, Linode's `linode-cli
// linodes rebuild` and `POST /v4/linode/instances/{id}/rebuild`, DigitalOcean's `doctl compute
// droplet-action rebuild`, Vultr's `instance reinstall` and `POST /v2/instances/{id}/reinstall`,
// OVH's `/dedicated/server/{name}/reinstall`, Azure's `az vm reimage` (each provider's API and CLI
// reference). The verb alone is not enough (`npm rebuild`, a CI's `/builds/12/rebuild` re-run a
// build), so it counts only where a machine is what it acts on: a machine noun before it in the
// subcommand path or the URL. Shared by shell-verbs.ts (any CLI) and url-actions.ts (any URL).

/** Verbs that put a fresh image on a machine's disks. */
export const REBUILD_VERB =
  /^(?:rebuild|reinstall|reimage|re-image|reinitiali[sz]e|reprovision|factory-reset|factory_reset|factoryreset)$/i;

/** Words that name a machine, a group of them, or the product that sells them. */
export const MACHINE_NOUN =
  /^(?:servers?|instances?|droplets?|droplet-actions?|linodes?|linode|vms?|virtual-machines?|virtualmachines|machines?|devices?|hosts?|baremetals?|bare-metal|metal|dedicated|dedicated-servers?|vps|compute|nodes?|vmss)$/i;

/** Whether `verb` rebuilds a machine named by one of the words before it. */
export function rebuildsMachine(before: readonly string[], verb: string): boolean {
  return REBUILD_VERB.test(verb) && before.some((w) => MACHINE_NOUN.test(w));
}
