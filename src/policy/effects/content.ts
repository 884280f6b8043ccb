// What a write plants: when the target is a file that runs later (shell start-up files, hooks,
// CI workflows, package.json lifecycle scripts, Makefiles, Python start-up files, units, cron,
// launch agents, scripts in a directory on PATH), the code it will run is decided now as the
// command it amounts to; package-manager configuration and lockfiles are read as the equivalent
// `config set` command, so pointing them at another registry or switching verification off
// meets the same rules as doing it on the command line.
import { posix } from 'node:path';
import type { Effect } from './types.js';
import { analyzeCode } from './interp/code.js';
import { PYTHON, RUBY } from './interp/languages.js';
import {
  ciExpressions,
  ciFindings,
  dockerfile,
  goModFindings,
  hostsFindings,
  precommitFindings,
  withoutVendorInstalls,
} from './supply.js';

export type Kind =
  | 'tasks'
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
  | 'hosts';

/** Which kind of runs-later or config file a path is; the patterns are lower-cased path tails. */
const KINDS: [RegExp, Kind][] = [
  [
    /(?:^|\/)\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|kshrc|mkshrc|envrc|xprofile|xinitrc|xsessionrc)$|\/\.config\/fish\/.*\.fish$|^\/etc\/(?:profile|bash\.bashrc|zshrc|environment|rc\.local)$|^\/etc\/profile\.d\//,
    'shell',
  ],
  [/(?:^|\/)\.git\/hooks\/[^/]+$|(?:^|\/)\.husky\/[^/_][^/]*$|(?:^|\/)\.githooks\/[^/]+$/, 'shell'],
  [/^\/etc\/cron|^\/var\/spool\/cron\/|(?:^|\/)crontab$/, 'shell'],
  [/(?:^|\/)(?:\.local\/bin|bin)\/[^/]+$|^\/usr\/local\/s?bin\/[^/]+$/, 'shell'],
  [/(?:^|\/)(?:build|install|setup|bootstrap|configure|postinstall|prepare)\.(?:sh|bash)$|(?:^|\/)configure$/, 'shell'],
  [/(?:^|\/)\.vscode\/tasks\.json$/, 'tasks'],
  [/(?:^|\/)\.pre-commit-config\.ya?ml$|(?:^|\/)lefthook\.ya?ml$|(?:^|\/)\.lefthook\.ya?ml$/, 'precommit'],
  [/(?:^|\/)(?:rakefile|gemfile|[^/]+\.gemspec)$/, 'ruby'],
  [
    /(?:^|\/)build\.rs$|(?:^|\/)build\.gradle(?:\.kts)?$|(?:^|\/)settings\.gradle(?:\.kts)?$|(?:^|\/)(?:webpack|vite|rollup|jest|vitest|babel|eslint)\.config\.[cm]?[jt]s$|(?:^|\/)\.eslintrc\.c?js$/,
    'literals',
  ],
  [/(?:^|\/)(?:gnu)?makefile$|(?:^|\/)[^/]+\.mk$/, 'make'],
  [
    /(?:^|\/)\.github\/workflows\/[^/]+\.ya?ml$|(?:^|\/)\.gitlab-ci\.ya?ml$|(?:^|\/)\.circleci\/config\.ya?ml$|(?:^|\/)azure-pipelines\.ya?ml$|(?:^|\/)bitbucket-pipelines\.ya?ml$|(?:^|\/)\.travis\.ya?ml$|(?:^|\/)\.drone\.ya?ml$|(?:^|\/)jenkinsfile$|(?:^|\/)\.buildkite\/[^/]+\.ya?ml$/,
    'ci',
  ],
  [/(?:^|\/)package\.json$/, 'package-json'],
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
    /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lock|poetry\.lock|pipfile\.lock|uv\.lock|cargo\.lock|requirements[^/]*\.txt)$/,
    'lock',
  ],
  [/(?:^|\/)\.gemrc$|(?:^|\/)gemfile$/, 'gem'],
  [/(?:^|\/)\.m2\/settings\.xml$|(?:^|\/)settings\.xml$|(?:^|\/)pom\.xml$/, 'maven'],
  [/(?:^|\/)nuget\.config$/, 'nuget'],
  [/(?:^|\/)(?:dockerfile|containerfile)(?:\.[^/]*)?$|\.(?:dockerfile|containerfile)$/, 'docker'],
  [/(?:^|\/)go\.mod$/, 'gomod'],
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

function shellPlant(script: string, via: string): Effect[] {
  return script.trim() ? [{ tool: 'exec', command: script, via, onlyDeny: true }] : [];
}

/** Recipe lines of a Makefile (tab-indented), with make's @ - + prefixes removed. */
function makeRecipes(text: string): string {
  return text
    .split('\n')
    .slice(0, MAX_LINES)
    .filter((l) => l.startsWith('\t'))
    .map((l) => l.slice(1).replace(/^[@+-]+/, ''))
    .join('\n');
}

