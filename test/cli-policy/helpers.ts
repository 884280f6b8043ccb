// Helpers for the policy CLI tests: a temp SERVICE_HOME per test and small policy files. `svc`
// runs the command in the test file's warm svc process (test/helpers/warm-svc.ts: same dispatcher,
// no new process and engine import per call); `spawnSvc` starts bin/svc.js as its own process, for
// the checks that the process itself behaves (its exit status, its output streams).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSvc } from '../helpers/spawn.js';
import { warmSvc } from '../helpers/warm-svc.js';

export interface Sandbox {
  dir: string;
  file(name: string, text: string): string;
  svc(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }>;
  spawnSvc(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }>;
  cleanup(): void;
}

export function sandbox(): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), 'svc-clipol-'));
  const home = join(dir, 'home');
  mkdirSync(home);
  return {
    dir,
    file(name, text) {
      const p = join(dir, name);
      mkdirSync(join(p, '..'), { recursive: true });
      writeFileSync(p, text);
      return p;
    },
    svc: (args) => warmSvc(args, { env: { SERVICE_HOME: home } }),
    spawnSvc: (args) => runSvc(args, { env: { SERVICE_HOME: home } }),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const SMALL_POLICY = `version: "1"
default_action: allow
policies:
  - name: no-wipe
    match: {tool: exec}
    rules:
      - action: deny
        message: "No wiping."
        suggestions: ["rm -rf ./dist"]
        when:
          command_matches: ["rm -rf /"]
  - name: publish
    match: {tool: exec}
    rules:
      - action: ask
        message: "Publishing needs approval."
        when:
          command_matches: ["npm publish*"]
          command_not_matches: ["*--dry-run*"]
  - name: net
    match: {tool: exec}
    rules:
      - action: watch
        message: "Network."
        when:
          command_matches: ["curl *"]
  - name: keys
    match: {tool: [read]}
    rules:
      - action: deny
        message: "Keys are off limits."
        when:
          path_matches: ["**/.ssh/id_*"]
  - name: paste
    match: {tool: fetch}
    rules:
      - action: deny
        message: "No paste sites."
        when:
          domain_matches: ["pastebin.com"]
tests:
  - {name: wipe, tool: exec, params: {command: "rm -rf /"}, expect: deny, expect_message: "No*"}
  - {name: publish, tool: exec, params: {command: "npm publish"}, expect: ask}
  - {name: ls, tool: exec, params: {command: "ls"}, expect: allow}
`;
