// Any tool's change aimed at production by the option that chooses where it acts, for tools svc
// has never seen: `fs_cli -H fs-prod-01 -x 'fsctl shutdown restart'`, `cast send ... --rpc-url
// mainnet`, `npx hardhat run scripts/upgrade-proxy.ts --network mainnet`, `flux suspend
// kustomization --all --context prod-eu-1`, `robocopy .\publish \\web-prod01\c$\wwwroot /MIR`.
// The same commands aimed at a staging host, a test network or a local node are everyday work.
// Three parts, none of them a tool's name:
//  - a target: the value of an option that chooses the network, cluster, context, host,
//    environment or stage (`--network`, `--rpc-url`, `--context`, `-H`, `--env` ...), or the
//    destination of a copy on another machine's share (`\\HOST\share`), named for production or a
//    main network (`prod`, `production`, `prd`, `live`, `mainnet` as a part of the name; not when a
//    part also names a copy: staging, dev, test, testnet ...);
//  - a verb that changes what runs there: among the first subcommand words, in the command string
//    an admin console is given (`-x`, `-c`, `--command`), or in the name of the script a `run`
//    starts (`run scripts/upgrade-proxy.ts`);
//  - no look or rehearsal: a first verb that reads (`get`, `call`, `status`, `logs`), `--dry-run`.
// Read as `cli-change-prod TOOL WORDS` (asked by production-changes).
import { basename } from '../shell-wrappers.js';
import { rehearses } from '../shell-verb-scope.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

/** The cheap gate: a line that names no production, main network or public site is not read. */
export const PROD_AIM_HINT = /prod|prd|live|mainnet|www\./i;

/** Options that choose where a command acts (network, node, cluster, host, environment, stage). */
const TARGET_OPTION =
  /^--?(?:network|net|chain|rpc-url|rpc|url|cluster|context|kube-context|host|hostname|H|server|env|environment|e|stage|s|target|site|endpoint|node|instance|tenant|remote|profile|project|app|a|service|stack|namespace|n|workspace|alias)$|^-(?:ComputerName|CN|ServerInstance|SqlInstance|Session|CimSession|VMHost|Server|Cluster|WebApplication|Site)$/i;
/** A name part that says production or a main network. */
const PROD_PART = /^(?:prod|production|prd|live|mainnet|mainnet-beta)$/i;
/** A name part that says a copy that is not production (a test network, a staging host, a local node). */
const COPY_PART =
  /^(?:stag|stage|staging|dev|develop|development|test|testing|testnet|qa|uat|local|localhost|sandbox|preview|demo|sepolia|goerli|holesky|devnet|fork|anvil|hardhat|ganache|canary|preprod|nonprod|127|0)$/i;

function namesProduction(value: string): boolean {
  if (/^(?:https?:\/\/)?(?:localhost|127\.|0\.0\.0\.0|\[::1\])/i.test(value)) return false;
  // (a numbered machine counts as its name: prod01, web-prd2)
  const parts = value.split(/[-_./:=@,\\]+/).map((p) => p.replace(/(?<=[a-z])\d+$/i, ''));
  // a fork or a forked node of production is a local copy (`mainnet-fork`, `prod-fork`)
  return parts.some((p) => PROD_PART.test(p)) && !parts.some((p) => COPY_PART.test(p));
}

/** Verbs that change what runs in production (or move value on a main network). */
const CHANGE = new Set(
  (
    'send sendtx send-transaction transfer execute upgrade migrate shutdown restart reboot reload stop suspend pause ' +
    'unpause halt kill drain cordon evict rollback revert mint burn withdraw vote castvote propose queue ' +
    'restore failover switchover apply patch replace reset flush purge truncate disable terminate redeploy ' +
    'deploy undeploy release publish promote delete destroy remove uninstall wipe drop clear invalidate alter insert grant revoke ' +
    // a tree made to match another (`sync-to prod`), a rollout or cut-over, and the data-destroying verbs of
    // migration and storage tools (`clean`, `prune`, `erase`, `downgrade`, `teardown`: each tool's CLI reference)
    'sync rollout ship cutover golive clean prune erase nuke teardown decommission deprovision downgrade ' +
    // a build pushed or uploaded onto the target (`bramble push --target www.acme.com`)
    'push upload'
  ).split(' '),
);
/** A data word glued to a destroying verb in a script's or tool's name (`dbreset`, `cachepurge`, `datawipe`). */
const GLUED_CHANGE =
  /^(?:db|data|database|cache|schema|store|index)(?:reset|drop|wipe|purge|truncate|clean|nuke|seed|migrate)$/i;
