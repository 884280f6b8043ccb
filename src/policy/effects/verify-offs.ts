// A setting that switches off a check of what a tool fetches or syncs, in any tool's
// configuration: `verify: {mode: none}` in a GitOps source, `gpgcheck=0` in a repository file,
// `sslverify = false`, `strict-ssl=false`, `insecure_skip_tls_verify: true`, `allowUnsigned:
// true`, `skip_signature_verification = true`, `checksum: false`. Whatever the tool, a key that
// names a check of transport, signatures, checksums or provenance set to an off value (or a key
// that names skipping one set to on) makes the next sync or install take whatever the network or
// the host serves. Read as `tampers verification FILE KEY`, asked like a checksum taken out of a
// build file (verify-removals.ts). Checks of other things (`emailVerification: false`, `checkJs`)
// name no fetched code and are not read; documentation and test fixtures are not read.
import { posix } from 'node:path';
import type { Effect } from './types.js';
import { dependency } from './supply.js';

/** Words naming what a check of fetched code or of the connection looks at. */
export const CHECKED = new Set(
  'ssl tls cert certs certificate certificates signature signatures signed signing sig sigs gpg pgp checksum checksums integrity hash hashes provenance attestation attestations cosign notary commit commits'.split(
    ' ',
  ),
);
/** Words naming the check itself. */
const CHECK = new Set(
  'verify verification verified verifying check checks checking validate validation require required enforce enforced strict mode enable enabled provider policy'.split(
    ' ',
  ),
);

