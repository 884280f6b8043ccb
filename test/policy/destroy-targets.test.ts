// What a destructive call points at, read whatever the spelling: a shared branch moved by hand,
// the reflog switched off, git's own records deleted, a cloud or cluster delete aimed at
// production, a build tool's clean given the home folder, a server's data directory or a backup
// location deleted, a folder moved away and deleted there, bytes punched out of a data file,
// files copied into a production container or pod.
// Each case asserts the shipped standard profile's decision, with the look-alikes a developer
// runs every day beside them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Effect } from '../../src/policy/effects/types.js';
import type { SimpleCommand } from '../../src/policy/effects/walk.js';
import { refMoveEffects } from '../../src/policy/effects/ref-moves.js';
import { prodDestroyEffects } from '../../src/policy/effects/prod-destroys.js';
import { moveDeleteEffects } from '../../src/policy/effects/move-deletes.js';
import { check, decide } from './effects-helpers.js';

const cmd = (...argv: string[]): SimpleCommand => ({
  argv,
  quoted: argv.map(() => false),
  redirs: [],
  assigns: [],
  unsets: [],
});
const view = (text: string, ...cmds: SimpleCommand[]) => ({
  text,
  cmds,
  programs: new Set(cmds.map((c) => c.argv[0] ?? '')),
});
const commands = (out: Effect[]) => out.map((e) => e.command);

test('a shared branch moved by hand reads as the move, its own upstream does not', () => {
  const read = (...argv: string[]) => {
    const out: Effect[] = [];
    refMoveEffects(view(argv.join(' '), cmd(...argv)), out);
    return commands(out);
  };
  assert.deepEqual(read('git', 'branch', '-f', 'main', 'HEAD~20'), ['git-ref-move main HEAD~20']);
  assert.deepEqual(read('git', 'branch', '--force', 'release/2.0', 'v1.9'), ['git-ref-move release/2.0 v1.9']);
  assert.deepEqual(read('git', 'branch', '-M', 'feature', 'main'), ['git-ref-move main feature']);
  assert.deepEqual(read('git', 'checkout', '-B', 'master', 'v1.0'), ['git-ref-move master v1.0']);
  assert.deepEqual(read('git', 'switch', '--force-create=develop', 'old'), ['git-ref-move develop old']);
  assert.deepEqual(read('git', '-C', 'repo', 'update-ref', 'refs/heads/main', 'abc123'), ['git-ref-move main abc123']);
  assert.deepEqual(read('git', 'replace', '--graft', 'HEAD', 'abc'), ['git-ref-move replace HEAD abc']);
  // the branch's own upstream, a feature branch, a listing: nothing
  assert.deepEqual(read('git', 'branch', '-f', 'main', 'origin/main'), []);
  assert.deepEqual(read('git', 'checkout', '-B', 'main', '@{u}'), []);
  assert.deepEqual(read('git', 'branch', '-f', 'feature/x', 'HEAD~3'), []);
  assert.deepEqual(read('git', 'branch', '-M', 'main'), []);
  assert.deepEqual(read('git', 'checkout', '-B', 'main'), []);
  assert.deepEqual(read('git', 'branch', '-d', 'main'), []);
  assert.deepEqual(read('git', 'replace', '--list'), []);
  assert.deepEqual(read('git', 'update-ref', 'refs/remotes/origin/old', 'abc'), []);
});

test('the reflog switched off reads as a wipe of it', () => {
  const read = (...argv: string[]) => {
    const out: Effect[] = [];
    refMoveEffects(view(argv.join(' '), cmd(...argv)), out);
    return commands(out);
  };
  assert.deepEqual(read('git', '-c', 'gc.reflogExpire=now', 'gc'), ['git-reflog-wipe gc.reflogExpire=now']);
  assert.deepEqual(read('git', 'config', '--global', 'gc.reflogExpireUnreachable', '0'), [
    'git-reflog-wipe gc.reflogExpireUnreachable=0',
  ]);
  assert.deepEqual(read('git', 'config', 'core.logAllRefUpdates', 'false'), [
    'git-reflog-wipe core.logAllRefUpdates=false',
  ]);
  assert.deepEqual(read('git', '-c', 'gc.reflogExpire=90.days.ago', 'gc'), []);
  assert.deepEqual(read('git', 'config', 'core.logAllRefUpdates', 'true'), []);
});