/** First verbs that only look, read a chain or a cluster, or set up the local tool. */
const LOOKS = new Set(
  (
    'call get list ls show status describe logs log balance query estimate inspect diff plan check watch top ' +
    'version help info view cat read tail history whoami config use use-context verify test simulate dry-run ' +
    'receipt tx block events port-forward explain lookup search ping health doctor validate preview report'
  ).split(' '),
);

/**
 * A site's public name as a target (`--site www.acme.com`, `--target www.example.org`): the
 * `www.` host is the main site its users load, production whatever the tool calls it. Read for
 * a target option's value only: a request to a `www.` URL is a visit, not an aim.
 */
function namesPublicSite(value: string): boolean {
  return (
    /^(?:https?:\/\/)?www\.[a-z0-9-]+(?:\.[a-z0-9-]+)+\/?$/i.test(value) &&
    !/\.(?:test|local|localhost|example|invalid)\/?$/i.test(value)
  );
}

/**
 * A program named for the change it makes (`tesseract-deploy`, `publish_site.py`,
 * `release-web`): with no subcommand, its name is its verb. A name that also says it only looks
 * (`deploy-status`, `release-notes`) is not one.
 */
const NAMED_SHIP = /^(?:deploy|redeploy|publish|release|promote|rollout|ship|golive|cutover)$/i;
const NAMED_LOOK =
  /^(?:status|notes|changelog|docs?|check|lint|test|tests|list|ls|info|diff|plan|preview|logs?|history|report|dry|dryrun)$/i;
function namedChange(tool: string): string | undefined {
  const parts = tool.replace(/\.(?:sh|py|js|mjs|ts|rb|pl|ps1|exe|bat|cmd)$/i, '').split(/[-_.]+/);
  if (parts.length < 2 || parts.some((p) => NAMED_LOOK.test(p))) return undefined;
  return parts.find((p) => NAMED_SHIP.test(p));
}

/** Options whose value is a command an admin console or a remote shell runs. */
const COMMAND_OPTION = /^-(?:x|rx|c|e|-command|-cmd|-exec|-execute|-eval|Query|Q|ScriptBlock|Command)$/i;

/** Programs whose words are text, patterns or another reading's business (remote shells, task runners). */
const NOT_A_TOOL = new Set(
  (
    'echo printf grep egrep rg ag sed awk cat less head tail jq yq find ls curl wget http ssh scp rsync sftp ' +
    'git make just task env sudo xargs nohup timeout watch tmux screen test [ man'
  ).split(' '),
);

