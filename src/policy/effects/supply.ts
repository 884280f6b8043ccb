// Where third-party code comes from, read from what a call writes or runs. Each finding is a
// `dependency` call whose command is a short sentence the standard policy matches:
//   impersonates ECO NAME of LISTED   an owner posing as a listed vendor (actlons/checkout)   deny
//   redirects HOST to ADDRESS         /etc/hosts sends a registry or code host elsewhere        deny
//   untrusted-checkout DETAIL         pull_request_target running the pull request's code       deny
//   lookalike ECO NAME of LISTED      a name one or two edits from a popular one (crossenv)     ask
//   fork ECO MODULE to REPLACEMENT    go.mod replace with another module                        ask
//   local-path ECO MODULE to PATH     go.mod replace with a directory outside the module        ask
//   runs-unlisted ECO NAME            fetch-and-run of a package on no popular list (npx -y)   ask
//   installs-unlisted ECO NAME        an npm or PyPI install of a name on no popular list      ask
//   install-hook npm HOOK FILE        package.json's (pre|post)install running a file          ask
//   unknown-registry ECO REF          a base image or action image from an unknown registry     ask
//   remote-file URL                   ADD of a URL that is not a vendor's                       ask
//   sends-secret URL                  a CI step sending a secret to a host not a vendor's       ask
// The lists behind "listed", "popular" and "vendor" are catalogues (supply-data.ts).
import type { Effect } from './types.js';
import { nearImageOwner } from './infra-data.js';
import { isOrgSourceName } from './org-names.js';
import {
  affixedOwner,
  editDistance,
  isKnownOwner,
  wrapsOwner,
  isKnownRegistry,
  isPopular,
  isVendorHost,
  lookalikeOf,
  slugLookalike,
  supplyData,
  type Ecosystem,
} from './supply-data.js';

/** Attacker-chosen names go into the sentence as words the shell reader cannot take apart. */
function word(s: string): string {
  return s.replace(/[^A-Za-z0-9@/._:+~=-]/g, '_').slice(0, 200) || '_';
}

/** The finding in words, for the message: "npm install crossenv (looks like cross-env)". */
function phrase(s: string[]): string {
  const [kind, a = '', b = '', c = '', d = ''] = s;
  switch (kind) {
    case 'impersonates':
      return `${b} poses as ${d}`;
    case 'lookalike':
      return `${b} looks like ${d}`;
    case 'fork':
    case 'local-path':
      return c === 'of' ? `${b} in place of ${d}` : `${b} replaced by ${d}`;
    case 'runs-unlisted':
      return `${b} is on no list of popular packages`;
    case 'install-hook':
      return `${b} runs ${c} on every install, a file whose text is not shown`;
    case 'installs-unlisted':
      return `${b} is not among the registry's most downloaded packages`;
    case 'unknown-registry':
      return `${b} comes from an unknown registry`;
    case 'remote-file':
      return `downloads ${a}`;
    case 'sends-secret':
      return a.startsWith('action:')
        ? `gives secrets to ${a.slice(7)}, an action of an unlisted owner`
        : `sends a secret to ${a}`;
    case 'redirects':
      return `sends ${a} to ${c}`;
    // the readings of sources.ts and download-exec.ts say it in their own words
    case 'untrusted-source':
    case 'third-party-source':
    case 'no-verify':
    case 'custom-ca':
    case 'runs-untrusted':
    case 'runs-third-party':
    case 'mixed-indexes':
      return '';
    case 'tampers':
      return `changes the installed package ${b}`;
    case 'scripts-forced':
      return '';
    case 'compromised':
      return `${b} is a release known to carry malware`;
    case 'unpinned-commit':
      return `${b} names an abbreviated commit, which any fork can supply`;
    case 'unpinned-branch':
      return `${b} follows a branch: whatever is pushed there next runs with the job's secrets`;
    case 'unpinned-digest':
      return `replaces pinned digests or commits in ${a} with a tag that moves`;
    case 'runs-hidden':
      return `${a} is a hidden file inside installed packages`;
    case 'token-scope':
      return `gives the workflow token every write permission`;
    case 'injects-untrusted':
      return `pastes ${b} (text anyone opening an issue or pull request writes) into a shell step`;
    case 'scratch-source':
      return `${b} is in a scratch folder or other people's uploads: where it came from cannot be told`;
    case 'runs-foreign':
      return `${a} is in a folder of evidence, malware, attachments or other people's uploads: its code is no one's here`;
    case 'build-hook':
      return `runs ${c}, a file in a scratch folder, as ${a}'s ${b}`;
    case 'untrusted-trigger':
      return 'runs on pull_request_target, with the repository secrets, for code from forks';
    default:
      return `${a} ${b}`.trim();
  }
}