/** `run:` / `script:` bodies of a CI file (block scalars and one-line values). */
function ciScripts(text: string): string {
  const out: string[] = [];
  const lines = text.split('\n').slice(0, MAX_LINES);
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(?:-\s*)?(?:run|script|before_script|after_script|command|commands|sh)\s*:\s*(.*)$/.exec(
      lines[i]!,
    );
    if (!m) continue;
    const indent = m[1]!.length;
    const rest = m[2]!.trim();
    if (rest && !/^[|>][-+]?$/.test(rest)) {
      out.push(rest.replace(/^['"]|['"]$/g, ''));
      continue;
    }
    for (let j = i + 1; j < lines.length; j++) {
      const l = lines[j]!;
      if (l.trim() && l.length - l.trimStart().length <= indent) break;
      out.push(l.trim().replace(/^-\s+/, ''));
      i = j;
    }
  }
  return out.join('\n');
}

function packageScripts(text: string): string[] {
  try {
    const j = JSON.parse(text) as { scripts?: Record<string, unknown> };
    return Object.entries(j.scripts ?? {})
      .filter(([k, v]) => LIFECYCLE.has(k.toLowerCase()) && typeof v === 'string')
      .map(([, v]) => v as string);
  } catch {
    // Not JSON (an edit fragment): read "lifecycle": "command" pairs.
    const out: string[] = [];
    for (const m of text.matchAll(/"(\w+)"\s*:\s*"((?:[^"\\]|\\.)*)"/g))
      if (LIFECYCLE.has(m[1]!.toLowerCase())) out.push(JSON.parse(`"${m[2]}"`) as string);
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
    if (m) out.push([m[1]!.toLowerCase(), m[2]!.trim()]);
  }
  return out;
}

function configPlant(kind: Kind, text: string, via: string): Effect[] {
  const out: Effect[] = [];
  const cmd = (command: string) => out.push({ tool: 'exec', command, via });
  if (kind === 'npmrc') {
    for (const [k, v] of settings(text)) {
      if (/(?:^|:)registry$|npmregistryserver$/.test(k)) cmd(`npm config set registry ${v}`);
      else if (/strict-ssl$|enablestrictssl$/.test(k) && /false|0/.test(v)) cmd('npm config set strict-ssl false');
      else if (k === 'ca' && v === 'null') cmd('npm config set strict-ssl false');
      else if (
        /^(?:script-shell|shell|node-options|onload-script|git|editor|browser|init-module|yarnpath|plugins)$/.test(k)
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
      const h = hostOf(m[2]!);
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
  }
  return out;
}

/** What writing `content` to `path` plants (empty when the file is not one that runs later). */
export function plantedEffects(path: string, content: string | undefined): Effect[] {
  if (!content) return [];
  const kind = fileKind(path);
  if (!kind) return [];
  const name = posix.basename(path.replace(/\\/g, '/'));
  const via = `plants code in ${name}`;
  switch (kind) {
    case 'shell':
      return shellPlant(content, via);
    case 'make':
      return shellPlant(makeRecipes(content), via);
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
      const lits = [...content.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g)]
        .map((m) => m[1] ?? m[2] ?? '')
        .filter((t) => /\b(?:curl|wget|nc|bash|sh)\b.*(?:\||https?:|\/dev\/tcp)/.test(t));
      return lits.flatMap((t) => shellPlant(t, via));
    }
    case 'ci': {
      // CI steps run in a throwaway machine: a vendor's documented install is fine there.
      const scripts = ciExpressions(ciScripts(content));
      return [
        ...shellPlant(withoutVendorInstalls(scripts), via),
        ...ciFindings(content, scripts, `changes where the CI in ${name} gets its code`),
      ];
    }
    case 'docker': {
      const d = dockerfile(content, `changes where the image of ${name} gets its code`);
      return [...shellPlant(d.script, via), ...d.findings];
    }
    case 'gomod':
      return goModFindings(content, `replaces a module in ${name}`);
    case 'hosts':
      return hostsFindings(content, `redirects a host in ${name}`);
    case 'package-json':
      return packageScripts(content).flatMap((s) => shellPlant(s, `plants a lifecycle script in ${name}`));
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
        (m) => m[1]!,
      );
      return shellPlant(cmds.join('\n'), via);
    }
    case 'plist': {
      const args = /<key>\s*ProgramArguments\s*<\/key>\s*<array>([\s\S]*?)<\/array>/.exec(content);
      const words = args ? [...args[1]!.matchAll(/<string>([^<]*)<\/string>/g)].map((m) => m[1]!) : [];
      const prog = /<key>\s*Program\s*<\/key>\s*<string>([^<]*)<\/string>/.exec(content)?.[1];
      const cmd =
        words.length >= 3 && /sh$/.test(words[0]!) && words[1] === '-c'
          ? words[2]!
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
