// The code a PowerShell command line runs: `-Command`/`-c` text (after any other switches,
// `-nop -w hidden -ep bypass`), the rest of the line when no switch names it, and
// `-EncodedCommand`/`-enc`/`-e` base64 of UTF-16LE text, decoded. Parameter names may be
// abbreviated to any unambiguous prefix and are case-insensitive (about_PowerShell_exe).
import { basename } from '../../shell-wrappers.js';
import { at } from '../../../util/invariant.js';

/** Switches that take a value (skipped with it). */
const VALUED =
  /^[-/](?:w|wi|win|wind|windo|window|windows|windowst|windowsty|windowstyl|windowstyle|ex|exe|exec|execu|execut|executi|executio|execution|executionp|executionpo|executionpol|executionpoli|executionpolic|executionpolicy|ep|v|ve|ver|vers|versi|versio|version|psc|psconsolefile|inputformat|if|of|outputformat|configurationname|wd|workingdirectory)$/i;
const COMMAND = /^[-/](?:c|co|com|comm|comma|comman|command)$/i;
const ENCODED =
  /^[-/](?:e|ec|en|enc|enco|encod|encode|encoded|encodedc|encodedco|encodedcom|encodedcomm|encodedcomma|encodedcomman|encodedcommand)$/i;
const FILE = /^[-/](?:f|fi|fil|file)$/i;

/** Base64 of PowerShell text: UTF-16LE (what -EncodedCommand and [Text.Encoding]::Unicode take) or UTF-8. */
export function decodeUtf16(b64: string): string | undefined {
  const t = b64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/=]+$/.test(t)) return undefined;
  const buf = Buffer.from(t, 'base64');
  // UTF-16LE text of ASCII code has every other byte zero
  if (buf.length >= 2 && buf[1] === 0) return buf.toString('utf16le');
  return buf.toString('utf8');
}

/** The PowerShell code in argv (argv[0] is powershell/pwsh), or undefined when it runs a file. */
export function powershellCode(argv: string[]): string | undefined {
  if (!/^(?:powershell|pwsh)(?:\.exe)?$/i.test(basename(argv[0] ?? ''))) return undefined;
  for (let i = 1; i < argv.length; i++) {
    const w = at(argv, i);
    if (COMMAND.test(w)) return argv.slice(i + 1).join(' ');
    if (ENCODED.test(w)) return argv[i + 1] === undefined ? undefined : decodeUtf16(at(argv, i + 1));
    if (FILE.test(w)) return undefined;
    if (VALUED.test(w)) {
      i++;
      continue;
    }
    if (/^[-/]/.test(w)) continue;
    // the first word that is no switch starts the command
    return argv.slice(i).join(' ');
  }
  return undefined;
}
