// The destroy families read as mechanisms, not spellings: files emptied by any program, recursive
// deletes in any flag spelling, and the look-alikes a developer runs every day. Each case asserts
// the shipped standard profile's decision (deny, or stopped = deny or ask, or passes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clobberEffects } from '../../src/policy/effects/clobber.js';
import type { Effect } from '../../src/policy/effects/types.js';
import { lossReadings } from '../../src/policy/shell-loss.js';
import { mcpFileEffects } from '../../src/policy/effects/mcp-files.js';
import { walkDeleteEffects } from '../../src/policy/effects/interp/walk-delete.js';
import { dataResetEffects } from '../../src/policy/effects/data-resets.js';
import { decodeEscapes } from '../../src/policy/effects/escapes.js';
import { expectCall as expect } from './effects-helpers.js';

const exec = (command: string, want: 'deny' | 'stop' | 'pass') => expect('exec', { command }, want);

// ------------------------------------------------------------------ files emptied

test('a file emptied by any program is a write of nothing', () => {
  const blanked = (argv: string[], extra: Partial<Parameters<typeof clobberEffects>[0]> = {}) => {
    const out: Effect[] = [];
    clobberEffects({ argv, quoted: argv.map(() => false), redirs: [], assigns: [], unsets: [], ...extra }, out);
    return out.map((e) => `${e.tool} ${e.path} ${JSON.stringify(e.content)}`);
  };
  const to = (target: string) => [{ op: '>', fd: '1', target }];
  assert.deepEqual(blanked([], { redirs: to('a.py') }), ['write a.py ""']);
  assert.deepEqual(blanked([':'], { redirs: to('a.py') }), ['write a.py ""']);
  assert.deepEqual(blanked(['cat', '/dev/null'], { redirs: to('a.py') }), ['write a.py ""']);
  assert.deepEqual(blanked(['cp', '-f', '/dev/null', 'a.py']), ['write a.py ""']);
  assert.deepEqual(blanked(['install', '-m', '644', '/dev/null', 'a.py']), ['write a.py ""']);
  assert.deepEqual(blanked(['ln', '-sf', '/dev/null', 'a.py']), ['write a.py ""']);
  assert.deepEqual(blanked(['tee', 'a.py'], { redirs: [{ op: '<', fd: '0', target: '/dev/null' }] }), [
    'write a.py ""',
  ]);
  assert.deepEqual(blanked(['dd', 'if=/dev/urandom', 'of=app.db', 'bs=1k']), ['write app.db ""']);
  assert.deepEqual(blanked(['sed', '-i', '1,$d', 'a.py', 'b.py']), ['write a.py ""', 'write b.py ""']);
  assert.deepEqual(blanked(['perl', '-pi', '-e', 's/.*//s', 'a.py']), ['write a.py ""']);
  assert.deepEqual(blanked(['vim', '-es', '-c', '%d', '-c', 'wq', 'a.py']), ['write a.py ""']);
  assert.deepEqual(blanked(['ed', '-s', 'a.py'], { stdin: ',d\nw\n' }), ['write a.py ""']);
  // what prints something, edits some lines, or writes a device is not a blank
  assert.deepEqual(blanked(['echo', 'hi'], { redirs: to('a.py') }), []);
  assert.deepEqual(blanked(['cat', 'b.py'], { redirs: to('a.py') }), []);
  assert.deepEqual(blanked([':'], { redirs: [{ op: '>>', fd: '1', target: 'a.py' }] }), []);
  assert.deepEqual(blanked(['cp', 'b.py', 'a.py']), []);
  assert.deepEqual(blanked(['ln', '-f', '/dev/null', 'a.py']), []);
  assert.deepEqual(blanked(['sed', '-i', '/^DEBUG/d', 'a.py']), []);
  assert.deepEqual(blanked(['sed', '1,$d', 'a.py']), []);
  assert.deepEqual(blanked(['perl', '-pi', '-e', 's/foo/bar/g', 'a.py']), []);
  assert.deepEqual(blanked(['vim', '-c', '%d', 'a.py']), []);
  assert.deepEqual(blanked(['dd', 'if=/dev/zero', 'of=/dev/sdb']), []);
});

