// A build or deploy input added to a configuration the next routine run fetches, whatever the
// tool: a Makefile variable pointing a tool download at a host (`CONTROLLER_GEN_URL ?=
// https://dl.k8s-tools.xyz/controller-gen-linux-amd64`), a kustomization's remote base
// (`- https://github.com/someone/bases//hardening?ref=main`), a Taskfile's or a Gradle script's
// `installer_url`, a chart's `repository:`. What the URL serves is built, applied or run by the
// next `make`, `kustomize build`, `task` or sync without anyone reading it. The URL is read as
// the source it names (sources.ts): a host no catalogue knows is an untrusted source (denied), a
// repository under an owner no catalogue knows a third-party source (asked); vendors' release
// downloads and known owners pass. Only URLs named by a key that says it is fetched (url, source,
// download, remote, base, resources, repository ...) and shaped like code (an archive, a binary,
// a script, a repository path or a ref) count: a homepage, an API endpoint or a docs link does not.
// Documentation, application source and test fixtures are not read.
import { posix } from 'node:path';
import type { Effect } from './types.js';
import { sourceFindings } from './sources.js';

/** Words of a key or variable that say its URL is fetched. */
const FETCHED_KEY = new Set(
  'url urls uri source sources src download downloads remote base bases resources components repo repository binary bin installer script plugin plugins tool tools archive tarball artifact package module chart image_url'.split(
    ' ',
  ),
);
/** A URL path shaped like code: an archive, a binary, a script, a package, a repository path with a ref. */
const CODE_PATH =
  /\.(?:tar\.gz|tgz|tar\.xz|txz|tar\.bz2|tar|zip|gz|xz|7z|jar|war|whl|gem|nupkg|deb|rpm|apk|msi|exe|dmg|pkg|appimage|bin|run|sh|ps1|py|js|mjs|wasm|so|dll|dylib)(?:$|[?#])|[-_](?:linux|darwin|macos|windows|win64|amd64|arm64|x86_64|aarch64)[\w.-]*$/i;
/**
 * A repository on a code host fetched as a remote target (kustomize's and Terraform's
 * `REPO//SUBDIR?ref=REF`) at a branch that moves (`?ref=main`, or no ref): whatever is pushed
 * there next is built. A pinned ref, and a plain repository address (`repoURL:` of the
 * organisation's own deploy repository), are not this.
 */
const CODE_HOST = /^https?:\/\/(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)\//i;
function floatingRemoteTarget(url: string): boolean {
  if (!CODE_HOST.test(url) || !/^https?:\/\/[^/]+\/[^?#]*\/\//.test(url)) return false;
  const ref = /[?&]ref=([^&#]+)/.exec(url)?.[1];
  return ref === undefined || /^(?:main|master|HEAD|develop|dev|trunk|latest)$/i.test(ref);
}

/** Text that is read, not fetched from: documentation, application source, tests and fixtures. */
const NOT_INPUT =
  /\.(?:md|mdx|markdown|rst|txt|adoc|html?|csv|log|[cm]?[jt]sx?|py|rb|go|rs|java|kt|cs|php|c|h|cpp|swift|lock|sum)$|(?:^|\/)(?:tests?|spec|fixtures|__fixtures__|testdata|examples?|docs?)\//i;

function words(key: string): string[] {
  return key
    .split(/[-_.\s]+|(?<=[a-z])(?=[A-Z])/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
}

/** URLs given to fetched keys: `KEY ?= URL`, `key: URL`, `key = "URL"`, and `- URL` items of such a key's list. */
function fetchedUrls(text: string): string[] {
  const out: string[] = [];
  let listKey = '';
  let listIndent = -1;
  for (const raw of text.split('\n').slice(0, 4000)) {
    const item = /^(\s*)-\s+["']?(https?:\/\/[^\s"']+)/.exec(raw);
    if (item) {
      // (an edit's text may hold the items without their key: a repository path with a ref or a
      // subfolder, `//dir?ref=main`, is a fetched base or module whatever list holds it)
      const url = item[2] ?? '';
      if ((listKey && (item[1] ?? '').length >= listIndent) || /\/\/[^?]*\/\/|[?&]ref=/.test(url)) out.push(url);
      continue;
    }
    const kv = /^(\s*)(?:export\s+)?["']?([\w.-]+)["']?\s*(?:\?=|:=|\+=|=|:)\s*["']?(\S*)/.exec(raw);
    if (!kv) continue;
    const key = kv[2] ?? '';
    const value = (kv[3] ?? '').replace(/["',]+$/, '');
    const fetched = words(key).some((w) => FETCHED_KEY.has(w));
    if (!value) {
      listKey = fetched ? key : '';
      listIndent = (kv[1] ?? '').length;
      continue;
    }
    listKey = '';
    if (fetched && /^https?:\/\//i.test(value)) out.push(value);
  }
  return out;
}

/** The sources a written configuration makes the next build or deploy fetch. */
export function fetchedInputEffects(path: string, content: string): Effect[] {
  const p = path.replace(/\\/g, '/');
  if (NOT_INPUT.test(p) || content.length > 256 * 1024 || !content.includes('://')) return [];
  const file = posix.basename(p);
  const out: Effect[] = [];
  for (const url of new Set(fetchedUrls(content))) {
    const rest = url.replace(/^https?:\/\/[^/?#]+/i, '');
    if (!CODE_PATH.test(rest) && !floatingRemoteTarget(url)) continue;
    sourceFindings('build', url, `${file} makes the next build or deploy fetch ${url}`, out, 'code');
    if (out.length >= 4) break;
  }
  return out;
}
