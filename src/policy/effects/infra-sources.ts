// Where infrastructure and build tools fetch the code they run, outside their registries. Each
// tool has its own way to take plugins, modules and build logic from somewhere else, and each is
// an install from an unknown source:
//   terraform/tofu/terragrunt init -plugin-dir=DIR     providers from a directory, not the registry
//   terraform init -from-module=SRC, module "x" { source = SRC }   a module from git/http/s3
//   required_providers { x = { source = "HOST/NS/TYPE" } }         a provider from another registry
//   provider_installation { filesystem_mirror / network_mirror / dev_overrides } (.terraformrc)
//   gradle -I/--init-script FILE, mvn -s/--settings FILE            build logic from outside the project
//   apt-key adv --keyserver HOST                                    a signing key from an unknown server
//   FetchContent/ExternalProject/file(DOWNLOAD)/CPM (CMake), scopedRegistries (Unity),
//   <packageSources> (NuGet.Config)                                  package sources in build files
// and a Docker Hub namespace one or two letters from an official one (librarry/postgres). Each
// finding is a `dependency` sentence of supply.ts, decided by the standard policy
// supply-chain-sources (docs/effects.md, "Infrastructure and build sources").
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { dependency } from './supply.js';
import { hostClass, sourceFindings, sourceHost } from './sources.js';
import { isKnownOwner } from './supply-data.js';
import { infraData, nearName } from './infra-data.js';

// ------------------------------------------------------------------ Terraform sources

