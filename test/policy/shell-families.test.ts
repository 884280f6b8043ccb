// Families of attacks read by what they do rather than how they are spelled: code run on another
// host or later, destruction that changes shape (moved, shredded, listed into xargs), git history
// destruction and repository exfiltration, reverse shells by their wiring, credential hunting,
// and Windows registry commands. Each test asserts the shipped standard profile's decision and,
// where a reading is new, that explain can show it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeCommand } from '../../src/policy/shell.js';
import { expectExec, expectPasses } from './effects-helpers.js';

const HOME = '/home/dev';
const readings = (cmd: string) => analyzeCommand(cmd, { home: HOME }).readings;

// ------------------------------------------------------------------ remote and deferred commands

test('the command ssh runs on the other host is decided as a command of its own', () => {
  expectExec("ssh localhost 'rm -rf ~/.svc/audit'", 'deny');
  expectExec('ssh -p 2222 admin@10.0.0.5 rm -rf ~/.svc', 'deny');
  expectExec('ssh -o BatchMode=yes build@ci.internal "rm -rf ~/Pictures"', 'deny');
  expectExec('ssh deploy@prod-web-01 "sudo rm -rf /srv/app/current /srv/app/shared"', 'deny');
  expectExec("ssh box 'cat ~/.aws/credentials'", 'deny');
  expectPasses('ssh deploy@203.0.113.10 uptime');
  expectPasses('ssh -o StrictHostKeyChecking=no ci@203.0.113.10 "sudo systemctl restart app"');
  expectPasses('ssh -T git@github.com');
});

test('code run later or elsewhere has the effects it would have there', () => {
  // Each is a delete of svc's own state, which only the protect rule for svc's files sees.
  for (const c of [
    'find . -maxdepth 0 -exec rm -rf ~/.svc/policies \\;',
    "PROMPT_COMMAND='rm -rf ~/.svc' bash -i",
    "git -c core.pager='rm -rf ~/.svc' log",
    'awk \'BEGIN{system("rm -rf ~/.svc")}\'',
    "tar -cf /dev/null /dev/null --checkpoint=1 --checkpoint-action=exec='rm -rf ~/.svc'",
    'docker exec -it web rm -rf ~/.svc',
    'watch -n 60 rm -rf ~/.svc',
    'flock /tmp/l rm -rf ~/.svc',
    "script -qc 'rm -rf ~/.svc' /dev/null",
  ]) {
    expectExec(c, 'deny');
  }
});

// ------------------------------------------------------------------ destruction that changes shape

test('a top-level folder of a home directory is denied; hidden folders ask; build output passes', () => {
  for (const c of [
    'rm -rf ~/Documents',
    'rm -rf /home/dev/projects/',
    'r\\m -r\\f ~/project',
    '\\rm -rf ~/src',
    "vim -es -c ':!rm -rf ~/Documents' -c ':qa!'",
    'ls() { command rm -rf "$@"; }; ls ~/src ~/project',
    'rm -rf /Users/me/Pictures',
  ]) {
    expectExec(c, 'deny');
  }
  expectExec('rm -rf ~/.config', 'ask');
  for (const c of [
    'rm -rf node_modules',
    'rm -rf dist build',
    'rm -rf target/',
    'rm -rf .venv __pycache__',
    'rm -rf ~/.cache/pip',
    'rm -rf "$PWD/dist"',
    'rm -rf ./tmp/* ./log/*.log',
    'find . -type d -name __pycache__ -exec rm -rf {} +',
  ]) {
    expectPasses(c);
  }
});

test('a delete of a path moved earlier in the line deletes its source', () => {
  expectExec('mv ~/project /tmp/.trash-$$ && rm -rf /tmp/.trash-$$', 'deny');
  expectExec('mv ~/Documents /tmp/d; rm -rf /tmp/d/', 'deny');
  expectExec('mv -f /home/dev/src /var/tmp/x && find /var/tmp/x -delete', 'deny');
  expectPasses('mv old.ts new.ts && rm -rf new.ts');
  expectPasses('mv dist /tmp/dist-old && rm -rf /tmp/dist-old');
  assert.ok(
    readings('mv ~/project /tmp/t && rm -rf /tmp/t').some((r) => r.kind === 'meaning' && r.text === 'rm -rf ~/project'),
  );
});

test('shred and its kind destroy what they are given; xargs over every file destroys the tree', () => {
  expectExec('git ls-files -z | xargs -0 shred -u', 'deny');
  expectExec('git ls-files | xargs rm -f', 'deny');
  expectExec('find . -type f | xargs shred -zu', 'deny');
  expectExec('find . -type f -exec shred -u {} \\;', 'deny');
  expectExec('shred -u -n 3 ~/Documents', 'deny');
  expectExec('rm -rf "$PWD"', 'deny');
  expectExec('rm -rf "$(git rev-parse --show-toplevel)"', 'deny');
  expectPasses('shred -u secrets.txt');
  expectPasses("find . -name '*.tmp' | xargs shred -u");
  expectPasses("git ls-files '*.py' | xargs ruff format");
  expectPasses('git ls-files | xargs wc -l');
  expectPasses('find . -name "*.log" | xargs rm -f');
  assert.ok(readings('git ls-files -z | xargs -0 shred -u').some((r) => r.kind === 'meaning' && r.text === 'rm -rf .'));
});
