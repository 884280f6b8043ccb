// A key or certificate made trusted: what signs a package, a repository or a connection is taken
// on the word of whoever handed over that key. Every platform spells it: GnuPG's owner trust
// (`gpg --edit-key K trust`, `--import-ownertrust`, `--trusted-key`, the key-signing commands
// `--lsign-key`/`--quick-lsign-key` that make a key valid), apt's keyring (`apt-key add FILE`), Windows' stores (`certutil -addstore Root`, `Import-Certificate
// -CertStoreLocation Cert:\LocalMachine\Root`), macOS (`security add-trusted-cert`), p11-kit
// (`trust anchor FILE`) and Java (`keytool -importcert -cacerts`). After it, anything that key
// signs installs or connects as verified. Read as `custom-ca TOOL WHAT` (supply-chain-sources
// asks), like a certificate authority set for a package manager (sources.ts). Listing, exporting,
// verifying or importing a key without trusting it is not read (`gpg --import` alone makes no key
// valid for verification). Sources: gpg(1) (--edit-key trust, --import-ownertrust, --trusted-key,
// --lsign-key), apt-key(8), certutil (Windows Server docs, -addstore), Import-Certificate (PKI
// module), security(1) add-trusted-cert, trust(1) anchor, keytool (JDK docs, -importcert -cacerts).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { dependency } from './supply.js';

/** The line gate: words of the commands below. */
export const TRUST_ANCHOR_HINT =
  /\b(?:gpg2?|apt-key|certutil|import-certificate|import-pfxcertificate|security|trust|keytool)\b/i;

/** Windows certificate stores whose certificates are trusted to sign code or connections. */
const TRUSTED_STORE = /^(?:root|authroot|ca|trustedpublisher|trustedpeople)$/i;

/** What a command makes trusted, or undefined. */
function trusted(argv: readonly string[]): string | undefined {
  const name = basename(argv[0] ?? '')
    .toLowerCase()
    .replace(/\.exe$/, '');
  const a = argv.slice(1);
  const has = (re: RegExp) => a.some((w) => re.test(w));
  if (name === 'gpg' || name === 'gpg2') {
    const edit = a.findIndex((w) => w === '--edit-key' || w === '--key-edit');
    // gpg --edit-key KEY trust (or sign/lsign): the interactive commands after the key
    if (edit >= 0 && a.slice(edit + 2).some((w) => /^(?:trust|lsign|sign|tsign|ltsign)$/i.test(w)))
      return `gpg owner trust of ${a[edit + 1] ?? 'a key'}`;
    if (has(/^--import-ownertrust$/)) return 'gpg owner trust imported';
    if (has(/^--(?:trusted-key|quick-lsign-key|lsign-key|quick-sign-key|sign-key)(?:=|$)/)) return 'gpg key made valid';
    return undefined;
  }
  if (name === 'apt-key') {
    // a key file added; a key fetched by its id from a keyserver is the PPAs' documented form
    // (its fingerprint is the check), left to the source readings
    if (a[0] === 'add') return `apt keyring ${a[1] ?? ''}`.trim();
    return undefined;
  }
  if (name === 'certutil') {
    const i = a.findIndex((w) => /^[-/]addstore$/i.test(w));
    if (i < 0) return undefined;
    const store = a.slice(i + 1).find((w) => !/^[-/]/.test(w));
    return store && TRUSTED_STORE.test(store) ? `Windows ${store} store` : undefined;
  }
  if (name === 'import-certificate' || name === 'import-pfxcertificate') {
    const i = a.findIndex((w) => /^-certstorelocation$/i.test(w));
    const loc = i >= 0 ? (a[i + 1] ?? '') : (a.find((w) => /^-certstorelocation:/i.test(w)) ?? '');
    const store = /[\\/]([A-Za-z]+)['"]?$/.exec(loc)?.[1] ?? '';
    return TRUSTED_STORE.test(store) ? `Windows ${store} store` : undefined;
  }
  if (name === 'security' && a[0] === 'add-trusted-cert') return 'macOS trust settings';
  if (name === 'trust' && a[0] === 'anchor' && !has(/^--remove$/)) return 'system trust anchors';
  if (name === 'keytool' && has(/^-import(?:cert)?$/i)) {
    const i = a.findIndex((w) => /^-keystore$/i.test(w));
    if (has(/^-cacerts$/i) || /cacerts/i.test(i >= 0 ? (a[i + 1] ?? '') : '')) return 'the Java runtime CA store';
  }
  return undefined;
}

/** `custom-ca trust WHAT` for each command of a line that makes a key or certificate trusted. */
export function trustAnchorEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const what = trusted(c.argv);
    if (!what) continue;
    const tool = basename(c.argv[0] ?? '').toLowerCase();
    out.push(
      dependency(
        ['custom-ca', tool, what.replace(/\s+/g, '_')],
        `${tool} makes a key or certificate trusted (${what}): what it signs installs or connects as verified`,
      ),
    );
  }
}