/** The verb of a word: `suspend`, `apps:restart`, `stop-instances`, `castVote(uint256,uint8)`. */
function verbOf(word: string): string | undefined {
  const w = word.toLowerCase().replace(/\(.*$/, '');
  const last = w.split(/[:.]/).pop() ?? w;
  if (CHANGE.has(last) || LOOKS.has(last)) return last;
  const head = last.split('-')[0] ?? '';
  if (last.includes('-') && (CHANGE.has(head) || LOOKS.has(head))) return head;
  return undefined;
}

/** The change a command's words make, or undefined when they only look or name no change. */
function changeVerb(a: string[], targetAt: Set<number>): { verb: string; objects: string[] } | undefined {
  const pos: string[] = [];
  const commands: string[] = [];
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (targetAt.has(i)) continue;
    if (COMMAND_OPTION.test(w) && a[i + 1]) commands.push(a[++i] ?? '');
    else if (!w.startsWith('-') && !w.startsWith('/') && !w.includes('$')) pos.push(w);
  }
  // a PowerShell cmdlet names its verb (`Restart-Service -ComputerName web-prod01`)
  const cmdlet = /^([a-z]+)-[a-z]+$/i.exec(basename(a[0] ?? ''))?.[1]?.toLowerCase();
  if (cmdlet && CHANGE.has(cmdlet)) return { verb: basename(a[0] ?? ''), objects: pos };
  // subcommand words: the first verb met decides (a look ends the search)
  const subs = pos.filter((x) => x !== '{' && x !== '}');
  for (const [k, w] of subs.slice(0, 3).entries()) {
    // a script a runner starts (`php bin/console cache:clear`): its subcommands follow
    if (k === 0 && /^[\w.-]+(?:\/[\w.-]+)+$/.test(w)) continue;
    if (!/^[A-Za-z][\w:.()-]*$/.test(w) || w.length > 60) break;
    if (w.toLowerCase() === 'run') {
      // `run SCRIPT`: the script's name says what it does (`scripts/upgrade-proxy.ts`)
      const script = subs[k + 1] ?? '';
      // (a task's `group:verb` name, `db:reset`, and a data word glued to its verb, `tools/dbreset`)
      const named = script.split(/[-_./\\:]+/).find((p) => CHANGE.has(p.toLowerCase()) || GLUED_CHANGE.test(p));
      if (named) return { verb: `run ${script}`, objects: [] };
      // a program the runner builds from a folder (`go run ./cmd/admin purge --env prod`): its own
      // subcommand follows the folder
      const own = verbOf(subs[k + 2] ?? '');
      return /[\\/]/.test(script) && own && CHANGE.has(own)
        ? { verb: `run ${script} ${subs[k + 2] ?? ''}`, objects: subs.slice(k + 3) }
        : undefined;
    }
    const v = verbOf(w);
    if (v && LOOKS.has(v)) return undefined;
    // a look named after the step (`sf project deploy validate`: Salesforce's check-only deploy)
    const next = verbOf(subs[k + 1] ?? '');
    if (v && next && LOOKS.has(next)) return undefined;
    if (v) return { verb: w, objects: subs.slice(k + 1) };
  }
  const c = commandVerb(commands);
  return c ? { verb: c, objects: [] } : undefined;
}

/** The change the command string an admin console runs makes: `-x 'fsctl shutdown restart'`. */
function commandVerb(commands: string[]): string | undefined {
  for (const c of commands) {
    const words = c.trim().split(/\s+/).slice(0, 4);
    const v = words.map(verbOf).find((x) => x !== undefined);
    if (v && CHANGE.has(v)) return c;
  }
  return undefined;
}

/** A file's name by its extension. */
const FILE_NAME =
  /\.(?:ya?ml|json|toml|tfvars|env|ini|conf|cfg|sql|sh|py|js|ts|txt|xml|properties|jar|war|zip|tgz|gz)$/i;

/** `\\HOST\share\...` or `//HOST/share/...` (the POSIX spelling of a UNC path). */
const UNC = /^(?:\\\\|\/\/)([^\\/]+)[\\/]/;

/** Variables that choose the environment a command runs against. */
const ENV_NAME = /(?:^|_)(?:ENV|ENVIRONMENT|STAGE|TARGET|NETWORK|CONTEXT|PROFILE|TIER)$/;

/** Programs that send one HTTP request given on their command line. */
const HTTP_CLIENTS = new Set([
  'curl',
  'wget',
  'http',
  'https',
  'xh',
  'httpie',
  'invoke-restmethod',
  'irm',
  'invoke-webrequest',
  'iwr',
]);

/**
 * An HTTP request that changes something on a host named for production: a method that writes
 * (POST, PUT, PATCH, DELETE, or a body sent) to a URL whose host names production and whose path
 * names a change (`curl -X POST https://admin.prod.acme.io/api/services/web/restart`).
 */
