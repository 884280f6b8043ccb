// What a write plants: when the target is a file that runs later (shell start-up files, hooks,
// CI workflows, package.json lifecycle scripts, Makefiles, Python start-up files, units, cron,
// launch agents, scripts in a directory on PATH), the code it will run is decided now as the
// command it amounts to; package-manager configuration and lockfiles are read as the equivalent
// `config set` command, so pointing them at another registry or switching verification off
// meets the same rules as doing it on the command line.
import { debugListenerWrites } from './debug-listeners.js';
import { loggedCredentialWrites } from './logged-credentials.js';
import { buildFileSends } from './build-file-sends.js';
import { rbacManifestGrants } from './admin-grants.js';
import { fileRoleGrants } from './role-grants.js';
import { apiContainerRuns } from './container-sdk.js';
import { directoryMemberFile } from './directory-members.js';
import { deviceSchedulerPlants } from './device-schedulers.js';
import { webShellEffects } from './web-shells.js';
import { automationCommands, isAutomationFile } from './automation-tasks.js';
import { exposedConfigEffects } from './exposed-shells.js';
import {
  ciContainerRuns,
  composeFlags,
  containerGrants,
  devcontainerLabel,
  devcontainerRun,
  isDevcontainer,
  HOST_PATHS,
  type GrantFlags,
} from './container-specs.js';
import { imageScript } from './image-scope.js';
import { installHookFindings } from './install-hooks.js';
import { cargoConfigHooks } from './supply-hooks.js';
import { isDownloadVariable } from './download-vars.js';
import { ciTrustFindings } from './ci-pins.js';
import { printedSecret, publishedSecret } from './exposure.js';
import { ciShipFindings } from './ci-ship.js';
import { posix } from 'node:path';
import type { Effect } from './types.js';
import { analyzeCode } from './interp/code.js';
import { envExposureEffects } from './env-exposure.js';
import { powershellPaths, windowsReads } from './env-reads.js';
import { GO, NODE, POWERSHELL, PYTHON, RUBY } from './interp/languages.js';
import { RUST } from './interp/languages-more.js';
import {
  ciExpressions,
  ciFindings,
  dependency,
  dockerfile,
  goModFindings,
  hostsFindings,
  imageFindings,
  precommitFindings,
  withoutVendorInstalls,
} from './supply.js';
import { isKnownRegistry, isPopular, isVendorHost } from './supply-data.js';
import { envFindings, hostClass } from './sources.js';
import { at } from '../../util/invariant.js';
import { secretEgress, sourceLanguage, sourcePlant } from './source-plant.js';
import { startupPlant } from './startup-plant.js';
import { langStartupPlant } from './lang-startup.js';
import { plantedShells } from './planted-shells.js';
import { laterCommands } from './later-commands.js';
import { shellLiterals } from './shell-literal.js';
import { unknownLanguagePlants } from './unknown-code.js';
import { wrapperPlants } from './wrapper-plants.js';
import { verifyOffEffects } from './verify-offs.js';
import { fetchedInputEffects } from './fetched-inputs.js';
import { configImportEffects } from './config-imports.js';
import { configCommandPlants } from './stored-commands.js';
import { specCommands } from './container-commands.js';
import { codeLoaders } from './code-loaders.js';
import { agentNoteCommands } from './agent-notes.js';
import { manifestCommands } from './manifest-commands.js';

export type Kind =
  | 'tasks'
  | 'idea'
  | 'precommit'
  | 'ruby'
  | 'literals'
  | 'shell'
  | 'make'
  | 'ci'
  | 'package-json'
  | 'python'
  | 'pth'
  | 'unit'
  | 'plist'
  | 'npmrc'
  | 'pip'
  | 'pyproject'
  | 'cargo'
  | 'lock'
  | 'gem'
  | 'maven'
  | 'nuget'
  | 'docker'
  | 'gomod'
  | 'hosts'
  | 'compose'
  | 'cargo-manifest'
  | 'powershell'
  | 'script-js'
  | 'script-py'
  | 'script-go'
  | 'script-rust'
  | 'procfile';

