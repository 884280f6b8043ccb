// A project's policy may only make decisions stricter (docs/project-policy.md). The agent can
// write the repository, and a cloned repository is a stranger's text, so whatever a project file
// says must never loosen what the base and the user's files decide, nor make svc act on anyone's
// behalf. Kept: deny, ask and watch rules (with taints, session and response conditions).
// Refused, each with an error naming the file and line: allow rules, webhook rules, one-time
// rules (they rewrite their file), default_action, notify, and files named like the user's
// durable override files. Removing a refused rule never loosens the layer: an allow is the
// weakest answer, and the rules after it in its policy only see more calls.
import type { ParsedPolicyFile, PolicyAst } from './ast.js';
import { isDurableFile } from './compile.js';
import type { PolicyDiagnostic } from './policy-errors.js';

export interface RestrictedLayer {
  files: ParsedPolicyFile[];
  /** What was refused; the rest of the layer stays in force. */
  refused: PolicyDiagnostic[];
}

function refuse(out: PolicyDiagnostic[], file: string, line: number, problem: string, key?: string): void {
  out.push({
    file,
    line,
    col: 0,
    severity: 'error',
    problem: `${problem} (a project policy may only add deny, ask and watch rules)`,
    ...(key ? { key } : {}),
  });
}

/** The project's files with everything that could loosen a decision or act outward taken out. */
export function restrictProjectLayer(files: ParsedPolicyFile[]): RestrictedLayer {
  const refused: PolicyDiagnostic[] = [];
  const kept: ParsedPolicyFile[] = [];
  for (const f of files) {
    if (isDurableFile(f.file)) {
      refuse(
        refused,
        f.file,
        0,
        'this file name is reserved for the user\'s own "always allow" rules; the whole file is ignored',
      );
      continue;
    }
    if (f.defaultAction !== undefined)
      refuse(
        refused,
        f.file,
        f.defaultActionLine ?? 0,
        'default_action is ignored in a project policy',
        'default_action',
      );
    if (f.notify)
      refuse(
        refused,
        f.file,
        f.notify.line ?? 0,
        'notify is ignored in a project policy (it sends messages)',
        'notify',
      );
    const policies: PolicyAst[] = [];
    for (const p of f.policies) {
      const rules = p.rules.filter((r) => {
        if (r.action === 'allow') {
          refuse(refused, f.file, r.line, `policy "${p.name}": an allow rule is refused`, 'action');
          return false;
        }
        if (r.action === 'webhook') {
          refuse(
            refused,
            f.file,
            r.line,
            `policy "${p.name}": a webhook rule is refused (it makes network calls)`,
            'action',
          );
          return false;
        }
        if (r.once) {
          refuse(
            refused,
            f.file,
            r.line,
            `policy "${p.name}": a one-time rule is refused (it rewrites its file)`,
            'once',
          );
          return false;
        }
        return true;
      });
      policies.push(rules.length === p.rules.length ? p : { ...p, rules });
    }
    const out: ParsedPolicyFile = { file: f.file, policies, tests: f.tests };
    if (f.version !== undefined) out.version = f.version;
    kept.push(out);
  }
  return { files: kept, refused };
}
