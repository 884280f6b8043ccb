// What ships through an HTTP call: platforms start a deploy, a release or a merge when their
// API or a deploy hook URL receives a write (`curl -X POST https://api.netlify.com/build_hooks/ID`,
// `curl -X PUT .../pulls/42/merge`). The URL and the method are the reading; a GET only looks.
//
// Sources: Netlify "Build hooks", Vercel "Deploy Hooks", Render "Deploy Hooks", Cloudflare Pages
// "Deploy hooks", Heroku Platform API (Build create, Release create), GitHub REST API (releases,
// merges, pull request merge, workflow and repository dispatches, deployments), GitLab REST API
// (pipeline triggers, merge request merge, releases), Bitbucket Pipelines API, CircleCI API v2
// (trigger pipeline), DigitalOcean App Platform (create deployment), Fly Machines API; shared
// configuration stores whose values running services read (Consul KV HTTP API `/v1/kv/` and
// `/v1/txn`, etcd v2 `/v2/keys/`, the etcd v3 gateway's `/v3/kv/put`), off loopback: a value
// written there reaches every consumer as `consul kv put` does.

/** URL shapes that ship when written to (scheme and host included, path anchored). */
const HOOKS: RegExp[] = [
  /^https?:\/\/api\.netlify\.com\/(?:build_hooks\/|api\/v1\/sites\/[^/]+\/(?:deploys|builds)|api\/v1\/deploys\/[^/]+\/restore)/i,
  /^https?:\/\/api\.vercel\.com\/(?:v\d+\/integrations\/deploy\/|v\d+\/deployments)/i,
  /^https?:\/\/api\.render\.com\/(?:deploy\/srv-|v1\/services\/[^/]+\/deploys)/i,
  /^https?:\/\/api\.cloudflare\.com\/client\/v4\/pages\/webhooks\/deploy_hooks\//i,
  /^https?:\/\/api\.cloudflare\.com\/client\/v4\/accounts\/[^/]+\/pages\/projects\/[^/]+\/deployments/i,
  /^https?:\/\/api\.heroku\.com\/apps\/[^/]+\/(?:builds|releases)/i,
  /^https?:\/\/api\.github\.com\/repos\/[^/]+\/[^/]+\/(?:releases(?:$|[/?])|merges|pulls\/\d+\/merge|deployments|dispatches|actions\/workflows\/[^/]+\/dispatches)/i,
  /\/api\/v4\/projects\/[^/]+\/(?:trigger\/pipeline|pipeline(?:$|\?)|merge_requests\/\d+\/merge|releases)/i,
  /^https?:\/\/api\.bitbucket\.org\/2\.0\/repositories\/[^/]+\/[^/]+\/(?:pipelines|pullrequests\/\d+\/merge)/i,
  /^https?:\/\/circleci\.com\/api\/v2\/project\/[^/]+\/[^/]+\/[^/]+\/pipeline/i,
  /^https?:\/\/api\.digitalocean\.com\/v2\/apps\/[^/]+\/deployments/i,
  /^https?:\/\/(?:[^/]+\.)?(?:jenkins|ci)[^/]*\/job\/[^/]+(?:\/job\/[^/]+)*\/(?:build|buildWithParameters)/i,
  /^https?:\/\/(?!(?:localhost|127\.0\.0\.1|\[::1\])[:/])[^/]+\/(?:v1\/kv\/|v1\/txn(?:$|\?)|v2\/keys\/|v3\/kv\/put)/i,
];

const CLIENTS = new Set(['curl', 'wget', 'http', 'https', 'xh', 'xhs', 'curlie']);

/** Options that send a body (and so make curl POST when no method is given). */
const BODY =
  /^(?:-d|--data|--data-raw|--data-binary|--data-urlencode|--json|-F|--form|--post-data|--post-file)(?:=|$)|^-d./;

/** `ship curl URL` when the command writes to a URL that deploys, releases or merges. */
export function hookShip(words: string[]): { text: string; from: string } | null {
  const first = words[0] ?? '';
  if (!CLIENTS.has(first)) return null;
  let method = '';
  let body = false;
  let url = '';
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    const m = /^(?:-X|--request|--method)(?:=)?(.*)$/.exec(w);
    if (m) method = (m[1] || words[i + 1] || '').toUpperCase();
    else if (BODY.test(w)) body = true;
    else if (/^https?:\/\//i.test(w) && HOOKS.some((r) => r.test(w))) url = w;
    // httpie and xh: `http POST URL`, `xh post URL`
    else if (!w.startsWith('-') && /^(?:POST|PUT|PATCH)$/i.test(w) && first !== 'curl' && first !== 'wget')
      method = w.toUpperCase();
  }
  if (!url) return null;
  const writes = method ? method !== 'GET' && method !== 'HEAD' : body;
  return writes ? { text: `ship ${first} ${words.slice(1).join(' ')}`, from: `${method || 'POST'} ${url}` } : null;
}
