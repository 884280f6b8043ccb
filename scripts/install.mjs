#!/usr/bin/env node
// npm's install step. Uses the prebuilt native parts shipped in a packed tarball when they fit
// this machine; otherwise compiles them with node-gyp against the headers of the Node that runs
// the install, so a fresh HOME with only the npm registry reachable still builds (node-gyp's
// default is to download headers, which fails offline). A failed build restores the previous one.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ARTIFACTS = [
  'svc_native.node',
  process.platform === 'darwin' ? 'libsvc.dylib' : 'libsvc.so',
  'svc-shim',
  'svc-hook',
];
const key = `${process.platform}-${process.arch}`;
const prebuilt = join(root, 'prebuilds', key);
const release = join(root, 'build', 'Release');

function say(msg) {
  process.stderr.write(`svc install: ${msg}\n`);
}

/** A prebuilt set fits when every file is there and the addon loads in this Node (N-API 8). */
function prebuiltFits() {
  if (!ARTIFACTS.every((f) => existsSync(join(prebuilt, f)))) return false;
  try {
    createRequire(import.meta.url)(join(prebuilt, 'svc_native.node'));
    return true;
  } catch (err) {
    say(`prebuilt binaries for ${key} do not load here (${err.message.split('\n')[0]}); compiling instead`);
    return false;
  }
}

/** The headers of the running Node: Debian's nodejs and the official tarballs ship them here. */
export function localNodeDir() {
  if (process.env.npm_config_nodedir) return null; // the user chose one; node-gyp reads it (an empty value counts as unset)
  const prefix = resolve(dirname(process.execPath), '..');
  return existsSync(join(prefix, 'include', 'node', 'node.h')) &&
    existsSync(join(prefix, 'include', 'node', 'common.gypi'))
    ? prefix
    : null;
}

function compile() {
  const gyp = join(dirname(createRequire(import.meta.url).resolve('node-gyp/package.json')), 'bin', 'node-gyp.js');
  const args = [gyp, 'rebuild'];
  const nodedir = localNodeDir();
  if (nodedir) args.push(`--nodedir=${nodedir}`);
  else if (!process.env.npm_config_nodedir)
    say('no Node headers next to this node; node-gyp will try to download them');
  const backup = join(root, 'build.previous');
  const hadBuild = ARTIFACTS.every((f) => existsSync(join(release, f)));
  if (hadBuild) {
    rmSync(backup, { recursive: true, force: true });
    renameSync(join(root, 'build'), backup);
  }
  say(`compiling the native parts (node-gyp${nodedir ? `, headers from ${nodedir}` : ''})`);
  // node-gyp also reads npm_config_nodedir from the environment, which would override the flag.
  const env = { ...process.env };
  if (nodedir) env.npm_config_nodedir = nodedir;
  else if (env.npm_config_nodedir === '') delete env.npm_config_nodedir;
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  if (r.status === 0) {
    rmSync(backup, { recursive: true, force: true });
    return 0;
  }
  if (hadBuild) {
    rmSync(join(root, 'build'), { recursive: true, force: true });
    renameSync(backup, join(root, 'build'));
    say('the build failed; the previous build is kept in build/Release');
  } else {
    say('the build failed: svc needs python3, make and a C/C++ compiler (Debian: apt-get install python3 make g++)');
  }
  return r.status ?? 1;
}

/**
 * Parses the shipped profiles once, here, so the server's first start reads them parsed
 * (src/policy/shipped-cache.ts). Optional: without the compiled code (a source checkout before
 * its first build) or on any failure the server parses them itself.
 */
async function shipParsedProfiles() {
  const mod = join(root, 'dist', 'src', 'policy', 'shipped-cache.js');
  if (!existsSync(mod)) return;
  try {
    const { buildShippedCache } = await import(pathToFileURL(mod).href);
    buildShippedCache();
  } catch (err) {
    say(`could not pre-parse the shipped profiles (the server will parse them): ${err.message.split('\n')[0]}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await shipParsedProfiles();
  // `--profiles`: only the parsed profiles, after a compile of the TypeScript (npm's prepare runs
  // after this install step on a git checkout, so the install itself found no compiled parser).
  if (process.argv.includes('--profiles')) process.exit(0);
  if (!process.argv.includes('--compile') && process.env.SVC_FORCE_COMPILE !== '1' && prebuiltFits()) {
    say(`using the prebuilt binaries for ${key}`);
    process.exit(0);
  }
  process.exit(compile());
}
