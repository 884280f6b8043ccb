// The hooks' local fallback (server away) applies a repository's own .svc/policy.yaml exactly as
// the server does: a project deny denies the call made in the project, the same call made
// elsewhere is allowed, and the spooled record says which policy decided. `svc hook` runs in the
// file's warm svc process (test/helpers/warm-svc.ts); hook-fallback.test.ts spawns it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEAD_URL, FIXTURES, tempDir } from './helpers.js';
import { warmSvc } from '../helpers/warm-svc.js';

const PROJECT = `version: "1"
policies:
  - name: no-deploys-here
    match: { tool: exec }
    rules:
      - action: deny
        when: { command_matches: ["make deploy*"] }
        message: deploys from this repository go through CI
`;

function payload(command: string, cwd: string): string {
  const text = readFileSync(join(FIXTURES, 'hooks', 'claude-code', 'deny.json'), 'utf8');
  const j = JSON.parse(text);
  j.tool_input.command = command;
  j.cwd = cwd;
  return JSON.stringify(j);
}

test("server away: the hook decides locally with the project layer of the call's cwd", async () => {
  const home = tempDir('project-hook');
  const repo = join(home, 'repo');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(join(repo, '.svc'));
  writeFileSync(join(repo, '.svc', 'policy.yaml'), PROJECT);
  const env = { PATH: process.env.PATH, HOME: home, SERVICE_HOME: join(home, 'data'), SERVICE_URL: DEAD_URL };
  mkdirSync(join(home, 'data'));

  const inRepo = await warmSvc(['hook', 'claude-code'], {
    input: payload('make deploy-staging', repo),
    env,
    exactEnv: true,
  });
  assert.equal(inRepo.code, 0, inRepo.stderr);
  const d = JSON.parse(inRepo.stdout);
  assert.equal(d.hookSpecificOutput.permissionDecision, 'deny', inRepo.stdout);
  assert.match(d.systemMessage, /server unreachable; decided locally by policy no-deploys-here/);

  const elsewhere = await warmSvc(['hook', 'claude-code'], {
    input: payload('make deploy-staging', home),
    env,
    exactEnv: true,
  });
  assert.equal(JSON.parse(elsewhere.stdout).hookSpecificOutput.permissionDecision, 'allow', elsewhere.stdout);

  const spooled = readFileSync(join(home, 'data', 'hook-spool.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    spooled.map((l) => [l.workdir, l.decision.action, l.decision.matched_policies, l.policy_file]),
    [
      [repo, 'deny', ['no-deploys-here'], join(repo, '.svc', 'policy.yaml')],
      [home, 'allow', [], undefined],
    ],
  );
});