test('source, history, data and manifests emptied are stopped; logs and scratch files pass', () => {
  for (const c of [
    'cat /dev/null > ~/project/src/index.ts',
    ': > src/app.py',
    '> lib/main.go',
    'cp /dev/null ~/project/src/app.py',
    'install -m 644 /dev/null ~/project/src/app.py',
    'tee ~/project/src/main.rs < /dev/null',
    'ln -sf /dev/null ~/project/src/main.py',
    "sed -i '1,$d' src/*.py",
    "perl -pi -e 's/.*//s' $(git ls-files)",
    "vim -es -c '%d' -c 'wq' src/main.py",
    "ed -s src/app.py <<< $',d\\nw'",
    'printf "" > ~/project/README.md',
    'dd if=/dev/urandom of=/home/dev/project/data/app.sqlite bs=1k count=100',
    'truncate -s 0 ~/project/*.db',
    'cp /dev/null ~/project/.git/HEAD',
    ': > ~/.ssh/id_ed25519',
    'true > /etc/resolv.conf',
  ])
    exec(c, 'stop');
  exec(': > ~/p/.git/packed-refs', 'deny');
  exec('cat /dev/null > /home/dev/app/.git/refs/heads/main', 'deny');
  for (const c of [
    '> /tmp/out.log',
    ': > logs/app.log',
    'truncate -s 0 logs/dev.log',
    'echo > notes.txt',
    'cp /dev/null /tmp/empty.txt',
    'dd if=/dev/zero of=/tmp/disk.img bs=1M count=64',
    ': > test.db',
    "sed -i '/^DEBUG/d' config/app.ini",
    'perl -pi -e "s/foo/bar/g" src/*.py',
    'tee src/config.json < config.template.json',
    "cat <<'EOF' > config.yaml",
  ])
    exec(c, 'pass');
});

// ------------------------------------------------------------------ recursive deletes

test('rm -r without -f deletes as much as rm -rf (no terminal, no prompt)', () => {
  for (const c of ['rm -r ~/project', 'rm -R ~/Documents', 'yes | rm -ri ~/project', 'echo y | rm -r ~/project'])
    exec(c, 'deny');
  for (const c of ['rm -r build', 'rm -r ./dist node_modules', 'rm -R /tmp/build-1']) exec(c, 'pass');
});

// ------------------------------------------------------------------ trash, listings, archives, disks

test('trash tools and listings given to rm delete what they name', () => {
  assert.deepEqual(
    lossReadings(['gio', 'trash', '~/project']).map((r) => r.text),
    ['rm -rf ~/project'],
  );
  assert.deepEqual(
    lossReadings(['rm', '-rf', '$(ls -A ~)']).map((r) => r.text),
    ['rm -rf ~/*'],
  );
  assert.deepEqual(
    lossReadings(['rm', '-f', '$(git ls-files)']).map((r) => r.text),
    ['rm -rf ./*'],
  );
  assert.deepEqual(lossReadings(['rm', '-f', '$(ls *.log)']), []);
  assert.deepEqual(lossReadings(['rm', '-rf', '$(find . -name node_modules -type d)']), []);
  for (const c of ['trash-put ~/Documents', 'gio trash ~/project', 'rm -rf $(ls -A ~)', 'rm -rf $(git ls-files)'])
    exec(c, 'deny');
  for (const c of ['trash ./dist', 'trash-put old-notes.md', 'rm -f $(ls *.log)']) exec(c, 'pass');
  // npm's delete tools, run through a package runner, are rm -rf
  for (const c of ['npx rimraf ~', 'npx rimraf ~/*', 'npx -y del-cli ~/project', 'bunx rimraf@5 ~']) exec(c, 'deny');
  for (const c of ['npx rimraf dist', 'npx rimraf node_modules coverage']) exec(c, 'pass');
});

test('archives unpacked over a home folder, the root or a system directory ask', () => {
  assert.deepEqual(
    lossReadings(['tar', '-xf', 'a.tar', '-C', '~']).map((r) => r.text),
    ['extracts-over ~'],
  );
  assert.deepEqual(
    lossReadings(['tar', '-xPf', 'a.tar']).map((r) => r.text),
    ['extracts-over /'],
  );
  assert.deepEqual(lossReadings(['tar', '-czf', 'a.tgz', '-C', '~', 'project']), []);
  for (const c of [
    'tar -xf /tmp/payload.tar -C ~ --overwrite',
    'unzip -o /tmp/payload.zip -d ~/',
    '7z x -aoa payload.7z -o/home/dev',
    'tar -C / -xzf update.tgz',
    'tar -xPf backup.tar',
    'tar --extract --file=x.tar --directory=/etc',
  ])
    exec(c, 'stop');
  for (const c of [
    'tar xzf deps.tgz -C ./vendor',
    'tar -C /usr/local -xzf go1.22.linux-amd64.tar.gz',
    'unzip -o release.zip -d vendor/',
    'tar xf x.tar',
    '7z x assets.7z -o./assets',
  ])
    exec(c, 'pass');
});

