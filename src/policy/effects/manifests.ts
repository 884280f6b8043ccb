// Where a written config file, manifest or lockfile makes a package manager fetch from, and
// whether it still verifies: the same readings as the command line (sources.ts), applied to the
// settings a file holds. Which file belongs to which ecosystem, and which of its keys name
// sources, follows each tool's documented file format; everything else in the file is ignored
// (a project's homepage or issue tracker URL is not a source).
import { manifestRepoFindings } from './manifest-repos.js';
import { compromisedInManifest } from './compromised.js';
import { manifestNameFindings } from './manifest-names.js';
import { dependencyPatchFindings } from './dependency-patches.js';
import { manifestRouteFindings } from './manifest-routes.js';
import type { Effect } from './types.js';
import {
  hostClass,
  settingFindings,
  sourceFindings,
  sourceHost,
  thirdPartyCodeUrl,
  type SourceKind,
} from './sources.js';
import { dependency, slugFinding } from './supply.js';
import { PIP_REQUIREMENTS, wrapsOwner } from './supply-data.js';
import { INFRA_READERS } from './infra-sources.js';
import { BUILD_REPO_READERS } from './build-repos.js';
import { galaxyRequirementFindings } from './galaxy-requirements.js';
import { pluginPathFindings } from './plugin-paths.js';
import { aliasSwaps } from './content.js';
import { installedFindings } from './installed-trees.js';
import { configSourceEffects } from './config-sources.js';

const MAX_LINES = 4000;

/** Publishers of dev container features: the reference set, its community collection, Microsoft's. */
const FEATURE_OWNERS = /^(?:devcontainers|devcontainers-contrib|devcontainers-extra|microsoft|azure|github)$/;

function lines(text: string): string[] {
  return text.split('\n').slice(0, MAX_LINES);
}

/** Every URL or host in `value` as a source of `eco`; git sources from unknown hosts ask. */
function urls(eco: string, value: string, via: string, out: Effect[], git: boolean | SourceKind = false): void {
  sourceFindings(eco, value, via, out, git);
}

/** `key = value`, `key: value`, `key "value"`, `"key": value` settings, with the [section] they are in. */
function keyValues(text: string): { section: string; key: string; value: string }[] {
  const out: { section: string; key: string; value: string }[] = [];
  let section = '';
  for (const l of lines(text)) {
    const sec = /^\s*\[+\s*([^\]]+?)\s*\]+\s*$/.exec(l);
    if (sec?.[1]) {
      section = sec[1].toLowerCase();
      continue;
    }
    const m =
      /^\s*["']?([@\w./:-]+?)["']?\s*(?:=|:|\s)\s*(?:\[\s*)?["']?([^"'#\s,\]][^"'#,\]]*?)["']?\s*,?\s*(?:\])?\s*$/.exec(
        l,
      );
    if (m?.[1] && m[2] !== undefined) out.push({ section, key: m[1], value: m[2].trim() });
  }
  return out;
}

