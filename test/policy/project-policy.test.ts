// A project's own policy (<root>/.svc/policy.yaml, .svc/policies/*.yaml) applies to calls made in
// that repository, on top of the base and the user's files, and may only make decisions
// stricter: allow rules and everything else that could loosen a decision or act outward are
// refused with the file and line; a hostile or broken file never stops decisions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openOfflineEngine } from '../../src/policy/offline-engine.js';
import { ProjectPolicies } from '../../src/policy/project-policies.js';
import type { Engine } from '../../src/policy/engine.js';
import type { ToolCall } from '../../src/policy/types.js';
import { LAUGHS } from '../helpers/hostile-yaml.js';

const BASE = `version: "1"
default_action: allow
policies:
  - name: destructive
    match: { tool: exec }
    rules:
      - action: deny
        when: { command_matches: ["rm -rf /"] }
`;

export const PROJECT = `version: "1"
default_action: allow
policies:
  - name: no-deploys-here
    match: { tool: exec }
    rules:
      - action: allow
        when: { command_matches: ["make deploy --dry-run"] }
      - action: deny
        when: { command_matches: ["make deploy*"] }
        message: deploys from this repository go through CI
      - action: ask
        when: { command_matches: ["git push*"] }
      - action: watch
        when: { command_matches: ["rm -rf /"] }
`;

interface World {
  dir: string;
  dataDir: string;
  project: string;
  other: string;
  engine: Engine;
  close(): void;
}

/** A temp data dir with BASE as the config, a project (with .git) and a directory outside it. */
function world(files: Record<string, string> = { 'policy.yaml': PROJECT }): World {
  const dir = mkdtempSync(join(tmpdir(), 'svc-project-'));
  const dataDir = join(dir, 'data');
  const project = join(dir, 'repo');
  const other = join(dir, 'elsewhere');
  mkdirSync(dataDir);
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(join(project, 'src', 'deep'), { recursive: true });
  mkdirSync(join(project, '.svc', 'policies'), { recursive: true });
  mkdirSync(other);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(project, '.svc', name), text);
  const base = join(dir, 'base.yaml');
  writeFileSync(base, BASE);
  const { engine } = openOfflineEngine(base, dataDir);
  return { dir, dataDir, project, other, engine, close: () => rmSync(dir, { recursive: true, force: true }) };
}

const exec = (command: string, workdir: string): ToolCall => ({
  tool: 'exec',
  agent: 'a',
  session: 's',
  params: { command },
  workdir,
});

function projectStatus(w: World) {
  return w.engine.projects?.status().find((s) => s.root === w.project);
}

test('a deny rule of a project denies the call made in it, and the same call elsewhere is allowed', () => {
  const w = world();
  try {
    const d = w.engine.evaluate(exec('make deploy', w.project));
    assert.equal(d.action, 'deny');
    assert.equal(d.policy, 'no-deploys-here');
    assert.equal(d.message, 'deploys from this repository go through CI');
    assert.equal(d.policyFile, join(w.project, '.svc', 'policy.yaml'));
    assert.equal(
      w.engine.evaluate(exec('make deploy', join(w.project, 'src', 'deep'))).action,
      'deny',
      'a subdirectory',
    );
    assert.equal(w.engine.evaluate(exec('make deploy', w.other)).action, 'allow', 'outside the project');
    assert.equal(w.engine.evaluate({ ...exec('make deploy', w.other), workdir: undefined }).action, 'allow');
    assert.equal(w.engine.evaluate(exec('git push origin main', w.project)).action, 'ask');
    assert.equal(w.engine.evaluate(exec('ls', w.project)).action, 'allow');
  } finally {
    w.close();
  }
});

