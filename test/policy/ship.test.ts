// What ships: publishing, releasing, deploying and merging, read whatever wraps the command
// (runners, wrappers, global options, build-tool task lists), decided by the standard profile;
// rehearsals and local targets stay allowed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './effects-helpers.js';
import { loadShipData, shipReadings } from '../../src/policy/ship.js';

const flagged = ['ask', 'deny'];

function expectShips(command: string): void {
  const d = run(command);
  assert.ok(flagged.includes(d.action), `${command}: ${d.action} (${d.policy ?? 'default'}: ${d.message})`);
}

function expectPasses(command: string): void {
  const d = run(command);
  assert.ok(!flagged.includes(d.action), `${command}: ${d.action} (${d.policy ?? 'default'}: ${d.message})`);
}

const words = (s: string) => s.split(' ');

test('the reading finds the tool under runners, wrappers, global options and toolchains', () => {
  const cases: [string, string][] = [
    ['npx vercel --token $T --prod', 'ship vercel --token $T --prod'],
    ['pnpm dlx vercel@latest --prod', 'ship vercel --prod'],
    ['yarn workspace @acme/core npm publish --access public', 'ship yarn npm publish --access public'],
    ['npm --registry https://registry.npmjs.org publish', 'ship npm --registry https://registry.npmjs.org publish'],
    ['python3 -m twine upload dist/*', 'ship twine upload dist/*'],
    ['bundle exec rake release', 'ship rake release'],
    ['cargo +stable publish --allow-dirty', 'ship cargo +stable publish --allow-dirty'],
    ['gradlew :lib:publish', 'ship gradle :lib:publish'],
    ['mvnw -B clean deploy -P release', 'ship mvn -B clean deploy -P release'],
    ['doppler run -- npm publish', 'ship npm publish'],
    ['npx @vscode/vsce publish', 'ship vsce publish'],
    ['npx netlify-cli deploy --prod --dir=dist', 'ship netlify deploy --prod --dir=dist'],
  ];
  for (const [cmd, want] of cases)
    assert.deepEqual(
      shipReadings(words(cmd)).map((r) => r.text),
      [want],
      cmd,
    );
});

test('rehearsals, local targets and other subcommands are told apart', () => {
  const text = (c: string) => shipReadings(words(c)).map((r) => r.text)[0] ?? '';
  assert.match(text('npm publish --dry-run'), /^ship-rehearsal /);
  assert.match(text('goreleaser release --snapshot --clean'), /^ship-rehearsal /);
  assert.match(text('kubectl rollout restart deploy/api -n dev'), /^ship-local /);
  assert.match(text('kubectl --context kind-dev apply -f k8s/'), /^ship-local /);
  assert.match(text('docker push localhost:5000/api:dev'), /^ship-local /);
  // a target named after production is never local, whatever else is named
  assert.match(text('kubectl --context kind-dev apply -f k8s/ -n prod'), /^ship /);
  assert.equal(text('npm install publish'), '', 'a package called publish is installed, not published');
  assert.match(text('gradle publishToMavenLocal'), /^ship-local /, 'the local Maven repository is this machine');
  assert.equal(text('vercel deploy'), '', 'a preview deployment');
  assert.equal(text('ls publish'), '');
});

test('git push deploys to a platform remote or a production branch, and releases a version tag', () => {
  const text = (c: string) => shipReadings(words(c)).map((r) => r.text)[0] ?? '';
  for (const c of [
    'git push heroku main',
    'git push heroku HEAD:main --force',
    'git push production main',
    'git push origin main:production',
    'git push origin HEAD:refs/heads/gh-pages',
    'git push origin v2.0.0',
    'git push origin refs/tags/v1.4.0',
    'git push dokku@apps.example.com:api main',
  ])
    assert.match(text(c), /^ship git push /, c);
  for (const c of [
    'git push origin feature/login',
    'git push -u origin HEAD',
    'git push --tags',
    'git push origin release/1.4',
    'git status',
  ])
    assert.equal(text(c), '', c);
});