export function dependency(sentence: string[], via: string): Effect {
  const p = phrase(sentence);
  return { tool: 'dependency', command: sentence.map(word).join(' '), via: p ? `${via} (${p})` : via };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, '') || undefined;
  } catch {
    return undefined;
  }
}

/** A package name checked against its ecosystem's popular names. */
export function nameFinding(eco: Ecosystem, name: string, via: string): Effect | undefined {
  const of = lookalikeOf(eco, name);
  if (of) return dependency(['lookalike', eco, name, 'of', of], via);
  // Typosquatters register a famous name's near spelling in the other big registry too
  // (colourama on npm): checked across npm and PyPI for names neither lists.
  const other: Ecosystem | undefined = eco === 'npm' ? 'pypi' : eco === 'pypi' ? 'npm' : undefined;
  if (!other || isPopular(eco, name) || isPopular(other, name) || name.startsWith('@')) return undefined;
  const across = lookalikeOf(other, name);
  return across ? dependency(['lookalike', eco, name, 'of', `${other}:${across}`], via) : undefined;
}

/** A Go module path that is, or lies under, a listed module (golang.org/x/crypto/ssh). */
function listedGoModule(path: string): boolean {
  const parts = path.toLowerCase().split('/');
  for (let i = parts.length; i >= 2; i--) if (isPopular('go', parts.slice(0, i).join('/'))) return true;
  return false;
}

/** An owner/repo source (action, hook repository) checked against the listed ones. */
export function slugFinding(eco: Ecosystem, slug: string, via: string, host = ''): Effect | undefined {
  const m = slugLookalike(eco, slug, host);
  if (!m) return undefined;
  return dependency([m.impersonates ? 'impersonates' : 'lookalike', eco, slug, 'of', m.of], via);
}

// ------------------------------------------------------------------ images

interface ImageRef {
  registry?: string;
  /** Repository path without the registry (library/ dropped). */
  path: string;
}

function parseImage(ref: string): ImageRef | undefined {
  if (!ref || /[$]/.test(ref)) return undefined; // build arguments: known only at build time
  const noDigest = ref.split('@')[0] ?? '';
  const parts = noDigest.split('/');
  let registry: string | undefined;
  const first = parts[0] ?? '';
  if (parts.length > 1 && (/[.:]/.test(first) || first === 'localhost')) {
    registry = first.replace(/:\d+$/, '').toLowerCase();
    parts.shift();
  }
  const last = (parts.pop() ?? '').replace(/:[^:]*$/, '');
  const path = [...parts, last].join('/').replace(/^library\//, '');
  return path ? (registry === undefined ? { path } : { registry, path }) : undefined;
}

/**
 * A Docker Hub user's image dressed as an official one: the official image's name under an owner
 * that says "official"/"library"/"verified" or wraps the name (nodejs-official/node,
 * library-images/python, node-docker/node). Official images have no owner part on Docker Hub.
 */
function officialPosing(path: string): string | undefined {
  const [owner = '', name = '', more] = path.toLowerCase().split('/');
  if (!owner || !name || more !== undefined || !isPopular('images', name)) return undefined;
  if (/official|library|verified/.test(owner) || wrapsOwner(owner, name)) return name;
  return undefined;
}

/** Registries with public namespaces anyone can take. */
const OPEN_REGISTRY = /^(?:ghcr\.io|quay\.io|registry\.gitlab\.com|public\.ecr\.aws|gcr\.io|[\w-]+\.pkg\.dev)$/;

/** A container image from an unknown registry, or a near spelling of an official image. */
export function imageFindings(ref: string, via: string): Effect[] {
  const img = parseImage(ref);
  if (!img) return [];
  const hub =
    img.registry === undefined || /^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io)$/.test(img.registry);
  if (img.registry !== undefined && !hub) {
    if (img.registry === 'localhost' || /^127\./.test(img.registry)) return [];
    // `nexus.corp.local:8443/base/temurin`, `registry.acme.internal/...`, `registry.agency.gov/...`:
    // a name only the organisation's own network resolves, or one only a government body can
    // register, is its own registry; nobody outside can publish there (org-names.ts)
    if (isOrgSourceName(img.registry)) return [];
    if (isKnownRegistry(img.registry)) {
      // registries where anyone publishes under a name: an owner made of the image's name and an
      // impostor's word (quay.io/prom-node-exporter/node-exporter) poses as the project
      const [owner = '', name = ''] = img.path.split('/');
      const poses = OPEN_REGISTRY.test(img.registry) && name ? affixedOwner(owner, name) : undefined;
      return poses ? [dependency(['lookalike', 'images', ref, 'of', poses], via)] : [];
    }
    return [dependency(['unknown-registry', 'images', ref], via)];
  }
  {
    const [owner = '', name = '', more] = img.path.split('/');
    const poses = name && more === undefined ? affixedOwner(owner, name) : undefined;
    if (poses) return [dependency(['lookalike', 'images', img.path, 'of', poses], via)];
  }
  const official = officialPosing(img.path);
  if (official) return [dependency(['lookalike', 'images', img.path, 'of', official], via)];
  // a Docker Hub owner one or two letters from an official one (librarry/postgres)
  const near = nearImageOwner(img.path);
  if (near)
    return [dependency(['lookalike', 'images', img.path, 'of', `${near}/${img.path.split('/')[1] ?? ''}`], via)];
  if (img.path.includes('/') || isPopular('images', img.path)) return [];
  const f = nameFinding('images', img.path, via);
  return f ? [f] : [];
}

