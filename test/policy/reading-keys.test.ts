import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineKeys, mayApply, WORDS_LIMIT, type ReadingKey } from '../../src/policy/effects/reading-keys.js';
import { DATA_RESET_KEY } from '../../src/policy/effects/data-resets.js';
import { simpleCommands } from '../../src/policy/effects/walk.js';
import { deriveFromCommand } from '../../src/policy/effects/derive.js';

const keysOf = (line: string) => {
  const cmds = simpleCommands(line);
  return { cmds, keys: new LineKeys(cmds) };
};

test("a key's programs are compared with each command's own program, lower-cased, past paths and launchers", () => {
  const key: ReadingKey = { programs: new Set(['curl']) };
  const { cmds, keys } = keysOf('sudo /usr/bin/CURL -s x | grep y');
  assert.deepEqual(
    cmds.map((c) => keys.may(key, c)),
    [true, false],
  );
});

test("a key's words are the line's words with quotes removed and lower-cased, tested once per line", () => {
  const key: ReadingKey = { words: /prisma/ };
  const { cmds, keys } = keysOf(`echo hi; X=1 npx 'Pri'"SMA" migrate reset`);
  assert.ok(cmds.every((c) => keys.may(key, c)));
  const ls = keysOf('ls -la');
  assert.ok(ls.cmds.every((c) => !ls.keys.may(key, c)));
  // standard input counts as words of the line
  const here = keysOf("sh <<'EOF'\nprisma migrate reset\nEOF");
  assert.ok(here.keys.may(key, here.cmds[0] ?? { argv: [], quoted: [], redirs: [], assigns: [], unsets: [] }));
});

test('a reading without a key, or called without the line, runs on every command', () => {
  const { cmds, keys } = keysOf('ls -la');
  const c = cmds[0];
  assert.ok(c);
  assert.ok(keys.may({}, c));
  assert.ok(mayApply({ words: /never-there/ }, c, undefined));
  assert.ok(!mayApply({ words: /never-there/ }, c, keys));
});

test('the data-reset key is the tools unanchored, and wipes are still found however the tool is spelled', () => {
  assert.ok(DATA_RESET_KEY.words, 'every tool pattern has the shape the key is built from');
  const resets = (line: string) => deriveFromCommand(line).filter((e) => e.command?.startsWith('data-reset '));
  for (const line of [
    'RAILS_ENV=production bundle exec r"ak"e db:drop',
    "DATABASE_URL=postgres://admin@prod-db/app npx 'prisma' migrate reset --force",
    'MIX_ENV=prod /usr/local/bin/MIX ecto.drop',
    'cd app && python manage.py flush --settings=app.settings.prod',
  ])
    assert.equal(resets(line).length, 1, line);
  assert.deepEqual(resets('RAILS_ENV=production git status'), []);
});

test('on a line whose words are longer than the limit, word keys pass and the readings run as without keys', () => {
  const body = 'x'.repeat(WORDS_LIMIT + 1);
  const { cmds, keys } = keysOf(`cat > notes.txt <<'EOF'\n${body}\nEOF`);
  assert.ok(cmds.length > 0 && cmds.every((c) => keys.may({ words: /never-there/ }, c)));
  const line = `cat > notes.txt <<'EOF'\n${body}\nEOF\nRAILS_ENV=production bundle exec r'ak'e db:drop`;
  assert.equal(deriveFromCommand(line).filter((e) => e.command?.startsWith('data-reset ')).length, 1);
});
