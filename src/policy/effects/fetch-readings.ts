// What a URL reaches, however it is written. Besides the plain address of a host spelled
// otherwise (url-host.ts), a fetch also reads as:
//  - the same URL with its scheme in lower case, without `view-source:` and surrounding blanks
//    (`File:///etc/passwd` is file:///etc/passwd to every client);
//  - for a host inside the network (a private or link-local address, a name under an internal
//    suffix such as .internal, .local, .corp, .svc, Docker's host.docker.internal, or a name of
//    one label such as `jenkins`, `node-3` or `intranet`, which only a search domain, a hosts
//    file or a container network's DNS can resolve, so it never names a site on the web), the same
//    URL on 127.0.0.1: an admin API there (Docker on 2375, Jenkins' script console, a kubelet)
//    hands over that machine just as it does on loopback, so the loopback-admin rules decide it;
//  - `fetch-obscured-address HOST ADDRESS` when an internal address is disguised (decimal, hex,
//    octal or shortened IPv4, IPv4 inside IPv6, a wildcard-DNS or rebinding name): nobody
//    writes 127.1 or 0xa9fea9fe except to slip past a check;
//  - for the fetch tools, which follow redirects, every URL carried in the query (`/url?q=URL`,
//    `/redirect-to?url=URL`, `?next=` percent-encoded): a redirector or open redirect sends the
//    fetch there, so the nested URL is decided as if fetched directly;
//  - `fetch-shortener HOST` for the fetch tools only, on a public link shortener: where the link
//    leads is unknown until followed, and the tool follows it anywhere (the shell's `curl -sI`
//    that expands one is how to look, and does not read so);
//  - `fetch-internal-host HOST` for the fetch tools only: a web page or an injected instruction
//    steering the agent's fetch tool into the user's own network (the shell's curl to a dev
//    server is ordinary work and does not read so); a health or status probe (HEALTH_PROBE),
//    which answers anyone with a status and nothing else, does not read so either.
// Sources: RFC 1918 and RFC 6598 (private and shared address space), RFC 3927 (link-local),
// RFC 4193 (unique local IPv6), RFC 6762 (.local), RFC 8375 (home.arpa), ICANN's reservation of
// .internal (2024), Docker Desktop's networking docs (host.docker.internal,
// gateway.docker.internal), Kubernetes DNS (*.svc, *.cluster.local), Consul and Nomad DNS
// (*.service.consul, *.nomad), rbndr.us and 1u.ms
// (DNS rebinding services).
import type { Effect } from './types.js';
import { plainAddress, plainUrl } from './url-host.js';
import { FifoMap } from '../../util/fifo-map.js';
import { urlActionDestroy } from './url-actions.js';
import { controlUrlReadings } from './control-urls.js';
import { urlShipAction } from './url-ship-actions.js';
import { table } from '../../util/lookup-table.js';

/** Names under these suffixes resolve only inside a network. */
const INTERNAL_SUFFIX =
  /\.(?:internal|local|localdomain|lan|corp|intranet|intra|home\.arpa|svc|cluster\.local|private|priv|consul|nomad)$/i;
/** Data stores' HTTP APIs (Elasticsearch/OpenSearch, CouchDB, Solr, ClickHouse, InfluxDB, Neo4j,
 * Couchbase): the fetch tool pointed at one on loopback reads the documents it holds (searches,
 * documents, dumps, queries, settings); listing indices or health stays open. */
const DATA_STORE_PORT = /^:(?:9200|9201|5984|8983|8123|8086|7474|8091)$/;
const DATA_STORE_READ =
  /\/(?:_search|_msearch|_doc|_source|_mget|_all_docs|_all|_sql|_scroll|_snapshot|_config|_users|_export|_changes|_bulk|_update_by_query|_delete_by_query|select|query|db\/data)\b|[?&]q(?:uery)?=/i;
/**
 * Pages of a self-hosted team tool that show the team's own work and nothing else: merge requests,
 * pipelines, issues, commits and branches of a GitLab (REST API v4 and its `/-/` pages), GitHub
 * Enterprise (API v3) or Gitea/Forgejo (API v1) project; a Jenkins job's build status
 * (`/job/NAME/lastBuild/api/json`); Confluence pages (`/display/SPACE/...`, `/wiki/spaces/...`).
 * Read on a host under an internal name, these are what an agent checks on its own work; CI
 * variables, job logs, credentials, users, script consoles and build triggers are not among them
 * and keep the ask (or the loopback-admin rules' deny).
 * The same holds for the team's inventory and monitoring read through their documented read
 * routes: NetBox's inventory listings (/api/dcim, ipam, circuits, virtualization, tenancy,
 * wireless, vpn: devices, prefixes, sites; not /api/users nor the secrets plugin), Alertmanager's
 * alerts, silences and status (API v2), Prometheus' query and target routes (not /api/v1/admin
 * nor its configuration, which control-urls.ts reads), Grafana's dashboard search and a dashboard
 * by uid; an image registry's tag list (Docker Registry HTTP API v2 `/v2/NAME/tags/list`); and a
 * service's API description (Swagger UI, an OpenAPI document, Springdoc's /v3/api-docs, ReDoc),
 * which describes routes and holds no data.
 */
