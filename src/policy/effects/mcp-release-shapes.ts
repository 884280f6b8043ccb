// The shapes of a release and of a source change in any MCP server's tool, read from the tool's
// verb and its arguments rather than its vendor, the way the command-line readings read them
// (shell-rollouts.ts, shell-image-copies.ts, shell-traffic-moves.ts, verify-flags.ts,
// trust-anchors.ts):
//   ship mcp TOOL          a rollout to every device, user or site (`assign_profile {target:
//                          all_devices}`); a build uploaded or set to the channel every user gets
//                          (`upload_build {track: production}`); an image copied into a registry
//                          tag (`push_image {source, target}`); all traffic given to one target
//                          (`set_traffic_split {weights: {v2: 100}}`)
//   dependency no-verify   a repository, mirror or source told to stop checking what it fetches
//                          (`set_repository_config {verify_ssl: false}`)       (denied)
//   dependency custom-ca   a key or certificate made trusted (`import_signing_key {trust:
//                          ultimate}`)                                          (asked)
// Named groups, test channels and reads are not read.
import type { Effect } from './types.js';
import { dependency } from './supply.js';
import { switchesOff } from './verify-offs.js';

type Params = Record<string, unknown>;

const ROLLOUT = new Set(['assign', 'upgrade', 'install', 'deploy', 'push', 'flash', 'rollout', 'distribute', 'apply']);
const EVERY_KEY =
  /^(?:target|targets|group|groups|scope|devices|hosts|stores|sites|ring|audience|assignment|assignments)$/i;
const EVERY_VALUE =
  /^(?:all|\*|everyone|all[-_ ]?(?:devices|users|stores|sites|hosts|endpoints|licensed[-_ ]?users)|alldevices|allusers|alllicensedusers)$/i;
const EVERY_FLAG = /^(?:all|all_?devices|all_?users|all_?stores|all_?sites|everyone|fleet_?wide)$/i;

/** Verbs that put a build somewhere: with an environment or a channel every user gets, they release it. */
const BUILD_VERB = new Set(['upload', 'push', 'release', 'assign', 'move']);
/** Verbs that change a setting: only a track, channel or ring option makes them a release. */
const SET_VERB = new Set(['update', 'set', 'change']);
const CHANNEL_KEY = /^(?:track|channel|ring|audience|release_?channel)$/i;
const ENV_KEY = /^(?:environment|env|stage|target_?environment)$/i;
const EVERYONE_CHANNEL = /^(?:production|prod|prd|live|stable|public|latest|ga|general)$/i;

const COPY_VERB = new Set(['copy', 'push', 'import', 'promote', 'retag', 'mirror', 'replicate', 'transfer']);
const IMAGE_REF = /^(?:docker:\/\/)?[a-z0-9][\w.-]*(?::\d+)?\/[\w./-]+(?::[\w.-]+|@sha256:[0-9a-f]{6,})$/i;
const LOCAL_IMAGE = /^(?:localhost|127\.0\.0\.1)(?::\d+)?\//i;

const TRAFFIC = new Set(['traffic', 'weight', 'weights', 'split', 'canary', 'route', 'routing', 'shift']);

const SOURCE_WORD = new Set([
  'repo',
  'repository',
  'repositories',
  'mirror',
  'source',
  'sources',
  'channel',
  'feed',
  'registry',
  'index',
  'remote',
  'upstream',
  'sync',
]);

/** Every string or number among the arguments, with its key, one level of nesting deep. */
function entries(p: Params): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [k, v] of Object.entries(p)) {
    if (k === 'tool') continue;
    if (Array.isArray(v)) for (const x of v) out.push([k, x]);
    else if (v && typeof v === 'object')
      for (const [k2, v2] of Object.entries(v as Params)) out.push([k2, v2], [k, k2], [k, v2]);
    else out.push([k, v]);
  }
  return out;
}

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim() : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

