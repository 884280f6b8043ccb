// Credential dumpers run by name: programs whose one purpose is to pull passwords, hashes, tokens
// and keys out of the OS, the browsers and the keychains (LSASS memory, the SAM, DPAPI blobs,
// Chrome's Login Data, the macOS keychain). Run directly, through an interpreter (`python
// laZagne.py all`, `pwsh Invoke-Mimikatz.ps1`) or as the PowerShell functions offensive kits
// export (`Invoke-Mimikatz`, `Get-GPPPassword`), each reads as `credential-dumper NAME`, which the
// secret-printing rule denies. Sources: MITRE ATT&CK T1003 OS Credential Dumping and T1555
// Credentials from Password Stores, software entries S0002 Mimikatz, S0349 LaZagne, S0357
// Impacket (secretsdump), S0005 Windows Credential Editor, S0006 pwdump, S0008 gsecdump, S0119
// Cachedump, S0174 Responder, S1071 Rubeus, S0194 PowerSploit (Invoke-Mimikatz, Get-GPPPassword,
// Out-Minidump, Get-VaultCredential); GhostPack (SharpDPAPI, SharpChrome); the projects'
// READMEs for pypykatz, lsassy, nanodump, HackBrowserData, firefox_decrypt, chainbreaker,
// mimipenguin.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

const DUMPERS = new Set([
  'mimikatz',
  'pypykatz',
  'safetykatz',
  'sharpkatz',
  'betterSafetyKatz',
  'lazagne',
  'secretsdump',
  'impacket-secretsdump',
  'lsassy',
  'nanodump',
  'dumpert',
  'handlekatz',
  'wce',
  'pwdump',
  'pwdump7',
  'fgdump',
  'gsecdump',
  'cachedump',
  'responder',
  'rubeus',
  'sharpdpapi',
  'sharpchrome',
  'hackbrowserdata',
  'hack-browser-data',
  'firefox_decrypt',
  'firepwd',
  'webbrowserpassview',
  'chromepass',
  'chainbreaker',
  'keychaindump',
  'mimipenguin',
  'linikatz',
]);
const DUMPER_KEYS = new Set([...DUMPERS].map((d) => d.toLowerCase()));

/** Runners whose first operand is the program they run (a script or an assembly). */
const RUNNERS = /^(?:python[\d.]*|py|pypy3?|pwsh|powershell|ruby|perl|node|dotnet|mono|wine|wine64|bash|sh)$/;

/** PowerShell functions of offensive kits that dump credentials. */
const CMDLETS =
  /\b(Invoke-Mimikatz|Invoke-PowerDump|Invoke-DCSync|Invoke-Kerberoast|Invoke-SharpChrome|Invoke-LaZagne|Get-GPPPassword|Get-GPPAutologon|Get-VaultCredential|Get-LSASecret|Get-PassHashes|Out-Minidump)\b/i;

export const DUMPER_HINT =
  /katz|lazagne|secretsdump|lsassy|nanodump|dumpert|wce|pwdump|fgdump|gsecdump|cachedump|responder|rubeus|sharpdpapi|sharpchrome|browserdata|browser-data|firefox_decrypt|firepwd|passview|chromepass|chainbreaker|keychaindump|mimipenguin|Invoke-|Get-GPP|Get-Vault|Get-LSA|Get-PassHashes|Out-Minidump/i;

/** A program's name without its folder and its .exe/.py/.ps1/.pl ending, lower-cased. */
function programKey(w: string): string {
  return basename(w)
    .toLowerCase()
    .replace(/\.(?:exe|py|ps1|pl|rb|js|dll)$/, '');
}

export function credentialDumperEffects(line: LineFacts, out: Effect[]): void {
  const seen = new Set<string>();
  for (const c of line.cmds) {
    const first = programKey(c.argv[0] ?? '');
    let key = first;
    if (!DUMPER_KEYS.has(key) && RUNNERS.test(first)) {
      const op = c.argv.slice(1).find((w) => !w.startsWith('-'));
      key = op ? programKey(op) : '';
    }
    if (DUMPER_KEYS.has(key) && !seen.has(key)) {
      seen.add(key);
      out.push({ tool: 'exec', command: `credential-dumper ${key}`, via: `${key} dumps stored credentials` });
    }
  }
  const m = CMDLETS.exec(line.text);
  if (m?.[1] && !seen.has(m[1].toLowerCase()))
    out.push({
      tool: 'exec',
      command: `credential-dumper ${m[1]}`,
      via: `${m[1]} (an offensive PowerShell kit's function) dumps stored credentials`,
    });
}
