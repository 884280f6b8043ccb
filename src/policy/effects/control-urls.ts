// URLs that reach the control side of a service rather than its pages, whoever sends them (the
// fetch tools, a browser tool, curl, an SDK in interpreter code: every URL a call reaches comes
// through fetch-readings.ts). Each is read by what the request gets or does, not by the product:
//
//  - `fetch-stored-credentials HOST PATH`: a service on this machine or inside the network asked
//    for the collection where it keeps the secrets it uses to reach other systems (connections,
//    credentials, secrets, variables, tokens, API keys, storage keys), or one item of
//    it. The answer carries those passwords and connection strings. Sources: Airflow REST API
//    (/api/v1/connections, /api/v1/variables), AWX/Tower (/api/v2/credentials), Jenkins
//    (/credentials/store/...), Superset (/api/v1/database/ID/connection),
//    Rundeck key storage (/api/N/storage/keys), GitLab CI variables, Kafka Connect connector configs, Keycloak
//    client secrets (/client-secret), NetBox secrets (/api/secrets/), and a service's whole
//    configuration (Syncthing /rest/config, Prometheus /api/v1/status/config, Grafana
//    /api/admin/settings), which holds the keys it runs with.
//  - `fetch-management-controller action|accounts HOST PATH`: a server's out-of-band controller
//    (the BMC behind iDRAC, iLO, XClarity, OpenBMC, Supermicro) told to act, or its accounts read
//    or changed, through the DMTF Redfish API (DSP0266: every state change is a POST to an
//    `/Actions/` URI; accounts live under AccountService and, on older firmware, Managers/ID/Accounts;
//    firmware under UpdateService). It powers, resets, reflashes or re-images the host below it.
//  - `fetch-jmx-bridge HOST OP`: a JMX-over-HTTP bridge (Jolokia, also behind Spring's
//    /actuator/jolokia and hawtio) told to run an MBean operation or set an attribute, or asked for
//    what dumps the JVM's properties, arguments or heap (DiagnosticCommand, HotSpotDiagnostic,
//    Runtime's SystemProperties and InputArguments). jolokia.org reference: /exec, /write, /read.
//  - `fetch-loopback-admin HOST PATH`: a secrets or service-mesh agent's API on this machine
//    (Vault on 8200, Consul on 8500, Nomad on 4646) beyond its health and status routes, which stay open so an
//    agent can check that the dev server is up (Vault /v1/sys/health, seal-status, leader; Consul
//    /v1/status/*, /v1/health/*).
import { isInternalName, internalV4 } from './fetch-readings.js';
import { table } from '../../util/lookup-table.js';

/** Path segments naming where a service keeps the secrets it uses (see the top of this file). */
const STORE_SEGMENT =
  /^(?:credentials?|connections?|secrets?|variables|passwords?|client-secret|api[-_]?keys|access[-_]?keys|tokens)$/i;
/** A segment after the store's name that reads about the store, not out of it. */
const ABOUT_STORE =
  /^(?:status|health|healthz|count|test|types?|schema|meta|metadata|search-types|_types|providers|plugins|new|help|docs?|list|search|sync|jobs|runs|state|streams|schedule)$/i;
/** Key storage holds private keys and passwords by path (Rundeck `/api/41/storage/keys/...`). */
const KEY_STORAGE = /\/storage\/keys(?:\/|$)/i;

/**
 * A service's whole running configuration read through its API holds the keys and passwords it
 * runs with: Syncthing `/rest/config` (device keys, GUI password, API key), Prometheus
 * `/api/v1/status/config` (scrape and remote-write credentials), Grafana `/api/admin/settings`,
 * qBittorrent `/api/v2/app/preferences`, Traefik `/api/rawdata`. The last segment names all of it.
 */
const WHOLE_CONFIG = /\/(?:rest|api)\/(?:[\w.-]+\/){0,3}(?:config|configuration|settings|preferences|rawdata)\/?$/i;

/** The store a path asks for, or undefined: its segment last, or followed by one item's name. */
function storePath(path: string): boolean {
  if (KEY_STORAGE.test(path) || WHOLE_CONFIG.test(path)) return true;
  const segs = path.split('/').filter(Boolean);
  for (let i = 0; i < segs.length; i++) {
    if (!STORE_SEGMENT.test(segs[i] ?? '')) continue;
    const after = segs.slice(i + 1);
    if (after.length === 0) return true;
    if (after.length === 1 && !ABOUT_STORE.test(after[0] ?? '')) return true;
    // Jenkins: /credentials/store/system/domain/_/api/json
    if (/^store$/i.test(after[0] ?? '')) return true;
  }
  // a connector's configuration holds the passwords it connects with (Kafka Connect
  // /connectors/NAME/config, docs.confluent.io Connect REST API); the list of names does not
  for (let i = 0; i + 2 < segs.length; i++)
    if (/^connectors$/i.test(segs[i] ?? '') && /^config$/i.test(segs[i + 2] ?? '') && i + 3 === segs.length)
      return true;
  return false;
}

