// Platform CLIs svc has no entry for, read by the shapes their subcommands take (shell-verbs.ts):
// `noun.verb` (govc vm.destroy), `noun-verb` (xe vm-destroy), a verb spelled as an option after a
// group word (hdfs dfs -rm), and the VM, GPU and data platforms whose deletes or halts aimed at
// production are read by prod-destroys.ts. Benign look-alikes: scratch and development targets,
// reads, and scaling that keeps instances running.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, run, type Case } from './effects-helpers.js';
import { verbReadings } from '../../src/policy/shell-verbs.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];

test('subcommands spelled noun.verb, noun-verb or as an option after dfs/fs are verbs', () => {
  const kinds = (line: string) => verbReadings(line.split(' ')).map((r) => r.kind);
  assert.deepEqual(kinds('govc vm.destroy /DC1/vm/web-01'), ['destroy']);
  assert.deepEqual(kinds('govc datastore.rm -ds ds1 backups'), ['destroy']);
  assert.deepEqual(kinds('xe vm-destroy uuid=1234'), ['destroy']);
  assert.deepEqual(kinds('virsh undefine web-01 --remove-all-storage'), ['destroy']);
  assert.deepEqual(kinds('hdfs dfs -rm -r -skipTrash /user/hive/warehouse/sales.db'), ['destroy']);
  assert.deepEqual(kinds('hadoop fs -rmr /data/events'), ['destroy']);
  assert.deepEqual(kinds('hdfs dfs -ls /user'), ['readonly']);
  assert.deepEqual(kinds('govc vm.info web-01'), ['readonly']);
  assert.deepEqual(kinds('ansible-playbook site.yml'), []);
});

test('platform deletes are asked and denied when aimed at production; scratch and reads pass', () => {
  check([
    x('D', 'govc vm.destroy /DC1/vm/prod-db-01'),
    x('D', 'govc datastore.rm -ds prod-datastore vm-backups'),
    x('D', 'virsh undefine prod-db --remove-all-storage'),
    x('D', 'hdfs dfs -rm -r -skipTrash /user/hive/warehouse/prod.db'),
    x('D', 'openstack server delete prod-web-01'),
    x('D', 'databricks clusters delete --cluster-id prod-etl-0412'),
    x('A', 'hadoop fs -rm -r -skipTrash /data/events/2024'),
    x('A', 'hdfs dfs -rm -R /user/hive/warehouse/analytics.db'),
    x('A', 'xe vm-destroy uuid=4f1c'),
    x('B', 'hdfs dfs -rm -r /tmp/dev/job-123-staging'),
    x('B', 'hdfs dfs -rm /user/dev/scratch/part-0000.csv'),
    x('B', 'hdfs dfs -rm /user/dev/out/part-0001.csv'),
    x('B', 'hdfs dfs -ls -R /user/hive/warehouse'),
    x('B', 'govc vm.info prod-app-01'),
    x('B', 'govc vm.destroy test-vm-scratch'),
  ]);
});

test('production services stopped, taken down or scaled to nothing are asked; other environments and scaling up pass', () => {
  check([
    x('A', 'modal app stop llm-inference-prod'),
    x('A', 'sky down prod-serving -y'),
    x('A', 'heroku ps:scale web=0 --app shop-prod'),
    x('A', 'flyctl scale count 0 -a shop-api-prod'),
    x('A', 'govc vm.power -off -force prod-app-02'),
    x('A', 'runpodctl stop pod prod-inference-01'),
    x('B', 'modal app stop dev-sandbox'),
    x('B', 'modal app list'),
    x('B', 'heroku ps:scale web=2 --app shop-prod'),
    x('B', 'sky down dev-cluster -y'),
    x('B', 'govc vm.power -on prod-app-02'),
  ]);
  assert.match(run('modal app stop llm-inference-prod').message, /down until someone brings it back/);
});
