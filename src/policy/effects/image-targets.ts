// A container image nobody vouches for, run against the organisation's own machines. An image on
// a registry where anyone publishes (Docker Hub under a user, ghcr.io, quay.io ...) under an
// owner no catalogue knows is somebody's code; started with an internal host or a private address
// as its argument (`--target pacs01.hosp.local`, `10.20.0.0/16`, `db.corp:5432`), that code
// reaches inside the network with whatever the command gives it: a migration tool pointed at the
// PACS, a "scanner" pointed at a subnet. Official images (no owner part), owners the catalogues
// know, the organisation's own registries and loopback or the Docker host's bridge are not this.
// Read as `runs-third-party image:REF` (asked).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { dependency } from './supply.js';
import { isKnownOwner, isKnownRegistry } from './supply-data.js';
import { isOrgSourceName } from './org-names.js';
import { isInternalName } from './fetch-readings.js';
import { infraData } from './infra-data.js';

export const IMAGE_TARGET_PROGRAMS = ['docker', 'podman', 'nerdctl', 'finch'] as const;

/** docker/podman run options that take the next word as their value. */
const RUN_VALUE =
  /^(?:-v|--volume|-e|--env|--env-file|-p|--publish|--name|--network|--net|-w|--workdir|-u|--user|--entrypoint|--mount|-l|--label|--platform|--pull|-h|--hostname|--add-host|--dns|--cpus|-m|--memory|--restart|--log-driver|--cap-add|--cap-drop|--device|--security-opt|--ulimit|--shm-size|--tmpfs|--gpus|--ip|--link|--pid|--ipc|--userns|--cidfile|--label-file|--stop-signal|--health-cmd)$/;

/** A private address (RFC 1918) or range, other than the Docker host's default bridge. */
const PRIVATE_ADDRESS =
  /(?:^|[^\d.])(?:10\.\d{1,3}\.\d{1,3}\.\d{1,3}|192\.168\.\d{1,3}\.\d{1,3}|172\.(?:1[6-9]|2\d|3[01])\.\d{1,3}\.\d{1,3})(?:\/\d{1,2})?(?![\d.])/;

/** The internal host or private address an argument names, if any. */
function internalTarget(w: string): string | undefined {
  const ip = PRIVATE_ADDRESS.exec(w)?.[0]?.replace(/^[^\d]/, '');
  if (ip && !/^172\.17\.0\.1(?:\/|$)/.test(ip)) return ip;
  for (const m of w.matchAll(/[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)+/gi)) {
    const h = m[0].toLowerCase();
    if (/^(?:host\.docker\.internal|gateway\.docker\.internal|host\.containers\.internal|localhost)$/.test(h)) continue;
    if (isInternalName(h)) return h;
  }
  return undefined;
}

/** Whether an image is somebody's on an open registry (not official, not a known owner's, not the organisation's). */
function unvouchedImage(ref: string): boolean {
  const parts = ref.split('@')[0]?.split('/') ?? [];
  const first = parts[0] ?? '';
  const registry = parts.length > 1 && (/[.:]/.test(first) || first === 'localhost') ? first.toLowerCase() : undefined;
  const path = registry ? parts.slice(1) : parts;
  if (path.length < 2) return false; // an official image
  if (registry && (isOrgSourceName(registry.replace(/:\d+$/, '')) || !isKnownRegistry(registry.replace(/:\d+$/, ''))))
    return false; // an unknown registry is read by the image-source readings
  const owner = (path[0] ?? '').toLowerCase();
  return !isKnownOwner(owner) && !infraData().imageNamespaces.includes(owner);
}

export function imageTargetEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '');
    const run = a.indexOf('run');
    if (!(IMAGE_TARGET_PROGRAMS as readonly string[]).includes(name) || run < 1 || run > 3) continue;
    let i = run + 1;
    for (; i < a.length; i++) {
      const w = a[i] ?? '';
      if (!w.startsWith('-')) break;
      if (RUN_VALUE.test(w)) i++;
    }
    const image = a[i];
    if (!image || !unvouchedImage(image)) continue;
    const target = a
      .slice(i + 1)
      .map(internalTarget)
      .find((t) => t !== undefined);
    if (target)
      out.push(
        dependency(
          ['runs-third-party', `image:${image}`],
          `${name} runs ${image}, an image of an owner no catalogue knows, against ${target} inside the network`,
        ),
      );
  }
}
