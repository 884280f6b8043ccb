// Data and services destroyed by other routes than a shell delete: a hosted service's client
// library called with a destroying verb, a migration tool's wipe run as a Maven goal or Gradle
// task, the files whose content is the data (datasets, model weights, documents) emptied, and
// every local branch or tag a substitution lists deleted. Routine look-alikes pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importedService, sdkVerbEffects } from '../../src/policy/effects/interp/sdk-verbs.js';
import { gitComputedReadings } from '../../src/policy/shell-verbs.js';
import { requestStatements } from '../../src/policy/effects/http-sql.js';
import { containersRemovedAll } from '../../src/policy/shell-containers.js';
import { namedForDestruction } from '../../src/policy/effects/sql.js';
import { check, type Case } from './effects-helpers.js';

const A = (command: string): Case => ['A', 'exec', { command }];
const D = (command: string): Case => ['D', 'exec', { command }];
const B = (command: string): Case => ['B', 'exec', { command }];

test('a catalogued service library is recognised by its import, in Python and in Node', () => {
  assert.equal(importedService('from huggingface_hub import delete_repo'), 'huggingface_hub');
  assert.equal(importedService('import google.cloud.firestore as fs'), 'google.cloud');
  assert.equal(importedService("const { Octokit } = require('@octokit/rest')"), '@octokit/rest');
  assert.equal(importedService("import { BlobServiceClient } from '@azure/storage-blob'"), '@azure/');
  assert.equal(importedService('import os, shutil'), undefined);
  assert.equal(importedService("const fs = require('fs')"), undefined);
});

test('a destroying call on a service library reads as cli-destroy sdk MODULE METHOD ARG', () => {
  const e = sdkVerbEffects("from huggingface_hub import delete_repo; delete_repo('acme/llm')", 'python -c');
  assert.deepEqual(
    e.map((x) => x.command),
    ['cli-destroy sdk huggingface_hub delete_repo acme/llm'],
  );
  assert.deepEqual(
    sdkVerbEffects("import pinecone; pinecone.delete_index('prod')", 'python -c').map((x) => x.command),
    ['cli-destroy sdk pinecone delete_index prod'],
  );
  // reading or downloading is not destroying; a list's remove() is not a service's data
  assert.deepEqual(sdkVerbEffects("from huggingface_hub import snapshot_download; snapshot_download('x')", 'p'), []);
  assert.deepEqual(sdkVerbEffects('import docker; x = [1]; print(x)', 'p'), []);
  assert.deepEqual(sdkVerbEffects('import json; d = {}; d.pop("a"); x.remove(1)', 'p'), []);
  // one named key of a key-value store is cache work
  assert.deepEqual(sdkVerbEffects("import redis; redis.Redis().delete('session:1')", 'p'), []);
});

test('hosted services deleted through their client libraries are stopped', () => {
  check([
    A(`python -c "from huggingface_hub import delete_repo; delete_repo('acme/llm-ft-v3')"`),
    A(`python3 -c "from github import Github; Github('t').get_repo('acme/api').delete()"`),
    A(`python3 -c "import pinecone; pinecone.init(api_key='k'); pinecone.delete_index('prod')"`),
    A(`python3 -c "from qdrant_client import QdrantClient; QdrantClient('q.prod').delete_collection('docs')"`),
    A(
      `node -e "const {Octokit}=require('@octokit/rest'); new Octokit({auth:process.env.T}).repos.delete({owner:'acme',repo:'api'})"`,
    ),
    A(
      `python3 -c "from kubernetes import client, config; config.load_kube_config(); client.CoreV1Api().delete_namespace('prod')"`,
    ),
    A(`python3 -c "import docker; [v.remove(force=True) for v in docker.from_env().volumes.list()]"`),
    A(`python3 -c "import wandb; api=wandb.Api(); [r.delete() for r in api.runs('acme/proj')]"`),
  ]);
  check([
    B(`python3 -c "from huggingface_hub import HfApi; print(HfApi().list_models(author='acme'))"`),
    B(`python3 -c "from huggingface_hub import snapshot_download; snapshot_download('bert-base-uncased')"`),
    B(`python3 -c "import redis; r=redis.Redis(); r.delete('session:1')"`),
    B(`python3 -c "x=[1,2]; x.remove(1); print(x)"`),
  ]);
});