const LOCAL_SOURCE = /^\.\.?(?:\/|$)/;
/** `NS/NAME/PROVIDER[//subdir]`, optionally behind a registry host. */
const REGISTRY_MODULE = /^(?:([a-z0-9.-]+\.[a-z]{2,}(?::\d+)?)\/)?([\w-]+)\/([\w-]+)\/([\w-]+)(?:\/\/.*)?$/i;
const GETTER_PREFIX = /^(?:git|hg|s3|gcs|http|https)::/i;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** What a module `source` (or `terraform init -from-module`) brings in. */
export function moduleSourceFindings(source: string, via: string, out: Effect[]): void {
  const s = source.trim();
  if (!s || LOCAL_SOURCE.test(s) || s.includes('${')) return;
  const reg = REGISTRY_MODULE.exec(s);
  if (reg && !s.includes('::') && !/^(?:github\.com|bitbucket\.org|gitlab\.com)$/i.test(reg[1] ?? '')) {
    const host = (reg[1] ?? '').toLowerCase();
    const ns = (reg[2] ?? '').toLowerCase();
    if (host && !infraData().registryHosts.has(host)) {
      out.push(dependency(['third-party-source', 'terraform', host], `${via} (a module registry at ${host})`));
      return;
    }
    const of = nearName(ns, infraData().moduleNamespaces);
    if (of) out.push(dependency(['lookalike', 'terraform', s, 'of', `${of}/${reg[3] ?? ''}`], via));
    return;
  }
  const url = s.replace(GETTER_PREFIX, '').replace(/^git@([^:]+):/, 'ssh://$1/');
  const bare = /^(?:github\.com|bitbucket\.org|gitlab\.com)\//i.test(url) ? `https://${url}` : url;
  const host = sourceHost(bare);
  if (!host) return;
  if (IPV4.test(host)) {
    out.push(dependency(['untrusted-source', 'terraform', host], `${via} (a module from ${host})`));
    return;
  }
  const owner = /^[a-z]+:\/\/[^/]+\/([^/?#]+)/i.exec(bare)?.[1] ?? '';
  // a bucket is anyone's: the storage host vouches for nothing
  if (/^(?:s3|gcs)::/i.test(s) || /(?:^|\.)s3[.-](?:[\w-]+\.)*amazonaws\.com$|^storage\.googleapis\.com$/.test(host)) {
    out.push(
      dependency(['third-party-source', 'terraform', `${host}/${owner}`], `${via} (a module from a storage bucket)`),
    );
    return;
  }
  const codeHost = /^(?:github\.com|gitlab\.com|bitbucket\.org)$/.test(host);
  if (
    codeHost
      ? isKnownOwner(owner) || infraData().moduleNamespaces.includes(owner.toLowerCase())
      : hostClass(host) === 'official'
  )
    return;
  out.push(
    dependency(
      ['third-party-source', 'terraform', codeHost ? `${host}/${owner}` : host],
      `${via} (a module from ${host})`,
    ),
  );
}

/** `source = "HOST/NS/TYPE"` of a provider: another registry, or a namespace posing as an official one. */
function providerSourceFindings(source: string, via: string, out: Effect[]): void {
  const parts = source.trim().toLowerCase().split('/');
  if (parts.length === 3) {
    const host = parts[0] ?? '';
    if (!infraData().registryHosts.has(host))
      out.push(dependency(['third-party-source', 'terraform', host], `${via} (providers from ${host})`));
    parts.shift();
  }
  if (parts.length !== 2) return;
  const ns = parts[0] ?? '';
  const of = nearName(ns, infraData().providerNamespaces);
  if (of) out.push(dependency(['impersonates', 'terraform', parts.join('/'), 'of', `${of}/${parts[1] ?? ''}`], via));
}

/** Terraform configuration (HCL or JSON): module and provider sources. */
export function terraformFindings(text: string, via: string, out: Effect[]): void {
  // a replacement written in place (`sed -i 's#NS/NAME/aws#git::https://...#' main.tf`) is the new source
  const bare = text.trim().replace(/^"|"$/g, '');
  if (!/\bsource"?\s*[=:]/.test(text) && !/\s/.test(bare) && /^(?:[a-z0-9]+::|[a-z+]+:\/\/|git@)/i.test(bare))
    moduleSourceFindings(bare, via, out);
  // Provider sources sit inside required_providers; module sources are the other `source`s.
  const providers = new Set<number>();
  for (const m of text.matchAll(/required_providers\s*\{/g)) {
    let depth = 0;
    for (let i = (m.index ?? 0) + m[0].length - 1; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) break;
      if (text.startsWith('source', i)) providers.add(i);
    }
  }
  for (const m of text.matchAll(/\bsource"?\s*[=:]\s*"([^"]+)"/g)) {
    const v = m[1] ?? '';
    if (providers.has(m.index ?? -1)) providerSourceFindings(v, via, out);
    // a module source is local, a URL or NS/NAME/PROVIDER: two parts name a provider
    else if (v.split('/').length === 2 && !/[:.]/.test(v)) providerSourceFindings(v, via, out);
    else moduleSourceFindings(v, via, out);
  }
}

/** The Terraform CLI configuration: providers installed from a directory, a mirror, or a local build. */
export function terraformRcFindings(text: string, via: string, out: Effect[]): void {
  for (const m of text.matchAll(/\bnetwork_mirror\s*\{[^}]*?\burl\s*=\s*"([^"]+)"/g))
    sourceFindings('terraform', m[1] ?? '', `${via} (a provider mirror)`, out);
  for (const m of text.matchAll(/\bfilesystem_mirror\s*\{[^}]*?\bpath\s*=\s*"([^"]+)"/g))
    out.push(
      dependency(['local-path', 'terraform', 'providers', 'to', m[1] ?? ''], `${via} (providers from a directory)`),
    );
  for (const m of text.matchAll(/\bdev_overrides\s*\{([^}]*)\}/g))
    for (const o of (m[1] ?? '').matchAll(/"([^"]+)"\s*=\s*"([^"]+)"/g))
      out.push(
        dependency(
          ['local-path', 'terraform', o[1] ?? '', 'to', o[2] ?? ''],
          `${via} (a provider replaced by a local build)`,
        ),
      );
}

// ------------------------------------------------------------------ other build files

/** CMake: FetchContent/ExternalProject URLs and repositories, file(DOWNLOAD), CPM packages. */
export function cmakeFindings(text: string, via: string, out: Effect[]): void {
  for (const m of text.matchAll(/\b(?:GIT_REPOSITORY|URL)\s+"?([^\s")]+)/g)) gitOrUrl('cmake', m[1] ?? '', via, out);
  for (const m of text.matchAll(/\bfile\s*\(\s*DOWNLOAD\s+"?([^\s")]+)/gi)) gitOrUrl('cmake', m[1] ?? '', via, out);
  for (const m of text.matchAll(/\bCPMAddPackage\s*\(\s*"((?:gh|gl|bb):[^"@#]+|https?:\/\/[^"]+)/g)) {
    const v = (m[1] ?? '')
      .replace(/^gh:/, 'https://github.com/')
      .replace(/^gl:/, 'https://gitlab.com/')
      .replace(/^bb:/, 'https://bitbucket.org/');
    gitOrUrl('cmake', v, via, out);
  }
}

/** Unity Packages/manifest.json: scoped registries and packages from URLs. */
export function unityFindings(text: string, via: string, out: Effect[]): void {
  const scoped = /"scopedRegistries"\s*:\s*\[([\s\S]*?)\]/.exec(text)?.[1] ?? '';
  for (const m of scoped.matchAll(/"url"\s*:\s*"([^"]+)"/g)) sourceFindings('upm', m[1] ?? '', via, out);
  for (const m of text.matchAll(/"[\w.-]+"\s*:\s*"((?:git\+)?(?:https?|ssh|git):\/\/[^"]+|git@[^"]+)"/g))
    gitOrUrl('upm', m[1] ?? '', via, out);
}

/** NuGet.Config: package sources. */
export function nugetConfigFindings(text: string, via: string, out: Effect[]): void {
  const sources = /<packageSources>([\s\S]*?)<\/packageSources>/i.exec(text)?.[1] ?? '';
  for (const m of sources.matchAll(/<add\b[^>]*\bvalue\s*=\s*"([^"]+)"/gi)) {
    const v = m[1] ?? '';
    if (/^[a-z]+:\/\//i.test(v)) sourceFindings('nuget', v, via, out);
  }
}

/** Bazel WORKSPACE/MODULE.bazel/.bzl: http_archive urls, git_repository remotes, overrides. */
export function bazelFindings(text: string, via: string, out: Effect[]): void {
  for (const m of text.matchAll(/\b(?:urls?|remote)\s*=\s*\[?\s*((?:"[^"]*"\s*,?\s*)+)/g))
    for (const u of (m[1] ?? '').matchAll(/"([^"]+)"/g)) gitOrUrl('bazel', u[1] ?? '', via, out);
  // single_version_override(registry = URL), multiple_version_override: the module resolved from
  // another registry than the Bazel Central Registry (bazel.build, "MODULE.bazel overrides")
  for (const m of text.matchAll(/\bregistry\s*=\s*"([^"]+)"/g)) sourceFindings('bazel', m[1] ?? '', via, out);
}

/** .bazelrc: `--registry=URL` puts another registry before (or instead of) the Bazel Central Registry for every module. */
export function bazelrcFindings(text: string, via: string, out: Effect[]): void {
  for (const m of text.matchAll(/--registry(?:=|\s+)["']?([^\s"']+)/g)) sourceFindings('bazel', m[1] ?? '', via, out);
}

/** Deno configuration and import maps: modules imported from URLs. */
export function importMapFindings(text: string, via: string, out: Effect[]): void {
  const imports = /"(?:imports|scopes)"\s*:\s*\{([\s\S]*?)\}/.exec(text)?.[1] ?? '';
  for (const m of imports.matchAll(/:\s*"(https?:\/\/[^"]+)"/g)) sourceFindings('deno', m[1] ?? '', via, out, 'code');
}

/** Helm Chart.yaml / requirements.yaml: chart repositories of dependencies. */
export function chartFindings(text: string, via: string, out: Effect[]): void {
  for (const m of text.matchAll(/^\s*-?\s*repository:\s*["']?((?:https?|oci):\/\/[^"'\s]+)/gm))
    sourceFindings('helm', m[1] ?? '', via, out);
}

/** vcpkg registries and Nix flake inputs: where ports and inputs are fetched from. */
export function registryFileFindings(text: string, via: string, out: Effect[]): void {
  for (const m of text.matchAll(/"(?:repository|location)"\s*:\s*"([^"]+)"/g)) gitOrUrl('vcpkg', m[1] ?? '', via, out);
  for (const m of text.matchAll(/\burl\s*=\s*"((?:git\+)?(?:https?|ssh|git):\/\/[^"]+|(?:tarball|git)\+[^"]+)"/g))
    gitOrUrl('nix', (m[1] ?? '').replace(/^tarball\+/, ''), via, out);
}

/** Brewfile: taps from a URL. */
export function brewfileFindings(text: string, via: string, out: Effect[]): void {
  for (const m of text.matchAll(/^\s*tap\s+["'][^"']+["']\s*,\s*["']([^"']+)["']/gm))
    sourceFindings('taps', m[1] ?? '', via, out, 'git');
}

/** MSBuild props/targets and project files: NuGet restore sources. */
export function msbuildFindings(text: string, via: string, out: Effect[]): void {
  for (const m of text.matchAll(/<Restore(?:Additional)?(?:Project)?Sources>([^<]+)</gi))
    for (const u of (m[1] ?? '').split(/[;\s]+/)) if (/^https?:\/\//i.test(u)) sourceFindings('nuget', u, via, out);
}

/** A repository or download in a build file: unknown hosts and raw addresses are findings; code hosts are how such sources are written. */
function gitOrUrl(eco: string, v: string, via: string, out: Effect[]): void {
  if (!/^(?:[a-z+]+:\/\/|git@)/i.test(v) || v.includes('${')) return;
  sourceFindings(eco, v.replace(/^git@([^:]+):/, 'ssh://$1/'), via, out, 'git');
}

/** The build files this file reads, by path (lower case, forward slashes). */
export const INFRA_READERS: [RegExp, string, (text: string, via: string, out: Effect[]) => void][] = [
  [/\.tf$|\.tf\.json$|\.tofu$|(?:^|\/)terragrunt\.hcl$/, 'terraform', terraformFindings],
  [/(?:^|\/)\.terraformrc$|(?:^|\/)terraform\.rc$|\.tfrc$/, 'terraform', terraformRcFindings],
  [/(?:^|\/)cmakelists\.txt$|\.cmake$/, 'cmake', cmakeFindings],
  [/(?:^|\/)packages\/manifest\.json$/, 'upm', unityFindings],
  [/(?:^|\/)nuget\.config$/, 'nuget', nugetConfigFindings],
  [/(?:^|\/)(?:workspace|workspace\.bazel|module\.bazel)$|\.bzl$/, 'bazel', bazelFindings],
  [/(?:^|\/)(?:\.bazelrc|[\w.-]+\.bazelrc|bazel\.rc)$/, 'bazel', bazelrcFindings],
  [/(?:^|\/)(?:deno\.jsonc?|import_map\.json|importmap\.json)$/, 'deno', importMapFindings],
  [/(?:^|\/)(?:chart|requirements)\.ya?ml$/, 'helm', chartFindings],
  [/(?:^|\/)vcpkg(?:-configuration)?\.json$|(?:^|\/)flake\.nix$/, 'vcpkg', registryFileFindings],
  [/(?:^|\/)brewfile$/, 'taps', brewfileFindings],
  [/(?:^|\/)directory\.(?:build|packages)\.(?:props|targets)$|\.(?:cs|fs|vb)proj$/, 'nuget', msbuildFindings],
];

// ------------------------------------------------------------------ command lines

/** Programs whose command lines this file reads (the line-readings gate). */
export const INFRA_PROGRAMS = [
  'terraform',
  'tofu',
  'terragrunt',
  'gradle',
  'gradlew',
  'gradlew.bat',
  'mvn',
  'mvnw',
  'mvnw.cmd',
  'apt-key',
];

const TEMP = /^(?:\/tmp|\/var\/tmp|\/dev\/shm|\/private\/tmp|\$TMPDIR|\$\{TMPDIR\})(?:\/|$)/;

/** An option's value: `-x V`, `--xx V`, `--xx=V`, `-xV` for single-letter options. */
function optionValues(argv: string[], names: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    for (const n of names) {
      if (w === n && argv[i + 1] !== undefined) out.push(argv[i + 1] ?? '');
      else if (w.startsWith(`${n}=`)) out.push(w.slice(n.length + 1));
      else if (n.length === 2 && w.startsWith(n) && w.length > 2 && !w.startsWith('--')) out.push(w.slice(2));
    }
  }
  return out;
}

/** A file outside the project: an absolute path, a home path, a parent path, a temporary directory or a process substitution. */
function outsideProject(p: string): boolean {
  return /^(?:\/|~|\.\.\/|\$HOME|\$\{HOME\}|<\()/.test(p) || TEMP.test(p) || /^[a-z]+:\/\//i.test(p);
}

/**
 * Maven's settings kept where the administrator installs them (Debian's /etc/maven, the global
 * ${maven.home}/conf of a distribution under /usr/share or /opt; maven.apache.org, Settings
 * Reference): root-owned files an agent cannot plant without sudo, which asks on its own, so a
 * build pointed at them (an air-gapped site's mirror settings) uses the machine's configured
 * sources, as `~/.m2/settings.xml` does. Scratch folders and other people's files stay outside.
 */
const SYSTEM_MAVEN_CONF =
  /^(?:\/etc\/maven\/|\/usr\/share\/maven[^/]*\/conf\/|\/opt\/(?:apache-)?maven[^/]*\/conf\/)[^/]+\.xml$/;

/** What one command line of these programs brings in. */
export function infraCommandEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '')
      .toLowerCase()
      .replace(/\.(?:bat|cmd|exe)$/, '');
    const via = `${name} ${a[1] ?? ''}`.trim();
    if (name === 'terraform' || name === 'tofu' || name === 'terragrunt') {
      if (!a.includes('init') && !a.some((w) => w.startsWith('-plugin-dir') || w.startsWith('-from-module'))) continue;
      for (const d of optionValues(a, ['-plugin-dir', '--plugin-dir']))
        out.push(dependency(['local-path', 'terraform', 'providers', 'to', d], `${via} -plugin-dir`));
      for (const s of optionValues(a, ['-from-module', '--from-module']))
        moduleSourceFindings(s, `${via} -from-module`, out);
    } else if (name === 'gradle' || name === 'gradlew') {
      for (const f of optionValues(a, ['-I', '--init-script']))
        if (outsideProject(f))
          out.push(dependency(['local-path', 'gradle', 'init-script', 'to', f], `${via} (build logic from ${f})`));
    } else if (name === 'mvn' || name === 'mvnw') {
      for (const f of optionValues(a, ['-s', '--settings', '-gs', '--global-settings']))
        if (outsideProject(f) && !/^(?:~|\$HOME|\$\{HOME\})\/\.m2\//.test(f) && !SYSTEM_MAVEN_CONF.test(f))
          out.push(
            dependency(['local-path', 'maven', 'settings', 'to', f], `${via} (repositories and mirrors from ${f})`),
          );
    } else if (name === 'apt-key') {
      for (const k of optionValues(a, ['--keyserver'])) {
        const host = sourceHost(k.includes('://') ? k : `hkp://${k}`);
        if (host && !infraData().keyservers.has(host))
          out.push(dependency(['untrusted-source', 'apt', host], `${via} (trusts a signing key from ${host})`));
      }
    }
  }
}
