// What any command-line tool ships, read from its verb, for CLIs svc has never seen: `zcli
// publish`, `acme apps:deploy web`, `fleetctl ota deploy --all`, `cap production deploy`. The
// platforms svc knows are read by the ship catalogue (ship.ts, deploy-publish.yaml); a tool it
// does not know is read here the way shell-verbs.ts reads any tool's `delete`:
//   cli-ship TOOL PATH VERB REST    the tool deploys, publishes or promotes what it manages
// A platform the ship catalogue names (vercel, netlify, npm ...) is left to it, with its previews
// and local targets. The verbs are the ones whose everyday meaning is "make it reach users" (deploy, publish,
// promote, ship, broadcast); a rehearsal (`--dry-run`), a question (`help deploy`) or a tool
// that only builds locally under that verb (`dotnet publish`, `pnpm deploy`: the standard
// profile's exceptions) is not shipping.
import { isCmdletName } from './shell-cmdlet-names.js';
import { helpAfterVerb, rehearses, RUNNERS } from './shell-verb-scope.js';
import { namesLocalTarget, shipData } from './ship.js';

// (`redeploy`: the last build put live again, Koyeb's `service redeploy`, Render's and Railway's)
export const SHIP = new Set(['deploy', 'publish', 'promote', 'ship', 'broadcast', 'redeploy']);

/**
 * Verbs that ship only when the command also forces them through or names production: `release`
 * (also a lock's or a pool's), `rollout` (also a status query), `submit` (also a form or a job),
 * `activate`, `go-live`. With `--force`, `--yes`, `--prod` they put a version in front of users
 * with the confirmation skipped (`shopify app release --version=V --force`), whatever the tool,
 * the platforms of the ship catalogue included, whose own readings do not know these verbs.
 */
const FORCED_SHIP = new Set(['release', 'rollout', 'submit', 'activate', 'go-live', 'golive', 'launch']);
const FORCING =
  /^--?(?:force|f|yes|y|prod|production|live|no-confirm|noconfirm|skip-confirm\w*|confirm|auto-approve|non-interactive)(?:=(?:true|1|yes))?$/;

/**
 * An activation aimed by an option at what users are served: the newest or the serving version
 * (`fastly service-version activate --version latest`, `--version=active`) or the production
 * environment (`--env production`, `--stage=prod`). Read for `activate` and `go-live` only: a
 * `rollout status -n production` or `release list --env prod` only looks.
 */
function liveScope(verb: string, rest: readonly string[]): boolean {
  if (!/^(?:activate|go-live|golive)$/.test(verb)) return false;
  for (let i = 0; i < rest.length; i++) {
    const m = /^--?([\w-]+)(?:=(.*))?$/.exec(rest[i] ?? '');
    if (!m) continue;
    const value = (m[2] ?? rest[i + 1] ?? '').toLowerCase();
    if (/^(?:version|ver|v)$/.test(m[1] ?? '') && /^(?:latest|active|current)$/.test(value)) return true;
    // Akamai's `--network production` (akamai property-manager activate-version; its other network is staging)
    if (/^(?:env|environment|stage|target|e|network)$/.test(m[1] ?? '') && /^(?:prod|production|live)$/.test(value))
      return true;
  }
  return false;
}

/**
 * Words that hand a published package, app or project to someone: `owner add`, `owners --add`,
 * `collaborator add`, `maintainer invite`, `transfer` (`mix hex.owner add PKG EMAIL`, `npm owner
 * add`, `gem owner --add`): whoever is added can publish the next version every user installs.
 */
const OWNER_NOUN = /^(?:owners?|collaborators?|maintainers?|publishers?)$/;
const OWNER_VERB = /^(?:add|invite|grant|transfer|--add|-a)$/;

/**
 * Task runners: their words name the project's own targets (`make deploy-staging`), whose recipes
 * svc reads from the project's files when it runs them (make-recipes.ts, package-scripts.ts).
 */
const TASK_RUNNERS = new Set([
  'make',
  'gmake',
  'just',
  'task',
  'rake',
  'invoke',
  'inv',
  'nox',
  'tox',
  'mage',
  'earthly',
]);