/** Which kind of runs-later or config file a path is; the patterns are lower-cased path tails. */
const KINDS: [RegExp, Kind][] = [
  [
    /(?:^|\/)\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|kshrc|mkshrc|envrc|xprofile|xinitrc|xsessionrc)$|\/\.config\/fish\/.*\.fish$|^\/etc\/(?:profile|bash\.bashrc|zshrc|environment|rc\.local)$|^\/etc\/profile\.d\//,
    'shell',
  ],
  [/(?:^|\/)\.git\/hooks\/[^/]+$|(?:^|\/)\.husky\/[^/_][^/]*$|(?:^|\/)\.githooks\/[^/]+$/, 'shell'],
  [/^\/etc\/cron|^\/var\/spool\/cron\/|(?:^|\/)crontab$/, 'shell'],
  // Cargo's extra binaries (src/bin/*.rs) are Rust programs, not scripts of a bin folder
  [/(?:^|\/)src\/bin\/(?:[^/]+\/)?[^/]+\.rs$/, 'script-rust'],
  [/(?:^|\/)(?:\.local\/bin|bin)\/[^/]+$|^\/usr\/local\/s?bin\/[^/]+$/, 'shell'],
  [/(?:^|\/)(?:build|install|setup|bootstrap|configure|postinstall|prepare)\.(?:sh|bash)$|(?:^|\/)configure$/, 'shell'],
  // build wrappers every build runs: the Gradle Wrapper's gradlew and the Maven Wrapper's mvnw
  // (docs.gradle.org, The Gradle Wrapper; maven.apache.org/wrapper) are POSIX shell scripts
  [/(?:^|\/)(?:gradlew|mvnw)$/, 'shell'],
  [/(?:^|\/)\.vscode\/tasks\.json$/, 'tasks'],
  // JetBrains run configurations: the project's workspace, shared ones, and .run/*.run.xml
  [/(?:^|\/)\.idea\/(?:workspace\.xml|runconfigurations\/[^/]+\.xml)$|(?:^|\/)\.run\/[^/]+\.run\.xml$/, 'idea'],
  [/(?:^|\/)\.pre-commit-config\.ya?ml$|(?:^|\/)lefthook\.ya?ml$|(?:^|\/)\.lefthook\.ya?ml$/, 'precommit'],
  // Ruby files that tools run: Rake, Bundler, gemspecs, irb/pry start-up, fastlane's lanes and
  // settings (Fastfile, Appfile, Matchfile, Pluginfile run `sh(...)` actions), Danger, Guard, Vagrant
  [
    /(?:^|\/)(?:rakefile|gemfile|[^/]+\.gemspec|\.irbrc|\.pryrc|fastfile|appfile|matchfile|pluginfile|deliverfile|snapfile|scanfile|gymfile|dangerfile|guardfile|vagrantfile)$/,
    'ruby',
  ],
  // REPL start-up files: Python's PYTHONSTARTUP file and IPython profile start-up scripts
  [/(?:^|\/)\.pythonrc(?:\.py)?$|\/\.ipython\/profile_[^/]+\/startup\/[^/]+\.py$/, 'python'],
  [
    /(?:^|\/)build\.rs$|\.gradle(?:\.kts)?$|(?:^|\/)tiltfile$|(?:^|\/)build\.(?:sbt|sc)$|(?:^|\/)project\/[^/]+\.(?:scala|sbt)$|(?:^|\/)(?:webpack|vite|rollup|jest|vitest|babel|eslint)\.config\.[cm]?[jt]s$|(?:^|\/)\.eslintrc\.c?js$|(?:^|\/)cmakelists\.txt$|\.cmake$|(?:^|\/)meson\.build$|(?:^|\/)sconstruct$|\.xcodeproj\/project\.pbxproj$|\.(?:vcxproj|csproj|fsproj|props|targets)$|(?:^|\/)podfile$|\.podspec$|(?:^|\/)\.rprofile$|(?:^|\/)rprofile\.site$|\/\.julia\/config\/startup\.jl$|(?:^|\/)(?:workspace|workspace\.bazel|module\.bazel)$|\.bzl$|(?:^|\/)tox\.ini$/,
    'literals',
  ],
  // Unity Editor scripts: C# under any folder named Editor inside Assets or a package is compiled
  // into the editor and runs there ([InitializeOnLoad], build pre/post-process hooks; Unity
  // manual, "Special folder names"). Their command-line literals are read as build scripts are.
  [/(?:^|\/)(?:assets|packages)\/(?:[^/]+\/)*editor\/(?:[^/]+\/)*[^/]+\.cs$/, 'literals'],
  // Unreal Build Tool compiles and runs every module's *.Build.cs and target's *.Target.cs on each
  // build (Unreal Engine docs, "Module Properties", "Targets"): their literals are build scripts too.
  [/\.(?:build|target)\.cs$/, 'literals'],
  [
    /(?:^|\/)(?:gnu)?makefile(?:\.(?:local|include|inc|common|defs|rules|targets|custom|dev|ci|override|user|docker))?$|(?:^|\/)[^/]+\.mk$/,
    'make',
  ],
  [
    /(?:^|\/)\.github\/workflows\/[^/]+\.ya?ml$|(?:^|\/)\.gitlab-ci\.ya?ml$|(?:^|\/)\.circleci\/config\.ya?ml$|(?:^|\/)azure-pipelines\.ya?ml$|(?:^|\/)bitbucket-pipelines\.ya?ml$|(?:^|\/)\.travis\.ya?ml$|(?:^|\/)\.drone\.ya?ml$|(?:^|\/)jenkinsfile$|(?:^|\/)\.buildkite\/[^/]+\.ya?ml$|(?:^|\/)\.github\/actions\/.+\/action\.ya?ml$|(?:^|\/)action\.ya?ml$/,
    'ci',
  ],
  [/(?:^|\/)(?:package|composer)\.json$/, 'package-json'],
  [/\.pth$/, 'pth'],
  [
    /(?:^|\/)(?:sitecustomize|usercustomize|setup|conftest|noxfile|fabfile|dodo)\.py$|\/site-packages\/.+\.py$/,
    'python',
  ],
  [/\.(?:service|timer|socket|path)$|\/systemd\/[^/]+$/, 'unit'],
  [/\/library\/launch(?:agents|daemons)\/[^/]+\.plist$/, 'plist'],
  [/(?:^|\/)\.npmrc$|(?:^|\/)\.yarnrc(?:\.yml)?$|(?:^|\/)bunfig\.toml$|(?:^|\/)\.pnpmrc$/, 'npmrc'],
  [/(?:^|\/)pip\.conf$|(?:^|\/)pip\.ini$|(?:^|\/)\.pydistutils\.cfg$/, 'pip'],
  [/(?:^|\/)(?:pyproject|uv|poetry)\.toml$|(?:^|\/)pipfile$/, 'pyproject'],
  [/(?:^|\/)\.cargo\/config(?:\.toml)?$/, 'cargo'],
  [
    /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lock|poetry\.lock|pipfile\.lock|uv\.lock|cargo\.lock|renv\.lock|requirements[^/]*\.txt|requirements\/[^/]+\.txt)$/,
    'lock',
  ],
  [/(?:^|\/)\.gemrc$|(?:^|\/)gemfile$/, 'gem'],
  [/(?:^|\/)\.m2\/settings\.xml$|(?:^|\/)settings\.xml$|(?:^|\/)pom\.xml$/, 'maven'],
  [/(?:^|\/)nuget\.config$/, 'nuget'],
  [/(?:^|\/)(?:dockerfile|containerfile)(?:\.[^/]*)?$|\.(?:dockerfile|containerfile)$/, 'docker'],
  [/(?:^|\/)go\.(?:mod|work)$/, 'gomod'],
  [/(?:^|\/)(?:docker-)?compose(?:\.[\w-]+)?\.ya?ml$/, 'compose'],
  [/(?:^|\/)cargo\.toml$/, 'cargo-manifest'],
  // PowerShell profiles run in every session; .ps1 scripts when someone runs them
  [/\.ps1$/, 'powershell'],
  // scripts a project keeps to be run: shell scripts anywhere, other languages under scripts/, bin/, tools/
  [/\.(?:sh|bash|zsh|ksh)$/, 'shell'],
  // cmd.exe batch files run their lines as cmd does; each line is read with its Windows readings
  [/\.(?:cmd|bat)$/, 'shell'],
  [/(?:^|\/)(?:scripts|bin|tools|hooks)\/[^/]+\.[cm]?js$/, 'script-js'],
  [/(?:^|\/)(?:scripts|bin|tools|hooks)\/[^/]+\.py$/, 'script-py'],
  [/(?:^|\/)(?:scripts|bin|tools|hooks)\/[^/]+\.rb$/, 'ruby'],
  // a Procfile's processes run on every deploy (Heroku, Dokku, foreman): `release: CMD`, `web: CMD`
  [/(?:^|\/)procfile(?:\.[\w-]+)?$/, 'procfile'],
  // a Go program (`go run main.go` runs it): only what it would be denied for is read
  [/\.go$/, 'script-go'],
  // a Rust program (`cargo run` compiles and runs it): only its deletes are read, as for Go
  [/\.rs$/, 'script-rust'],
  // task runners' own files, run by `gulp`, `grunt`, `jake`: JavaScript whose deletes (del, rimraf,
  // fs.rmSync) run on the next build
  [/(?:^|\/)(?:gulpfile|gruntfile|jakefile)(?:\.babel)?\.[cm]?[jt]s$/, 'script-js'],
  [/^\/etc\/hosts$|\/system32\/drivers\/etc\/hosts$/, 'hosts'],
];

