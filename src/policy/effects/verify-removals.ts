// An edit that takes a download's verification out of a script, a Dockerfile or a CI file: the
// old text checks a checksum or a signature (`sha256sum -c`, `shasum -a 256 --check`, `gpg
// --verify`, `gpgv`, `cosign verify`, `minisign -V`, `slsa-verifier verify-artifact`, `gh
// attestation verify`, `rpm -K`, pip's `--require-hashes`, PowerShell's `Get-FileHash` compared)
// and the new text no longer does. What the script downloads is then run unchecked, the same
// tampering as a lockfile's checksum replaced (`tampers`, asked). Replacing one checker with
// another (`sha256sum -c` with `shasum -a 256 -c` for macOS) keeps a check and is no finding.
import type { Effect } from './types.js';
import { dependency } from './supply.js';

const VERIFY =
  /\bsha(?:1|224|256|384|512)sum\b[^\n|;&]*(?:\s-c\b|--check\b)|\bshasum\b[^\n|;&]*(?:\s-c\b|--check\b)|\bgpg2?\b[^\n|;&]*--verify\b|\bgpgv\b|\bcosign\s+verify(?:-blob|-attestation)?\b|\bminisign\b[^\n|;&]*\s-V\b|\bslsa-verifier\b|\bgh\s+attestation\s+verify\b|\brpm\s+(?:-K|--checksig)\b|--require-hashes\b|\bGet-FileHash\b|\bopenssl\s+dgst\b[^\n|;&]*-verify\b|\bb2sum\b[^\n|;&]*(?:\s-c\b|--check\b)/gi;

function checks(text: string): number {
  return (text.match(VERIFY) ?? []).length;
}

/** `tampers verification FILE` when the new text checks fewer downloads than the old. */
export function verifyRemovalEffects(oldText: string, newText: string, file: string): Effect[] {
  if (!oldText || !/sum|gpg|cosign|minisign|slsa|attestation|rpm|hashes|filehash|openssl/i.test(oldText)) return [];
  const before = checks(oldText);
  if (!before || checks(newText) >= before) return [];
  return [
    dependency(
      ['tampers', 'verification', file.replace(/\s+/g, '_').slice(0, 200) || 'file'],
      `the edit takes a checksum or signature check out of ${file}`,
    ),
  ];
}