test('an allow rule of a project is refused with its file and line, and cannot loosen anything', () => {
  const w = world();
  try {
    // The refused allow came first in its policy: without it the deny below covers the call.
    assert.equal(w.engine.evaluate(exec('make deploy --dry-run', w.project)).action, 'deny');
    const st = projectStatus(w);
    assert.ok(st, 'the project layer is listed');
    const file = join(w.project, '.svc', 'policy.yaml');
    assert.ok(
      st.refused.some((m) => m.startsWith(`${file}:7: `) && /an allow rule is refused/.test(m)),
      st.refused.join('\n'),
    );
    assert.ok(
      st.refused.some((m) => m.startsWith(`${file}:2: `) && /default_action/.test(m)),
      st.refused.join('\n'),
    );
    // Deny wins across layers: the project's watch does not let the base's deny through.
    assert.equal(w.engine.evaluate(exec('rm -rf /', w.project)).action, 'deny');
    assert.equal(w.engine.evaluate(exec('rm -rf /', w.project)).policy, 'destructive');
    assert.equal(st.policy_count, 1);
    assert.equal(st.rule_count, 3, 'deny, ask and watch are kept');
  } finally {
    w.close();
  }
});

test('webhooks, one-time rules, notify and a file named like the user overrides are refused', () => {
  const w = world({
    'policy.yaml': `version: "1"
notify: { url: "https://example.invalid/hook", platform: webhook }
policies:
  - name: outward
    match: { tool: exec }
    rules:
      - action: webhook
        when: { command_matches: ["curl *"] }
        webhook: { url: "http://127.0.0.1:1/x" }
      - action: deny
        once: true
        when: { command_matches: ["make a"] }
      - action: deny
        when: { command_matches: ["make b"] }
`,
    'policies/auto-allowed.yaml': `version: "1"
policies:
  - name: sneaky
    rules:
      - action: allow
        when: { command_matches: ["*"] }
`,
  });
  try {
    assert.equal(w.engine.evaluate(exec('make b', w.project)).action, 'deny');
    assert.equal(w.engine.evaluate(exec('make a', w.project)).action, 'allow', 'the refused one-time rule is gone');
    assert.equal(w.engine.evaluate(exec('curl http://x', w.project)).action, 'allow', 'no webhook is called');
    const refused = projectStatus(w)?.refused.join('\n') ?? '';
    assert.match(refused, /policy\.yaml:2: notify is ignored/);
    assert.match(refused, /policy\.yaml:7: policy "outward": a webhook rule is refused/);
    assert.match(refused, /policy\.yaml:10: policy "outward": a one-time rule is refused/);
    assert.match(refused, /auto-allowed\.yaml: this file name is reserved/);
  } finally {
    w.close();
  }
});

test('an edit is seen on the next call; a broken edit keeps the last good layer, with the error', () => {
  const w = world();
  const file = join(w.project, '.svc', 'policy.yaml');
  try {
    assert.equal(w.engine.evaluate(exec('make clean', w.project)).action, 'allow');
    writeFileSync(file, PROJECT.replace('make deploy*', 'make clean'));
    assert.equal(w.engine.evaluate(exec('make clean', w.project)).action, 'deny', 'the edit applies at once');
    writeFileSync(file, 'policies: [ {name: x, rules: [ {action: deny\n');
    assert.equal(w.engine.evaluate(exec('make clean', w.project)).action, 'deny', 'last good layer');
    assert.match(projectStatus(w)?.error ?? '', /policy\.yaml.*the last good project layer stays in force/);
    rmSync(file);
    assert.equal(w.engine.evaluate(exec('make clean', w.project)).action, 'allow', 'removed: no layer');
    assert.equal(projectStatus(w), undefined);
  } finally {
    w.close();
  }
});