/** Lifecycle scripts npm, yarn and pnpm run by themselves (on install, pack or publish). */
const LIFECYCLE = new Set([
  'preinstall',
  'install',
  'postinstall',
  'prepare',
  'preprepare',
  'postprepare',
  'prepublish',
  'prepublishonly',
  'prepack',
  'postpack',
  'dependencies',
  'preuninstall',
  'uninstall',
  'postuninstall',
  // composer.json events that run on install and update (getcomposer.org/doc/articles/scripts.md)
  'pre-install-cmd',
  'post-install-cmd',
  'pre-update-cmd',
  'post-update-cmd',
  'pre-autoload-dump',
  'post-autoload-dump',
  'post-root-package-install',
  'post-create-project-cmd',
  'pre-package-install',
  'post-package-install',
  'pre-package-update',
  'post-package-update',
]);

/** Hosts of the default registries (a source elsewhere is a change of registry). */
const DEFAULT_REGISTRIES =
  /^(?:registry\.npmjs\.org|registry\.yarnpkg\.com|registry\.npmmirror\.com|pypi\.org|pypi\.python\.org|files\.pythonhosted\.org|proxy\.golang\.org|sum\.golang\.org|rubygems\.org|index\.rubygems\.org|crates\.io|index\.crates\.io|static\.crates\.io|repo\.maven\.apache\.org|repo1\.maven\.org|api\.nuget\.org|codeload\.github\.com|github\.com)$/i;

export function fileKind(path: string): Kind | undefined {
  const p = path.toLowerCase().replace(/\\/g, '/');
  for (const [re, k] of KINDS) if (re.test(p)) return k;
  return undefined;
}

/** Package-manager configuration and lockfiles: where packages come from. */
const SOURCE_KINDS: Partial<Record<Kind, (url: string) => string>> = {
  npmrc: (u) => `registry=${u}\n`,
  pip: (u) => `index-url = ${u}\n`,
  pyproject: (u) => `url = "${u}"\n`,
  cargo: (u) => `registry = "${u}"\n`,
  lock: (u) => `"resolved": "${u}"\n`,
  gem: (u) => `source "${u}"\n`,
  maven: (u) => `<mirror><url>${u}</url></mirror>\n`,
  nuget: (u) => `<add key="x" value="${u}" />\n`,
};

/**
 * The text a package-source file would hold to name `url` as a source, for an edit in place
 * (sed -i, perl -pi, an interpreter rewriting the file) whose new text is only known to be
 * somewhere on the command line. Undefined for other files.
 */
export function sourceText(path: string, url: string): string | undefined {
  const k = fileKind(path);
  const f = k ? SOURCE_KINDS[k] : undefined;
  return f ? f(url) : undefined;
}

const MAX_LINES = 2000;

