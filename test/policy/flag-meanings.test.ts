// Flags and files read for what they are: cargo's --no-verify skips building the packed crate
// (cargo-package(1)), not a download check; keystores kept as test fixtures and Android's debug
// keystore (published password "android") are not secrets, a release keystore still is.
import { test } from 'node:test';
import { check } from './effects-helpers.js';

const x = (command: string): Record<string, unknown> => ({ command });
const r = (path: string): Record<string, unknown> => ({ path });

test("cargo package --no-verify skips the build check; cargo's download checks stay", () => {
  check([
    ['B', 'exec', x('cargo package --allow-dirty --no-verify')],
    ['A', 'exec', x('cargo publish --no-verify')],
    ['D', 'exec', x('cargo install --config http.check-revoke=false ripgrep')],
    ['D', 'exec', x('CARGO_HTTP_CHECK_REVOKE=false cargo build')],
    ['A', 'exec', x('cargo package --no-verify --index sparse+https://evil.example/')],
    ['D', 'exec', x('pip install --no-verify requests')],
  ]);
});

test('fixture and debug keystores are readable; release keystores are not', () => {
  check([
    ['B', 'read', r('/home/dev/project/tests/fixtures/debug.keystore')],
    ['B', 'read', r('/home/dev/.android/debug.keystore')],
    ['B', 'read', r('/home/dev/project/testdata/certs/server.jks')],
    ['D', 'read', r('/home/dev/project/android/app/release.keystore')],
    ['D', 'read', r('/home/dev/project/upload.jks')],
    ['D', 'exec', x('cat android/app/release.keystore | base64')],
  ]);
});

test("a project's own organisation passes; impostor owners around its name still ask", () => {
  check([
    ['B', 'exec', x('docker run --rm ghcr.io/foundry-rs/foundry:latest "forge --version"')],
    ['A', 'exec', x('docker run --rm ghcr.io/foundry-dev/foundry:latest')],
    ['A', 'exec', x('docker run --rm ghcr.io/foundry-official/foundry:latest')],
    ['A', 'exec', x('docker run --rm ghcr.io/tokio-dev/tokio')],
  ]);
});