/**
 * Programs without subcommands whose operands are accounts, groups or processes (id(1), groups(1),
 * getent(1), chage(1), passwd(1), last(1), lastlog(8), finger(1), pinky(1), faillock(8), chown(1),
 * chgrp(1), su(1), users(1), quota(1), crontab(1), pgrep(1), pkill(1), killall(1), ps(1)): `deploy`
 * there is the account that deploy tools conventionally log in as (`chage -l deploy`, `chown -R
 * deploy:deploy /srv/app`), not a verb.
 */
const ACCOUNT_TOOLS = new Set([
  'id',
  'groups',
  'getent',
  'chage',
  'passwd',
  'last',
  'lastb',
  'lastlog',
  'finger',
  'pinky',
  'faillock',
  'chown',
  'chgrp',
  'su',
  'users',
  'quota',
  'crontab',
  'pgrep',
  'pkill',
  'killall',
  'ps',
  // root's launchers: the command they run is read by itself, without them (`sudo chage -l deploy`)
  'sudo',
  'doas',
  'pkexec',
  'run0',
]);
/**
 * File, text and search utilities: their operands are paths, patterns and text, never
 * subcommands, so a folder named `deploy` or `publish` (`ls deploy`, `find deploy -name
 * 'values-*.yaml'`, `du -sh publish`, `grep -r image deploy`) is a place looked at, not a verb.
 * Copies onto a release share are read before this (shareMirror); none of these runs another
 * command from its operands (xargs, env, find's -exec are read as the commands they run).
 */
const PATH_OPERAND_TOOLS = new Set([
  ...'ls ll dir vdir tree du df stat file find fd locate realpath readlink basename dirname cd pushd popd'.split(' '),
  ...'cat tac bat less more head tail wc nl sort uniq cut paste column fold fmt tr od xxd hexdump strings'.split(' '),
  ...'grep egrep fgrep rg ag ack diff cmp comm sha256sum sha1sum md5sum shasum b2sum cksum'.split(' '),
  ...'echo printf touch mkdir rmdir cp mv ln install chmod tar zip unzip gzip gunzip xz bzip2 zstd'.split(' '),
]);
/** Options whose value is an account or a group (`--user deploy`, `-u deploy`), not a subcommand. */
const ACCOUNT_OPTION = /^(?:-u|-U|-g|-G|--user|--group|--owner|--uid|--gid|--username|--login-name)$/;

/**
 * A switch that publishes what the command uploads, submits or pushes (`chrome-webstore-upload
 * upload --auto-publish`, `store-cli submit --publish-now`, `--go-live`, `--make-public`): the
 * upload alone waits for a human, the switch puts it in front of users. Container engines'
 * `--publish` maps a port and is not one.
 */
const PUBLISH_SWITCH =
  /^--(?:auto-?publish|publish(?:-now|-immediately|-after-upload)?|go-?live|make-public|release-now|(?:release|publish|submit|push|deploy|send)-to-(?:stores?|production|prod|public|live|users))(?:=(?:true|yes|1))?$/i;
const UPLOADING = /upload|push|submit|send|sync|create|update|deploy|store|publish|release|finali[sz]e/i;

/**
 * A push, upload or sync told by a switch that its target is production (`quillship up --prod`,
 * `fernhost push ./site --live`): the switch is how such CLIs choose the live site over a preview
 * (Vercel's and Netlify's `--prod`, Firebase's `--live`), whatever the tool.
 */
const PUSH_VERB = /^(?:up|push|upload|sync|release|put)$/i;
const PROD_SWITCH = /^--(?:prod|production|live)(?:=(?:true|yes|1))?$/i;

/**
 * A package, app or extension artefact (a wheel, an sdist, a tarball, a NuGet or gem package, an
 * app bundle, an editor extension) handed to an upload or publish verb: the tool puts it in a
 * registry or a store where users install it (twine, `dotnet nuget push`, `gem push`, `vsce
 * publish --packagePath`, app stores' upload tools), whatever the registry is called.
 */
const PACKAGE_ARTEFACT =
  /\.(?:whl|egg|nupkg|snupkg|gem|crate|jar|aar|aab|ipa|apk|vsix|xpi|crx|snap|conda|tgz)$|(?:^|\/)dist\/[^/]+\.tar\.gz$|\/\*\.(?:whl|nupkg|gem|tgz)$/i;