/** An XML attribute's text with its entities read (&quot; &amp; &lt; &gt; &apos; &#10;). */
function xmlText(v: string): string {
  return v
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function shellPlant(script: string, via: string): Effect[] {
  return script.trim() ? [{ tool: 'exec', command: script, via, onlyDeny: true }] : [];
}

/** Recipe lines of a Makefile (tab-indented), with make's @ - + prefixes removed. */
function makeRecipes(text: string): string {
  return text
    .split('\n')
    .slice(0, MAX_LINES)
    .filter((l) => l.startsWith('\t'))
    .map((l) => makeVars(l.slice(1).replace(/^[@+-]+/, '')))
    .join('\n');
}

/** A recipe as the shell gets it: `$(HOME)`/`${HOME}` are the environment's, `$(CURDIR)` the Makefile's directory, `$$` one `$`. */
function makeVars(line: string): string {
  return line
    .replace(/\$[({]CURDIR[)}]/g, '.')
    .replace(/\$[({]([A-Za-z_][A-Za-z0-9_]*)[)}]/g, '$$$1')
    .replace(/\$\$/g, '$');
}

/** `run:` / `script:` bodies of a CI file (block scalars and one-line values). */
function ciScripts(text: string): string {
  const out: string[] = [];
  const lines = text.split('\n').slice(0, MAX_LINES);
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(?:-\s*)?(?:run|script|before_script|after_script|command|commands|sh)\s*:\s*(.*)$/.exec(
      at(lines, i),
    );
    if (!m) continue;
    const indent = at(m, 1).length;
    const rest = at(m, 2).trim();
    if (rest && !/^[|>][-+]?$/.test(rest)) {
      out.push(rest.replace(/^['"]|['"]$/g, ''));
      continue;
    }
    for (let j = i + 1; j < lines.length; j++) {
      const l = at(lines, j);
      if (l.trim() && l.length - l.trimStart().length <= indent) break;
      out.push(l.trim().replace(/^-\s+/, ''));
      i = j;
    }
  }
  // Jenkinsfile and other Groovy pipelines: sh 'cmd', bat "cmd", sh(script: '''...''')
  for (const m of text.matchAll(/\b(?:sh|bat|powershell|pwsh)\s*\(?\s*(?:script\s*:\s*)?('''|"""|'|")([\s\S]*?)\1/g))
    if (m[2]?.trim()) out.push(m[2].trim());
  return out.join('\n');
}

/**
 * Variables a pipeline binds to a stored credential, whatever they are called: Jenkins
 * `withCredentials` bindings (`string(credentialsId: 'x', variable: 'T')`, `usernamePassword(...,
 * passwordVariable: 'P')`, `sshUserPrivateKey(keyFileVariable: 'K', passphraseVariable: ...)`,
 * `file(variable: 'F')`; Jenkins Credentials Binding plugin reference) and a workflow's `env:`
 * entries set from `${{ secrets.X }}` (GitHub Actions, Using secrets). The step scripts get each such
 * name spelled as a secret's (`$T` as `$T_SECRET`), so `sh 'echo $T | base64'` reads as the secret
 * printed into the build log that it is.
 */
const BOUND_CREDENTIAL =
  /\b(?:variable|passwordVariable|keyFileVariable|passphraseVariable|tokenVariable|secretVariable)\s*:\s*['"]([A-Za-z_]\w*)['"]|^\s*([A-Za-z_]\w*)\s*:\s*["']?\$\{\{\s*secrets\.\w+\s*\}\}/gm;

function boundSecretsNamed(content: string, scripts: string): string {
  // `echo "::add-mask::$X"` is a workflow command the runner consumes to hide X in the log, not a
  // print (GitHub Actions, Workflow commands: Masking a value in a log)
  let out = scripts.replace(/^.*::add-mask::.*$/gm, '');
  for (const m of content.matchAll(BOUND_CREDENTIAL)) {
    const name = m[1] ?? m[2] ?? '';
    if (!name || printedSecret(`$${name}`)) continue;
    out = out.replace(new RegExp(`\\$(\\{?)${name}\\b`, 'g'), (_, brace: string) => `$${brace}${name}_SECRET`);
  }
  return out;
}

function packageScripts(text: string): string[] {
  try {
    const j = JSON.parse(text) as { scripts?: Record<string, unknown> };
    // composer lists an event's commands in an array
    return Object.entries(j.scripts ?? {})
      .filter(([k]) => LIFECYCLE.has(k.toLowerCase()))
      .flatMap(([, v]) => (Array.isArray(v) ? v : [v]))
      .filter((v): v is string => typeof v === 'string');
  } catch {
    // Not JSON (an edit fragment): read "lifecycle": "command" and "event": ["command", ...] pairs.
    const out: string[] = [];
    for (const m of text.matchAll(/"([\w-]+)"\s*:\s*(\[[^\]]*\]|"(?:[^"\\]|\\.)*")/g)) {
      if (!LIFECYCLE.has(at(m, 1).toLowerCase())) continue;
      for (const v of at(m, 2).matchAll(/"((?:[^"\\]|\\.)*)"/g)) out.push(JSON.parse(`"${v[1] ?? ''}"`) as string);
    }
    return out;
  }
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/** key=value / key: value / key = "value" lines of an ini/toml/yaml-ish config file. */
function settings(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const l of text.split('\n').slice(0, MAX_LINES)) {
    const m = /^\s*["']?([@\w./:-]+?)["']?\s*[=:]\s*["']?([^"'#\s][^"'#]*?)["']?\s*$/.exec(l);
    if (m) out.push([at(m, 1).toLowerCase(), at(m, 2).trim()]);
  }
  return out;
}

function configPlant(kind: Kind, text: string, via: string): Effect[] {
  const out: Effect[] = [];
  const cmd = (command: string) => out.push({ tool: 'exec', command, via });
  if (kind === 'npmrc') {
    // .npmrc keys hold colons (@scope:registry, //host/:_authToken): split at the first `=`
    const pairs = /\.yml$|bunfig/.test(via)
      ? settings(text)
      : text
          .split('\n')
          .slice(0, MAX_LINES)
          .map((l) => /^\s*([^=#;\s][^=]*?)\s*=\s*["']?(.*?)["']?\s*$/.exec(l))
          .filter((m): m is RegExpExecArray => !!m)
          .map((m): [string, string] => [(m[1] ?? '').toLowerCase(), m[2] ?? '']);
    for (const [k, v] of pairs) {
      if (/^@[^:]+:registry$/.test(k)) {
        cmd(`npm config set ${k} ${v}`);
        continue;
      }
      if (/(?:^|:)registry$|npmregistryserver$/.test(k)) cmd(`npm config set registry ${v}`);
      else if (/strict-ssl$|enablestrictssl$/.test(k) && /false|0/.test(v)) cmd('npm config set strict-ssl false');
      else if (k === 'ca' && v === 'null') cmd('npm config set strict-ssl false');
      else if (
        /^(?:script-shell|shell|onload-script|git|editor|browser|init-module|yarnpath|plugins)$/.test(k) ||
        // node-options runs code only when it loads a module (a heap size or a warning flag does not)
        (k === 'node-options' && /(?:^|\s)(?:--require|-r|--import|--loader|--experimental-loader)\b/.test(v)) ||
        isDownloadVariable(k)
      )
        cmd(`npm config set ${k} ${v}`);
    }
  } else if (kind === 'pip' || kind === 'pyproject') {
    for (const [k, v] of settings(text)) {
      if (
        /^(?:index-url|extra-index-url|index_url|extra_index_url|url|find-links)$/.test(k) &&
        /^https?:|^file:/.test(v)
      )
        cmd(`pip config set global.index-url ${v}`);
      else if (/^trusted-host$|^trusted_host$/.test(k)) cmd(`pip config set global.trusted-host ${v}`);
    }
  } else if (kind === 'cargo') {
    cargoConfigHooks(settings(text), via, out);
    for (const [k, v] of settings(text)) {
      if (k === 'replace-with') cmd(`cargo config set source.crates-io.replace-with ${v}`);
      else if (k === 'registry' || k === 'index') cmd(`cargo config set registry ${v}`);
    }
  } else if (kind === 'gem') {
    for (const m of text.matchAll(/(?:^|\n)\s*(?:-\s*|source\s+['"]?)(https?:\/\/[^\s'"]+)/g))
      cmd(`gem sources --add ${m[1]}`);
  } else if (kind === 'maven') {
    // Only where artifacts come from (repositories, plugin repositories, mirrors), not project,
    // licence or SCM links.
    for (const m of text.matchAll(
      /<(repository|pluginRepository|mirror|snapshotRepository)>[\s\S]*?<url>\s*([^<\s]+)\s*<\/url>/g,
    )) {
      const h = hostOf(at(m, 2));
      if (h && !DEFAULT_REGISTRIES.test(h)) cmd(`mvn config set mirror ${m[2]}`);
    }
  } else if (kind === 'nuget') {
    for (const m of text.matchAll(/value\s*=\s*"(https?:\/\/[^"]+)"/g)) cmd(`nuget sources add -Source ${m[1]}`);
  } else if (kind === 'lock') {
    // requirements files take pip's options on their own lines
    for (const m of text.matchAll(/^\s*--trusted-host[=\s]+(\S+)/gm)) cmd(`pip config set global.trusted-host ${m[1]}`);
    for (const m of text.matchAll(/^\s*(?:-i|--index-url|--extra-index-url|-f|--find-links)[=\s]+(\S+)/gm)) {
      const h = hostOf(m[1] ?? '');
      if (h && !DEFAULT_REGISTRIES.test(h)) cmd(`pip config set global.index-url ${m[1]}`);
    }
    const seen = new Set<string>();
    for (const m of text.matchAll(
      /(?:resolved|url|source|registry)["']?\s*[:=]\s*["']?((?:git\+)?https?:\/\/[^\s"'#,]+)/g,
    )) {
      const u = (m[1] ?? '').replace(/^git\+/, '');
      const h = hostOf(u);
      if (!h || DEFAULT_REGISTRIES.test(h) || seen.has(h)) continue;
      seen.add(h);
      cmd(`npm config set registry ${new URL(u).origin}/`);
    }
    // renv.lock: the repositories (`"URL": ...`) and each package's `"Repository"` that
    // renv::restore() installs from; CRAN, Posit Package Manager, Bioconductor and r-universe are
    // the registries and r-universe a known source (supply-chain.yaml); any other server supplies the packages' code
    for (const m of text.matchAll(/"(?:URL|Repository)"\s*:\s*"(https?:\/\/[^"\s]+)"/g)) {
      const u = m[1] ?? '';
      const h = hostOf(u);
      if (!h || DEFAULT_REGISTRIES.test(h) || hostClass(h) !== 'unknown' || seen.has(h)) continue;
      seen.add(h);
      cmd(`npm config set registry ${new URL(u).origin}/`);
    }
  }
  return out;
}

/** Files without a telling name that say what runs them on their first line. */
function shebangKind(content: string): Kind | undefined {
  const m = /^#!\s*(?:\/usr)?\/bin\/(?:env\s+)?(\S+)/.exec(content);
  const prog = m?.[1] ?? '';
  if (/^(?:ba|da|z|k)?sh$/.test(prog)) return 'shell';
  if (/^node$|^bun$|^deno$/.test(prog)) return 'script-js';
  if (/^python[0-9.]*$/.test(prog)) return 'script-py';
  return undefined;
}

/** Hosts' URLs in a script that are not a vendor's or a registry's (fetched when it runs). */
function unknownFetches(script: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const u of script.match(/\bhttps?:\/\/[^\s'"`)<>\\]+/g) ?? []) {
    const h = hostOf(u);
    if (h && !isVendorHost(h) && !isKnownRegistry(h)) out.push(dependency(['remote-file', u], via));
  }
  return out;
}

/** The images of compose services (`image: postgres:16`), read as a Dockerfile's FROM is. */
function composeImages(text: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const m of text
    .split('\n')
    .slice(0, MAX_LINES)
    .join('\n')
    .matchAll(/^\s*image\s*:\s*["']?([^\s"'#]+)/gm))
    if (m[1]) out.push(...imageFindings(m[1], via));
  return out;
}

/** Kubernetes workloads: hostPID/hostNetwork, privileged containers, hostPath volumes. */
function manifestFlags(text: string): GrantFlags {
  const f: GrantFlags = { privileged: false, pidHost: false, netHost: false, caps: [], mounts: [] };
  // an edit of a pod spec shows only the lines it changes, without the kind
  if (
    !/^\s*kind\s*:\s*(?:Pod|Deployment|DaemonSet|StatefulSet|ReplicaSet|Job|CronJob)\b/m.test(text) &&
    !/^\s*(?:securityContext|hostPID|hostNetwork|hostIPC|hostPath)\s*:/m.test(text)
  )
    return f;
  f.privileged = /\bprivileged\s*:\s*true/.test(text);
  f.pidHost = /\bhostPID\s*:\s*true/.test(text);
  f.netHost = /\bhostNetwork\s*:\s*true/.test(text);
  for (const m of text.matchAll(/hostPath\s*:\s*\{?\s*(?:\n\s*)?path\s*:\s*["']?([^\s"',}]+)/g))
    if (m[1] && HOST_PATHS.test(m[1])) f.mounts.push(m[1]);
  return f;
}

/** [patch.*] / [replace] and git dependencies of Cargo.toml: a crate from a fork. */
function cargoFindings(text: string, via: string): Effect[] {
  const out: Effect[] = [];
  let section = '';
  for (const line of text.split('\n').slice(0, MAX_LINES)) {
    const sec = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (sec?.[1]) {
      section = sec[1].trim();
      continue;
    }
    const m = /^\s*([A-Za-z0-9_-]+)\s*=\s*\{[^}]*\b(git|registry-index|path)\s*=\s*"([^"]+)"/.exec(line);
    if (!m?.[1] || !m[3]) continue;
    const [, crate, key, where] = m;
    const patching = /^(?:patch|replace)\b/.test(section);
    if (key === 'path') {
      if (patching && /^(?:\/|~|\.\.)/.test(where))
        out.push(dependency(['local-path', 'crates', crate, 'to', where], via));
    } else if (key === 'registry-index') out.push(dependency(['unknown-registry', 'crates', where], via));
    else if (patching || isPopular('crates', crate)) out.push(dependency(['fork', 'crates', crate, 'to', where], via));
    else {
      const h = hostOf(where);
      if (h && !isVendorHost(h)) out.push(dependency(['remote-file', where], via));
    }
  }
  return out;
}

/**
 * The package a dependency, override or resolution key names: yarn's glob key (two stars, a slash,
 * then debug) and `parent/debug` resolve every (or one parent's) copy of debug; npm's `debug@^4`
 * overrides that range of it.
 */
function resolutionName(key: string): string {
  const k = key.replace(/^\*\*\//, '');
  const parts = k.split('/');
  const scoped = parts.length >= 2 && parts[parts.length - 2]?.startsWith('@');
  const name = scoped ? parts.slice(-2).join('/') : (parts[parts.length - 1] ?? k);
  return name.startsWith('@') ? name.replace(/(?<=.)@[^/]*$/, '') : (name.split('@')[0] ?? name);
}

/** A folder outside the project: absolute, in the home folder, or two or more levels up. */
function outsideProject(p: string): boolean {
  return /^(?:\/|~|\$HOME)/.test(p) || /^(?:\.\.\/){2,}/.test(p.replace(/^\.\//, ''));
}

/**
 * npm aliases that put another package under a popular name (`"axios": "npm:axios-http-fast@1"`,
 * in dependencies, overrides or resolutions): every import of the popular name loads the other
 * package. An alias to the same name (`"react": "npm:react@18"`) or to a popular package
 * (`"string-width-cjs": "npm:string-width@^4"`) is how such aliases are normally used.
 */
export function aliasSwaps(text: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const m of text.matchAll(
    /["']?(@?[\w.-]+(?:\/[\w.-]+)?)["']?\s*:\s*["']npm:(@?[a-z0-9][\w.-]*(?:\/[\w.-]+)?)(?:@[^"']*)?["']/gi,
  )) {
    const [, pkg = '', target = ''] = m;
    const name = pkg.startsWith('@') ? pkg : (pkg.split('@')[0] ?? pkg);
    if (name.toLowerCase() === target.toLowerCase() || !isPopular('npm', name) || isPopular('npm', target)) continue;
    out.push(dependency(['fork', 'npm', name, 'to', `npm:${target}`], `${via} (${name} is replaced by ${target})`));
  }
  return out;
}

/** package.json dependencies given as URLs or repositories instead of registry versions. */
function packageSources(text: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const m of text.matchAll(
    /"((?:\*\*\/)?(?:[\w.-]+\/)*@?[\w.-]+(?:\/[\w.-]+)?)"\s*:\s*"((?:https?|git\+\w+|git|github|gitlab|bitbucket|file):[^"]*|[\w-]+\/[\w.-]+(?:#[^"]*)?)"/g,
  )) {
    const [, key = '', spec = ''] = m;
    const pkg = resolutionName(key);
    if (/^(?:scripts|repository|homepage|bugs|url|funding|author|license|main|types|bin)$/.test(pkg)) continue;
    if (spec.startsWith('file:')) {
      // a popular package taken from a folder outside the project (file:/tmp/react, file:../../x)
      if (isPopular('npm', pkg) && outsideProject(spec.slice(5)))
        out.push(dependency(['local-path', 'npm', pkg, 'to', spec], via));
      continue;
    }
    const h = /^https?:/.test(spec) ? hostOf(spec) : undefined;
    if (isPopular('npm', pkg)) out.push(dependency(['fork', 'npm', pkg, 'to', spec], via));
    else if (h && !isVendorHost(h)) out.push(dependency(['remote-file', spec], via));
  }
  return out;
}

/** What writing `content` to `path` plants (empty when the file is not one that runs later). */
export function plantedEffects(path: string, content: string | undefined): Effect[] {
  if (!content) return [];
  const exposed = envExposureEffects(path, content);
  if (exposed.length) return [...exposed, ...plantedCode(path, content)];
  return plantedCode(path, content);
}

function plantedCode(path: string, content: string): Effect[] {
  // a server's configuration that opens it to everyone without a login (exposed-shells.ts)
  const exposedServer = exposedConfigEffects(path, content);
  if (exposedServer.length) return [...exposedServer, ...plantedText(path, content)];
  return plantedText(path, content);
}

function plantedText(path: string, content: string): Effect[] {
  // `echo 'a\nb' > f` writes a line break under sh (dash) and zsh, a backslash and an n under
  // bash: a file that runs later is judged by both
  if (content.includes('\\n')) return [...planted(path, content), ...planted(path, content.replace(/\\n/g, '\n'))];
  return planted(path, content);
}

function planted(path: string, content: string): Effect[] {
  const published = publishedSecret(path, content);
  if (published) return [published];
  const shells = plantedShells(path, content);
  if (shells.length) return shells;
  const startup = startupPlant(path, content) ?? langStartupPlant(path, content);
  return [
    ...(startup ?? []),
    ...fileEffects(path, content),
    ...laterPlants(path, content),
    ...wrapperPlants(path, content),
    ...verifyOffEffects(path, content),
    ...fetchedInputEffects(path, content),
    ...configImportEffects(path, content),
  ];
}

/** Commands and loaders kept in files other tools run or obey later (task runners, IaC, container
 * specs, Ansible, JVM and debugger start-up, agent instruction files). */
function laterPlants(path: string, content: string): Effect[] {
  return [
    ...laterCommands(path, content),
    ...specCommands(path, content),
    ...codeLoaders(path, content),
    ...agentNoteCommands(path, content),
    ...fileRoleGrants(path, content),
    ...directoryMemberFile(path, content),
    ...deviceSchedulerPlants(content, path),
    ...apiContainerRuns(content, `${path} creates a container through the runtime API`),
    ...webShellEffects(path, content),
    ...devcontainerLabel(path, content),
    ...debugListenerWrites(path, content),
    ...loggedCredentialWrites(path, content),
  ];
}

function fileEffects(path: string, content: string): Effect[] {
  if (isDevcontainer(path))
    return devcontainerRun(content, `starts the dev container of ${posix.basename(posix.dirname(path))} with`);
  const kind = fileKind(path) ?? shebangKind(content);
  if (!kind) {
    // Ansible tasks and Salt states run their commands on the servers they manage
    const automation = isAutomationFile(path, content)
      ? // a vendor's documented installer (get.docker.com, rustup) is how managed hosts are set up, as in CI
        shellPlant(
          withoutVendorInstalls(automationCommands(content).join('\n')),
          `plants a task in ${posix.basename(path)} that runs`,
        )
      : [];
    if (/\.sls$/i.test(path)) return automation;
    // command strings a service keeps and runs later (shell_command:, PreBuildSteps, hook fields)
    const kept = configCommandPlants(path, content);
    // a workload manifest starts containers wherever it is written (kubectl apply -f later)
    if (!/\.ya?ml$/i.test(path)) {
      // a language no reading knows: its shell-command strings (unknown-code.ts)
      const unknown = sourceLanguage(path) ? [] : unknownLanguagePlants(path, content);
      return [...sourcePlant(path, content), ...kept, ...unknown];
    }
    const via = `plants a workload in ${posix.basename(path)}`;
    // the images its containers run are read as compose's and a Dockerfile's are
    const images =
      /^\s*(?:-\s*)?containers\s*:|^\s*kind\s*:\s*(?:Pod|Deployment|DaemonSet|StatefulSet|Job|CronJob|ReplicaSet)\b/m.test(
        content,
      )
        ? composeImages(content, `${via} running an image`)
        : [];
    return [
      ...automation,
      ...kept,
      ...containerGrants(manifestFlags(content), via),
      ...images,
      ...rbacManifestGrants(content, `plants RBAC in ${posix.basename(path)} that`),
      ...manifestCommands(content).flatMap((c) => shellPlant(c, `${via} that runs a command`)),
    ];
  }
  const name = posix.basename(path.replace(/\\/g, '/'));
  const via = `plants code in ${name}`;
  switch (kind) {
    case 'shell':
      return shellPlant(content, via);
    case 'make':
      return shellPlant(makeRecipes(content), via);
    case 'idea': {
      // a Shell Script run configuration's inline script (ShConfigurationType SCRIPT_TEXT) runs
      // when the configuration is started, from the IDE's run button or a before-launch task
      const scripts = [...content.matchAll(/name=["']SCRIPT_TEXT["']\s+value=(?:"([^"]*)"|'([^']*)')/g)].map((m) =>
        xmlText(m[1] ?? m[2] ?? ''),
      );
      return scripts.flatMap((t) => shellPlant(t, via));
    }
    case 'tasks':
    case 'precommit': {
      const cmds = [
        ...content.matchAll(/["']?(?:command|entry|run)["']?\s*:\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([^\n#]+))/g),
      ].map((m) => (m[1] !== undefined ? m[1].replace(/\\"/g, '"') : (m[2] ?? m[3] ?? '').trim()));
      const repos =
        kind === 'precommit' ? precommitFindings(content, `points a hook at another repository in ${name}`) : [];
      return [...shellPlant(cmds.join('\n'), via), ...repos];
    }
    case 'ruby':
      return analyzeCode(RUBY, content, via).map((e) => ({ ...e, onlyDeny: true }));
    case 'literals': {
      // Build scripts in languages not read here: each string literal that looks like a shell
      // command line (a pipe, a URL fetched by curl/wget, /dev/tcp) is decided as one.
      // (Xcode's shellScript phases, CMake execute_process, MSBuild Exec, Podfile script phases:
      // the escapes of the literal are undone, so a script phase reads as its lines)
      const lits = shellLiterals(content);
      // and the build's own code reading a credential file and calling a host (build-file-sends.ts)
      return [...lits.flatMap((t) => shellPlant(t, via)), ...buildFileSends(content, via)];
    }
    case 'ci': {
      // CI steps run in a throwaway machine: a vendor's documented install is fine there.
      const scripts = ciExpressions(ciScripts(content));
      return [
        ...shellPlant(withoutVendorInstalls(boundSecretsNamed(content, scripts)), via),
        ...ciFindings(content, scripts, `changes where the CI in ${name} gets its code`),
        ...ciTrustFindings(content, `changes what the CI in ${name} trusts`),
        ...ciShipFindings(content, scripts, `changes what the CI in ${name} does`),
        // the containers its jobs run in (a job container's options, a Jenkins pod template)
        ...ciContainerRuns(content, `runs the CI jobs of ${name} in a container with`),
        ...containerGrants(manifestFlags(content), `runs the CI jobs of ${name} in a pod with`),
      ];
    }
    case 'docker': {
      const d = dockerfile(content, `changes where the image of ${name} gets its code`);
      // ENV PIP_INDEX_URL=URL (or an ARG default): every RUN step's package manager installs from there
      const env: Effect[] = [];
      for (const [k, v] of d.env) envFindings(k, v, env);
      const envVia = `sets a package source for the RUN steps of ${name}`;
      return [
        ...shellPlant(imageScript(d.script), via),
        ...d.findings,
        ...env.map((e) => ({ ...e, via: `${envVia}: ${e.via ?? ''}` })),
      ];
    }
    case 'powershell': {
      // the Windows paths it reads, Join-Path and path variables resolved (env-reads.ts)
      const reads: Effect[] = [];
      windowsReads(powershellPaths(content), reads);
      return [...analyzeCode(POWERSHELL, content, via), ...reads].map((e) => ({ ...e, onlyDeny: true }));
    }
    case 'script-js':
      return analyzeCode(NODE, content, via).map((e) => ({ ...e, onlyDeny: true }));
    case 'script-py':
      return analyzeCode(PYTHON, content, via).map((e) => ({ ...e, onlyDeny: true }));
    case 'procfile':
      return shellPlant(
        [...content.matchAll(/^\s*[\w-]+\s*:\s*(.+)$/gm)].map((m) => at(m, 1)).join('\n'),
        `plants a process command in ${name}`,
      );
    case 'script-go':
      // only its deletes: a Go service dialing its database and running a migrator is ordinary code
      return [
        ...analyzeCode(GO, content, via)
          .filter((e) => e.tool === 'delete' || / deletes /.test(e.via))
          .map((e) => ({ ...e, onlyDeny: true })),
        ...secretEgress(path, content),
        // a shell string it hands to a process (`exec.Command("sh", "-c", "curl ... | sh")` in
        // init()): read as in any language no reading knows, only a deny counts (unknown-code.ts)
        ...unknownLanguagePlants(path, content),
      ];
    case 'script-rust':
      // its deletes, and what any source file is read for (as before it had a kind of its own)
      return [
        ...analyzeCode(RUST, content, via)
          .filter((e) => e.tool === 'delete' || / deletes | moves /.test(e.via))
          .map((e) => ({ ...e, onlyDeny: true })),
        ...sourcePlant(path, content),
        ...configCommandPlants(path, content),
        ...(sourceLanguage(path) ? [] : unknownLanguagePlants(path, content)),
      ];
    case 'compose':
      return [
        ...containerGrants(composeFlags(content), `starts containers from ${name}`),
        ...composeImages(content, `runs an image from ${name}`),
        ...manifestCommands(content).flatMap((c) =>
          shellPlant(c, `starts a container from ${name} that runs a command`),
        ),
      ];
    case 'cargo-manifest':
      return cargoFindings(content, `changes where ${name} gets a crate`);
    case 'gomod':
      return goModFindings(content, `replaces a module in ${name}`);
    case 'hosts':
      return hostsFindings(content, `redirects a host in ${name}`);
    case 'package-json': {
      const scripts = packageScripts(content);
      return [
        ...scripts.flatMap((s) => shellPlant(s, `plants a lifecycle script in ${name}`)),
        ...scripts.flatMap((s) => unknownFetches(s, `plants a lifecycle script in ${name} that fetches`)),
        ...packageSources(content, `changes where ${name} gets a package`),
        ...aliasSwaps(content, `changes where ${name} gets a package`),
        ...installHookFindings(content, `plants an install hook in ${name}`),
      ];
    }
    case 'pth': {
      const code = content
        .split('\n')
        .filter((l) => /^\s*import[\s\t]/.test(l))
        .join('\n');
      return analyzeCode(PYTHON, code, via).map((e) => ({ ...e, onlyDeny: true }));
    }
    case 'python':
      return analyzeCode(PYTHON, content, via).map((e) => ({ ...e, onlyDeny: true }));
    case 'unit': {
      const cmds = [...content.matchAll(/^\s*Exec(?:Start|StartPre|StartPost|Stop|Reload)\s*=\s*[-@+!:]*(.+)$/gm)].map(
        (m) => at(m, 1),
      );
      return shellPlant(cmds.join('\n'), via);
    }
    case 'plist': {
      const args = /<key>\s*ProgramArguments\s*<\/key>\s*<array>([\s\S]*?)<\/array>/.exec(content);
      const words = args ? [...at(args, 1).matchAll(/<string>([^<]*)<\/string>/g)].map((m) => at(m, 1)) : [];
      const prog = /<key>\s*Program\s*<\/key>\s*<string>([^<]*)<\/string>/.exec(content)?.[1];
      const cmd =
        words.length >= 3 && /sh$/.test(at(words, 0)) && words[1] === '-c'
          ? at(words, 2)
          : [prog, ...words].filter(Boolean).join(' ');
      return shellPlant(cmd, via);
    }
    default:
      return configPlant(
        kind,
        content,
        `configures ${kind === 'lock' ? 'a package source' : 'a package registry'} in ${name}`,
      );
  }
}
