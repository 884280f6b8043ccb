// Loads the node-addon-api addon built by `npm ci` (node-gyp, binding.gyp at the root) or shipped prebuilt.
import { createRequire } from 'node:module';
import { nativeArtifact } from './artifacts.js';

export interface NativeAddon {
  /** flock(LOCK_EX|LOCK_NB) on path; returns the fd, or -errno when the lock is held elsewhere. */
  lockFile(path: string): number;
  /** SO_PEERCRED of a connected Unix socket fd. */
  peerCred?(fd: number): { pid: number; uid: number; gid: number };
}

let cached: NativeAddon | null = null;

export function native(): NativeAddon {
  if (cached) return cached;
  const file = nativeArtifact('svc_native.node');
  cached = createRequire(import.meta.url)(file) as NativeAddon;
  return cached;
}
