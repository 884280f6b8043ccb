// Projects' own policy layers in a running server (docs/project-policy.md): on unless
// `--no-project-policy` or "project_policy": false in <data-dir>/config.json. Read on worker
// threads; what a project file had refused, or a file that did not load, goes to stderr and to
// the audit log (once per change of the files), and status lists every project layer seen.
import { homedir } from 'node:os';
import { projectPolicySetting } from '../src/policy/config-path.js';
import { ProjectPolicies, type ProjectReport } from '../src/policy/project-policies.js';
import type { SharedAnalysis } from '../src/policy/shadow-cache.js';
import type { Clock } from '../src/util/clock.js';

export function openProjects(
  setting: boolean | undefined,
  dataDir: string,
  opts: {
    clock: Clock;
    log: (m: string) => void;
    shared?: SharedAnalysis;
    /** Records a report on the audit log (set once the log is open). */
    record: (r: ProjectReport) => void;
    onChange: () => void;
  },
): ProjectPolicies | undefined {
  if (!(setting ?? projectPolicySetting(dataDir))) return undefined;
  return new ProjectPolicies({
    mode: 'async',
    clock: opts.clock,
    home: homedir(),
    dataDir,
    ...(opts.shared ? { shared: opts.shared } : {}),
    onReport: (r) => {
      opts.log(`project policy ${r.root}: ${r.message}`);
      opts.record(r);
    },
    onChange: opts.onChange,
  });
}
