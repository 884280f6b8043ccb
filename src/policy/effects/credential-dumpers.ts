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
import { TEXT_SEARCH_PROGRAMS } from './vendor-secret-searches.js';

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

/**
 * Processes that hold other programs' secrets in memory, each from what it is for: Windows' LSA
 * (lsass: logon hashes, Kerberos tickets; ATT&CK T1003.001), the SSH and GnuPG agents (unlocked
 * private keys), the desktop keyrings and password managers (unlocked vaults), a Vault server
 * (its unsealed master key), and the login daemons mimipenguin reads for typed passwords.
 */
const HOLDERS =
  /(?:^|[\s'"(=/\\])(lsass|ssh-agent|gpg-agent|gnome-keyring-daemon|gnome-keyring|kwalletd[56]?|ksecretd|keepassxc|keepass|1password|bitwarden|enpass|dashlane|lastpass|securityd|vault|gdm-password|lightdm|sshd)(?:\.exe)?(?=$|[\s'")|;&])/i;
/**
 * Ways of copying a running process's memory, whatever tool does it: Sysinternals procdump
 * (-ma/-mp full dumps), .NET createdump and dotnet-dump, gdb's gcore and generate-core-file,
 * comsvcs.dll's MiniDump (rundll32), Out-Minidump and MiniDumpWriteDump callers, SQL Server's
 * sqldumper, and reads of /proc/PID/mem.
 */
const MEMORY_COPY =
  /\b(?:procdump(?:64)?(?:\.exe)?|createdump|gcore|generate-core-file|dotnet-dump|minidump\w*|MiniDumpWriteDump|sqldumper(?:\.exe)?|memdump|avml|lime)\b|(?:^|\s)-m[ap]\b|\/proc\/[^\s/]+\/mem\b/i;

/**
 * `credential-dumper memory-of-NAME` when a line copies the memory of a process that holds
 * secrets (lsass, an SSH agent, a password manager), named or found by pgrep/pidof/Get-Process,
 * by any means: the dump holds the hashes, tickets, unlocked keys and vaults. The same tools
 * aimed at the user's own program (`gcore $(pgrep myapp)`, `procdump -ma api.exe`) are debugging.
 */
function memoryOfHolder(text: string): string | undefined {
  if (!MEMORY_COPY.test(text)) return undefined;
  return HOLDERS.exec(text)?.[1]?.toLowerCase();
}

export const DUMPER_HINT =
  /lsass|agent|keyring|kwallet|ksecret|keepass|1password|bitwarden|enpass|dashlane|lastpass|securityd|vault|gdm-password|lightdm|sshd|katz|lazagne|secretsdump|lsassy|nanodump|dumpert|wce|pwdump|fgdump|gsecdump|cachedump|responder|rubeus|sharpdpapi|sharpchrome|browserdata|browser-data|firefox_decrypt|firepwd|passview|chromepass|chainbreaker|keychaindump|mimipenguin|Invoke-|Get-GPP|Get-Vault|Get-LSA|Get-PassHashes|Out-Minidump/i;

/** A program's name without its folder and its .exe/.py/.ps1/.pl ending, lower-cased. */
function programKey(w: string): string {
  return basename(w)
    .toLowerCase()
    .replace(/\.(?:exe|py|ps1|pl|rb|js|dll)$/, '');
}

/**
 * Search tools whose operands are a pattern and the files searched: `grep -rl Invoke-Mimikatz
 * rules/` looks for the name in a detection team's rules, it runs nothing.
 */

function isSearcher(c: LineFacts['cmds'][number]): boolean {
  const name = programKey(c.argv[0] ?? '');
  if (TEXT_SEARCH_PROGRAMS.includes(name)) return true;
  // `git grep PATTERN`
  return name === 'git' && c.argv.slice(1).find((w) => !w.startsWith('-')) === 'grep';
}

/**
 * Whether what `reads` finds in the line is only what a search tool looks for: some search
 * command's own words show it, and the line's other commands (their words and what they read on
 * standard input), read together, do not. A shell, pwsh, iex or an echo piped on keeps the reading,
 * and so does a line whose parsed commands show no search for it.
 */
function onlySearchedFor(line: LineFacts, reads: (text: string) => boolean): boolean {
  const searched = line.cmds.some((c) => isSearcher(c) && reads(c.argv.join(' ')));
  if (!searched) return false;
  const rest = line.cmds
    .filter((c) => !isSearcher(c))
    .map((c) => `${c.argv.join(' ')}\n${c.stdin ?? ''}`)
    .join('\n');
  return !reads(rest);
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
  const held = memoryOfHolder(line.text);
  if (held && !onlySearchedFor(line, (t) => memoryOfHolder(t) !== undefined))
    out.push({
      tool: 'exec',
      command: `credential-dumper memory-of-${held}`,
      via: `copies the memory of ${held}, which holds credentials`,
    });
  const m = CMDLETS.exec(line.text);
  if (m?.[1] && !seen.has(m[1].toLowerCase()) && !onlySearchedFor(line, (t) => CMDLETS.test(t)))
    out.push({
      tool: 'exec',
      command: `credential-dumper ${m[1]}`,
      via: `${m[1]} (an offensive PowerShell kit's function) dumps stored credentials`,
    });
}
