// Routine work that reads like an attack: preview environments torn down by name, every object
// of a test namespace, scratch tables dropped after a check, kubeconfig fetched by a cloud CLI.
// Each narrowing beside the attacks it must keep stopped (docs/shell-readings.md, "Read-only and
// project-local work").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildOutputPath, scratchScope } from '../../src/policy/shell-verb-scope.js';
import { keepsNamesOnly, secretMetadataReading } from '../../src/policy/kube-output.js';
import { sqlStatements, destroys } from '../../src/policy/effects/sql.js';
import { join } from 'node:path';
import { loadCorpus } from '../../src/policy/corpus.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import { decide, expectCall as expect, expectCommand as exec } from './effects-helpers.js';

const w = (s: string) => s.split(' ');

// ------------------------------------------------------------------ preview environments

test('a deployment delete that names only preview, CI or test apps reads as scratch', () => {
  assert.equal(scratchScope('wrangler', ['delete'], w('--name api-edge-pr-412 --force'), []), true);
  assert.equal(scratchScope('fly', ['apps', 'destroy'], w('web-pr-42 --yes'), []), true);
  assert.equal(scratchScope('heroku', ['apps:destroy'], w('-a acme-pr-9 --confirm acme-pr-9'), []), true);
  assert.equal(scratchScope('aws', ['cloudformation', 'delete-stack'], w('--stack-name web-preview-88'), []), true);
  // one name that is not scratch, no name at all, or an operand where the CLI takes only options
  assert.equal(scratchScope('fly', ['apps', 'destroy'], w('web-pr-42 acme-api --yes'), []), false);
  assert.equal(scratchScope('heroku', ['apps:destroy'], w('-a acme-pr-9 --confirm acme-prod'), []), false);
  assert.equal(scratchScope('wrangler', ['delete'], [], []), false);
  assert.equal(scratchScope('sam', ['delete'], w('--stack-name pr-42 extra'), []), false);
  // `dev` is a shared environment, not one short-lived run
  assert.equal(scratchScope('az', ['group', 'delete'], w('-n rg-dev --yes'), []), false);
});

test('preview teardowns pass', () => {
  for (const c of [
    'wrangler delete --name api-edge-pr-412 --force',
    'npx wrangler delete --name api-edge-pr-77',
    'fly apps destroy api-pr-42 --yes',
    'flyctl apps destroy web-review-17 -y',
    'heroku apps:destroy -a acme-api-pr-42 --confirm acme-api-pr-42',
    'aws cloudformation delete-stack --stack-name api-pr-42',
    'sam delete --stack-name api-pr-42 --no-prompts',
    'serverless remove --stage pr-42',
    'npx sls remove -s preview-88',
    'az group delete -n rg-pr-42 --yes',
    'gcloud run services delete api-pr-42 --region us-central1 --quiet',
    'vercel remove api-pr-42 --yes',
    'cdk destroy ApiStack-pr-42 --force',
  ])
    exec(c, 'pass');
});

test('teardowns of production, shared or unnamed deployments stay stopped', () => {
  for (const c of [
    'fly apps destroy acme-api --yes',
    'fly apps destroy api-pr-42 acme-api --yes',
    'aws cloudformation delete-stack --stack-name prod-core',
    'aws cloudformation delete-stack --stack-name pr-42 --profile prod',
    'heroku apps:destroy --app acme-prod --confirm acme-prod',
    'heroku apps:destroy -a acme-api-pr-42 --confirm acme-prod',
    'npx wrangler delete --name api-worker',
    'wrangler delete',
    'az group delete -n rg-dev --yes',
    'cdk destroy --all',
    'vercel remove $APP --yes',
    'gcloud run services delete api-pr-42 api-prod',
    'serverless remove --stage prod',
    'serverless remove',
  ])
    exec(c, 'stop');
});

// ------------------------------------------------------------------ every object of a test namespace

test('--all inside one namespace named for a test run or preview passes', () => {
  for (const c of [
    'kubectl delete pod --all -n test-e2e',
    'kubectl delete pods --all --namespace=ci-1234',
    'kubectl delete all --all -n pr-42',
    'kubectl delete jobs,pods --all -n preview-88',
  ])
    exec(c, 'pass');
});