test('Flyway and Liquibase wipes run as Maven goals or Gradle tasks are read with their target', () => {
  check([
    D('mvn liquibase:dropAll -Dliquibase.url=jdbc:postgresql://prod-db.acme.internal:5432/app'),
    D('./gradlew flywayClean -Dflyway.cleanDisabled=false -Dflyway.url=jdbc:postgresql://10.2.3.4:5432/app'),
    D('./mvnw flyway:clean -Dflyway.url=jdbc:mysql://db.prod.acme.io/app'),
    D('gradle :api:flywayClean -Pflyway.url=jdbc:postgresql://orders-primary.rds.amazonaws.com/orders'),
  ]);
  check([
    B('./gradlew flywayClean -Dflyway.url=jdbc:postgresql://localhost:5432/app_dev'),
    B('mvn flyway:migrate -Dflyway.url=jdbc:postgresql://prod-db/app'),
  ]);
});

test('files whose content is the data, emptied by any program, ask; logs and outputs pass', () => {
  check([
    A('truncate -s 0 /home/dev/project/data/raw/*.parquet /home/dev/models/*.safetensors'),
    A('truncate -s 0 data/train.parquet'),
    A('cp /dev/null models/model.pt'),
    A('for f in data/*.parquet; do : > "$f"; done'),
    A("find data -name '*.parquet' -exec truncate -s 0 {} +"),
    A('dd if=/dev/zero of=checkpoints/epoch-9.ckpt bs=1k count=1 conv=notrunc'),
    A('truncate -s 0 ~/Documents/*.docx'),
    A('truncate -s 0 notebooks/analysis.ipynb'),
  ]);
  check([B('truncate -s 0 logs/*.log'), B('truncate -s 0 logs/app.log'), B(': > results.csv'), B('> debug.log')]);
});

test('every branch or tag a substitution lists, deleted, reads as a delete of them all', () => {
  const computed = () => false;
  const w = (s: string) => s.split(' ');
  assert.deepEqual(gitComputedReadings(w('git branch -D $(git branch)'), computed), ['git branch -D *']);
  assert.deepEqual(gitComputedReadings(w('git tag -d $(git tag -l)'), computed), ['git tag -d *']);
  assert.deepEqual(gitComputedReadings(w('git branch -d $(git branch --merged)'), computed), []);
  check([
    A("git branch -D $(git branch --format='%(refname:short)' | grep -v '^main$')"),
    A("git branch --delete --force $(git for-each-ref --format='%(refname:short)' refs/heads/)"),
    A('git tag -d $(git tag -l)'),
  ]);
  check([
    B('git branch -d $(git branch --merged | grep -v main)'),
    B('git branch -D feature/old'),
    B('git tag -d v0.1.0-rc1'),
  ]);
});

test('a flush of a server the line names as this machine is a development reset; an unnamed or remote one is not', () => {
  check([
    B('redis-cli -h localhost FLUSHDB'),
    B('redis-cli -h 127.0.0.1 -n 2 flushdb'),
    B('redis-cli -h localhost FLUSHALL'),
  ]);
  check([D('redis-cli FLUSHDB'), D('redis-cli FLUSHALL'), D('redis-cli -h cache.prod FLUSHDB')]);
});

test('statements sent to a database over HTTP are read as the SQL they are', () => {
  assert.deepEqual(requestStatements('q=DROP%20DATABASE%20metrics'), ['DROP DATABASE metrics']);
  assert.deepEqual(requestStatements('{"stmt":"DROP TABLE doc.orders","args":[]}'), ['DROP TABLE doc.orders']);
  assert.deepEqual(requestStatements('TRUNCATE TABLE events'), ['TRUNCATE TABLE events']);
  assert.deepEqual(requestStatements('name=drop zone&size=2'), []);
  check([
    D(`curl -X POST 'http://localhost:8086/query' --data-urlencode 'q=DROP DATABASE metrics'`),
    D(`curl 'http://ch.internal:8123/?query=DROP%20TABLE%20events'`),
    D(`curl --data-binary 'TRUNCATE TABLE events' http://ch.internal:8123/`),
    D(
      `curl -s -XPOST http://crate:4200/_sql -H 'Content-Type: application/json' -d '{"stmt":"DROP TABLE doc.orders"}'`,
    ),
    D(`http POST trino:8080/v1/statement query='DELETE FROM hive.sales.orders'`),
  ]);
  check([
    B(`curl -G http://localhost:8086/query --data-urlencode 'q=SHOW DATABASES'`),
    B(`curl -d '{"query":"SELECT * FROM t"}' http://x/_sql`),
    B(`curl -X POST https://api.example.com/items -d 'name=drop zone'`),
    B('curl -s https://api.github.com/search/issues?q=drop+table'),
  ]);
});

