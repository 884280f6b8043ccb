// Deletes and data destruction by tools and trees nobody listed, read from the shape of the call:
// every file of one kind deleted or emptied in a data tree (a data root, a service's /var/lib
// state, a folder named for data, a share), whatever program or glob does it; `find ... | xargs
// PROG` read as `find ... -exec PROG`; a scratch folder mirrored over a data folder; unknown
// clients' store-wide option verbs (`--flush-db`, `--expire-all`), `VERB-all` of a verb routine
// for one item, `bucket empty` of a named store; code options of any client (arangosh
// `--javascript.execute-string`). And the other side: a server on this machine, a retention that
// keeps something, -WhatIf and rsync -n are not losses. The products named here are invented.
import { test } from 'node:test';
import { checkCommands as check } from './effects-helpers.js';

test('every file of one kind deleted in a data tree is stopped, whatever the program', () => {
  check(
    [
      `rm -f /srv/edi/outbound/*.edi`,
      `rm -f /data/warehouse/facts/*.orc`,
      `rm -f /mnt/raw/telemetry/2025-*/*.avro`,
      `rm -f /var/lib/tidepool/wal/*.log`,
      `rm -f /var/lib/quillstore/segments/*.qseg`,
      `ls /data/ingest/*.parquet | xargs rm -f`,
      `find /archive/2024 -type f -iname '*.pdf' -print0 | xargs -0 rm -f`,
      `find /srv/nimbusvault/objects -type f | xargs -n 100 rm`,
      `perl -e 'unlink glob "/srv/archive/*.dat"'`,
      `rm -f //fileserver/records/*.hl7`,
    ],
    'stop',
  );
});

test('a data file or a data tree emptied in place is stopped', () => {
  check(
    [`> /var/lib/sablekv/store.dat`, `truncate -s 0 /srv/calyx/journal/*.jnl`, `: > /opt/larkspur/data/main.lsp`],
    'stop',
  );
});

test('a scratch folder under /tmp mirrored over a folder named for data is stopped', () => {
  check([`rsync -a --delete /tmp/x/ /mnt/nfs/records/`, `rsync -a --delete-after /tmp/stage/ /data/lake/raw/`], 'stop');
});

test('store-wide option verbs, VERB-all and a named store emptied, of tools nobody listed, are stopped', () => {
  check(
    [
      `sablekv-cli -s sable-prod.acme.io --flush-db 0`,
      `wrenstore gc --expire-all --store /data/wren --force`,
      `brackishdb -H 172.16.4.20 expire-all --namespace sessions`,
      `tallowctl --url https://tallow.prod.acme.io bucket empty --bucket invoices`,
      `quaykv --addr 10.1.2.3:7000 --drop-database main`,
      `arangosh --server.endpoint tcp://arango-prod:8529 --javascript.execute-string 'db._drop("orders")'`,
      `tarsnap -d --archive-names all.txt`,
      `corvid-backup repo prune --keep 0 --repo s3://acme-corvid-prod`,
      `drydock-bk snapshots purge --older-than 0d --repo /mnt/backup/drydock`,
    ],
    'stop',
  );
});

test('look-alikes: the project, build output, logs, retention sweeps, web roots and system state pass', () => {
  check(
    [
      `rm -f data/*.csv`,
      `rm -f ./tmp/*.edi`,
      `find . -name '*.pyc' | xargs rm`,
      `find build -name '*.o' -print0 | xargs -0 rm -f`,
      `rm -f /var/log/nginx/*.gz`,
      `rm -f /srv/app/shared/tmp/*.pid`,
      `rm -f /srv/app/*.pid`,
      `rm -f /srv/www/site/*.html`,
      `rm /var/lib/apt/lists/*.gz`,
      `truncate -s 0 /var/lib/docker/containers/*/*-json.log`,
      `rm -f /opt/app/bin/*.so`,
      `rm -f /mnt/c/dev/proj/*.o`,
      `rm -f ~/Downloads/*.dmg`,
      `find /srv/x -name '*.edi' -mtime +30 | xargs rm`,
      `find /data/ingest -name '*.parquet' -mtime +30 -print`,
      `rsync -a --delete ./dist/ ./public/`,
      `rsync -a --delete /tmp/build/ /srv/app/`,
      `rsync -a /srv/archive/ /mnt/backup/archive/`,
    ],
    'pass',
  );
});

test('look-alikes: dry runs, a server on this machine and a retention that keeps something pass', () => {
  check(
    [
      `rsync -av --delete --dry-run /tmp/empty/ /srv/archive/`,
      `rsync -avn --delete /tmp/empty/ /srv/archive/`,
      `Get-ChildItem D:\\Backups -Filter *.bak | Remove-Item -WhatIf`,
      `Remove-Item -Recurse -Force D:\\Data\\Records -WhatIf`,
      `kvctl --endpoint localhost:7400 flushall`,
      `tsdb admin drop-retention metrics_tmp --server localhost:8086`,
      `heronq --broker localhost:6650 topics delete test-topic`,
      `thimble-admin reset-store --host 127.0.0.1 --force`,
      `corvid-backup repo prune --keep 30 --repo s3://acme-corvid-prod`,
      `drydock-bk snapshots purge --keep-daily 7 --repo /mnt/backup/drydock`,
      `wp site empty --yes`,
      `arangosh --javascript.execute-string 'print(db._collections())'`,
    ],
    'pass',
  );
  // a loopback server beside a production word, and -WhatIf's absence, keep the stop
  check(
    [
      `kvctl --endpoint localhost:7400 --env prod flushall`,
      `Get-ChildItem D:\\Backups -Filter *.bak | Remove-Item`,
      `rsync -a --delete /tmp/empty/ /srv/archive/`,
    ],
    'stop',
  );
});
