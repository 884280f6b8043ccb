// An edit that keeps a dependency's name and changes who publishes it: `ghcr.io/acme/api` ->
// `ghcr.io/acme-io/api` in a Helm values file, `uses: actions/setup-node` -> `uses:
// action/setup-node`, `github.com/acme/tf-modules` -> `github.com/acme-mods/tf-modules`. Whatever
// the file (values, manifests, workflows, Dockerfiles, module sources, lockfiles), the change
// is the same: the code now comes from another owner or host under the old name. A near spelling
// of the old owner is a look-alike; any other owner is a fork. Both are `dependency` sentences of
// supply.ts that the standard policy supply-chain-sources asks about (docs/effects.md).
import { verifyRemovalEffects } from './verify-removals.js';
import { aliasSwapEffects } from './alias-swaps.js';
import { coordinateSwapEffects } from './coordinate-swaps.js';
import { scopeRemovalEffects } from './scope-removals.js';
import type { Effect } from './types.js';
import type { ToolCall } from '../types.js';
import { dependency } from './supply.js';
import { PIP_REQUIREMENTS, affixedOwner, editDistance, isKnownOwner } from './supply-data.js';
import { hostClass } from './sources.js';
import { isInternalName } from './fetch-readings.js';
import { table } from '../../util/lookup-table.js';

interface Ref {
  host: string;
  owner: string;
  name: string;
  text: string;
}

/**
 * Owner/name references that name a source: behind a registry or code host (`ghcr.io/o/n`,
 * `github.com/o/n`, `https://gitlab.com/o/n.git`), or as the value of a key that names one
 * (`uses:`, `image:`, `repository:`, `repo:`, `source =`).
 */