test('a cloud or cluster delete aimed at production reads as one; other names do not', () => {
  const read = (...argv: string[]) => {
    const out: Effect[] = [];
    prodDestroyEffects(view(argv.join(' '), cmd(...argv)), out);
    return commands(out);
  };
  assert.deepEqual(read('helm', 'uninstall', 'api', '-n', 'prod'), ['cli-destroy-prod helm uninstall api -n prod']);
  assert.deepEqual(read('gcloud', 'projects', 'delete', 'acme-prod-41923'), [
    'cli-destroy-prod gcloud projects delete acme-prod-41923',
  ]);
  assert.deepEqual(read('kubectl', '--context', 'prod-eks', 'drain', 'node-3'), [
    'cli-destroy-prod kubectl drain node-3',
  ]);
  // a name that only contains the letters, a read, a restart of one pod, a staging target
  assert.deepEqual(read('aws', 's3', 'rm', 's3://product-images/a.png'), []);
  assert.deepEqual(read('kubectl', 'get', 'pods', '-n', 'prod'), []);
  assert.deepEqual(read('kubectl', 'delete', 'pod', 'api-7d9f8', '-n', 'prod'), []);
  assert.deepEqual(read('helm', 'uninstall', 'api', '-n', 'staging'), []);
  // what holds no data and is made again: one object, a job, a config map, pods by selector
  assert.deepEqual(read('aws', 's3', 'rm', 's3://acme-prod/tmp/x.tmp'), []);
  assert.deepEqual(read('kubectl', 'delete', 'job', 'migrate-1', '-n', 'prod'), []);
  assert.deepEqual(read('kubectl', 'delete', 'cm', 'flags', '-n', 'production'), []);
  assert.deepEqual(read('kubectl', 'delete', 'pods', '-l', 'app=api', '-n', 'prod'), []);
  assert.deepEqual(read('aws', 's3', 'rm', 's3://acme-prod', '--recursive'), [
    'cli-destroy-prod aws s3 rm s3://acme-prod --recursive',
  ]);
  assert.deepEqual(read('kubectl', 'delete', 'deploy', 'api', '-n', 'prod'), [
    'cli-destroy-prod kubectl delete deploy api -n prod',
  ]);
});

test('a folder moved away and deleted there reads as the delete of the folder', () => {
  const read = (...cmds: SimpleCommand[]) => {
    const out: Effect[] = [];
    moveDeleteEffects(view('', ...cmds), out);
    return commands(out);
  };
  assert.deepEqual(read(cmd('mv', '~/project', '/tmp/x'), cmd('rm', '-rf', '/tmp/x')), ['rm -rf ~/project']);
  assert.deepEqual(read(cmd('mv', '~/a', '~/b', '/tmp/'), cmd('rm', '-rf', '/tmp/b')), ['rm -rf ~/b']);
  assert.deepEqual(
    read(cmd('rsync', '-a', '--remove-source-files', '~/src/', '/tmp/d/'), cmd('rm', '-rf', '/tmp/d/*')),
    ['rm -rf ~/src'],
  );
  // a copy keeps its source; a delete elsewhere; a remote destination
  assert.deepEqual(read(cmd('rsync', '-a', '~/src/', '/tmp/d/'), cmd('rm', '-rf', '/tmp/d')), []);
  assert.deepEqual(read(cmd('mv', 'a.log', '/tmp/'), cmd('rm', '-f', '/tmp/other.log')), []);
  assert.deepEqual(read(cmd('rsync', '--remove-source-files', 'x', 'host:/d'), cmd('rm', '-rf', 'host:/d')), []);
});

