// Loads the node-addon-api addon built by `npm ci` (node-gyp, binding.gyp at the root).
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from './version.js';

export interface NativeAddon {
  /** flock(LOCK_EX|LOCK_NB) on path; returns the fd, or -errno when the lock is held elsewhere. */
  lockFile(path: string): number;
  /** SO_PEERCRED of a connected Unix socket fd. */
  peerCred?(fd: number): { pid: number; uid: number; gid: number };
}

let cached: NativeAddon | null = null;

export function native(): NativeAddon {
  if (cached) return cached;
  const file = join(PACKAGE_ROOT, 'build', 'Release', 'svc_native.node');
  if (!existsSync(file)) {
    throw new Error(`native addon missing at ${file}: run "npm ci" (or "npx node-gyp rebuild") in ${PACKAGE_ROOT}`);
  }
  cached = createRequire(import.meta.url)(file) as NativeAddon;
  return cached;
}
