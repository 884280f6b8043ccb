// What an exec does to the world, read from the verbs of any command-line tool: deletes of
// what a tool manages ask (also for tools svc has no rule for), deletes of everything a listing
// returns are denied, and looks, diffs, plans and dry runs pass. Each test asserts the shipped
// standard profile's decision; the reading tests assert what explain shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeCommand } from '../../src/policy/shell.js';
import { gitCleanReading, verbReadings } from '../../src/policy/shell-verbs.js';
import { expectExec, expectPasses, run } from './effects-helpers.js';

const texts = (cmd: string) => verbReadings(cmd.split(' ')).map((r) => r.text);
const meanings = (cmd: string) =>
  analyzeCommand(cmd, { home: '/home/dev' })
    .readings.filter((r) => r.kind === 'meaning')
    .map((r) => r.text);

// ------------------------------------------------------------------ the reading

test('the verb is found in every shape a tool spells its subcommands', () => {
  assert.deepEqual(texts('hcloud server delete web-1'), ['cli-destroy hcloud server delete web-1']);
  assert.deepEqual(texts('kubectl -n prod delete deploy api'), ['cli-destroy kubectl delete deploy api']);
  assert.deepEqual(texts('heroku pg:reset DATABASE_URL'), ['cli-destroy heroku pg:reset DATABASE_URL']);
  assert.deepEqual(texts('aws logs delete-log-group --log-group-name x'), [
    'cli-destroy aws logs delete-log-group --log-group-name x',
  ]);
  assert.deepEqual(texts('gcloud --project p iam service-accounts keys delete K'), [
    'cli-destroy gcloud iam service-accounts keys delete K',
  ]);
  assert.deepEqual(texts('npx vercel env rm DB production'), ['cli-destroy vercel env rm DB production']);
  assert.deepEqual(texts('gh api -X DELETE repos/acme/api'), ['cli-destroy gh api DELETE repos/acme/api']);
});

test('looks, diffs, plans and dry runs read as changing nothing', () => {
  assert.deepEqual(texts('helm diff upgrade api charts/api'), ['cli-readonly helm diff upgrade api charts/api']);
  assert.deepEqual(texts('terraform plan -destroy'), ['cli-readonly terraform plan -destroy']);
  assert.deepEqual(texts('kubectl get pods'), ['cli-readonly kubectl get pods']);
  assert.deepEqual(texts('kubectl delete pod x --dry-run=client'), [
    'cli-readonly kubectl delete pod x --dry-run=client',
  ]);
  // A plan file called `plan` is applied, not planned.
  assert.deepEqual(texts('terraform apply plan'), []);
  // Text tools, interpreters, task runners and git do not have subcommands of this kind.
  assert.deepEqual(texts('grep -rn delete src'), []);
  assert.deepEqual(texts('python3 manage.py delete_old'), []);
  assert.deepEqual(texts('make clean'), []);
});

test('a destroy of every item a listing, glob or --all returns is its own reading', () => {
  assert.deepEqual(texts('kubectl delete deploy --all'), [
    'cli-destroy kubectl delete deploy --all',
    'cli-destroy-all kubectl delete deploy --all',
  ]);
  assert.ok(
    meanings('kubectl get ns -o name | grep -v kube- | xargs kubectl delete').includes(
      'cli-destroy-all kubectl delete *',
    ),
  );
  assert.ok(
    meanings('for ns in $(kubectl get ns -o name); do kubectl delete $ns; done').includes(
      'cli-destroy-all kubectl delete $ns',
    ),
  );
  assert.ok(
    meanings("aws s3 ls | awk '{print $3}' | while read b; do aws s3 rb s3://$b --force; done").includes(
      'cli-destroy-all aws s3 rb s3://$b --force',
    ),
  );
  // A loop over literal words destroys those words only.
  assert.ok(!meanings('for s in a b; do hcloud server delete $s; done').some((m) => m.startsWith('cli-destroy-all')));
});