/**
 * HashiCorp Vault's HTTP API read for a secret, whatever port or name the server has (a dev server
 * on 8100, vault.corp.example): the paths are Vault's own, so they name what comes back
 * (developer.hashicorp.com/vault/api-docs). KV version 1 and 2 reads (`/v1/secret/...`,
 * `/v1/kv/data/...`; `metadata/` lists names and versions without values and stays open), the
 * cubbyhole, dynamic credentials minted by a secrets engine (`/v1/database/creds/ROLE`,
 * `/v1/aws/creds/ROLE`, `/v1/aws/sts/ROLE`, `/v1/gcp/token/`, `/v1/azure/creds/`, `/v1/consul/creds/`,
 * `/v1/rabbitmq/creds/`, `/v1/nomad/creds/`, `/v1/kubernetes/creds/`), a certificate issued with its
 * private key (`/v1/pki/issue/ROLE`), transit decryption and key export, new tokens, and the raw
 * storage backend (`/v1/sys/raw/`).
 */
const VAULT_SECRET =
  /^\/v1\/(?:(?:secrets?|kv|kv-?v[12]|cubbyhole)\/(?!(?:[^/]+\/)*?metadata(?:\/|$)|config\/?$)[^/?#]+|(?:database|aws|gcp|azure|consul|rabbitmq|nomad|kubernetes|ssh|ldap|openldap)\/(?:creds|sts|token|key|static-creds)\/[^/?#]+|pki[\w-]*\/issue\/[^/?#]+|transit\/(?:decrypt|export)\/|auth\/token\/create|sys\/raw(?:\/|$)|sys\/wrapping\/unwrap)/i;

/** Redfish state changes and account management (DSP0266). */
const REDFISH_ACTION = /^\/redfish\/v1\/(?:.*\/)?Actions\/(?!.*\/ActionInfo\/?$)/i;
const REDFISH_FIRMWARE = /^\/redfish\/v1\/UpdateService(?:\/|$)/i;
const REDFISH_ACCOUNTS = /^\/redfish\/v1\/(?:AccountService(?:\/|$)|Managers\/[^/]+\/Accounts(?:\/|$))/i;

/** Jolokia's operation and what it names (`/jolokia/exec/MBEAN/op`, `?p=/exec/...`). */
const JOLOKIA = /\/jolokia\/?(?:[^/]*\/)*?(exec|write|read|list|search|version)(?:\/([^?#]*))?/i;
const JMX_DUMPS =
  /DiagnosticCommand|HotSpotDiagnostic|type=Runtime|SystemProperties|InputArguments|passw|secret|credential/i;

/** Health and status routes of the loopback agents that stay open. */
const AGENT_PORTS: Record<string, RegExp> = table({
  // Vault: /v1/sys/health, /v1/sys/seal-status, /v1/sys/leader (developer.hashicorp.com/vault/api-docs/system)
  ':8200': /^\/v1\/sys\/(?:health|seal-status|leader)\/?(?:[?#]|$)|^\/?(?:[?#]|$)|^\/ui(?:\/|$)/i,
  // Consul: /v1/status/leader|peers, /v1/health/... (developer.hashicorp.com/consul/api-docs)
  ':8500': /^\/v1\/(?:status|health)\/|^\/?(?:[?#]|$)|^\/ui(?:\/|$)/i,
  // Nomad, the same family's scheduler: its API submits and execs into jobs and holds variables
  // and ACL tokens; /v1/status/* and /v1/agent/health stay open (developer.hashicorp.com/nomad/api-docs)
  ':4646': /^\/v1\/(?:status\/|agent\/health)|^\/?(?:[?#]|$)|^\/ui(?:\/|$)/i,
});

function plain(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The control readings of a URL (commands matched by the internal-targets rules). */
export function controlUrlReadings(host: string, address: string, port: string, rest: string): string[] {
  const out: string[] = [];
  const path = rest.replace(/[?#].*$/s, '');
  const decodedPath = plain(path);
  const shown = `${host}${port}${path}`.replace(/\s/g, '');
  const kind = internalV4(address);
  const inside = kind !== undefined || isInternalName(host) || host === 'localhost' || /^\[?::1\]?$/.test(host);
  // Kafka Connect's list with `?expand=info` carries every connector's configuration, passwords
  // included (docs.confluent.io, Connect REST API: GET /connectors?expand=info)
  const expandedConnectors = /^\/connectors\/?$/i.test(decodedPath) && /[?&]expand=info\b/i.test(rest);
  if ((inside && (storePath(decodedPath) || expandedConnectors)) || VAULT_SECRET.test(decodedPath))
    out.push(`fetch-stored-credentials ${shown}`);
  if (REDFISH_ACTION.test(decodedPath) || REDFISH_FIRMWARE.test(decodedPath))
    out.push(`fetch-management-controller action ${shown}`);
  else if (REDFISH_ACCOUNTS.test(decodedPath)) out.push(`fetch-management-controller accounts ${shown}`);
  const query = /[?&]p=([^&#]*)/.exec(rest)?.[1];
  const jolokia =
    JOLOKIA.exec(decodedPath) ?? (query && /\/jolokia/i.test(path) ? JOLOKIA.exec(`/jolokia${plain(query)}`) : null);
  if (jolokia) {
    const op = (jolokia[1] ?? '').toLowerCase();
    if (op === 'exec' || op === 'write' || (op === 'read' && JMX_DUMPS.test(jolokia[2] ?? '')))
      out.push(`fetch-jmx-bridge ${op} ${shown}`);
  }
  const open = AGENT_PORTS[port];
  if (open && inside && !open.test(rest)) out.push(`fetch-loopback-admin ${shown}`);
  return out;
}