/** What the tool ships, or undefined. */
function shipShape(words: readonly string[], p: Params): string | undefined {
  const kv = entries(p);
  if (words.some((w) => ROLLOUT.has(w))) {
    if (kv.some(([k, v]) => EVERY_KEY.test(k) && EVERY_VALUE.test(text(v).replace(/AssignmentTarget$/i, ''))))
      return 'to every device or user';
    if (kv.some(([k, v]) => EVERY_FLAG.test(k) && (v === true || text(v) === 'true'))) return 'to every device or user';
    if (kv.some(([, v]) => /all(?:Licensed)?(?:Devices|Users)AssignmentTarget/i.test(text(v))))
      return 'to every device or user';
  }
  const everyone = (re: RegExp) => kv.some(([k, v]) => re.test(k) && EVERYONE_CHANNEL.test(text(v)));
  if (words.some((w) => BUILD_VERB.has(w)) && (everyone(CHANNEL_KEY) || everyone(ENV_KEY)))
    return 'to the channel every user gets';
  if (words.some((w) => SET_VERB.has(w)) && everyone(CHANNEL_KEY)) return 'to the channel every user gets';
  if (words.some((w) => COPY_VERB.has(w))) {
    const refs = kv.map(([, v]) => text(v)).filter((v) => IMAGE_REF.test(v));
    if (refs.length >= 2 && !LOCAL_IMAGE.test(refs[refs.length - 1] ?? ''))
      return 'an image copied into a registry tag';
  }
  if (
    words.some((w) => TRAFFIC.has(w)) &&
    kv.some(([k, v]) => /^(?:100%?)$/.test(text(v)) && !/^(?:limit|count|size|timeout)/i.test(k))
  )
    return 'all traffic to one target';
  return undefined;
}

/** The release and source-change readings of one MCP call. */
export function mcpReleaseShapeEffects(op: string, words: readonly string[], p: Params): Effect[] {
  const out: Effect[] = [];
  const via = `MCP ${op}`;
  const safeOp = /^[\w.:-]{1,100}$/.test(op) ? op : 'tool';
  if (!words.some((w) => /^(?:get|list|read|describe|show|search|find|query|preview|validate|plan)$/.test(w))) {
    const ship = shipShape(words, p);
    if (ship)
      out.push({
        tool: 'exec',
        command: `ship mcp ${safeOp}`,
        via: `${via} ships ${ship} (as \`ship mcp ${safeOp}\`)`,
      });
    const keys = Object.keys(p);
    const aboutSources =
      words.some((w) => SOURCE_WORD.has(w)) ||
      keys.some((k) => /(?:^|_)(?:url|baseurl|repo|repository|source|mirror)$/i.test(k));
    if (aboutSources)
      for (const [k, v] of entries(p)) {
        const value = text(v);
        if (value && switchesOff([k], value)) {
          out.push(
            dependency(
              ['no-verify', 'mcp', `${k}=${value}`],
              `${via} sets ${k} to ${value} (stops verifying what it fetches)`,
            ),
          );
          break;
        }
      }
    const keyish = words.some((w) => /^(?:key|keys|gpg|pgp|cert|certificate|certificates|ca|signing|keyring)$/.test(w));
    const trusting =
      words.includes('trust') ||
      entries(p).some(
        ([k, v]) =>
          /^(?:trust|owner_?trust|trust_?level)$/i.test(k) && /^(?:ultimate|full|5|4|trusted|true)$/i.test(text(v)),
      ) ||
      entries(p).some(
        ([k, v]) =>
          /^(?:store|cert_?store|store_?location)$/i.test(k) &&
          /(?:^|[\\/])(?:root|authroot|trustedpublisher)$/i.test(text(v)),
      );
    if (keyish && trusting)
      out.push(
        dependency(
          ['custom-ca', 'mcp', safeOp],
          `${via} makes a key or certificate trusted: what it signs installs as verified`,
        ),
      );
  }
  return out;
}
