// Where a build takes its inputs from, and what checks it runs on them, as set in build and site
// configuration that the next routine build reads:
//   Bazel MODULE.bazel overrides (`registry =`, `archive_override(urls)`, `git_override(remote)`),
//     read as the sources they name (sources.ts sentences: untrusted-source, third-party-source)
//   PlatformIO `platform`/`platform_packages` from a repository under an owner no catalogue knows
//     (third-party-source), `lib_deps` URLs as git dependencies, `extra_scripts` from a hidden or
//     temporary place (startup-program)
//   a manifest's organisation-wide URL (`url-base: https://github.com/ORG` in west.yml, repo
//     manifests' `fetch=`) moved to another owner (`fork`)
//   Yocto/BitBake configuration: a class every recipe inherits (`INHERIT +=`) that OE-core, poky
//     and the common layers do not ship (`build-class yocto NAME`), and source or shared-state
//     mirrors on unknown hosts (untrusted-source)
//   an integrity pin taken out of a build file (`sha256 =`, `integrity =`, CMake `URL_HASH`,
//     `SRC_URI[sha256sum]`, pip `--hash`) while the download it pinned stays (`tampers checksum`)
//   Kconfig fragments that turn image signing or signature checks off (MCUboot
//     `CONFIG_BOOT_SIGNATURE_TYPE_NONE`, `CONFIG_BOOT_VALIDATE_SLOT0=n`, `CONFIG_SECURE_BOOT`,
//     U-Boot `CONFIG_FIT_SIGNATURE`, Linux `CONFIG_MODULE_SIG`) (`verification-off kconfig SYMBOL`)
//   site and bundler configuration that imports code from a URL at build time (read as that
//     source, kind code) or adds a script from an unknown host to every page (`page-script HOST`)
// Sources: Bazel "Bzlmod: overrides" reference; PlatformIO "platformio.ini" options reference;
// west manifest reference (remotes url-base); Yocto Project Reference Manual (classes chapter,
// INHERIT, PREMIRRORS/MIRRORS/SSTATE_MIRRORS); MCUboot and Zephyr Kconfig references; U-Boot FIT
// signature docs; Linux module signing docs; Docusaurus `scripts`, VitePress `head`, MkDocs
// `extra_javascript`, Astro/Vite/Next config files (ES modules).
import { posix } from 'node:path';
import type { Effect } from './types.js';
import { sourceFindings, sourceHost } from './sources.js';
import { dependency } from './supply.js';
import { isKnownOwner } from './supply-data.js';
import { tuckedAway } from './code-loaders.js';
import { isInternalName } from './fetch-readings.js';

const CODE_HOST = /^(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|gitee\.com|git\.sr\.ht)$/;

function owner(url: string): string | undefined {
  const m = /^(?:[a-z+]+:\/\/(?:[^@/]*@)?|[\w.-]+@)([^/:]+)[/:]([\w.-]+)/i.exec(url.trim());
  return m?.[1] && CODE_HOST.test(m[1].toLowerCase()) ? m[2]?.toLowerCase() : undefined;
}

/** MODULE.bazel / WORKSPACE overrides and their sources. */
function bazelModule(text: string, name: string, out: Effect[]): void {
  for (const m of text.matchAll(/\bregistry\s*=\s*["']([^"']+)["']/g))
    sourceFindings('bazel', m[1] ?? '', `${name} resolves a module from the registry ${m[1]}`, out);
  for (const m of text.matchAll(/\barchive_override\s*\(([\s\S]*?)\)/g))
    for (const u of (m[1] ?? '').matchAll(/["'](https?:\/\/[^"']+)["']/g))
      sourceFindings('bazel', u[1] ?? '', `${name} replaces a module with the archive ${u[1]}`, out, 'code');
  for (const m of text.matchAll(/\bgit_override\s*\(([\s\S]*?)\)/g)) {
    const remote = /\bremote\s*=\s*["']([^"']+)["']/.exec(m[1] ?? '')?.[1];
    if (!remote) continue;
    const o = owner(remote);
    if (o && !isKnownOwner(o))
      out.push(dependency(['third-party-source', 'bazel', remote], `${name} replaces a module with ${remote}`));
    else sourceFindings('bazel', remote, `${name} replaces a module with ${remote}`, out, 'git');
  }
}

