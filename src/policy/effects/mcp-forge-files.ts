// A forge's MCP tools (GitHub's github-mcp-server, GitLab's) change a repository on the forge
// without git: `delete_file`, `create_or_update_file` or `push_files` given empty contents, or
// `delete_branch`, aimed at a shared branch (main, master, trunk, develop, release, production)
// or at no branch (the default one) removes code everyone builds from, with no pull request or
// review in between. Read as
//   `forge-branch-loss WHAT BRANCH PATH`   (asked by forge-history-rewrites)
// A feature branch, a file written with content and reads give nothing.
// Sources: github/github-mcp-server's repository tools (delete_file, create_or_update_file,
// push_files, delete_branch: owner, repo, branch, path, content, files) and GitLab's MCP server
// (project_id, branch, file_path, commit_message).
import type { Effect } from './types.js';

const SHARED =
  /^(?:main|master|trunk|develop|development|production|prod|release(?:[/-].*)?|stable|refs\/heads\/(?:main|master))$/;

/** What a forge MCP call with these parameters removes from a shared branch, or nothing. */
export function mcpForgeFileEffects(op: string, p: Record<string, unknown>): Effect[] {
  const onForge = (typeof p['owner'] === 'string' && typeof p['repo'] === 'string') || p['project_id'] !== undefined;
  if (!onForge) return [];
  const branch = typeof p['branch'] === 'string' ? p['branch'] : '';
  if (branch && !SHARED.test(branch)) return [];
  const on = branch || 'default';
  const path = String(p['path'] ?? p['file_path'] ?? '');
  const loss = (what: string, target: string): Effect => ({
    tool: 'exec',
    command: `forge-branch-loss ${what} ${on} ${target}`.trim(),
    via: `MCP ${op} ${what === 'delete' ? 'deletes' : what === 'blank' ? 'empties' : 'removes'} ${target || on} on the ${on} branch of the forge, with no review`,
  });
  if (/delete[_-]?(?:repository[_-]?)?file|remove[_-]?file/.test(op)) return [loss('delete', path)];
  if (/delete[_-]?branch/.test(op) && branch) return [loss('branch', '')];
  if (/create[_-]?or[_-]?update[_-]?file|update[_-]?file/.test(op) && p['content'] === '') return [loss('blank', path)];
  if (/push[_-]?files/.test(op) && Array.isArray(p['files'])) {
    const blanked = (p['files'] as unknown[]).filter(
      (f): f is { path: string; content: string } =>
        typeof f === 'object' && f !== null && (f as { content?: unknown }).content === '',
    );
    return blanked.slice(0, 8).map((f) => loss('blank', String(f.path)));
  }
  return [];
}
