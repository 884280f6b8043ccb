// An HTTP DELETE is a delete whatever the client: `curl -X DELETE es:9200/logs-*` drops indices,
// `http DELETE couch:5984/userdb` drops a database, `curl -X POST .../_delete_by_query` empties
// an index. Data stores, object stores and hosting platforms expose their destruction as HTTP
// methods on URL shapes, so the reading is the method and the URL, not one pattern per host:
//   http-delete SCHEME HOST PORT PATH      one resource is deleted
//   http-delete-all SCHEME HOST PORT PATH  a wildcard, `_all`, a list or a delete-by-query
// Which hosts, ports and paths are data stores or hosted APIs is data, kept in the
// destructive-http catalogue (docs/shell-readings.md).

import { scratchName } from './shell-verb-scope.js';
import { WORK_ITEMS } from './work-items.js';

/** HTTP clients and the options that name the method. */
const CLIENTS = new Set([
  'curl',
  'wget',
  'http',
  'https',
  'xh',
  'xhs',
  'httpie',
  'curlie',
  'invoke-restmethod',
  'invoke-webrequest',
  'irm',
  'iwr',
]);

/** curl and wget options whose value is the next word (so it is not the URL). */
const VALUE_OPTS = new Set(
  (
    '-H --header -d --data --data-raw --data-binary --data-urlencode --json -u --user -o --output -A --user-agent ' +
    '-e --referer -b --cookie -c --cookie-jar -F --form -T --upload-file -w --write-out --connect-timeout -m ' +
    '--max-time --retry -K --config --cacert --cert --key -x --proxy --resolve --unix-socket -E --oauth2-bearer ' +
    '--header= --body-data --body-file --post-data --post-file -O --output-document -a -P --auth -Headers -Body ' +
    '-ContentType -OutFile -Credential -Uri'
  ).split(' '),
);

/** httpie's methods come as the first operand (`http DELETE url`). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface HttpCall {
  method: string;
  url: string;
  /** The request body given inline (-d, --data, --data-raw, --json, -Body), '' when none. */
  body: string;
}

/** Options whose value is an inline request body. */
const BODY_OPTS = /^(?:-d|--data|--data-raw|--data-binary|--json|--post-data|--body-data|-Body)$/;