test('formatting a drive is denied on every platform; a filesystem inside an image file passes', () => {
  for (const c of [
    'format C: /q /y',
    'diskpart /s wipe.txt',
    'mkfs.ext4 /dev/sdb1',
    'Clear-Disk -Number 1 -RemoveData',
  ])
    exec(c, 'deny');
  for (const c of ['mkfs.ext4 /tmp/disk.img', 'mkfs.vfat -C build/boot.img 4096', 'mke2fs -F rootfs.img'])
    exec(c, 'pass');
  exec('java -jar bfg.jar --delete-files "*.py" .', 'stop');
});

// ------------------------------------------------------------------ filesystem MCP tools

test('filesystem MCP tools are decided as the rm or mv they amount to', () => {
  const cmds = (name: string, p: Record<string, unknown>) =>
    mcpFileEffects(name.split('_'), p, typeof p['path'] === 'string' ? p['path'] : undefined).map((e) => e.command);
  assert.deepEqual(cmds('delete_file', { path: '/home/dev/project' }), ['rm -rf /home/dev/project']);
  assert.deepEqual(cmds('delete_file', { path: '/home/dev/project/a.ts' }), ['rm -f /home/dev/project/a.ts']);
  assert.deepEqual(cmds('move_file', { source: 'src', destination: '/dev/null' }), ['mv src /dev/null']);
  assert.deepEqual(cmds('delete_issue', { path: 'x' }), []);
  assert.deepEqual(cmds('delete_file', { path: 'a b; rm -rf ~' }), []);
  expect('mcp', { tool: 'delete_file', path: '/home/dev/project' }, 'deny');
  expect('mcp', { tool: 'delete_directory', path: '/home/dev/project/src' }, 'deny');
  expect('mcp', { tool: 'move_file', source: '/home/dev/project/src', destination: '/dev/null' }, 'deny');
  expect('mcp', { tool: 'fs_remove', path: '/home/dev/Documents' }, 'deny');
  expect('mcp', { tool: 'delete_file', path: '/home/dev/project/tmp/scratch.txt' }, 'pass');
  expect('mcp', { tool: 'move_file', source: 'src/a.ts', destination: 'src/b.ts' }, 'pass');
  expect('mcp', { tool: 'delete_file', path: '/home/dev/project/dist' }, 'pass');
});

// ------------------------------------------------------------------ interpreters

test('interpreter code that walks a tree and removes what it finds deletes the tree', () => {
  assert.deepEqual(
    walkDeleteEffects('python', "for r,_,fs in os.walk('~'): os.remove(r)", 'python3 -c').map((e) => e.command),
    ['rm -rf ~'],
  );
  assert.deepEqual(
    walkDeleteEffects('ruby', 'Dir.glob("src/**/*.rb").each { |f| File.delete(f) }', 'ruby -e').map((e) => e.command),
    ['rm -f src/**/*.rb'],
  );
  assert.deepEqual(
    walkDeleteEffects('python', "[os.remove(f) for f in os.listdir('.') if f.endswith('.pyc')]", 'x'),
    [],
  );
  assert.deepEqual(walkDeleteEffects('python', "print(os.listdir('.'))", 'x'), []);
  for (const c of [
    'python3 -c "import os;[os.remove(os.path.join(r,f)) for r,_,fs in os.walk(os.path.expanduser(\'~\')) for f in fs]"',
    "node -e \"const fs=require('fs');for (const f of fs.readdirSync('/home/dev/project')) fs.rmSync('/home/dev/project/'+f,{recursive:true})\"",
    'php -r \'foreach (glob("/home/dev/project/*") as $f) unlink($f);\'',
  ])
    exec(c, 'deny');
  exec('ruby -e \'Dir.glob("/home/dev/project/**/*.rb").each { |f| File.delete(f) }\'', 'stop');
  for (const c of [
    "python3 -c \"import os; [os.remove(f) for f in os.listdir('.') if f.endswith('.pyc')]\"",
    'python3 -c "import glob,os; [os.remove(f) for f in glob.glob(\'dist/**\', recursive=True)]"',
    "node -e \"const fs=require('fs');for (const f of fs.readdirSync('build')) fs.rmSync('build/'+f,{recursive:true})\"",
  ])
    exec(c, 'pass');
});