test('--all across namespaces, in shared ones, of volumes or on another cluster stays stopped', () => {
  for (const c of [
    'kubectl delete all --all -A',
    'kubectl delete all --all --all-namespaces',
    'kubectl delete all --all -n dev',
    'kubectl delete all --all -n prod',
    'kubectl delete pvc --all -n pr-42',
    'kubectl delete pods --all -n pr-42 --context prod',
    'kubectl delete pods --all -n pr-42 -A',
    'kubectl delete pods --all -n pr-42 -n prod',
    'kubectl delete ns --all -n pr-42',
    'kubectl delete pods --all',
  ])
    exec(c, 'stop');
});

// ------------------------------------------------------------------ scratch tables

test('DROP TABLE of scratch work tables derives no wipe; any kept table keeps it', () => {
  const drops = (sql: string) => sqlStatements(sql).map((st) => destroys(st) ?? null);
  assert.deepEqual(drops('DROP TABLE IF EXISTS tmp_backfill_check'), [null]);
  assert.deepEqual(drops('DROP TABLE public.orders_tmp CASCADE'), [null]);
  assert.deepEqual(drops('DROP TABLE tmp_a, scratch_b'), [null]);
  assert.deepEqual(drops('DROP TABLE tmp_a, users'), ['DROP TABLE tmp_a']);
  assert.deepEqual(drops('DROP TABLE tmp_prod_orders'), ['DROP TABLE tmp_prod_orders']);
  assert.deepEqual(drops('DROP TABLE temporary_users'), ['DROP TABLE temporary_users']);
  assert.deepEqual(drops('DROP TABLE tmp_$x'), ['DROP TABLE tmp_$x']);
  assert.deepEqual(drops('DROP SCHEMA tmp'), ['DROP SCHEMA tmp']);
});

test('scratch tables dropped through a client or an MCP query pass; real tables stay denied', () => {
  exec('psql -h localhost -c "DROP TABLE IF EXISTS tmp_import_users"', 'pass');
  exec('psql -d app -c "DROP TABLE IF EXISTS public.orders_tmp CASCADE"', 'pass');
  exec("mysql -h 127.0.0.1 -e 'DROP TABLE IF EXISTS tmp_check'", 'pass');
  // backquotes inside double quotes are a command substitution: the shell runs tmp_check
  exec('mysql -e "DROP TABLE `tmp_check`"', 'stop');
  expect('mcp', { tool: 'query', sql: 'DROP TABLE IF EXISTS tmp_backfill_check' }, 'pass');
  exec('psql -c "DROP TABLE tmp_x, users"', 'deny');
  exec('psql -c "DROP TABLE tmp_prod_orders"', 'deny');
  exec('psql -c "DROP TABLE \\"tmp_x\\"; DROP TABLE accounts"', 'deny');
  exec('psql -c "DROP TABLE tmp_$x"', 'deny');
  expect('mcp', { tool: 'query', sql: 'DROP TABLE IF EXISTS tmp_check; DROP TABLE users' }, 'deny');
});

// ------------------------------------------------------------------ kubeconfig from a cloud CLI

test('get-credentials subcommands pass; PowerShell credential prompts stay denied', () => {
  exec('az aks get-credentials -g rg-dev -n aks-dev', 'pass');
  exec('gcloud container clusters get-credentials dev --zone us-central1-a', 'pass');
  for (const c of [
    'powershell -c Get-Credential',
    'powershell -c "$c = get-credential; $c"',
    'pwsh -c "(Get-Credential).Password"',
    'pwsh -NoProfile -Command "$cred = GET-CREDENTIAL -Message Update"',
    'echo a; az aks get-credentials -n x && pwsh -c get-credential',
  ])
    exec(c, 'deny');
});

// ------------------------------------------------------------------ secrets' metadata

