// Secrets the operating system keeps for the user, taken out by whatever language or tool the
// line uses, read from what the line asks the OS for rather than from a program's name:
//  - the Windows Credential Manager read through its API (advapi32 CredEnumerate/CredRead, as
//    pywin32's win32cred, ctypes, a .NET P/Invoke or PowerShell's CredentialManager module
//    call it; learn.microsoft.com, wincred.h), and the OS keyring's stored password asked of
//    python-keyring (`keyring.get_password`, `keyring get SERVICE USER`; keyring's README);
//  - disk-encryption recovery and volume keys printed: BitLocker's protectors (`manage-bde
//    -protectors -get`, Get-BitLockerVolume's KeyProtector/RecoveryPassword, WMI
//    Win32_EncryptableVolume.GetKeyProtectorNumericalPassword; learn.microsoft.com, manage-bde
//    protectors, BitLocker cmdlets), LUKS's volume key (cryptsetup luksDump --dump-volume-key or
//    --dump-master-key; cryptsetup(8)), dm-crypt's live keys (dmsetup table --showkeys;
//    dmsetup(8));
//  - a PIN or password guessed in a loop: a loop (for, while read, xargs -I) whose variable is
//    handed to a program as its PIN or password (`--pin $p`, `-P $pin`, `-passin pass:$w`,
//    `-p$w`), whatever the program (a smartcard's pkcs11-tool, a YubiKey's PIV tool, a SIM
//    reader, a keystore, an archive): the loop is a brute-force attack on the secret;
//  - every process's command line searched for secrets (`/proc/*/cmdline`, `wmic process get
//    commandline`, CIM/WMI Win32_Process.CommandLine, Get-Process's CommandLine): passwords
//    passed as arguments (`--password=...`, `-Dtoken=...`) are what such a search finds.
// Each reads as `credential-dumper WHAT` or `secret-search WHAT`, which the secret-printing rule
// denies.
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const OS_SECRET_HINT =
  /cred(?:enumerate|read)|credentialblob|storedcredential|keyring|bitlocker|manage-bde|keyprotector|recoverypassword|encryptablevolume|luksdump|showkeys|cmdline|commandline|(?:pin|puk|pass|pwd|pw)\b|-[pP]\s*["']?[${]/i;

const CRED_API = /\bCred(?:Enumerate|Read)[AW]?\b|\bGet-StoredCredential\b|\bCredentialBlob\b/i;
const KEYRING_GET = /\bkeyring\.get_(?:password|credential)\s*\(|(?:^|[;&|(\s])keyring\s+get\s+\S+\s+\S+/;
const RECOVERY_KEYS = [
  /\bmanage-bde(?:\.exe)?\b[^;&|]*-protectors?\s+-?get\b/i,
  /\bGet-BitLockerVolume\b[^;]*(?:KeyProtector|RecoveryPassword)/i,
  /\bGetKeyProtectorNumericalPassword\b/i,
  /\bcryptsetup\b[^;&|]*\bluksDump\b[^;&|]*--dump-(?:volume|master)-key/,
  /\bdmsetup\b[^;&|]*\btable\b[^;&|]*--showkeys/,
];

/** Words a PIN or password option is spelled with, followed by how its value is joined. */
const SECRET_OPTION = String.raw`(?:--?(?:pin|puk|so-pin|user-pin|pin-adm|adm-pin|pass|password|passwd|passphrase|pwd|pw|storepass|keypass)(?:=|\s+)|-P\s*|-p|-passin\s+pass:|pass:|password=|pin=)`;

/** The variables loops in the line range over. */
function loopVariables(text: string): string[] {
  const vars = new Set<string>();
  for (const m of text.matchAll(/\bfor\s+([A-Za-z_]\w*)\s+in\b/g)) vars.add(m[1] ?? '');
  for (const m of text.matchAll(/\bwhile\s+(?:IFS=\S*\s+)?read\s+(?:-r\s+)?([A-Za-z_]\w*)/g)) vars.add(m[1] ?? '');
  vars.delete('');
  return [...vars];
}

function guessesSecret(text: string): boolean {
  for (const v of loopVariables(text)) {
    const use = new RegExp(`${SECRET_OPTION}["']?\\$\\{?${v}\\b`, 'i');
    if (use.test(text)) return true;
  }
  // `seq -w 0 9999 | xargs -I{} pkcs11-tool --login --pin {}`
  const x = /\bxargs\b[^|;&]*?-I\s*(\S+)/.exec(text);
  if (x?.[1]) {
    const token = x[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`${SECRET_OPTION}["']?${token}`, 'i').test(text)) return true;
  }
  return false;
}

/** A line that reads the command line of every process. */
const ALL_CMDLINES =
  /\/proc\/(?:\*|\[0-9\]\*|\$\{?\w+\}?)\/cmdline|\/proc\/\[0-9\]\*[^|]*\bcmdline\b|\bwmic\b[^|]*\bprocess\b[^|]*\bcommandline\b|\bWin32_Process\b[^|]*\|[^|]*CommandLine|\bGet-Process\b[^|]*\|[^|]*CommandLine/i;
/** A filter downstream that keeps the lines naming a secret. */
const SECRET_FILTER =
  /\|\s*(?:grep|egrep|rg|findstr|select-string|sls|where-object|where|\?)\b[^|]*?(pass(?:word|wd)?|pwd|secret|token|api[_-]?key|credential|bearer|private[_-]?key)/i;

export function osSecretStoreEffects(line: LineView, out: Effect[]): void {
  const text = line.text;
  if (CRED_API.test(text))
    out.push({
      tool: 'exec',
      command: 'credential-dumper windows-credential-manager',
      via: "reads the Windows Credential Manager's stored passwords through its API",
    });
  if (KEYRING_GET.test(text))
    out.push({ tool: 'exec', command: 'credential-dumper os-keyring', via: 'prints a password from the OS keyring' });
  if (RECOVERY_KEYS.some((re) => re.test(text)))
    out.push({
      tool: 'exec',
      command: 'credential-dumper disk-recovery-keys',
      via: 'prints the disk encryption recovery or volume key',
    });
  if (guessesSecret(text))
    out.push({
      tool: 'exec',
      command: 'credential-dumper pin-guessing',
      via: 'tries one PIN or password after another in a loop (brute force)',
    });
  const f = ALL_CMDLINES.test(text) ? SECRET_FILTER.exec(text) : null;
  if (f)
    out.push({
      tool: 'exec',
      command: `secret-search process-command-lines for ${f[1] ?? ''}`,
      via: "searches every process's command line for secrets passed as arguments",
    });
}