// ------------------------------------------------------------------ fetch-and-run from vendors

const URL_RE = /\bhttps?:\/\/[^\s'"|;)<>`]+/g;
const INTO_SHELL =
  /\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:(?:\/usr)?\/bin\/)?(?:ba|da|z|k)?sh\b|\|\s*(?:sudo\s+)?(?:python3?|node)\b/;

/** Hosts where anyone publishes: a URL there is a vendor's only under an owner the catalogues know. */
const USER_CONTENT =
  /^(?:github\.com|gitlab\.com|bitbucket\.org|raw\.githubusercontent\.com|gist\.githubusercontent\.com|gist\.github\.com|objects\.githubusercontent\.com)$/;

/** A URL of a vendor: a vendor host, and on a code host a known owner's path. */
export function isVendorUrl(url: string): boolean {
  const h = hostOf(url)?.toLowerCase();
  if (h === undefined || !isVendorHost(h)) return false;
  if (!USER_CONTENT.test(h)) return true;
  if (/^gist\./.test(h)) return false;
  const owner = /^[a-z]+:\/\/[^/]+\/([^/?#]+)/i.exec(url)?.[1];
  return !!owner && isKnownOwner(owner);
}

/** Every URL in the text is a vendor's (and there is at least one). */
function allVendor(text: string): boolean {
  const urls = text.match(URL_RE);
  if (!urls) return false;
  return urls.every(isVendorUrl);
}

/**
 * A build step (CI or container build) with the vendors' documented installs taken out: a
 * download piped into a shell from a vendor host is how Node, rustup, uv ... say to install
 * them there. The rest of the script is decided as written.
 */
export function withoutVendorInstalls(script: string): string {
  return script
    .split('\n')
    .map((line) =>
      line
        .split(/\s*(?:&&|\|\||;)\s*/)
        .filter((seg) => !(INTO_SHELL.test(seg) && allVendor(seg)))
        .join(' && '),
    )
    .join('\n');
}

// ------------------------------------------------------------------ Dockerfiles

/** Instructions of a Dockerfile with continuation lines joined. */
function instructions(text: string): { op: string; arg: string }[] {
  const out: { op: string; arg: string }[] = [];
  let cur = '';
  for (const raw of text.split('\n').slice(0, 4000)) {
    const line = raw.replace(/\r$/, '');
    if (!cur && /^\s*#/.test(line)) continue;
    if (/\\\s*$/.test(line)) {
      cur += line.replace(/\\\s*$/, ' ');
      continue;
    }
    cur += line;
    const m = /^\s*([A-Za-z]+)\s+([\s\S]*)$/.exec(cur);
    if (m?.[1] && m[2] !== undefined) out.push({ op: m[1].toUpperCase(), arg: m[2].trim() });
    cur = '';
  }
  return out;
}

/** The shell text of a RUN (shell form, or the exec form's `sh -c` string / argv). */
function runText(arg: string): string {
  const a = arg.replace(/^(?:--\S+\s+)+/, '');
  if (a.startsWith('[')) {
    try {
      const argv = JSON.parse(a) as unknown;
      if (Array.isArray(argv) && argv.every((x) => typeof x === 'string')) {
        const words = argv as string[];
        if (words.length >= 3 && /sh$/.test(words[0] ?? '') && words[1] === '-c') return words[2] ?? '';
        return words.join(' ');
      }
    } catch {
      // not JSON: the shell form
    }
  }
  return a;
}

export interface DockerReading {
  /** RUN steps, vendors' installs taken out. */
  script: string;
  findings: Effect[];
  /** NAME=value of each ENV and ARG default: every later RUN step sees them in its environment. */
  env: [string, string][];
}

/** The NAME=value pairs of an ENV or ARG instruction (`ENV A=1 B="x y"`, the legacy `ENV A 1`). */
function envPairs(arg: string): [string, string][] {
  const legacy = /^([A-Za-z_]\w*)\s+([^=\s][\s\S]*)$/.exec(arg);
  if (legacy?.[1] && !/^\S+=/.test(arg)) return [[legacy[1], (legacy[2] ?? '').trim()]];
  const out: [string, string][] = [];
  for (const m of arg.matchAll(/([A-Za-z_]\w*)=(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S*))/g))
    if (m[1]) out.push([m[1], m[2] ?? m[3] ?? m[4] ?? '']);
  return out;
}

export function dockerfile(text: string, via: string): DockerReading {
  const runs: string[] = [];
  const findings: Effect[] = [];
  const stages = new Set<string>();
  const env: [string, string][] = [];
  for (const { op, arg } of instructions(text)) {
    if (op === 'RUN') runs.push(withoutVendorInstalls(runText(arg)));
    else if (op === 'ENV' || op === 'ARG') env.push(...envPairs(arg));
    else if (op === 'FROM') {
      const words = arg.split(/\s+/).filter((w) => !w.startsWith('--'));
      const image = words[0] ?? '';
      const as = words[1]?.toLowerCase() === 'as' ? words[2] : undefined;
      if (image && image.toLowerCase() !== 'scratch' && !stages.has(image.toLowerCase()))
        findings.push(...imageFindings(image, via));
      if (as) stages.add(as.toLowerCase());
    } else if (op === 'ADD') {
      for (const u of arg.match(URL_RE) ?? []) {
        const h = hostOf(u);
        if (h && !isVendorHost(h)) findings.push(dependency(['remote-file', u], via));
      }
    }
  }
  return { script: runs.join('\n'), findings, env };
}

// ------------------------------------------------------------------ CI files

const SECRET_REF = /\$\{\{\s*secrets\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
/**
 * The whole secrets context in one expression: `${{ toJSON(secrets) }}` (GitHub Actions
 * expressions, function names case-insensitive) or `${{ secrets }}`. Every secret of the
 * repository goes where it is written; read as the variable CI_ALL_SECRETS.
 */
const ALL_SECRETS = /\$\{\{\s*(?:tojson\s*\(\s*secrets\s*\)|secrets)\s*\}\}/gi;
const NET_TOOL = /\b(?:curl|wget|http|https|nc|ncat|socat|scp|rsync|ssh|Invoke-WebRequest|iwr|Invoke-RestMethod)\b/;

/** `${{ secrets.X }}` / `${{ env.X }}` as the shell variables the step sees. */
export function ciExpressions(script: string): string {
  return script
    .replace(SECRET_REF, (_, n: string) => `$${n}`)
    .replace(ALL_SECRETS, '$CI_ALL_SECRETS')
    .replace(/\$\{\{\s*env\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_, n: string) => `$${n}`)
    .replace(/\$\{\{\s*github\.token\s*\}\}/g, '$GITHUB_TOKEN');
}

/** Names bound to secrets in `env:` blocks (`NPM_TOKEN: ${{ secrets.NPM_TOKEN }}`). */
function secretEnvNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(
    /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*["']?\$\{\{\s*(?:secrets\.|tojson\s*\(\s*secrets\s*\))/gim,
  ))
    if (m[1]) out.push(m[1]);
  return out;
}

export function ciFindings(text: string, scripts: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const m of text.matchAll(/^\s*(?:-\s*)?uses\s*:\s*["']?([^\s"'#]+)/gm)) {
    const ref = m[1] ?? '';
    if (ref.startsWith('./') || ref.startsWith('.\\')) continue;
    if (ref.startsWith('docker://')) {
      out.push(...imageFindings(ref.slice('docker://'.length), via));
      continue;
    }
    const slug = ref.split('@')[0]?.split('/').slice(0, 2).join('/') ?? '';
    const f = slugFinding('actions', slug, via);
    if (f) out.push(f);
    // an abbreviated commit is no pin: it can name a commit pushed to any fork of the repository
    const at = ref.split('@')[1] ?? '';
    if (/^[0-9a-f]{6,39}$/i.test(at) && /[0-9]/.test(at) && /[a-f]/i.test(at))
      out.push(dependency(['unpinned-commit', 'actions', ref], via));
  }
  for (const m of text.matchAll(/^\s*(?:-\s*)?image\s*:\s*["']?([^\s"'#]+)/gm))
    if (m[1] && !m[1].startsWith('$')) out.push(...imageFindings(m[1], via));
  // pull_request_target runs with the base repository's secrets and write token: checking out
  // and building the pull request's own code there hands both to whoever opened it.
  if (/\bpull_request_target\b/.test(text)) {
    if (
      /ref\s*:\s*["']?\$\{\{\s*(?:github\.event\.pull_request\.head\.|github\.head_ref)|refs\/pull\/|gh pr checkout/.test(
        text,
      )
    )
      out.push(dependency(['untrusted-checkout', 'pull_request_target', 'checks out the pull request head'], via));
    // an edit that switches the trigger without showing the jobs: what they check out is unseen
    else if (!/^\s*jobs\s*:/m.test(text))
      out.push(dependency(['untrusted-trigger', 'pull_request_target', 'with jobs not shown'], via));
    if (/runs-on\s*:.*self-hosted/.test(text))
      out.push(dependency(['untrusted-checkout', 'pull_request_target', 'on a self-hosted runner'], via));
  }
  // A step that puts a secret into a request to a host that is not a vendor's.
  // (the step scripts have ${{ secrets.X }} as $X already)
  const secretVars = new Set([...secretEnvNames(text), ...[...text.matchAll(SECRET_REF)].map((m) => m[1] ?? '')]);
  secretVars.delete('');
  if (new RegExp(ALL_SECRETS.source, 'i').test(text)) secretVars.add('CI_ALL_SECRETS');
  for (const line of scripts.split('\n')) {
    const uses = [...secretVars].some((n) => new RegExp(`\\$\\{?${n}\\b`).test(line));
    if (!uses || !NET_TOOL.test(line)) continue;
    for (const u of line.match(URL_RE) ?? []) {
      const h = hostOf(u);
      if (h && !isVendorHost(h)) {
        out.push(dependency(['sends-secret', u], via));
        break;
      }
    }
  }
  return out;
}

// ------------------------------------------------------------------ hook repositories

export function precommitFindings(text: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const m of text.matchAll(/repo\s*:\s*["']?(https?:\/\/[^\s"'#]+)/g)) {
    let u: URL;
    try {
      u = new URL(m[1] ?? '');
    } catch {
      continue;
    }
    const slug = u.pathname
      .replace(/^\/+|\.git$|\/+$/g, '')
      .split('/')
      .slice(0, 2)
      .join('/');
    if (u.hostname !== 'github.com' && !isVendorHost(u.hostname)) {
      out.push(dependency(['unknown-registry', 'precommit', m[1] ?? ''], via));
      continue;
    }
    const f = slugFinding('precommit', slug, via) ?? ownerPosing('precommit', slug, via);
    if (f) out.push(f);
  }
  // a hook repository followed at a branch: whatever is pushed there next runs at every commit
  for (const m of text.matchAll(/^\s*(?:-\s*)?rev\s*:\s*["']?(main|master|head|trunk|dev|develop|latest)["']?\s*$/gim))
    out.push(dependency(['unpinned-branch', 'precommit', `rev:${m[1] ?? ''}`], via));
  return out;
}

/**
 * An owner one edit from a listed owner of the ecosystem (pr3-commit for pre-commit), whatever
 * the repository: the listed owners are organisations, and a near spelling of one is nobody's
 * organisation but an imitation's. Owners of five letters or more; a listed owner is itself.
 */
function ownerPosing(eco: Ecosystem, slug: string, via: string): Effect | undefined {
  const owner = (slug.split('/')[0] ?? '').toLowerCase();
  if (owner.length < 5 || isKnownOwner(owner)) return undefined;
  const folded = owner.replace(/(?<=[a-z])[01](?=[a-z-])|(?<=[a-z])3(?=[a-z-])/g, (d) =>
    d === '0' ? 'o' : d === '1' ? 'l' : 'e',
  );
  for (const t of supplyData().lists.get(eco)?.targets ?? []) {
    const listed = (t.split('/')[0] ?? '').toLowerCase();
    if (listed.length < 5 || listed === owner) continue;
    if (folded === listed || editDistance(owner, listed, 1) <= 1)
      return dependency(['impersonates', eco, slug, 'of', listed], via);
  }
  return undefined;
}

// ------------------------------------------------------------------ go.mod

const GO_HOSTS = /^(?:github\.com|gitlab\.com|bitbucket\.org)$/;

function ownerRepo(module: string): { host: string; owner: string; repo: string } | undefined {
  const [host = '', owner = '', repo = ''] = module.toLowerCase().split('/');
  return GO_HOSTS.test(host) && owner && repo ? { host, owner, repo } : undefined;
}

/** `replace OLD [v] => NEW [v]` lines, in a block or one by one. */
export function goModFindings(text: string, via: string): Effect[] {
  const out: Effect[] = [];
  const lines = text.split('\n').slice(0, 4000);
  let inBlock = false;
  for (const raw of lines) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (/^replace\s*\($/.test(line)) {
      inBlock = true;
      continue;
    }
    if (inBlock && line === ')') {
      inBlock = false;
      continue;
    }
    const body = inBlock ? line : /^replace\s+(.*)$/.exec(line)?.[1];
    if (!body) continue;
    const m = /^(\S+)(?:\s+\S+)?\s*=>\s*(\S+)/.exec(body);
    if (!m?.[1] || !m[2]) continue;
    const from = m[1];
    const to = m[2];
    if (/^(?:\.\.|\/|~|[A-Za-z]:\\)/.test(to)) {
      // a sibling directory (../lib) is how monorepos develop their own modules; a listed module
      // swapped for a local copy, or a directory elsewhere (/tmp/lib, ../../x), runs whatever it holds
      if (listedGoModule(from) || !/^\.\.\/[\w.-]+\/?$/.test(to))
        out.push(dependency(['local-path', 'go', from, 'to', to], via));
      continue;
    }
    if (to.startsWith('./') || to.toLowerCase() === from.toLowerCase()) continue;
    const a = ownerRepo(from);
    const b = ownerRepo(to);
    const listed = b ? slugLookalike('go', `${b.owner}/${b.repo}`, b.host) : undefined;
    if (a && b && a.repo === b.repo && a.owner !== b.owner) {
      // the same repository under another owner: a fork, or one posing as the original
      const poses = wrapsOwner(b.owner, a.owner) || (a.owner.length >= 4 && editDistance(a.owner, b.owner, 2) <= 2);
      out.push(dependency([poses ? 'impersonates' : 'fork', 'go', to, 'of', from], via));
    } else if (listed?.impersonates) out.push(dependency(['impersonates', 'go', to, 'of', listed.of], via));
    else out.push(dependency(['fork', 'go', from, 'to', to], via));
  }
  return out;
}

// ------------------------------------------------------------------ /etc/hosts

/** Entries that send a registry, a code host or a vendor's host to another address. */
export function hostsFindings(text: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const raw of text.split('\n').slice(0, 4000)) {
    const words = raw.replace(/#.*$/, '').trim().split(/\s+/);
    const addr = words[0];
    if (!addr || words.length < 2) continue;
    for (const name of words.slice(1))
      if (isKnownRegistry(name) || isVendorHost(name)) {
        out.push(dependency(['redirects', name, 'to', addr], via));
        break;
      }
  }
  return out;
}