/** The method and URL of an HTTP client call, or null when the words are not one. */
export function httpCall(words: string[]): HttpCall | null {
  // JFrog CLI's curl passthrough (`jf rt curl -XPUT /api/security/users/x -d ...`; JFrog CLI
  // reference, "Executing cUrl Requests"): curl's own options, sent to the configured server
  if (/^(?:jf|jfrog)$/.test(words[0] ?? '') && /^(?:rt|xr|ds|pl|mc)$/.test(words[1] ?? '') && words[2] === 'curl')
    return httpCall(['curl', ...words.slice(3).map((w) => (/^\/\w/.test(w) ? `https://jfrog-platform${w}` : w))]);
  // az rest --method put --uri URL --body JSON (Azure CLI reference, az rest): a request to any
  // Azure or Microsoft Graph endpoint with the signed-in identity
  if (words[0] === 'az' && words[1] === 'rest') {
    const opt = (re: RegExp): string | undefined => {
      const i = words.findIndex((w) => re.test(w));
      const w = words[i] ?? '';
      return i < 0 ? undefined : w.includes('=') ? w.slice(w.indexOf('=') + 1) : words[i + 1];
    };
    const url = opt(/^(?:--uri|--url|-u)(?:=|$)/);
    if (!url) return null;
    return {
      method: (opt(/^(?:--method|-m)(?:=|$)/) ?? 'GET').toUpperCase(),
      url,
      body: opt(/^(?:--body|-b)(?:=|$)/) ?? '',
    };
  }
  const tool = (words[0] ?? '').toLowerCase();
  // a module's own request cmdlet takes Invoke-RestMethod's -Method, -Uri and -Body
  // (Invoke-MgGraphRequest of Microsoft.Graph, Invoke-PnPSPRestMethod, Invoke-AzRestMethod)
  if (!CLIENTS.has(tool) && !/^invoke-\w+(?:request|restmethod)$/.test(tool)) return null;
  let method: string | null = null;
  let url: string | null = null;
  let hasBody = false;
  let body = '';
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if (BODY_OPTS.test(w) && !(words[i + 1] ?? '').startsWith('@')) body += `${words[i + 1] ?? ''}\n`;
    // --data=..., --post-data=..., --body-data=...: the body joined to its option
    const joined = /^(?:--data|--data-raw|--data-binary|--json|--post-data|--body-data)=(.*)$/s.exec(w);
    if (joined && !(joined[1] ?? '').startsWith('@')) body += `${joined[1] ?? ''}\n`;
    if (w === '-X' || w === '--request' || w === '--method' || /^-method$/i.test(w)) {
      method = (words[++i] ?? '').toUpperCase();
      continue;
    }
    const m = /^(?:-X|--request=|--method=)(.+)$/.exec(w);
    if (m) {
      method = (m[1] ?? '').toUpperCase();
      continue;
    }
    if (w.startsWith('-')) {
      if (/^(?:-d|--data|--json|-F|--form|-T|--upload-file|--post-data|--body-data|-Body)/.test(w)) hasBody = true;
      if (VALUE_OPTS.has(w)) {
        if (w === '-Uri' || w === '--url') url ??= words[i + 1] ?? null;
        i++;
      } else if (w.startsWith('--url=')) url ??= w.slice(6);
      continue;
    }
    if (method === null && METHODS.has(w) && tool !== 'curl' && tool !== 'wget') {
      method = w;
      continue;
    }
    if (url === null && looksLikeUrl(w)) url = w;
    // httpie's and xh's request items: `name=value` and `name:=json` are body fields
    else if (tool !== 'curl' && tool !== 'wget' && url !== null) {
      const item = /^([\w.[\]-]+):?=(?![=@])(.*)$/s.exec(w);
      if (item) {
        body += `${item[1] ?? ''}=${item[2] ?? ''}\n`;
        hasBody = true;
      }
    }
  }
  if (!url) return null;
  method ??= hasBody ? 'POST' : 'GET';
  return { method, url, body };
}

/** A variable named for a service's address, then a path (`$S1_URL/web/api/v2.1/restrictions`). */
const URL_VARIABLE =
  /^\$\{?(?:[A-Za-z_][A-Za-z0-9_]*?)?(?:URL|URI|HOST|ENDPOINT|API|BASE|SERVER|ADDR|ADDRESS)\}?\/\S*$/i;

function looksLikeUrl(w: string): boolean {
  return (
    /^[a-z][a-z0-9+.-]*:\/\//i.test(w) ||
    /^(?:[\w-]+\.)*[\w-]+(?::\d+)?\/\S*$/.test(w) ||
    /^[\w.-]+:\d+$/.test(w) ||
    URL_VARIABLE.test(w)
  );
}

/** Path segments that delete everything a query or a name list selects (Elasticsearch/OpenSearch). */
const DELETE_BY_QUERY = /\/_delete_by_query(?:[/?]|$)|\/_truncate(?:[/?]|$)/;

/**
 * A GraphQL mutation whose field deletes (`mutation { deleteApp(...) }`, `projectDelete`,
 * `deleteRef`, `destroyEnvironment`, `removeDomain`, `purgeCache`): GraphQL control planes
 * (GitHub, GitLab, Railway, Fly.io, Hasura, Shopify, Linear ...) carry deletes as POSTs, so the
 * method says nothing and the field name says it all.
 */
