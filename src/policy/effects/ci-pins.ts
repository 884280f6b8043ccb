// What a CI workflow change does to the trust its jobs run with, beyond where code comes from:
// an action taken from a branch (whatever is pushed there next runs with the job's secrets: the
// tj-actions/changed-files compromise of March 2025 moved tags and branches under every user), a
// token given every write permission, and untrusted event text (issue titles, pull request
// bodies, branch names) pasted into a shell step, where `"; curl ... | sh #` in a title runs.
// Sources: GitHub Docs "Security hardening for GitHub Actions" (pin actions to a full-length
// commit SHA; script injections; GITHUB_TOKEN permissions), GitHub Security Lab "Keeping your
// GitHub Actions and workflows secure" part 2 (untrusted input), CISA alert on tj-actions (2025).
import type { Effect } from './types.js';
import { dependency } from './supply.js';
import { compromisedAction } from './compromised.js';
import { wrapsOwner } from './supply-data.js';

/** Refs that move: branch names rather than tags or commits. */
const BRANCH_REF = /^(?:main|master|head|trunk|dev|develop|development|latest|nightly|canary|edge|next|unstable)$/i;

/**
 * Event fields an outsider writes (GitHub Security Lab's list): titles, bodies, messages, branch
 * names, labels, author names and e-mails of issues, pull requests, comments, reviews, commits,
 * pages and discussions.
 */
const UNTRUSTED_INPUT =
  /\$\{\{\s*(?:github\.event\.(?:issue|pull_request|comment|review|review_comment|discussion|head_commit|commits\[[^\]]*\]|pages\[[^\]]*\]|workflow_run)\.[\w.[\]*]*(?:title|body|message|name|email|label|ref|head_branch|page_name|default_branch)\b[^}]*|github\.head_ref\s*)\}\}/;

/** `run:` bodies of steps: one line after `run:`, or the indented block of `run: |`. */
function runBodies(text: string): string[] {
  const out: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(?:-\s*)?run\s*:\s*(.*)$/.exec(lines[i] ?? '');
    if (!m) continue;
    const first = (m[2] ?? '').trim();
    if (!/^[|>][-+]?$/.test(first)) {
      out.push(first);
      continue;
    }
    const indent = (m[1] ?? '').length;
    const body: string[] = [];
    while (i + 1 < lines.length) {
      const l = lines[i + 1] ?? '';
      if (l.trim() && (/^\s*/.exec(l)?.[0].length ?? 0) <= indent) break;
      body.push(l);
      i++;
    }
    out.push(body.join('\n'));
  }
  return out;
}

/** Readings of a CI workflow's text (a whole file or an edit's new text). */
export function ciTrustFindings(text: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const m of text.matchAll(/^\s*(?:-\s*)?uses\s*:\s*["']?([^\s"'#]+)/gm)) {
    const ref = m[1] ?? '';
    if (ref.startsWith('./') || ref.startsWith('docker://')) continue;
    const at = ref.slice(ref.lastIndexOf('@') + 1);
    if (compromisedAction(ref)) out.push(dependency(['compromised', 'actions', ref], via));
    else if (ref.includes('@') && BRANCH_REF.test(at)) out.push(dependency(['unpinned-branch', 'actions', ref], via));
  }
  // CircleCI orbs (`node: circleci/node@5.1`): `@volatile` takes whatever was published last, and a
  // namespace spelled like CircleCI's own poses as it (circleci.com/docs/orb-intro)
  for (const m of text.matchAll(/^\s+[\w-]+\s*:\s*["']?([\w-]+)\/([\w-]+)@([\w.-]+)["']?\s*$/gm)) {
    const [, ns = '', orb = '', ver = ''] = m;
    if (!/^\s*orbs\s*:/m.test(text)) break;
    const nsl = ns.toLowerCase();
    if (nsl !== 'circleci' && (wrapsOwner(nsl, 'circleci') || nsl.replace(/[-_.]/g, '') === 'circleci'))
      out.push(dependency(['lookalike', 'orbs', `${ns}/${orb}`, 'of', `circleci/${orb}`], via));
    else if (/^(?:volatile|dev:.*|latest)$/i.test(ver))
      out.push(dependency(['unpinned-branch', 'orbs', `${ns}/${orb}@${ver}`], via));
  }
  if (/^\s*permissions\s*:\s*["']?write-all\b/m.test(text))
    out.push(dependency(['token-scope', 'ci', 'write-all'], via));
  for (const body of runBodies(text)) {
    const inj = UNTRUSTED_INPUT.exec(body);
    if (inj) out.push(dependency(['injects-untrusted', 'ci', inj[0].replace(/\s+/g, '')], via));
  }
  return out;
}
