// A tool's configuration file that is code (`hardhat.config.ts`, `vite.config.mjs`,
// `webpack.config.js`, `jest.config.js`, `.eslintrc.cjs`): every run of the tool loads what it
// imports, before any project code. A package it newly imports or requires that no list of
// popular packages holds (`import "hardhat-etherscan-verify-plus"`) is read as the install of
// that package (`installs-unlisted npm NAME`, asked; unlisted.ts): a plugin an agent was steered
// to runs on every build, test or deploy. Relative files, Node's own modules and listed packages
// pass.
import { posix } from 'node:path';
import type { Effect } from './types.js';
import { dependency } from './supply.js';
import { unlisted } from './unlisted.js';

const CONFIG_CODE = /(?:^|\/)[\w-]+\.config\.[cm]?[jt]s$|(?:^|\/)\.(?:eslintrc|babelrc|prettierrc|mocharc)\.[cm]?js$/i;
const IMPORTED = /\bimport\s+(?:[\w*{}\s,$]+\s+from\s+)?["']([^"'\s]+)["']|\brequire\s*\(\s*["']([^"'\s]+)["']\s*\)/g;
const NODE_BUILTIN =
  /^(?:node:.*|fs|path|os|url|util|crypto|child_process|http|https|net|stream|events|assert|buffer|module|process|zlib|readline|worker_threads|perf_hooks|querystring|tty|dns|v8|vm)(?:\/.*)?$/;

/** The package a specifier names: `@scope/name` or `name`, without a subpath. */
function packageOf(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? spec);
}

export function configImportEffects(path: string, content: string): Effect[] {
  const p = path.replace(/\\/g, '/');
  if (!CONFIG_CODE.test(p) || content.length > 128 * 1024) return [];
  const file = posix.basename(p);
  const out: Effect[] = [];
  for (const m of content.matchAll(IMPORTED)) {
    const spec = m[1] ?? m[2] ?? '';
    if (!spec || /^[./~]/.test(spec) || NODE_BUILTIN.test(spec) || /^[a-z]+:/.test(spec)) continue;
    const name = packageOf(spec);
    if (!unlisted('npm', name)) continue;
    out.push(dependency(['installs-unlisted', 'npm', name], `${file} loads ${name} on every run of its tool`));
    if (out.length >= 4) break;
  }
  return out;
}