const GRAPHQL_DELETE =
  /\bmutation\b[^{]*\{[^]*?\b((?:delete|destroy|remove|purge|drop|wipe|erase)[A-Z]\w*|\w+(?:Delete|Destroy|Remove|Purge|Drop|Wipe))\s*[({]/;
/**
 * A body that asks for everything to go (Pinecone `deleteAll`, `"delete_all": true`, `"purge": true`),
 * or a delete by the query that matches every document: Solr's update handler takes
 * `<delete><query>*:*</query></delete>` and `{"delete":{"query":"*:*"}}` (Solr Reference Guide,
 * "Uploading Data with Index Handlers").
 */
// Splunk's REST search endpoint given a search that ends in the `delete` command (`search=search
// index=x | delete`; Search Reference: delete) removes every event the search returns.
const DELETE_ALL_BODY =
  /(?:^|&)search=[^&]*\|\s*delete(?:\s|&|$)|["']?(?:deleteAll|delete_all|purgeAll|purge_all|truncate|dropAll|drop_all)["']?\s*:\s*true\b|<delete>\s*<query>\s*\*:\*\s*<\/query>|["']delete["']\s*:\s*\{\s*["']query["']\s*:\s*["']\*:\*["']/i;
/** RPC-style endpoints whose last segment is the delete (`POST /vectors/delete`, `/v1/objects/purge`). */
// Jenkins' doDelete and SonarQube's bulk_delete are the same shape
const DELETE_VERB_PATH =
  /\/(?:delete|delete[_-]?all|deleteAll|bulk[_-]?delete|doDelete|purge|truncate|drop|wipe|flush|flushall)\/?$/i;

/**
 * A data pipeline told to reset or re-sync a connection, connector, sync or stream: Airbyte's
 * `POST /api/v1/connections/reset` (and `/reset/stream`) deletes what the connection wrote to its
 * destination, Fivetran's `POST /v1/connectors/{id}/resync` (and `.../schemas/tables/resync`)
 * truncates the destination tables and reloads them from scratch (each vendor's API reference).
 * The object word comes first, so `/users/{id}/reset`, `/password/reset` and a breaker's
 * `/circuit/reset` are not read.
 */
const PIPELINE_RESET_PATH =
  /\/(?:connections?|connectors?|syncs?|streams?|pipelines?|sources?|destinations?|tables?)\/(?:[^/?#]+\/){0,3}(?:reset|resync|re-sync|full[_-]?resync|reset[_-]?(?:data|stream|streams))(?:\/stream)?\/?$/i;

/** Path words of data-store APIs that come before the resource's name (`/collections/NAME`, `/v1/schema/NAME`, `/_db/NAME`, Elasticsearch's `/_index_template/NAME`). */
const API_WORD = /^(?:v\d+|api|collections|indexes|indices|schema|db|databases|solr|buckets|keys|kv|_[a-z_]+)$/i;

/**
 * A delete of one resource named for scratch work (`scratch_test`, `tmp_reindex`, `e2e_docs`) on a
 * data store of this machine (`localhost:6333/collections/scratch_test`): the developer's own
 * throwaway state, read as `dev-data http-delete ...` like the scratch scopes of the database
 * clients (shell-verb-scope.ts). A wildcard or list still reads as everything selected.
 */
function scratchOnLoopback(host: string, path: string): boolean {
  if (!/^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(host) || /[*,]/.test(path)) return false;
  const name = path.split('/').find((seg) => seg !== '' && !API_WORD.test(seg));
  return name !== undefined && scratchName(name.replace(/%[0-9a-f]{2}/gi, '_'), true);
}

/** Path segments that say which API, not which object (`/api/v1/`, `/rest/`). */
const API_NOISE = /^(?:api|apis|rest|v\d+(?:\.\d+)?|json|admin|public|internal|latest)$/i;

/**
 * The kind of one record a DELETE removes on a service of another machine (`/api/v1/case/~4123`
 * is a case), when it is not one of the small work items (work-items.ts): any service, whether or
 * not its host is in the destructive-http catalogue. Loopback is the developer's own API under test.
 */
function recordKind(host: string, path: string): string | undefined {
  if (/^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/.test(host)) return undefined;
  const segs = path.split('/').filter((s) => s !== '' && !API_NOISE.test(s));
  // a last segment that only says how hard (TheHive's `DELETE /api/v1/case/{id}/force`, a
  // `/permanent` or `/hard` delete): the record is the one before it
  if (segs.length > 2 && /^(?:force|permanent|permanently|hard|purge)$/i.test(segs[segs.length - 1] ?? '')) segs.pop();
  if (segs.length < 2) return undefined;
  const id = segs[segs.length - 1] ?? '';
  const collection = (segs[segs.length - 2] ?? '').toLowerCase().replace(/-/g, '_');
  if (!/^[a-z][a-z_]{2,30}$/.test(collection) || scratchName(id, true)) return undefined;
  const kind = collection
    .replace(/ies$/, 'y')
    .replace(/(?:ss|sh|ch|x)es$/, (m) => m.slice(0, -2))
    .replace(/s$/, '');
  return WORK_ITEMS.has(kind) || WORK_ITEMS.has(collection) ? undefined : kind;
}

/**
 * The DELETEs a batch body carries: Microsoft Graph's and OData's `$batch` (`{"requests":[{"method":
 * "DELETE","url":"/groups/ID"}]}`), Facebook's Graph batch (`relative_url`), Google's and others'
 * JSON batches. The outer request is a POST, so only the body says that it deletes.
 */
const BATCH_DELETE = [
  /\{[^{}]*?"method"\s*:\s*"DELETE"[^{}]*?"(?:url|relative_url|relativeUrl|path|uri|href)"\s*:\s*"([^"]+)"/gi,
  /\{[^{}]*?"(?:url|relative_url|relativeUrl|path|uri|href)"\s*:\s*"([^"]+)"[^{}]*?"method"\s*:\s*"DELETE"/gi,
];

/** The paths a batch body deletes (see BATCH_DELETE). */
function batchDeletes(body: string): string[] {
  const out = new Set<string>();
  for (const re of BATCH_DELETE)
    for (const m of body.matchAll(re)) out.add((m[1] ?? '').replace(/^https?:\/\/[^/]+/i, ''));
  return [...out].filter((x) => x !== '');
}

/**
 * A JSON-RPC method that destroys (`wallet_delete`, `purgeledger`, `removeprunedfunds`,
 * `storage.deleteVolume`): the method name is the verb, the endpoint says nothing. On this machine
 * (a development chain's `anvil_dropTransaction`, `hardhat_reset`) only the plain destroy verbs count.
 */
const RPC_METHOD = /"jsonrpc"[^]*?"method"\s*:\s*"([\w.:/-]{3,80})"|"method"\s*:\s*"([\w.:/-]{3,80})"[^]*?"jsonrpc"/;
const RPC_DESTROY = /^(?:delete|destroy|purge|wipe|erase|drop|remove|prune|truncate|flush|nuke|obliterate)/;
const RPC_DESTROY_LOCAL = /^(?:delete|destroy|purge|wipe|erase|nuke|obliterate)/;

/**
 * A JMF command (CIP4 JDF specification, chapter 5: the Job Messaging Format that RIPs, presses
 * and workflow servers such as Prinergy, Fiery and Switch accept over HTTP) that empties or
 * stops a device's job queue: FlushQueue removes every entry, RemoveQueueEntry and
 * AbortQueueEntry drop a job, CloseQueue stops it taking jobs, ShutDown stops the device.
 * Queries (QueueStatus, KnownDevices, Status) and SubmitQueueEntry are routine.
 */
const JMF_DESTROY =
  /<(?:\w+:)?Command\b[^>]*\bType\s*=\s*\\?["'](FlushQueue|RemoveQueueEntry|AbortQueueEntry|CloseQueue|ShutDown|Shutdown)\\?["']/;

/** The destroying JSON-RPC method (or JMF command) a body calls, or undefined. */
function rpcDestroy(body: string, host: string): string | undefined {
  const jmf = JMF_DESTROY.exec(body);
  if (jmf) return `jmf:${jmf[1] ?? ''}`;
  const m = RPC_METHOD.exec(body);
  const name = m?.[1] ?? m?.[2];
  if (!name) return undefined;
  const local = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/.test(host);
  const parts = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s._:/-]+/);
  return parts.some((x) => (local ? RPC_DESTROY_LOCAL : RPC_DESTROY).test(x)) ? name : undefined;
}

/** The readings of one simple command (program name first), or an empty list. */
export function httpDestroyReadings(words: string[]): string[] {
  const call = httpCall(words);
  if (!call) return [];
  if (call.method !== 'GET' && call.method !== 'DELETE' && call.body) {
    const hostOf = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/]*@)?(\[[^\]]*\]|[^/:?#]*)/i.exec(call.url);
    const h = (hostOf?.[1] || 'localhost').toLowerCase();
    const sub = batchDeletes(call.body)
      .map((p) => {
        const kind = recordKind(h, p.replace(/[?#].*$/, ''));
        return kind ? `http-delete-record ${kind} ${h} ${p.replace(/\s+/g, '')}` : '';
      })
      .filter((x) => x !== '');
    const rpc = rpcDestroy(call.body, h);
    const extra = [...sub, ...(rpc ? [`http-rpc-destroy ${h} ${rpc}`] : [])];
    if (extra.length) return [...extra, ...httpDestroyCore(call)];
  }
  return httpDestroyCore(call);
}

/** The method-and-URL readings of one request (see the file comment). */
function httpDestroyCore(call: HttpCall): string[] {
  const byQuery = DELETE_BY_QUERY.test(call.url) || (call.method !== 'GET' && DELETE_ALL_BODY.test(call.body));
  const mutation = call.method === 'POST' ? GRAPHQL_DELETE.exec(call.body) : null;
  const verbPath = call.method === 'POST' && DELETE_VERB_PATH.test(call.url.replace(/[?#].*$/, ''));
  const pipelineReset = call.method === 'POST' && PIPELINE_RESET_PATH.test(call.url.replace(/[?#].*$/, ''));
  if (pipelineReset && !verbPath && call.method === 'POST') return [`http-data-reset ${call.url.replace(/\s+/g, '')}`];
  if (call.method !== 'DELETE' && !byQuery && !mutation && !verbPath) return [];
  const u = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(?:[^@/]*@)?(\[[^\]]*\]|[^/:?#]*)(?::(\d+))?([^?#]*)(\?[^#]*)?/i.exec(
    call.url,
  );
  if (!u) return [];
  const scheme = (u[1] ?? 'http').toLowerCase();
  const host = (u[2] || 'localhost').toLowerCase();
  const port = u[3] ?? (scheme === 'https' ? '443' : '80');
  const path = u[4] || '/';
  const query = u[5] ?? '';
  const sentence = `${scheme} ${host} ${port} ${path}${query}`;
  const out = [
    scratchOnLoopback(host, path) && !byQuery ? `dev-data http-delete ${sentence}` : `http-delete ${sentence}`,
  ];
  if (mutation) out.push(`http-graphql-delete ${host} ${mutation[1] ?? ''}`);
  const record = call.method === 'DELETE' && !byQuery ? recordKind(host, path) : undefined;
  if (record) out.push(`http-delete-record ${record} ${host} ${path}`);
  // `/logs-*`, `/_all`, `/a,b,c`, `?recurse` (Consul), a delete-by-query: everything selected.
  const first = path.split('/').filter(Boolean)[0] ?? '';
  if (
    byQuery ||
    /[*]/.test(path) ||
    first === '_all' ||
    (first.includes(',') && !first.startsWith('_')) ||
    /[?&]recurse(?:[=&]|$)/.test(query) ||
    // `?all=true`, `?recursive=1`: the API's own switch for every item of the collection
    /[?&](?:all|recursive|everything)(?:=(?:true|1|yes))?(?:&|$)/i.test(query)
  )
    out.push(`http-delete-all ${sentence}`);
  return out;
}
