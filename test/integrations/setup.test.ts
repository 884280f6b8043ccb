// `svc setup HOST` on temporary home directories: install, idempotent re-install, remove,
// other settings kept, backups written, --dry-run writes nothing, odd files refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from './helpers.js';

function setup(home: string, args: string[], extra: NodeJS.ProcessEnv = {}) {
  return runCli(['setup', ...args], { env: { PATH: process.env.PATH, HOME: home, ...extra } });
}

const readJson = (p: string) => JSON.parse(readFileSync(p, 'utf8'));
const backups = (dir: string, name: string) => readdirSync(dir).filter((f) => f.startsWith(`${name}.bak.`));
const HOOK_CMD = /'.*node.*' '.*bin\/svc\.js' hook claude-code$/;

test('claude-code: install keeps other settings, backs up, is idempotent, and removes cleanly', async () => {
  const home = tempDir('setup');
  const dir = join(home, '.claude');
  mkdirSync(dir);
  const file = join(dir, 'settings.json');
  const original = {
    model: 'opus',
    permissions: { allow: ['Bash(npm test)'] },
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo mine' }] }],
      Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }],
    },
  };
  writeFileSync(file, JSON.stringify(original, null, 2));

  const dry = await setup(home, ['claude-code', '--dry-run']);
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /added the svc hook to hooks\.PreToolUse/);
  assert.match(dry.stdout, /dry run: nothing was written/);
  assert.deepEqual(readJson(file), original);
  assert.deepEqual(backups(dir, 'settings.json'), []);

  const install = await setup(home, ['claude-code']);
  assert.equal(install.code, 0, install.stderr);
  const installed = readJson(file);
  assert.equal(installed.model, 'opus');
  assert.deepEqual(installed.permissions, original.permissions);
  assert.deepEqual(installed.hooks.Stop, original.hooks.Stop);
  assert.deepEqual(installed.hooks.PreToolUse[0], original.hooks.PreToolUse[0]);
  for (const event of ['PreToolUse', 'PostToolUse']) {
    const ours = installed.hooks[event].at(-1);
    assert.equal(ours.matcher, '*');
    assert.match(ours.hooks[0].command, HOOK_CMD);
  }
  const [bak] = backups(dir, 'settings.json');
  assert.ok(bak, 'a backup was written');
  assert.deepEqual(readJson(join(dir, bak!)), original);
  assert.match(install.stdout, new RegExp(`backup: .*${bak!.replace(/\./g, '\\.')}`));

  const again = await setup(home, ['claude-code']);
  assert.equal(again.code, 0);
  assert.match(again.stdout, /already installed; nothing to change/);
  assert.deepEqual(readJson(file), installed);
  assert.equal(backups(dir, 'settings.json').length, 1);

  const removed = await setup(home, ['claude-code', '--remove']);
  assert.equal(removed.code, 0, removed.stderr);
  assert.match(removed.stdout, /removed the svc hook from hooks\.PreToolUse/);
  assert.deepEqual(readJson(file), original);
  assert.equal(backups(dir, 'settings.json').length, 2);
  assert.match((await setup(home, ['claude-code', '--remove'])).stdout, /no svc hook installed/);
});

test('claude-code: CLAUDE_CONFIG_DIR, a missing file, and a symlinked settings file', async () => {
  const home = tempDir('setup');
  const cfg = join(home, 'claude-cfg');
  const r = await setup(home, ['claude-code'], { CLAUDE_CONFIG_DIR: cfg });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(existsSync(join(cfg, 'settings.json')));
  assert.equal(statSync(join(cfg, 'settings.json')).mode & 0o777, 0o600);
  assert.ok(!existsSync(join(home, '.claude')));

  const dotfiles = join(home, 'dotfiles');
  mkdirSync(dotfiles);
  writeFileSync(join(dotfiles, 'claude.json'), '{"theme":"dark"}');
  mkdirSync(join(home, '.claude'));
  symlinkSync(join(dotfiles, 'claude.json'), join(home, '.claude', 'settings.json'));
  assert.equal((await setup(home, ['claude-code'])).code, 0);
  assert.ok(lstatSync(join(home, '.claude', 'settings.json')).isSymbolicLink(), 'the link is kept');
  const target = readJson(join(dotfiles, 'claude.json'));
  assert.equal(target.theme, 'dark');
  assert.ok(target.hooks.PreToolUse);
});

test('malformed settings are refused unless --force, which keeps a backup', async () => {
  const home = tempDir('setup');
  mkdirSync(join(home, '.gemini'));
  const file = join(home, '.gemini', 'settings.json');
  writeFileSync(file, '{ "theme": "dark", ');
  const r = await setup(home, ['gemini']);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /not valid JSON.*--force/);
  assert.equal(r.stderr.trim().split('\n').length, 1);
  assert.equal(readFileSync(file, 'utf8'), '{ "theme": "dark", ');
  const forced = await setup(home, ['gemini', '--force']);
  assert.equal(forced.code, 0, forced.stderr);
  assert.ok(readJson(file).hooks.BeforeTool);
  assert.equal(
    readFileSync(join(home, '.gemini', backups(join(home, '.gemini'), 'settings.json')[0]!), 'utf8'),
    '{ "theme": "dark", ',
  );
});

