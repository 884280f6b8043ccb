// MCP tools that ship or install, read as the command they amount to so the same policies decide
// them: `merge_pull_request {pull_number}` is `gh pr merge N` (unless it names a feature branch as
// its base), `create_release`, `publish_package`, `deploy_service`, `promote_build` are a ship
// reading (`ship mcp TOOL`), and `install_package {manager, name}` is `MANAGER install NAME`, so
// the look-alike and source checks of installs apply (docs/effects.md).
import type { Effect } from './types.js';
import { table } from '../../util/lookup-table.js';
import { mcpReleaseKind, mcpRemoteCommand } from './mcp-release.js';
import { graphqlShipField } from './url-ship-actions.js';

type Params = Record<string, unknown>;

/** Words of a tool name that put something in front of users. */
const SHIP = new Set(['publish', 'release', 'deploy', 'deployment', 'rollout', 'promote', 'submit', 'redeploy']);
/** Words of a tool name that install a dependency. */
const INSTALL = new Set(['install', 'add']);
const PACKAGE = new Set([
  'package',
  'packages',
  'dependency',
  'dependencies',
  'module',
  'library',
  'crate',
  'gem',
  'pkg',
]);
/**
 * Verbs that act on a merge or pull request without merging it: opening, reading, editing or
 * commenting on one (`create_merge_request`, `list_merge_requests`, `get_pull_request_merge_status`,
 * `update_merge_request {target_branch: main}`). Approving or accepting (GitLab's
 * `accept_merge_request` merges) stays a merge.
 */
const NOT_MERGING = new Set(
  'create open new list get read view show describe search find fetch update edit comment note close draft add check status diff review reopen'.split(
    ' ',
  ),
);

/** Words of a tool name that name a code change to merge. */
const CODE_CHANGE_WORD = new Set([
  'pull',
  'pulls',
  'pr',
  'prs',
  'mr',
  'mrs',
  'request',
  'requests',
  'branch',
  'branches',
]);
/** Parameters that name a code change, its repository or its branches (GitHub and GitLab MCP servers' names). */
const CODE_CHANGE_PARAM =
  /^(?:pull_?number|pr(?:_?number)?|number|merge_request_iid|iid|owner|repo|repository|project_id|base|head|branch|ref|source_branch|sourceBranch|target_branch|targetBranch|merge_method|mergeMethod|commit_title|commitTitle|sha)$/i;

/** Parameters that make opening or editing a request merge it by itself once CI passes. */
const AUTO_MERGE =
  /^(?:merge_when_pipeline_succeeds|mergeWhenPipelineSucceeds|auto_?merge|autoMerge|merge_when_checks_pass|enable_auto_merge)$/i;

/**
 * Whether an MCP tool merges: `merge` is its action (`merge_pull_request`,
 * `github_merge_pull_request`, `mr_merge`), not a noun after another action (`create_merge_request`),
 * or it sets the request to merge itself (`merge_when_pipeline_succeeds: true`, `auto_merge`).
 */
export function mergesNow(words: readonly string[], p: Params): boolean {
  if (!words.some((w) => ['pull', 'pr', 'mr', 'request', 'merge'].includes(w))) return false;
  // `merge` alone merges whatever the tool holds: records of a CRM (`crm_merge_donors {keep,
  // merge}`), contacts, documents. Only a tool naming a code change (a pull or merge request, a
  // branch) or a parameter that names one (a PR number, a repository, a base or head) merges code.
  if (!words.some((w) => CODE_CHANGE_WORD.has(w)) && !Object.keys(p).some((k) => CODE_CHANGE_PARAM.test(k)))
    return false;
  if (Object.entries(p).some(([k, v]) => AUTO_MERGE.test(k) && v !== false && v !== 'false' && v !== null)) return true;
  return words.includes('merge') && !words.some((w) => NOT_MERGING.has(w));
}

/**
 * A forge MCP tool that commits files straight to a branch platforms deploy from
 * (`create_or_update_file {branch: main}`, `push_files {branch: production}`, GitLab
 * `create_commit {branch: main}`): the same as `git push origin main`, with no review between.
 * Deletions and blanked files are mcp-forge-files.ts' reading.
 */
const DEPLOY_BRANCH = /^(?:refs\/heads\/)?(?:main|master|trunk|production|prod|prd|live|gh-pages|deploy|stable)$/;
function directCommit(words: readonly string[], p: Params): boolean {
  if (!words.some((w) => ['push', 'commit', 'update', 'create', 'upsert', 'write', 'put'].includes(w))) return false;
  if (!words.some((w) => ['file', 'files', 'contents', 'content', 'commit', 'commits'].includes(w))) return false;
  if (words.some((w) => /^(?:delete|remove|get|list|read|search)$/.test(w))) return false;
  const onForge = (typeof p['owner'] === 'string' && typeof p['repo'] === 'string') || p['project_id'] !== undefined;
  const branch = str(p, 'branch', 'ref');
  return onForge && branch !== undefined && DEPLOY_BRANCH.test(branch);
}

