// The TypeScript sources under a directory, for the tests that hold the code's shape (layering,
// the error family, no non-null assertions).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every .ts file (not .d.ts) under `dir`, recursively. */
export function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...tsFiles(p));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}