test('git clean reads as a loss of ignored files only with force and -x', () => {
  assert.equal(gitCleanReading(['git', 'clean', '-fdx']), 'git clean --ignored --force');
  assert.equal(gitCleanReading(['git', 'clean', '-f', '-x', 'config']), 'git clean --ignored --force config');
  // limited to build output, which the next build makes again
  assert.equal(gitCleanReading(['git', 'clean', '-f', '-x', 'build']), null);
  assert.equal(gitCleanReading(['git', 'clean', '-fdX']), null);
  assert.equal(gitCleanReading(['git', 'clean', '-ndx']), null);
  assert.equal(gitCleanReading(['git', 'clean', '-fd']), null);
  assert.equal(gitCleanReading(['git', 'clean', '-xdi']), null);
});

// ------------------------------------------------------------------ decisions of the standard profile

test("any tool's delete of what it manages asks, including tools no rule names", () => {
  for (const c of [
    'linode-cli linodes delete 12345',
    'hcloud server delete web-1',
    'scw instance server terminate 11111111-1111',
    'stripe customers delete cus_123',
    'auth0 apps delete abc --force',
    'gh secret delete DEPLOY_KEY',
    'gh release delete v1.0.0 --yes --cleanup-tag',
    'glab project delete acme/api',
    'heroku pg:reset DATABASE_URL --confirm myapp',
    'vercel env rm DATABASE_URL production -y',
    'pulumi stack rm prod --force',
    'supabase db reset --linked',
    'planetscale database delete prod-db --force',
    'flyctl volumes destroy vol_123 -y',
    'podman system reset -f',
    'systemctl disable --now auditd',
    'npm unpublish my-lib@1.0.0',
    'npx wrangler kv namespace delete --namespace-id 42',
  ]) {
    const d = run(c);
    assert.ok(d.action === 'ask' || d.action === 'deny', `${c}: ${d.action}`);
  }
});

test('destroying everything a listing returns is denied', () => {
  for (const c of [
    'kubectl get ns -o name | grep -v kube- | xargs kubectl delete',
    'for ns in $(kubectl get ns -o name); do kubectl delete $ns; done',
    "aws s3 ls | awk '{print $3}' | while read b; do aws s3 rb s3://$b --force; done",
    "gh repo list acme --json name -q '.[].name' | xargs -I{} gh repo delete acme/{} --yes",
    'hcloud server list -o noheader -o columns=name | xargs -n1 hcloud server delete',
    'doctl compute droplet delete $(doctl compute droplet list --format ID --no-header) --force',
    'stripe customers list | jq -r .data[].id | while read c; do stripe customers delete $c; done',
    'git stash list | cut -d: -f1 | xargs -n1 git stash drop',
    "git branch -r | sed 's/origin.//' | xargs -I{} git push origin --delete {}",
  ]) {
    expectExec(c, 'deny');
  }
});

test('git clean -x asks: ignored files such as .env cannot be recovered', () => {
  expectExec('git clean -fdx', 'ask', /ignores/);
  expectExec('git checkout -- . && git clean -ffdx', 'ask');
  expectPasses('git clean -fdX');
  expectPasses('git clean -fdx -e .env -e .venv');
  expectPasses('git clean -fd');
  expectPasses('git clean -ndx');
  expectPasses('git stash drop');
});

test('looks, dry runs and local project work pass', () => {
  for (const c of [
    'helm diff upgrade api charts/api -n prod -f values-prod.yaml',
    'terraform plan -destroy -out=tf.plan',
    'kubectl get deploy -n prod',
    'kubectl logs deploy/delete-worker -n prod',
    'kubectl delete pod web-123 -n dev',
    'kubectl --context kind-dev delete deploy web',
    'aws ec2 describe-instances',
    'doctl kubernetes cluster list',
    'stripe customers list --limit 3',
    'npm uninstall lodash',
    'pip uninstall -y requests',
    'docker rm -f test-db',
    'docker ps -aq -f status=exited | xargs docker rm',
    'docker rmi $(docker images -q -f dangling=true)',
    'cargo remove serde_json',
    'brew uninstall wget',
    'rustup toolchain uninstall nightly-2023-01-01',
    'conda env remove -n oldenv',
    'pnpm store prune',
    'npm run db:reset',
    'xcrun simctl delete unavailable',
    'RAILS_ENV=test bin/rails db:reset',
    'mytool delete --help',
    'git branch -D feature/old',
    'git worktree remove ../wt-feature',
  ]) {
    expectPasses(c);
  }
});

