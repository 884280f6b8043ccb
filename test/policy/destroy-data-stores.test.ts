// Where collected data lives, however it is reached: data platforms' and forges' data
// directories, a database's own files wherever its data directory is, variables naming such a
// directory, everything in a directory by a glob (delete-spellings.ts), a file emptied in place
// (a delete of its content, write-loss.ts), rsync --delete from an empty folder, project build
// files and data folders blanked, kept release archives, experiment stores and checkpoints.
// Benign look-alikes: caches, scratch folders, one intermediate checkpoint, logs reset, files
// empty by design.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, type Case } from './effects-helpers.js';
import { deleteSpellings } from '../../src/policy/delete-spellings.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];
const P = '/home/dev/project';

test('a glob naming every entry of a directory and ${NAME} are spellings of the delete', () => {
  assert.deepEqual(deleteSpellings('/data/warehouse/*', '/data/warehouse/*'), ['/data/warehouse']);
  assert.deepEqual(deleteSpellings('${PGDATA}/base', '/home/dev/project/${PGDATA}/base'), ['$PGDATA/base']);
  assert.deepEqual(deleteSpellings('logs/*.log', '/home/dev/project/logs/*.log'), []);
  assert.deepEqual(deleteSpellings('*/*', '/home/dev/project/*/*'), []);
});

test('data platforms, forges and artifact stores lose their data by any delete; scratch and caches pass', () => {
  check([
    x('D', 'rm -rf /data/warehouse/*'),
    x('D', 'rm -rf /var/lib/kafka/data'),
    x('D', 'rm -rf /var/lib/zookeeper/version-2'),
    x('D', 'find /mnt/datalake/raw -type f -delete'),
    x('D', 'rm -rf /var/opt/gitlab/git-data'),
    x('D', 'rm -rf /var/lib/jenkins/jobs'),
    x('D', 'rm -rf /opt/sonatype-work/nexus3/blobs'),
    x('D', 'rm -rf $PGDATA'),
    x('D', 'rm -rf "$AIRFLOW_HOME"'),
    x('D', 'rm -rf $AIRFLOW_HOME/ logs'),
    x('D', 'rm -rf ${DAGSTER_HOME}/storage'),
    x('D', 'rm -f /srv/pg/14/main/global/pg_control'),
    x('D', 'rsync -a --delete $(mktemp -d)/ /data/exports/'),
    x('D', 'mkdir -p /tmp/empty && rsync -a --delete /tmp/empty/ /mnt/datalake/landing/'),
    x('B', 'rm -rf /tmp/kafka-logs'),
    x('B', 'rm -rf ./spark-warehouse metastore_db derby.log'),
    x('B', 'rm -rf $AIRFLOW_HOME/logs/scheduler/2024-01-01'),
    x('B', 'rm -rf /tmp/spark-events/*'),
    x('B', 'rm -rf build/*'),
    x('B', 'rsync -a --delete ./site/ /home/dev/www-preview/'),
  ]);
});

test('release archives, experiment stores and training checkpoints are asked; one intermediate checkpoint and caches pass', () => {
  check([
    x('A', 'rm -rf ~/Library/Developer/Xcode/Archives'),
    x('A', 'rm -rf ~/Library/Developer/Xcode'),
    x('A', 'rm -rf ~/Library/Developer/Xcode/Archives/2024-*'),
    x('A', 'rm -rf /home/dev/project/mlruns'),
    x('A', 'rm -rf checkpoints/*'),
    x('A', 'rm -rf /home/dev/project/checkpoints/llama3-70b-sft-run7'),
    x('B', 'rm -rf ~/Library/Developer/Xcode/DerivedData'),
    x('B', 'rm -rf ~/Library/Developer/Xcode/DerivedData/ShopApp-*'),
    x('B', 'rm -rf ~/Library/Developer/CoreSimulator/Caches'),
    x('B', 'rm -rf outputs/checkpoint-500'),
    x('B', 'rm checkpoints/run-12/optimizer.pt'),
    x('B', 'rm -rf lightning_logs/version_3'),
  ]);
});

test('a file emptied in place is decided where its delete would be; build files and data folders blanked are asked', () => {
  check([
    x('D', 'truncate -s 0 /var/lib/kafka/data/*/*.log'),
    x('D', ': > /var/lib/mysql/ibdata1'),
    x('D', 'cp /dev/null /var/lib/redis/appendonly.aof'),
    x('D', 'cat /dev/null > /srv/postgres/data/global/pg_control'),
    x('A', 'truncate -s 0 /home/dev/project/data/*.jsonl'),
    x('A', 'truncate -s 0 datasets/*.csv'),
    x('A', ': > ios/Podfile'),
    x('A', 'echo -n > src/App/App.csproj'),
    ['A', 'write', { path: `${P}/ios/ShopApp.xcodeproj/project.pbxproj`, content: '' }],
    ['A', 'write', { path: `${P}/pom.xml`, content: '' }],
    ['A', 'mcp', { tool: 'write_file', path: `${P}/Cargo.toml`, content: '' }],
    x('B', 'truncate -s 0 logs/app.log'),
    x('B', ': > /var/lib/docker/containers/abc123/abc123-json.log'),
    x('B', 'truncate -s 0 outputs/results.jsonl'),
    x('B', ': > nohup.out'),
    ['B', 'write', { path: `${P}/src/__init__.py`, content: '' }],
    ['B', 'write', { path: `${P}/data/.gitkeep`, content: '' }],
    ['B', 'mcp', { tool: 'write_file', path: `${P}/tests/__init__.py`, content: '' }],
  ]);
});