const TEAM_TOOL_READ = new RegExp(
  [
    String.raw`^/api/v4/projects/[\w.%-]+/(?:pipelines|merge_requests|issues|repository/(?:commits|branches|tags|compare)|releases|milestones)(?:/\d+(?:/(?:jobs|commits|changes|notes|approvals|pipelines))?)?/?(?:\?[^#]*)?$`,
    String.raw`^/[\w.-]+(?:/[\w.-]+)+/-/(?:merge_requests|pipelines|issues|commits|tree|blob)(?:/[\w./-]*)?(?:\?[^#]*)?$`,
    String.raw`^/api/v3/repos/[\w.-]+/[\w.-]+/(?:pulls|issues|commits|branches|actions/runs)(?:/\d+)?/?(?:\?[^#]*)?$`,
    String.raw`^/api/v1/repos/[\w.-]+/[\w.-]+/(?:pulls|issues|commits|branches)(?:/\d+)?/?(?:\?[^#]*)?$`,
    String.raw`^(?:/job/[\w.%-]+)+/(?:lastBuild|lastSuccessfulBuild|lastCompletedBuild|lastFailedBuild|\d+)/api/json(?:\?tree=[\w,\[\]]*)?$`,
    String.raw`^/(?:display/[\w~-]+/[^?#]*|wiki/spaces/[\w~-]+/pages/[^?#]*)$`,
    String.raw`^/api/(?:dcim|ipam|circuits|virtualization|tenancy|wireless|vpn)/[\w-]+/(?:\d+/)?(?:\?[^#]*)?$`,
    String.raw`^/api/v2/(?:alerts(?:/groups)?|silences|status|receivers)/?(?:\?[^#]*)?$`,
    String.raw`^/api/v1/(?:query|query_range|series|labels|label/\w+/values|targets|rules|alerts)/?(?:\?[^#]*)?$`,
    String.raw`^/api/(?:search|dashboards/uid/[\w-]+)/?(?:\?[^#]*)?$`,
    String.raw`^/v2/(?:[\w.-]+/)+tags/list/?(?:\?[^#]*)?$`,
    String.raw`^(?:/[\w.-]+)*/(?:swagger-ui(?:/index\.html|\.html)?|swagger(?:/v\d+)?/swagger\.json|swagger\.(?:json|ya?ml)|openapi\.(?:json|ya?ml)|v[23]/api-docs(?:\.ya?ml)?|api-docs|redoc)/?$`,
  ].join('|'),
);
/**
 * A host whose name says it is a development or test deployment (`ledger-svc-dev.apps.ocp-dev.acme.internal`,
 * `api.test.corp`, `sandbox-01.lan`): the team's own throwaway environment, read as it reads its
 * localhost server. Staging, which holds copies of production data and shared credentials, is not
 * among the words, and a name that also says prod or live is not one.
 */
// The abbreviations platform teams name test clusters and stages with are the same words
// (`apps.ocp-tst.acme.internal`, `qa-02.lan`, `crm-uat.corp`: OpenShift and SAP landscape naming).
const DEV_HOST = /(?:^|[.-])(?:dev|devel|development|test|testing|tst|qa|uat|sandbox|local)\d*(?=[.-])/i;
const PROD_HOST = /(?:^|[.-])(?:prod|production|prd|live)\d*(?:[.-]|$)/i;
/**
 * Liveness and readiness probes, made for anything on the network to poll and answering with a
 * status only: the conventional /health, /healthz, /livez, /readyz, /ping and /status (Kubernetes
 * API health endpoints, Spring Boot actuator's health group, Prometheus' /-/healthy and /-/ready,
 * InfluxDB /health and /ping, Elasticsearch /_cluster/health). No query string (`/status?full`
 * lists PHP-FPM's requests), and Apache's /server-status is not one of them. Also the probes
 * products put under their own prefix or split by kind: MinIO's /minio/health/live|ready|cluster,
 * Quarkus' /q/health/live, /health/liveness and /healthz/ready, and Consul's health catalogue
 * (/v1/health/service/NAME, /v1/health/node/NAME, /v1/health/state/passing), which answers with
 * instances and check states.
 */
