// Package repositories declared in the build definitions of the JVM and Haskell build tools that
// name them in code rather than in a settings file: sbt (`resolvers += "x" at URL`,
// `Resolver.url("x", url(URL))`, `MavenRepository`; sbt docs, "Resolvers"), Mill
// (`MavenRepository(URL)`, `IvyRepository`; mill docs, "Repositories"), Leiningen
// (`:repositories`, `:plugin-repositories`, `:mirrors`; the sample project.clj), tools.deps
// (`:mvn/repos`; clojure.org "deps.edn reference"), Boot (`:repositories`), scala-cli and JBang
// source directives (`//> using repository URL`, `//REPOS name=URL`), Ivy settings (`root=` and
// `pattern=` of the resolvers; Ivy docs, "resolvers"), cabal.project (`repository NAME` stanzas
// with `url:` and `secure: False`; cabal docs, "Package repositories"). Each URL is read as a
// source of the build, as a `maven { url }` block of Gradle is (manifests.ts): an unknown host or
// plain http is a new place code comes from. The project's own `:url`, licence and SCM links are
// not sources and are not read.
import type { Effect } from './types.js';
import { sourceFindings } from './sources.js';
import { dependency } from './supply.js';

type Reader = (text: string, via: string, out: Effect[]) => void;

const URL = /["']?((?:https?|s3|gcs|file|ivy|sftp|ftp):\/\/[^"'\s)\]},]+)/g;

/** Every URL in `text`, as a Maven-style repository of `eco`. */
function urlsIn(eco: string, text: string, via: string, out: Effect[]): void {
  for (const m of text.matchAll(URL)) if (m[1] && !m[1].startsWith('file:')) sourceFindings(eco, m[1], via, out);
}

/** The bracketed form that follows `key` (Clojure vectors and maps), balanced. */
function formAfter(text: string, key: RegExp): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(key)) {
    let i = (m.index ?? 0) + m[0].length;
    while (i < text.length && /\s/.test(text[i] ?? '')) i++;
    const open = text[i];
    if (open !== '[' && open !== '{') continue;
    let depth = 0;
    let j = i;
    for (; j < text.length && j < i + 20_000; j++) {
      const c = text[j];
      if (c === '[' || c === '{') depth++;
      else if (c === ']' || c === '}') depth--;
      if (depth === 0) break;
    }
    out.push(text.slice(i, j + 1));
  }
  return out;
}

/** sbt and Mill: resolver and repository expressions, on their own lines. */
const SCALA_REPO_LINE =
  /\b(?:resolvers|Resolver\s*\.\s*(?:url|ssh|sftp)|MavenRepository|IvyRepository|MavenCache|repositoriesTask|externalResolvers|"[^"\n]*"\s+at\s+)\b|\bat\s+"/;

const clojureBuild: Reader = (t, via, out) => {
  for (const form of formAfter(t, /:(?:repositories|plugin-repositories|mirrors|mvn\/repos)\b/g))
    urlsIn('maven', form, via, out);
};

/** scala-cli `//> using repository[ies] URL...`, JBang `//REPOS name=URL,...` in a source file. */
const sourceDirectives: Reader = (t, via, out) => {
  for (const m of t.matchAll(/^\s*\/\/>\s*using\s+(?:repository|repositories|repo)\s+(.+)$|^\s*\/\/REPOS\s+(.+)$/gm))
    urlsIn('maven', (m[1] ?? m[2] ?? '').replace(/\b[\w-]+=/g, ' '), via, out);
};

/** sbt and Mill builds (a `project/*.scala` file may also be a scala-cli source with directives). */
const scalaBuild: Reader = (t, via, out) => {
  for (const l of t.split('\n').slice(0, 5000)) if (SCALA_REPO_LINE.test(l)) urlsIn('maven', l, via, out);
  sourceDirectives(t, via, out);
};

const ivySettings: Reader = (t, via, out) => {
  for (const m of t.matchAll(/\b(?:root|pattern|url|m2compatibleRoot)\s*=\s*"([^"]+)"/g))
    if (/^[a-z]+:\/\//i.test(m[1] ?? '')) urlsIn('maven', `"${m[1]}"`, via, out);
};

const cabalProject: Reader = (t, via, out) => {
  let inRepo = false;
  for (const l of t.split('\n').slice(0, 5000)) {
    if (/^repository\s+\S+/i.test(l)) {
      inRepo = true;
      continue;
    }
    if (/^\S/.test(l)) inRepo = false;
    if (!inRepo) continue;
    const url = /^\s+url\s*:\s*(\S+)/i.exec(l)?.[1];
    if (url) urlsIn('hackage', url, via, out);
    if (/^\s+secure\s*:\s*false\b/i.test(l))
      out.push(dependency(['no-verify', 'hackage', 'secure=False'], `${via} (the index is not signature-checked)`));
  }
};

/**
 * Puppetfile (r10k, librarian-puppet) and Berksfile (Chef): `forge`/`source` servers, modules and
 * cookbooks from `:git =>`/`git:` repositories or `:tarball =>` archives (r10k docs, "Puppetfile";
 * Berkshelf docs, "Berksfile"). The modules and cookbooks run as root on every managed node.
 */
const configManagement: Reader = (t, via, out) => {
  for (const m of t.matchAll(/^\s*(?:forge|source)\s*\(?\s*["']((?:https?|git):\/\/[^"']+)["']/gm))
    sourceFindings('forge', m[1] ?? '', via, out);
  for (const m of t.matchAll(/(?::git\s*=>|\bgit:)\s*["']([^"']+)["']/g))
    sourceFindings('forge', (m[1] ?? '').replace(/^git@([^:]+):/, 'ssh://$1/'), via, out, 'git');
  for (const m of t.matchAll(/(?::tarball\s*=>|\btarball:)\s*["']([^"']+)["']/g))
    sourceFindings('forge', m[1] ?? '', via, out, 'code');
};

/** The build definitions this file reads, by path (lower case, forward slashes). */
export const BUILD_REPO_READERS: [RegExp, string, Reader][] = [
  [/(?:^|\/)[^/]+\.sbt$|(?:^|\/)project\/[^/]+\.scala$|(?:^|\/)build\.(?:sc|mill)$/, 'maven', scalaBuild],
  [/(?:^|\/)(?:project\.clj|deps\.edn|build\.boot|bb\.edn)$/, 'maven', clojureBuild],
  [/(?:^|\/)ivysettings[^/]*\.xml$/, 'maven', ivySettings],
  [/(?:^|\/)cabal\.project(?:\.local|\.freeze)?$|(?:^|\/)\.?cabal\/config$/, 'hackage', cabalProject],
  [/(?:^|\/)(?:puppetfile|berksfile)$/, 'forge', configManagement],
  [/\.(?:scala|sc|java|kt|kts|groovy)$/, 'maven', sourceDirectives],
];