function httpChange(tool: string, a: string[], out: Effect[]): void {
  let method = '';
  let body = false;
  const urls: string[] = [];
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (/^(?:-X|--request|-Method)$/i.test(w)) method = (a[++i] ?? '').toUpperCase();
    else if (/^--request=/.test(w)) method = w.slice(10).toUpperCase();
    else if (/^-X[A-Z]+$/.test(w)) method = w.slice(2);
    else if (/^(?:-d|--data\S*|--json|-F|--form|--post-data|--post-file|-Body)$/i.test(w)) body = true;
    else if (/^(?:POST|PUT|PATCH|DELETE)$/.test(w) && i === 1) method = w;
    else if (/^https?:\/\//i.test(w)) urls.push(w);
  }
  if (!/^(?:POST|PUT|PATCH|DELETE)$/.test(method || (body ? 'POST' : ''))) return;
  for (const u of urls) {
    const m = /^https?:\/\/(?:[^@/]*@)?([^/:?#]+)[^/?#]*([^?#]*)/i.exec(u);
    const host = m?.[1] ?? '';
    if (!namesProduction(host)) continue;
    const verb = (m?.[2] ?? '').split(/[/_.-]+/).find((p) => CHANGE.has(p.toLowerCase()));
    if (!verb) continue;
    out.push({
      tool: 'exec',
      command: `cli-change-prod ${tool} ${a.slice(1).join(' ')}`,
      via: `${tool} asks ${host} to ${verb.toLowerCase()}`,
    });
    return;
  }
}

/**
 * A directory the line changes into that is a production environment's own folder: a path part
 * that is exactly prod, production or prd (`cd deploy/production`, `cd envs/prod`). Tools that
 * read their target from the folder they run in (`apply`, `deploy`, `migrate`) then act on
 * production; `production-api` or `live-chat` name a program, not an environment.
 */
function prodFolder(argv: readonly string[]): string | undefined {
  const dir = argv[1] ?? '';
  if (argv.length !== 2 || dir.startsWith('-')) return undefined;
  return dir.split(/[\\/]+/).some((p) => /^(?:prod|production|prd)$/i.test(p)) ? dir : undefined;
}

/** Options that name the settings file a tool connects with. */
const CONFIG_OPTION = /^--?(?:config|conf|config-file|configfile|settings|env-file|envfile|dotenv|c)$/i;

/** A settings file whose own name says production (`production.yml`, `.env.production`, `prod.toml`). */
function configTarget(a: readonly string[]): string | undefined {
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    const eq = w.indexOf('=');
    const opt = eq > 0 && w.startsWith('-') ? w.slice(0, eq) : w;
    if (!CONFIG_OPTION.test(opt)) continue;
    const v = eq > 0 && w.startsWith('-') ? w.slice(eq + 1) : (a[i + 1] ?? '');
    const file = v.split(/[\\/]/).pop() ?? '';
    // a file (with an extension or a dotfile), not a command string (`-c 'cmd'`)
    if (!/^[\w.-]+$/.test(file) || !/\./.test(file)) continue;
    const parts = file.split(/[-_.]+/).filter(Boolean);
    if (parts.some((p) => /^(?:prod|production|prd)$/i.test(p)) && !parts.some((p) => COPY_PART.test(p))) return v;
  }
  return undefined;
}

export function prodAimEffects(line: LineFacts, out: Effect[]): void {
  let folder: string | undefined;
  let exported: string | undefined;
  for (const c of line.cmds) {
    const a = c.argv;
    const tool = basename(a[0] ?? '').toLowerCase();
    if (tool === 'cd' || tool === 'pushd' || tool === 'set-location' || tool === 'sl') {
      folder = prodFolder(a);
      continue;
    }
    // an environment chosen for the rest of the line (`export APP_ENV=production; TOOL migrate`,
    // a bare `STAGE=prod;` statement): later commands run with it as if it were their prefix
    if (tool === 'export' || !tool) {
      const pairs = [
        ...c.assigns,
        ...a.slice(1).flatMap((w) => {
          const eq = w.indexOf('=');
          return eq > 0 ? [{ name: w.slice(0, eq), value: w.slice(eq + 1) }] : [];
        }),
      ];
      const chosen = pairs.find(
        (v) => ENV_NAME.test(v.name) && !/^(?:NODE|BABEL)_ENV$/.test(v.name) && namesProduction(v.value),
      );
      if (chosen) exported = chosen.value;
      continue;
    }
    if (HTTP_CLIENTS.has(tool)) {
      httpChange(tool, a, out);
      continue;
    }
    if (!tool || NOT_A_TOOL.has(tool) || a.length < 2) continue;
    if (rehearses(a, 1)) continue;
    // the target: an option's value, or a copy's destination on another machine's share
    const targetAt = new Set<number>();
    let target: string | undefined;
    // an option that chose another target (`-a acme-staging`): what the verb names is its source
    let optionTarget = false;
    for (let i = 1; i < a.length; i++) {
      const w = a[i] ?? '';
      const eq = w.indexOf('=');
      const opt = eq > 0 && w.startsWith('-') ? w.slice(0, eq) : w;
      if (!TARGET_OPTION.test(opt)) continue;
      const v = eq > 0 && w.startsWith('-') ? w.slice(eq + 1) : (a[i + 1] ?? '');
      if (eq < 0) targetAt.add(i + 1);
      if (!target && (namesProduction(v) || namesPublicSite(v))) target = v;
      optionTarget ||= v !== '' && !v.startsWith('-');
    }
    // or an environment the command is given (`APP_ENV=prod bin/console cache:clear`)
    // (NODE_ENV and BABEL_ENV choose how code is built, not where it acts)
    target ??= c.assigns.find(
      (v) => ENV_NAME.test(v.name) && !/^(?:NODE|BABEL)_ENV$/.test(v.name) && namesProduction(v.value),
    )?.value;
    target ??= exported;
    // or a settings file named for production (`--config config/production.yml`, `-c prod.toml`):
    // the file says where the tool connects; a manifest given by `-f` is the change's text
    target ??= configTarget(a);
    const ops = a.slice(1).filter((w) => !w.startsWith('-') && !/^\/[A-Za-z]+(?::\S*)?$/.test(w));
    const dest = ops.length >= 2 ? (ops[ops.length - 1] ?? '') : '';
    const host = UNC.exec(dest)?.[1];
    if (!target && host && namesProduction(host)) {
      out.push({
        tool: 'exec',
        command: `cli-change-prod ${tool} ${a.slice(1).join(' ')}`,
        via: `${tool} copies onto ${host}, a production machine's share`,
      });
      continue;
    }
    // (a subcommand that looks, `release-web status --env prod`, is a look whatever the name says)
    const firstOps = a
      .slice(1)
      .filter((w, i) => !w.startsWith('-') && !targetAt.has(i + 1))
      .slice(0, 2);
    const named = firstOps.some((w) => LOOKS.has(verbOf(w) ?? '')) ? undefined : namedChange(tool);
    const change = changeVerb(a, targetAt) ?? (named ? { verb: tool, objects: [] as string[] } : undefined);
    if (!change) continue;
    // or what the verb acts on, named for production (`restart shop-prod`, `drain prod-worker-3`);
    // a file's name (`-f values-prod.yaml`, `k8s/prod/app.yaml`) is the change's text, not its target
    if (!target && optionTarget) continue;
    // (a sync changes only its destination, the last operand: `sql:sync @prod @self` copies production down)
    const objects = /(?:^|[:.-])sync$/i.test(change.verb) ? change.objects.slice(-1) : change.objects;
    target ??= objects.find((w) => !/[\\/]/.test(w) && !FILE_NAME.test(w) && namesProduction(w));
    // or the production folder the line changed into, for a tool told nothing else
    if (!target && !optionTarget) target = folder;
    if (!target) continue;
    out.push({
      tool: 'exec',
      command: `cli-change-prod ${tool} ${a.slice(1).join(' ')}`,
      via: `${tool} ${change.verb.slice(0, 60)} aimed at ${target}`,
    });
  }
}
