// Gates of automation taken out by an edit: the harm comes later, when the pipeline, the bot or
// the GitOps controller runs without the check a human relied on.
//   gate-off approval PATH        a deploy job loses its approval: a GitHub/Azure `environment:`
//                                 (protected environments hold the job for a reviewer), GitLab's
//                                 `when: manual`, a CircleCI `type: approval` job, Bitbucket's
//                                 `trigger: manual`, a Buildkite `block` step, Jenkins' `input`
//   gate-off condition PATH       a deploy job loses its `if:` on the branch, event or repository
//   gate-off trigger PATH KIND    a deploying workflow also runs for pull requests, comments or
//                                 another workflow's run, or for every branch
//   remote-shell-step NAME PATH   a CI step that opens an interactive shell on the runner to
//                                 whoever connects (tmate, upterm, sshx, ngrok/cloudflared to ssh)
//   gate-off tests renovate       Renovate told to merge without waiting for tests (`ignoreTests`)
//   gate-off branch PATH REF      a production GitOps source moved from its main line or a release
//                                 to another branch, which the controller then deploys unreviewed
//   gate-off private PATH         a package's `"private": true` taken out, or `publishConfig`
//                                 given `"access": "public"`: the next release job publishes it
//   agent-unchecked ci FLAG       (tamper) an AI agent a workflow starts, given a flag that turns
//                                 its permission checks off
// Sources: GitHub Docs "Using environments for deployment" (required reviewers), "Events that
// trigger workflows"; GitLab CI `when: manual`; CircleCI approval jobs; Bitbucket deployments;
// Buildkite block steps; Jenkins pipeline `input`; Renovate docs (ignoreTests, automerge);
// Argo CD Application `targetRevision`, Flux GitRepository `ref.branch`; npm-package.json
// (`private`, `publishConfig.access`); tmate/upterm debugging actions as listed on the GitHub
// Marketplace; the agents' own CLI references (agent-launch.ts).
import { posix } from 'node:path';
import type { Effect } from './types.js';

const CI_FILE =
  /(?:^|\/)(?:\.github\/workflows\/[^/]+\.ya?ml|\.gitlab-ci\.ya?ml|\.gitlab\/ci\/[^/]+\.ya?ml|\.circleci\/config\.ya?ml|azure-pipelines[^/]*\.ya?ml|\.azure-pipelines\/[^/]+\.ya?ml|bitbucket-pipelines\.ya?ml|Jenkinsfile[^/]*|\.buildkite\/[^/]+\.ya?ml|\.drone\.ya?ml|\.woodpecker(?:\.ya?ml|\/[^/]+\.ya?ml)|cloudbuild[^/]*\.ya?ml|\.tekton\/[^/]+\.ya?ml)$/i;

/** A pipeline or job that ships: its file name, or its text, says so. */
const SHIPS = /deploy|release|publish|prod(?:uction)?\b|\bcd\b|ship|promote|rollout|go-live/i;