test('codex, gemini and cursor: their files, events and timeouts', async () => {
  const home = tempDir('setup');
  const codexHome = join(home, 'codex-home');
  assert.equal((await setup(home, ['codex'], { CODEX_HOME: codexHome })).code, 0);
  const codex = readJson(join(codexHome, 'hooks.json'));
  for (const ev of ['PreToolUse', 'PostToolUse']) {
    assert.equal(codex.hooks[ev][0].hooks[0].timeout, 330);
    assert.match(codex.hooks[ev][0].hooks[0].command, /hook codex$/);
  }

  assert.equal((await setup(home, ['gemini'])).code, 0);
  const gemini = readJson(join(home, '.gemini', 'settings.json'));
  assert.equal(gemini.hooks.BeforeTool[0].hooks[0].timeout, 330000);
  assert.match(gemini.hooks.AfterTool[0].hooks[0].command, /hook gemini$/);

  mkdirSync(join(home, '.cursor'));
  writeFileSync(
    join(home, '.cursor', 'hooks.json'),
    JSON.stringify({ version: 1, hooks: { afterFileEdit: [{ command: './format.sh' }] } }),
  );
  assert.equal((await setup(home, ['cursor'])).code, 0);
  const cursor = readJson(join(home, '.cursor', 'hooks.json'));
  assert.deepEqual(cursor.hooks.afterFileEdit, [{ command: './format.sh' }]);
  assert.equal(cursor.hooks.preToolUse[0].failClosed, true);
  assert.equal((await setup(home, ['cursor', '--remove'])).code, 0);
  assert.deepEqual(readJson(join(home, '.cursor', 'hooks.json')), {
    version: 1,
    hooks: { afterFileEdit: [{ command: './format.sh' }] },
  });

  writeFileSync(join(home, '.cursor', 'hooks.json'), JSON.stringify({ version: 2, hooks: {} }));
  const v2 = await setup(home, ['cursor']);
  assert.equal(v2.code, 1);
  assert.match(v2.stderr, /version 2/);
});

test('copilot owns its whole file; a foreign file there is refused', async () => {
  const home = tempDir('setup');
  assert.equal((await setup(home, ['copilot'])).code, 0);
  const file = join(home, '.copilot', 'hooks', 'svc.json');
  const h = readJson(file);
  assert.equal(h.version, 1);
  assert.match(h.hooks.PreToolUse[0].bash, /hook copilot$/);
  assert.equal(h.hooks.PostToolUse[0].timeoutSec, 30);
  assert.match((await setup(home, ['copilot'])).stdout, /nothing to change/);
  assert.equal((await setup(home, ['copilot', '--remove'])).code, 0);
  assert.ok(!existsSync(file));

  writeFileSync(file, JSON.stringify({ version: 1, hooks: { PreToolUse: [{ type: 'command', bash: './other.sh' }] } }));
  const foreign = await setup(home, ['copilot']);
  assert.equal(foreign.code, 1);
  assert.match(foreign.stderr, /did not write/);
});

test('cline: executable hook scripts with a marker; foreign scripts are left alone', async () => {
  const home = tempDir('setup');
  const dir = join(home, 'Documents', 'Cline', 'Hooks');
  assert.equal((await setup(home, ['cline'])).code, 0);
  for (const name of ['PreToolUse', 'PostToolUse']) {
    const text = readFileSync(join(dir, name), 'utf8');
    assert.match(text, /^#!\/bin\/sh\n# Managed by svc/);
    assert.match(text, /exec '.*' '.*svc\.js' hook cline\n$/);
    assert.equal(statSync(join(dir, name)).mode & 0o111, 0o111);
  }
  assert.equal((await setup(home, ['cline', '--remove'])).code, 0);
  assert.ok(!existsSync(join(dir, 'PreToolUse')));

  writeFileSync(join(dir, 'PreToolUse'), '#!/bin/sh\necho mine\n');
  const r = await setup(home, ['cline']);
  assert.equal(r.code, 1);
  assert.equal(readFileSync(join(dir, 'PreToolUse'), 'utf8'), '#!/bin/sh\necho mine\n');
  assert.match((await setup(home, ['cline', '--remove'])).stdout, /no svc hook installed/);
  assert.ok(existsSync(join(dir, 'PreToolUse')));
});

test('bad arguments exit 2', async () => {
  const home = tempDir('setup');
  assert.equal((await setup(home, ['emacs'])).code, 2);
  assert.equal((await setup(home, [])).code, 2);
  assert.equal((await setup(home, ['codex', '--nope'])).code, 2);
});
