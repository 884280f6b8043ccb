// Destruction read by what it takes, not by how it is spelled: recursive deletes of folders
// outside the project that are neither disposable nor system (wide-deletes.ts), data files
// emptied in place, retention settings cut to one copy or one day (retention-cuts.ts), reverts
// to a snapshot (snapshot-reverts.ts), and the spellings that hid them (sh -c positionals,
// glued verb-noun subcommands, multi-part method names, several paths to one rmtree, Clear-Content).
// Each mechanism is checked on the shipped standard profile's decision and on the look-alikes a
// developer, researcher or operator runs every day.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decide, meets, type Want, checkCommands as check } from './effects-helpers.js';
import { wideTarget, dataFileTarget } from '../../src/policy/effects/wide-deletes.js';
import { cutTo } from '../../src/policy/effects/retention-cuts.js';

test('a recursive delete is judged by its target whatever program or host does it', () => {
  check(
    [
      'rm -rf /mnt/nas/photos',
      'T=/mnt/nas/photos; rm -rf "$T"',
      "ssh admin@synology 'rm -rf /volume1/homes'",
      "ssh root@esxi01 'rm -rf /vmfs/volumes/datastore1/*'",
      'Rscript -e \'unlink("/data/lab/raw_reads", recursive=TRUE)\'',
      'cd /data/lab && rm -rf raw_reads',
      'Rscript -e \'unlink("/project/lab/analysis", recursive=TRUE, force=TRUE)\'',
      'mkdir -p /tmp/empty && rsync -a --delete /tmp/empty/ /project/lab/references/',
      "find /project/lab -name '*.bam' -mtime +30 -delete",
      'rm -rf ~/research',
    ],
    'stop',
    'wide-deletes',
  );
  check(['cmd /c rd /s /q D:\\GameAssets'], 'stop');
});

test('build output, caches, scratch, the project and installed software stay routine', () => {
  check(
    [
      'rm -rf /tmp/pipeline_run',
      'rm -rf ~/projects/app/node_modules',
      'rm -rf ~/Library/Caches/com.apple.dt.Xcode',
      'rm -rf ~/.local/share/nvim/lazy',
      'rm -rf /workspaces/app/coverage /workspaces/app/.turbo',
      'rm -rf ~/go/pkg/mod/cache/download',
      'rm -rf /scratch/$USER/run_42',
      "find ~/projects/app -name '*.pyc' -delete",
      "find /project/lab -name '*.tmp' -delete",
      'rm -rf /project/lab/pipeline/work/3a/',
      'rm -rf /mnt/c/Users/dev/projects/app/node_modules',
      'python3 -c "import shutil; shutil.rmtree(\'/tmp/pipeline_run\')"',
      'rm -rf build/ dist/ *.egg-info',
      'cd /home/dev/project && rm -rf build/ dist/ *.egg-info && python -m build',
      'rsync -a --delete ./site/ /var/www/preview/',
      // build output by its usual variants, and a job folder in scratch under a storage root
      'rm -rf /home/dev/alpha/build-release',
      'rm -rf ~/alpha/cmake-build-debug',
      'rm -rf ~/game/dist-win64',
      'rm -rf /data/scratch/dev/job-1234',
    ],
    'pass',
  );
  check(['rm -rf /data/scratch/dev', 'rm -rf ~/backups/2023', 'rm -rf ~/builder'], 'stop');
  assert.equal(wideTarget('./data'), undefined);
  assert.equal(wideTarget('/usr/local/go'), undefined);
  assert.equal(wideTarget('/opt/homebrew/Cellar/node'), undefined);
  assert.match(wideTarget('/srv/share/*') ?? '', /one or two levels/);
  assert.match(wideTarget('/cohort2024/run7/reads') ?? '', /outside any home/);
  assert.equal(wideTarget('/app/src/generated'), undefined);
});

test('a data file emptied in place outside the project is a delete of its content', () => {
  check(
    [
      'cat /dev/null > ~/papers/chapter3.tex',
      'truncate -s 0 /project/lab/cohort/*.vcf.gz',
      'Clear-Content D:\\Finance\\ledger.xlsx',
      'Clear-Content C:\\ProgramData\\MySQL\\data\\*.ibd',
    ],
    'stop',
  );
  check(
    [': > /tmp/x.csv', '> out.csv', 'cat /dev/null > ~/projects/app/debug.log', 'Clear-Content .\\logs\\app.log'],
    'pass',
  );
  assert.equal(dataFileTarget('/tmp/run/x.parquet'), undefined);
  assert.equal(dataFileTarget('/data/exports/*'), undefined);
  assert.match(dataFileTarget('/data/exports/q1.xlsx') ?? '', /q1\.xlsx/);
});

