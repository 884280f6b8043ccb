// What a command amounts to is read from what the shell will run, not only from the line as
// written: variables, ${IFS}, braces, aliases, function bodies and decoded text resolved by the
// shell reader give the same derived calls (a write to /etc/hosts asks however it is spelled).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectExec, expectPasses, run } from './effects-helpers.js';
import { respell } from '../../src/policy/shell-respell.js';
import { simpleCommands } from '../../src/policy/effects/walk.js';

const ASKS_ETC = /sed -i edits \/etc\/hosts: Changing system configuration/;
const b64 = (s: string) => Buffer.from(s).toString('base64');

test('the program named by a variable: its writes are derived as if it were spelled out', () => {
  expectExec('sed -i s/a/b/ /etc/hosts', 'ask', ASKS_ETC);
  expectExec('p=python3; $p -c \'open("/etc/hosts","w").write("x")\'', 'ask', /python3 -c writes \/etc\/hosts/);
  expectExec('x=tee; echo hi | $x /etc/hosts', 'ask', /tee writes \/etc\/hosts/);
});

test('a variable holding several words is split into them, as the shell splits it (also under a custom IFS)', () => {
  expectExec("c='sed -i'; $c s/a/b/ /etc/hosts", 'ask', ASKS_ETC);
  expectExec('IFS=,; c=sed,-i,s/a/b/,/etc/hosts; $c', 'ask', ASKS_ETC);
});

test('${IFS} between the words reads as a space', () => {
  expectExec('sed${IFS}-i${IFS}s/a/b/${IFS}/etc/hosts', 'ask', ASKS_ETC);
  expectExec('scp${IFS}host:f${IFS}.env', 'ask', /scp writes \.env/);
  expectExec('nc${IFS}1', 'deny', /nc connects to 1/);
});

test('a pipeline with a resolved stage is read whole: what the resolved stage prints is what the next one reads', () => {
  expectExec("c=echo; $c 'DROP TABLE users' | psql -h prod", 'deny', /psql runs SQL `DROP TABLE users` on prod/);
  expectExec('q=\'DROP TABLE users\'; echo "$q" | psql -h prod', 'deny', /psql runs SQL `DROP TABLE users` on prod/);
  expectPasses("c=echo; $c 'select 1' | psql -h localhost");
});

test('a path printed by printf or echo with $HOME in its arguments is the path the shell builds', () => {
  expectExec(
    `f=$(printf '%s/.%s/%s' "$HOME" aws credentials); dd if="$f" status=none`,
    'deny',
    /credential or private key files/,
  );
  expectExec(`dd if=$(printf '%s/.%s/%s' "$HOME" aws credentials)`, 'deny', /credential or private key files/);
  expectPasses(`f=$(printf '%s/README.md' "$PWD"); cat "$f"`);
});

test('brace expansion of the whole command', () => {
  expectExec('{sed,-i,s/a/b/,/etc/hosts}', 'ask', ASKS_ETC);
  expectExec('{tee,/etc/hosts}', 'ask', /tee writes \/etc\/hosts/);
});

test('a function called with the target as its argument', () => {
  expectExec('e(){ sed -i "$@"; }; e s/a/b/ /etc/hosts', 'ask', ASKS_ETC);
  expectExec('f(){ tee "$1"; }; f /etc/hosts', 'ask', /tee writes \/etc\/hosts/);
});

test('an alias defined in the line', () => {
  expectExec("alias S='sed -i'; S s/a/b/ /etc/hosts", 'ask', ASKS_ETC);
});

test('eval of base64-decoded text runs the decoded command', () => {
  expectExec(`eval "$(echo ${b64('sed -i s/a/b/ /etc/hosts')} | base64 -d)"`, 'ask', ASKS_ETC);
});

test('a redirection whose target is a variable writes the resolved file', () => {
  expectExec('f=/etc/hosts; echo "127.0.0.1 x" >> "$f"', 'ask', /writes \/etc\/hosts/);
  expectExec("t=/etc; python3 -c 'import sys' > $t/hosts", 'ask', /writes \/etc\/hosts/);
});

test('resolved spellings of ordinary work stay unflagged; quoted text in a resolved command stays one word', () => {
  expectPasses('d=src; sed -i s/a/b/ $d/main.ts');
  expectPasses('n=x; echo hi > $n.txt');
  expectPasses('f(){ sed -i "$@"; }; f s/a/b/ src/app.ts');
  expectPasses('{cp,a.txt,b.txt}');
  expectPasses('cat${IFS}README.md');
  // the message's `; rm -rf /` is text, not a command, after the program name is resolved too
  expectPasses('c=git; $c commit -m "a; rm -rf /"');
  const d = run('c=git; $c commit -m "a; rm -rf /"');
  assert.doesNotMatch(d.message, /rm/);
});

test('respell: a walker reads the spelling back as the same words and redirections', () => {
  const tokens = [
    { text: 'git', quoted: false, redir: false },
    { text: 'commit', quoted: false, redir: false },
    { text: '-m', quoted: false, redir: false },
    { text: "it's; rm -rf / | cat && id #z", quoted: true, redir: false },
    { text: '*.ts', quoted: false, redir: false },
    { text: '', quoted: true, redir: false },
    { text: '>>', quoted: false, redir: true },
    { text: '/tmp/a b', quoted: true, redir: true },
    { text: '2>&1', quoted: false, redir: true },
    { text: '<<EOF', quoted: false, redir: true },
  ];
  const cmds = simpleCommands(respell(tokens));
  assert.equal(cmds.length, 1);
  const c = cmds[0];
  assert.ok(c);
  assert.deepEqual(c.argv, ['git', 'commit', '-m', "it's; rm -rf / | cat && id #z", '*.ts', '']);
  // as from the line as written: the file target is kept, the descriptor copy is no file
  assert.deepEqual(
    c.redirs.map((r) => [r.op, r.target]),
    simpleCommands("git x >> '/tmp/a b' 2>&1")[0]?.redirs.map((r) => [r.op, r.target]),
  );
});