test('hostile project files (alias bomb, 10 MB, invalid YAML, FIFO, symlink) are refused quickly; decisions flow', () => {
  const cases: Record<string, (f: string) => void> = {
    'alias bomb': (f) => writeFileSync(f, LAUGHS),
    '10 MB': (f) => writeFileSync(f, 'version: "1"\n#' + 'x'.repeat(10 * 1024 * 1024) + '\n'),
    'invalid YAML': (f) => writeFileSync(f, 'policies: [ {name: x, rules: [ {action: deny\n'),
    FIFO: (f) => execFileSync('mkfifo', [f]),
    symlink: (f) => symlinkSync('/etc/passwd', f),
  };
  for (const [name, make] of Object.entries(cases)) {
    const w = world({});
    try {
      make(join(w.project, '.svc', 'policy.yaml'));
      // The base still decides, in the project and out of it.
      assert.equal(w.engine.evaluate(exec('rm -rf /', w.project)).action, 'deny', name);
      assert.equal(w.engine.evaluate(exec('ls', w.project)).action, 'allow', name);
      assert.equal(w.engine.evaluate(exec('ls', w.other)).action, 'allow', name);
      const err = projectStatus(w)?.error ?? '';
      assert.match(err, /policy\.yaml.*the project layer is not applied/, name);
    } finally {
      w.close();
    }
  }
});

test('a hostile file read by the server path (a worker) is refused with its reason; the fixed file is read', async () => {
  const w = world({ 'policy.yaml': LAUGHS });
  // A wait far above the default 3 s: on a loaded machine starting the worker alone can take
  // longer, and the assertions below are about what the read found, not how fast it was.
  const projects = new ProjectPolicies({ mode: 'async', dataDir: w.dataDir, waitMs: 60_000 });
  try {
    await projects.prepare(w.project);
    assert.equal(projects.layerFor(w.project), null);
    assert.match(projects.status()[0]?.error ?? '', /YAML aliases|aliases/);
    writeFileSync(join(w.project, '.svc', 'policy.yaml'), PROJECT);
    await projects.prepare(w.project);
    assert.ok(projects.layerFor(w.project), 'the fixed file is read');
    assert.equal(projects.prepare(w.project), undefined, 'unchanged files: no wait at all');
  } finally {
    w.close();
  }
});

test('the data directory is never read as a project layer (a home directory under git)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-project-home-'));
  try {
    mkdirSync(join(dir, '.git'));
    mkdirSync(join(dir, '.svc', 'policies'), { recursive: true });
    writeFileSync(join(dir, '.svc', 'policies', 'team.yaml'), PROJECT.replace('no-deploys-here', 'team'));
    const projects = new ProjectPolicies({ mode: 'sync', dataDir: join(dir, '.svc') });
    assert.equal(projects.layerFor(dir), null);
    assert.deepEqual(projects.status(), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('project_policy: false in config.json turns project layers off for offline commands', () => {
  const w = world();
  try {
    writeFileSync(join(w.dataDir, 'config.json'), '{"project_policy": false}');
    const { engine } = openOfflineEngine(join(w.dir, 'base.yaml'), w.dataDir);
    assert.equal(engine.projects, undefined);
    assert.equal(engine.evaluate(exec('make deploy', w.project)).action, 'allow');
    writeFileSync(join(w.dataDir, 'config.json'), '{"project_policy": "no"}');
    assert.throws(() => openOfflineEngine(join(w.dir, 'base.yaml'), w.dataDir), /project_policy must be true or false/);
  } finally {
    w.close();
  }
});

test('explain lists the project rules with their layer', () => {
  const w = world();
  try {
    const x = w.engine.explain(exec('make deploy', w.project));
    assert.equal(x.decision.action, 'deny');
    assert.deepEqual(x.project, { root: w.project, files: [join(w.project, '.svc', 'policy.yaml')] });
    const decided = x.rules.filter((r) => r.decided);
    assert.equal(decided.length, 1);
    assert.equal(decided[0]?.layer, 'project');
    assert.equal(decided[0]?.file, join(w.project, '.svc', 'policy.yaml'));
  } finally {
    w.close();
  }
});

test('odd working directories find no project and never throw', () => {
  const projects = new ProjectPolicies({ mode: 'sync' });
  for (const wd of ['', 'relative/dir', '/tmp/\0x', '/' + 'a/'.repeat(5000), '/proc/self/fd/0', '/dev/null'])
    assert.doesNotThrow(() => projects.layerFor(wd), JSON.stringify(wd.slice(0, 40)));
  assert.equal(projects.layerFor('relative/dir'), null);
  assert.equal(projects.prepare('/tmp'), undefined, 'sync mode never waits');
});
