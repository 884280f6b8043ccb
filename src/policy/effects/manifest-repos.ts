// A build file or package manifest that takes a dependency straight from someone's repository on
// a branch. Every ecosystem can: CMake `FetchContent_Declare(... GIT_REPOSITORY URL GIT_TAG main)`,
// a Unity package `"com.x.y": "https://github.com/o/r.git#main"`, a vcpkg registry `{"repository":
// URL, "baseline": "HEAD"}`, CocoaPods `:git => URL, :branch => 'master'`, SwiftPM `.package(url:
// URL, branch: "main")`, Cargo `git = URL, branch = "perf"`, a Terraform module `git::URL?ref=main`,
// west and repo manifests. The next build fetches whatever that owner has pushed to the branch
// since and compiles it into the product. When the owner is one no catalogue knows (not a
// vendor's or a listed project's organisation) and the reference is a branch, or none at all, it
// is read as `third-party-source MANIFEST URL` (ask). A tag or a commit pins what was reviewed
// and passes, as does a known owner's repository. (.gitmodules is not read: the superproject
// pins each submodule's commit.)
import { posix } from 'node:path';
import type { Effect } from './types.js';
import { dependency } from './supply.js';
import { isKnownOwner } from './supply-data.js';

/** Build files and manifests whose repository references are fetched and built (lower case, forward slashes). */
const BUILD_FILES =
  /(?:^|\/)(?:cmakelists\.txt|[^/]+\.cmake|manifest\.json|vcpkg(?:-configuration)?\.json|conanfile\.(?:py|txt)|podfile|gemfile|gems\.rb|package\.swift|cargo\.toml|[^/]+\.tf|west\.ya?ml|default\.xml|build\.gradle(?:\.kts)?|settings\.gradle(?:\.kts)?|package\.json|pubspec\.yaml|[^/]+\.csproj|directory\.(?:build|packages)\.props|workspace(?:\.bazel)?|module\.bazel|[^/]+\.bzl|meson\.build|[^/]+\.wrap|dub\.json|rebar\.config|mix\.exs|project\.clj|deps\.edn|[^/]+\.nimble|stack\.yaml|cabal\.project|dependencies\.yml|packages\.yml|chart\.yaml|requirements\.ya?ml)$/;

/** A repository on a public code host: owner and name, and a ref written in the URL itself. */
const REPO_URL =
  /(?:git\+|git::)?(?:https?|ssh|git):\/\/(?:[^@/\s]+@)?(?:www\.)?(github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?(?:(?:#|@|\?ref=|\/tree\/)([\w./-]+))?(?=["'\s,;)\]}>]|$)/gi;

/** A ref given beside the URL: GIT_TAG, branch, tag, rev, revision, baseline, commit, version. */
const NEAR_REF =
  /\b(?:GIT_TAG|branch|tag|rev|revision|baseline|commit|ref|version|from|exact|upToNextMajor|upToNextMinor)\b["']?\s*(?:[:=]|=>)?\s*["']?([\w./-]+)/gi;

/** A reference that pins: a commit hash, or a version tag (v1.2.3, 1.15.1, release-2024.1). */
const PINNED = /^(?:[0-9a-f]{7,40}|v?\d+(?:[._-]\d+)*[\w.-]*|semver|(?:release|rel|version)[-_]?v?\d[\w.-]*)$/i;
/** Words that are refs of another kind than a branch (SwiftPM's `from:`/`exact:` take versions). */
const BRANCHY =
  /^(?:main|master|head|dev|develop|development|trunk|latest|next|nightly|edge|canary|stable|[a-z][\w/-]*)$/i;

const MAX_FINDINGS = 4;

/**
 * Keys that describe the project itself (where its own source, site and tracker live:
 * package.json `repository`/`homepage`/`bugs`, Cargo.toml `repository`, pubspec `repository`,
 * MSBuild `RepositoryUrl`), not what it takes in. A vcpkg registry's `repository` is a source.
 */
const META_KEY =
  /^(?:repository|homepage|home|bugs|documentation|source_url|sources|scm|issues|funding|changelog|repositoryurl|packageprojecturl|website|download_url|author|url)$/i;

/** The key a line sets (`"key": ...`, `key = ...`, `key: ...`, `<Key>...`), lower case. */
function lineKey(line: string): string | undefined {
  return /^\s*(?:["']?([\w.-]+)["']?\s*(?:[:=]|=>)|<([\w.-]+)>)/.exec(line)?.slice(1).find(Boolean)?.toLowerCase();
}

/** What the manifest `path` (lower case) with `content` takes from unknown owners' branches. */
export function manifestRepoFindings(path: string, content: string): Effect[] {
  if (!BUILD_FILES.test(path) || /(?:^|\/)(?:tests?|fixtures?|testdata|examples?|docs?)\//.test(path)) return [];
  const name = posix.basename(path);
  const out: Effect[] = [];
  const lines = content.slice(0, 200_000).split('\n');
  for (let i = 0; i < lines.length && out.length < MAX_FINDINGS; i++) {
    const line = lines[i] ?? '';
    const key = lineKey(line);
    // `url:` names a git dependency's repository outside package.json (pubspec, SwiftPM), the project's own inside it
    if (
      key &&
      META_KEY.test(key) &&
      !(key === 'repository' && name.startsWith('vcpkg')) &&
      !(key === 'url' && name !== 'package.json')
    )
      continue;
    // package.json's `"repository": {"type": "git", "url": ...}` spans lines: the url line follows "type"
    if (name === 'package.json' && /"type"\s*:\s*"git"/.test(lines[i - 1] ?? '')) continue;
    for (const m of line.matchAll(REPO_URL)) {
      const owner = (m[2] ?? '').toLowerCase();
      if (!owner || isKnownOwner(owner)) continue;
      let ref = m[4];
      if (!ref) {
        // the ref the same statement gives after the URL, on its line or the next two
        const after = [line.slice((m.index ?? 0) + m[0].length), lines[i + 1] ?? '', lines[i + 2] ?? ''].join('\n');
        ref = [...after.matchAll(NEAR_REF)][0]?.[1];
      }
      if (ref && (PINNED.test(ref) || !BRANCHY.test(ref))) continue;
      const url = `https://${m[1]}/${m[2]}/${m[3]}`;
      out.push(
        dependency(
          ['third-party-source', name, url],
          `${name} builds in ${url} at ${ref ? `the branch ${ref}` : 'its default branch'}, from an owner no catalogue knows`,
        ),
      );
    }
  }
  return out;
}