test('a retention cut to one copy or one day is asked, whatever the tool', () => {
  check(
    [
      'restic -r s3:s3.amazonaws.com/corp-backups forget --keep-within 1h --prune',
      'borg prune --keep-last=1 /mnt/borg/repo',
      'az sql db ltr-policy set --weekly-retention P0W -g rg -s srv -n db',
      'influx bucket update --id 0a1b --retention 1h',
    ],
    'stop',
    'retention-cuts',
  );
  check(
    [
      'restic -r /mnt/backup forget --keep-daily 7 --keep-weekly 4 --prune',
      'restic forget --keep-last 1 --keep-daily 7',
      'borg prune --keep-daily=7 --keep-weekly=4 /mnt/borg/repo',
      'influx bucket create --name metrics --retention 30d',
      'prometheus --config.file=prometheus.yml --storage.tsdb.retention.time=15d',
      'git worktree prune --expire 1.hour.ago',
      'aws logs describe-log-groups --log-group-name-prefix /prod',
    ],
    'pass',
  );
  assert.equal(cutTo('retentionms', '1000'), true);
  assert.equal(cutTo('retentionms', '604800000'), false);
  assert.equal(cutTo('retentionindays', '1'), true);
  assert.equal(cutTo('keeplast', '3'), false);
  assert.equal(cutTo('keepwithin', '0y0m0d1h'), true);
  assert.equal(cutTo('retention', '-1'), false);
  assert.equal(cutTo('ttl', '60'), undefined);
});

test('going back to a snapshot is asked; taking one or a deploy rollback is not this reading', () => {
  check(
    [
      'zfs rollback -r tank/home@2023-01-01',
      'qm rollback 100 pre-upgrade',
      'VBoxManage snapshot win10 restore base',
      'lvconvert --merge vg0/snap1',
    ],
    'stop',
    'snapshot-reverts',
  );
  check(
    ['zfs snapshot -r tank@nightly', 'qm snapshot 100 pre-upgrade', 'qm listsnapshot 100', 'zfs list -t snapshot'],
    'pass',
  );
});

test('spellings that hid a destroy: positionals, glued verbs, method names, several paths', () => {
  check(
    [
      'sh -c \'rm -rf "$0"\' /home/alice',
      'bash -c \'rm -rf "$1"\' _ /srv/data',
      'VBoxManage unregistervm "Windows Build" --delete',
      'vmrun deleteVM /vms/win.vmx',
      "ssh root@truenas.lan 'midclt call pool.dataset.delete tank/media'",
      'perl -e \'use File::Path qw(remove_tree); remove_tree("/home/dev/sites/x/storage", "/home/dev/backups")\'',
    ],
    'stop',
  );
  check(["sh -c 'echo building $0' app", 'VBoxManage list vms', 'midclt call pool.dataset.query', 'ls src/rm'], 'pass');
});

test('an API endpoint named for a destroy action is asked, whatever the client; pages are not', () => {
  const fetches = (urls: string[], want: Want) => {
    const wrong = urls.filter((url) => !meets(decide('fetch', { url }), want));
    assert.deepEqual(wrong, []);
  };
  fetches(
    [
      'https://api.cloudflare.com/client/v4/zones/9a78/purge_cache',
      'https://whm1.example.net:2087/json-api/removeacct?api.version=1&user=kestrelo',
      'https://panel.example.net/api/v1/servers/9/delete',
      'https://admin.example.net/index.php?action=deleteuser&id=4',
    ],
    'stop',
  );
  fetches(
    [
      'https://docs.cloudflare.com/cache/how-to/purge-cache/',
      'https://example.com/blog/delete-files',
      'https://registry.npmjs.org/delete-empty',
      'https://api.github.com/repos/acme/app/pulls',
    ],
    'pass',
  );
  check(["curl 'https://whm1.example.net:2087/json-api/removeacct?user=kestrelo'"], 'stop', 'http-action-destroys');
});

test('a site alias before the subcommand does not hide the verb', () => {
  check(['wp @acme-prod plugin delete --all', 'wp @kestrel-prod theme delete --all --force'], 'stop');
  check(['wp @acme-staging plugin list', 'drush @live status'], 'pass');
});
