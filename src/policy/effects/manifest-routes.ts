// Routes by which a manifest or build file brings in code from elsewhere, beyond the sources the
// readers of manifests.ts take apart.
//
// Forks: a popular package's name pointed, in a manifest, at a repository or file of someone else's: a
// requirements line `requests @ git+https://github.com/someone/requests`, `-e git+URL#egg=flask`,
// pyproject's `[tool.uv.sources]` / poetry's `requests = { git = "URL" }`, a Gemfile's
// `gem 'rails', git: 'URL'` or `github: 'someone/rails'`. The next install takes that code under
// the trusted name, and every import of the name runs it: the shape of a dependency swapped for a
// fork. The same read of package.json and Cargo.toml lives in content.ts; a URL under an
// organisation the catalogues know (the vendors' own) is left alone.
//
// Remote build scripts: Gradle's `apply from: 'https://...'` and GitLab CI's `include: remote:`
// fetch a script and run it as part of the build, as `curl URL | sh` does (read as that).
//
// Recommended editor extensions: `.vscode/extensions.json` makes the editor offer to install
// each one when the folder opens; each is checked as `code --install-extension ID` is.
//
// Scratch sources: a requirements line, pip.conf or pyproject value naming a package file or
// find-links folder in /tmp, /dev/shm or Downloads (`scratch-source`, as the install of one is).
import type { Effect } from './types.js';
import { dependency } from './supply.js';
import {
  PIP_REQUIREMENTS as REQUIREMENTS,
  isKnownOwner,
  isPopular,
  isVendorHost,
  type Ecosystem,
} from './supply-data.js';
import { inScratch } from './supply-hooks.js';
import { sourceFindings, thirdPartyCodeUrl } from './sources.js';
import { extensionFinding } from './installers.js';

const PYPROJECT = /(?:^|\/)(?:pyproject\.toml|pipfile)$/;
const GEMFILE = /(?:^|\/)(?:gemfile|gems\.rb|pluginfile)$/;
const URL = /^(?:git\+|hg\+)?(?:https?|git|ssh):\/\/\S+$|^git@\S+$/;

/** The owner of a code-host URL (github.com/OWNER/...), if it is one. */
function owner(url: string): string | undefined {
  return /(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)[/:]([^/\s]+)\//i.exec(url)?.[1];
}

