// Relative paths after `cd DIR` (or `pushd DIR`) name files under DIR: `cd ~/.svc && rm -rf
// policies` deletes ~/.svc/policies. The per-command readings see the relative path only; this
// reading repeats the reads, writes, deletes and mode changes of every later command under the
// directory, so path rules decide the file really touched (`cd ~/.espressif && cat
// secure_boot_signing_key.pem`, `cd ~/keys && base64 root-ec-p256.pem`). Only directories where
// protected files live are followed (home and the folders in it, a hidden directory, system
// directories): under a project tree a relative path means what it says and the project's rules
// already apply.
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';
import { programEffects } from './programs.js';
import { cdTarget, fileWriterEffects, underDir } from './file-writers.js';

const NPM_ROOT = /^\$\(\s*npm root (?:-g|--global)\s*\)|^`\s*npm root (?:-g|--global)\s*`/;

/** Directories whose relative paths are worth resolving. */
const FOLLOWED =
  /^(?:~|\$\{?HOME\}?)(?:$|\/)|^\/(?:home|Users)\/[^/]+\/?$|^\/(?:home|Users)\/[^/]+\/[^/]+\/?$|\/\.|^\/(?:etc|usr|var|opt|root|Library|System)(?:\/|$)/;

export function cwdPathEffects(l: LineFacts, out: Effect[]): void {
  let cwd: string | undefined;
  for (const c of l.cmds) {
    // `cd $(npm root -g)/PKG`: npm's global package directory (svc's own package lives there)
    let t = cdTarget(c.argv.map((w, i) => (i === 1 ? w.replace(NPM_ROOT, '/usr/local/lib/node_modules') : w)));
    // `cd ~ && cd .svc/audit`: a relative cd moves on from the directory already followed
    if (t === null && cwd !== undefined) {
      const rel = c.argv.slice(1).find((w) => !w.startsWith('-'));
      t = rel === undefined ? null : (underDir(cwd, rel) ?? null);
    }
    if (t !== undefined) {
      cwd = t !== null && FOLLOWED.test(t) ? t : undefined;
      continue;
    }
    if (c.argv[0] === 'popd') cwd = undefined;
    if (cwd === undefined) continue;
    const own: Effect[] = [];
    programEffects(c, own);
    fileWriterEffects(c, cwd, own);
    for (const e of own) {
      if (!e.path || (e.tool !== 'read' && e.tool !== 'write' && e.tool !== 'delete' && e.tool !== 'chmod')) continue;
      const p = underDir(cwd, e.path) ?? (e.path.startsWith(`${cwd}/`) ? e.path : undefined);
      if (p && p !== e.path) out.push({ ...e, path: p, via: `${e.via} (under ${cwd})` });
    }
  }
}
