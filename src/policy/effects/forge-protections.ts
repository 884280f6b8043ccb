// A forge's merge and branch protections weakened through its REST API (`gh api`, `glab api`):
// nothing is deleted, but the review, pipeline and push rules that stand between a change and the
// shared branch are gone, so the next force push or unreviewed merge lands. Read as
//   `forge-protection-off WHAT ROUTE`   (asked by forge-history-rewrites)
// GitLab: the project settings only_allow_merge_if_pipeline_succeeds / ..._all_discussions_are_resolved
// false, merge_requests_author_approval true, reset_approvals_on_push false,
// disable_overriding_approvers_per_merge_request false, merge_requests_disable_committers_approval
// false, allow_merge_on_skipped_pipeline true, approvals_before_merge 0 (PUT /projects/:id and
// POST /projects/:id/approvals); an approval rule set to 0 or deleted (/projects/:id/approval_rules);
// a protected branch unprotected (DELETE /projects/:id/protected_branches/:name) or protected with
// force pushes allowed or developers pushing directly (allow_force_push, push_access_level 30);
// the push rule removed. GitHub: branch protection put with enforce_admins false, reviews removed
// or their count 0, force pushes or deletions allowed (PUT .../branches/:b/protection and its
// sub-resources); a ruleset disabled or only evaluated (PUT /repos/:o/:r/rulesets/:id). Deleting a
// protection or ruleset is the destructive-data catalogue's deny.
// Sources: GitLab REST "Projects", "Merge request approvals", "Protected branches", "Push rules";
// GitHub REST "Branch protection" and "Repository rules".
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { forgeApiCall } from './forge-api.js';

export const FORGE_PROTECTION_PROGRAMS: readonly string[] = ['gh', 'glab'];

const ON = /^(?:true|1)$/i;
const OFF = /^(?:false|0)$/i;

/** GitLab project and approval settings, and the value that weakens each. */
const GITLAB_SETTINGS: [string, RegExp][] = [
  ['only_allow_merge_if_pipeline_succeeds', OFF],
  ['only_allow_merge_if_all_discussions_are_resolved', OFF],
  ['merge_requests_author_approval', ON],
  ['reset_approvals_on_push', OFF],
  ['disable_overriding_approvers_per_merge_request', OFF],
  ['merge_requests_disable_committers_approval', OFF],
  ['allow_merge_on_skipped_pipeline', ON],
  ['approvals_before_merge', /^0$/],
  ['approvals_required', /^0$/],
  ['allow_force_push', ON],
  // 30: developers may push to the branch without a merge request (40, maintainers, is GitLab's default)
  ['push_access_level', /^30$/],
];

/** GitHub branch protection fields, and the value that weakens each. */
const GITHUB_SETTINGS: [RegExp, RegExp][] = [
  [/^enforce_admins$/, OFF],
  [/^required_pull_request_reviews$/, /^null$/],
  [/required_approving_review_count\]?$/, /^0$/],
  [/^allow_force_pushes$/, ON],
  [/^allow_deletions$/, ON],
  [/^enforcement$/, /^(?:disabled|evaluate)$/],
];

function weakened(fields: string[], settings: [string | RegExp, RegExp][]): string | null {
  for (const f of fields) {
    const eq = f.indexOf('=');
    if (eq < 0) continue;
    const key = f.slice(0, eq);
    const value = f.slice(eq + 1).replace(/^["']|["']$/g, '');
    for (const [k, v] of settings)
      if ((typeof k === 'string' ? key === k : k.test(key)) && v.test(value)) return `${key}=${value}`;
  }
  return null;
}

/**
 * The field of `key=value` pairs sent to a protection route that weakens it, on either forge's
 * field names, or null; for clients other than gh and glab (curl, a fetch tool, code), which send
 * the same fields as JSON or a form (saas-actions.ts, repo-guard-change).
 */
export function protectionWeakenedBy(fields: string[]): string | null {
  return weakened(fields, GITHUB_SETTINGS) ?? weakened(fields, GITLAB_SETTINGS);
}

export function forgeProtectionEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const prog = basename(c.argv[0] ?? '');
    if ((prog !== 'gh' && prog !== 'glab') || c.argv[1] !== 'api') continue;
    const call = forgeApiCall(c.argv);
    if (!call || call.method === 'GET') continue;
    const r = call.route;
    let what: string | null = null;
    if (prog === 'glab') {
      if (
        call.method === 'DELETE' &&
        /^projects\/[^/]+\/(?:protected_branches\/[^/]+|push_rule|approval_rules\/\d+)$/.test(r)
      )
        what = r.slice(r.indexOf('/', 'projects/'.length) + 1).split('/')[0] ?? 'protection';
      else if (/^projects\/[^/]+(?:\/approvals|\/approval_rules(?:\/\d+)?|\/protected_branches(?:\/[^/]+)?)?$/.test(r))
        what = weakened(call.fields, GITLAB_SETTINGS);
    } else if (
      /^repos\/[^/]+\/[^/]+\/(?:branches\/.+\/protection(?:\/.*)?|rulesets\/\d+)$/.test(r) &&
      call.method !== 'DELETE'
    )
      what = weakened(call.fields, GITHUB_SETTINGS);
    if (what)
      out.push({
        tool: 'exec',
        command: `forge-protection-off ${what} ${r}`,
        via: `${prog} api ${call.method} ${r} weakens the merge or branch protections (${what})`,
      });
  }
}

/**
 * The repository settings file the Probot Settings app applies on push (`.github/settings.yml`,
 * its `branches: - name: main / protection:` entries take the REST API's field names): a write or
 * an edit that turns on force pushes or deletions, turns off enforcement for admins, or drops the
 * required reviews or their count to zero weakens the protection as the API call would.
 */
const SETTINGS_FILE = /(?:^|\/)\.github\/settings\.ya?ml$/;
const SETTINGS_WEAKENED: [RegExp, string][] = [
  [/^\s*allow_force_pushes\s*:\s*true\b/m, 'allow_force_pushes'],
  [/^\s*allow_deletions\s*:\s*true\b/m, 'allow_deletions'],
  [/^\s*enforce_admins\s*:\s*(?:false|null)\b/m, 'enforce_admins'],
  [/^\s*required_pull_request_reviews\s*:\s*null\b/m, 'required_pull_request_reviews'],
  [/^\s*required_approving_review_count\s*:\s*0\b/m, 'required_approving_review_count'],
];

/** `forge-protection-off WHAT .github/settings.yml` readings of a write or an edit of that file. */
export function forgeSettingsFileEffects(path: string, before: string, after: string): Effect[] {
  if (!SETTINGS_FILE.test(path)) return [];
  return SETTINGS_WEAKENED.filter(([re]) => re.test(after) && !re.test(before)).map(([, what]) => ({
    tool: 'exec',
    command: `forge-protection-off ${what} .github/settings.yml`,
    via: `${path} sets ${what}, which the Settings app applies to the branch protection on push`,
  }));
}