/** platformio.ini: platforms, tool packages, libraries and build scripts. */
function platformio(text: string, out: Effect[]): void {
  const via = 'platformio.ini';
  for (const m of text.matchAll(
    /^\s*(platform|platform_packages|lib_deps|extra_scripts)\s*=\s*((?:.*)(?:\n[ \t]+\S.*)*)/gm,
  )) {
    const key = m[1] ?? '';
    for (const raw of (m[2] ?? '').split(/[\n,]+/)) {
      const item = raw.trim().replace(/^[\w.-]+\s*@\s*(?=[a-z+]+:\/\/)/i, '');
      if (!item || item.startsWith(';')) continue;
      if (key === 'extra_scripts') {
        const file = item.replace(/^(?:pre|post):/, '');
        if (tuckedAway(file))
          out.push({
            tool: 'startup',
            command: `startup-program ${file} platformio.ini`,
            via: `${via} makes every build run ${file}, from a hidden or temporary place`,
          });
        continue;
      }
      if (!/^[a-z+]+:\/\/|^[\w.-]+@[\w.-]+:/i.test(item)) continue;
      const o = owner(item);
      if (key !== 'lib_deps' && o && !isKnownOwner(o) && o !== 'platformio')
        out.push(dependency(['third-party-source', 'platformio', item], `${via} builds with the ${key} ${item}`));
      else
        sourceFindings(
          'platformio',
          item,
          `${via} builds with the ${key} ${item}`,
          out,
          key === 'lib_deps' ? 'git' : 'code',
        );
    }
  }
}

/** Classes OE-core, poky and the widely used layers ship (Yocto Reference Manual, "Classes"). */
const YOCTO_CLASSES = new Set(
  (
    'rm_work rm_work_and_downloads buildhistory buildstats buildstats-summary cve-check create-spdx create-spdx-2.2 ' +
    'spdx-common own-mirrors mirrors report-error image-buildinfo uninative sanity reproducible_build archiver ' +
    'testimage testsdk externalsrc ccache icecc prexport primport extrausers chrpath toaster sign_rpm sign_ipk ' +
    'sign_package_feed gitpkgv insane license license_image package_rpm package_deb package_ipk populate_sdk_ext ' +
    'sstate distrooverrides image-container useradd-staticids siteinfo vex yocto-check-layer rootfs-postcommands ' +
    'relative_symlinks multilib_global kernel-fitimage devshell sbom-cve-check go-vendor mender-full mender-setup ' +
    'mender-full-bootloader rust-common qemu nativesdk allarch bin_package image-mklibs image-prelink ' +
    'features_check overlayfs overlayfs-etc retain buildcfg go-mod vex_check update-alternatives ptest ' +
    'testexport rootfsdebugfiles pypi kernel-yocto swupdate swupdate-image swupdate-common debian ' +
    'image_types_wic image_types_verity dm-verity-img fit-image uboot-sign rauc-integration'
  ).split(' '),
);

/** BitBake configuration: classes inherited by every recipe, and the mirrors it fetches from. */
function bitbake(text: string, name: string, out: Effect[]): void {
  for (const m of text.matchAll(
    /^\s*(?:INHERIT|USER_CLASSES|IMAGE_CLASSES)(?::append|:prepend)?\s*(?:\+=|=\+|\?\?=|\?=|:=|=)\s*"([^"]*)"/gm,
  ))
    for (const cls of (m[1] ?? '').split(/\s+/).filter(Boolean))
      if (!YOCTO_CLASSES.has(cls) && !/^\$\{/.test(cls))
        out.push({
          tool: 'exec',
          command: `build-class yocto ${cls.replace(/[^\w.-]/g, '_')}`,
          via: `${name} makes every recipe of every build inherit the class ${cls}`,
        });
  for (const m of text.matchAll(
    /^\s*(?:PREMIRRORS|MIRRORS|SSTATE_MIRRORS|SOURCE_MIRROR_URL|BB_HASHSERVE_UPSTREAM)(?::append|:prepend)?\s*(?:\+=|=\+|\?\?=|\?=|:=|=)\s*"((?:[^"\\]|\\.)*)"/gm,
  ))
    for (const u of (m[1] ?? '').matchAll(/\b(?:https?|ftp|git|gitsm):\/\/[^\s"\\;]+/g)) {
      const url = u[0];
      // the pattern half of a mirror pair (`git://.*/.*`) is a regular expression, not a host
      if (/\.\*|\\/.test(url.split('/')[2] ?? '')) continue;
      const host = sourceHost(url);
      if (host && !isInternalName(host)) sourceFindings('yocto', url, `${name} makes BitBake fetch from ${url}`, out);
    }
}

/** Kconfig symbols that sign images or check signatures (a fragment turning one off). */
const SIGNING_SYMBOL =
  /^CONFIG_\w*(?:SIGNATURE|SIGNED|SIGNING|SIG_FORCE|MODULE_SIG|SECURE_BOOT|VALIDATE_SLOT|VERIFY|VERIFIED_BOOT|HAB|ENCRYPTED_IMAGE|FLASH_ENCRYPTION|TRUSTED_BOOT|LOCKDOWN)\w*$/;

function kconfigOff(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/^\s*(CONFIG_\w+)\s*=\s*n\s*$|^\s*#\s*(CONFIG_\w+)\s+is not set/gm)) {
    const sym = m[1] ?? m[2] ?? '';
    if (SIGNING_SYMBOL.test(sym)) out.add(sym);
  }
  for (const m of text.matchAll(/^\s*(CONFIG_\w*(?:SIGNATURE|SIGN)\w*_(?:TYPE_)?NONE)\s*=\s*y\s*$/gm))
    out.add(m[1] ?? '');
  return out;
}

