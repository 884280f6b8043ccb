// Where a package manager fetches from, and whether it still checks what it fetched. Every
// ecosystem spells the same two changes many ways: a command flag (`--registry`, `-i`,
// `--index-url`, `-DremoteRepositories=`, `--option substituters`), a config command
// (`npm config set`, `pip config set`, `go env -w`, `poetry source add`, `helm repo add`,
// `add-apt-repository`), an environment variable (`PIP_INDEX_URL`, `npm_config_registry`,
// `GOSUMDB`, `HEX_MIRROR`), or a config file, manifest or lockfile written with new content. Each
// spelling is brought to one reading, a `dependency` sentence the standard policy decides:
//   untrusted-source ECO HOST    the ecosystem fetches from a host that is no vendor's    deny
//   third-party-source ECO HOST  a known third party's index, a loopback mirror           ask
//   no-verify ECO WHAT           TLS, signature or checksum verification switched off    deny
//   custom-ca ECO PATH           another certificate authority trusted for downloads       ask
// The vocabulary below (setting names, env prefixes) is what the managers' documentation
// names; which hosts are whose is data (policies/catalogues/supply-chain.yaml).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import { dependency, imageFindings } from './supply.js';
import { isDownloadVariable } from './download-vars.js';
import { isOrgFeedUrl, isOrgSourceName } from './org-names.js';
import {
  editDistance,
  affixedOwner,
  isKnownOwner,
  isKnownRegistry,
  isListedScope,
  isPopular,
  isVendorHost,
  supplyData,
  underHosts,
} from './supply-data.js';
import { table } from '../../util/lookup-table.js';

export type SourceClass = 'official' | 'known' | 'unknown';

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|0\.0\.0\.0|host\.docker\.internal)$/;

function underAny(host: string, list: string[]): boolean {
  return underHosts(host, list);
}

/** How far a host is trusted as a package source. */
export function hostClass(rawHost: string): SourceClass {
  const host = rawHost
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (!host) return 'unknown';
  if (LOOPBACK.test(host)) return 'known';
  const d = supplyData();
  if (isKnownRegistry(host) || isVendorHost(host) || underAny(host, d.trustedIndexes)) return 'official';
  if (underAny(host, d.knownSources)) return 'known';
  return 'unknown';
}