test("arguments after inline code are the values it reads; Deno's home is the home", () => {
  for (const c of [
    'python3 -c "import shutil,sys; shutil.rmtree(sys.argv[1])" ~',
    'node -e "require(\'fs\').rmSync(process.argv[1],{recursive:true,force:true})" /home/dev/project',
    'ruby -e \'require "fileutils"; FileUtils.rm_rf(ARGV[0])\' ~/Documents',
    'deno eval "await Deno.remove(Deno.env.get(\'HOME\'), {recursive: true})"',
  ])
    exec(c, 'deny');
  for (const c of [
    'python3 -c "import sys; print(sys.argv[1])" ~',
    'node -e "console.log(process.argv[1])" hello',
    'python3 -c "import shutil,sys; shutil.rmtree(sys.argv[1])" build',
  ])
    exec(c, 'pass');
});

// ------------------------------------------------------------------ git

test('shared branches, every branch at once and forcing refspecs are stopped; feature branches pass', () => {
  exec("git push origin 'refs/heads/*' --force", 'deny');
  for (const c of [
    'git push origin :develop',
    'git push origin --delete release/2.3',
    'git push -d origin staging',
    'git push -f origin production',
    'git push origin +HEAD:refs/heads/trunk',
    'git config remote.origin.push "+refs/heads/*:refs/heads/*" && git push',
  ])
    exec(c, 'stop');
  for (const c of [
    'git push -f origin feature/x',
    'git push --force-with-lease origin feature/login',
    'git push origin --delete feature/old',
    'git push origin --delete develop-old',
    'git push origin :refs/heads/fix/typo',
    'git config remote.origin.push HEAD:refs/for/master',
    'git commit -m "never git push --force origin develop"',
  ])
    exec(c, 'pass');
});

// ------------------------------------------------------------------ databases

test('framework and migration wipes aimed at production or another machine are denied, at a dev database pass', () => {
  const reset = (argv: string[], assigns: { name: string; value: string }[] = []) =>
    dataResetEffects({ argv, quoted: argv.map(() => false), redirs: [], assigns, unsets: [] }).map((e) => e.command);
  assert.deepEqual(reset(['mix', 'ecto.drop'], [{ name: 'MIX_ENV', value: 'prod' }]), [
    'data-reset prod mix ecto.drop',
  ]);
  assert.deepEqual(reset(['liquibase', '--url=jdbc:postgresql://10.0.3.4/app', 'dropAll']), [
    'data-reset remote liquibase dropAll',
  ]);
  assert.deepEqual(
    reset(['npx', 'prisma', 'migrate', 'reset'], [{ name: 'DATABASE_URL', value: 'postgres://u@localhost/app' }]),
    [],
  );
  assert.deepEqual(reset(['mix', 'ecto.reset']), []);
  assert.deepEqual(reset(['mix', 'ecto.migrate'], [{ name: 'MIX_ENV', value: 'prod' }]), []);
  for (const c of [
    'DATABASE_URL=postgres://admin@prod-db:5432/app npx prisma db push --force-reset',
    'liquibase --url=jdbc:postgresql://prod-db/app dropAll',
    'MIX_ENV=prod mix ecto.drop',
    'flyway -url=jdbc:postgresql://10.0.3.4/app clean',
    'DATABASE_URL=$PROD_DATABASE_URL diesel database reset',
    'supabase db reset --linked',
    'npx sequelize-cli db:drop --env production',
    'migrate -path db/migrations -database postgres://admin@db.internal.acme.com/app drop -f',
    'goose -dir migrations postgres "host=prod-db user=x" reset',
  ])
    exec(c, 'deny');
  for (const c of [
    'supabase db reset',
    'mix ecto.reset',
    'RAILS_ENV=development bin/rails db:reset',
    'MIX_ENV=dev mix ecto.reset',
    'DATABASE_URL=postgres://postgres@localhost:5432/app_dev npx prisma migrate reset --force',
  ])
    exec(c, 'pass');
});

// ------------------------------------------------------------------ round two: finds, moves, system files, fleets

