// `svc init`: finds the agents, plans, writes a starter policy that only adds rules, installs the
// hooks through svc setup's code, and changes nothing without --yes or under --dry-run. Most runs
// are in the file's warm svc process (test/helpers/warm-svc.ts, stdin a closed pipe as here); a
// first install, a refusal's exit status, no terminal and a real terminal are spawned.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { SVC_BIN } from '../helpers/spawn.js';
import { user } from './helpers.js';

test('init --dry-run lists the agents found and the plan, and writes nothing', async () => {
  const u = user();
  try {
    mkdirSync(join(u.home, '.claude'));
    u.binary('codex');
    const r = await u.warmSvc(['init', '--dry-run']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /found\s+Claude Code\s+\S*\.claude/);
    assert.match(r.stdout, /found\s+Codex CLI\s+codex on PATH/);
    assert.match(r.stdout, /missing\s+Cursor/);
    assert.match(r.stdout, /dry run: nothing is written/);
    assert.match(r.stdout, /hook\s+claude-code:[\s\S]*added the svc hook to hooks\.PreToolUse/);
    assert.match(r.stdout, /hook\s+codex:/);
    assert.equal(existsSync(u.data), false, 'no data dir created');
    assert.deepEqual(readdirSync(join(u.home, '.claude')), [], 'no settings written');
    assert.equal(existsSync(join(u.home, '.codex')), false);
  } finally {
    u.cleanup();
  }
});

test('init without a terminal and without --yes changes nothing and says how to apply', async () => {
  const u = user();
  try {
    mkdirSync(join(u.home, '.claude'));
    const r = await u.svc(['init']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /run again with --yes/);
    assert.deepEqual(readdirSync(join(u.home, '.claude')), []);
    assert.equal(existsSync(join(u.data, 'policies')), false);
  } finally {
    u.cleanup();
  }
});

test('init --yes writes a starter layer whose tests pass, installs the chosen hooks, and a second run keeps both', async () => {
  const u = user();
  try {
    const project = join(u.dir, 'My Project');
    mkdirSync(project);
    const r = await u.svc([
      'init',
      '--yes',
      '--hosts',
      'claude-code,cursor',
      '--profile',
      'strict',
      '--project',
      project,
    ]);
    assert.equal(r.code, 0, r.stderr);
    const policy = join(u.data, 'policies', 'my-project.yaml');
    assert.match(r.stdout, new RegExp(`wrote ${policy.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
    assert.equal(statSync(policy).mode & 0o777, 0o600);
    const text = readFileSync(policy, 'utf8');
    assert.match(text, /layers on the "strict" profile/);
    assert.match(text, /^\s*# - name: project-deploys-need-a-human$/m, 'the ask example is commented out');
    assert.doesNotMatch(text, /default_action/, 'a layer never sets the default');
    assert.doesNotMatch(text, /action: allow/, 'the starter only adds rules that restrict or record');
    const lint = await u.warmSvc(['policy', 'lint', policy]);
    assert.equal(lint.code, 0, lint.stdout + lint.stderr);
    const tests = await u.warmSvc(['test', '--file', policy]);
    assert.equal(tests.code, 0, tests.stdout + tests.stderr);

    const claude = JSON.parse(readFileSync(join(u.home, '.claude', 'settings.json'), 'utf8'));
    assert.match(claude.hooks.PreToolUse[0].hooks[0].command, /svc\.js' hook claude-code$/);
    const cursor = JSON.parse(readFileSync(join(u.home, '.cursor', 'hooks.json'), 'utf8'));
    assert.match(cursor.hooks.preToolUse[0].command, /hook cursor$/);
    assert.match(r.stdout, /svc serve --config strict/);
    assert.match(r.stdout, /svc doctor/);

    const again = await u.warmSvc(['init', '--yes', '--hosts', 'claude-code', '--project', project]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /exists; kept as it is/);
    assert.match(again.stdout, /svc hook already installed; nothing to change/);
    assert.equal(readFileSync(policy, 'utf8'), text);
  } finally {
    u.cleanup();
  }
});

test('init refuses unknown hosts and profiles with exit 2 and leaves everything alone', async () => {
  const u = user();
  try {
    const bad = await u.svc(['init', '--yes', '--hosts', 'claude-code,vim']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /unknown host "vim" in --hosts \(expected claude-code, codex/);
    const prof = await u.warmSvc(['init', '--yes', '--profile', 'strickt']);
    assert.equal(prof.code, 2);
    assert.match(prof.stderr, /unknown profile "strickt"/);
    assert.equal(existsSync(u.data), false);
    assert.equal(existsSync(join(u.home, '.claude')), false);
  } finally {
    u.cleanup();
  }
});

test('init reports a malformed settings file in the plan and does not touch it', async () => {
  const u = user();
  try {
    mkdirSync(join(u.home, '.claude'));
    const settings = join(u.home, '.claude', 'settings.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(settings, '{ not json');
    const r = await u.warmSvc(['init', '--yes', '--hosts', 'claude-code']);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /claude-code: cannot install: .*not valid JSON/);
    assert.match(r.stderr, /svc init: claude-code: .*--force/);
    assert.equal(readFileSync(settings, 'utf8'), '{ not json');
  } finally {
    u.cleanup();
  }
});

/** Runs `svc init` on a pseudo-terminal (util-linux script), typing `input`. */
function onTerminal(u: ReturnType<typeof user>, input: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const cmd = `'${process.execPath}' '${SVC_BIN}' init`;
    const child = spawn('script', ['-qec', cmd, '/dev/null'], {
      env: { ...process.env, ...u.env, SERVICE_TOKEN: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(input);
  });
}

const hasScript = spawnSync('script', ['--version']).status === 0;

test(
  'init on a terminal asks for the profile, the hosts and a final yes; end of input is not a yes',
  { skip: !hasScript && 'no script(1) for a pseudo-terminal' },
  async () => {
    const u = user();
    try {
      mkdirSync(join(u.home, '.claude'));
      const r = await onTerminal(u, 'strict\ncodex\ny\n');
      assert.equal(r.code, 0, r.out);
      assert.match(r.out, /Profile \(standard, strict, permissive, ci\) \[standard\]:/);
      assert.match(r.out, /Install the hook for \[claude-code\]/);
      assert.match(readFileSync(join(u.data, 'policies', 'project.yaml'), 'utf8'), /layers on the "strict" profile/);
      assert.ok(existsSync(join(u.home, '.codex', 'hooks.json')), 'the host typed in was installed');
      assert.deepEqual(readdirSync(join(u.home, '.claude')), [], 'the host found but not chosen was left alone');

      const v = user();
      try {
        mkdirSync(join(v.home, '.claude'));
        const eof = await onTerminal(v, '\n\n');
        assert.equal(eof.code, 1, eof.out);
        assert.match(eof.out, /Nothing was changed/);
        assert.equal(existsSync(join(v.data, 'policies')), false);
        assert.deepEqual(readdirSync(join(v.home, '.claude')), []);
      } finally {
        v.cleanup();
      }
    } finally {
      u.cleanup();
    }
  },
);
