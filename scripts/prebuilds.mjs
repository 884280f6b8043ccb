#!/usr/bin/env node
// `npm pack` step: copy the freshly built native parts to prebuilds/<platform>-<arch>/ so the
// tarball installs without a compiler (scripts/install.mjs uses them when they load).
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = ['svc_native.node', process.platform === 'darwin' ? 'libsvc.dylib' : 'libsvc.so', 'svc-shim', 'svc-hook'];
const out = join(root, 'prebuilds', `${process.platform}-${process.arch}`);
mkdirSync(out, { recursive: true });
for (const f of files) {
  const src = join(root, 'build', 'Release', f);
  if (!existsSync(src)) {
    process.stderr.write(`prebuilds: ${src} is missing; run "npm run build" first\n`);
    process.exit(1);
  }
  copyFileSync(src, join(out, f));
}
process.stdout.write(`prebuilds: ${files.length} files in ${out}\n`);
