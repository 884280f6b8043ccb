// A shared branch's history replaced through a forge's REST API instead of git push: `gh api -X
// PATCH repos/O/R/git/refs/heads/main -f sha=SHA -F force=true` moves main to any commit, dropping
// every commit after it, exactly as `git push --force origin SHA:main` does; and the default branch
// switched (`gh api -X PATCH repos/O/R -f default_branch=x`) changes what every clone, pull request
// and deploy takes as the project's line. Each is read as what it amounts to:
//   `forge-force-update BRANCH`  a forced ref update (denied for main, master, release, trunk,
//                                develop, production; a feature branch gives nothing)
//   `forge-default-branch NAME`  the default branch switched (asked)
//   `forge-archive REPO`         the repository archived: read-only for everyone, its issues,
//                                pull requests, pushes and CI stopped until an owner unarchives (asked)
// Sources: GitHub REST "Update a reference" (PATCH /repos/{owner}/{repo}/git/refs/{ref}, force),
// "Update a repository" (default_branch, archived); gh-repo-archive(1); GitLab REST "Archive a
// project" (POST /projects/:id/archive). GitLab's API has no forced ref update, and
// `glab repo archive` downloads a tarball, archiving nothing.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { forgeApiCall } from './forge-api.js';

export const FORGE_HISTORY_PROGRAMS: readonly string[] = ['gh', 'glab'];

const SHARED = /^(?:main|master|trunk|develop|development|production|prod|release(?:[/-].*)?|stable)$/;

export function forgeHistoryEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const prog = basename(c.argv[0] ?? '');
    if (prog === 'gh' && c.argv[1] === 'repo' && c.argv[2] === 'archive') {
      const repo = c.argv.slice(3).find((w) => !w.startsWith('-')) ?? '.';
      out.push({ tool: 'exec', command: `forge-archive ${repo}`, via: `gh archives the repository ${repo}` });
      continue;
    }
    if ((prog !== 'gh' && prog !== 'glab') || c.argv[1] !== 'api') continue;
    const call = forgeApiCall(c.argv);
    const archive = /^projects\/([^/]+)\/archive$/.exec(call?.route ?? '');
    if (prog === 'glab' && call?.method === 'POST' && archive)
      out.push({ tool: 'exec', command: `forge-archive ${archive[1]}`, via: `glab api archives the project` });
    if (prog !== 'gh') continue;
    // the same through GraphQL (`gh api graphql -f query='mutation { deleteRef(...) }'`,
    // `updateRef(input: {..., force: true})`, `updateRefs` with a forced update): a ref deleted or
    // force-moved. The ref is an opaque id, so it is read as the GraphQL delete it is
    if (call?.route === 'graphql') {
      const query = call.fields.map((f) => f.replace(/^(?:query|mutation)=/, '')).join('\n');
      const m =
        /\bmutation\b[^]*?\b(deleteRef|deleteBranchProtectionRule|deleteRepository|updateRefs?)\s*\(([^]*)/.exec(query);
      const forced = m && /^updateRefs?$/.test(m[1] ?? '') ? /\bforce\s*:\s*true\b/.test(m[2] ?? '') : true;
      if (m && forced)
        out.push({
          tool: 'exec',
          command: `http-graphql-delete api.github.com ${m[1] ?? ''}`,
          via: `gh api graphql ${m[1] === 'deleteRef' ? 'deletes a branch or tag' : 'force-moves or deletes refs'} on the forge`,
        });
      continue;
    }
    if (!call || (call.method !== 'PATCH' && call.method !== 'POST')) continue;
    const ref = /^repos\/[^/]+\/[^/]+\/git\/refs\/heads\/(.+)$/.exec(call.route);
    if (ref && call.method === 'PATCH' && call.fields.some((f) => /^force=(?:true|1)$/i.test(f))) {
      const branch = ref[1] ?? '';
      if (SHARED.test(branch))
        out.push({
          tool: 'exec',
          command: `forge-force-update ${branch}`,
          via: `gh api force-moves ${branch} on the forge: the commits after the new one are dropped`,
        });
    }
    if (call.method === 'PATCH' && /^repos\/[^/]+\/[^/]+$/.test(call.route)) {
      if (call.fields.some((f) => /^archived=(?:true|1)$/i.test(f)))
        out.push({
          tool: 'exec',
          command: `forge-archive ${call.route.slice('repos/'.length)}`,
          via: `gh api archives the repository`,
        });
      const d = call.fields.find((f) => f.startsWith('default_branch='));
      if (d)
        out.push({
          tool: 'exec',
          command: `forge-default-branch ${d.slice('default_branch='.length)}`,
          via: `gh api switches the repository's default branch`,
        });
    }
  }
}
