// Finds a command on PATH the way a shell would, without running a shell.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The first executable `bin` in env.PATH, or undefined. */
export function onPath(bin: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, bin);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      /* not here */
    }
  }
  return undefined;
}