function kconfigOn(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/^\s*(CONFIG_\w+)\s*=\s*(?:y|"[^"]+")\s*$/gm))
    if (SIGNING_SYMBOL.test(m[1] ?? '')) out.add(m[1] ?? '');
  return out;
}

/** Hosts of well-known script CDNs, analytics, consent, search and support widgets a site loads
 * (each vendor's install snippet); a script from another host runs on every page unreviewed. */
const PAGE_SCRIPT_HOSTS =
  /(?:^|\.)(?:googletagmanager\.com|google-analytics\.com|google\.com|googleapis\.com|gstatic\.com|plausible\.io|cdn\.jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com|cloudflareinsights\.com|challenges\.cloudflare\.com|usefathom\.com|umami\.is|posthog\.com|segment\.com|hs-scripts\.com|hsforms\.net|hotjar\.com|intercom\.io|stripe\.com|fontawesome\.com|giscus\.app|utteranc\.es|tailwindcss\.com|code\.jquery\.com|bootstrapcdn\.com|plot\.ly|mxpnl\.com|mixpanel\.com|kapa\.ai|clarity\.ms|licdn\.com|facebook\.net|twitter\.com|amplitude\.com|sentry-cdn\.com|zdassets\.com|cookielaw\.org|cookiebot\.com|skypack\.dev|esm\.sh|goatcounter\.com|gc\.zgo\.at|simpleanalyticscdn\.com|matomo\.cloud|typeform\.com|termly\.io|algolia\.net|algolianet\.com|mathjax\.org|polyfill-fastly\.io|statuspage\.io|crisp\.chat|hubspot\.com|youtube\.com|vimeo\.com|recaptcha\.net|hcaptcha\.com|vercel-insights\.com|vercel-scripts\.com|netlify\.com|cloudflare\.com|jsdelivr\.com|readme\.io|mermaid\.js\.org)$/;

const SITE_CONFIG =
  /(?:^|\/)(?:[\w.-]+\.config\.[cm]?[jt]s|\.vitepress\/config\.[cm]?[jt]s|\.vuepress\/config\.[cm]?[jt]s|gatsby-(?:config|node|browser|ssr)\.[cm]?[jt]sx?|_config\.ya?ml|mkdocs\.ya?ml|hugo\.(?:toml|ya?ml|json)|\.eleventy\.[cm]?js|\.storybook\/(?:main|preview)\.[cm]?[jt]s|theme\.config\.[jt]sx?|_app\.[jt]sx?|_document\.[jt]sx?|layout\.[jt]sx?)$/i;