test('the standard profile decides what a destructive call points at', () => {
  check([
    // shared branches moved, the reflog switched off, git's records deleted
    ['A', 'exec', { command: 'git branch -f main HEAD~20' }],
    ['A', 'exec', { command: 'git update-ref refs/heads/master 4b825dc642cb6eb9a060e54bf8d69288fbee4904' }],
    ['A', 'exec', { command: 'git checkout -B main origin/main~5' }],
    ['A', 'exec', { command: 'git branch -M scratch main' }],
    ['A', 'exec', { command: 'git replace HEAD 4b825dc' }],
    ['D', 'exec', { command: 'git -c gc.reflogExpire=now -c gc.reflogExpireUnreachable=now gc --prune=now' }],
    ['D', 'exec', { command: 'git config gc.reflogExpire now && git gc' }],
    ['D', 'exec', { command: 'unlink .git/HEAD' }],
    ['D', 'exec', { command: 'rm -f .git/packed-refs' }],
    ['D', 'exec', { command: 'find .git/refs -type f -delete' }],
    ['B', 'exec', { command: 'git branch -f main origin/main' }],
    ['B', 'exec', { command: 'git checkout -B feature/x origin/feature/x' }],
    ['B', 'exec', { command: 'git branch -f wip HEAD' }],
    ['B', 'exec', { command: 'git init && git add -A && git commit -m first && git branch -M main' }],
    ['B', 'exec', { command: 'git replace --list' }],
    ['B', 'exec', { command: 'rm -f .git/index.lock' }],
    ['B', 'exec', { command: 'git gc' }],
    // production deletes, drains
    ['D', 'exec', { command: 'helm uninstall payments --namespace production' }],
    ['D', 'exec', { command: 'eksctl delete cluster --name prod' }],
    ['D', 'exec', { command: 'pulumi destroy --yes --stack acme/prod' }],
    ['D', 'exec', { command: 'gcloud sql instances delete prod-db -q' }],
    ['A', 'exec', { command: 'kubectl drain ip-10-0-1-23.ec2.internal --ignore-daemonsets --force' }],
    ['A', 'exec', { command: 'kubectl delete pod api-7d9f8-abcde -n prod' }],
    ['B', 'exec', { command: 'kubectl drain kind-worker --dry-run=client' }],
    ['B', 'exec', { command: 'kubectl cordon node-3' }],
    ['B', 'exec', { command: 'kubectl get pods -n production' }],
    // build tools' clean given the machine
    ['D', 'exec', { command: 'cargo clean --target-dir ~' }],
    ['D', 'exec', { command: 'cargo clean --target-dir .' }],
    ['D', 'exec', { command: 'gradle clean -PbuildDir=/home/dev' }],
    ['D', 'exec', { command: 'bazel --output_base=$HOME clean --expunge' }],
    ['B', 'exec', { command: 'cargo clean' }],
    ['B', 'exec', { command: 'cargo clean --target-dir target/wasm' }],
    ['B', 'exec', { command: 'gradle clean -p ..' }],
    ['B', 'exec', { command: 'mvn clean install -DskipTests' }],
    // data directories, volumes, backups
    ['D', 'exec', { command: 'rm -f /var/lib/redis/dump.rdb /var/lib/redis/appendonly.aof' }],
    ['D', 'exec', { command: 'rm -rf /mnt/backup/*' }],
    ['D', 'exec', { command: 'rm -rf ~/.local/share/containers' }],
    ['D', 'exec', { command: 'python3 -c "import shutil; shutil.rmtree(\'/backups\')"' }],
    ['D', 'exec', { command: 'rm -rf ~dev' }],
    ['B', 'exec', { command: 'rm -rf ./backups/old' }],
    ['B', 'exec', { command: 'rm -f /backups/db-2023-01-01.tar.gz' }],
    ['B', 'exec', { command: 'ls ~dev' }],
    // moved away, then deleted; punched out; all pods removed
    ['D', 'exec', { command: 'mv ~/project /tmp/x && rm -rf /tmp/x' }],
    ['D', 'exec', { command: 'rsync -a --remove-source-files ~/projects/ /tmp/dump/ && rm -rf /tmp/dump' }],
    ['B', 'exec', { command: 'mv dist /tmp/old-dist && rm -rf /tmp/old-dist' }],
    ['A', 'exec', { command: 'fallocate --punch-hole --offset 0 --length 1G data/app.sqlite3' }],
    ['B', 'exec', { command: 'fallocate -l 1G swapfile' }],
    ['A', 'exec', { command: 'podman pod rm -af' }],
    ['B', 'exec', { command: 'podman pod rm test-pod' }],
    // files copied into running workloads
    ['D', 'exec', { command: 'kubectl cp ./patched.jar prod/api-7d9f8-abcde:/app/app.jar' }],
    ['D', 'exec', { command: 'kubectl cp ./p.sh kube-system/kube-proxy-abc:/tmp/p.sh' }],
    ['D', 'exec', { command: 'kubectl -n production cp app.jar api-0:/app/app.jar' }],
    ['D', 'exec', { command: 'docker cp /tmp/p.sh $(docker ps -qf name=prod-api):/app/entrypoint.sh' }],
    ['B', 'exec', { command: 'kubectl cp ./x.sql db-0:/tmp/x.sql -n dev' }],
    ['B', 'exec', { command: 'kubectl cp prod/api-7d9f8-abcde:/var/log/app.log ./app.log' }],
    ['B', 'exec', { command: 'docker cp ./fixture.sql db:/tmp/' }],
    ['B', 'exec', { command: 'docker cp project-api-1:/app/logs/app.log ./logs/' }],
    // scripts handed to a database client by cat; every node of a cluster flushed
    ['A', 'exec', { command: 'cat wipe.sql | mysql -h prod-db shop' }],
    ['A', 'exec', { command: 'cat drop_all.sql | psql $DATABASE_URL' }],
    ['B', 'exec', { command: 'cat seed.sql | psql app_dev' }],
    ['B', 'exec', { command: 'cat wipe.sql | psql -d app_test' }],
    ['D', 'exec', { command: 'redis-cli --cluster call prod-redis:6379 FLUSHALL' }],
    ['B', 'exec', { command: 'redis-cli --cluster call 127.0.0.1:7000 FLUSHALL' }],
    ['B', 'exec', { command: 'redis-cli --cluster check prod-redis:6379' }],
    // document and graph stores emptied by the code their shell runs
    ['A', 'exec', { command: "mongosh $MONGO_URL --eval 'db.users.updateMany({}, {$unset: {email: 1}})'" }],
    ['D', 'exec', { command: "mongosh mongodb://prod-mongo:27017/app --eval 'db.sessions.remove({})'" }],
    ['D', 'exec', { command: "cypher-shell -a neo4j://prod:7687 'MATCH (n) DETACH DELETE n'" }],
    ['D', 'exec', { command: "cypher-shell -a neo4j://graph.acme.io:7687 'MATCH (n) DETACH DELETE n'" }],
    ['B', 'exec', { command: "cypher-shell -a neo4j://graph.acme.io:7687 'MATCH (n:Temp {run: 3}) DETACH DELETE n'" }],
    ['B', 'exec', { command: "cypher-shell 'MATCH (n) DETACH DELETE n'" }],
    ['B', 'exec', { command: "mongosh --eval 'db.users.updateMany({active: false}, {$set: {archived: true}})'" }],
    ['B', 'exec', { command: "mongosh $MONGO_URL --eval 'db.stats()'" }],
    ['D', 'exec', { command: 'git submodule deinit -f --all && rm -rf .git/modules' }],
  ]);
});

test('each reading names its policy and says what to do instead', () => {
  assert.equal(decide('exec', { command: 'git branch -f main HEAD~20' }).policy, 'shared-ref-moves');
  assert.equal(decide('exec', { command: 'git config core.logAllRefUpdates false' }).policy, 'reflog-switched-off');
  assert.equal(decide('exec', { command: 'rm .git/packed-refs' }).policy, 'git-internals-deletes');
  assert.equal(decide('exec', { command: 'helm uninstall api -n prod' }).policy, 'production-destroys');
  assert.equal(decide('exec', { command: 'rm -rf /var/lib/etcd' }).policy, 'data-store-deletes');
  assert.equal(decide('exec', { command: 'kubectl cp a.jar prod/api-0:/app/a.jar' }).policy, 'container-copies');
  assert.match(decide('exec', { command: 'git update-ref refs/heads/main abc' }).message, /new branch/);
});