const HEALTH_PROBE =
  /^\/(?:(?:api\/)?(?:v\d+\/)?(?:[a-z][\w-]{0,20}\/)?(?:health|healthz|healthcheck|health-check|livez|readyz|ready|ping|status)(?:\/(?:live|liveness|ready|readiness|startup|started|cluster))?|-\/(?:healthy|ready)|actuator\/health(?:\/(?:liveness|readiness))?|_cluster\/health|v1\/health\/(?:service|node|checks|state)\/[\w.-]+)\/?$/i;
/** What each control reading (control-urls.ts) says about the URL. */
const CONTROL_NOTES: Record<string, string> = table({
  'fetch-stored-credentials': 'a service asked for the credentials or connections it keeps',
  'fetch-management-controller': "a server's management controller (Redfish)",
  'fetch-jmx-bridge': 'a JMX bridge told to run an operation or dump the JVM',
  'fetch-loopback-admin': 'a secrets or service-mesh agent on this machine',
});
/**
 * Public link shorteners: Bitly (bit.ly, j.mp), TinyURL, Google's retired goo.gl, is.gd/v.gd,
 * Ow.ly (Hootsuite), Buffer (buff.ly), Rebrandly, Cutt.ly, Short.io, T.ly, Shorturl.at, Tiny.cc,
 * rb.gy, s.id, BL.INK, clck.ru, Quora's qr.ae, Twitter/X t.co, LinkedIn lnkd.in. A vendor's own
 * documentation redirector (aka.ms, go.dev) leads to that vendor and is not among them.
 */
const SHORTENER =
  /^(?:bit\.ly|bitly\.com|j\.mp|(?:[\w-]+\.)?tinyurl\.com|goo\.gl|is\.gd|v\.gd|ow\.ly|buff\.ly|rebrand\.ly|cutt\.ly|short\.io|t\.ly|shorturl\.at|tiny\.cc|rb\.gy|s\.id|bl\.ink|clck\.ru|qr\.ae|t\.co|tiny\.one|u\.to|x\.gd|lnkd\.in|surl\.li|urlz\.fr)$/i;
/** Names that reach the machine running the containers. */
const DOCKER_HOST = /^(?:host|gateway|kubernetes)\.docker\.internal$|^host\.containers\.internal$|^host-gateway$/i;
/** DNS rebinding services: the name carries the addresses it answers with. */
const REBIND = /^(?:([0-9a-f]{8})\.([0-9a-f]{8})\.rbndr\.us|.*?make-([\d.]+)-(?:rebind|rr)-?.*\.1u\.ms)$/i;

/**
 * A name of one label (`jenkins`, `bo-fs01`, `rabbitmq`): resolved only through a search domain,
 * /etc/hosts or a container network's DNS (RFC 6761 reserves no public single-label names, and
 * ICANN's SAC 053 advises against dotless domains), so it is a machine inside the network.
 * `localhost` and numbers (decimal IPv4, read elsewhere) are not this.
 */
const SINGLE_LABEL = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/i;
function singleLabel(host: string): boolean {
  return SINGLE_LABEL.test(host) && host !== 'localhost' && !/^(?:\d+|0x[0-9a-f]+)$/i.test(host);
}

/** A host name that resolves only inside an organisation's network (gitlab.corp.local, git.acme.internal). */
export function isInternalName(host: string): boolean {
  return INTERNAL_SUFFIX.test(host);
}

function dotted(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Whether a dotted IPv4 address is inside a network or this machine. */
export function internalV4(a: string): 'loopback' | 'link-local' | 'private' | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
  if (!m) return undefined;
  const [x, y] = [Number(m[1]), Number(m[2])];
  if (x === 127 || (x === 0 && y === 0)) return 'loopback';
  if (x === 169 && y === 254) return 'link-local';
  if (x === 10 || (x === 172 && y >= 16 && y <= 31) || (x === 192 && y === 168) || (x === 100 && y >= 64 && y <= 127))
    return 'private';
  return undefined;
}

/** The host, port and rest of a URL, with the host as the URL parser reads it. */
function parts(url: string): { scheme: string; host: string; raw: string; port: string; rest: string } | undefined {
  const m = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/:?#]*)(:\d+)?([^]*)$/i.exec(url);
  if (!m) return undefined;
  const scheme = (m[1] ?? '').toLowerCase();
  const raw = (m[2] ?? '').toLowerCase().replace(/\.$/, '');
  let host = raw;
  if (/^(?:https?|wss?|ftp)$/.test(scheme))
    try {
      host = new URL(`${scheme}://${raw || 'x'}/`).hostname;
    } catch {
      host = raw;
    }
  return { scheme, host, raw, port: m[3] ?? '', rest: m[4] ?? '' };
}