test('what a find deletes or blanks is read again in full; throwing away, parents, system files and fleets', () => {
  for (const c of [
    'find ~/project -mindepth 1 -not -path "*/.git*" -delete',
    'find src -type f -exec cp /dev/null {} \\;',
    'rm -rf "$(dirname "$PWD")"',
    'mv ~/project ~/.local/share/Trash/files/',
    'rm -f /etc/passwd',
    'pg_dropcluster --stop 14 main',
    "git push origin 'refs/heads/*' --force",
  ])
    exec(c, 'deny');
  for (const c of [
    'find . -name "*.go" -exec truncate -s 0 {} \\;',
    'rm -f /etc/nginx/sites-enabled/default',
    'docker compose -f docker-compose.prod.yml down -v',
    'git for-each-ref --format="%(refname:short)" refs/heads | xargs git branch -D',
    'ansible all -m file -a "path=/srv/app state=absent"',
  ])
    exec(c, 'stop');
  for (const c of [
    'find . -name "*.pyc" -delete',
    'find dist -type f -delete',
    'find . -name "*.log" -mtime +7 -delete',
    'find . -type d -name node_modules -prune -exec rm -rf {} +',
    'mv old.txt ~/.Trash/',
    'docker compose -f docker-compose.test.yml down -v',
    'git branch --merged main | grep -v main | xargs git branch -d',
  ])
    exec(c, 'pass');
});

test('local clusters, Actions caches and feature refs are routine; a repository deleted through the API is denied', () => {
  exec('gh api -X DELETE repos/acme/app', 'deny');
  exec('gh api --method DELETE /repos/acme/app', 'deny');
  exec('kubectl delete ns prod', 'deny');
  for (const c of [
    'gh api -X DELETE repos/acme/app/actions/caches?key=npm-cache',
    'gh cache delete --all',
    'kubectl delete namespace test-pr-123 --context kind-ci',
    'helm uninstall my-release --kube-context kind-dev',
  ])
    exec(c, 'pass');
});

test('a script find runs per path is read with the paths it gets; a project moved to /tmp is lost', () => {
  for (const c of [
    'find ~/project -type f -exec sh -c \': > "$1"\' _ {} \\;',
    'find ~/project -type f -exec bash -c \'rm -f "$@"\' _ {} +',
    'mv /home/dev/project /tmp/project-old',
  ])
    exec(c, 'deny');
  exec("find ~/project -type f -name '*.py' -exec sh -c 'echo > \"$1\"' _ {} \\;", 'stop');
  for (const c of [
    "find . -name '*.md' -exec sh -c 'wc -l \"$1\"' _ {} \\;",
    'find . -type f -exec sh -c \'echo "$1"\' _ {} \\;',
    'find dist -type f -exec sh -c \'rm -f "$1"\' _ {} \\;',
    'mv build /tmp/old-build',
    'mv ~/.cache/x /tmp/',
  ])
    exec(c, 'pass');
});

test('printf and echo -e escapes are decoded before the text reaches a database client', () => {
  assert.equal(decodeEscapes('\\x44\\x52\\x4f\\x50 TABLE t'), 'DROP TABLE t');
  assert.equal(decodeEscapes('\\104\\122OP'), 'DROP');
  assert.equal(decodeEscapes('plain text'), 'plain text');
  for (const c of [
    "printf '\\x44\\x52\\x4f\\x50 TABLE invoices;' | mysql billing",
    "echo -e '\\x44ROP TABLE users;' | psql -h prod-db",
  ])
    exec(c, 'deny');
  for (const c of ["printf 'hello %s\\n' world > out.txt", "printf '\\x41\\n' | cat"]) exec(c, 'pass');
});

test('a data-modifying CTE runs its DELETE or UPDATE in full', () => {
  expect('mcp', { tool: 'query', sql: 'WITH d AS (DELETE FROM events RETURNING *) SELECT count(*) FROM d' }, 'deny');
  expect('mcp', { tool: 'query', sql: 'WITH u AS (UPDATE users SET pw = NULL RETURNING id) SELECT 1' }, 'deny');
  // an event's own stamp is always before now (bulk11): the narrowing is an age
  expect(
    'mcp',
    { tool: 'query', sql: "WITH d AS (DELETE FROM events WHERE ts < now() - interval '90 days' RETURNING *) SELECT 1" },
    'pass',
  );
  expect('mcp', { tool: 'query', sql: 'WITH x AS (SELECT 1) SELECT * FROM x' }, 'pass');
});
