// Standing access granted on a code forge: a deploy key or SSH key added, a collaborator or
// member invited, a webhook that sends every push somewhere, a self-hosted runner registered, a
// CI secret or variable set, an access token minted. Each outlives the session and lets whoever
// holds it back in without svc seeing it, so it is persistence, however it is spelled:
//   gh repo deploy-key add, gh ssh-key add, gh gpg-key add, gh secret set, gh variable set,
//   glab deploy-key add, glab ssh-key add, glab variable set,
//   gh api / glab api with a writing method (or fields, which make gh api POST) on such a route,
//   curl/http/xh writing to api.github.com or a GitLab /api/v4/ route of the same kind.
// The reading is spelled `access-grant FORGE ROUTE` (docs/shell-readings.md, "Access grants");
// the standard policy forge-access-grants asks. Listing keys, hooks or members changes nothing.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { forgeApiCall } from './forge-api.js';
import { table } from '../../util/lookup-table.js';

/** Programs whose command lines this file reads (the line-readings gate). */
export const GRANT_PROGRAMS = ['gh', 'glab', 'curl', 'http', 'https', 'xh', 'wget'];

/**
 * REST routes that grant access, from the GitHub REST reference (deploy keys, users/keys,
 * collaborators, org memberships and invitations, webhooks, self-hosted runners, Actions
 * secrets and variables, Codespaces secrets, app installations) and the GitLab REST reference
 * (deploy keys and tokens, members, hooks, runners, CI/CD variables, access tokens).
 */
const GRANT_ROUTE =
  /(?:^|\/)(?:keys|deploy_keys|deploy_tokens|ssh_signing_keys|gpg_keys|collaborators(?:\/[^/]+)?|memberships\/[^/]+|members(?:\/[^/]+)?|invitations|hooks|runners(?:\/registration-token)?|registration-token|secrets(?:\/[^/]+)?|variables(?:\/[^/]+)?|access_tokens|personal_access_tokens|impersonation_tokens|installations\/[^/]+\/repositories(?:\/[^/]+)?)\/?$/;

/** CLI subcommands that grant access (gh and glab manuals). */
const GRANT_VERBS: Record<string, RegExp> = table({
  gh: /^(?:repo deploy-key add|ssh-key add|gpg-key add|secret set|variable set|codespace secret set)$/,
  glab: /^(?:deploy-key add|ssh-key add|variable set|variable update|token create)$/,
});

function route(url: string): string | undefined {
  const r = url
    .replace(/^[a-z]+:\/\/[^/]+/i, '')
    .replace(/^\/?(?:api\/v[34]\/)?/, '')
    .split(/[?#]/)[0];
  return r && GRANT_ROUTE.test(r) ? r : undefined;
}

/** `gh api [-X M] ROUTE [-f k=v ...]`: the route when the call writes. */
function apiGrant(a: string[]): string | undefined {
  const call = forgeApiCall(a);
  return call && /^(?:POST|PUT|PATCH)$/.test(call.method) ? route(call.route) : undefined;
}

/** curl/http/xh to a forge API: the route when the request writes. */
function httpGrant(name: string, a: string[]): string | undefined {
  let method = '';
  let data = false;
  let url = '';
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (w === '-X' || w === '--request') method = (a[++i] ?? '').toUpperCase();
    else if (/^-X[A-Z]+$/.test(w)) method = w.slice(2).toUpperCase();
    else if (/^--request=/.test(w)) method = w.slice(10).toUpperCase();
    else if (/^(?:-d|--data|--data-raw|--data-binary|--json|-F|--form|--post-data)$/.test(w)) data = true;
    else if (/^(?:https?:\/\/)?(?:api\.github\.com|[^/\s]+\/api\/v4)\//i.test(w)) url = w;
    else if ((name === 'http' || name === 'https' || name === 'xh') && /^(?:POST|PUT|PATCH)$/.test(w)) method = w;
    else if ((name === 'http' || name === 'https' || name === 'xh') && /^[\w[\]]+:?=/.test(w)) data = true;
  }
  if (!url) return undefined;
  const writes = method ? /^(?:POST|PUT|PATCH)$/.test(method) : data;
  return writes ? route(url) : undefined;
}

/** A private repository made public: everyone is granted read access. */
function visibilityPublic(name: string, a: string[]): string | undefined {
  if ((name === 'gh' || name === 'glab') && a[1] === 'repo' && a[2] === 'edit') {
    const i = a.indexOf('--visibility');
    if (a.includes('--visibility=public') || (i > 0 && a[i + 1] === 'public')) return 'visibility public';
  }
  if (
    name === 'gh' &&
    a[1] === 'api' &&
    /^\/?repos\/[^/]+\/[^/]+\/?$/.test(a.find((w, i) => i > 1 && !w.startsWith('-') && w.includes('/')) ?? '')
  )
    if (a.some((w) => /^(?:visibility=public|private=false)$/.test(w))) return 'visibility public';
  return undefined;
}

/** The access grants a line makes on a code forge. */
export function forgeGrantEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '').toLowerCase();
    let found: string | undefined;
    let forge = name === 'glab' ? 'gitlab' : 'github';
    if (name === 'gh' || name === 'glab') {
      if (a[1] === 'api') found = apiGrant(a);
      else {
        const words = a.slice(1).filter((w) => !w.startsWith('-'));
        for (const n of [4, 3, 2]) {
          const v = words.slice(0, n).join(' ');
          if (GRANT_VERBS[name]?.test(v)) {
            found = v;
            break;
          }
        }
      }
    } else {
      found = httpGrant(name, a);
      if (found && !a.some((w) => /api\.github\.com/i.test(w))) forge = 'gitlab';
    }
    found ??= visibilityPublic(name, a);
    if (found)
      out.push({ tool: 'exec', command: `access-grant ${forge} ${found}`, via: `${name} grants access (${found})` });
  }
}