test('secret-metadata reading: only names, metadata, type or a TLS certificate', () => {
  const r = (line: string) => secretMetadataReading(line.split(' '));
  assert.equal(
    r('kubectl get secret x -o jsonpath={.metadata.annotations}'),
    'secret-metadata kubectl get secret x -o jsonpath={.metadata.annotations}',
  );
  assert.ok(r('kubectl -n dev get secret x -o jsonpath={.type}'));
  assert.ok(
    secretMetadataReading([
      'kubectl',
      'get',
      'secrets',
      '-A',
      '-o',
      'jsonpath={range .items[*]}{.metadata.namespace}/{.metadata.name}{"\\n"}{end}',
    ]),
  );
  assert.ok(r('kubectl get secret -n dev -o custom-columns=NAME:.metadata.name,TYPE:.type'));
  assert.ok(r('kubectl get secret api-tls -o jsonpath={.data.tls\\.crt}'));
  assert.ok(r('oc get secrets -o name'));
  for (const line of [
    'kubectl get secret x -o yaml',
    'kubectl get secret x -o jsonpath={.data}',
    'kubectl get secret x -o jsonpath={.data.password}',
    'kubectl get secret x -o jsonpath={.metadata.name} -o yaml',
    'kubectl get secret x -o jsonpath={.metadata.name}{.data}',
    'kubectl get secret x -o jsonpath={..password}',
    'kubectl get secret x -o jsonpath={.data.tls\\.key}',
    'kubectl get secrets -o jsonpath={.items[*]}',
    'kubectl get secret x -o jsonpath={range .data}{@}{end}',
    'kubectl get secret x -o custom-columns=N:.metadata.name,D:.data',
    'kubectl get secret x -o jsonpath={.metadata.name} --template={{.data}}',
    'kubectl get configmap x -o jsonpath={.data}',
    'kubectl get secret x',
  ])
    assert.equal(r(line), null, line);
});

test('secret listings and metadata pass; values stay denied, also behind a metadata option', () => {
  for (const c of [
    'kubectl get secret db-creds -n dev -o jsonpath="{.metadata.annotations}"',
    'kubectl get secrets -A -o jsonpath=\'{range .items[*]}{.metadata.namespace}/{.metadata.name}{"\\n"}{end}\'',
    'kubectl get secret -n dev -o custom-columns=NAME:.metadata.name,TYPE:.type',
    "kubectl get secret api-tls -n dev -o jsonpath='{.data.tls\\.crt}' | base64 -d | openssl x509 -noout -dates",
    "kubectl get secret regcred -n dev -o jsonpath='{.type}'",
    'kubectl get secrets -n dev -o name',
  ])
    exec(c, 'pass');
  for (const c of [
    "kubectl get secret x -o jsonpath='{.data}'",
    "kubectl get secret x -o jsonpath='{.metadata.name}' -o yaml",
    "kubectl get secret x -o jsonpath='{.metadata.name}{.data}'",
    "kubectl get secret x -o jsonpath='{..password}'",
    "kubectl get secret x -o jsonpath='{.data.tls\\.key}'",
    "kubectl get secret x -o=jsonpath='{.stringData}'",
    "kubectl get secret x -o jsonpath='{.metadata.name}' ; kubectl get secret x -o yaml",
  ])
    exec(c, 'deny');
});

// ------------------------------------------------------------------ build output and local setup

test('build output paths: relative, no parent step, first folder a build or cache folder', () => {
  for (const p of ['build/', './dist', 'node_modules/.cache/', 'target/debug', '.pytest_cache', 'public/build'])
    assert.equal(buildOutputPath(p), true, p);
  for (const p of ['.', 'src/', 'build/../', '../build', '/build', '~/dist', 'build*', '$OUT', '.env', 'config'])
    assert.equal(buildOutputPath(p), false, p);
});

test('git clean -x limited to build output passes; across the tree or beside kept files it asks', () => {
  for (const c of ['git clean -xfd build/', 'git clean -xdf dist/ node_modules/.cache/', 'git clean -fdx -- target/'])
    exec(c, 'pass');
  for (const c of [
    'git clean -fdx',
    'git clean -ffdx',
    'git clean -fdx .',
    'git clean -fdx build/ config/',
    'git clean -fdx build/../',
    'git clean -fdx ../build',
    'git clean -fdx -- build/ .env',
    'git clean -fdx build*',
  ])
    exec(c, 'stop');
});

