// What ships through a project's own tasks and scripts, platforms' deploy hooks and APIs, and
// the publish commands of more registries and platforms: each asks, while the same runners
// building, testing, rehearsing or aimed at a non-production environment stay quiet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { run } from './effects-helpers.js';
import { taskShip } from '../../src/policy/ship-tasks.js';
import { hookShip } from '../../src/policy/ship-hooks.js';

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

test('a task named for shipping is read from every runner, with its kind', () => {
  const cases: [string, string | null][] = [
    ['npm run release', 'ship'],
    ['npm run-script deploy:prod', 'ship'],
    ['yarn release', 'ship'],
    ['pnpm --filter web run deploy', 'ship'],
    ['bun run publish:npm', 'ship'],
    ['make deploy', 'ship'],
    ['make -C infra deploy-prod ENV=production', 'ship'],
    ['just release 1.2.0', 'ship'],
    ['task deploy', 'ship'],
    ['rake deploy', 'ship'],
    ['mage deploy', 'ship'],
    ['invoke deploy --env prod', 'ship'],
    ['nox -s publish', 'ship'],
    ['tox -e release', 'ship'],
    ['hatch run release', 'ship'],
    ['cargo make publish', 'ship'],
    ['nx run-many -t deploy', 'ship'],
    ['nx run web:deploy', 'ship'],
    ['npx nx run web:deploy', 'ship'],
    ['pnpm nx run-many -t publish', 'ship'],
    ['yarn turbo run deploy', 'ship'],
    ['npx -y nx run web:build', null],
    ['turbo run deploy --filter=web', 'ship'],
    ['lerna run publish', 'ship'],
    ['deploy.sh production', 'ship'],
    ['bash scripts/release.sh', 'ship'],
    ['make deploy-staging', 'ship-local'],
    ['npm run deploy:preview', 'ship-local'],
    ['make deploy ENV=staging', 'ship-local'],
    ['make deploy-staging ENV=production', 'ship'],
    ['npm run release:notes', 'ship-rehearsal'],
    ['make release-build', 'ship-rehearsal'],
    ['npm run deploy -- --dry-run', 'ship-rehearsal'],
    ['nx release version', 'ship-rehearsal'],
    ['make -n release', 'ship-rehearsal'],
    ['bash -n scripts/deploy.sh', 'ship-rehearsal'],
    ['rake -T deploy', 'ship-rehearsal'],
    ['npm run build', null],
    ['make', null],
    ['make test', null],
    ['yarn add deploy-tools', null],
    ['bash -c deploy.sh', null],
    ['npm install release-it', null],
  ];
  for (const [cmd, kind] of cases) assert.equal(taskShip(words(cmd))?.kind ?? null, kind, cmd);
});

test('project tasks and scripts that ship ask; building, testing and rehearsing do not', () => {
  for (const c of [
    'npm run release',
    'yarn deploy',
    'make deploy',
    'make publish',
    'just deploy',
    'nox -s publish',
    './scripts/deploy.sh production',
    'bash deploy.sh prod',
    'nx run-many -t deploy',
    'turbo run deploy --filter=web',
    'sh -c "npm run deploy:prod"',
  ])
    expectShips(c);
  for (const c of [
    'npm run build',
    'npm run dev',
    'yarn build',
    'make',
    'make test',
    'make deploy-staging',
    'npm run deploy:preview',
    'npm run release:notes',
    'make release-build',
    'nx run-many -t build',
    'turbo run build',
    'tox -e py312',
    'nox -s tests',
    './scripts/build.sh',
    'make -n release',
    'bash -n scripts/deploy.sh && shellcheck scripts/*.sh',
  ])
    expectPasses(c);
});

test('wrappers in front of a publish are taken off', () => {
  for (const c of [
    'corepack pnpm publish',
    'lerna exec -- npm publish',
    'pnpm -r exec npm publish',
    'pnpm --filter web exec vercel --prod',
    'git subtree push --prefix dist origin gh-pages',
    'yarn workspaces foreach -A npm publish',
  ])
    expectShips(c);
  expectPasses('git subtree push --prefix dist origin feature/docs');
});

test('publish and deploy commands of more registries and platforms ask; their rehearsals do not', () => {
  for (const c of [
    'choco push acme.1.0.nupkg --source https://push.chocolatey.org/',
    'anaconda upload dist/acme-1.0.tar.bz2',
    'cabal upload --publish dist/acme-1.0.tar.gz',
    'stack upload .',
    'luarocks upload acme-1.0-1.rockspec',
    'ansible-galaxy collection publish acme-tools-1.0.0.tar.gz',
    'vagrant cloud publish acme/box 1.0 virtualbox box.box',
    'web-ext sign --channel listed',
    'tfx extension publish --token $T',
    'snapcraft upload --release=stable x.snap',
    'docker compose -f docker-compose.prod.yml push',
    'earthly --push +release',
    'bazel run //:push_image',
    './gradlew :plugin:publishPlugin',
    'sfdx force:source:deploy -p force-app',
    'shopify app deploy --force',
    'oc start-build api',
    "salt '*' state.apply",
    'cdktf deploy --auto-approve',
    'gsutil -m rsync -r dist gs://acme-site',
    'aws s3 cp dist s3://acme-site --recursive',
    'clever deploy',
    'tea releases create --tag v1.0',
  ])
    expectShips(c);
  for (const c of [
    'fly deploy --build-only',
    'sam deploy --no-execute-changeset',
    'aws s3 cp s3://acme-site/index.html .',
    'aws s3 cp report.csv s3://acme-reports/',
    'snapcraft',
    'web-ext lint',
    'tfx extension create',
    'cabal build',
    'stack build',
  ])
    expectPasses(c);
});

test('writes to deploy hooks and release or merge APIs ship; reads of them do not', () => {
  assert.match(hookShip(words('curl -X POST https://api.netlify.com/build_hooks/5f3a'))?.text ?? '', /^ship curl /);
  assert.equal(hookShip(words('curl -s https://api.github.com/repos/acme/api/releases')), null);
  assert.equal(hookShip(words('curl -X POST https://example.com/build_hooks/1')), null);
  for (const c of [
    'curl -X POST https://api.netlify.com/build_hooks/5f3a2b',
    'curl -X POST -d {} https://api.vercel.com/v1/integrations/deploy/prj_abc/xyz',
    'curl -fsS -X POST "https://api.render.com/deploy/srv-abc?key=k"',
    'curl -X PUT -H "Authorization: token $T" https://api.github.com/repos/acme/api/pulls/42/merge',
    'curl -d \'{"tag_name":"v1.0"}\' https://api.github.com/repos/acme/api/releases',
    'http POST https://api.heroku.com/apps/acme/builds source_blob:=@b.json',
    'curl --request POST --form token=T --form ref=main https://gitlab.com/api/v4/projects/12/trigger/pipeline',
  ])
    expectShips(c);
  for (const c of [
    'curl -s https://api.github.com/repos/acme/api/releases/latest',
    'curl -s https://api.netlify.com/api/v1/sites/x/deploys',
    'curl -s https://api.github.com/repos/acme/api/pulls/42/merge',
  ])
    expectPasses(c);
});
