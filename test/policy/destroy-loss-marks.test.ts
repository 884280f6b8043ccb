// Irreversible loss read from the shape of a call rather than from a destroy verb in its
// subcommand, for programs, PowerShell modules, APIs and MCP servers svc has never heard of:
// a module's removal cmdlet (shell-loss-marks.ts), an option that purges, a protection against
// deletion switched off, a final act with its prompt skipped, an option-spelled removal, a
// reinstall over a site, a program named for a glued removal; a mainframe dataset deleted by a
// command string or a job file (shell-dataset-deletes.ts); keys, ledgers and a site's uploads
// deleted (wide-deletes.ts); a batch body or a JSON-RPC method that deletes
// (shell-http-destroy.ts); an MCP delete that skips the trash (mcp-destroys.ts). Each case
// asserts the standard profile's decision; the look-alikes beside them must pass.
import { test } from 'node:test';
import { expectPassed as passes, expectStopped as stopped } from './effects-helpers.js';

const exec = (command: string) => ({ command });
const mcp = (tool: string, p: Record<string, unknown> = {}) => ({ tool, ...p });

test("any module's removal cmdlet of an account's object is asked; the session's own nouns pass", () => {
  stopped(
    'exec',
    exec('Remove-ZqTenantWorkspace -Url https://acme.zq.example/ws/Finance -Force -SkipRecycleBin'),
    // the cmdlet readings (shell-cmdlet-verbs.ts) deny a removal that skips the recycle bin outright
    /deletes, resets or switches off|destroys every item/,
  );
  stopped('exec', exec('Remove-HxArchive -Identity legal-archive@acme.com -Permanent $true -Confirm:$false'));
  stopped('exec', exec('Clear-KvTenantRecycleBinItem -Url https://acme.kv.example/sites/Board -Force'));
  stopped('exec', exec('Remove-Mailbox -Identity records@firm.com -Permanent $true -Confirm:$false'));
  passes('exec', exec('Remove-Variable tmp -ErrorAction SilentlyContinue'));
  passes('exec', exec('Remove-Module PnP.PowerShell -Force'));
  passes('exec', exec('Get-Job | Remove-Job -Force'));
  passes('exec', exec('Get-PSSession | Remove-PSSession'));
  passes('exec', exec('Remove-PnPSiteCollectionAdmin -Owners old@firm.com'));
  passes('exec', exec('Remove-ZqTenantWorkspace -Url https://acme.zq.example/ws/Finance -WhatIf'));
});

test('an option that purges is asked whatever the verb; package managers and rehearsals pass', () => {
  stopped('exec', exec("New-RecordSweepAction -SweepName 'custodians' -Purge -PurgeType HardDelete -Confirm:$false"));
  stopped('exec', exec('vaultctl sweep run --scope matters --hard-delete --yes'));
  stopped('exec', exec('docsy trash empty --tenant acme --permanent'));
  stopped('exec', exec('php bin/shopctl module:uninstall Vendor_Module --remove-data'));
  stopped('exec', exec('bin/shopctl setup:install --cleanup-database --db-host=db'));
  passes('exec', exec('dpkg --purge oldpkg'));
  passes('exec', exec('apt-get remove --purge -y libfoo-dev'));
  passes('exec', exec('vaultctl sweep run --scope scratch-test --hard-delete --dry-run'));
  passes('exec', exec('firewall-cmd --permanent --add-port=8080/tcp'));
});

test('a protection against deletion switched off is asked; switching it on or reading it passes', () => {
  stopped('exec', exec('Get-HxMailbox -ResultSize Unlimited | Set-HxMailbox -LitigationHoldEnabled $false'));
  stopped('exec', exec("Set-ZqRetentionPolicy -Identity 'All Matters' -Enabled $false"));
  stopped('exec', exec('stratoctl db update orders-main --deletion-protection=false'));
  stopped('exec', exec('nimbus bucket modify evidence-vault --no-object-lock --no-versioning'));
  stopped('exec', exec('casectl hold release --all --matter 2024-117'));
  passes('exec', exec('stratoctl db update orders-main --deletion-protection=true'));
  passes('exec', exec('Set-HxMailbox -Identity jdoe@acme.com -LitigationHoldEnabled $true'));
  passes('exec', exec('casectl hold list --matter 2024-117'));
  passes('exec', exec('terraform plan -lock=false'));
});

test('a final act with its prompt skipped, an option-spelled removal and a reinstall are asked', () => {
  stopped(
    'exec',
    exec('stakectl validator exit --keystore ~/.stakectl/validators/0x8f/keystore.json --no-confirmation'),
  );
  stopped('exec', exec('chainadm account close --address 0xabc --skip-confirmation'));
  stopped('exec', exec('tokenctl ownership renounce --contract 0xdef --yes'));
  stopped('exec', exec('cryptvol -protectors -delete D: -Type RecoveryKey'));
  stopped('exec', exec('panelctl bin subscription --remove shop.example.com'));
  stopped('exec', exec('sitectl -y site:install standard --account-pass=admin'));
  stopped('exec', exec('/scripts/killacct shopowner'));
  stopped('exec', exec('hostapi Mysql delete_database name=shop_wp'));
  passes('exec', exec('stakectl validator list --no-confirmation'));
  passes('exec', exec('chainadm session close --yes'));
  passes('exec', exec('cryptvol -protectors -get D:'));
  passes('exec', exec('net use Z: /delete'));
  passes('exec', exec('rsync -av --delete public/ dist/'));
  passes('exec', exec('ddev drush site:install -y'));
});