/**
 * `fetch-internal-host HOST` for a fetch tool's request that changes something (a method other than
 * GET, HEAD or OPTIONS, or a body) on a host under an internal name: the team-tool read routes
 * (TEAM_TOOL_READ) and health probes are left open for reading them, and a POST to the same route
 * opens a merge request, files an inventory record or silences every alert.
 */
export function internalWriteReadings(url: string, via: string, method = 'POST'): Effect[] {
  const p = parts(url.trim());
  if (!p || !/^(?:https?|wss?)$/.test(p.scheme)) return [];
  if (!(INTERNAL_SUFFIX.test(p.host) || DOCKER_HOST.test(p.host) || singleLabel(p.host))) return [];
  // A host named as a development or test deployment (DEV_HOST, never one also named prod) is the
  // team's own throwaway environment: a record created or updated there (POST, PUT, PATCH) is
  // written as to its localhost server (and read so already, in urlReadings). A DELETE still asks:
  // it removes what the environment holds. A request's own claim to be a dry run (`"dryRun": true`)
  // is not taken: many services ignore a field they do not know. The URL's other readings (the same
  // URL on 127.0.0.1 for the loopback-admin rules, control, destroy and ship routes) still decide
  // script consoles, admin routes and build triggers there.
  if (/^(?:POST|PUT|PATCH)$/i.test(method) && DEV_HOST.test(p.host) && !PROD_HOST.test(p.host)) return [];
  return [
    {
      tool: 'exec',
      command: `fetch-internal-host ${p.host}`,
      via: `${via} (${p.host} is inside the user's network, and the request changes something there)`,
    },
  ];
}

