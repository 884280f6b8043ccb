// A stored credential turned into clear text by PowerShell, whatever module stored it: a
// PSCredential's `GetNetworkCredential()` returns the password as a plain string, a SecureString
// marshalled through `SecureStringToBSTR` comes back readable, and credential-store cmdlets
// (`Get-VICredentialStoreItem` of PowerCLI, `Get-StoredCredential` of CredentialManager,
// `Get-SecretInfo`-style stores) hand over a Password property that `Select-Object Password` or
// `-ExpandProperty Password` prints. Sources: .NET NetworkCredential and PSCredential
// (learn.microsoft.com, PSCredential.GetNetworkCredential), Marshal.SecureStringToBSTR, the
// PowerCLI cmdlet reference (Get-VICredentialStoreItem returns Host, User, Password, File),
// the CredentialManager module (Get-StoredCredential). Kept in a variable (`$p = ...`), the value
// is used, not printed, and is left to the line that uses it.
import { basename } from '../shell-wrappers.js';
import { powershellCode } from './interp/powershell.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';

/** Calls that return a stored secret as plain text. */
const TO_PLAIN = /\.GetNetworkCredential(?:\(|$)|SecureStringToBSTR|SecureStringToGlobalAlloc|SecureStringToCoTaskMem/i;
/** Cmdlets that read a credential store (the interactive `Get-Credential` prompt is not one). */
const STORE_CMDLET = /^(?:get|import|export|find)-\w*(?:credential|secret|password|passwd)\w*$/i;
/** What a pipe stage selects or prints of the objects: a password property, or every property. */
const SELECTS_PASSWORD = /(?:^|[,.\s])(?:password|passwd|secret|\*)(?:$|[,\s)}])/i;
const SELECTORS =
  /^(?:select-object|select|format-table|ft|format-list|fl|convertto-json|convertto-csv|export-csv|out-string|foreach-object|%|where-object)$/i;

function exposes(what: string, via: string): Effect {
  return { tool: 'exec', command: `exposes-secret ${what.replace(/[^\w/.-]/g, '_')}`, via };
}

/** Whether commands[i] is the value of an assignment: the line's parse splits `$p = (X).Call()` at the parentheses, so the `$p =` sits a command or two before. */
function assigned(cmds: SimpleCommand[], i: number): boolean {
  for (let j = i; j >= Math.max(0, i - 2); j--) {
    const a = cmds[j]?.argv ?? [];
    if ((/^\$[\w:]+$/.test(a[0] ?? '') && a[1] === '=') || /^\$[\w:]+=/.test(a[0] ?? '')) return true;
  }
  return false;
}

/** PowerShell statements (`;` or a new line apart) that turn a credential into clear text outside an assignment. */
function codePrintsPlain(code: string): boolean {
  return code.split(/[;\n]/).some((st) => TO_PLAIN.test(st) && !/^\s*\$[\w:]+\s*=/.test(st));
}

/** The commands of a line that turn a stored credential into clear text where it is printed. */
export function credentialObjectPrints(cmds: SimpleCommand[], out: Effect[]): void {
  cmds.forEach((c, i) => {
    const a = c.argv;
    const first = a[0] ?? '';
    // `pwsh -c CODE`: the code's own statements say whether the value is kept or printed
    const code = powershellCode(a);
    if (code !== undefined) {
      if (codePrintsPlain(code))
        out.push(
          exposes('credential-plaintext', 'turns a stored credential into its clear-text password and prints it'),
        );
      return;
    }
    if (a.some((w) => TO_PLAIN.test(w))) {
      if (!assigned(cmds, i))
        out.push(
          exposes('credential-plaintext', 'turns a stored credential into its clear-text password and prints it'),
        );
      return;
    }
    if (!STORE_CMDLET.test(basename(first)) || /^get-credential$/i.test(first) || !c.pipedInto) return;
    const stage = c.pipedInto;
    if (!SELECTORS.test(stage[0] ?? '')) return;
    if (stage.slice(1).some((w) => SELECTS_PASSWORD.test(w)))
      out.push(exposes(`${first}-password`, `${first} passes the stored passwords to ${stage[0]}, which prints them`));
  });
}
