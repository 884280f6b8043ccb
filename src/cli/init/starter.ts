// The starter policy `svc init` writes: a layer on the chosen profile that only adds rules, with
// a commented example and inline tests, so the user has a working file to grow.
import { basename } from 'node:path';

export function starterName(project: string | undefined): string {
  const raw = project ? basename(project) : 'project';
  const name =
    raw
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '') || 'project';
  return `${name}.yaml`;
}

export function starterPolicy(o: { profile: string; project?: string; file: string; date: string }): string {
  const what = o.project ? `the project in ${o.project}` : 'your projects';
  return `# svc policy for ${what}, written by 'svc init' on ${o.date}.
#
# It layers on the "${o.profile}" profile: the profile's rules stay in force and deny wins across
# layers, so the rules here can add asks, denies and watches but never open what the profile
# denies. Edit it freely; the running server reloads it when it changes.
#   check it:     svc policy lint ${o.file}
#   run its tests: svc test --file ${o.file}
#   try a call:    svc test "git push --force origin main"
# The policy language: docs/policy.md (in the svc package).
version: "1"
policies:
  - name: project-watch-pushes
    description: Record every git push in the audit log (watch allows and records).
    match: { tool: exec }
    rules:
      - action: watch
        message: "git push recorded by the project policy."
        when:
          command_matches: ["git push*"]

  # An example ask rule: remove the leading '# ' to make deploys wait for your approval
  # (svc pending, svc approve ID, or the dashboard).
  # - name: project-deploys-need-a-human
  #   match: { tool: exec }
  #   rules:
  #     - action: ask
  #       message: "Deploys need a human: approve with svc approve ID."
  #       when:
  #         command_matches: ["make deploy*", "npm run deploy*", "kubectl apply *"]

# Inline tests check this file's own rules (svc test --file); keep one per rule you add.
tests:
  - {name: pushes are watched, tool: exec, params: {command: "git push origin main"}, expect: watch}
`;
}