const PACKAGE_VERB = /^(?:upload|publish|submit|release|distribute)$/i;
const REGISTRY_OPTION = /^--?(?:repository|repo|registry|source|channel|track|store|index|r)(?:=|$)/i;

/** `cli-ship ...` for a production switch on a push, or a package artefact uploaded; else null. */
function artefactShip(
  tool: string,
  path: readonly string[],
  rest: readonly string[],
): { text: string; from: string } | null {
  const verbAt = path.findIndex((w) => PUSH_VERB.test(w));
  if (verbAt >= 0 && rest.some((w) => PROD_SWITCH.test(w)))
    return { text: ['cli-ship', tool, ...rest].join(' '), from: `${path[verbAt] ?? ''} (${tool}) to production` };
  const verb = path.find(
    (w) => PACKAGE_VERB.test(w) || (/^push$/i.test(w) && rest.some((x) => REGISTRY_OPTION.test(x))),
  );
  // a store's internal, alpha or beta track, a test channel or a draft is where testers get it
  const trial = rest.some((w, i) => {
    const m = /^--?([\w-]+)(?:=(.*))?$/.exec(w);
    const v = (m?.[2] ?? rest[i + 1] ?? '').toLowerCase();
    return (
      !!m &&
      /^(?:track|channel|ring|stage|env|environment|repository|repo|r|index|registry)$/i.test(m[1] ?? '') &&
      /^(?:internal|alpha|beta|test|testing|testflight|qa|dev|draft|canary|nightly|preview|staging|testpypi)$/.test(v)
    );
  });
  if (trial || rest.some((w) => /^--(?:draft|beta|internal)$/i.test(w))) return null;
  const artefact = rest.find((w) => !w.startsWith('-') && PACKAGE_ARTEFACT.test(w));
  if (verb && artefact)
    return { text: ['cli-ship', tool, ...rest].join(' '), from: `${verb} (${tool}) of the package ${artefact}` };
  return null;
}
const PORT_PUBLISHERS = new Set([
  'docker',
  'podman',
  'nerdctl',
  'kubectl',
  'oc',
  'minikube',
  'kind',
  'lima',
  'colima',
  'finch',
]);

/**
 * An image build told to push what it builds (`depot build -t ghcr.io/acme/api --push .`,
 * `devcontainer build --push`, `nerdctl build --output type=image,name=X,push=true`, BuildKit's
 * `--output type=registry`): the build is a push to the registry its tag names, as `docker buildx
 * build --push` is (the ship catalogue's). Docker BuildKit and buildx output documentation.
 */
const BUILD_WORD = /^(?:build|bake|buildx|image|images)$/;
const PUSH_OUTPUT = /(?:^|[=,])(?:type=registry|push=true)(?:,|$)/;
function buildPush(rest: readonly string[]): string | undefined {
  const path = rest.filter((w) => !w.startsWith('-')).slice(0, 3);
  if (!path.some((w) => BUILD_WORD.test(w))) return undefined;
  if (rest.some((w) => /^--push(?:=(?:true|yes|1))?$/.test(w))) return '--push';
  return rest.some((w) => PUSH_OUTPUT.test(w)) ? '--output (pushed)' : undefined;
}

function publishSwitch(tool: string, rest: readonly string[]): string | undefined {
  if (PORT_PUBLISHERS.has(tool)) return undefined;
  const pushed = buildPush(rest);
  if (pushed) return pushed;
  const sw = rest.find((w) => PUBLISH_SWITCH.test(w));
  if (!sw) return undefined;
  const path = rest.filter((w) => !w.startsWith('-')).slice(0, 3);
  return UPLOADING.test(tool) || path.some((w) => UPLOADING.test(w)) ? sw.replace(/=.*$/, '') : undefined;
}

/** Subcommand verbs that only look: what follows them names a kind of object. */
const LOOK_VERB =
  /^(?:get|describe|list|ls|show|view|status|logs?|history|info|inspect|top|explain|watch|diff|events)(?:[-_].*)?$/i;

/** Subcommand words read before giving up: `tool GROUP NOUN VERB` at most. */
const MAX_PATH = 4;