/** Approval steps, per CI system. */
const APPROVALS: [RegExp, string][] = [
  [/^\s*environment\s*:/gm, 'environment'],
  [/^\s*when\s*:\s*["']?manual\b/gm, 'when: manual'],
  [/^\s*type\s*:\s*["']?approval\b/gm, 'type: approval'],
  [/^\s*trigger\s*:\s*["']?manual\b/gm, 'trigger: manual'],
  [/^\s*-?\s*block\s*:/gm, 'block step'],
  [/\binput\s*(?:\(|message\s*:)/g, 'input step'],
  [/\bManualValidation@\d/g, 'ManualValidation'],
];

/** `if:` conditions on the branch, the event, the repository or the actor of a run. */
const CONDITION =
  /^\s*(?:-\s*)?if\s*:.*(?:github\.ref|refs\/heads\/|github\.event_name|github\.repository\b|github\.actor|github\.base_ref|\$CI_COMMIT_(?:BRANCH|REF_NAME|TAG)|\$CI_DEFAULT_BRANCH|\$CI_PIPELINE_SOURCE)/gm;

/** Triggers that run a workflow for code or text from outside the team. */
const OPEN_TRIGGERS =
  /^\s*(?:-\s*)?(pull_request_target|pull_request|issue_comment|workflow_run|pull_request_review(?:_comment)?|discussion_comment|fork)\s*:?/gm;
const INLINE_TRIGGERS = /^\s*on\s*:\s*\[?([^\n\]]*)/m;
const ANY_BRANCH = /branches\s*:\s*(?:\[\s*)?(?:-\s*)?["']?\*\*?["']?/g;

/** Steps that open the runner to an interactive session from outside. */
const REMOTE_SHELLS =
  /\buses\s*:\s*["']?((?:mxschmitt\/action-tmate|tmate-io\/[\w.-]+|lhotari\/action-upterm|owenthereal\/action-upterm|csexton\/debugger-action|P3TERX\/ssh2actions|fawazahmed0\/action-debug(?:-vscode)?|valeriangalliat\/action-sshd-cloudflared|shaowenchen\/debugger-action|Warpbuilds\/action-debugger|dtmilano\/action-tmate|luchihoratiu\/debug-via-ssh|mxschmitt\/action-upterm)\b)|^\s*(?:-\s*)?run\s*:.*\b(tmate\s+-F|upterm\s+host|sshx\b|ngrok\s+tcp\s+22\b|cloudflared\s+tunnel\s+--url\s+(?:ssh|tcp):\/\/)/gim;

/** Agent options that turn the agent's permission checks off (agent-launch.ts lists them per agent). */
const UNCHECKED_AGENT =
  /--(?:allow-)?dangerously-skip-permissions\b|--dangerously-bypass-approvals-and-sandbox\b|--dangerously-allow-all\b|--allow-all-tools\b|--trust-all-tools\b|--approval-mode[= ]yolo\b|--permission-mode[= ]["']?bypassPermissions\b|permission_mode\s*:\s*["']?bypassPermissions/g;

const RENOVATE =
  /(?:^|\/)(?:renovate\.json5?|\.renovaterc(?:\.json5?)?|\.github\/renovate\.json5?|\.gitlab\/renovate\.json5?)$/i;

/** Development, test and preview places, where a branch is what is deployed. */
const NOT_PROD =
  /(?:^|[/._-])(?:dev|develop|development|test|testing|staging|stage|preview|previews|sandbox|qa|review|feature|ephemeral|local)(?:[/._-]|$)/i;
/** Refs that are reviewed lines or fixed releases. */
const REVIEWED_REF =
  /^(?:main|master|trunk|HEAD|stable|production|prod|release(?:[/-][\w.-]+)?|v?\d+(?:\.\d+)*(?:[-+][\w.-]+)?|[0-9a-f]{7,40}|refs\/tags\/.+|\*|\{\{.*\}\})$/i;

function count(re: RegExp, text: string): number {
  return (text.match(re) ?? []).length;
}

function gate(kind: string, path: string, via: string, extra = ''): Effect {
  const file = path.replace(/[^\w./~-]/g, '_');
  return { tool: 'exec', command: `gate-off ${kind} ${file}${extra ? ` ${extra}` : ''}`, via };
}

/** The triggers a workflow text names (the block form and `on: [a, b]`). */
function triggers(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(OPEN_TRIGGERS)) if (m[1]) out.add(m[1]);
  const inline = INLINE_TRIGGERS.exec(text)?.[1] ?? '';
  for (const w of inline.split(/[\s,]+/))
    if (/^(?:pull_request\w*|issue_comment|workflow_run|discussion_comment)$/.test(w)) out.add(w);
  return out;
}

function ciGates(path: string, before: string, after: string, name: string, out: Effect[]): void {
  const ships = SHIPS.test(name) || SHIPS.test(before) || (!before && SHIPS.test(after));
  if (before && ships) {
    for (const [re, what] of APPROVALS)
      if (count(re, before) > count(re, after))
        out.push(
          gate(
            'approval',
            path,
            `the edit takes the ${what} approval out of ${name}: its deploy runs without a reviewer`,
          ),
        );
    if (count(CONDITION, before) > count(CONDITION, after))
      out.push(
        gate(
          'condition',
          path,
          `the edit takes a branch or event condition out of ${name}: its deploy runs for any ref`,
        ),
      );
    const had = triggers(before);
    // a workflow that already runs on every push is not widened by also running for pull requests;
    // one started by hand, by a release or by pushes to named branches is
    const everyPush = /^\s*(?:-\s*)?push\s*:?\s*$/m.test(before) && !/^\s*(?:branches|tags)\s*:/m.test(before);
    if (!everyPush)
      for (const t of triggers(after))
        if (!had.has(t) && t !== 'pull_request_target')
          out.push(gate('trigger', path, `the edit makes ${name}, which deploys, also run on ${t}`, t));
    if (count(ANY_BRANCH, after) > count(ANY_BRANCH, before))
      out.push(gate('trigger', path, `the edit makes ${name}, which deploys, run for every branch`, 'any-branch'));
  }
  const shells = new Set([...before.matchAll(REMOTE_SHELLS)].map((m) => (m[1] ?? m[2] ?? '').toLowerCase()));
  for (const m of after.matchAll(REMOTE_SHELLS)) {
    const what = (m[1] ?? m[2] ?? '').toLowerCase();
    if (shells.has(what)) continue;
    out.push({
      tool: 'exec',
      command: `remote-shell-step ${what.replace(/\s+/g, '_')} ${path.replace(/[^\w./~-]/g, '_')}`,
      via: `the edit adds a step to ${name} that opens the runner, with its secrets, to an interactive session (${what})`,
    });
  }
}

/** Steps that check code or dependencies: made non-blocking, a failure no longer stops the run. */
const CHECK_STEP =
  /\b(?:test|tests|trivy|snyk|codeql|gitleaks|trufflehog|semgrep|grype|checkov|tfsec|kics|bandit|audit|scan|scanner|sast|dast|lint|security|license|sbom|cosign|verify|osv|zizmor|dependency-review)\b/i;

/** Review and apply gates outside CI files: a count or flag whose new value lets changes through. */
function reviewGates(p: string, before: string, after: string, name: string, out: Effect[]): void {
  const num = (t: string, key: string) =>
    [...t.matchAll(new RegExp(`\\b${key}\\b["']?\\s*[:=]\\s*(\\d+)`, 'g'))].map((m) => Number(m[1]));
  for (const key of [
    'required_approving_review_count',
    'requiredApprovingReviewCount',
    'required_approvals',
    'approvals_before_merge',
    'min_approvals',
  ]) {
    const was = num(before, key);
    const now = num(after, key);
    if (was.some((n) => n > 0) && now.length && now.every((n) => n === 0))
      out.push(gate('approval', p, `the edit sets ${key} to 0 in ${name}: changes merge without a review`));
  }
  const flag = (t: string, key: string, value: RegExp) =>
    new RegExp(`\\b${key}\\b["']?\\s*[:=]\\s*["']?${value.source}`, 'i').test(t);
  for (const [key, on, off] of [
    ['enforce_admins', /true/, /false/],
    ['require_code_owner_reviews', /true/, /false/],
    ['auto_apply', /false/, /true/],
    ['autodeploy', /false/, /true/],
    ['validationFailureAction', /Enforce/, /Audit/],
    ['enforcementAction', /deny/, /(?:dryrun|warn)/],
    ['failurePolicy', /Fail/, /Ignore/],
  ] as [string, RegExp, RegExp][])
    if (flag(before, key, on) && flag(after, key, off))
      out.push(
        gate(
          'approval',
          p,
          `the edit turns ${key} from ${on.source} to ${off.source} in ${name}: what it stopped now goes through`,
        ),
      );
  // Atlantis: apply or plan requirements (approved, mergeable) taken out
  if (
    /(?:^|\/)(?:atlantis|repos)\.ya?ml$/.test(p) &&
    /_requirements\s*:/.test(before) &&
    !/_requirements\s*:/.test(after)
  )
    out.push(
      gate('approval', p, `the edit takes the apply requirements out of ${name}: Atlantis applies without an approval`),
    );
  // Argo CD: automated sync added to a production application (a sync by hand was the approval)
  if (/\bsyncPolicy\s*:/.test(before + after) && /^\s*automated\s*:/m.test(after) && !/^\s*automated\s*:/m.test(before))
    out.push(
      gate(
        'approval',
        p,
        `the edit makes ${name} sync itself: every commit to its source deploys without anyone syncing it`,
      ),
    );
}

/** What an edit or write of an automation file takes out of its gates. */
export function gateEffects(path: string, before: string, after: string): Effect[] {
  const p = path.replace(/\\/g, '/');
  const name = posix.basename(p);
  const out: Effect[] = [];
  if (CI_FILE.test(p)) ciGates(p, before, after, name, out);
  const rel = p.replace(/^(?:~|\/(?:home|Users)\/[^/]+|\/root)\//, '');
  if (before && !NOT_PROD.test(rel)) reviewGates(p, before, after, name, out);
  // a check step (tests, scanners) made non-blocking: `continue-on-error: true`, GitLab `allow_failure: true`
  if (CI_FILE.test(p) && before) {
    const soft = /^\s*(?:continue-on-error|allow_failure)\s*:\s*true\b/gm;
    if (count(soft, after) > count(soft, before) && CHECK_STEP.test(after.replace(soft, '')))
      out.push(gate('check', p, `the edit lets a test or scan step in ${name} fail without failing the run`));
  }
  if (CI_FILE.test(p) || /(?:^|\/)\.github\/[^/]+\.ya?ml$/.test(p)) {
    const had = new Set(before.match(UNCHECKED_AGENT) ?? []);
    for (const flag of after.match(UNCHECKED_AGENT) ?? [])
      if (!had.has(flag))
        out.push({
          tool: 'tamper',
          command: `agent-unchecked ci ${flag.replace(/[\s"':]+/g, '_')}`,
          via: `${name} starts an AI agent with ${flag}`,
        });
  }
  if (RENOVATE.test(p) || (/(?:^|\/)package\.json$/.test(p) && /"renovate"\s*:/.test(after)))
    if (/\bignoreTests["']?\s*:\s*true\b/.test(after) && !/\bignoreTests["']?\s*:\s*true\b/.test(before))
      out.push(gate('tests', 'renovate', `${name} makes Renovate merge updates without waiting for tests`));
  if (before && /\.ya?ml$/i.test(p) && !NOT_PROD.test(p.replace(/^(?:~|\/(?:home|Users)\/[^/]+|\/root)\//, ''))) {
    const refs = (t: string) =>
      [...t.matchAll(/^\s*(?:targetRevision|branch|revision)\s*:\s*["']?([^\s"'#]+)/gm)].map((m) => m[1] ?? '');
    const old = refs(before);
    const now = refs(after);
    if (old.length && old.every((r) => REVIEWED_REF.test(r)))
      for (const r of now)
        if (!REVIEWED_REF.test(r) && !old.includes(r))
          out.push(
            gate(
              'branch',
              p,
              `the edit makes ${name} deploy the branch ${r}, which nobody reviewed into the main line`,
              r,
            ),
          );
  }
  if (before && /(?:^|\/)package\.json$/.test(p)) {
    const priv = /"private"\s*:\s*true/;
    const pub = /"access"\s*:\s*"public"/;
    if (
      (priv.test(before) && !priv.test(after) && /"name"|"version"|"private"|^\s*$/.test(after)) ||
      (pub.test(after) && !pub.test(before))
    )
      out.push(
        gate(
          'private',
          p,
          `the edit lets the next release job publish ${p.split('/').slice(-2, -1)[0] ?? 'the package'} to a public registry`,
        ),
      );
  }
  return out;
}