test('a dataset deleted by a TSO, IDCAMS or HSM command string or a job file is asked', () => {
  stopped('exec', exec(`tsocmd "DELETE 'PROD.GL.LEDGER' PURGE"`));
  stopped('exec', exec(`hostcmd tso issue command "HDELETE 'PROD.ARCHIVE.*'"`));
  stopped('write', {
    path: '/home/dev/jcl/cleanup.jcl',
    content:
      "//DEL JOB (ACCT),'CLEANUP'\n//STEP1 EXEC PGM=IDCAMS\n//SYSIN DD *\n  DELETE PROD.CUSTOMER.MASTER CLUSTER PURGE\n/*\n",
  });
  passes('exec', exec(`tsocmd "DELETE 'IBMUSER.TEST.LOAD'"`));
  passes('exec', exec("git commit -m 'DELETE old.config and tidy'"));
  passes('exec', exec('psql -c "DELETE FROM sessions WHERE expires < now()"'));
  // the delete-define idiom and delete-before-allocate of a job's own output
  passes('write', {
    path: '/home/dev/jcl/defvsam.jcl',
    content:
      "//DEFV JOB (ACCT),'X'\n//S1 EXEC PGM=IDCAMS\n//SYSIN DD *\n  DELETE IBMUSER.APP.KSDS CLUSTER PURGE\n  SET MAXCC=0\n  DEFINE CLUSTER (NAME(IBMUSER.APP.KSDS) INDEXED KEYS(8 0))\n/*\n",
  });
  passes('write', {
    path: '/home/dev/jcl/realloc.jcl',
    content:
      "//REALLOC JOB (ACCT),'X'\n//DEL EXEC PGM=IEFBR14\n//DD1 DD DSN=IBMUSER.OUTPUT.LIST,DISP=(MOD,DELETE,DELETE)\n//ALLOC EXEC PGM=IEFBR14\n//DD2 DD DSN=IBMUSER.OUTPUT.LIST,DISP=(NEW,CATLG)\n",
  });
});

test("keys, a ledger and a site's uploads deleted are asked; caches, test chains and derived files pass", () => {
  stopped('exec', exec('quarkd unload-vault --name ops && rm -rf ~/.quarkd/wallets/ops'), /folder|keys|ledger|data/i);
  stopped('exec', exec('rm -rf ~/.zephyrnode/mainnet/keystore'));
  stopped('exec', exec('rm -rf /var/lib/orbitd/chaindata'));
  stopped('exec', exec('rm -rf web/sites/default/files'));
  stopped('exec', exec('rm -rf pub/media/catalog'));
  stopped('exec', exec('rm -rf wp-content/uploads'));
  passes('exec', exec('rm -rf ~/.quarkd/regtest'));
  passes('exec', exec('rm -rf ~/.zephyrnode/cache'));
  passes('exec', exec('rm -rf ./test-ledger'));
  passes('exec', exec('rm -rf sites/default/files/css sites/default/files/js'));
  passes('exec', exec('rm -rf pub/media/catalog/product/cache'));
  passes('exec', exec('rm -rf pub/static/frontend var/view_preprocessed'));
});

test('a batch body of DELETEs and a JSON-RPC method that deletes are asked; reads and local chains pass', () => {
  stopped('fetch', {
    url: 'https://api.docsy.example/v2/$batch',
    method: 'POST',
    body: '{"requests":[{"id":"1","method":"DELETE","url":"/libraries/Contracts"},{"id":"2","method":"DELETE","url":"/teams/42"}]}',
  });
  stopped(
    'exec',
    exec(
      `curl -s -X POST https://rpc.zephyr.example/ -d '{"jsonrpc":"2.0","id":1,"method":"wallet_delete","params":["treasury"]}'`,
    ),
    /JSON-RPC/,
  );
  passes('fetch', {
    url: 'https://api.docsy.example/v2/$batch',
    method: 'POST',
    body: '{"requests":[{"id":"1","method":"GET","url":"/libraries/Contracts"}]}',
  });
  passes(
    'exec',
    exec(`curl -s -X POST http://127.0.0.1:8545 -d '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}'`),
  );
  passes(
    'exec',
    exec(`curl -s -X POST http://localhost:8545 -d '{"jsonrpc":"2.0","method":"evm_revert","params":["0x1"],"id":1}'`),
  );
});

test('an MCP delete that skips the trash is asked even for one item; the same without it passes', () => {
  stopped('mcp', mcp('boxly_delete_item', { item_id: 'f-2291', permanent: true }), /skipping the trash|account keeps/);
  stopped('mcp', mcp('vaultdocs_remove_file', { fileId: '1aB', skipTrash: true }));
  stopped('mcp', mcp('crm_delete_note', { note_id: 'n-1', hard_delete: true }));
  passes('mcp', mcp('boxly_delete_item', { item_id: 'f-2291', permanent: false }));
  passes('mcp', mcp('crm_delete_note', { note_id: 'n-1' }));
});