/** The ship verb a subcommand word spells: `deploy`, `apps:deploy`, `deploy-app`, `gh-deploy`. */
function shipVerb(word: string): string | null {
  const w = word.toLowerCase();
  if (SHIP.has(w)) return w;
  const colon = w.lastIndexOf(':');
  if (colon > 0 && SHIP.has(w.slice(colon + 1))) return w.slice(colon + 1);
  // `deploy:production`, `publish:all`: the verb first, what it ships after (a look at the
  // deploy, `deploy:list`, `deploy:status`, is not one)
  const first = colon > 0 ? w.slice(0, w.indexOf(':')) : '';
  if (SHIP.has(first) && !/:(?:list|status|info|show|help|check|logs?|unlock|history)$/.test(w)) return first;
  const parts = w.split('-');
  if (parts.length > 1 && (SHIP.has(parts[0] ?? '') || SHIP.has(parts[parts.length - 1] ?? '')))
    return SHIP.has(parts[0] ?? '') ? (parts[0] ?? '') : (parts[parts.length - 1] ?? '');
  return null;
}

/** `cli-ship TOOL PATH VERB REST` for a forced release-like verb or an owner added, any tool; else null. */
function forcedShip(words: string[], start: number, tool: string): { text: string; from: string } | null {
  const path: string[] = [];
  for (let i = start + 1; i < words.length && path.length < MAX_PATH; i++) {
    const w = words[i] ?? '';
    if (w.startsWith('-')) continue;
    if (!/^[A-Za-z][A-Za-z0-9:._-]*$/.test(w) || w.length > 40) return null;
    if (w === 'run' || w === 'exec' || w === 'help') return null;
    path.push(w);
    const parts = w.toLowerCase().split(/[.:]/);
    const rest = words.slice(i + 1);
    if (rehearses(words, start + 1) || helpAfterVerb(rest)) return null;
    // a verb-noun word names its verb first (Akamai's `property-manager activate-version`)
    const tail = parts[parts.length - 1] ?? '';
    const last = FORCED_SHIP.has(tail)
      ? tail
      : FORCED_SHIP.has(tail.split('-')[0] ?? '')
        ? (tail.split('-')[0] ?? '')
        : tail;
    if (FORCED_SHIP.has(last) && (words.slice(start + 1).some((x) => FORCING.test(x)) || liveScope(last, rest)))
      return { text: ['cli-ship', tool, ...path, ...rest].join(' '), from: `${last} (${tool}), forced` };
    if (parts.some((x) => OWNER_NOUN.test(x))) {
      const verb = parts.find((x) => OWNER_VERB.test(x)) ?? rest.find((x) => OWNER_VERB.test(x));
      if (verb) return { text: ['cli-ship', tool, ...path, ...rest].join(' '), from: `an owner added (${tool})` };
    }
  }
  return null;
}

/**
 * The control script of an installed Erlang/Elixir release (Mix releases, relx, Distillery:
 * `/opt/APP/bin/APP`, `/usr/local/APP/bin/APP`, `_build/prod/rel/APP/bin/APP`) told to run code
 * inside the running node (`rpc`, `rpcterms`) or to swap its code (`upgrade`, `downgrade`,
 * `install`, `unpack`): a hot change of production, with no build or review between
 * (hexdocs.pm/mix, "mix release", and relx's extended start script commands).
 */
// (a release's folder and its script share the release's name: APP/bin/APP)
const RELEASE_SCRIPT =
  /^(?:\/opt|\/usr\/local|\/srv|\/app|\/home\/[^/]+)\/(?:[^/]+\/)*([\w-]+)\/bin\/\1$|(?:^|\/)_build\/prod\/rel\/([\w-]+)\/bin\/\2$/;
const RELEASE_HOT = /^(?:rpc|rpcterms|upgrade|downgrade|install|unpack)$/;
const RPC_CHANGES =
  /load_binary|load_file|:code\.purge|code:purge|soft_purge|Code\.(?:compile|eval|require)|put_env|Node\.list|nodes\(\)|multicall|:erpc|release_handler|Application\.(?:stop|start)|:init\.(?:stop|restart)/;

export function releaseScriptReading(words: string[]): { text: string; from: string } | null {
  const prog = words[0] ?? '';
  const sub = words[1] ?? '';
  if (!RELEASE_SCRIPT.test(prog) || !RELEASE_HOT.test(sub)) return null;
  // rpc that only looks (a health check, a count) changes nothing: code loaded, configuration
  // changed, or every node of the cluster reached is what hot-patches production
  if (/^rpc/.test(sub) && !RPC_CHANGES.test(words.slice(2).join(' '))) return null;
  const name = prog.slice(prog.lastIndexOf('/') + 1).toLowerCase();
  return { text: ['cli-ship', name, ...words.slice(1)].join(' '), from: `${sub} (${name}, a running release)` };
}

