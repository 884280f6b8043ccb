// Where the native parts are: build/Release when compiled here, else the prebuilt set that a
// packed tarball ships in prebuilds/<platform>-<arch>/ (scripts/install.mjs decides which).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from './version.js';

const DIRS = [
  join(PACKAGE_ROOT, 'build', 'Release'),
  join(PACKAGE_ROOT, 'prebuilds', `${process.platform}-${process.arch}`),
];

/** Absolute path of a built native file; throws a clear error naming where it was looked for. */
export function nativeArtifact(name: string): string {
  for (const dir of DIRS) {
    const file = join(dir, name);
    if (existsSync(file)) return file;
  }
  throw new Error(`${name} is not built (looked in ${DIRS.join(' and ')}); run "npm ci" in ${PACKAGE_ROOT}`);
}