function pairs(path: string, text: string): [Ecosystem, string, string][] {
  const out: [Ecosystem, string, string][] = [];
  const lines = text.split('\n').slice(0, 2000);
  if (REQUIREMENTS.test(path)) {
    for (const l of lines) {
      const at = /^\s*([A-Za-z][\w.-]*)(?:\[[^\]]*\])?\s*@\s*(\S+)/.exec(l);
      if (at?.[1] && at[2]) out.push(['pypi', at[1], at[2]]);
      const egg = /^\s*(?:-e|--editable)[=\s]+(\S+?#(?:.*&)?egg=([A-Za-z][\w.-]*))/.exec(l);
      if (egg?.[1] && egg[2]) out.push(['pypi', egg[2], egg[1]]);
    }
  } else if (PYPROJECT.test(path)) {
    for (const l of lines) {
      const table = /^\s*["']?([A-Za-z][\w.-]*)["']?\s*=\s*\{[^}]*\b(?:git|url)\s*=\s*["']([^"']+)["']/.exec(l);
      if (table?.[1] && table[2]) out.push(['pypi', table[1], table[2]]);
    }
    for (const m of text.matchAll(
      /["']([A-Za-z][\w.-]*)(?:\[[^\]]*\])?\s*@\s*((?:git\+)?(?:https?|ssh):\/\/[^"'\s;]+)/g,
    ))
      if (m[1] && m[2]) out.push(['pypi', m[1], m[2]]);
  } else if (GEMFILE.test(path)) {
    for (const l of lines) {
      const gem = /^\s*gem\s*\(?\s*["']([\w.-]+)["'](.*)$/.exec(l);
      if (!gem?.[1] || !gem[2]) continue;
      const git = /(?::git\s*=>|\bgit:)\s*["']([^"']+)["']/.exec(gem[2])?.[1];
      const gh = /(?::github\s*=>|\bgithub:)\s*["']([\w.-]+\/[\w.-]+)["']/.exec(gem[2])?.[1];
      const url = git ?? (gh ? `https://github.com/${gh}` : undefined);
      if (url) out.push(['gem', gem[1], url]);
    }
  }
  return out;
}

const GRADLE = /(?:^|\/)(?:build|settings|init)\.gradle(?:\.kts)?$|(?:^|\/)[^/]+\.gradle(?:\.kts)?$/;
const GITLAB_CI = /(?:^|\/)\.gitlab-ci\.ya?ml$|(?:^|\/)\.gitlab\/ci\/[^/]+\.ya?ml$/;
const PIP_FILES = /(?:^|\/)(?:pip\.conf|pip\.ini|pyproject\.toml|uv\.toml|pipfile)$/;

/** Scripts a build file fetches and runs: Gradle `apply from: URL`, GitLab CI `include: remote: URL`. */
function remoteScripts(path: string, text: string): string[] {
  const out: string[] = [];
  if (GRADLE.test(path))
    for (const m of text.matchAll(/\bapply\s*\(?\s*from\s*[:=]\s*(?:uri\s*\(\s*)?["'](https?:\/\/[^"']+)["']/g))
      if (m[1]) out.push(m[1]);
  if (GITLAB_CI.test(path)) {
    for (const m of text.matchAll(/^\s*-?\s*remote\s*:\s*["']?(https?:\/\/[^\s"']+)/gm)) if (m[1]) out.push(m[1]);
    for (const m of text.matchAll(/^\s*include\s*:\s*["']?(https?:\/\/[^\s"']+)/gm)) if (m[1]) out.push(m[1]);
  }
  // a code host is a vendor's only for an owner the catalogues know (raw.githubusercontent.com/jdoe/...)
  return out.filter((u) => {
    const h = /^https?:\/\/([^/:?#]+)/i.exec(u)?.[1]?.toLowerCase();
    return !!h && (!isVendorHost(h) || thirdPartyCodeUrl(u));
  });
}

const POM = /(?:^|\/)pom\.xml$/;

/**
 * Local jars a JVM build puts on its classpath: Gradle `files('x.jar')`, `fileTree(dir: 'libs')`,
 * `flatDir { dirs 'libs' }` (Gradle dependency reference, "File dependencies"), and Maven's
 * `<systemPath>` of a system-scoped dependency. Their code runs in the build (and, in buildSrc or
 * a buildscript classpath, is the build).
 */
function classpathPaths(path: string, text: string): string[] {
  const out: string[] = [];
  if (POM.test(path)) {
    for (const m of text.matchAll(/<systemPath>\s*([^<\s]+)\s*<\/systemPath>/g)) if (m[1]) out.push(m[1]);
    return out;
  }
  for (const m of text.matchAll(
    /\b(?:files|fileTree|dirs?)\s*\(?\s*(?:(?:dir|baseDir)\s*[:=]\s*)?((?:["'][^"']+["']\s*,?\s*)+)/g,
  ))
    for (const q of (m[1] ?? '').matchAll(/["']([^"']+)["']/g)) if (q[1]) out.push(q[1]);
  return out;
}

/** Package files and find-links folders in a scratch folder, named by a requirements file or pip setting. */
function scratchPaths(path: string, text: string): string[] {
  if (GRADLE.test(path) || POM.test(path)) return classpathPaths(path, text).filter((p) => inScratch(p));
  if (!REQUIREMENTS.test(path) && !PIP_FILES.test(path)) return [];
  const out: string[] = [];
  for (const m of text.matchAll(/(?:file:\/\/|[\s=@"'])((?:\/|~\/|\$HOME\/)[^\s"',;#]+)/g)) {
    const p = m[1] ?? '';
    if (inScratch(p)) out.push(p);
  }
  for (const l of text.split('\n').slice(0, 2000)) {
    const bare = /^\s*((?:\/|~\/)[^\s#]+)/.exec(l)?.[1];
    if (bare && inScratch(bare) && !out.includes(bare)) out.push(bare);
  }
  return out;
}

const JENKINSFILE = /(?:^|\/)jenkinsfile[^/]*$|\.groovy$/;

/**
 * Jenkins pipeline libraries loaded from a repository the pipeline names itself (`library
 * identifier: 'x@main', retriever: modernSCM([$class: 'GitSCMSource', remote: URL])`): their code
 * runs in the pipeline with its credentials (Jenkins docs, "Extending with Shared Libraries",
 * dynamic retrieval). A repository on a public code host under an unknown owner is asked.
 */
function jenkinsLibraries(path: string, text: string, out: Effect[]): void {
  if (!JENKINSFILE.test(path) || !/\blibrary\b|GitSCMSource|modernSCM/.test(text)) return;
  for (const m of text.matchAll(/\bremote\s*:\s*["']([^"']+)["']/g)) {
    const u = m[1] ?? '';
    const via = `${path.split('/').pop() ?? path} loads a pipeline library from ${u}`;
    if (thirdPartyCodeUrl(u)) out.push(dependency(['third-party-source', 'jenkins', u], via));
    else sourceFindings('jenkins', u, via, out, 'git');
  }
}

/** Forks, remote build scripts and scratch sources of a manifest or build file written to `path` (lower case). */
export function manifestRouteFindings(path: string, text: string): Effect[] {
  const out: Effect[] = [];
  const file = path.split('/').pop() ?? path;
  if (/(?:^|\/)\.vscode\/extensions\.json$/.test(path)) {
    const recs = /"recommendations"\s*:\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '';
    for (const m of recs.matchAll(/"([^"]+)"/g)) {
      const f = m[1] ? extensionFinding(m[1], `${file} recommends ${m[1]}`) : undefined;
      if (f) out.push(f);
    }
  }
  jenkinsLibraries(path, text, out);
  for (const u of remoteScripts(path, text))
    out.push({
      tool: 'exec',
      command: `curl -fsSL ${u} | sh`,
      via: `${file} fetches and runs the build script at ${u}`,
    });
  for (const p of scratchPaths(path, text))
    out.push(dependency(['scratch-source', file, p], `${file} takes packages from ${p}`));
  for (const [eco, name, url] of pairs(path, text)) {
    if (!URL.test(url) || !isPopular(eco, name)) continue;
    // the project's own repository (rails/rails, django/django) or a vendor organisation's
    const o = owner(url);
    const flat = (s: string) => s.toLowerCase().replace(/[-_.]/g, '');
    if (o && (isKnownOwner(o) || flat(o) === flat(name))) continue;
    out.push(dependency(['fork', eco, name, 'to', url], `${file} takes ${name} from ${url}`));
  }
  return out;
}