test('a SQL script the line does not show is judged by its name and its database', () => {
  assert.equal(namedForDestruction('scripts/wipe_all_tables.sql'), true);
  assert.equal(namedForDestruction('drop_everything.sql'), true);
  assert.equal(namedForDestruction('nuke.sql'), true);
  assert.equal(namedForDestruction('migrations/003_drop_old_index.sql'), false);
  assert.equal(namedForDestruction('db/V12__drop_legacy.sql'), false);
  assert.equal(namedForDestruction('seed.sql'), false);
  assert.equal(namedForDestruction('dropdown_options.sql'), false);
  check([
    A('psql -d prod -f scripts/wipe_all_tables.sql'),
    A('mysql prod < drop_everything.sql'),
    A('psql -h db.internal -U admin app < nuke.sql'),
  ]);
  check([
    B('psql -d app_dev -f scripts/wipe_all_tables.sql'),
    // a production change (asked), though not a destruction
    A('psql -d prod -f migrations/003_drop_old_index.sql'),
    B('psql -d app -f seed.sql'),
    B('mysql app < schema.sql'),
  ]);
});

test("a repository's HEAD, refs, objects and index written by hand are denied", () => {
  check([
    ['D', 'write', { path: '/home/dev/project/.git/HEAD', content: 'ref: refs/heads/nonexistent\n' }],
    ['D', 'edit', { path: '/home/dev/project/.git/refs/heads/main', old_string: 'a', new_string: 'b' }],
    D("echo 'ref: refs/heads/gone' > .git/HEAD"),
    D("printf '0000000000000000000000000000000000000000\\n' > .git/refs/heads/main"),
  ]);
  check([
    ['B', 'write', { path: '/home/dev/project/.git/info/exclude', content: '.idea\n' }],
    ['B', 'write', { path: '/home/dev/project/src/git/HEAD.ts', content: 'export {}\n' }],
  ]);
});

test('a runbook that mentions DROP DATABASE runs nothing', () => {
  check([
    [
      'B',
      'write',
      {
        path: '/home/dev/project/docs/runbooks/incident-db-restore.md',
        content:
          '# Restoring the DB\n1. `pg_restore -d app latest.dump`\n2. Never run `DROP DATABASE` on prod without a snapshot.\n',
      },
    ],
    B('bin/rails db:reset RAILS_ENV=test'),
  ]);
  check([D('bin/rails db:reset RAILS_ENV=production')]);
});

test('every container force-removed at once asks; named ones and prunes of stopped ones pass', () => {
  const none = () => false;
  assert.equal(containersRemovedAll(['docker', 'rm', '-f', '$(docker ps -aq)'], none), 'containers-removed-all docker');
  assert.equal(containersRemovedAll(['podman', 'rm', '-af'], none), 'containers-removed-all podman');
  assert.equal(containersRemovedAll(['docker', 'rm', '$(docker ps -aq)'], none), null);
  assert.equal(containersRemovedAll(['docker', 'rm', '-f', 'api-test-1'], none), null);
  check([
    A('docker rm -f $(docker ps -aq)'),
    A('podman rm -af'),
    A('docker ps -aq | xargs docker rm -f'),
    A('docker container rm --force $(docker container ls -aq)'),
    A('for c in $(docker ps -q); do docker rm -f $c; done'),
  ]);
  check([
    B('docker rm -f api-test-1'),
    B('docker container prune -f'),
    B('docker rm $(docker ps -aq -f status=exited)'),
    B('docker rm -f $(docker ps -aq --filter label=com.docker.compose.project=project)'),
    B('docker rm -f $(docker ps -aqf name=api-test)'),
  ]);
});
