// Any tool's deploy, publish, promote, ship or broadcast subcommand is read from its verb, for
// the CLIs the ship catalogue does not name (src/policy/shell-ship-verbs.ts), and asked by
// cli-ship-verbs. Platforms the catalogue names keep its finer decisions (previews pass),
// task runners' targets are read from the project's files, and rehearsals and questions pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shipVerbReading } from '../../src/policy/shell-ship-verbs.js';
import { check, decide } from './effects-helpers.js';

test('the ship verb of a tool svc has never seen is read whatever the subcommand shape', () => {
  assert.equal(shipVerbReading(['zcli', 'publish'])?.text, 'cli-ship zcli publish');
  assert.equal(shipVerbReading(['acme', 'apps:deploy', 'web'])?.text, 'cli-ship acme apps:deploy web');
  assert.equal(shipVerbReading(['fleetctl', 'ota', 'deploy', '--all', 'fw.bin'])?.from, 'deploy (fleetctl)');
  assert.equal(shipVerbReading(['mkdocs', 'gh-deploy'])?.from, 'deploy (mkdocs)');
  assert.equal(shipVerbReading(['npx', 'acme-cli', 'publish'])?.text, 'cli-ship acme-cli publish');
  // not a subcommand: a file, a command run inside, a question, a rehearsal, a task runner
  assert.equal(shipVerbReading(['ansible-playbook', 'deploy.yml']), null);
  assert.equal(shipVerbReading(['docker', 'run', 'img', 'deploy']), null);
  assert.equal(shipVerbReading(['acme', 'help', 'deploy']), null);
  assert.equal(shipVerbReading(['acme', 'deploy', '--dry-run']), null);
  assert.equal(shipVerbReading(['make', 'deploy-staging']), null);
});

test('standard: unknown tools deploying or publishing are asked; builds, previews and looks pass', () => {
  check([
    ['A', 'exec', { command: 'zcli publish' }],
    ['A', 'exec', { command: 'acme apps:deploy web --app prod' }],
    ['A', 'exec', { command: 'fleetctl ota deploy --all firmware.bin' }],
    ['A', 'exec', { command: 'newsletter-cli broadcast --list all-customers' }],
    ['A', 'exec', { command: 'cap production deploy' }],
  ]);
  check([
    ['B', 'exec', { command: 'dotnet publish -c Release -o out' }],
    ['B', 'exec', { command: 'vercel deploy' }],
    ['B', 'exec', { command: 'acme deploy --dry-run' }],
    ['B', 'exec', { command: 'acme help deploy' }],
    ['B', 'exec', { command: 'gcloud pubsub topics publish dev-events --message hi' }],
    ['B', 'exec', { command: 'make deploy-staging' }],
    ['B', 'exec', { command: 'kubectl rollout status deploy/api -n staging' }],
  ]);
  assert.equal(decide('exec', { command: 'zcli publish' }).policy, 'cli-ship-verbs');
});
