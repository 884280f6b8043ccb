// `svc setup service` without side effects: the dry-run plan, the user-level fallback's warning,
// and bad arguments refused with one line before anything changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SVC_BIN } from '../helpers/spawn.js';

function svc(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [SVC_BIN, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('--dry-run prints the plan and changes nothing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-plan-'));
  try {
    const prefix = join(dir, 'opt', 'svc');
    const r = svc(
      [
        'setup',
        'service',
        '--dry-run',
        '--prefix',
        prefix,
        '--data-dir',
        join(dir, 'var', 'svc'),
        '--user',
        'svcplan',
        '--agent-user',
        'dev',
      ],
      { HOME: dir },
    );
    assert.equal(r.code, 0, r.err);
    if (process.getuid?.() === 0) {
      assert.match(r.out, /^svc setup service: plan \(--dry-run, nothing changed\)$/m);
      assert.match(r.out, /system user svcplan \(no login/);
      assert.match(r.out, /add agent user dev to svc-agents/);
      assert.match(r.out, new RegExp(`copy svc to ${prefix} \\(root:root`));
      assert.match(r.out, /\/etc\/svc\/server\.uid: the uid of svcplan/);
      assert.match(r.out, /agent token with eval scope only/);
      assert.match(r.out, /svc\.service: runs .*bin\/svc\.js serve --data-dir/);
    } else {
      assert.match(r.out, /gives NO boundary/);
    }
    assert.ok(
      !existsSync(prefix) && !existsSync(join(dir, 'var')) && !existsSync(join(dir, '.config')),
      'nothing written',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test(
  'without root: a user-level unit, with a plain statement that it is no boundary',
  {
    skip:
      process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v setpriv']).status !== 0
        ? 'needs setpriv to drop root'
        : false,
  },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-userunit-'));
    chmodSync(dir, 0o777);
    try {
      const args = [SVC_BIN, 'setup', 'service', '--port', '9311'];
      const asUser = (extra: string[]) => {
        const cmd =
          process.getuid?.() === 0
            ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--', process.execPath, ...args, ...extra]
            : [process.execPath, ...args, ...extra];
        const r = spawnSync(cmd[0]!, cmd.slice(1), { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: dir } });
        return { code: r.status, out: r.stdout, err: r.stderr };
      };
      const r = asUser([]);
      assert.equal(r.code, 0, r.err);
      assert.match(r.out, /This gives NO boundary: svc runs as your own user/);
      const unit = join(dir, '.config', 'systemd', 'user', 'svc.service');
      assert.ok(existsSync(unit));
      const rm = asUser(['--remove']);
      assert.equal(rm.code, 0, rm.err);
      assert.ok(!existsSync(unit));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test('bad arguments exit 2 with one line and change nothing', () => {
  const cases: Array<[string[], RegExp]> = [
    [['--purge'], /--purge goes with --remove/],
    [['--prefix', '/'], /too close to \//],
    [['--prefix', '/home/dev/svc'], /inside a user's home/],
    [['--user', 'Bad Name'], /invalid user or group name/],
    [['--port', '70000'], /--port must be 0-65535/],
    [['--etc-dir', '/tmp/x'], /--etc-dir is for the test suite only/],
    [['--bogus'], /unknown option --bogus/],
  ];
  for (const [args, re] of cases) {
    const r = svc(['setup', 'service', '--dry-run', ...args]);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.out}${r.err}`);
    assert.match(r.err, re, args.join(' '));
    assert.equal(r.err.trim().split('\n').length, 1);
    assert.equal(r.out, '');
  }
});

test(
  'an agent user that does not exist stops setup before anything changes',
  { skip: process.getuid?.() !== 0 ? 'the check runs on the root path' : false },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-nouser-'));
    try {
      const r = svc([
        'setup',
        'service',
        '--agent-user',
        'svc-no-such-user',
        '--user',
        'svcnouser',
        '--group',
        'svcnogroup',
        '--prefix',
        join(dir, 'opt'),
        '--data-dir',
        join(dir, 'data'),
      ]);
      assert.equal(r.code, 1);
      assert.match(r.err, /agent user svc-no-such-user does not exist; nothing was changed/);
      assert.ok(!existsSync(join(dir, 'opt')) && !existsSync(join(dir, 'data')));
      assert.notEqual(spawnSync('getent', ['group', 'svcnogroup']).status, 0, 'no group was created');
      assert.notEqual(spawnSync('getent', ['passwd', 'svcnouser']).status, 0, 'no user was created');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test(
  '--remove without a record of a setup removes nothing',
  {
    skip:
      process.getuid?.() !== 0
        ? 'the check runs on the root path'
        : existsSync('/etc/svc/setup-state.json')
          ? 'a real setup exists here'
          : false,
  },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-noremove-'));
    try {
      const keep = join(dir, 'opt', 'svc');
      mkdirSync(keep, { recursive: true });
      const r = svc(['setup', 'service', '--remove', '--purge', '--prefix', keep, '--data-dir', join(dir, 'data')]);
      assert.equal(r.code, 1);
      assert.match(r.err, /no record of a setup at \/etc\/svc\/setup-state\.json; nothing was removed/);
      assert.ok(existsSync(keep));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test(
  'a --prefix or --data-dir that holds something else is refused before anything changes',
  { skip: process.getuid?.() !== 0 ? 'the check runs on the root path' : false },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-foreign-'));
    try {
      const other = join(dir, 'usr-local');
      mkdirSync(join(other, 'bin'), { recursive: true });
      const p = svc(['setup', 'service', '--dry-run', '--prefix', other, '--data-dir', join(dir, 'data')]);
      assert.equal(p.code, 1);
      assert.match(p.err, /--prefix .* exists and is not a copy made by svc setup service/);
      const d = svc(['setup', 'service', '--dry-run', '--prefix', join(dir, 'opt'), '--data-dir', other]);
      assert.equal(d.code, 1);
      assert.match(d.err, /--data-dir .* is not empty and not an svc data dir \(bin\)/);
      assert.ok(existsSync(join(other, 'bin')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