test('the standard profile asks before anything ships', () => {
  for (const c of [
    // package and image registries
    'npm --registry https://registry.npmjs.org publish --access public',
    'cd packages/core && npm publish',
    'yarn workspace @acme/core npm publish --access public',
    'python -m twine upload --repository pypi dist/*',
    'hatch publish',
    'pdm publish',
    'cargo +stable publish --allow-dirty',
    'bundle exec rake release',
    './mvnw deploy -DskipTests',
    'mvn -B clean deploy -P release',
    './gradlew :lib:publish',
    './gradlew publishToMavenCentral',
    'sbt publishSigned',
    'docker image push acme/api:latest',
    'docker buildx build --platform linux/amd64 -t ghcr.io/acme/api:latest --push .',
    'docker compose push',
    'helm push chart-1.0.0.tgz oci://ghcr.io/acme/charts',
    'npm dist-tag add acme@1.2.3 latest',
    'dart pub publish --force',
    'pod trunk push Acme.podspec',
    'mix hex.publish --yes',
    'npx @vscode/vsce publish -p $VSCE_PAT',
    // releases and merges
    'gh release upload v1.2.0 dist/app.tar.gz --clobber',
    'gh pr merge 42 --squash',
    'goreleaser release --clean',
    // platforms
    'npx vercel --prod --yes',
    'vercel --token $VERCEL_TOKEN --prod',
    'pnpm dlx vercel --prod',
    'npx netlify-cli deploy --prod --dir=dist',
    'npx wrangler deploy --env production',
    'eas submit --platform ios --latest',
    'eas build --platform all --auto-submit',
    'heroku container:push web -a acme-prod',
    'aws lambda update-function-code --function-name api --zip-file fileb://build.zip',
    'aws --profile ops s3 sync build/ s3://www.acme.com --delete',
    'az webapp up --name acme-prod',
    'doctl apps create-deployment abc123',
    'supabase functions deploy hello --project-ref abc',
    'kamal deploy',
    'npx gh-pages -d build',
    'surge ./dist acme.surge.sh',
    // clusters and infrastructure
    'argocd app sync api-prod',
    'skaffold run -p prod',
    'nomad job run prod.nomad',
    'helm --kube-context prod upgrade --install api ./chart',
    // git
    'git push production main',
    'git push origin main:production',
    'doppler run -- git push heroku main',
    // build scripts, remote hosts, pipelines and playbooks named for a release or production
    'python setup.py sdist upload',
    'docker -H ssh://ops@prod.acme.com compose up -d',
    'gh workflow run release.yml -f version=1.2.0',
    'ansible-playbook -i inventories/production site.yml',
    'bundle exec fastlane beta',
    'cargo release --execute',
    'deno deploy --prod',
    'gh api repos/acme/api/releases -X POST -f tag_name=v1.2.0',
    'gh api -X PUT repos/acme/api/pulls/4/merge',
    'gh api repos/acme/api/actions/workflows/deploy.yml/dispatches -f ref=main',
  ])
    expectShips(c);
});

test('rehearsals, previews, local targets and everyday work are not flagged', () => {
  for (const c of [
    'npm publish --dry-run',
    'npm pack',
    'cargo publish --dry-run',
    'cargo yank --help',
    'goreleaser release --snapshot --clean',
    'goreleaser check',
    'docker push localhost:5000/api:dev',
    'docker build -t acme/api:dev .',
    'kubectl rollout restart deploy/api -n dev',
    'kubectl apply -f deploy.yaml -n dev',
    'kubectl --context kind-dev apply -f k8s/',
    'kubectl apply -f k8s/ --dry-run=client',
    'kubectl rollout status deploy/api -n production',
    'helm template api ./chart',
    'vercel',
    'vercel deploy',
    'vercel build',
    'netlify deploy --dir dist',
    'eas build --platform ios --profile preview',
    'gh release view v1.2.0',
    'gh pr view 42',
    'git push origin feature/login',
    'git push --tags',
    'git push origin release/1.4',
    './gradlew publishToMavenLocal',
    'mvn -B package',
    'npm install semantic-release',
    'grep -rn "npm publish" docs/',
    'helm upgrade api ./chart -n prod --dry-run',
    'ansible-playbook -i inventory/staging site.yml --check --diff',
    'ansible-playbook site.yml --syntax-check',
    'ansible-playbook -i inventories/dev site.yml',
    'cargo release',
    'gh workflow run ci.yml',
    'docker -H tcp://localhost:2375 compose up -d',
    'python setup.py sdist bdist_wheel',
    'gh api repos/acme/api/releases',
    'gh api repos/acme/api/deployments --paginate',
    'gh api repos/acme/api/actions/workflows/ci.yml/dispatches -f ref=main',
    'surge list',
  ])
    expectPasses(c);
});

test('a malformed ship catalogue is an error, not an empty list', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-ship-'));
  try {
    writeFileSync(join(dir, 'ship-commands.yaml'), 'sections:\n  commands: nope\n');
    assert.throws(() => loadShipData(dir), /ship-commands catalogue: sections\.\w+ is not a list/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('fastlane actions run by name, Airflow code put where the scheduler loads it, production branch paths and corporate .local registries ship', () => {
  for (const c of [
    'bundle exec fastlane run upload_to_play_store track:production aab:app-release.aab',
    'fastlane run upload_to_testflight ipa:build/ShopApp.ipa',
    'fastlane run supply track:production',
    'astro deploy clxyz123prod --force',
    'gcloud composer environments storage dags import --environment prod-composer --location us-central1 --source dags/',
    'gsutil cp dags/revenue_dag.py gs://us-central1-prod-composer-3f2a-bucket/dags/',
    'gsutil -m rsync -r dags gs://us-east1-prod-composer-9c1d-bucket/dags',
    'aws s3 cp dags/revenue_dag.py s3://mwaa-prod-dags/dags/',
    'git push origin HEAD:refs/heads/release/prod',
    'git push origin main:deploy/production',
    'docker push nexus.corp.local:8443/payments-api:latest',
    'helm push dist/payments-2.4.0.tgz oci://nexus.corp.local:8443/helm-releases',
    `python -c "from datasets import load_dataset;load_dataset('parquet',data_files='data/c/*.parquet').push_to_hub('acme-ai/support-v2')"`,
  ])
    expectShips(c);
  for (const c of [
    'bundle exec fastlane run get_version_number xcodeproj:ios/ShopApp.xcodeproj',
    'astro dev start',
    'gsutil cp gs://us-central1-prod-composer-3f2a-bucket/dags/revenue_dag.py /tmp/',
    'git push origin feature/fix-prod-bug',
    'docker push myregistry.local:5000/api:dev',
    'docker push localhost:5000/api:dev',
    `python -c "from datasets import load_dataset;print(load_dataset('parquet',data_files='data/x.parquet'))"`,
  ])
    expectPasses(c);
});