const HOSTED = /\b((?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?)\/([\w.-]+)\/([\w.-]+?)(?:\.git)?(?=[@:/"'\s#?,)\]}]|$)/gi;
const KEYED =
  /\b(?:uses|image|container|repository|repo|project|source|from)\s*[:=]\s*["']?([\w.-]+)\/([\w.-]+?)(?=[@:"'\s#]|$)|^\s*FROM\s+(?:--platform=\S+\s+)?([\w.-]+)\/([\w.-]+?)(?=[@:\s]|$)|\bimage\s*\(?\s*["']([\w.-]+)\/([\w.-]+?)(?=[@:"'\s]|$)/gim;
/** An image named right behind a registry host, with no owner and no scheme (`nexus.corp.local:8443/payments-api`). */
const HOST_ONLY =
  /(?<![\w.\/:-])((?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?|[a-z0-9-]+:\d+)\/([\w.-]+?)(?=[@:"'\s#,)\]}]|$)/gi;

const LIBRARY_IMAGE =
  /^\s*(?:-\s*)?(?:image\s*:|container\s*:|FROM\s+(?:--platform=\S+\s+)?)\s*["']?([a-z0-9][\w.-]*)(?=[:@"'\s]|$)|\bimage\s*\(?\s*["']([a-z0-9][\w.-]*)(?=[:@"'])/gim;
/**
 * Registries where only their vendor publishes (Microsoft, Red Hat, Chainguard, Kubernetes, NVIDIA,
 * Elastic, Oracle, Google's distroless, AWS's mirror of Docker's library) and Docker Hub's
 * verified publishers of language images: an official image moved there is the vendor's build.
 */
const SINGLE_PUBLISHER =
  /^(?:mcr\.microsoft\.com|registry\.access\.redhat\.com|registry\.redhat\.io|cgr\.dev|registry\.k8s\.io|nvcr\.io|docker\.elastic\.co|container-registry\.oracle\.com|gcr\.io|public\.ecr\.aws)$/;
const VERIFIED_OWNERS =
  /^(?:library|bitnami|cimg|circleci|docker|ubuntu|amazon|amazonlinux|chainguard|distroless|devcontainers|docker\/library)$/;

/**
 * A code-host URL that ends at an owner (`url-base: https://github.com/zephyrproject-rtos` in a
 * west manifest, `fetch="https://github.com/acme"` in a repo manifest): every project named under
 * it is fetched from that owner. (On other hosts the first path word is an API version or a
 * page, not an owner.) Read as owner/`*`, so a swap of the
 * owner is a swap of every project under it.
 */
const OWNER_BASE =
  /\b(?:https?|ssh|git):\/\/(?:[^@/\s]*@)?(github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)\/([\w.-]+)\/?(?=["'\s,]|$)/gim;

/**
 * Nix's and other tools' short references (`github:NixOS/nixpkgs/nixos-24.05` in a flake input,
 * `gitlab:o/r`, `sourcehut:~o/r`), and an owner and repository given as two keys
 * (flake.lock's `"owner": "NixOS", "repo": "nixpkgs"`, fetchFromGitHub's `owner = ...; repo = ...;`).
 */
const SHORT_REF = /\b(github|gitlab|sourcehut):~?([\w.-]+)\/([\w.-]+?)(?=[/?"'\s#&]|$)/gi;
const OWNER_REPO_KEYS = /["']?owner["']?\s*[:=]\s*["']([\w.-]+)["'][\s,;]*["']?repo["']?\s*[:=]\s*["']([\w.-]+)["']/gi;
const SHORT_HOST: Record<string, string> = table({
  github: 'github.com',
  gitlab: 'gitlab.com',
  sourcehut: 'git.sr.ht',
});

function refs(raw: string): Ref[] {
  const out: Ref[] = [];
  for (const m of raw.matchAll(SHORT_REF)) {
    const [, kind = '', owner = '', name = ''] = m;
    out.push({
      host: SHORT_HOST[kind.toLowerCase()] ?? '',
      owner: owner.toLowerCase(),
      name: name.toLowerCase(),
      text: m[0],
    });
  }
  for (const m of raw.matchAll(OWNER_REPO_KEYS)) {
    const [, owner = '', name = ''] = m;
    out.push({ host: 'github.com', owner: owner.toLowerCase(), name: name.toLowerCase(), text: `${owner}/${name}` });
  }
  for (const m of raw.matchAll(OWNER_BASE)) {
    const [, host = '', owner = ''] = m;
    out.push({ host: host.toLowerCase(), owner: owner.toLowerCase(), name: '*', text: m[0] });
  }
  // a Go module's own path is the project's name, not a source
  const text = raw.replace(/^\s*module\s+\S+\s*$/gm, '');
  for (const m of text.matchAll(HOSTED)) {
    const [, host = '', owner = '', name = ''] = m;
    out.push({ host: host.toLowerCase(), owner: owner.toLowerCase(), name: name.toLowerCase(), text: m[0] });
  }
  // an official image named alone (`FROM node:20`, `image: postgres:16`) is Docker Hub's library/NAME
  for (const m of text.matchAll(HOST_ONLY)) {
    const [, host = '', name = ''] = m;
    out.push({ host: host.toLowerCase(), owner: '', name: name.toLowerCase(), text: m[0] });
  }
  for (const m of text.matchAll(LIBRARY_IMAGE)) {
    const name = m[1] ?? m[2] ?? '';
    out.push({ host: '', owner: 'library', name: name.toLowerCase(), text: name });
  }
  for (const m of text.matchAll(KEYED)) {
    const owner = m[1] ?? m[3] ?? m[5] ?? '';
    const name = m[2] ?? m[4] ?? m[6] ?? '';
    if (owner.includes('.')) continue; // a host: read above
    out.push({ host: '', owner: owner.toLowerCase(), name: name.toLowerCase(), text: `${owner}/${name}` });
  }
  return out;
}

/** A near spelling of `a` (one or two edits, or the name with a prefix or suffix added). */
function near(a: string, b: string): boolean {
  if (a.length < 3 || b.length < 3) return false;
  if (b.startsWith(a) || b.endsWith(a) || a.startsWith(b) || a.endsWith(b)) return true;
  return editDistance(a, b, 2) <= 2;
}

/**
 * The same project under both names: equal, or one name a word of the other (`temurin` and
 * `temurin-slim`, `maven` and `maven-tools`, `dbt_utils` and `dbt-utils`): a personal image or
 * fork is usually named after what it replaces.
 */
function kin(a: string, b: string): boolean {
  if (a === b) return true;
  const flat = (x: string) => x.replace(/[-_.]/g, '');
  if (flat(a) === flat(b)) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < 3) return false;
  return long.split(/[-_.]/).includes(short) || long.startsWith(`${short}-`) || long.endsWith(`-${short}`);
}

/** The reference is used at a tag that moves: `:latest`, a branch name, or no tag or digest at all. */
function floating(text: string, ref: string): boolean {
  const i = text.indexOf(ref);
  if (i < 0) return false;
  const after = text.slice(i + ref.length);
  if (/^[:@]/.test(after)) return /^:(?:latest|main|master|edge|nightly|dev)\b/i.test(after);
  return true;
}

/** An official image's own vendor namespace on Docker Hub (redis/redis-stack, nginxinc/nginx-unprivileged). */
function vendorNamespace(official: string, n: Ref): boolean {
  return n.owner === official || n.owner === `${official}inc`;
}

/** Two hosts under an internal suffix that share the domain above their own label (a.fab12.corp, b.fab12.corp). */
function sameInternalDomain(a: string, b: string): boolean {
  const ha = a.replace(/:\d+$/, '');
  const hb = b.replace(/:\d+$/, '');
  if (!isInternalName(ha) || !isInternalName(hb)) return false;
  const parent = (h: string) => h.split('.').slice(1).join('.');
  const pa = parent(ha);
  // the parent must itself name a domain (fab12.corp), not the bare suffix (.corp, .local)
  return pa.includes('.') && pa === parent(hb);
}

/** What an edit's replacement does to the sources its old text named. */
export function sourceSwapEffects(oldText: string, newText: string): Effect[] {
  if (!oldText || !newText || !(/\//.test(newText) || /["']?repo["']?\s*[:=]/.test(newText))) return [];
  const before = refs(oldText);
  if (!before.length) return [];
  const after = refs(newText);
  const kept = new Set(before.map((r) => `${r.host}/${r.owner}/${r.name}`));
  const out: Effect[] = [];
  for (const n of after) {
    if (kept.has(`${n.host}/${n.owner}/${n.name}`)) continue;
    // a name kin to the old one counts where the swap also leaves the organisation's own
    // registry, or lands on another owner's tag that moves (`:latest`, none): an organisation's
    // own base image (ghcr.io/acme/node-base:20 for node:20) is pinned and is not this
    const o =
      before.find((b) => b.name === n.name && (b.owner !== n.owner || b.host !== n.host)) ??
      before.find(
        (b) =>
          kin(b.name, n.name) &&
          b.owner !== n.owner &&
          (b.host !== n.host || !!n.owner) &&
          (isInternalName(b.host.replace(/:\d+$/, '')) || floating(newText, n.text)),
      );
    if (!o) continue;
    // the same path moved between two servers of the organisation's own internal domain
    // (nexus-old.fab12.corp -> nexus.fab12.corp): a server migration, not another publisher
    if (o.owner === n.owner && sameInternalDomain(o.host, n.host)) continue;
    if (
      o.owner === 'library' &&
      (SINGLE_PUBLISHER.test(n.host) || VERIFIED_OWNERS.test(n.owner) || vendorNamespace(o.name, n))
    )
      continue;
    const via = `the edit swaps ${o.text} for ${n.text}`;
    if (o.owner !== n.owner && near(o.owner, n.owner))
      out.push(dependency(['lookalike', 'source', n.text, 'of', o.text], via));
    else out.push(dependency(['fork', 'source', o.text, 'to', n.text], via));
  }
  return out;
}

/**
 * Manifests that name a dependency either by its registry name or by a repository: Bundler,
 * CocoaPods, Carthage, pip, Poetry/uv, Pipenv, npm, Cargo, pub, Mix, dbt, Ansible Galaxy,
 * SwiftPM, Composer, Helm, Clojure.
 */
const MANIFEST =
  /(?:^|\/)(?:gemfile|gems\.rb|pluginfile|podfile|cartfile|[^/]*requirements[^/]*\.(?:txt|in|ya?ml)|pyproject\.toml|pipfile|package\.json|cargo\.toml|pubspec\.ya?ml|mix\.exs|packages\.yml|dependencies\.yml|package\.swift|composer\.json|chart\.yaml|deps\.edn|project\.clj|packages\/manifest\.json|vcpkg\.json)$/i;

/** Repositories on public code hosts: URLs, scp form, Bundler's `github: 'o/r'`, npm's `github:o/r`. */
const REPO_REF =
  /(?:(?:git\+)?(?:https?|ssh|git):\/\/(?:[^@/\s]*@)?|git@)(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?(?=[\s"'#@/,;)\]}]|$)|(?::github\s*=>|\bgithub:)\s*["']?([\w.-]+)\/([\w.-]+?)(?=["'#\s]|$)/gi;

/** The name the old text declared the dependency under (for the message). */
function declaredName(old: string): string {
  const m =
    /^\s*-?\s*(?:package|name)\s*:\s*["']?([\w@/.-]+)/m.exec(old) ??
    /["']([@\w][\w@/.-]*)["']/.exec(old) ??
    /^\s*([\w@.-]+)\s*[:=]/m.exec(old);
  return m?.[1] ?? 'dependency';
}

/**
 * A repository its package's publisher owns: an owner the catalogues know, or the project's own
 * organisation (rails/rails, firebase/firebase-ios-sdk), unless the owner wraps the project's name
 * in an impostor's word (community-general-fork).
 */
export function publisherRepo(owner: string, repo: string): boolean {
  if (affixedOwner(owner, repo)) return false;
  if (isKnownOwner(owner)) return true;
  const flat = (x: string) => x.toLowerCase().replace(/[-_.]/g, '');
  const o = flat(owner);
  return o.length >= 3 && (flat(repo) === o || flat(repo).startsWith(o));
}

/** Keys that describe the project itself (where its code, docs and issues live), not a dependency. */
const PROJECT_KEY =
  /^\s*["']?(?:repository|homepage|home|bugs|documentation|docs|funding|issues|issue_tracker|changelog|website|source_code|download_url|project_urls)["']?\s*[:=]/i;

/**
 * A URL at `index` that names the project's own repository or pages: a line keyed so, inside a
 * `"repository": { ... }` object, or in a `[project.urls]` table. Not a dependency's source.
 */
function describesProject(text: string, index: number): boolean {
  const line = text.slice(text.lastIndexOf('\n', index - 1) + 1, index);
  if (PROJECT_KEY.test(line)) return true;
  const back = text.slice(Math.max(0, index - 300), index);
  return (
    /["']?(?:repository|homepage|bugs|funding)["']?\s*:\s*\{[^}]*$/i.test(back) ||
    /\[(?:project|tool\.poetry)\.urls\][^[]*$/i.test(back)
  );
}

/**
 * An edit of a manifest that moves a dependency named by its registry (`pod 'FirebaseAnalytics',
 * '~> 10.24'`, `- package: dbt-labs/dbt_utils`, `http: ^1.2.0`) to a repository on a public code
 * host: the next install builds whatever that repository holds under the trusted name. The
 * project's own organisation (rails/rails, firebase/firebase-ios-sdk) and owners the catalogues
 * know are its publisher; any other owner, above all one wrapping the project's name
 * (community-general-fork), is a fork (`fork`, asked).
 */
export function registryToRepoEffects(oldText: string, newText: string, path: string): Effect[] {
  if (!MANIFEST.test(path) || !newText || /:\/\/|git@|github:|:github\b/.test(oldText)) return [];
  const file = path.split(/[\\/]/).pop() ?? path;
  const out: Effect[] = [];
  for (const m of newText.matchAll(REPO_REF)) {
    if (describesProject(newText, m.index ?? 0)) continue;
    const owner = (m[1] ?? m[3] ?? '').toLowerCase();
    const repo = (m[2] ?? m[4] ?? '').toLowerCase();
    if (!owner || !repo) continue;
    if (publisherRepo(owner, repo)) continue;
    const name = declaredName(oldText);
    out.push(
      dependency(
        ['fork', file, name, 'to', m[0].replace(/^["':\s]+|["'\s]+$/g, '')],
        `the edit moves ${name} from its registry to the repository ${owner}/${repo}`,
      ),
    );
  }
  return out;
}

/**
 * Files a build or install reads to know where to download from: manifests, package-manager and
 * build-tool settings, wrappers, lockfiles, container, CI and infrastructure definitions.
 */
const BUILD_INPUT =
  /(?:^|\/)(?:dockerfile[^/]*|containerfile|[^/]*\.dockerfile|docker-compose[^/]*\.ya?ml|compose\.ya?ml|jenkinsfile|podfile|gemfile|cartfile|[^/]*\.gradle(?:\.kts)?|gradle-wrapper\.properties|maven-wrapper\.properties|gradle\.properties|pom\.xml|settings\.xml|[^/]*\.tf|[^/]*\.hcl|\.npmrc|\.yarnrc(?:\.yml)?|pip\.(?:conf|ini)|\.condarc|package\.json|pyproject\.toml|setup\.(?:py|cfg)|cargo\.toml|config\.toml|go\.mod|pubspec\.ya?ml|mix\.exs|packages\.yml|chart\.yaml|package\.swift|composer\.json|(?:gnu)?makefile|[^/]*\.mk|(?:build|install|setup|bootstrap)\.sh|[^/]*requirements[^/]*\.(?:txt|in)|\.gitlab-ci\.ya?ml|azure-pipelines\.ya?ml|\.travis\.ya?ml|bitbucket-pipelines\.ya?ml|\.pre-commit-config\.ya?ml|nuget\.config|[^/]*\.csproj|[^/]*\.lock|[^/]*-lock\.(?:json|ya?ml)|\.?composer\/config\.json|\.bundle\/config|\.gemrc|bunfig\.toml|daemon\.json|rprofile(?:\.site)?|\.rprofile|environment\.ya?ml|pixi\.toml)$|\/\.github\/workflows\/|\/\.circleci\//i;

const CODE_HOST = /^(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|raw\.githubusercontent\.com)$/;

/** File names that look like host names are not hosts. */
const NOT_HOST =
  /\.(?:json|lock|txt|ya?ml|toml|xml|cfg|ini|py|[cm]?[jt]s|md|conf|config|mod|sum|rc|gz|tgz|zip|jar|whl|gradle|kts|properties)$/i;

/**
 * Hosts a text names: behind a scheme, before a path or port (`registry.npmjs.org/`), or as the
 * whole text (a sed pattern names `registry\.terraform\.io` alone). A bare `install.sh` is a file.
 */
function hostsIn(text: string): Set<string> {
  const out = new Set<string>();
  const t = text.replace(/\\/g, '');
  const name = '((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+[a-z]{2,})';
  for (const m of t.matchAll(
    new RegExp(`(?:[a-z][a-z0-9+.-]*://(?:[^@/\\s]*@)?|(?<![\\w.@/-]))${name}(?=[/:]|$)`, 'gim'),
  )) {
    const h = (m[1] ?? '').toLowerCase();
    const whole = t.trim().toLowerCase() === h;
    if ((m[0].includes('://') || whole || /^[/:]/.test(t.slice((m.index ?? 0) + m[0].length))) && !NOT_HOST.test(h))
      out.add(h);
  }
  // a raw address behind a scheme (`http://203.0.113.77/pkg.tgz`) is a host too
  for (const m of t.matchAll(/[a-z][a-z0-9+.-]*:\/\/(?:[^@/\s]*@)?(\d{1,3}(?:\.\d{1,3}){3})(?=[/:]|$)/gim))
    if (m[1]) out.add(m[1]);
  return out;
}

/**
 * An edit of a build input that moves a download from a registry or vendor host to a host no
 * catalogue knows: `sed -i 's#cdn.cocoapods.org#cdn-cocoapods.net#' Podfile`, a wrapper's
 * distribution URL or a CI step's download pointed elsewhere. The next build fetches its code
 * there (`untrusted-source`, denied as the same change written into .npmrc is). A name inside
 * the organisation's own network is its mirror, not this.
 */
export function hostSwapEffects(oldText: string, newText: string, path: string): Effect[] {
  if (!BUILD_INPUT.test(path) || !oldText || !newText) return [];
  const before = hostsIn(oldText);
  const after = hostsIn(newText);
  const lockSwap = lockHostSwap(before, after, path);
  if (lockSwap.length) return lockSwap;
  // a swap: a registry or vendor host the old text named is gone from the new one
  if (![...before].some((h) => hostClass(h) === 'official' && !after.has(h))) return [];
  const file = path.split(/[\\/]/).pop() ?? path;
  const out: Effect[] = [];
  // from a code host, the download was a repository: one on an unknown host is asked, as a git
  // dependency from there is
  const registry = [...before].some((h) => hostClass(h) === 'official' && !CODE_HOST.test(h));
  for (const h of after) {
    if (before.has(h) || isInternalName(h) || hostClass(h) !== 'unknown') continue;
    out.push(
      dependency(
        [registry ? 'untrusted-source' : 'third-party-source', file, h],
        `the edit moves downloads of ${file} from a vendor's host to ${h}`,
      ),
    );
  }
  return out;
}

/**
 * A lockfile of any tool (`moss.lock`, `orbit.lock`, `x-lock.json`) edited so that a download
 * moves from the host it named to another: lockfiles are written by their tool from the
 * registry the project uses, so a host gone and an unknown one in its place (or a raw address)
 * is the edit choosing where the next install fetches, whoever the old host was (a registry no
 * catalogue knows is still the one the tool wrote). A name inside the organisation's network and
 * a registry or vendor host are left to hostSwapEffects.
 */
function lockHostSwap(before: Set<string>, after: Set<string>, path: string): Effect[] {
  const file = path.split(/[\\/]/).pop() ?? path;
  if (!LOCK_FILE.test(file) || ![...before].some((h) => !after.has(h) && !isInternalName(h))) return [];
  const out: Effect[] = [];
  for (const h of after) {
    if (before.has(h) || isInternalName(h) || hostClass(h) !== 'unknown') continue;
    out.push(dependency(['untrusted-source', file, h], `the edit moves downloads of ${file} to ${h}`));
  }
  return out;
}

function text(call: ToolCall, ...keys: string[]): string {
  for (const src of [call.params, call.input]) {
    if (!src) continue;
    for (const k of keys) {
      const v = src[k];
      if (typeof v === 'string') return v;
    }
  }
  return '';
}

/** Content digests and checksums as lockfiles, sum files and pinned references write them. */
const DIGEST =
  /\bh1:[A-Za-z0-9+/]{40,46}={0,2}|\bsha(?:1|256|384|512)[-:=][A-Za-z0-9+/]{27,}={0,2}|(?<![\w-])[0-9a-f]{40}(?:[0-9a-f]{24})?(?![\w-])/g;

/** Files whose checksums vouch for downloads: lockfiles, sum files, hashed requirements, build files. */
const CHECKSUM_FILE =
  /(?:\.lock|\.lock\.hcl|\.sum|-lock\.ya?ml|-lock\.json|shrinkwrap\.json|\.resolved|lock\.json|^(?:requirements|constraints)[^/]*\.(?:txt|in)|sums?(?:\.txt)?|checksums?[^/]*|\.sha(?:1|256|512)|verification-metadata\.xml|^WORKSPACE(?:\.bazel)?|^MODULE\.bazel|\.bzl|^Dockerfile[^/]*|\.nix|^PKGBUILD|\.rb|\.gradle(?:\.kts)?|^Package\.swift|\.podspec)$/i;

/**
 * Lines added that differ from a line already there only in their checksum (a second `h1:` for
 * the same go.sum module version, one more hash in a Terraform provider's lock, another sha256
 * for the same Gradle artifact), every old line kept: the file now also vouches for other content
 * under the same name and version. A real upgrade or a new dependency changes more than the hash;
 * `terraform providers lock` and Gradle's --write-verification-metadata are commands, not edits.
 */
function addsChecksum(oldText: string, newText: string): boolean {
  const shape = (l: string) => l.replace(DIGEST, '#').trim();
  const has = (l: string) => new RegExp(DIGEST.source).test(l);
  const oldLines = oldText.split('\n').map((l) => l.trim());
  const kept = new Set(oldLines);
  const shapes = new Set(oldLines.filter(has).map(shape));
  const newLines = newText.split('\n').map((l) => l.trim());
  if (!oldLines.every((l) => !l || newLines.includes(l))) return false;
  const added = newLines.filter((l) => l && !kept.has(l));
  return added.length > 0 && added.every((l) => has(l) && shapes.has(shape(l)));
}

/**
 * What an edit does to the pins that make a download verifiable:
 *   a checksum replaced and nothing else changed (a go.sum, lockfile or `--hash` line keeping its
 *     package and version): the file now vouches for other content, the shape of tampering, since
 *     a real upgrade changes the version too (`tampers checksum`)
 *   an image or action reference losing its digest or commit (`FROM node:20@sha256:..` ->
 *     `FROM node:20`, `uses: o/a@<sha>` -> `uses: o/a@v4`): the next build takes whatever the
 *     tag points to then (`unpinned-digest`)
 */
export function pinDropEffects(oldText: string, newText: string, path = ''): Effect[] {
  if (!oldText || !newText) return [];
  const before = oldText.match(DIGEST);
  if (!before?.length) return [];
  const out: Effect[] = [];
  const after = newText.match(DIGEST) ?? [];
  const file = path.split(/[\\/]/).pop() ?? path;
  const strip = (t: string) => t.replace(DIGEST, '#').replace(/\s+/g, ' ').trim();
  if (
    CHECKSUM_FILE.test(file) &&
    after.length &&
    after.some((d) => !before.includes(d)) &&
    strip(oldText) === strip(newText)
  )
    out.push(
      dependency(['tampers', 'checksum', file || 'file'], `the edit replaces a checksum in ${file || 'a file'}`),
    );
  if (CHECKSUM_FILE.test(file) && addsChecksum(oldText, newText))
    out.push(
      dependency(
        ['tampers', 'checksum', file || 'file'],
        `the edit adds another checksum for an entry ${file || 'the file'} already pins`,
      ),
    );
  for (const m of oldText.matchAll(/([\w.-]+(?:\/[\w.-]+)+|[\w.-]+:[\w.-]+)@(?:sha256:)?[0-9a-f]{40,64}\b/g)) {
    const ref = m[1] ?? '';
    const name = ref.replace(/:[\w.-]+$/, '');
    const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const uses = new RegExp(`(?<![\\w./-])${esc}(?::[\\w.-]+)?(@[^\\s"']+)?(?![\\w/-])`, 'g');
    const now = [...newText.matchAll(uses)];
    if (now.length && now.every((n) => !n[1] || !/^@(?:sha256:)?[0-9a-f]{40,64}$/.test(n[1])))
      out.push(dependency(['unpinned-digest', name, now[0]?.[0] ?? name], `the edit drops the pin of ${name}`));
  }
  return out;
}

/** A line that pins a download to its checksum: `sha256 = "…"`, `SRC_URI[sha256sum] = "…"`, `integrity: sha512-…`, `sha256 "…"`. */
const PIN_LINE =
  /\b(?:sha(?:1|224|256|384|512)(?:sum)?|md5(?:sum)?|integrity|checksum|hash)\b["'\]]*\s*(?:[:=]\s*|\s)["']?(?:sha\d+[-:])?(?:[0-9a-f]{32,128}\b|[A-Za-z0-9+/]{40,}={0,2})/i;
/** Lines that may go with the pin when the download itself is kept or moved (its URL, its prefix). */
const PIN_COMPANION = /^\s*(?:["']?(?:urls?|strip_prefix|SRC_URI|mirrors?|source|resolved)\b|[)\]},]*\s*$)/i;

/**
 * An edit that takes a download's checksum pin out and leaves the download declared (only the
 * pin line goes, or the pin with its URL lines): whatever the URL serves next is built without a
 * check (WORKSPACE `sha256 = ...` deleted, a recipe's `SRC_URI[sha256sum]` swapped for
 * `BB_STRICT_CHECKSUM = "0"`). Deleting a whole declaration (its name goes too) is not this, nor
 * is a new checksum in place of the old one.
 */
export function checksumRemovalEffects(oldText: string, newText: string, path = ''): Effect[] {
  if (!PIN_LINE.test(oldText) || PIN_LINE.test(newText) || (newText.match(DIGEST) ?? []).length) return [];
  const kept = new Set(newText.split('\n').map((l) => l.trim()));
  const removed = oldText.split('\n').filter((l) => l.trim() && !kept.has(l.trim()));
  if (!removed.some((l) => PIN_LINE.test(l))) return [];
  if (!removed.every((l) => PIN_LINE.test(l) || PIN_COMPANION.test(l))) return [];
  const file = path.split(/[\\/]/).pop() || 'a build file';
  return [dependency(['no-verify', 'checksum', file], `the edit removes the checksum pin of a download from ${file}`)];
}

/** Lockfiles and sum files, which only their package manager writes (by file name). */
const LOCK_FILE = /(?:\.lock|\.sum|-lock\.ya?ml|-lock\.json|shrinkwrap\.json|lock\.json|\.lock\.hcl)$/i;
/** A checksum as a lockfile spells it, also cut short by an edit's fragment (`checksum = "4f2b5e8c1a`). */
const LOCK_HASH =
  /\b(?:checksum|integrity|sha(?:1|256|384|512)(?:sum)?|hash|content-hash)\s*[=:]\s*["']?(?:sha\d+[-:])?[A-Za-z0-9+/_=-]{6,}["']?|--hash[= ]\S+|\bh1:[A-Za-z0-9+/=]*/gi;

/**
 * A lockfile or sum file edited by hand where its checksums are: lockfiles are written by their
 * package manager, which fetches the package and records what it got, so an edit that
 *   replaces a checksum and nothing else (`checksum = "4f2b..."` -> `"0000..."`),
 *   takes checksums out and leaves the entries (`cryptography==42.0.8 --hash=sha256:...` ->
 *     `cryptography==42.0.8`), or
 *   moves an entry to another version under the checksum it had (`pgx/v5 v5.5.5 h1:` ->
 *     `pgx/v5 v5.5.6 h1:`)
 * makes the file vouch for content no package manager checked (`tampers checksum`, asked).
 * Fragments count: an edit's old text is often a piece of a line, so the hash may be cut short.
 */
export function lockHashEffects(oldText: string, newText: string, path = ''): Effect[] {
  const file = path.split(/[\\/]/).pop() ?? path;
  if (!oldText || !LOCK_FILE.test(file)) return [];
  const before = oldText.match(LOCK_HASH) ?? [];
  if (!before.length) return [];
  const after = newText.match(LOCK_HASH) ?? [];
  const flat = (s: string) => s.replace(/\\\n/g, ' ').replace(/\s+/g, ' ').trim();
  const masked = (s: string) => flat(s.replace(LOCK_HASH, '#'));
  const dropped = (s: string) => flat(s.replace(LOCK_HASH, ' ').replace(/\\\s*$/gm, ' '));
  const same = before.length === after.length && before.every((h, i) => h === after[i]);
  let why = '';
  if (!same && masked(oldText) === masked(newText)) why = `the edit replaces a checksum in ${file}`;
  else if (after.length < before.length && dropped(oldText) === dropped(newText))
    why = `the edit takes checksums out of ${file} and keeps its entries`;
  else if (same && masked(oldText) !== masked(newText) && oldText.split('\n').length === newText.split('\n').length)
    why = `the edit changes an entry of ${file} and keeps the checksum it had`;
  return why ? [dependency(['tampers', 'checksum', file || 'file'], why)] : [];
}

/** The source swaps and dropped pins of an edit call (none for other calls). */
export function editSwapEffects(call: ToolCall): Effect[] {
  if (call.tool !== 'edit') return [];
  // documents name repositories and images without fetching them
  const path = text(call, 'path', 'file_path', 'filePath');
  // (Foundry's remappings.txt is a build input: where each import name compiles from)
  if (
    /\.(?:md|mdx|markdown|rst|txt|adoc|html?)$/i.test(path) &&
    !PIP_REQUIREMENTS.test(path) &&
    !/remappings\.txt$/i.test(path)
  )
    return [];
  const o = text(call, 'old_string', 'oldString', 'old_str');
  const n = text(call, 'new_string', 'newString', 'new_str');
  return [
    ...sourceSwapEffects(o, n),
    ...coordinateSwapEffects(o, n, path),
    ...scopeRemovalEffects(o, n, path),
    ...pinDropEffects(o, n, path),
    ...checksumRemovalEffects(o, n, path),
    ...lockHashEffects(o, n, path),
    ...registryToRepoEffects(o, n, path),
    ...hostSwapEffects(o, n, path),
    ...verifyRemovalEffects(o, n, path),
    ...aliasSwapEffects(o, n, path),
  ];
}
