// `svc preload-path`: where the built preload library is, for LD_PRELOAD=$(svc preload-path).
// Also the lookup `svc wrap` uses for the library and the shell shim, and `--hook` for the
// native hook client.
import { parse, type Command } from './args.js';
import { nativeArtifact } from '../util/artifacts.js';

const help = `usage: svc preload-path [--hook]

Prints the absolute path of the built preload library (libsvc.so; libsvc.dylib on macOS),
which checks every exec of a process and its children with the running svc server:

  LD_PRELOAD=$(svc preload-path) some-agent

'svc wrap -- CMD...' does this for you and also installs the shell shim.

--hook prints the path of svc-hook instead: the native fast path of 'svc hook HOST'. It
forwards the host's JSON over the svc socket to the running server (a few ms instead of
starting Node for each tool call) and prints the same reply. To use it, replace the
'svc hook HOST' command in the host's hook settings by '<path> HOST', e.g.
  $(svc preload-path --hook) claude-code
It finds the socket like the server: SERVICE_SOCKET, else $SERVICE_HOME/svc.sock, else
~/.svc/svc.sock. With the server away it prints the host's fail-open reply itself.

Both are built by 'npm ci' (node-gyp); exit status 1 when the file is missing.`;

const LIBRARY_NAME = process.platform === 'darwin' ? 'libsvc.dylib' : 'libsvc.so';
const builtFile = nativeArtifact;

/** Absolute path of libsvc.so; throws a clear error when it has not been built. */
export function preloadLibraryPath(): string {
  return builtFile(LIBRARY_NAME);
}

/** Absolute path of svc-hook, the native host hook client. */
export function hookClientPath(): string {
  return builtFile('svc-hook');
}

/** Absolute path of the svc-shim executable (the SHELL used by `svc wrap`). */
export function shimPath(): string {
  return builtFile('svc-shim');
}

export default {
  help,
  async run(argv: string[]): Promise<number> {
    const { values } = parse(argv, { hook: { type: 'boolean' } }, false);
    process.stdout.write((values.hook ? hookClientPath() : preloadLibraryPath()) + '\n');
    return 0;
  },
} satisfies Command;