/** The address a rebinding or IPv4-compatible IPv6 name stands for, beyond url-host.ts's. */
function otherAddress(host: string): string | undefined {
  const r = REBIND.exec(host);
  if (r) {
    const cands = [r[1], r[2]].filter((x): x is string => !!x).map((h) => dotted(parseInt(h, 16)));
    if (r[3]) cands.push(r[3]);
    return cands.find((a) => internalV4(a)) ?? cands[0];
  }
  // [::a9fe:a9fe], the deprecated IPv4-compatible form
  const compat = /^\[::([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(host);
  if (compat) return dotted(parseInt(compat[1] ?? '0', 16) * 65536 + parseInt(compat[2] ?? '0', 16));
  return undefined;
}

/** URLs given as query values (plain or percent-encoded, once or twice), at most a few. */
function nestedUrls(rest: string): string[] {
  const q = rest.indexOf('?');
  if (q < 0) return [];
  const out: string[] = [];
  for (const m of rest.slice(q + 1).matchAll(/(?:^|&)[^=&#]*=([^&#]+)/g)) {
    let v = m[1] ?? '';
    for (let i = 0; i < 2 && /%[0-9a-f]{2}/i.test(v); i++)
      try {
        v = decodeURIComponent(v.replace(/\+/g, ' '));
      } catch {
        break;
      }
    if (/^(?:https?|wss?|ftp|gopher|dict|file):\/\//i.test(v) && out.length < 4) out.push(v);
  }
  return out;
}

/** A reading of a fetch without its `via` (the caller's words), which only prefixes the note. */
interface UrlReading {
  tool: 'fetch' | 'exec';
  url?: string;
  command?: string;
  /** What the reading says about the URL, shown as `via (note)`. */
  note: string;
}

/** URLs whose readings are kept (a URL named by many commands is read once), up to this length each. */
const URL_CACHE_ENTRIES = 4096;
const MAX_CACHED_URL = 2048;
const urlCache = new FifoMap<string, UrlReading[]>();

/** Every reading of a fetch of `url` (see the top of this file); `tool` is true for the fetch tools. */
export function fetchReadings(url: string, via: string, tool = false): Effect[] {
  // Depends on the URL alone (and `tool`): kept per URL, bounded.
  const key = (tool ? '1' : '0') + url;
  let list = urlCache.get(key);
  if (!list) {
    list = urlReadings(url, tool);
    if (url.length <= MAX_CACHED_URL) {
      if (urlCache.size >= URL_CACHE_ENTRIES) urlCache.shift();
      urlCache.set(key, list);
    }
  }
  return list.map((r) =>
    r.tool === 'fetch'
      ? { tool: 'fetch', url: r.url, via: `${via} (${r.note})` }
      : { tool: 'exec', command: r.command, via: `${via} (${r.note})` },
  );
}

function urlReadings(url: string, tool: boolean): UrlReading[] {
  const out: UrlReading[] = [];
  const plain = plainUrl(url);
  if (plain !== undefined && plain !== url) out.push({ tool: 'fetch', url: plain, note: plain });
  const canon = url.trim().replace(/^view-source:/i, '');
  const schemeFixed = canon.replace(/^[a-z][a-z0-9+.-]*:/i, (s) => s.toLowerCase());
  if (schemeFixed !== url) out.push({ tool: 'fetch', url: schemeFixed, note: schemeFixed });
  const p = parts(schemeFixed);
  if (!p || !/^(?:https?|wss?|ftp)$/.test(p.scheme)) return out;
  if (tool && SHORTENER.test(p.host))
    out.push({ tool: 'exec', command: `fetch-shortener ${p.host}`, note: `${p.host} is a link shortener` });
  if (tool)
    for (const inner of nestedUrls(p.rest)) out.push({ tool: 'fetch', url: inner, note: `redirects to ${inner}` });
  const action = urlActionDestroy(schemeFixed);
  if (action) out.push({ tool: 'exec', command: action, note: 'an API endpoint named for a destroy action' });
  const ship = urlShipAction(schemeFixed);
  if (ship)
    out.push({
      tool: 'exec',
      command: ship,
      note: ship.startsWith('ship')
        ? 'an API endpoint that deploys, publishes or launches a stored job'
        : 'an API action that powers off or resets a machine',
    });
  const spelled = plainAddress(p.raw) ?? otherAddress(p.raw) ?? (/^\d+(?:\.\d+){3}$/.test(p.host) ? p.host : undefined);
  const address = spelled ?? (p.host === 'localhost' ? '127.0.0.1' : p.host);
  const kind = internalV4(address);
  const canonicalDotted = /^\d+(?:\.\d+){3}$/.test(p.raw) && p.raw === address;
  const plainSpelling =
    canonicalDotted || /^(?:0|localhost|\[::1?\]|0\.0\.0\.0|[^.]+\.localhost|lvh\.me|[^.]+\.lvh\.me)$/.test(p.raw);
  if (kind && !plainSpelling && p.raw !== 'localtest.me' && !p.raw.endsWith('.localtest.me'))
    out.push({
      tool: 'exec',
      command: `fetch-obscured-address ${p.raw} ${address}`,
      note: `${p.raw} is ${address} written in disguise`,
    });
  for (const command of controlUrlReadings(p.host, address, p.port, p.rest))
    out.push({ tool: 'exec', command, note: CONTROL_NOTES[command.split(' ')[0] ?? ''] ?? 'a control API' });
  // IPv6 link-local (fe80::/10, RFC 4291) is where the same services answer over IPv6 (AWS's
  // fd00:ec2::254 is read by the cloud-metadata rules); a zone index (%25eth0) does not change it
  if (/^\[fe[89ab][0-9a-f]?:/i.test(p.raw))
    out.push({
      tool: 'exec',
      command: `fetch-link-local ${p.raw.replace(/%25[^\]]*/, '')}`,
      note: `${p.raw} is an IPv6 link-local address, where cloud metadata services answer`,
    });
  if (kind === 'link-local')
    out.push({
      tool: 'exec',
      command: `fetch-link-local ${address}`,
      note: `${address} is a link-local address, where cloud metadata services answer`,
    });
  if (otherAddress(p.raw) && address !== p.host)
    out.push({ tool: 'fetch', url: `${p.scheme}://${address}${p.port}${p.rest}`, note: address });
  const internalName = INTERNAL_SUFFIX.test(p.host) || DOCKER_HOST.test(p.host) || singleLabel(p.host);
  if (
    kind === 'private' ||
    internalName ||
    (kind === 'loopback' && address !== '127.0.0.1') ||
    p.host === 'localhost'
  ) {
    const local = `${p.scheme}://127.0.0.1${p.port}${p.rest}`;
    out.push({ tool: 'fetch', url: local, note: `inside the network, read as ${local}` });
  }
  if (
    tool &&
    !(internalName && TEAM_TOOL_READ.test(p.rest)) &&
    !(internalName && DEV_HOST.test(p.host) && !PROD_HOST.test(p.host)) &&
    !HEALTH_PROBE.test(p.rest) &&
    (kind === 'private' ||
      internalName ||
      (kind === 'loopback' && DATA_STORE_PORT.test(p.port) && DATA_STORE_READ.test(p.rest)))
  )
    out.push({
      tool: 'exec',
      command: `fetch-internal-host ${p.host}`,
      note: `${p.host} is inside the user's network`,
    });
  return out;
}