// ------------------------------------------------------------------ targets computed from a listing

test('find deleting what it finds reads as the tree or the names it can return', () => {
  expectExec('find ~/Documents -type f -exec rm -P {} +', 'deny');
  expectExec('find ~/Pictures -exec shred -u {} \\;', 'deny');
  expectExec('find . -maxdepth 1 -name .git -exec rm -rf {} +', 'deny');
  expectExec('find . -name .git -type d -prune -exec rm -rf {} +', 'deny');
  expectPasses('find . -name node_modules -type d -prune -exec rm -rf {} +');
  expectPasses("find . -name '*.pyc' -exec rm -f {} +");
  assert.ok(meanings('find . -name .git -exec rm -rf {} +').includes('rm -rf ./**/.git'));
});

test('xargs fed by a find with a name test receives only those names', () => {
  expectPasses('find . -name __pycache__ -type d | xargs rm -rf');
  expectPasses("find . -name '*.orig' | xargs rm -f");
  // Without a bound the input is anything.
  expectExec('cat list.txt | xargs rm -rf', 'deny');
  expectExec('find . -name .git -type d | xargs rm -rf', 'deny');
});

test('an xargs replace string of any spelling is a computed target', () => {
  expectExec("git branch -r | sed 's# *origin/##' | grep -v HEAD | xargs -I% git push origin --delete %", 'deny');
  expectExec('hcloud server list -o noheader | xargs -I@ hcloud server delete @', 'deny');
});

test('a push of an empty source deletes the remote branch', () => {
  assert.ok(meanings('git push origin :refs/heads/main').includes('git push --delete origin main'));
  const d = run('git push origin :refs/heads/main');
  assert.ok(d.action === 'ask' || d.action === 'deny', d.action);
  expectPasses('git push origin :feature/old-spike');
});

// ------------------------------------------------------------------ changes aimed at production

test("any tool's update, deploy or pipeline run against production asks", () => {
  for (const c of [
    'gh workflow run deploy.yml -f env=production',
    'aws lambda update-function-code --function-name prod-api --zip-file fileb://f.zip',
    'aws ecs update-service --cluster prod --service api --force-new-deployment',
    'gcloud run services update api --region us-central1 --project acme-prod --image gcr.io/x',
    'az webapp restart --name shop-prod --resource-group rg',
    'glab ci run --variable ENV:production',
  ]) {
    expectExec(c, 'ask');
  }
  for (const c of [
    'docker run -e NODE_ENV=production app',
    'kubectl rollout status deploy/api -n prod',
    'npm run build:prod',
    'gh workflow run ci.yml',
    'aws lambda update-function-code --function-name dev-api --zip-file fileb://f.zip',
    'gh workflow view deploy.yml',
  ]) {
    expectPasses(c);
  }
});

test('a recursive delete of everything inside a folder is a delete of the folder', () => {
  expectExec('rm -rf ~/project/*', 'deny');
  expectExec('rm -rf ~/Documents/{*,.*}', 'deny');
  expectExec('shred -uzn3 ~/project/**/*', 'deny');
  // An unset root variable makes the target `/*`.
  expectExec('rm -rf "$PROJECT_ROOT/"*', 'deny');
  expectPasses('rm -rf "${PROJECT_ROOT:?}/"*');
  expectPasses('rm -rf dist/*');
  expectPasses('rm -rf ./build/*');
  expectPasses('B=out; rm -rf "$B/"*');
  expectPasses('rm -f logs/*');
});

test("macOS stores of the user's keys, mail and iCloud Drive are not deleted", () => {
  expectExec('rm -rf ~/Library/Keychains', 'deny');
  expectExec('rm -rf ~/Library/Mobile\\ Documents/com~apple~CloudDocs/*', 'deny');
  expectExec('rm -rf /Users/dev/Library/Messages', 'deny');
  expectPasses('rm -rf ~/Library/Caches/com.acme.app');
});
