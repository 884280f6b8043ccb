// scripts/install.mjs, npm's install step: prebuilt binaries that load are used as they are;
// otherwise node-gyp compiles against the running Node's own headers (no download), and a failed
// rebuild keeps the previous build instead of leaving none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/util/version.js';

const ARTIFACTS = ['svc_native.node', 'libsvc.so', 'svc-shim', 'svc-hook'];
const KEY = `${process.platform}-${process.arch}`;

/** A package root with the install script, node_modules linked from ours, and nothing built. */
function fakeRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'svc-install-'));
  cpSync(join(PACKAGE_ROOT, 'scripts'), join(root, 'scripts'), { recursive: true });
  symlinkSync(join(PACKAGE_ROOT, 'node_modules'), join(root, 'node_modules'));
  return root;
}

function install(root: string, args: string[] = []) {
  return spawnSync(process.execPath, [join(root, 'scripts', 'install.mjs'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, npm_config_nodedir: '' },
  });
}

test('prebuilt binaries that load are used without compiling', () => {
  const root = fakeRoot();
  try {
    mkdirSync(join(root, 'prebuilds', KEY), { recursive: true });
    for (const f of ARTIFACTS) copyFileSync(join(PACKAGE_ROOT, 'build', 'Release', f), join(root, 'prebuilds', KEY, f));
    const r = install(root);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /using the prebuilt binaries/);
    assert.equal(existsSync(join(root, 'build')), false, 'nothing was compiled');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a prebuilt set that does not load is not used: the script compiles instead', () => {
  const root = fakeRoot();
  try {
    mkdirSync(join(root, 'prebuilds', KEY), { recursive: true });
    for (const f of ARTIFACTS) writeFileSync(join(root, 'prebuilds', KEY, f), 'not a binary');
    // No binding.gyp in the fake root, so the compile fails: what matters is that it was tried.
    const r = install(root);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /do not load here/);
    assert.match(r.stderr, /compiling the native parts/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("node-gyp gets the running Node's headers, so nothing is downloaded", () => {
  const root = fakeRoot();
  try {
    const prefix = dirname(dirname(process.execPath));
    const headers = existsSync(join(prefix, 'include', 'node', 'node.h'));
    const r = install(root, ['--compile']);
    assert.notEqual(r.status, 0, 'no binding.gyp here, so the build itself fails');
    if (headers) assert.match(r.stderr, new RegExp(`headers from ${prefix.replace(/[/.]/g, '\\$&')}`));
    else assert.match(r.stderr, /no Node headers next to this node/);
    assert.doesNotMatch(r.stderr + r.stdout, /https?:\/\//, 'no download was attempted');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a failed rebuild keeps the previous build', () => {
  const root = fakeRoot();
  try {
    mkdirSync(join(root, 'build', 'Release'), { recursive: true });
    for (const f of ARTIFACTS) writeFileSync(join(root, 'build', 'Release', f), `previous ${f}`);
    const r = install(root, ['--compile']);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /previous build is kept/);
    for (const f of ARTIFACTS) assert.equal(readFileSync(join(root, 'build', 'Release', f), 'utf8'), `previous ${f}`);
    assert.equal(existsSync(join(root, 'build.previous')), false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
