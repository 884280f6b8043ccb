// The glob dialects of policy patterns (docs/policy.md section 8) and the index keys derived from patterns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  compileCommandGlob,
  compileDomainGlob,
  compilePathGlob,
  compileSimpleGlob,
  forEachWord,
  globLimitProblem,
  escapeGlob,
} from '../../src/policy/glob.js';

const COMMAND: [string, string, boolean][] = [
  ['*', '', true],
  ['*', 'anything at all', true],
  ['', '', false],
  ['git *', 'git status', true],
  ['git *', 'git', false],
  ['rm -rf *', 'rm -rf /a/b c', true], // trailing * is a raw prefix test: crosses / and spaces
  ['*cat /etc/shadow', 'sudo cat /etc/shadow2', true], // leading * : fragments in order, unanchored
  ['*.env', 'a.env.bak', true],
  ['*a?b*', 'xa?bx', true], // ? is literal in the fragments branch
  ['*a?b*', 'xacbx', false],
  ['git push * --force', 'git push origin --force', true],
  ['git push * --force', 'git push origin/main --force', false], // * stays off /
  ['rm [ab].txt', 'rm a.txt', true],
  ['rm [ab].txt', 'rm c.txt', false],
  ['rm [^ab].txt', 'rm c.txt', true],
  ['rm [a-c]x', 'rm bx', true],
  ['rm [*]', 'rm *', true], // literal star
  ['rm [*]', 'rm x', false],
  ['ls [', 'ls [', false], // malformed class never matches
  ['**rm -rf /**', 'sudo rm -rf / now', true],
  ['**rm -rf /**', 'rm -rf /', true],
  ['**/.env', '.env', true], // leading **/ may match zero directories
  ['**/.env', 'a/b/.env', true],
  ['a**b*c', 'a/x/byc', true],
  ['a**b*c', 'a/x/b/yc', false],
  ['**x?', 'ab/xy', true],
  ['**x?', 'ab/x/', false],
  ['a\\b', 'a/b', true], // backslashes read as /
  // a chunk with classes is found by its literal run ('-'): places where the run fits but a class
  // does not are passed over, and a later place that fits is found
  ['**[Gg]et-[Cc]red[^sS]**', 'xet-Cred get-creds Get-Cred;', true],
  ['**[Gg]et-[Cc]red[^sS]**', 'xet-Cred get-creds', false],
  ['**a?-b**', 'a/-b ax-b', true],
  ['**a?-b**', 'a/-b a-b', false],
];

for (const [p, s, want] of COMMAND) {
  test(`command glob ${JSON.stringify(p)} ${want ? 'matches' : 'does not match'} ${JSON.stringify(s)}`, () => {
    assert.equal(compileCommandGlob(p).test(s), want);
  });
}

const PATH: [string, string, boolean][] = [
  ['/etc/shadow', '/etc/shadow', true],
  ['/etc/*', '/etc/shadow', true],
  ['/etc/*', '/etc/ssh/sshd_config', false], // * stays in one segment
  ['/etc/**', '/etc/ssh/sshd_config', true],
  ['**/.ssh/**', '/home/u/.ssh/id_rsa', true],
  ['**/.ssh/id_*', '/home/u/.ssh/id_ed25519', true],
  ['*.env', '/x/.env', false], // a path * is single-segment even without **
  ['*.env', 'prod.env', true],
  ['**/*.pem', 'server.pem', true],
  ['**/*.pem', '/srv/tls/server.pem', true],
  ['/home/**/.aws/credentials', '/home/u/.aws/credentials', true],
  ['/var/[lr]og/*', '/var/log/syslog', true],
  ['/var/[lr]og/*', '/var/l/og/x', false], // a path class never matches /
];

for (const [p, s, want] of PATH) {
  test(`path glob ${JSON.stringify(p)} ${want ? 'matches' : 'does not match'} ${JSON.stringify(s)}`, () => {
    assert.equal(compilePathGlob(p).test(s), want);
  });
}

test('domain globs fold case and trailing dots; * spans dots but needs a label', () => {
  const g = compileDomainGlob('*.Example.COM.');
  assert.equal(g.test('a.b.example.com'), true);
  assert.equal(g.test('example.com'), false);
});

test('simple glob is Go filepath.Match: * does not cross /', () => {
  assert.equal(compileSimpleGlob('Destructive*').test('Destructive delete blocked'), true);
  assert.equal(compileSimpleGlob('a*').test('a/b'), false);
});

test('escapeGlob makes a literal pattern', () => {
  const p = escapeGlob('rm -rf ./build*?[x]');
  assert.equal(compileCommandGlob(p).test('rm -rf ./build*?[x]'), true);
  assert.equal(compileCommandGlob(p).test('rm -rf ./buildAB[x]'), false);
});

test('limits: 8 KiB per glob, 256 bytes and two ** at most when ** is used', () => {
  assert.equal(globLimitProblem('a'.repeat(8192)), undefined);
  assert.match(globLimitProblem('a'.repeat(8193))!, /8192/);
  assert.match(globLimitProblem('**' + 'a'.repeat(300))!, /256/);
  assert.match(globLimitProblem('**a**b**')!, /at most 2/);
  assert.equal(globLimitProblem('**a**'), undefined);
});

test('index keys: whole words, prefix/suffix words, none when nothing is certain', () => {
  assert.equal(compileCommandGlob('rm -rf /').key, 'rm');
  assert.equal(compileCommandGlob('**pastebin.com**').key, 'S:bin');
  assert.equal(compileCommandGlob('*curl*').key, '');
  assert.equal(compilePathGlob('**/.ssh/**').key, 'ssh');
});

test('subject words are lower-cased runs of letters, digits and _', () => {
  const words: string[] = [];
  forEachWord('Rm -RF /Home/x_y.Z', (w) => words.push(w));
  assert.deepEqual(words, ['rm', 'rf', 'home', 'x_y', 'z']);
});

// A regex reading of the NFA semantics, as a cross-check of the piece-wise matcher.
function reference(p: string, s: string): boolean {
  const toRe = (q: string) => {
    let re = '^';
    for (let i = 0; i < q.length;) {
      if (q.startsWith('**', i)) {
        while (q[i] === '*') i++;
        re += '[\\s\\S]*';
      } else if (q[i] === '*') {
        re += '[^/]*';
        i++;
      } else if (q[i] === '?') {
        re += '[^/]';
        i++;
      } else if (q[i] === '[') {
        const j = q.indexOf(']', i + 2);
        re += '(?!/)[' + q.slice(i + 1, j) + ']';
        i = j + 1;
      } else {
        re += q[i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
        i++;
      }
    }
    return new RegExp(re + '$');
  };
  return toRe(p).test(s) || (p.startsWith('**/') && toRe(p.slice(3)).test(s));
}

test('piece-wise ** matcher agrees with a regex reading on 20,000 random cases', () => {
  const pa = ['a', 'b', '/', '*', '**', '?', '[ab]', 'c'];
  const sa = ['a', 'b', '/', 'c'];
  let seed = 42;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  let checked = 0;
  while (checked < 20000) {
    let p = '';
    for (let i = 1 + rnd(6); i > 0; i--) p += pa[rnd(pa.length)];
    if ((p.match(/\*\*/g) ?? []).length > 2) continue;
    let s = '';
    for (let i = rnd(8); i > 0; i--) s += sa[rnd(sa.length)];
    assert.equal(compilePathGlob(p).test(s), reference(p, s), `${p} on ${s}`);
    checked++;
  }
});
