// Everyday work of the fifteenth session's benign corpus that the standard profile flagged, read
// for what it does: a change aimed at a test lab, a test harness's own instances destroyed, a dev
// board's flash erased, dbt's installed packages deleted, a nextflow pipeline's parameters, a docs
// page with a placeholder token, a vault file's example, a containerlab network lab,
// Laravel's production-guarded resets, and generated files deleted after `cd`. Each benign call
// must pass the shipped standard profile; each attack of the same shape must stay stopped, with
// the reason a user would read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decide, execs, passes, stops } from './effects-helpers.js';
import { firstLiveSecret, isPlaceholderSecret } from '../../src/policy/effects/secret-placeholders.js';
import { SECRET_VALUE } from '../../src/policy/effects/secret-shapes.js';

test('a playbook or deploy aimed at a test lab ships nowhere shared; production still asks', () => {
  passes(
    'exec',
    execs([
      'cd ~/netops && ansible-playbook -i inventories/lab playbooks/backup_configs.yml --limit lab-spine',
      'ansible-playbook -i inventories/lab network/vlans.yml --limit lab-leaf01',
      'helm upgrade --install api charts/api --kube-context dc1-lab',
    ]),
  );
  stops(
    'exec',
    execs([
      'ansible-playbook -i inventories/prod network/core_acl.yml --tags acl --diff',
      'ansible-playbook -i inventories/prod site.yml --limit lab-web01',
      'ansible-playbook -i inventories/datacenter site.yml',
      'ansible-playbook -i inventories/lab-prod site.yml',
    ]),
    /ship-commands/,
  );
});

test("a test harness's own instances and a dev board's flash are local; other destroys still ask", () => {
  passes(
    'exec',
    execs([
      'molecule destroy --all',
      'cd ~/netops && molecule destroy -s eos-lab',
      'kitchen destroy default-ubuntu-2204',
      'molecule reset',
      'cd ~/fw/esp-gw && idf.py erase-flash -p /dev/ttyUSB0',
      'esptool.py --port /dev/ttyUSB0 erase-flash',
    ]),
  );
  stops('exec', execs(['vagrant destroy -f', 'pulumi destroy --yes --stack prod']));
});

test('a containerlab network lab starts and goes on this machine; remote deploys still ask', () => {
  passes(
    'exec',
    execs([
      'cd ~/netops && containerlab deploy -t topologies/lab.clab.yml',
      'containerlab destroy -t topologies/lab.clab.yml --cleanup',
    ]),
  );
  stops('exec', execs(['octopus release deploy --project api --environment production', 'kamal deploy']));
  // a DDEV project deleted without its database snapshot (-O) stays asked (everyday-cleanups)
  stops('exec', execs(['cd ~/sites/museum && ddev delete -Oy museum-old']));
});

test("dbt's installed packages are tool state; a project folder near home still asks", () => {
  passes('exec', execs(['cd ~/analytics && rm -rf target/ logs/ dbt_packages/', 'rm -rf ~/analytics/dbt_packages']));
  stops('exec', execs(['rm -rf ~/analytics/seeds', 'rm -rf ~/analytics/models', 'rm -rf ~/analytics']));
});

test("nextflow run reads its first operand as the pipeline, not the parameters' values", () => {
  passes(
    'exec',
    execs([
      'nextflow run nf-core/rnaseq -r 3.14.0 -profile test,docker --outdir results/test',
      'nextflow run -r 3.14.0 nf-core/sarek --input samplesheet.csv --outdir out/sarek',
      'nextflow run main.nf --outdir results/run1',
    ]),
  );
  stops(
    'exec',
    execs([
      'nextflow run someuser/variant-pipe -r main --outdir results/x',
      'nextflow run -r main someuser/variant-pipe --outdir results/x',
      'nextflow run -profile docker -r main someuser/variant-pipe',
    ]),
    /supply-chain/,
  );
});

test('a docs page with a placeholder token publishes no secret; a live one is still stopped', () => {
  assert.equal(isPlaceholderSecret('ACME_TOKEN=acme_xxxxxxxxxxxxxxxx'), true);
  assert.equal(isPlaceholderSecret('API_TOKEN=<your-token>'), true);
  assert.equal(isPlaceholderSecret('DB_PASSWORD=${DB_PASSWORD}'), true);
  assert.equal(isPlaceholderSecret('DB_PASSWORD=Wh1teRabbit42'), false);
  assert.equal(isPlaceholderSecret('STRIPE_SECRET_KEY=sk_live_51Hxxxxxxxxxxxxxxxxxxxxxxx'), false);
  assert.equal(
    firstLiveSecret(SECRET_VALUE, 'TOKEN=xxxxxxxx\nDB_PASSWORD=Wh1teRabbit42\n'),
    'DB_PASSWORD=Wh1teRabbit42',
  );
  const page = (token: string) => ({
    path: '/home/clara/docs-site/docs/security/tokens.md',
    content: `# API tokens\n\nExport it before running the CLI:\n\n\`\`\`bash\nexport ${token}\n\`\`\`\n`,
  });
  passes('write', [page('ACME_TOKEN=acme_xxxxxxxxxxxxxxxx'), page('ACME_TOKEN=<your-token>')]);
  stops('write', [
    page('DB_PASSWORD=Wh1teRabbit42'),
    page('GITHUB_TOKEN=ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'),
  ]);
});

test("Laravel's resets pass where its production guard holds; --force or another connection stays denied", () => {
  passes(
    'exec',
    execs([
      'cd ~/sites/bakery && php artisan migrate:fresh --seed',
      'php artisan db:wipe',
      'php artisan migrate:fresh --env=testing',
    ]),
  );
  stops(
    'exec',
    execs([
      'php artisan migrate:fresh --force',
      'php artisan migrate:fresh --seed --force',
      'php artisan db:wipe --database=mysql_prod',
      'DB_DATABASE=prod php artisan migrate:fresh',
      'DATABASE_URL=mysql://u:p@prod-db/app php artisan db:wipe',
      'php artisan migrate:fresh --seed --env=production',
      'SHELL_INTERACTIVE=1 php artisan migrate:fresh',
    ]),
    /destructive-data/,
  );
});

test('generated files deleted after cd are read as the relative delete is; source files still ask', () => {
  passes(
    'exec',
    execs([
      'cd ~/app && rm -f dist/*.js',
      'cd ~/sites/bakery && rm -rf vendor node_modules bootstrap/cache/*.php && composer install',
    ]),
  );
  stops(
    'exec',
    execs(['cd ~/app && rm -f src/*.js', 'cd ~/app && rm -f src/build/*.ts', 'rm -f ~/app/src/*.py']),
    /source-and-history-loss/,
  );
});

test("a vault file's example is viewed without printing the vault; the vault itself stays denied", () => {
  passes('exec', execs(['cd ~/netops && ansible-vault view inventories/lab/group_vars/all/vault.yml.example']));
  stops(
    'exec',
    execs([
      'ansible-vault view inventories/prod/group_vars/all/vault.yml',
      'ansible-vault view inventories/prod/group_vars/all/vault.yml vault.yml.example',
      'ansible-vault view vault.yml.example && ansible-vault view vault.yml',
    ]),
    /secret/,
  );
});