/** A key's words: `signatureVerification` -> signature, verification; `ssl_verify` -> ssl, verify. */
export function words(key: string): string[] {
  return key
    .split(/[-_.\s]+|(?<=[a-z])(?=[A-Z])/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
}

/**
 * Subjects that are checked only when a key says so with a verification word: a commit or a hash
 * is also what a consumer commits (Kafka's `enable.auto.commit`) or a join or routing strategy
 * (`enable_hash_join`), so `enable`, `mode` or `policy` beside them names no check.
 */
const WEAK_SUBJECT = new Set(['commit', 'commits', 'hash', 'hashes']);
/** Words that by themselves say a check is made (not merely that something is on). */
const VERIFYING = new Set(
  'verify verification verified verifying check checks checking validate validation require required enforce enforced'.split(
    ' ',
  ),
);

/** A key naming a check of fetched code or the connection (`ssl_verify`, `signatureVerification`). */
function namesCheck(key: string): boolean {
  const w = words(key);
  if (!w.some((x) => CHECK.has(x))) return false;
  if (w.some((x) => CHECKED.has(x) && !WEAK_SUBJECT.has(x))) return true;
  return w.some((x) => WEAK_SUBJECT.has(x)) && w.some((x) => VERIFYING.has(x));
}

/** Keys that are the check by themselves (`verify:`, `gpgcheck`, `sslverify`, `checksum`). */
const BARE =
  /^(?:verify|verification|verify[-_]?ssl|ssl[-_]?verify|gpgcheck|repo[-_]?gpgcheck|pkg[-_]?gpgcheck|sslverify|checksum|signature|signatures|strict[-_]?ssl|check[-_]?certificate)$/i;
/** Keys that name skipping a check: set to on, they switch it off. */
export const SKIP =
  /skip[-_]?(?:tls|ssl|cert|signature|sig|verif|checksum|integrity|gpg)\w*|insecure[-_]?skip\w*|^insecure$|allow[-_]?unsigned|no[-_]?verify|disable[-_]?(?:ssl|tls|cert|signature|verif|checksum|integrity|gpg)\w*|trust[-_]?all\w*|ignore[-_]?(?:signature|checksum|cert)\w*/i;
const OFF = /^(?:false|no|off|0|none|disabled?|skip|ignore|never|permissive|insecure)$/i;
const ON = /^(?:true|yes|on|1|always|enabled?)$/i;

/** Text that is read, not obeyed. */
const NOT_CONFIG =
  /\.(?:md|mdx|markdown|rst|txt|adoc|html?|csv|log|[cm]?[jt]sx?|py|rb|go|rs|java|kt|cs|php|c|h|cpp|swift)$|(?:^|\/)(?:tests?|spec|fixtures|__fixtures__|testdata|examples?)\//i;

/** `key: value`, `key = value`, `"key": value` pairs with the path of the keys above them (by indentation). */
export function pairs(text: string): { path: string[]; value: string }[] {
  const out: { path: string[]; value: string }[] = [];
  const stack: { indent: number; key: string }[] = [];
  let section = '';
  for (const raw of text.split('\n').slice(0, 4000)) {
    if (!raw.trim() || /^\s*[#;]|^\s*\/\//.test(raw)) continue;
    const head = /^\s*\[+\s*([^\]]+?)\s*\]+\s*$/.exec(raw);
    if (head) {
      section = head[1] ?? '';
      stack.length = 0;
      continue;
    }
    const m = /^(\s*)(?:-\s+)?["']?([\w.-]+)["']?\s*[:=]\s*(.*?)\s*,?\s*$/.exec(raw);
    if (!m) continue;
    const indent = (m[1] ?? '').length;
    while (stack.length && (stack[stack.length - 1]?.indent ?? 0) >= indent) stack.pop();
    const key = m[2] ?? '';
    const value = (m[3] ?? '').replace(/^["']|["']$/g, '').replace(/\s+#.*$/, '');
    const path = [...(section ? [section] : []), ...stack.map((s) => s.key), key];
    if (value === '' || value === '{' || value === '|' || value === '>') stack.push({ indent, key });
    else out.push({ path, value });
  }
  return out;
}

/** Whether a key path set to a value switches a check of fetched code or the connection off. */
export function switchesOff(path: string[], value: string): boolean {
  const key = path[path.length - 1] ?? '';
  if (SKIP.test(key)) return ON.test(value);
  if (!OFF.test(value)) return false;
  if (BARE.test(key)) return true;
  // `verify: {mode: none}`, `signatureVerification: {enabled: false}`: the block names the check
  const parent = path[path.length - 2] ?? '';
  if (/^(?:mode|enabled?|provider|policy|type)$/i.test(key) && (BARE.test(parent) || namesCheck(parent))) return true;
  return namesCheck(key);
}

/**
 * Keys that let a tool run whatever commands its inputs ask for, set to on: Foundry's `ffi = true`
 * (cheatcodes run any program from a test or script), `allow_run`, `enable_shell`, `unsafe_exec`,
 * `shell_escape`. A dependency's test or a fetched script then runs commands on this machine.
 */
const RUN_WORDS = new Set([
  'run',
  'exec',
  'execute',
  'shell',
  'commands',
  'command',
  'eval',
  'ffi',
  'scripts',
  'subprocess',
]);
function allowsCommands(key: string, value: string): boolean {
  if (!ON.test(value)) return false;
  const w = words(key);
  if (w.length === 1 && w[0] === 'ffi') return true;
  return w.some((x) => /^(?:allow|enable|enabled|unsafe|permit)$/.test(x)) && w.some((x) => RUN_WORDS.has(x));
}

/** `tampers verification FILE KEY` for each check the text switches off. */
export function verifyOffEffects(path: string, content: string): Effect[] {
  const p = path.replace(/\\/g, '/');
  if (
    NOT_CONFIG.test(p) ||
    content.length > 256 * 1024 ||
    !/verif|check|sign|ssl|tls|insecure|unsigned|sum|integrity|ffi|allow|enable|unsafe|permit/i.test(content)
  )
    return [];
  const file = posix.basename(p) || 'file';
  const out: Effect[] = [];
  for (const { path: keys, value } of pairs(content)) {
    if (allowsCommands(keys[keys.length - 1] ?? '', value)) {
      out.push(
        dependency(
          ['tampers', 'runs-commands', file.replace(/\s+/g, '_'), keys.join('.')],
          `${file} sets ${keys.join('.')} to ${value}: what the tool runs (tests, scripts, dependencies) may start any program here`,
        ),
      );
      continue;
    }
    if (!switchesOff(keys, value)) continue;
    const key = keys.join('.');
    out.push(
      dependency(
        ['tampers', 'verification', file.replace(/\s+/g, '_'), key],
        `${file} sets ${key} to ${value}: the next sync or install no longer checks what it fetches`,
      ),
    );
    if (out.length >= 4) break;
  }
  return out;
}