function siteConfig(text: string, name: string, out: Effect[]): void {
  // code imported from a URL runs in the build itself
  for (const m of text.matchAll(/\b(?:import\s*\(\s*|from\s+|require\s*\(\s*)["'`](https?:\/\/[^"'`\s]+)["'`]/g))
    sourceFindings('npm', m[1] ?? '', `${name} imports code from ${m[1]} into every build`, out, 'code');
  // scripts added to every page: `src: 'URL'`, `['script', {src: 'URL'}]`, extra_javascript items, <script src=URL>
  const urls = [
    ...text.matchAll(/\bsrc\s*[:=]\s*["'`]?(https?:\/\/[^"'`\s>]+)/g),
    ...text.matchAll(/^\s*-\s*["']?(https?:\/\/[^"'\s]+\.m?js\b[^"'\s]*)/gm),
  ];
  for (const m of urls) {
    const url = m[1] ?? '';
    const host = sourceHost(url);
    if (!host || PAGE_SCRIPT_HOSTS.test(host) || isInternalName(host)) continue;
    out.push({
      tool: 'exec',
      command: `page-script ${host} ${name.replace(/[^\w./-]/g, '_')}`,
      via: `${name} adds a script from ${host} to every page of the site`,
    });
  }
}

/** Page, layout and component files a site build renders into what it serves. */
const PAGE_FILE =
  /(?:^|\/)(?:pages|app|routes|layouts|components|src\/pages|src\/app|src\/routes|src\/layouts|src\/components)\/(?:[^/]+\/)*[^/]+\.(?:astro|svelte|vue|[jt]sx?|mdx)$|\.astro$/;
/** Client-exposed env prefixes (Next, Vite, Astro, CRA, Nuxt, Expo, Gatsby, SvelteKit). */
const PUBLIC_PREFIX = /^(?:NEXT_PUBLIC_|VITE_|PUBLIC_|REACT_APP_|NUXT_PUBLIC_|EXPO_PUBLIC_|GATSBY_|VUE_APP_)/;
const SECRET_NAME =
  /SECRET|PRIVATE|PASSWORD|PASSWD|SERVICE_ROLE|ADMIN_KEY|_ADMIN_|MANAGEMENT_TOKEN|WRITE_KEY|ACCESS_KEY_ID|SECRET_ACCESS/;

/**
 * What a written file puts of the server's environment into a site's served output: a page
 * rendering the whole environment (`JSON.stringify(process.env)`, `{...import.meta.env}`), a
 * bundler told to inline all of it (`define: {'process.env': process.env}`, `envPrefix: ''`,
 * DefinePlugin/EnvironmentPlugin of every key), or a secret-named variable under a prefix the
 * framework ships to the browser (`NEXT_PUBLIC_..._SERVICE_ROLE_KEY`).
 */
function exposedEnv(p: string, name: string, text: string): string | undefined {
  const whole =
    /JSON\.stringify\(\s*(?:process\.env|import\.meta\.env)\s*[,)]|\.\.\.\s*(?:process\.env|import\.meta\.env)\b|Object\.(?:entries|keys|values)\(\s*(?:process\.env|import\.meta\.env)\s*\)/;
  if (PAGE_FILE.test(p) && whole.test(text)) return 'page renders the whole environment';
  if (SITE_CONFIG.test(p) || /(?:^|\/)webpack[\w.-]*\.[cm]?[jt]s$/.test(p)) {
    if (
      /["']process\.env["']\s*:\s*(?:JSON\.stringify\(\s*)?process\.env\b|EnvironmentPlugin\(\s*Object\.keys\(\s*process\.env/.test(
        text,
      )
    )
      return 'bundler inlines the whole environment';
    if (/\benvPrefix\s*:\s*(?:["']{2}|\[[^\]]*["']{2})/.test(text)) return 'bundler exposes every variable';
  }
  if (/(?:^|\/)\.env(?:\.[\w.-]+)?$|(?:^|\/)(?:next|nuxt|astro|vite)\.config\.[cm]?[jt]s$/.test(p))
    for (const m of text.matchAll(/\b([A-Z][A-Z0-9_]{3,})\s*[=:]/g)) {
      const v = m[1] ?? '';
      if (PUBLIC_PREFIX.test(v) && SECRET_NAME.test(v.replace(PUBLIC_PREFIX, '')))
        return `secret ${v} shipped to the browser`;
    }
  void name;
  return undefined;
}

/** Integrity pins of build files (a checksum beside the download it vouches for). */
const PIN_LINE =
  /^\s*(?:sha256|sha512|integrity|checksum|hash)\s*[=:]\s*["'][^"'\n]{16,}["']|\bURL_HASH\s+\S+|\bEXPECTED_(?:HASH|MD5)\s+\S+|\bSRC_URI\[[\w.-]*sha256sum\]|--hash[= ](?:sha256|sha384|sha512):[0-9a-f]+|^\s*--require-hashes\b/gim;
const BUILD_FILE =
  /(?:^|\/)(?:WORKSPACE(?:\.bazel)?|MODULE\.bazel|[\w.-]+\.bzl|BUILD(?:\.bazel)?|CMakeLists\.txt|[\w.-]+\.cmake|[\w.-]+\.bb|[\w.-]+\.bbappend|[\w.-]+\.inc|requirements[\w.-]*\.txt|[\w.-]+\.nix|flake\.lock|Formula\/[\w.-]+\.rb|[\w.-]+\.rb|PKGBUILD|[\w.-]+\.spec|build\.gradle(?:\.kts)?|Package\.swift|conanfile\.py|vcpkg\.json|portfile\.cmake|[\w.-]+\.json)$/;

/** What a written build or site configuration makes the next build take in or skip. */
export function buildInputEffects(path: string, before: string, after: string): Effect[] {
  const p = path.replace(/\\/g, '/');
  const name = posix.basename(p);
  const out: Effect[] = [];
  const read = (text: string): Effect[] => {
    const list: Effect[] = [];
    if (/^(?:MODULE\.bazel|WORKSPACE(?:\.bazel)?|WORKSPACE\.bzlmod|[\w.-]+\.MODULE\.bazel)$/.test(name))
      bazelModule(text, name, list);
    if (name === 'platformio.ini') platformio(text, list);
    // west manifests: the repositories `west update` clones
    if (
      /^(?:west\.ya?ml|[\w.-]+\.west\.ya?ml)$/.test(name) ||
      /^\s*manifest\s*:[\s\S]*^\s*(?:remotes|projects)\s*:/m.test(text)
    )
      for (const m of text.matchAll(/^\s*(?:-\s*)?(?:url-base|url)\s*:\s*["']?(\S+?)["']?\s*$/gm))
        sourceFindings('west', m[1] ?? '', `${name} makes west update fetch from ${m[1]}`, list, 'git');
    if (/(?:^|\/)conf\/(?:local|site|auto|bblayers)\.conf$|\.bbappend$|(?:^|\/)conf\/distro\/[\w.-]+\.conf$/.test(p))
      bitbake(text, name, list);
    if (SITE_CONFIG.test(p)) siteConfig(text, name, list);
    const env = exposedEnv(p, name, text);
    if (env)
      list.push({
        tool: 'exec',
        command: `exposes-env ${name.replace(/[^\w.-]/g, '_')} ${env.replace(/\s+/g, '-')}`,
        via: `${name}: the ${env}, into what the site serves`,
      });
    // a Pulumi provider's pluginDownloadURL: where `pulumi up` fetches the provider binary it runs
    for (const m of text.matchAll(/\bpluginDownloadURL["']?\s*[:=]\s*["']([^"']+)["']/gi))
      sourceFindings('pulumi', m[1] ?? '', `${name} makes Pulumi fetch a provider from ${m[1]}`, list, 'code');
    return list;
  };
  const had = new Set(before ? read(before).map((e) => e.command) : []);
  out.push(...read(after).filter((e) => !had.has(e.command)));
  // a west/repo manifest or any YAML/XML/INI build file moving an organisation URL to another owner
  if (before && /\.(?:ya?ml|xml|ini|toml|cfg)$/.test(name)) {
    const orgs = (t: string) =>
      [
        ...t.matchAll(
          /(?:url-base|url|fetch|base_url|remote)\s*[:=]\s*["']?((?:https?|ssh|git):\/\/(?:[^@/\s]*@)?([^/\s"']+)\/([\w.-]+)\/?)["']?\s*$/gm,
        ),
      ].map((m) => ({
        url: m[1] ?? '',
        host: (m[2] ?? '').toLowerCase(),
        org: (m[3] ?? '').toLowerCase(),
      }));
    const old = orgs(before);
    for (const n of orgs(after))
      for (const o of old)
        if (o.host === n.host && o.org !== n.org && !isKnownOwner(n.org))
          out.push(
            dependency(
              ['fork', name, `${o.host}/${o.org}`, 'to', n.url],
              `the edit moves ${name}'s sources from ${o.org} to ${n.org}`,
            ),
          );
  }
  // integrity pins taken out while the file still downloads (a whole declaration deleted, its URL
  // with it, is not this)
  if (before && BUILD_FILE.test(p)) {
    const pins = (t: string) => (t.match(PIN_LINE) ?? []).length;
    const urls = (t: string) => (t.match(/\b(?:https?|git\+https?|s3|gs):\/\/[^\s"')]+/g) ?? []).length;
    if (pins(before) > pins(after) && urls(after) >= urls(before))
      out.push(
        dependency(
          ['tampers', 'checksum', name],
          `the edit takes an integrity pin out of ${name}: the next build accepts whatever the URL serves`,
        ),
      );
  }
  // Kconfig fragments: image signing or signature checks turned off
  if (/(?:_defconfig|^defconfig|\.conf|^sdkconfig[\w.-]*|^\.config|\.cfg|Kconfig[\w.-]*)$/.test(name)) {
    const on = kconfigOn(before);
    const wasOff = kconfigOff(before);
    for (const sym of kconfigOff(after)) {
      // a signature type of NONE is new by itself; `=n` / `is not set` counts where the old text had it on
      // (a whole generated config lists many symbols as not set)
      if (wasOff.has(sym) || (!/_NONE$/.test(sym) && !on.has(sym))) continue;
      out.push({
        tool: 'exec',
        command: `verification-off kconfig ${sym}`,
        via: `${name} turns ${sym} off: the firmware built from it no longer signs or checks its images`,
      });
    }
  }
  return out;
}