const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** The host a source value names: a URL (any scheme, `git+`/`sparse+`/`registry+` prefixes), `git@host:path`, or a bare host[:port][/path]. */
export function sourceHost(value: string): string | undefined {
  const v = value
    .trim()
    .replace(/^["'<(]+|["'>),;]+$/g, '')
    .replace(/^(?:git\+|sparse\+|registry\+|hg\+|svn\+|bzr\+|oci\+)/i, '');
  const url = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:?#]+)/i.exec(v);
  if (url?.[1]) return /^(?:file)$/i.test(v.split(':')[0] ?? '') ? undefined : url[1].toLowerCase();
  const scp = /^[\w.-]+@([^:/]+):/.exec(v);
  if (scp?.[1]) return scp[1].toLowerCase();
  const bare = /^([^/:\s]+)(?::\d+)?(?:\/|$)/.exec(v)?.[1];
  if (bare && (IPV4.test(bare) || (DOMAIN.test(bare) && /\.[a-z]{2,}$/i.test(bare) && !FILE_LIKE.test(bare))))
    return bare.toLowerCase();
  return undefined;
}

/** Bare words that look like domains but are file names. */
const FILE_LIKE =
  /\.(?:json|lock|txt|ya?ml|toml|xml|cfg|ini|py|[cm]?[jt]s|md|conf|config|mod|sum|rc|sh|tgz|gz|zip|whl|gem|jar|deb|rpm|exe|msi|pem|crt|key)$/i;

/** Hosts where anyone publishes under their own name: trusted by owner, not by host. */
const CODE_HOSTS =
  /^(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|raw\.githubusercontent\.com|gist\.githubusercontent\.com|gist\.github\.com|objects\.githubusercontent\.com|git\.sr\.ht)$/;

/** owner/repo of a code-host URL, SCP form or `github:owner/repo` shorthand. */
function ownerRepo(value: string): { owner: string; repo: string } | undefined {
  const m =
    /^(?:github:|gitlab:|bitbucket:)?(?:(?:git\+)?[a-z]+:\/\/(?:[^@/]*@)?[^/]+\/|[\w.-]+@[^:]+:)?([\w.-]+)\/([\w.-]+?)(?:\.git)?(?:[/#@?].*)?$/i.exec(
      value.trim(),
    );
  return m?.[1] && m[2] ? { owner: m[1].toLowerCase(), repo: m[2].toLowerCase() } : undefined;
}

/** An owner spelled one letter from its own repository's name (Alamoflre/Alamofire, rai1s/rails). */
function posingOwner(value: string): string | undefined {
  const r = ownerRepo(value);
  if (!r || r.owner === r.repo || r.owner.length < 4) return undefined;
  return editDistance(r.owner, r.repo, 1) <= 1 ? `${r.repo}/${r.repo}` : undefined;
}

/**
 * How a value names where code comes from:
 *   index  a registry, index, mirror or channel: any host but the vendor's is a change of source
 *   git    a dependency from a repository in a manifest (a code host is how such dependencies
 *          are written; an owner posing as its own project is not)
 *   code   code installed or run from this URL or repository on the spot
 */
export type SourceKind = 'index' | 'git' | 'code';

/** A finding for each host in `value` that is not a vendor's. */
export function sourceFindings(
  eco: string,
  value: string,
  via: string,
  out: Effect[],
  kind: SourceKind | boolean = 'index',
): void {
  const k: SourceKind = kind === true ? 'git' : kind === false ? 'index' : kind;
  for (const raw of value.split(/[\s,;|]+/)) {
    if (!raw || /^(?:direct|off|none|default|defaults)$/i.test(raw)) continue;
    // `git+ssh://git@github.com:owner/repo`: scp's colon inside a URL, read as the path it is
    const part = raw.replace(/^((?:git\+)?ssh:\/\/[^@/]+@[^/:]+):(?!\d+(?:\/|$))/i, '$1/');
    const host = /^(?:github|gitlab|bitbucket):/i.test(part) ? 'github.com' : sourceHost(part);
    if (!host) continue;
    // GitHub Pages of an organisation the catalogues know is that organisation's own site
    // (espressif.github.io serves Espressif's Arduino board index)
    const pages = /^([\w-]+)\.github\.io$/.exec(host)?.[1];
    if (pages && isKnownOwner(pages)) continue;
    const poses = CODE_HOSTS.test(host) ? posingOwner(part) : undefined;
    if (poses) {
      out.push(dependency(['impersonates', eco, part, 'of', poses], `${via} (the owner poses as the project)`));
      continue;
    }
    const r = CODE_HOSTS.test(host) ? ownerRepo(part.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+\//i, '')) : undefined;
    const wraps = r ? affixedOwner(r.owner, r.repo) : undefined;
    if (wraps) {
      out.push(dependency(['fork', eco, wraps, 'to', part], `${via} (the owner ${r?.owner} wraps ${wraps})`));
      continue;
    }
    // a dependency from the organisation's own code host (a name only its network resolves)
    if (k === 'git' && isOrgSourceName(host)) continue;
    // an index under such a name is its own proxy (Nexus, Artifactory); an extra index beside
    // PyPI is still `mixed-indexes`, and code run on the spot is not this
    // and so is an organisation's private feed on a hosted package service (Azure Artifacts, CodeArtifact)
    const cls = k === 'index' && (isOrgSourceName(host) || isOrgFeedUrl(part)) ? 'official' : hostClass(host);
    const code = CODE_HOSTS.test(host);
    let sentence: string | undefined;
    if (cls === 'unknown') sentence = k === 'git' ? 'third-party-source' : 'untrusted-source';
    else if (cls === 'known') sentence = 'third-party-source';
    // a repository on a code host standing in for a registry, or run on the spot
    else if (code && k !== 'git' && ownerRepo(part) && !vendorOwned(part)) sentence = 'third-party-source';
    if (sentence) out.push(dependency([sentence, eco, code ? part : host], `${via} (fetches from ${host})`));
  }
}

/**
 * A URL whose code anyone may have published: a repository or gist on a code host under an owner
 * the catalogues do not know, or a third-party module on deno.land/x. The vendor's own host serves
 * it, so a host check alone would take it for the vendor's code.
 */
export function thirdPartyCodeUrl(url: string): boolean {
  const host = sourceHost(url);
  if (!host) return false;
  if (host === 'deno.land') return /^https?:\/\/deno\.land\/x\//i.test(url);
  if (!CODE_HOSTS.test(host)) return false;
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+\//i, '');
  return !!ownerRepo(path) && !vendorOwned(path);
}

/** A code-host URL under an owner the catalogues know (the vendors' organisations). */
function vendorOwned(value: string): boolean {
  const r = ownerRepo(value);
  return !!r && isKnownOwner(r.owner);
}

// ------------------------------------------------------------------ setting names

/** Settings that switch verification off when set to a false value (strict-ssl=false, gpgcheck=0). */
const OFF_WHEN_FALSE =
  /(?:verifymetadata|verifysignatures|strictssl|sslverify|verifyssl|httpsverify|securehttp|checkrevoke|requiresigs|gpgcheck|tlsverify|rejectunauthorized|verifycertificates?|certverify|contenttrust|checkcertificate|verifypeer)$/;
/** Settings that switch verification off when set to a true value (insecure=true, disable-tls=1). */
const OFF_WHEN_TRUE =
  /(?:insecure|disabletls|allowinsecure\w*|unsafehttps|unsaferegistry|noverify\w*|sslnoverify|allowunauthenticated|allowuntrusted|noquarantine|ignoresecurityhash|nodigest|nosigcheck|disablesignature\w*|skipsignature\w*|ignoresignatures?|allowinsecurerepositories|allowdowngradetoinsecurerepositories|trusted|nogpgchecks?|skiptlsverify|insecureskiptlsverify|disablecontenttrust|skipverify|nocheckcertificate|ignorechecksums?|skipchecksums?|disablechecksum\w*|nochecksignatures?|skipintegritychecks?|updatechecksums|trustall\w*)$/;
/** Settings whose value names hosts exempt from verification (pip trusted-host, GOINSECURE). */
const OFF_FOR_HOSTS =
  /(?:trustedhosts?|allowinsecurehosts?|insecurehosts?|unsafehttpwhitelist|goinsecure|gonosumdb|gonosumcheck|insecureregistries|insecureregistry)$/;
/** Settings naming a certificate authority file. */
const CA_FILE = /(?:cafile|cainfo|capath|cacert|cabundle|certfile|certdir|extracacerts)$/;
/** Settings naming where packages come from. */
const SOURCE_KEY =
  /(?:registry|registryserver|indexurl|extraindexurl|index|defaultindex|findlinks|url|urls|channels?|channelalias|mirrors?|source|sources|repos?|repositories|repository|substituters|goproxy|proxy|pypimirror|hostedurl|domain|gitremote|remoterepositories|baseurl|mirrorlist|metalink|location|cdn|storagebaseurl|distributionurl|wrapperurl|addrepo|server)$/;

/** Settings with named values that loosen a check, by normalised name. */
const LOOSENED: Record<string, RegExp> = table({
  dependencyverification: /^(?:off|lenient)$/i,
  checksumbehavior: /^(?:ignore|update|reset)$/i,
  checksumpolicy: /^(?:ignore|warn)$/i,
});

const FALSY = /^(?:false|0|no|off|n|disabled?|"?"?)$/i;
const TRUTHY = /^(?:true|1|yes|on|y|enabled?|all|\*)$/i;

/** Setting names compared without case or separators (strict-ssl, strictSsl, STRICT_SSL). */
function norm(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * What setting `key` to `value` does to where ECO fetches from: a source, verification off for
 * everything or some hosts, or another certificate authority.
 */
export function settingFindings(eco: string, key: string, value: string, via: string, out: Effect[]): void {
  const raw = key.trim();
  const v = value.trim().replace(/^["']|["']$/g, '');
  // git's url.<base>.insteadOf: every fetch of the other prefix goes to <base>
  const instead = /^url\.(.+)\.(?:insteadof|pushinsteadof)$/i.exec(raw);
  if (instead?.[1]) {
    const base = instead[1].replace(/^["']|["']$/g, '');
    sourceFindings(eco, base, `${via} rewrites fetches`, out);
    // one owner's repositories fetched from another's on the same code host (company/ -> x-user/)
    const owner = (u: string) => /^(?:https?|ssh|git):\/\/(?:[^@/]*@)?([^/]+)\/([\w.-]+)\/?$/.exec(u.trim());
    const to = owner(base);
    const from = owner(v);
    if (
      to &&
      from &&
      to[1] === from[1] &&
      to[2]?.toLowerCase() !== from[2]?.toLowerCase() &&
      CODE_HOSTS.test(to[1] ?? '')
    )
      out.push(dependency(['fork', eco, v, 'to', base], `${via} fetches ${v} from ${base}`));
    return;
  }
  const k = norm(raw);
  if (!k) return;
  if (k === 'gosumdb') {
    if (/^off$/i.test(v))
      out.push(dependency(['no-verify', eco, 'GOSUMDB=off'], `${via} (switches the checksum database off)`));
    else
      sourceFindings(
        eco,
        v
          .replace(/^[^+\s]+\+/, '')
          .split(/\s+/)
          .pop() ?? '',
        via,
        out,
      );
    return;
  }
  if (k === 'goprivate' || k === 'gonoproxy') {
    // a pattern for every module (*, *.*, */*) takes all of them off the checksum database
    if (v.split(',').some((p) => /^\*(?:\.\*|\/\*)*$/.test(p.trim())))
      out.push(
        dependency(['no-verify', eco, `${raw}=${v}`], `${via} (exempts every module from the checksum database)`),
      );
    return;
  }
  if (k === 'goflags' || k.endsWith('opts') || k === 'javatooloptions' || k === 'nixconfig') {
    flagFindings(eco, v.split(/\s+/), via, out);
    for (const line of v.split(/\n/)) {
      const m = /^\s*([\w.-]+)\s*=\s*(.*)$/.exec(line);
      if (m?.[1] && m[2] !== undefined && k === 'nixconfig') settingFindings(eco, m[1], m[2], via, out);
    }
    return;
  }
  // settings whose named values loosen a download check: Gradle's dependency verification
  // (docs.gradle.org, "Verifying dependencies": off or lenient), Yarn's checksumBehavior
  // (yarnpkg.com/configuration/yarnrc: ignore, update, reset take whatever was downloaded),
  // Maven's repository checksumPolicy (ignore, warn)
  const loosened = LOOSENED[k.replace(/^(?:orggradle|systemprop)/, '')];
  if (loosened) {
    if (loosened.test(v)) out.push(dependency(['no-verify', eco, `${raw}=${v}`], `${via} (stops verifying)`));
    return;
  }
  if (OFF_FOR_HOSTS.test(k)) {
    if (v) out.push(dependency(['no-verify', eco, `${raw}=${v}`], `${via} (stops verifying ${v})`));
    return;
  }
  if (OFF_WHEN_FALSE.test(k)) {
    if (FALSY.test(v)) out.push(dependency(['no-verify', eco, `${raw}=${v || 'false'}`], `${via} (stops verifying)`));
    return;
  }
  if (/(?:^|[^a-z])cert$|^certificates\w*cert$/.test(k) && FALSY.test(v)) {
    out.push(dependency(['no-verify', eco, `${raw}=${v}`], `${via} (stops verifying)`));
    return;
  }
  if (OFF_WHEN_TRUE.test(k)) {
    if (TRUTHY.test(v) || (k.endsWith('trusted') && /yes/i.test(v)))
      out.push(dependency(['no-verify', eco, `${raw}=${v}`], `${via} (stops verifying)`));
    return;
  }
  if (k.endsWith('sslverifymode') || k === 'sslverify') {
    if (/^0$/.test(v)) out.push(dependency(['no-verify', eco, `${raw}=${v}`], `${via} (stops verifying)`));
    return;
  }
  if (CA_FILE.test(k) || k === 'ca' || k === 'cert') {
    if (v && !/^(?:null|none|false)$/i.test(v))
      out.push(dependency(['custom-ca', eco, v], `${via} (trusts another certificate authority)`));
    else if (/^(?:null|false)$/i.test(v) && k === 'ca') return;
    return;
  }
  // any part of a dotted key may say it: repositories.NAME, mirror.https://..., registries.x.index
  if (SOURCE_KEY.test(k) || raw.split(/[.:]/).some((part) => SOURCE_KEY.test(norm(part)))) {
    // a JSON value (`composer config repositories.x '{"type":"vcs","url":"..."}'`): the URLs in it
    const value = /^[{[]/.test(v) ? (v.match(/(?:https?|git|ssh):\/\/[^"'\s,}\]]+/g) ?? []).join(' ') : v;
    sourceFindings(eco, value, via, out, /^submodule\./i.test(raw));
  } else if (isDownloadVariable(raw)) sourceFindings(eco, v, via, out);
}

/** Option names (without dashes) that take a source as their value. */
const SOURCE_FLAG =
  /^(?:registry|index|index-url|extra-index-url|default-index|find-links|i|f|source|s|channel|c|repo|repository|mirror|substituters|extra-substituters|add-repo|from-url|url|server|sourcelocation|location|uri|publishlocation)$/;

/** Programs whose short options -i/-f/-c/-s take a source (pip -i URL, conda -c URL, gem -s URL). */
const SHORT_SOURCE: Record<string, Set<string>> = table({
  pypi: new Set(['i', 'f']),
  conda: new Set(['c']),
  gem: new Set(['s']),
  nuget: new Set(['s']),
  choco: new Set(['s']),
});

/** Options of a package manager's command line: sources, verification switches, -D/-o/--option settings. */
export function flagFindings(eco: string, argv: string[], via: string, out: Effect[]): void {
  const main: string[] = [];
  const extra: string[] = [];
  mixedIndexes(eco, main, extra, via, out, argv);
}

/**
 * Wheel indexes hardware vendors document as an extra index beside PyPI for builds of their own
 * packages (PyTorch's install selector and vLLM's docs: download.pytorch.org/whl/cu121; NVIDIA's
 * pip install docs: pypi.nvidia.com, pypi.ngc.nvidia.com). Only they publish there, and only with
 * PyPI as the main index: an index set in place of PyPI is read as a source change as before.
 */
const VENDOR_WHEEL_INDEX = /^(?:download\.pytorch\.org|pypi\.nvidia\.com|pypi\.ngc\.nvidia\.com)$/;

/** Package managers whose command line can name the registry or index they fetch from. */
const REGISTRY_CLIENTS = new Set([
  'pip',
  'pip3',
  'uv',
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'npx',
  'poetry',
  'gem',
  'dotnet',
  'nuget',
]);

/**
 * `org-registry WORDS` when a package manager line points only at registries under names only the
 * organisation can publish at (its network's internal names, a government domain, its private feed
 * on a hosted package service: org-names.ts):
 * (`pip install -i https://nexus.corp.local/repository/pypi/simple`,
 * `npm ci --registry https://nexus.corp.local/repository/npm-group/`), with no extra index beside
 * them: the organisation's own proxy, which the registry-change rule leaves to this reading.
 */
export function orgRegistryReading(words: readonly string[]): string | null {
  const prog = basename(words[0] ?? '').toLowerCase();
  if (!REGISTRY_CLIENTS.has(prog) || words.some((w) => /^--extra-index(?:-url)?(?:=|$)|^--index-strategy/.test(w)))
    return null;
  const urls = words.map((w) => w.replace(/^--?[\w-]+=/, '')).filter((w) => /^[a-z][a-z0-9+.-]*:\/\//i.test(w));
  if (!urls.length || !urls.every((u) => isOrgSourceName(sourceHost(u) ?? '') || isOrgFeedUrl(u))) return null;
  return `org-registry ${words.join(' ')}`;
}

/**
 * An extra index beside the main one: pip takes each package from whichever index has the
 * highest version, so a name published on the public index shadows the private one (dependency
 * confusion, as with torchtriton).
 */
function mixedIndexes(eco: string, main: string[], extra: string[], via: string, out: Effect[], argv: string[]): void {
  readFlags(eco, argv, via, out, main, extra);
  if (eco !== 'pypi' || !extra.length) return;
  // PyPI first, then a hardware vendor's own wheel index for its builds (CUDA wheels of torch)
  const pypiMain = main.every((v) => sourceHost(v) === 'pypi.org');
  if (pypiMain && extra.every((v) => VENDOR_WHEEL_INDEX.test(sourceHost(v) ?? ''))) return;
  const hosts = new Set([...main, ...extra].map((v) => sourceHost(v) ?? v));
  // PyPI itself as the extra index, no main one named: the main index is the one the machine's
  // pip.conf names (a private one, or an extra PyPI would add nothing), and PyPI now competes
  // with it for every name (dependency confusion spelled the other way round)
  if (!main.length) hosts.add(hosts.has('pypi.org') ? 'the-configured-index' : 'pypi.org');
  if (hosts.size >= 2)
    out.push(dependency(['mixed-indexes', eco, ...[...hosts].sort()], `${via} (takes packages from several indexes)`));
}

/** A Python distribution name as the index compares it (PEP 503): lower case, runs of -_. as one -. */
function pep503(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/**
 * A constraints file (`pip install -c URL`) published in the repository of a package the same
 * line installs: `apache-airflow==2.9.2 -c raw.githubusercontent.com/apache/airflow/constraints-2.9.2/...`
 * is Airflow's documented install. Since pip's 2020 resolver a constraint is only a name and a
 * version specifier (pypa/pip#8210): it pins versions of what is installed and adds nothing, and
 * it comes from the same owners as the package itself. The package is the repository's own when
 * its name is the repository's, `OWNER-REPO`, or starts with `OWNER-REPO-` (the providers).
 */
export function ownProjectConstraints(value: string, argv: readonly string[]): boolean {
  const host = sourceHost(value);
  if (!host || !/^(?:raw\.githubusercontent\.com|github\.com|gitlab\.com)$/.test(host)) return false;
  const r = ownerRepo(value.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+\//i, ''));
  if (!r) return false;
  const own = pep503(`${r.owner}-${r.repo}`);
  const repo = pep503(r.repo);
  return argv.some((w) => {
    if (w.startsWith('-') || /[:/@]/.test(w)) return false;
    const n = /^([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(w.replace(/^["']/, ''))?.[1];
    if (!n) return false;
    const p = pep503(n);
    return p === repo || p === own || p.startsWith(`${own}-`);
  });
}

function readFlags(eco: string, argv: string[], via: string, out: Effect[], main: string[], extra: string[]): void {
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (!w.startsWith('-') || w === '-' || w === '--') continue;
    // -Dkey=value (Java build tools), -o key=value (apt), --option key value (nix), -c key=value (git)
    const d = /^-D([\w.-]+)=(.*)$/.exec(w);
    if (d?.[1] && d[2] !== undefined) {
      settingFindings(eco, d[1], d[2], via, out);
      continue;
    }
    if ((w === '-o' && eco === 'apt') || (w === '-c' && eco === 'git') || w === '--config') {
      const kv = /^([^=]+)=(.*)$/.exec(argv[i + 1] ?? '');
      if (kv?.[1] && kv[2] !== undefined) {
        settingFindings(eco, kv[1], kv[2], via, out);
        i++;
        continue;
      }
    }
    if (w === '--option' && argv[i + 2] !== undefined) {
      settingFindings(eco, argv[i + 1] ?? '', argv[i + 2] ?? '', via, out);
      i += 2;
      continue;
    }
    const eq = w.indexOf('=');
    const name = (eq > 0 ? w.slice(0, eq) : w).replace(/^-+/, '');
    const n = norm(name);
    const short = /^-[A-Za-z]$/.test(w) && SHORT_SOURCE[eco]?.has(name);
    let value = eq > 0 ? w.slice(eq + 1) : undefined;
    if (value === undefined && (short || (w.startsWith('--') && SOURCE_FLAG.test(name.toLowerCase())))) {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('-')) value = next;
    }
    if (value === undefined && w.startsWith('--') && OFF_FOR_HOSTS.test(n)) value = argv[i + 1];
    if (value === undefined) {
      // a bare switch: --insecure, --no-strict-ssl, --allow-unauthenticated, --nogpgcheck
      // (git's --no-verify skips the user's own hooks, not a download check)
      if (eco === 'git') continue;
      // cargo package/publish --no-verify skips building the packed crate first (cargo-package(1)),
      // it checks nothing cargo downloads
      if (eco === 'crates' && n === 'noverify') continue;
      if (
        /^nostrictssl$|^noverify|^nocheckcertificate$|^no(?:gpg|sig)(?:verify|check)$|^nosignature$|^insecureignore(?:tlog|sct)$/.test(
          n,
        ) ||
        (OFF_WHEN_TRUE.test(n) && n !== 'trusted')
      )
        out.push(dependency(['no-verify', eco, `--${name}`], `${via} (stops verifying)`));
      continue;
    }
    if (eco === 'pypi' && /^(?:c|constraint)$/.test(name) && ownProjectConstraints(value, argv)) {
      // the project's own pins: nothing but versions of what the line installs (below)
    } else if (eco === 'pypi' && /^(?:r|requirement|c|constraint|e|editable)$/.test(name) && URL_OPERAND.test(value))
      sourceFindings(eco, value, `${via} (installs what ${value} lists)`, out, 'code');
    else if (eco === 'npm' && /^(?:package|p)$/.test(name)) {
      if (URL_OPERAND.test(value) || /^(?:github|gitlab|bitbucket):/.test(value))
        sourceFindings(eco, value, via, out, 'code');
    } else if (short || SOURCE_FLAG.test(name.toLowerCase())) {
      sourceFindings(eco, value, via, out);
      if (eco === 'pypi') (/extra/.test(name) ? extra : main).push(value);
    } else settingFindings(eco, name, value, via, out);
    if (eq < 0) i++;
  }
}

// ------------------------------------------------------------------ environment

/** Environment prefixes package managers read their settings from, with their ecosystem. */
const ENV_PREFIXES: [RegExp, string][] = [
  [/^(?:npm_config_|NPM_CONFIG_|YARN_|BUN_CONFIG_|PNPM_|COREPACK_)/, 'npm'],
  [/^(?:PIP_|UV_|POETRY_|PIPENV_|PDM_|HATCH_)/, 'pypi'],
  [/^(?:CONDA_|MAMBA_)/, 'conda'],
  [/^(?:BUNDLE_|GEM_)/, 'gem'],
  [/^CARGO_/, 'crates'],
  [/^(?:MAVEN_|GRADLE_|JAVA_TOOL_OPTIONS$)/, 'maven'],
  [/^NUGET_/, 'nuget'],
  [/^COMPOSER_/, 'composer'],
  [/^HEX_/, 'hex'],
  [/^(?:PUB_|FLUTTER_)/, 'pub'],
  [/^NIX_/, 'nix'],
  [/^HOMEBREW_/, 'brew'],
  [/^HELM_/, 'helm'],
  [/^DOCKER_/, 'images'],
  [/^GIT_SSL_/, 'git'],
  [/^GO(?:PROXY|SUMDB|NOSUMDB|NOSUMCHECK|INSECURE|PRIVATE|NOPROXY|FLAGS)$/, 'go'],
  [/^(?:NODE_TLS_REJECT_UNAUTHORIZED|NODE_EXTRA_CA_CERTS)$/, 'npm'],
  [/^(?:PYTHONHTTPSVERIFY|REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE|SSL_CERT_FILE|SSL_CERT_DIR)$/, 'tls'],
];

/** Whether NAME is a setting this file reads by its tool's prefix or a download-source name. */
export function isListedVariable(name: string): boolean {
  return ENV_PREFIXES.some(([re]) => re.test(name)) || isDownloadVariable(name);
}

/** A NAME=value given to a command or exported: what it changes about package sources. */
export function envFindings(name: string, value: string, out: Effect[]): void {
  for (const [re, eco] of ENV_PREFIXES) {
    const m = re.exec(name);
    if (!m) continue;
    const via = `sets ${name}`;
    if (eco === 'go' || eco === 'tls' || name.startsWith('NODE_') || name === 'JAVA_TOOL_OPTIONS') {
      settingFindings(eco, name, value, via, out);
      return;
    }
    const rest = name.slice(m[0].length);
    // BUNDLE_MIRROR__HTTPS://RUBYGEMS__ORG/, POETRY_REPOSITORIES_X_URL, CARGO_REGISTRIES_X_INDEX
    const key = /^MIRROR__/.test(rest)
      ? 'mirror'
      : rest.replace(/^(?:REPOSITORIES|REGISTRIES|SOURCE)_[A-Z0-9_-]+?_/, '');
    settingFindings(eco, key, value, via, out);
    return;
  }
  // RUSTUP_DIST_SERVER, ELECTRON_MIRROR ...: where a tool downloads binaries from (download-vars.ts)
  if (isDownloadVariable(name)) sourceFindings('downloads', value, `sets ${name}`, out);
}

// ------------------------------------------------------------------ commands

const ECOSYSTEM: Record<string, string> = table({});
for (const [eco, names] of Object.entries({
  npm: 'npm pnpm yarn bun npx pnpx bunx corepack',
  pypi: 'pip pip3 uv uvx pipx poetry pdm pipenv hatch',
  conda: 'conda mamba micromamba pixi',
  gem: 'gem bundle bundler',
  crates: 'cargo',
  go: 'go',
  maven: 'mvn mvnw gradle gradlew',
  nuget: 'dotnet nuget',
  composer: 'composer',
  cocoapods: 'pod',
  hex: 'mix',
  pub: 'dart flutter',
  nix: 'nix nix-env nix-channel nix-build nix-shell nix-store',
  helm: 'helm',
  brew: 'brew',
  apt: 'apt apt-get add-apt-repository aptitude',
  rpm: 'yum dnf microdnf rpm zypper yum-config-manager',
  apk: 'apk',
  images: 'docker podman nerdctl skopeo crane buildah',
  git: 'git',
  choco: 'choco chocolatey cinst winget scoop',
  conan: 'conan',
  opam: 'opam',
  flatpak: 'flatpak',
  vagrant: 'vagrant',
  node: 'nvm fnm',
  sigstore: 'cosign',
  pacman: 'pacman',
  swift: 'swift',
  forge: 'forge',
  // Bazel modules come from the registries --registry names (bazel.build, "Bazel registries");
  // Spack builds from its mirrors and package repositories (spack.readthedocs.io, "Mirrors")
  bazel: 'bazel bazelisk',
  spack: 'spack',
  powershell:
    'register-psrepository set-psrepository register-psresourcerepository set-psresourcerepository register-packagesource install-module install-psresource install-package',
}))
  for (const n of names.split(' ')) ECOSYSTEM[n] = eco;

/** Sub-commands that change a setting, add a source, or run/install something (per program). */
const CONFIG_WORDS = new Set([
  'config',
  'set',
  'sources',
  'source',
  'channel',
  'env',
  'hex.repo',
  'repo',
  'repository',
  'tap',
  'hex.config',
]);

/** Sub-commands adding a remote package source: conan remote add, flatpak remote-add (git's remotes are its own). */
const REMOTE_WORDS = /^(?:remote|remote-add|remote-modify|mirror)$/;

/** Operands of argv from `from` on that are not options (values of --opt VALUE skipped loosely). */
/** Options whose value is a registry or index (read as a source by flagFindings, not as a package). */
const INDEX_OPTION = /^(?:--registry|--index-url|-i|--extra-index-url|--index|--default-index|--find-links|-f)$/;
/** pip's option whose value is a constraints file. */
const CONSTRAINT_OPTION = /^(?:-c|--constraint)$/;

/** npx/pnpx/bunx options that take the next word as their value (npm-exec(1), npm config). */
const RUNNER_VALUE =
  /^(?:--registry|-p|--package|--cache|--userconfig|--globalconfig|-c|--call|--prefix|-w|--workspace|--loglevel|--shell|--script-shell|--node-options)$/;

/**
 * A package runner's own words: npx, pnpx and bunx pass every word after the package they run to
 * that program (npm-exec(1): "When run via the npx binary, all flags and options must be set prior
 * to any positional arguments"), so `npx tsx seed.ts --url http://localhost:1337` gives tsx a
 * --url, not npm a registry. Other tools: all their words.
 */
function runnerOptions(name: string, a: string[]): string[] {
  if (!/^(?:npx|pnpx|bunx)$/.test(name)) return a;
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (w === '--') return a.slice(0, i);
    if (RUNNER_VALUE.test(w)) i++;
    else if (!w.startsWith('-')) return a.slice(0, i + 1);
  }
  return a;
}

function positionals(argv: string[], from: number): string[] {
  const out: string[] = [];
  for (let i = from; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '--') {
      out.push(...argv.slice(i + 1));
      break;
    }
    if (w.startsWith('-')) continue;
    out.push(w);
  }
  return out;
}

/** A config command's operands as key/value pairs (`K V`, `K=V`). */
function pairs(words: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const eq = w.indexOf('=');
    if (eq > 0 && !/^https?:/.test(w)) out.push([w.slice(0, eq), w.slice(eq + 1)]);
    else if (words[i + 1] !== undefined) {
      out.push([w, words.slice(i + 1).join(' ')]);
      i++;
    }
  }
  return out;
}

/** Install operands that are URLs or repositories: code fetched from that host and installed. */
const URL_OPERAND = /^(?:git\+|hg\+)?(?:https?|git|ssh|ftp|oci):\/\//i;

/** The dependency sentences a package manager's command line amounts to. */
export function commandSourceFindings(argv: string[], out: Effect[]): void {
  let a = argv;
  let name = basename(a[0] ?? '').replace(/\.exe$/i, '');
  if (/^python[0-9.]*$/.test(name) && a[1] === '-m' && a[2]) {
    a = a.slice(2);
    name = a[0] ?? '';
  }
  if (name === 'export' || name === 'declare' || name === 'typeset' || name === 'setenv') {
    for (const w of a.slice(1)) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(w);
      if (m?.[1] && m[2] !== undefined) envFindings(m[1], m[2], out);
    }
    if (name === 'setenv' && a[1] && a[2] !== undefined) envFindings(a[1], a[2], out);
    return;
  }
  // fish: set -x/-gx/-Ux NAME VALUE exports like export NAME=VALUE
  if (name === 'set' && a[1] && /^-[a-zA-Z]*x[a-zA-Z]*$/.test(a[1])) {
    const i = a.findIndex((w, j) => j > 0 && !w.startsWith('-'));
    if (i > 0 && a[i] && a[i + 1] !== undefined) envFindings(a[i] ?? '', a.slice(i + 1).join(' '), out);
    return;
  }
  // R: repos = "URL" in a one-liner (options(repos = c(CRAN = URL)), install.packages(.., repos = URL))
  if (/^(?:rscript|r)$/i.test(name)) {
    const code = a.filter((_, i) => a[i - 1] === '-e').join('\n');
    for (const m of code.matchAll(/\brepos\s*=\s*(?:c\(\s*)?(?:[\w.]+\s*=\s*)?["']([^"']+)["']/g))
      if (m[1]) sourceFindings('cran', m[1], `${name} sets the package repository`, out);
    return;
  }
  if (name === 'ansible-galaxy') {
    galaxy(a, out);
    return;
  }
  if (name === 'julia') {
    juliaSources(a, out);
    return;
  }
  // kubectl krew index add NAME URL: a plugin index other than krew's own, whose plugins then
  // install and run as kubectl subcommands (krew.sigs.k8s.io, "Custom plugin indexes")
  if (name === 'kubectl' && a[1] === 'krew' && a[2] === 'index' && a[3] === 'add' && a[5]) {
    sourceFindings('krew', a[5], 'kubectl krew index add', out, 'code');
    return;
  }
  // PowerShell cmdlets and their -Parameters are case-insensitive: -SourceLocation is --sourcelocation.
  if (ECOSYSTEM[name.toLowerCase()] === 'powershell') {
    name = name.toLowerCase();
    a = [name, ...a.slice(1).map((w) => (/^-[A-Za-z]{2,}/.test(w) ? `-${w.toLowerCase()}` : w))];
  }
  // pip3.12, pip-3.11: the versioned pips distributions install
  if (/^pip-?[0-9.]+$/.test(name)) name = 'pip';
  const eco = ECOSYSTEM[name];
  if (!eco) return;
  const sub = a[1] ?? '';
  const via = `${name} ${sub}`.trim();
  flagFindings(eco, runnerOptions(name, a).slice(1), via, out);
  const ops = positionals(a, 1);
  const verb = ops[0] ?? '';
  // the package manager itself from a URL: yarn set version URL, corepack use pnpm@URL
  if (
    eco === 'npm' &&
    ((verb === 'set' && ops[1] === 'version') || (name === 'corepack' && (verb === 'use' || verb === 'install')))
  ) {
    for (const w of ops.slice(verb === 'set' ? 2 : 1)) {
      const spec = w.replace(/^[\w.-]+@(?=[\w+]+:)/, '');
      if (URL_OPERAND.test(spec)) sourceFindings(eco, spec, `${via} installs the package manager`, out, 'code');
    }
    if (verb === 'set') return;
  }
  // config commands: npm config set K V, pip config set K V, go env -w K=V, poetry config K V,
  // bundle config set K V, conda config --add channels V, yarn config set K V, git config K V
  if (CONFIG_WORDS.has(verb) || (eco === 'pypi' && name === 'poetry' && verb === 'config')) {
    let rest = ops.slice(1);
    if (rest[0] === 'set' || rest[0] === 'add' || rest[0] === '-w') rest = rest.slice(1);
    if (verb === 'config' && eco === 'conda') {
      // conda config --add channels URL / --set ssl_verify false
      for (let i = 1; i < a.length; i++) {
        const w = a[i] ?? '';
        if ((w === '--add' || w === '--append' || w === '--prepend' || w === '--set') && a[i + 2] !== undefined)
          settingFindings(eco, a[i + 1] ?? '', a[i + 2] ?? '', via, out);
      }
      return;
    }
    if (
      (verb === 'repo' ||
        verb === 'repository' ||
        verb === 'hex.repo' ||
        verb === 'sources' ||
        verb === 'source' ||
        verb === 'tap') &&
      eco !== 'git'
    ) {
      // pod repo add NAME URL, helm repo add NAME URL, mix hex.repo add NAME URL, gem sources -a URL,
      // poetry source add NAME URL, dotnet nuget add source URL, brew tap NAME URL
      for (const w of ops.slice(1))
        if (sourceHost(w) && /[:/]/.test(w)) sourceFindings(eco, w, via, out, verb === 'tap');
      return;
    }
    if (eco === 'pypi' && name === 'poetry' && verb === 'config') rest = ops.slice(1);
    for (const [k, v] of pairs(rest))
      settingFindings(eco, k.replace(/^(?:global|user|site|install)\./, ''), v, via, out);
    return;
  }
  if (eco === 'npm' && (/^(?:npx|pnpx|bunx)$/.test(name) || /^(?:exec|x|dlx)$/.test(verb))) {
    const target = /^(?:npx|pnpx|bunx)$/.test(name) ? ops[0] : ops[1];
    if (target && (URL_OPERAND.test(target) || /^(?:github|gitlab|bitbucket):/.test(target)))
      sourceFindings(eco, target, `${via} runs`, out, 'code');
  }
  if (INSTALL_VERBS.test(verb) && eco === 'npm') publicForScope(name, a, ops.slice(1), via, out);
  if (INSTALL_VERBS.test(verb) && (eco === 'npm' || eco === 'pypi' || eco === 'gem' || eco === 'crates'))
    for (const w of ops.slice(1)) {
      // the value of a registry or index option is where packages come from, read by flagFindings
      if (a.some((x, i) => x === w && INDEX_OPTION.test(a[i - 1] ?? ''))) continue;
      // pip's constraints published by the project the line installs (ownProjectConstraints)
      if (
        eco === 'pypi' &&
        a.some((x, i) => x === w && CONSTRAINT_OPTION.test(a[i - 1] ?? '')) &&
        ownProjectConstraints(w, a)
      )
        continue;
      // yarn add name@URL, npm i name@git+ssh://..., pip install 'name @ git+https://...' (PEP 508)
      const spec = w
        .replace(/^[@\w./-]+@(?=[\w+]+:)/, '')
        .replace(/^[A-Za-z0-9._-]+(?:\[[^\]]*\])?\s*@\s*(?=[\w+]+:\/\/)/, '');
      const named = spec !== w ? /^(@?[\w.-]+(?:\/[\w.-]+)?)/.exec(w)?.[1] : undefined;
      if (named && URL_OPERAND.test(spec) && (eco === 'npm' || eco === 'pypi') && isPopular(eco, named))
        out.push(dependency(['fork', eco, named, 'to', spec], `${via} installs ${named} from ${spec}`));
      if (URL_OPERAND.test(spec) || /^(?:github|gitlab|bitbucket):/.test(spec))
        sourceFindings(eco, spec, `${via} installs`, out, 'code');
      const gh = /^(?:github:)?([\w.-]+)\/([\w.-]+)(?:#.*)?$/.exec(spec);
      if (
        eco === 'npm' &&
        gh?.[1] &&
        gh[2] &&
        !spec.startsWith('@') &&
        (spec.startsWith('github:') || !/^\./.test(spec)) &&
        isPopular('npm', gh[2])
      )
        out.push(dependency(['fork', 'npm', gh[2], 'to', spec], `${via} installs ${gh[2]} from ${spec}`));
    }
  // conan remote add NAME URL, flatpak remote-add NAME URL, vagrant box add NAME URL
  if ((REMOTE_WORDS.test(verb) || (eco === 'vagrant' && verb === 'box')) && eco !== 'git') {
    for (const w of ops.slice(1))
      if (URL_OPERAND.test(w)) sourceFindings(eco, w, via, out, eco === 'vagrant' ? 'code' : 'index');
    return;
  }
  switch (eco) {
    case 'swift':
      // swift package add-dependency URL: a package from that repository, built and run in the build
      if (verb === 'package' && ops[1] === 'add-dependency')
        for (const w of ops.slice(2))
          if (URL_OPERAND.test(w) || /^[\w.-]+@[^:]+:/.test(w)) sourceFindings(eco, w, via, out, 'git');
      return;
    case 'forge':
      // forge install OWNER/REPO[@REF] or a URL: a Solidity library cloned from GitHub and compiled in
      if (verb === 'install')
        for (const w of ops.slice(1)) {
          const url = URL_OPERAND.test(w)
            ? w
            : /^[\w.-]+\/[\w.-]+(?:@\S+)?$/.test(w)
              ? `https://github.com/${w.split('@')[0] ?? ''}`
              : '';
          if (url) forgeFindings(url, via, out);
        }
      return;
    case 'pacman':
      // pacman -U URL: a package built and signed by whoever serves it
      for (const w of ops) if (URL_OPERAND.test(w)) sourceFindings(eco, w, `${via} installs`, out, 'code');
      return;
    case 'images':
      if (/^(?:pull|run|create)$/.test(verb)) {
        const img = imageOperand(a, a.indexOf(verb) + 1);
        if (img) out.push(...imageSourceFindings(img, `${name} ${verb} ${img}`));
      }
      // docker build --build-arg BASE_IMAGE=REF: the Dockerfile's FROM ${BASE_IMAGE} takes that image
      if (verb === 'build' || (verb === 'buildx' && ops[1] === 'build') || verb === 'compose')
        for (let i = 0; i < a.length; i++) {
          const w = a[i] ?? '';
          const v = w === '--build-arg' ? (a[i + 1] ?? '') : w.startsWith('--build-arg=') ? w.slice(12) : '';
          const kv = /^([\w.-]*(?:IMAGE|BASE|FROM|REGISTRY)[\w.-]*)=(\S+)$/i.exec(v);
          if (kv?.[2] && !kv[2].startsWith('$'))
            out.push(...imageSourceFindings(kv[2], `${name} build builds from ${kv[2]} (${kv[1]})`));
          // --build-arg PIP_INDEX_URL=URL: a package manager's variable, set for the build's RUN steps
          const env = /^([A-Za-z_]\w*)=(.*)$/.exec(v);
          if (env?.[1] && env[2] !== undefined) envFindings(env[1], env[2], out);
        }
      return;
    case 'nuget':
      // dotnet nuget add source URL / nuget sources add -Source URL
      if (ops.includes('source') || ops.includes('sources'))
        for (const w of a) if (URL_OPERAND.test(w)) sourceFindings(eco, w, via, out);
      for (let i = 0; i < a.length; i++)
        if (/^-source$/i.test(a[i] ?? '')) sourceFindings(eco, a[i + 1] ?? '', via, out);
      return;
    case 'composer': {
      // composer require --repository '{"type":"vcs","url":"URL"}': packages from that repository
      for (let i = 0; i < a.length; i++) {
        const w = a[i] ?? '';
        const v = w === '--repository' ? (a[i + 1] ?? '') : w.startsWith('--repository=') ? w.slice(13) : '';
        if (!v) continue;
        const url = /"url"\s*:\s*"([^"]+)"/.exec(v)?.[1] ?? (URL_OPERAND.test(v) ? v : '');
        if (url) sourceFindings(eco, url.replace(/\\\//g, '/'), via, out, /"(?:vcs|git)"/.test(v) ? 'code' : 'index');
      }
      return;
    }
    case 'apt':
      if (name === 'add-apt-repository')
        for (const w of ops) {
          if (w.startsWith('ppa:')) out.push(dependency(['third-party-source', eco, w], `${via} (adds ${w})`));
          else sourceFindings(eco, w, via, out);
        }
      return;
    case 'rpm':
      // yum-config-manager --add-repo URL, dnf config-manager --add-repo URL, zypper ar URL,
      // rpm -i URL, dnf install URL
      if (name === 'zypper' && (verb === 'ar' || verb === 'addrepo'))
        for (const w of ops.slice(1)) sourceFindings(eco, w, via, out);
      for (const w of ops) if (URL_OPERAND.test(w)) sourceFindings(eco, w, `${via} installs`, out);
      return;
    case 'nix':
      if (name === 'nix-channel' && a.includes('--add')) sourceFindings(eco, ops[0] ?? '', via, out);
      return;
    case 'git':
      // git submodule add URL / set-url PATH URL: another repository checked out into this one and
      // built with it. On a code host that is code taken from whoever owns the repository, read
      // like `pip install git+URL` (an owner the catalogues do not know is a third-party source).
      if (verb === 'submodule' && (ops[1] === 'add' || ops[1] === 'set-url'))
        for (const w of ops.slice(2)) {
          const host = /[:/]/.test(w) ? sourceHost(w) : undefined;
          if (host) sourceFindings(eco, w, via, out, CODE_HOSTS.test(host) ? 'code' : 'git');
        }
      return;
  }
}

/**
 * A package under a scope no list knows (`@newsroom/cms-client`: an organisation's own) installed
 * with the public registry named on the line: a project routes its own scope to its own
 * registry in .npmrc (`@newsroom:registry=...`), and a `--registry` of the public one takes the
 * name from whoever published it there instead (dependency confusion, as pip's extra index).
 * Unscoped and listed names from the public registry are its routine installs.
 */
function publicForScope(name: string, a: readonly string[], ops: readonly string[], via: string, out: Effect[]): void {
  const reg = a.flatMap((w, i) =>
    w === '--registry' ? [a[i + 1] ?? ''] : w.startsWith('--registry=') ? [w.slice(11)] : [],
  );
  if (!reg.length || !reg.every((r) => /^(?:registry\.npmjs\.org|registry\.yarnpkg\.com)$/.test(sourceHost(r) ?? '')))
    return;
  for (const w of ops) {
    const scope = /^(@[a-z0-9][\w.-]*)\/[\w.-]+(?:@[^/]*)?$/i.exec(w)?.[1]?.toLowerCase();
    if (!scope || reg.includes(w) || isListedScope(scope)) continue;
    out.push(
      dependency(
        ['mixed-indexes', 'npm', `${scope}-registry`, 'registry.npmjs.org'],
        `${via} takes ${w} from the public registry (the scope ${scope} is on no list: an organisation's own)`,
      ),
    );
    return;
  }
}

const INSTALL_VERBS = /^(?:i|in|ins|install|isntall|add|a|update|upgrade|up|ci|download|sync|global|inject)$/;

/** docker/podman run and create options that take a value (the image is the first operand after them). */
const DOCKER_VALUE_FLAGS = new Set(
  (
    '-v --volume -e --env -p --publish --name -w --workdir -u --user --network --net --entrypoint --mount -l --label ' +
    '--env-file --add-host --device --cap-add --cap-drop --platform --pull --restart --memory -m --cpus --hostname -h ' +
    '--log-driver --log-opt --security-opt --tmpfs --ulimit --gpus --ipc --pid --volumes-from --link --dns ' +
    '--label-file --cidfile --shm-size --runtime --stop-signal --expose --group-add --userns --uts --cgroupns -a --attach'
  ).split(' '),
);

function imageOperand(argv: string[], from: number): string | undefined {
  for (let i = from; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w.startsWith('-')) {
      if (!w.includes('=') && DOCKER_VALUE_FLAGS.has(w)) i++;
      continue;
    }
    return w;
  }
  return undefined;
}

/** An image from a raw address, or pinned by digest on a registry nobody knows: code from that host. */
export function imageSourceFindings(ref: string, via: string): Effect[] {
  const first = ref.split('/')[0] ?? '';
  const registry = ref.includes('/') && /[.:]|^localhost$/.test(first) ? first.replace(/:\d+$/, '').toLowerCase() : '';
  if (
    registry &&
    hostClass(registry) === 'unknown' &&
    !isOrgSourceName(registry) &&
    (IPV4.test(registry) || ref.includes('@sha256:'))
  )
    return [dependency(['untrusted-source', 'images', registry], `${via} (runs an image from ${registry})`)];
  return imageFindings(ref, via);
}

/**
 * Ansible Galaxy roles and collections run as tasks on every host they are applied to: from a
 * namespace nobody vets (a personal account) a human confirms them; from a URL they are code from
 * that host.
 */
function galaxy(a: string[], out: Effect[]): void {
  const ops = positionals(a, 1);
  const i = ops.indexOf('install');
  if (i < 0) return;
  for (const w of ops.slice(i + 1)) {
    if (/\.(?:ya?ml|tar\.gz|tgz)$/i.test(w) || w.startsWith('/') || w.startsWith('.')) continue; // -r requirements.yml, a local archive
    if (URL_OPERAND.test(w) || /^git\+/.test(w))
      sourceFindings('galaxy', w.replace(/,.*$/, ''), 'ansible-galaxy install', out, 'code');
    else {
      const ns = /^([a-z0-9_]+)\.[a-z0-9_]+/i.exec(w)?.[1]?.toLowerCase();
      if (ns && !supplyData().galaxyNamespaces.includes(ns))
        out.push(dependency(['runs-unlisted', 'galaxy', w], `ansible-galaxy install ${w} (a namespace nobody vets)`));
    }
  }
}

/**
 * Julia's package manager from code on the command line: a registry added from a URL decides
 * where every later `Pkg.add` resolves (`Pkg.Registry.add(RegistrySpec(url="..."))`), a package
 * added by URL is code from that repository (`Pkg.add(url="...")`).
 */
function juliaSources(a: string[], out: Effect[]): void {
  const i = a.findIndex((w) => w === '-e' || w === '--eval' || w === '-E');
  const code = i >= 0 ? (a[i + 1] ?? '') : '';
  if (!code.includes('Pkg')) return;
  for (const m of code.matchAll(/\b(Registry\.add|Pkg\.add|Pkg\.develop)\s*\(([^;]*)/g)) {
    const url = /\burl\s*=\s*["']([^"']+)["']|\(\s*["']((?:https?|git|ssh):\/\/[^"']+)["']/.exec(m[2] ?? '');
    const u = url?.[1] ?? url?.[2];
    if (u) sourceFindings('julia', u, `julia ${m[1] ?? ''}`, out, m[1] === 'Registry.add' ? 'index' : 'code');
  }
}

/**
 * Solidity libraries most projects install with `forge install`, by repository name, with the
 * organisation that publishes each (their READMEs' install lines): the same name under another
 * owner is a copy posing as the library.
 */
const FORGE_LIBS: Record<string, string> = table({
  'forge-std': 'foundry-rs',
  'openzeppelin-contracts': 'openzeppelin',
  'openzeppelin-contracts-upgradeable': 'openzeppelin',
  solmate: 'transmissions11',
  solady: 'vectorized',
  'ds-test': 'dapphub',
  permit2: 'uniswap',
  'v4-core': 'uniswap',
  'v4-periphery': 'uniswap',
  'chainlink-brownie-contracts': 'smartcontractkit',
});

function forgeFindings(url: string, via: string, out: Effect[]): void {
  const r = ownerRepo(url);
  const owner = r ? FORGE_LIBS[r.repo] : undefined;
  if (r && owner && r.owner !== owner)
    out.push(dependency(['fork', 'forge', r.repo, 'to', `${r.owner}/${r.repo}`], `${via} (${r.repo} is ${owner}'s)`));
  else sourceFindings('forge', url, via, out, 'git');
}

/** A package manager's program (for a cheap first look). */
export function isPackageManager(word: string): boolean {
  return ECOSYSTEM[basename(word).replace(/\.exe$/i, '')] !== undefined;
}