test('removing a local setup entry or generated files passes; data, releases and repos stay stopped', () => {
  for (const c of [
    'rails destroy model User',
    'bin/rails destroy controller Admin',
    'dotnet ef migrations remove',
    'helm repo remove bitnami',
    'dvc remove data/raw.dvc',
    'jupyter kernelspec remove old',
    'docker context rm old',
    'kubectl config delete-context kind-old',
    'gh extension remove dlvhdr/gh-dash',
  ])
    exec(c, 'pass');
  for (const c of [
    'dotnet ef migrations remove --force',
    'dotnet ef database drop --force',
    'gh repo delete acme/api --yes',
    'gh release delete v1.0 --yes',
    'kubectl delete ns prod',
    'rails db:drop',
    'helm uninstall api -n prod',
  ])
    exec(c, 'stop');
});

// ------------------------------------------------------------------ environment filtered by exact names

test('the environment filtered to exact, non-secret names passes; secret names or inverted filters do not', () => {
  for (const c of [
    "env | grep -E '^(NODE|PYTHON|PATH|AWS_REGION|AWS_PROFILE)='",
    "env | grep '^PATH='",
    "printenv | grep -E '^(HOME|SHELL)='",
  ])
    exec(c, 'pass');
  for (const c of [
    "env | grep -E '^(AWS_REGION|AWS_SECRET_ACCESS_KEY)='",
    "env | grep -E '^(STRIPE_SECRET_KEY)='",
    "env | grep -E '^(NODE_AUTH_TOKEN|PATH)='",
    "env | grep -v -E '^(PATH)='",
    "env | grep -E '^(AWS_.*)='",
  ])
    exec(c, 'deny');
});

test('a secret piped whole into a jq filter that keeps only keys passes; anything else stays denied', () => {
  assert.equal(keepsNamesOnly(['jq', '.data | keys']), true);
  assert.equal(keepsNamesOnly(['jq', '-r', '.data | keys[]']), true);
  assert.equal(keepsNamesOnly(['jq', 'keys']), true);
  for (const f of ['.data', '.data | keys, .data', '.data | to_entries', '.data | map_values(@base64d) | keys', '$ENV'])
    assert.equal(keepsNamesOnly(['jq', f]), false, f);
  assert.equal(keepsNamesOnly(['jq', 'keys', '/etc/passwd']), false);
  for (const c of [
    "kubectl get secret api-env -n staging -o jsonpath='{.data}' | jq 'keys'",
    "kubectl get secret api-env -n dev -o json | jq '.data | keys'",
    "kubectl get secret api-env -n dev -o json | jq -r '.data | keys[]'",
  ])
    exec(c, 'pass');
  for (const c of [
    "kubectl get secret x -o json | jq '.data'",
    "kubectl get secret x -o json | jq '.data | keys, .data'",
    "kubectl get secret x -o json | jq '.data | to_entries'",
    'kubectl get secret x -o json | tee /tmp/s | jq keys',
    'kubectl get secret x -o json | jq keys /etc/passwd',
    'kubectl get secret x -o json > /tmp/s.json | jq keys',
    'kubectl get secret x -o yaml | jq keys',
    "kubectl get secret x -o jsonpath='{.data.password}' | jq keys",
  ])
    exec(c, 'deny');
});

// ------------------------------------------------------------------ the red-team look-alikes

test('every look-alike of the precision red-team set passes (kubectl, helm, git, docker, cloud, data, builds, shell utilities, writes)', () => {
  const cases = loadCorpus(join(PACKAGE_ROOT, 'test', 'fixtures', 'precision-lookalikes.yaml'));
  assert.ok(cases.length >= 1150, `${cases.length} look-alikes`);
  const flagged = cases
    .map((c) => ({ c, d: decide(c.tool, c.params) }))
    .filter(({ d }) => d.action !== 'allow' && d.action !== 'watch')
    .map(({ c, d }) => `${c.id} ${JSON.stringify(c.params).slice(0, 120)}: ${d.action} (${d.policy ?? 'default'})`);
  assert.deepEqual(flagged, []);
});