/** Bases a merge into is a release or a deploy. */
const PROTECTED = /^(?:main|master|trunk|prod|production|release(?:[/-].*)?|stable|live|develop|gh-pages)$/i;

/** The install command of each manager an MCP tool may name. */
const MANAGERS: Record<string, string> = table({
  npm: 'npm install',
  yarn: 'yarn add',
  pnpm: 'pnpm add',
  bun: 'bun add',
  pip: 'pip install',
  pypi: 'pip install',
  python: 'pip install',
  uv: 'uv add',
  poetry: 'poetry add',
  cargo: 'cargo add',
  crates: 'cargo add',
  rust: 'cargo add',
  gem: 'gem install',
  rubygems: 'gem install',
  ruby: 'gem install',
  go: 'go get',
  composer: 'composer require',
  nuget: 'dotnet add package',
  dotnet: 'dotnet add package',
});

function str(p: Params, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = p[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number') return String(v);
  }
  return undefined;
}

/** Only a word a shell reads as itself goes on the line. */
function safe(v: string | undefined): string | undefined {
  return v !== undefined && /^[A-Za-z0-9@/._:+~=^<>-]{1,200}$/.test(v) ? v : undefined;
}

export function mcpShipEffects(op: string, words: string[], p: Params): Effect[] {
  const out: Effect[] = [];
  const via = `MCP ${op}`;
  if (mergesNow(words, p)) {
    const base = str(p, 'base', 'base_branch', 'baseBranch', 'into', 'target_branch', 'targetBranch');
    // A named feature-branch base is ordinary work; no base means the repository's default branch.
    if (base === undefined || PROTECTED.test(base.replace(/^refs\/heads\//, ''))) {
      const n =
        safe(str(p, 'pull_number', 'pullNumber', 'number', 'pr', 'pr_number', 'merge_request_iid', 'iid')) ?? 'PR';
      const repo = [safe(str(p, 'owner')), safe(str(p, 'repo', 'repository', 'project'))].filter(Boolean).join('/');
      const command = `gh pr merge ${n}${repo ? ` --repo ${repo}` : ''}`;
      out.push({
        tool: 'exec',
        command,
        via: `${via} merges into ${base ?? 'the default branch'} (as \`${command}\`)`,
      });
    }
  } else if (directCommit(words, p)) {
    const branch = str(p, 'branch', 'ref') ?? '';
    const command = `git push origin ${safe(branch.replace(/^refs\/heads\//, '')) ?? 'main'}`;
    out.push({ tool: 'exec', command, via: `${via} commits straight to ${branch} on the forge (as \`${command}\`)` });
  } else if (words.some((w) => SHIP.has(w))) {
    const command = `ship mcp ${safe(op) ?? 'tool'}`;
    out.push({ tool: 'exec', command, via: `${via} ships (as \`${command}\`)` });
  }
  // a GraphQL tool sent a mutation that publishes or deploys (`shopify_graphql {query: "mutation
  // { themePublish(...) }"}`), whatever the tool is called
  if (!out.length) {
    const gql = ['query', 'mutation', 'document', 'body', 'graphql']
      .map((k) => p[k])
      .find((v): v is string => typeof v === 'string' && v.includes('mutation'));
    const field = gql ? graphqlShipField(gql) : undefined;
    if (field) {
      const command = `ship mcp ${safe(op) ?? 'tool'} ${safe(field) ?? ''}`.trim();
      out.push({ tool: 'exec', command, via: `${via} sends the mutation ${field}, which ships (as \`${command}\`)` });
    }
  }
  const release = out.length ? undefined : mcpReleaseKind(words, p);
  if (release) {
    const command = `saas-release ${release} mcp ${safe(op) ?? 'tool'}`;
    out.push({ tool: 'exec', command, via: `${via} releases (as \`${command}\`)` });
  }
  const remote = mcpRemoteCommand(words, p);
  if (remote) out.push({ tool: 'exec', command: remote, via: `${via} runs on another machine (as \`${remote}\`)` });
  if (words.some((w) => INSTALL.has(w)) && words.some((w) => PACKAGE.has(w))) {
    const manager = (
      str(p, 'manager', 'package_manager', 'packageManager', 'ecosystem', 'registry') ?? 'npm'
    ).toLowerCase();
    const install = MANAGERS[manager];
    const names = [p['name'], p['package'], p['packages'], p['package_name'], p['packageName']]
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .filter((v): v is string => typeof v === 'string')
      .map((v) => {
        const version = safe(str(p, 'version'));
        return safe(version && !v.includes('@', 1) ? `${v}@${version}` : v);
      })
      .filter((v): v is string => v !== undefined);
    if (install && names.length) {
      const command = `${install} ${names.join(' ')}`;
      out.push({ tool: 'exec', command, via: `${via} installs (as \`${command}\`)` });
    }
  }
  return out;
}
