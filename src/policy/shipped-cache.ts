// Parsed forms of the shipped profiles, made once when svc is installed (scripts/install.mjs) and
// read by the server on a data-dir cache miss (src/policy/parse-cache.ts), so that the first
// start after an install or upgrade does not parse the 200 KB standard profile: on a cold process
// that parse is a third of the first start's CPU. The entries are keyed exactly as the data-dir
// cache's, by this parser build and the file's path and text, so a later build, an edited
// profile or a moved package never reads them.
import { mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../util/version.js';
import { PROFILES, shippedPolicy } from './config-path.js';
import { parsePolicyText } from './parse.js';
import { PolicyParseCache } from './parse-cache.js';

/** Where the install step writes the entries (beside the compiled code, as trusted as it). */
export const SHIPPED_POLICY_CACHE = join(PACKAGE_ROOT, 'dist', 'policy-cache');

/**
 * Parses every shipped profile into dir (readable by any user: a service user reads them too), and
 * removes the entries of earlier builds, which no build reads again (their key names that build).
 */
export function buildShippedCache(dir = SHIPPED_POLICY_CACHE): string[] {
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  const written: string[] = [];
  for (const name of PROFILES) {
    const file = shippedPolicy(name);
    const text = readFileSync(file, 'utf8');
    const e = PolicyParseCache.entry(file, text, parsePolicyText(text, file));
    if (!e) continue;
    const final = join(dir, e.name);
    const tmp = `${final}.${process.pid}.tmp`;
    writeFileSync(tmp, e.json, { mode: 0o644 });
    renameSync(tmp, final);
    written.push(final);
  }
  const keep = new Set(written.map((f) => f.slice(dir.length + 1)));
  for (const name of readdirSync(dir)) if (name.endsWith('.json') && !keep.has(name)) unlinkSync(join(dir, name));
  return written;
}