/**
 * A Group Policy object linked (`New-GPLink`, `Set-GPLink -LinkEnabled Yes`) to a target that is
 * the whole domain, its distinguished name only `DC=` parts: every computer and user of the domain
 * applies it at the next refresh, the way a deploy reaches every user (Microsoft Learn, GroupPolicy
 * module). Linked to an OU it reaches that OU, the scope an administrator chose: not read.
 */
function domainLink(tool: string, rest: readonly string[]): { text: string; from: string } | null {
  if (tool !== 'new-gplink' && tool !== 'set-gplink') return null;
  const t = rest.findIndex((w) => /^-target$/i.test(w));
  const target = (rest[t + 1] ?? '').replace(/^["']|["']$/g, '');
  if (t < 0 || !/^(?:dc=[^,]+,?)+$/i.test(target.replace(/\s+/g, ''))) return null;
  if (tool === 'set-gplink' && !rest.some((w) => /^-(?:linkenabled|enforced)$/i.test(w))) return null;
  return { text: ['cli-ship', 'pwsh', tool, ...rest].join(' '), from: `${tool} to the whole domain ${target}` };
}

/**
 * A copy (robocopy, xcopy, Copy-Item, cp, rsync; a `/MIR` or `--delete` mirror too) onto a
 * network share named for releases (`\\\\fs01\\deploy$\\web`, `release`, `publish`, `addins`,
 * `apps`, `software`) or onto the domain's logon shares (NETLOGON, SYSVOL: every computer of the
 * domain runs their scripts): a release to the share's users. A share named for nothing in
 * particular (`\\\\buildshare\\nightly`) and staging, test or dev shares are not read.
 */
const COPIERS = new Set(['robocopy', 'robocopy.exe', 'xcopy', 'xcopy.exe', 'copy-item', 'cpi', 'cp', 'copy', 'rsync']);
const UNC = /^["']?(?:\\\\|\/\/|\\)[\w.-]+[\\/]/;
const RELEASE_SHARE =
  /[\\/](?:deploy\w*|releases?|publish\w*|dist|addins?|add-ins|software|apps|packages|netlogon|sysvol)\$?(?:[\\/"']|$)/i;

/**
 * The POSIX side of the same: a network mount (`/mnt/NAME`, `/net/HOST`, `/nfs`, `/shared`,
 * `/software`, `/Volumes/NAME` on macOS) that a studio's, a lab's or a render farm's machines
 * load their tools from. A copy onto a place of it named for releases (`release`, `site`,
 * `plugins`, `current`, `live`, `production`), or its `current` link repointed (`ln -sfn
 * /software/tool/3.2.0 /software/tool/current`, the release switch of Capistrano-style trees),
 * is a release to every machine that mounts it. WSL's drive mounts (`/mnt/c`) are this
 * machine's own disks; a staging, test or development place is the release's rehearsal.
 */
const NET_MOUNT = /^["']?\/(?:mnt\/(?!(?:[a-z]|wsl|wslg)(?:\/|$))[\w.-]+|net|nfs|shared?|software|Volumes\/[^/]+)\//;
const POSIX_RELEASE = /\/(?:releases?|deploy\w*|publish\w*|site|plugins?|current|live|prod|production)(?:\/|["']?$)/i;
const SWITCH_LINK = /\/(?:current|live|production|prod|stable|latest)\/?["']?$/;

function mountRelease(tool: string, rest: readonly string[]): { text: string; from: string } | null {
  const ops = rest.filter((w) => !w.startsWith('-'));
  const dest = ops[ops.length - 1] ?? '';
  if (ops.length < 2 || !NET_MOUNT.test(dest)) return null;
  if (/(?:^|[/._-])(?:staging|stage|stg|dev|test|qa|uat|sandbox)(?:[/._-]|$)/i.test(dest)) return null;
  if (tool === 'ln') {
    // only a link forced over the existing one: `ln -sfn NEW current`
    if (!rest.some((w) => /^-\w*[fF]/.test(w) || w === '--force') || !SWITCH_LINK.test(dest)) return null;
    return { text: ['cli-ship', tool, ...rest].join(' '), from: `ln repoints ${dest} on a shared mount` };
  }
  if (!POSIX_RELEASE.test(dest)) return null;
  return { text: ['cli-ship', tool, ...rest].join(' '), from: `${tool} copies onto the shared mount ${dest}` };
}

function shareMirror(tool: string, rest: readonly string[]): { text: string; from: string } | null {
  if (tool === 'ln' || ((tool === 'cp' || tool === 'rsync' || tool === 'install') && !rest.some((w) => UNC.test(w))))
    return mountRelease(tool, rest);
  if (!COPIERS.has(tool)) return null;
  // where it copies to: -Destination's value, the second operand of robocopy/xcopy, else the last
  const d = rest.findIndex((w) => /^-destination$/i.test(w));
  // cp and rsync (and the Windows copies respelled as them) take POSIX paths, not /SWITCHES
  const posix = tool === 'cp' || tool === 'rsync';
  const ops = posix
    ? rest.filter((w) => !w.startsWith('-'))
    : rest.filter((w, i) => !/^[-/]/.test(w) || (UNC.test(w) && !/^\/[a-z]+$/i.test(w)) || (d >= 0 && i === d + 1));
  const dest =
    d >= 0 ? (rest[d + 1] ?? '') : /^(?:robocopy|xcopy)/.test(tool) ? (ops[1] ?? '') : (ops[ops.length - 1] ?? '');
  if (!UNC.test(dest)) return null;
  // a staging, test or development share is the release's rehearsal
  if (/(?:^|[\\/._-])(?:staging|stage|stg|dev|test|qa|uat|sandbox)(?:[\\/._$-]|$)/i.test(dest)) return null;
  const mirror = rest.some((w) => /^\/(?:mir|purge)$/i.test(w) || /^--delete(?:-\w+)?$/.test(w));
  // a share named for nothing in particular (`\\\\buildshare\\nightly`) may be anyone's scratch
  if (!RELEASE_SHARE.test(dest)) return null;
  return {
    text: ['cli-ship', tool, ...rest].join(' '),
    from: `${tool} ${mirror ? 'mirrors' : 'copies'} onto the share ${dest}`,
  };
}

/** Names of the copies a release is tried on before production (a part of the value: `web-staging`). */
const REHEARSAL_PART = /^(?:staging|stage|stg|beta|preview|canary|uat|qa)\d*$/i;
/** A target option's value naming a staging, beta or preview copy, with no word naming production. */
function rehearsalTarget(rest: readonly string[]): boolean {
  if (rest.some((w) => /(?:^|[^a-z])(?:prod|production|prd|live|stable|latest|public)(?:[^a-z]|$)/i.test(w)))
    return false;
  return rest.some((w, i) => {
    const m =
      /^--?(?:target|to|env|environment|stage|channel|track|ring|context|cluster|site|slot|e|t)(?:=(.*))?$/i.exec(w);
    if (!m) return false;
    const v = m[1] ?? rest[i + 1] ?? '';
    return v !== '' && v.split(/[-_.:/]+/).some((p) => REHEARSAL_PART.test(p));
  });
}

/** `cli-ship TOOL PATH VERB REST` when a subcommand word of the command ships; else null. */
export function shipVerbReading(words: string[]): { text: string; from: string } | null {
  let start = 0;
  while (RUNNERS.has(words[start] ?? '')) start++;
  const tool = (words[start] ?? '').toLowerCase();
  // a PowerShell cmdlet whose approved verb is Publish or Deploy, or any cmdlet given the -Publish
  // switch (`Add-PnPApp -Publish`, `Publish-Module`, `Publish-AzWebApp`): it ships what its
  // module manages, unless -WhatIf rehearses it. Any other name of that shape (a cmdlet, or a
  // hyphenated program such as `update-prod`) goes on to the reading of any tool below.
  const rest = words.slice(start + 1);
  const reach = domainLink(tool, rest) ?? shareMirror(tool, rest);
  if (reach) return reach;
  if (PATH_OPERAND_TOOLS.has(tool)) return null;
  const cmdletVerb = !isCmdletName(tool)
    ? null
    : (/^(publish|deploy)-/.exec(tool)?.[1] ??
      (rest.some((w) => /^-publish(?::\$?true)?$/i.test(w)) ? '-Publish' : null));
  if (cmdletVerb) {
    // (a script named like a cmdlet, `publish-release.js --dry-run`, rehearses as any tool does)
    if (rest.some((w) => /^-whatif(?::\$?true)?$/i.test(w)) || rehearses(words, start + 1)) return null;
    return { text: ['cli-ship', 'pwsh', tool, ...rest].join(' '), from: `${cmdletVerb} (${tool})` };
  }
  if (!/^[a-z][a-z0-9._-]*$/.test(tool) || shipVerb(tool)) return null;
  const publishing = publishSwitch(tool, rest);
  if (publishing && !rehearses(words, start + 1))
    return { text: ['cli-ship', tool, ...rest].join(' '), from: `${publishing} (${tool})` };
  if (!TASK_RUNNERS.has(tool)) {
    const forced = forcedShip(words, start, tool);
    if (forced) return forced;
    const subPath: string[] = [];
    for (const w of rest) {
      if (w.startsWith('-')) continue;
      if (!/^[A-Za-z][A-Za-z0-9:_-]*$/.test(w) || subPath.length >= 3 || /^(?:run|exec|help)$/.test(w)) break;
      subPath.push(w);
    }
    const shipped =
      !rehearses(words, start + 1) && !shipData().firstWords.has(tool) ? artefactShip(tool, subPath, rest) : null;
    if (shipped) return shipped;
  }
  // a platform the ship catalogue names is decided by it, previews and local targets included
  // (reading its unlisted command groups by verb, as ship11 tried, read `kubectl delete deploy X`
  // and `gh repo deploy-key list` as deploys and an event published to a team's own topic as a
  // release: its subcommands are too often nouns)
  if (shipData().firstWords.has(tool) || TASK_RUNNERS.has(tool) || ACCOUNT_TOOLS.has(tool)) return null;
  const path: string[] = [];
  for (let i = start + 1; i < words.length && path.length < MAX_PATH; i++) {
    const w = words[i] ?? '';
    if (w.startsWith('-')) continue;
    if (ACCOUNT_OPTION.test(words[i - 1] ?? '')) continue;
    // a path, a URL, a quoted text or an assignment ends the subcommand
    if (!/^[A-Za-z][A-Za-z0-9:_-]*$/.test(w) || w.length > 40) return null;
    // what follows run/exec is a command run inside, not this tool's subcommand; but a task
    // runner's `run deploy` (envoy, dep, fab) names its deploy task
    const task = words.slice(i + 1).find((x) => !x.startsWith('-')) ?? '';
    if (w === 'run' && SHIP.has(task.toLowerCase())) continue;
    if (w === 'run' || w === 'exec' || w === 'help') return null;
    // after a verb that only looks, `deploy` is the noun it looks at (`kubectl get deploy`)
    if (LOOK_VERB.test(w)) return null;
    path.push(w);
    const verb = shipVerb(w);
    if (!verb) continue;
    const rest = words.slice(i + 1);
    if (rehearses(words, start + 1) || helpAfterVerb(rest)) return null;
    // a message published to a topic (`ntfy publish alerts 'backup done'`, a pub/sub CLI's
    // `publish TOPIC MESSAGE`): the text after the topic is a sentence, not a build or a site
    const operands = rest.filter((x) => !x.startsWith('-'));
    if (verb === 'publish' && operands.length >= 2 && /\s/.test(operands[1] ?? '') && !/\s/.test(operands[0] ?? ''))
      return null;
    // a deploy aimed by a target option at a development environment (`twilio serverless:deploy
    // --environment dev`), as the ship catalogue's platforms are read (ship.ts local targets)
    if (namesLocalTarget(words.slice(start + 1))) return null;
    // a deploy or publish of a tool nobody listed aimed by an option at a staging, beta or preview
    // copy (`zephyrctl deploy web --target staging`, `cirrusctl app publish --channel beta`), with
    // nothing on the line naming production: the rehearsal before the release. A promotion is
    // not (what is promoted from staging goes to production).
    if (verb !== 'promote' && rehearsalTarget(words.slice(start + 1))) return null;
    return { text: ['cli-ship', tool, ...path, ...rest].join(' '), from: `${verb} (${tool})` };
  }
  return null;
}
