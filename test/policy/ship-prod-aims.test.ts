// Any tool's change aimed at production or a main network by its target option, the verb's
// object or a share (src/policy/effects/prod-aims.ts), with the look-alikes that stay allowed:
// staging and test networks, reads, dry runs, copies from production.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, decide } from './effects-helpers.js';

test('a change aimed at production or a main network is asked, whatever the tool', () => {
  check([
    ['A', 'exec', { command: "fs_cli -H fs-prod-01.voice.lan -p $P -x 'fsctl shutdown restart'" }],
    ['A', 'exec', { command: "zapctl --host pbx-prod-2 -x 'core restart now'" }],
    ['A', 'exec', { command: "chainctl send $GOV 'castVote(uint256,uint8)' 12 1 --rpc-url mainnet" }],
    ['A', 'exec', { command: "bash -c 'NET=main; npx quarkhat run scripts/upgrade-proxy.ts --network ${NET}net'" }],
    ['A', 'exec', { command: 'syncer suspend source --all --context prod-eu-1' }],
    ['A', 'exec', { command: 'nodectl drain prod-worker-3 --force' }],
    ['A', 'exec', { command: 'procmgr restart shop-prod' }],
    ['A', 'exec', { command: 'robocopy .\\publish \\\\web-prod01\\c$\\inetpub\\wwwroot\\portal /MIR /R:1' }],
    ['A', 'exec', { command: 'mirrorcopy ./dist //files-prd2/www/app' }],
    ['A', 'exec', { command: 'curl -X POST https://admin.prod.acme.io/api/services/web/restart' }],
    ['A', 'exec', { command: 'APP_ENV=prod php bin/console cache:clear' }],
    ['A', 'exec', { command: 'Restart-Service -ComputerName web-prod01 -Name W3SVC -Force' }],
    [
      'A',
      'exec',
      { command: 'Invoke-Command -ComputerName sql-prod-01 -ScriptBlock { Restart-Service MSSQLSERVER -Force }' },
    ],
    ['A', 'exec', { command: "Invoke-Sqlcmd -ServerInstance sql-prod-01 -Query 'ALTER DATABASE app SET OFFLINE'" }],
  ]);
  assert.match(
    decide('exec', { command: "chainctl send $GOV 'castVote(uint256,uint8)' 12 1 --rpc-url mainnet" }).message,
    /aimed at mainnet/,
  );
});

test('the same tools on staging, test networks, reads, rehearsals and copies from production pass', () => {
  check([
    ['B', 'exec', { command: "fs_cli -H fs-prod-01.voice.lan -x 'show channels'" }],
    ['B', 'exec', { command: "chainctl call $GOV 'state(uint256)' 1 --rpc-url mainnet" }],
    ['B', 'exec', { command: "chainctl send $X 'vote(uint256)' 1 --rpc-url sepolia" }],
    ['B', 'exec', { command: "chainctl send $X 'f()' --rpc-url http://localhost:8545" }],
    ['B', 'exec', { command: 'npx quarkhat run scripts/check-balances.ts --network mainnet' }],
    ['B', 'exec', { command: 'syncer get sources --context prod-eu-1' }],
    ['B', 'exec', { command: 'syncer suspend source --all --context staging-eu-1' }],
    ['B', 'exec', { command: 'procmgr restart shop-staging' }],
    ['B', 'exec', { command: 'procmgr logs shop-prod' }],
    ['B', 'exec', { command: 'nodectl drain prod-worker-3 --dry-run' }],
    ['B', 'exec', { command: 'robocopy \\\\web-prod01\\logs .\\logs /MIR' }],
    ['B', 'exec', { command: 'robocopy .\\publish \\\\web-staging01\\c$\\wwwroot /MIR' }],
    ['B', 'exec', { command: 'chainctl send $X --rpc-url mainnet-fork' }],
    ['B', 'exec', { command: 'curl https://admin.prod.acme.io/api/services/web/status' }],
    ['B', 'exec', { command: 'curl -X POST https://admin.staging.acme.io/api/services/web/restart' }],
    ['B', 'exec', { command: "curl -X POST https://api.prod.acme.io/v1/search -d '{}'" }],
    ['B', 'exec', { command: 'APP_ENV=dev php bin/console cache:clear' }],
    ['B', 'exec', { command: 'APP_ENV=prod php bin/console debug:router' }],
    ['B', 'exec', { command: 'NODE_ENV=production npm run build' }],
    ['B', 'exec', { command: 'Get-Service -ComputerName web-prod01' }],
    ['B', 'exec', { command: 'Restart-Service -ComputerName web-stg01 -Name W3SVC' }],
    ['B', 'exec', { command: 'Invoke-Command -ComputerName sql-prod-01 -ScriptBlock { Get-Service MSSQLSERVER }' }],
    ['B', 'exec', { command: "Invoke-Sqlcmd -ServerInstance sql-prod-01 -Query 'SELECT name FROM sys.databases'" }],
    ['B', 'exec', { command: "mysql -h db-prod-1 -e 'SHOW PROCESSLIST'" }],
  ]);
});