/** Items of YAML lists (`  - https://...`) under `key:` (conda channels, registry mirrors). */
function yamlList(text: string, key: RegExp): string[] {
  const out: string[] = [];
  let inList = false;
  for (const l of lines(text)) {
    if (/^\S/.test(l) || /^\s*[\w-]+\s*:/.test(l)) inList = key.test(l.split(':')[0]?.trim() ?? '');
    else if (inList) {
      const m = /^\s*-\s*["']?([^"'\s#]+)/.exec(l);
      if (m?.[1]) out.push(m[1]);
    }
  }
  return out;
}

type Reader = (text: string, via: string, out: Effect[]) => void;

const readers: [RegExp, string, Reader][] = [
  // Kconfig fragments (Zephyr prj.conf and board defconfigs, ESP-IDF sdkconfig.defaults, Linux
  // and U-Boot defconfigs): options that make the bootloader or kernel stop checking the
  // signatures of the images and modules it runs (MCUboot BOOT_SIGNATURE_TYPE_NONE and
  // BOOT_VALIDATE_SLOT0, ESP-IDF SECURE_BOOT / SECURE_SIGNED_*, U-Boot FIT_SIGNATURE, Linux
  // MODULE_SIG_FORCE; each project's Kconfig reference). Only an explicit `=n` or a `*_NONE=y`
  // counts: `# CONFIG_X is not set` is how generated files list every default
  [
    /(?:^|\/)(?:[\w.-]*defconfig|prj[\w.-]*\.conf|sdkconfig[\w.-]*|[\w.-]+\.config|\.config|[\w.-]*_defconfig)$|(?:^|\/)boards?\/.+\.conf$/,
    'firmware',
    (t, via, out) => {
      for (const m of t.matchAll(
        /^\s*(CONFIG_[A-Z0-9_]*(?:SIGNATURE_TYPE_NONE|SECURE_BOOT_INSECURE|INSECURE_ALLOW\w*|SKIP_VALIDATION|NO_VALIDATION))\s*=\s*y\b|^\s*(CONFIG_[A-Z0-9_]*(?:BOOT_VALIDATE|SIGNATURE|SIGNED_APPS|SECURE_BOOT|SIG_FORCE|SIG_ALL)[A-Z0-9_]*)\s*=\s*n\b/gm,
      ))
        out.push(
          dependency(
            ['no-verify', 'firmware', m[1] ?? m[2] ?? ''],
            `${via} (the bootloader or kernel stops checking the signatures of what it runs)`,
          ),
        );
    },
  ],
  // JavaScript build and site configs (vite/astro/next/nuxt/svelte/docusaurus/tailwind/eslint ...
  // *.config.*, gatsby-config, .eleventy.js) run in Node at every build and dev-server start: a
  // module imported or required from a URL is code from that server run there
  [
    /(?:^|\/)(?:[\w.-]+\.config|gatsby-(?:config|node)|\.eleventy)\.[cm]?[jt]s$/,
    'npm',
    (t, via, out) => {
      for (const m of t.matchAll(
        /\b(?:import\s*\(\s*|import\s+(?:[\w{}*\s,$]+\s+from\s*)?|require\s*\(\s*)["'`]((?:https?:)?\/\/[^"'`\s]+)/g,
      ))
        sourceFindings(
          'npm',
          (m[1] ?? '').replace(/^\/\//, 'https://'),
          `${via} imports code from a URL at build time`,
          out,
          'code',
        );
    },
  ],
  // Dependabot and Renovate registries: the hosts their update pull requests take versions from
  [
    /(?:^|\/)\.github\/dependabot\.ya?ml$|(?:^|\/)(?:renovate\.json5?|\.renovaterc(?:\.json5?)?|\.github\/renovate\.json5?)$/,
    'updates',
    (t, via, out) => {
      for (const m of t.matchAll(
        /["']?(?:url|registryUrls|registryUrl)["']?\s*:\s*\[?\s*["']?((?:https?|git):\/\/[^\s"',\]]+)/g,
      ))
        if (m[1]) urls('updates', m[1], via, out);
    },
  ],
  // npm family (the .npmrc key=value form is read by content.ts as `npm config set`)
  [
    /(?:^|\/)\.yarnrc(?:\.yml)?$/,
    'npm',
    (t, via, out) => {
      for (const { key, value } of keyValues(t)) settingFindings('npm', key, value, via, out);
    },
  ],
  // pnpm-workspace.yaml: overrides that put another package under a popular name (content.ts)
  [
    /(?:^|\/)pnpm-workspace\.ya?ml$|(?:^|\/)\.pnpmfile\.c?js$/,
    'npm',
    (t, via, out) => {
      out.push(...aliasSwaps(t, via));
    },
  ],
  // dev container features: each runs its install.sh as root when the container is built
  // (containers.dev "Features"); the devcontainers organisation publishes the reference set
  [
    /(?:^|\/)\.?devcontainer(?:-feature)?\.json$/,
    'devcontainer',
    (t, via, out) => {
      for (const m of t.matchAll(
        /"((?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?\/([\w.-]+)\/[\w./-]+(?::[\w.-]+|@sha256:[0-9a-f]+)?)"\s*:/gi,
      )) {
        const [, ref = '', owner = ''] = m;
        const o = owner.toLowerCase();
        if (FEATURE_OWNERS.test(o)) continue;
        const posing = o.startsWith('devcontainer') || wrapsOwner(o, 'devcontainers');
        out.push(
          dependency(
            posing
              ? ['lookalike', 'devcontainer', ref, 'of', 'devcontainers']
              : ['third-party-source', 'devcontainer', ref],
            `${via} (a feature that runs as root in the container build: ${ref})`,
          ),
        );
      }
    },
  ],
  // setup.cfg: requirements given as URLs (`name @ URL` in install_requires/setup_requires) and
  // dependency_links, fetched by pip and setuptools at install or build time
  [
    /(?:^|\/)setup\.cfg$/,
    'pypi',
    (t, via, out) => {
      for (const m of t.matchAll(/[\w.[\],-]+\s*@\s*((?:git\+)?(?:https?|ssh|git):\/\/[^\s;,'"]+)/g))
        if (m[1]) urls('pypi', m[1], via, out, m[1].startsWith('git'));
      for (const m of t.matchAll(/^\s*dependency_links\s*=\s*([^\n]*(?:\n[ \t]+[^\n]+)*)/gm))
        if (m[1]) urls('pypi', m[1], via, out);
    },
  ],
  // tox: the command every environment installs its packages with (tox.wiki, install_command)
  [
    /(?:^|\/)tox\.ini$/,
    'pypi',
    (t, via, out) => {
      for (const m of t.matchAll(/^\s*install_command\s*=\s*(.+)$/gm)) {
        const cmd = (m[1] ?? '').replace(/\{[^}]*\}/g, ' ').trim();
        if (cmd) out.push({ tool: 'exec', command: cmd, via: `${via} (tox installs with: ${cmd})` });
      }
    },
  ],
  // pip requirement files: a requirement given as a URL or VCS link is code from that host
  [
    PIP_REQUIREMENTS,
    'pypi',
    (t, via, out) => {
      for (const l of lines(t)) {
        const m =
          /^\s*(?:-e\s+|--editable[=\s]+)?(?:[\w.[\],-]+\s*@\s*)?((?:git\+|hg\+)?(?:https?|git|ssh|ftp):\/\/\S+)/.exec(
            l,
          );
        if (m?.[1]) urls('pypi', m[1], via, out, /^(?:git|hg)\+/.test(m[1]));
        const opt = /^\s*--(?:cert|client-cert)[=\s]+(\S+)/.exec(l);
        if (opt?.[1]) settingFindings('pypi', 'cert', opt[1], via, out);
      }
    },
  ],
  // pyproject.toml, Pipfile, uv.toml, poetry.toml: indexes and sources, verify_ssl, URL/git dependencies
  [
    /(?:^|\/)(?:pyproject|uv|poetry|pdm|pixi)\.toml$|(?:^|\/)pipfile$/,
    'pypi',
    (t, via, out) => {
      for (const { section, key, value } of keyValues(t)) {
        const k = key.toLowerCase();
        if (/(?:^|\.)(?:urls|project\.urls)$/.test(section) || section === 'tool.poetry' || section === 'project')
          continue;
        if (/verify[_-]?ssl|trusted[_-]?host|allow[_-]?insecure[_-]?host|native[_-]?tls/.test(k))
          settingFindings('pypi', k, value, via, out);
        else if (
          /^(?:url|index-url|extra-index-url|index_url|find-links)$/.test(k) &&
          /source|index|uv|pip|pdm/.test(section)
        )
          urls('pypi', value, via, out);
      }
      // pixi's conda channels (pixi.sh, "Channel configuration"): a URL is a conda channel
      for (const m of t.matchAll(/^\s*channels\s*=\s*\[([^\]]*)\]/gm))
        for (const u of (m[1] ?? '').matchAll(/["']((?:https?|ftp):\/\/[^"']+)["']/g))
          if (u[1]) urls('conda', u[1], via, out);
      for (const m of t.matchAll(/\b(git|url|path)\s*=\s*["']((?:git\+)?(?:https?|git|ssh):\/\/[^"']+)["']/g))
        if (m[2]) urls('pypi', m[2], via, out, m[1] === 'git');
      for (const m of t.matchAll(/["'][\w.[\],-]+\s*@\s*((?:git\+)?(?:https?|git|ssh):\/\/[^"'\s;]+)/g))
        if (m[1]) urls('pypi', m[1], via, out, m[1].startsWith('git'));
    },
  ],
  // conda: channels, channel_alias, ssl_verify
  [
    /(?:^|\/)\.?condarc$|(?:^|\/)environment\.ya?ml$/,
    'conda',
    (t, via, out) => {
      for (const u of yamlList(t, /^(?:channels|default_channels|custom_channels)$/)) urls('conda', u, via, out);
      // an environment file's `- pip:` list takes pip requirements: a VCS link, a `name @ URL`
      // or an archive URL is code from that host (conda docs, "Creating an environment file manually")
      for (const m of t.matchAll(
        /^\s*-\s*(?:[\w.[\],-]+\s*@\s*)?((?:git\+|hg\+)(?:https?|git|ssh):\/\/\S+|(?:https?|ftp):\/\/\S+\.(?:whl|tar\.gz|tgz|zip))\s*$/gm,
      ))
        if (m[1]) urls('pypi', m[1], via, out, /^(?:git|hg)\+/.test(m[1]));
      for (const { key, value } of keyValues(t))
        if (/^(?:ssl_verify|channel_alias|allow_non_channel_urls)$/.test(key))
          settingFindings('conda', key, value, via, out);
    },
  ],
  // platformio.ini: lib_deps, platform and platform_packages may name a URL in place of a registry
  // package (PlatformIO "Package Specifications"): a git repository is a dependency from a
  // repository; an archive URL is code downloaded and built into the firmware as it is
  [
    /(?:^|\/)platformio\.ini$/,
    'platformio',
    (t, via, out) => {
      let inDeps = false;
      let key = '';
      for (const l of lines(t)) {
        const kv = /^\s*(lib_deps|platform|platform_packages)\s*=\s*(.*)$/.exec(l);
        if (kv) {
          inDeps = true;
          key = kv[1] ?? '';
        } else if (!/^\s+\S/.test(l) || /^\s*[\w.-]+\s*=/.test(l)) inDeps = false;
        if (!inDeps) continue;
        for (const m of (kv?.[2] ?? l).matchAll(/(?:[\w-]+\s*@\s*)?((?:git\+)?(?:https?|git|ssh):\/\/[^\s,;#]+)/g)) {
          const u = m[1] ?? '';
          // a platform and its packages are the toolchain, framework and builder scripts every
          // build runs: from a repository they are code taken from its owner, as a library's
          // archive is (the platforms' own repositories are platformio's)
          urls(
            'platformio',
            u,
            via,
            out,
            key !== 'lib_deps' || /\.(?:zip|tar\.gz|tgz|tar\.bz2|tar\.xz)(?:[?#].*)?$/i.test(u) ? 'code' : 'git',
          );
        }
      }
    },
  ],
  // Gemfile / gems.rb: source, and gems from git repositories or other hosts
  [
    /(?:^|\/)(?:gemfile|gems\.rb|pluginfile)$/,
    'gem',
    (t, via, out) => {
      for (const m of t.matchAll(/^\s*source\s*\(?\s*["']([^"']+)["']/gm)) if (m[1]) urls('gem', m[1], via, out);
      for (const m of t.matchAll(/(?::git\s*=>|\bgit:)\s*["']([^"']+)["']/g))
        if (m[1]) urls('gem', m[1], via, out, true);
      // a gem's own `source:` option takes that gem from another server (Bundler docs, "Gemfile")
      for (const m of t.matchAll(/(?::source\s*=>|\bsource:)\s*["']([^"']+)["']/g))
        if (m[1]) urls('gem', m[1], via, out);
    },
  ],
  [
    /(?:^|\/)\.gemrc$|(?:^|\/)\.bundle\/config$/,
    'gem',
    (t, via, out) => {
      for (const { key, value } of keyValues(t))
        settingFindings('gem', key.replace(/^:/, '').replace(/^BUNDLE_/, ''), value, via, out);
      for (const u of yamlList(t, /^:?sources$/)) urls('gem', u, via, out);
    },
  ],
  // Gradle build scripts: maven { url ... } repositories and insecure protocols
  [
    /(?:^|\/)(?:build|settings|init)\.gradle(?:\.kts)?$|(?:^|\/)\.gradle\/init\.d\/[^/]+$/,
    'maven',
    (t, via, out) => {
      for (const m of t.matchAll(
        /\burl\s*(?:=\s*)?(?:uri\s*\(\s*)?["']([^"']+)["']|\bmaven\s*\(\s*(?:url\s*=\s*)?["']([^"']+)["']/g,
      )) {
        const u = m[1] ?? m[2];
        if (u) urls('maven', u, via, out);
      }
      if (/\b(?:is)?[aA]llowInsecureProtocol\s*(?:=|\()\s*true/.test(t))
        out.push(
          dependency(['no-verify', 'maven', 'allowInsecureProtocol'], `${via} (lets Gradle download over plain http)`),
        );
    },
  ],
  // Gradle's dependency verification file and properties, Maven's checksum policy: whether what
  // the build downloads is checked against the recorded checksums and signatures at all
  [
    /(?:^|\/)verification-metadata\.xml$|(?:^|\/)gradle\.properties$/,
    'maven',
    (t, via, out) => {
      for (const m of t.matchAll(/<(verify-metadata|verify-signatures)>\s*(\w+)\s*</g))
        settingFindings('maven', m[1] ?? '', m[2] ?? '', via, out);
      for (const { key, value } of keyValues(t))
        if (/dependency\.verification$/.test(key)) settingFindings('maven', key, value, via, out);
    },
  ],
  // build tool wrappers: the distribution they download and run
  [
    /(?:^|\/)gradle-wrapper\.properties$|(?:^|\/)maven-wrapper\.properties$/,
    'maven',
    (t, via, out) => {
      for (const m of t.matchAll(/^\s*(?:distributionUrl|wrapperUrl)\s*=\s*(\S+)/gm))
        if (m[1]) urls('maven', m[1].replace(/\\:/g, ':'), `${via} (the build tool it downloads and runs)`, out);
    },
  ],
  // composer.json: repositories, secure-http, disable-tls
  [
    /(?:^|\/)composer\.json$/,
    'composer',
    (t, via, out) => {
      const repos = /"repositories"\s*:\s*([[{][\s\S]*?[\]}])\s*(?:,\s*"|\}\s*$)/.exec(t)?.[1] ?? '';
      for (const m of repos.matchAll(/"url"\s*:\s*"([^"]+)"/g))
        if (m[1]) urls('composer', m[1].replace(/\\\//g, '/'), via, out, /"vcs"|"git"/.test(repos));
      if (/"secure-http"\s*:\s*false/.test(t))
        out.push(dependency(['no-verify', 'composer', 'secure-http=false'], via));
      if (/"disable-tls"\s*:\s*true/.test(t)) out.push(dependency(['no-verify', 'composer', 'disable-tls=true'], via));
    },
  ],
  // CocoaPods: spec sources and pods from git or a podspec URL
  [
    /(?:^|\/)podfile$/,
    'cocoapods',
    (t, via, out) => {
      for (const m of t.matchAll(/^\s*source\s+["']([^"']+)["']/gm)) if (m[1]) urls('cocoapods', m[1], via, out);
      for (const m of t.matchAll(/:(git|podspec|http)\s*=>\s*["']([^"']+)["']/g))
        if (m[2]) urls('cocoapods', m[2], via, out, m[1] === 'git');
    },
  ],
  // Swift packages, Elixir mix, Dart pub: dependencies from git or another hosted server
  [
    /(?:^|\/)package\.swift$/,
    'swiftpm',
    (t, via, out) => {
      for (const m of t.matchAll(/\.package\s*\(\s*(?:name\s*:\s*"[^"]*"\s*,\s*)?url\s*:\s*"([^"]+)"/g))
        if (m[1]) urls('swiftpm', m[1], via, out, true);
    },
  ],
  [
    /(?:^|\/)mix\.exs$/,
    'hex',
    (t, via, out) => {
      for (const m of t.matchAll(/\bgit:\s*"([^"]+)"/g)) if (m[1]) urls('hex', m[1], via, out, true);
    },
  ],
  [
    /(?:^|\/)pubspec\.ya?ml$/,
    'pub',
    (t, via, out) => {
      for (const m of t.matchAll(/\bhosted\s*:\s*["']?(https?:\/\/[^\s"']+)/g)) if (m[1]) urls('pub', m[1], via, out);
      for (const m of t.matchAll(/\burl\s*:\s*["']?(https?:\/\/[^\s"']+)/g))
        if (m[1]) urls('pub', m[1], via, out, true);
    },
  ],
  // dbt packages.yml / dependencies.yml (and its package-lock.yml): Hub packages by owner/name,
  // git repositories by URL (docs.getdbt.com, "Packages"); `dbt deps` installs them into
  // dbt_packages and every run compiles their macros into the project's SQL
  [
    /(?:^|\/)(?:packages|dependencies|package-lock)\.yml$/,
    'dbt',
    (t, via, out) => {
      // packages.yml is dbt's own name; a dependencies.yml is dbt's when it lists packages
      if (!/^\s*packages\s*:/m.test(t) && !/^\s*-?\s*(?:git|package)\s*:/m.test(t)) return;
      for (const m of t.matchAll(/^\s*-?\s*git\s*:\s*["']?([^\s"'#]+)/gm)) if (m[1]) urls('dbt', m[1], via, out, true);
      for (const m of t.matchAll(/^\s*-?\s*package\s*:\s*["']?([\w.-]+\/[\w.-]+)/gm)) {
        const f = m[1] ? slugFinding('dbt', m[1], via) : undefined;
        if (f) out.push(f);
      }
    },
  ],
  // Nix: binary caches and signature checks
  [
    /(?:^|\/)nix\.conf$/,
    'nix',
    (t, via, out) => {
      for (const { key, value } of keyValues(t)) settingFindings('nix', key, value, via, out);
    },
  ],
  // Debian/Ubuntu package sources and apt settings
  [
    /^\/etc\/apt\/sources\.list$|\/sources\.list\.d\/[^/]+$|\/etc\/apt\/apt\.conf(?:\.d\/[^/]+)?$/,
    'apt',
    (t, via, out) => {
      for (const l of lines(t)) {
        const deb = /^\s*deb(?:-src)?\s+(?:\[([^\]]*)\]\s+)?(\S+)/.exec(l);
        if (deb?.[2]) {
          urls('apt', deb[2], via, out);
          for (const o of (deb[1] ?? '').split(/\s+/)) {
            const kv = /^([\w-]+)=(\S+)$/.exec(o);
            if (kv?.[1] && kv[2] !== undefined) settingFindings('apt', kv[1], kv[2], via, out);
          }
        }
        const uris = /^\s*URIs\s*:\s*(.+)$/i.exec(l);
        if (uris?.[1]) urls('apt', uris[1], via, out);
        const opt = /^\s*(Trusted|Allow-Insecure|Allow-Weak|Allow-Downgrade-To-Insecure)\s*:\s*(\S+)/i.exec(l);
        if (opt?.[1] && opt[2]) settingFindings('apt', opt[1], opt[2], via, out);
        const conf = /^\s*([\w:-]+)\s+"([^"]*)"\s*;/.exec(l);
        if (conf?.[1] && conf[2] !== undefined) settingFindings('apt', conf[1], conf[2], via, out);
      }
    },
  ],
  // RPM repositories (yum, dnf, zypper) and their settings
  [
    /\/yum\.repos\.d\/[^/]+$|\/zypp\/repos\.d\/[^/]+$|^\/etc\/(?:yum|dnf\/dnf)\.conf$|\.repo$/,
    'rpm',
    (t, via, out) => {
      for (const { key, value } of keyValues(t))
        if (/^(?:baseurl|mirrorlist|metalink|gpgcheck|repo_gpgcheck|sslverify|pkg_gpgcheck)$/i.test(key))
          settingFindings('rpm', key, value, via, out);
    },
  ],
  [
    /^\/etc\/apk\/repositories$/,
    'apk',
    (t, via, out) => {
      for (const l of lines(t))
        if (/^\s*(?:@\S+\s+)?https?:\/\//.test(l)) urls('apk', l.trim().replace(/^@\S+\s+/, ''), via, out);
    },
  ],
  // container engines: insecure registries and mirrors
  [
    /(?:^|\/)docker\/daemon\.json$|(?:^|\/)containers\/registries\.conf(?:\.d\/[^/]+)?$|(?:^|\/)buildkitd\.toml$/,
    'images',
    (t, via, out) => {
      const insecure = /"insecure-registries"\s*:\s*\[([^\]]*)\]/.exec(t)?.[1];
      if (insecure?.trim())
        out.push(dependency(['no-verify', 'images', `insecure-registries=${insecure.replace(/[\s"]/g, '')}`], via));
      const mirrors = /"registry-mirrors"\s*:\s*\[([^\]]*)\]/.exec(t)?.[1];
      for (const m of (mirrors ?? '').matchAll(/"([^"]+)"/g)) if (m[1]) urls('images', m[1], via, out);
      for (const { key, value } of keyValues(t))
        if (/^(?:insecure|location|mirrors)$/.test(key)) settingFindings('images', key, value, via, out);
    },
  ],
  // git: submodules, url rewrites and TLS settings
  [
    /(?:^|\/)\.gitmodules$/,
    'git',
    (t, via, out) => {
      // (`git config -f .gitmodules submodule.P.url URL` writes the key in its dotted form)
      for (const m of t.matchAll(/^\s*(?:submodule\.\S+\.)?url\s*=\s*(\S+)/gm))
        if (m[1]) urls('git', m[1], via, out, true);
    },
  ],
  [
    /(?:^|\/)\.gitconfig$|(?:^|\/)\.git\/config$|(?:^|\/)\.config\/git\/config$|^\/etc\/gitconfig$/,
    'git',
    (t, via, out) => {
      let url: string | undefined;
      for (const l of lines(t)) {
        const sec = /^\s*\[\s*url\s+"([^"]+)"\s*\]/.exec(l);
        if (sec) {
          url = sec[1];
          continue;
        }
        if (/^\s*\[/.test(l)) url = undefined;
        if (url && /^\s*(?:push)?insteadof\s*=/i.test(l)) urls('git', url, `${via} rewrites fetches`, out);
        const kv = /^\s*(sslverify|sslcainfo|sslcapath)\s*=\s*(.+)$/i.exec(l);
        if (kv?.[1] && kv[2] !== undefined) settingFindings('git', kv[1], kv[2].trim(), via, out);
      }
      // `git config K V` written as the `K = V` line it amounts to
      for (const m of t.matchAll(/^\s*(url\.\S+\.insteadof)\s*=\s*(.+)$/gim))
        if (m[1]) settingFindings('git', m[1], m[2] ?? '', via, out);
    },
  ],
  // lockfiles: where each locked package is downloaded from
  [
    /(?:^|\/)(?:yarn\.lock|pnpm-lock\.yaml|cargo\.lock|uv\.lock|poetry\.lock|pipfile\.lock|gemfile\.lock|composer\.lock|package\.resolved|bun\.lock|pdm\.lock|mix\.lock|pubspec\.lock|podfile\.lock|package-lock\.json|npm-shrinkwrap\.json)$/,
    'lock',
    (t, via, out) => {
      const seen = new Set<string>();
      for (const m of t.matchAll(
        /(?:resolved|tarball|url|source|registry|remote|location|git|repository)["']?\s*[:=]?\s*["']?((?:registry\+|sparse\+|git\+)?(?:https?|git|ssh):\/\/[^\s"',}]+)/g,
      )) {
        const u = m[1] ?? '';
        const h = sourceHost(u);
        // a repository on a code host is judged by its owner: anyone publishes there
        const code = thirdPartyCodeUrl(u);
        const k = code ? u : h;
        if (!h || !k || seen.has(k) || (hostClass(h) === 'official' && !code)) continue;
        seen.add(k);
        urls('lock', u, via, out);
      }
    },
  ],
  // Terraform, CMake, Unity and NuGet build files (infra-sources.ts)
  ...INFRA_READERS,
  // sbt, Mill, Leiningen, tools.deps, Ivy, cabal and source-file directives (build-repos.ts)
  ...BUILD_REPO_READERS,
];

/**
 * `//go:generate CMD` lines of Go source: `go generate` runs each CMD as a command (go.dev/blog/
 * generate), so a directive planted in any .go file runs on the next generate. Read as the
 * command, for what it would be denied (generators themselves are ordinary programs).
 */
function goGenerateFindings(p: string, content: string): Effect[] {
  if (!p.endsWith('.go') || !content.includes('go:generate')) return [];
  const out: Effect[] = [];
  for (const m of content.matchAll(/^\s*\/\/go:generate\s+(.+)$/gm))
    if (m[1])
      out.push({
        tool: 'exec',
        command: m[1].trim(),
        via: `a go:generate directive runs ${m[1].trim()}`,
        onlyDeny: true,
      });
  return out;
}

/** What writing `content` to `path` changes about where packages come from. */
export function manifestFindings(path: string, content: string | undefined): Effect[] {
  if (!content) return [];
  const p = path.toLowerCase().replace(/\\/g, '/');
  const out: Effect[] = installedFindings(p, content);
  out.push(...compromisedInManifest(p, content));
  out.push(...dependencyPatchFindings(p, content));
  out.push(...goGenerateFindings(p, content));
  out.push(...manifestNameFindings(p, content));
  out.push(...manifestRouteFindings(p, content));
  out.push(...manifestRepoFindings(p, content));
  out.push(...galaxyRequirementFindings(p, content));
  out.push(...pluginPathFindings(p, content));
  let read = false;
  for (const [re, , reader] of readers) {
    if (!re.test(p)) continue;
    reader(content, `changes where packages come from in ${p.split('/').pop() ?? p}`, out);
    read = true;
    break;
  }
  // any other tool's configuration: keys that name a registry, index, mirror or feed (config-sources.ts)
  if (!read) out.push(...configSourceEffects(path, content));
  return out;
}
