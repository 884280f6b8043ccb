// Catalogue entries added for svc's own process, socket and library, and for stores that print
// one secret: each denied, and their ordinary neighbours allowed.
import { test } from 'node:test';
import { expectExec, expectPasses } from './effects-helpers.js';

test('freezing, signalling or bypassing svc through its pid file, socket or library is denied', () => {
  for (const c of [
    'launchctl kill SIGKILL gui/$(id -u)/dev.svc.agent',
    'kill -STOP $(cat ~/.svc/svc.pid)',
    'pkill -F /home/dev/.svc/svc.pid',
    'find / -name libsvc.so -exec truncate -s0 {} \\; 2>/dev/null',
    'truncate -s0 /usr/local/lib/libsvc.so',
    `socat - UNIX-CONNECT:/home/dev/.svc/svc.sock <<< '{"op":"approve","id":"all"}'`,
    'nc -U /home/dev/.svc/svc.sock',
  ])
    expectExec(c, 'deny');
  for (const c of [
    'kill -HUP $(cat /tmp/nginx.pid)',
    'launchctl kill SIGTERM gui/501/com.docker.helper',
    'nc -U /tmp/app.sock',
  ])
    expectPasses(c);
});

test('stores that print one secret are denied; their neighbours pass', () => {
  for (const c of [
    'glab variable get AWS_SECRET_ACCESS_KEY',
    'launchctl getenv GITHUB_TOKEN',
    'ansible-vault view group_vars/prod/vault.yml',
  ])
    expectExec(c, 'deny', /stored secret/);
  for (const c of ['glab variable list', 'launchctl getenv PATH', 'ansible-vault encrypt group_vars/staging/vault.yml'])
    expectPasses(c);
});

test('git checkout or restore of a file from another ref writes it', () => {
  expectExec('git checkout origin/contrib -- .claude/settings.json && git commit -qm sync', 'deny');
  expectExec('git restore --source=origin/x .claude/settings.json', 'deny');
  for (const c of [
    'git checkout main -- src/app.ts',
    'git checkout -- .',
    'git restore src/x.ts',
    'git checkout -b feature/x',
  ])
    expectPasses(c);
});
