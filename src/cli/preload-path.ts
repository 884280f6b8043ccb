// `svc preload-path`: where the built preload library is, for LD_PRELOAD=$(svc preload-path).
// Also the lookup `svc wrap` uses for the library and the shell shim.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Command } from './args.js';
import { PACKAGE_ROOT } from '../util/version.js';

const help = `usage: svc preload-path

Prints the absolute path of the built preload library (libsvc.so; libsvc.dylib on macOS),
which checks every exec of a process and its children with the running svc server:

  LD_PRELOAD=$(svc preload-path) some-agent

'svc wrap -- CMD...' does this for you and also installs the shell shim. The library is
built by 'npm ci' (node-gyp); exit status 1 when it is missing.`;

const LIBRARY_NAME = process.platform === 'darwin' ? 'libsvc.dylib' : 'libsvc.so';
const BUILD_DIR = join(PACKAGE_ROOT, 'build', 'Release');

function builtFile(name: string): string {
  const file = join(BUILD_DIR, name);
  if (!existsSync(file)) {
    throw new Error(`${name} is not built (expected ${file}); run "npm ci" or "npx node-gyp rebuild" in ${PACKAGE_ROOT}`);
  }
  return file;
}

/** Absolute path of libsvc.so; throws a clear error when it has not been built. */
export function preloadLibraryPath(): string {
  return builtFile(LIBRARY_NAME);
}

/** Absolute path of the svc-shim executable (the SHELL used by `svc wrap`). */
export function shimPath(): string {
  return builtFile('svc-shim');
}

export default {
  help,
  async run(argv: string[]): Promise<number> {
    parse(argv, {}, false);
    process.stdout.write(preloadLibraryPath() + '\n');
    return 0;
  },
} satisfies Command;
