// A secret read out of the Windows registry by the name of its value, whatever the program:
// tools that keep a password there (Perforce's `p4 set P4PASSWD` writes HKCU\Software\Perforce\
// Environment, Helix Core docs, p4 set; Winlogon's DefaultPassword; a game studio's build
// account saved by an installer) hand it back to `reg query KEY /v P4PASSWD`,
// `Get-ItemProperty KEY -Name P4PASSWD`, `(Get-ItemProperty KEY).P4PASSWD` and
// `Get-ItemPropertyValue KEY P4PASSWD` alike (reg(1) query, PowerShell Get-ItemProperty and
// Get-ItemPropertyValue references). Read as `exposes-secret registry NAME`, which is denied;
// values with other names (InstallDir, Version) are settings.
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const REGISTRY_HINT = /HKCU|HKLM|HKEY_|Registry::/i;

/** Value names that say they hold a secret (P4PASSWD, DefaultPassword, ApiToken, ClientSecret). */
const SECRET_VALUE_NAME = /pass(?:wd|word|phrase)?$|passw|pwd$|secret|token|api_?key|credential|private_?key/i;

const NAMED = [
  // reg query KEY /v NAME
  /\breg(?:\.exe)?\s+query\s+\S+[^|;&\n]*?\s[/-]v\s+["']?([\w.-]+)/gi,
  // Get-ItemProperty[Value] ... -Name NAME
  /\bGet-ItemProperty(?:Value)?\b[^|;&\n]*?\s-Name\s+["']?([\w.-]+)/gi,
  // (Get-ItemProperty KEY).NAME, (gp KEY).NAME
  /\((?:Get-ItemProperty|gp)\b[^()]*\)\.([\w-]+)/gi,
  // Get-ItemPropertyValue KEY NAME (positional)
  /\b(?:Get-ItemPropertyValue|gpv)\s+(?:-Path\s+)?(?:'[^']*'|"[^"]*"|\S+)\s+["']?([A-Za-z][\w.-]*)/gi,
];

export function registrySecretEffects(line: LineView, out: Effect[]): void {
  for (const re of NAMED)
    for (const m of line.text.matchAll(re)) {
      const name = m[1] ?? '';
      if (!SECRET_VALUE_NAME.test(name)) continue;
      out.push({
        tool: 'exec',
        command: `exposes-secret registry ${name.replace(/[^\w.-]/g, '_')}`,
        via: `reads the registry value ${name}, a stored secret, into the conversation`,
      });
      return;
    }
}
