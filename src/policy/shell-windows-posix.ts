// A cmd.exe or PowerShell line spelled as the POSIX command line that does the same thing, so
// every reading svc has for POSIX commands (credential reads, deletes of a home folder, a file
// downloaded and then run, code piped into a shell) decides Windows lines too:
//   type %USERPROFILE%\.aws\credentials          -> cat ~/.aws/credentials
//   rmdir /s /q %USERPROFILE%\Documents           -> rm -rf ~/Documents
//   curl.exe -o %TEMP%\u.exe URL && start /b %TEMP%\u.exe -> curl -o ~/AppData/Local/Temp/u.exe URL && ...
//   certutil -urlcache -split -f URL OUT          -> curl -o OUT URL
// Profile folders become `~`, the temp folder `~/AppData/Local/Temp`, backslashes `/` (docs/shell-readings.md).
import { cmdExpand, setPrints } from './windows-cmd.js';
import { cmdletName, paramName, takesParameters } from './windows-cmdlets.js';
import { powershellCode } from './effects/interp/powershell.js';
import { psEvaluable, psEvaluate } from './windows-ps-eval.js';

/** Signs of a cmd.exe or PowerShell line, one pattern each, tried only when the text holds a character the sign needs (see looksWindowsLine). */
// two characters at least: `%H%M` and `%Y%m%d` are date(1)/strftime formats (`$(date +%H%M)`), and
// no Windows variable has a one-letter name (cmd.exe's one-letter loop variables are `%i`, not `%i%`)
const WINDOWS_VAR = /%[A-Za-z_][A-Za-z0-9_]*[A-Za-z0-9]%/;
const ENV_DRIVE = /\$\{?env:/i;
const DRIVE = /[A-Za-z]:\\/;
const EXE = /\.exe\b/i;
/** A caret inside a word: cmd.exe's escape (`c^m^d`, `r^d`). */
const CARET = /[A-Za-z]\^[A-Za-z]/;
const ENV_DRIVE_PATH = /(?:^|[\s'"(,])env:[\\/]?[\w*?]/i;
const UNC_PATH = /(?:^|[\s'"=,])\\\\[\w.-]+(?:@ssl)?(?:@\d+)?\\/i;
/** PowerShell's own syntax: an assignment to `$name`, Invoke-Expression, a script block, the call operator, a Verb-Noun cmdlet (a concatenation alone is also Python's or JavaScript's). */
const PS_SIGN =
  /\$[A-Za-z_]\w*\s*=|(?:^|[\s;|(&])(?:iex|IEX|[Ii]nvoke-[Ee]xpression)\b|\[[Ss]cript[Bb]lock\]|(?:^|[;\n]\s*)&\s*[$'"(]|\b[A-Z][a-z]+-[A-Z][A-Za-z]+\b/;
const DOTNET = /\[(?:System\.)?[A-Za-z][\w.]*\]::[A-Za-z]/;
const WINDOWS_START =
  /^\s*(?:cmd|powershell|pwsh|start|type|del|erase|rd|rmdir|copy|reg|setx|certutil|bitsadmin|iwr|irm|invoke-webrequest|invoke-restmethod|start-bitstransfer|remove-item|get-content|clear-content|invoke-sqlcmd|invoke-dbaquery)\b/i;

/** A line opened by a PowerShell assignment (`$q = ...`): to a POSIX shell `$q=x` runs a command named `=x`. */
const PS_ASSIGN_START = /^\s*\$[A-Za-z_]\w*\s*=(?!=)/;

/** Whether s looks like a cmd.exe or PowerShell line (one pattern of all five was tried at every character of a long line). */
function looksWindowsLine(s: string): boolean {
  return (
    WINDOWS_START.test(s) ||
    (s.includes('$') && PS_ASSIGN_START.test(s)) ||
    (s.includes('%') && WINDOWS_VAR.test(s)) ||
    (s.includes(':') && ENV_DRIVE.test(s)) ||
    (s.includes(':\\') && DRIVE.test(s)) ||
    (s.includes('.') && EXE.test(s)) ||
    (s.includes('^') && CARET.test(s)) ||
    // a .NET static call (`[Environment]::GetEnvironmentVariable(...)`), or a command built by
    // PowerShell at run time (windows-ps-eval.ts)
    (s.includes(']::') && DOTNET.test(s)) ||
    // a UNC path (`\\server\share\x`): a file on another machine
    (s.includes('\\\\') && UNC_PATH.test(s)) ||
    // a path of PowerShell's env: drive (`gc env:TOKEN`, `Get-Item Env:\*KEY*`)
    (s.includes(':') && ENV_DRIVE_PATH.test(s)) ||
    (psEvaluable(s) && PS_SIGN.test(s))
  );
}

/** Environment variables and the POSIX path they stand for. */
const VARIABLES: [RegExp, string][] = [
  // the PowerShell profile (any of its four: CurrentUserAllHosts ...) runs in every session
  [
    /\$PROFILE(?:\.(?:CurrentUser|AllUsers)(?:AllHosts|CurrentHost))?\b/gi,
    '~/Documents/PowerShell/Microsoft.PowerShell_profile.ps1',
  ],
  [/%HOMEDRIVE%%HOMEPATH%/gi, '~'],
  // PowerShell's automatic $HOME is the profile folder too
  [/%USERPROFILE%|\$\{env:USERPROFILE\}|\$env:USERPROFILE\b|\$env:HOME\b|%HOME%|\$HOME\b/gi, '~'],
  [/%APPDATA%|\$\{env:APPDATA\}|\$env:APPDATA\b/gi, '~/AppData/Roaming'],
  [/%LOCALAPPDATA%|\$\{env:LOCALAPPDATA\}|\$env:LOCALAPPDATA\b/gi, '~/AppData/Local'],
  // the user's own temp folder (Windows' default %TEMP% is %LOCALAPPDATA%\Temp), not a shared /tmp:
  // emptying it is the routine cleanup Disk Cleanup does
  [/%TEMP%|%TMP%|\$\{env:TEMP\}|\$\{env:TMP\}|\$env:TEMP\b|\$env:TMP\b/gi, '~/AppData/Local/Temp'],
  [/%SYSTEMROOT%|%WINDIR%|\$env:SystemRoot\b|\$env:windir\b/gi, 'C:/Windows'],
];

/** `(Get-Content F -Raw)` and its aliases, as an argument: the text of F. */
const FILE_TEXT =
  /\(\s*(?:Get-Content|gc|cat|type)\s+(?:-(?:Path|LiteralPath)\s+)?([^\s()|;]+)(?:\s+-(?:Raw|Encoding\s+\S+))*\s*\)/gi;

/** Shells whose argument is code read again on its own (its variables are read there). */
const SHELLS = /^(?:cmd|powershell|pwsh)(?:\.exe)?$/i;

/** `[Environment]::GetEnvironmentVariable('NAME')`: the variable's value, as `$(printenv NAME)`. */
const GET_VARIABLE = /\[(?:System\.)?Environment\]::GetEnvironmentVariable\(\s*['"]([A-Za-z_]\w*)['"][^)]*\)/gi;

/** `[Environment]::SetEnvironmentVariable('NAME', 'VALUE', ...)`: NAME set to a literal VALUE. */
const SET_VARIABLE =
  /\[(?:System\.)?Environment\]::SetEnvironmentVariable\(\s*['"]([A-Za-z_]\w*)['"]\s*,\s*['"]([^'"]*)['"][^)]*\)/gi;

/** A path on PowerShell's env: drive (`env:NAME`, `Env:\NAME`, `env:/*TOKEN*`): the variable, or a pattern of names. */
const ENV_PATH = /^env:[\\/]?([\w*?]*)$/i;

/** The POSIX reading of printing env: drive paths: `printenv NAME`, or `env` for a pattern or the whole drive. */
function envDrivePrint(paths: string[]): string | null {
  const names = paths.map((p) => ENV_PATH.exec(p)?.[1]);
  if (!names.length || names.some((n) => n === undefined)) return null;
  if (names.some((n) => !n || /[*?]/.test(n ?? ''))) return 'env';
  return names.map((n) => `printenv ${n ?? ''}`).join('; ');
}

/** `(Join-Path A 'B')`: A and B joined (both words, B quoted or not). */
const JOIN_PATH = /\(\s*Join-Path\s+(?:-Path\s+)?([^\s()'"]+)\s+(?:-ChildPath\s+)?(['"]?)([^'"()]+)\2\s*\)/gi;

/** `%NAME%` and `$env:NAME` in an argument (the named folders above are replaced first). */
const ARG_VARIABLE = /%([A-Za-z_]\w*)%|\$\{?env:([A-Za-z_]\w*)\}?/gi;

/** A user's profile folder written out (`C:\Users\dev\`), but not the shared ones. */
const PROFILE = /\b[A-Za-z]:[\\/]+Users[\\/]+(?!Public\b|Default\b|All Users\b)[^\\/\s"']+(?=[\\/]|$|\s|"|')/gi;

/** Splits a line into commands (quotes kept) and the operators between them. */
function split(s: string): { words: string[]; op: string }[] {
  const out: { words: string[]; op: string }[] = [];
  let words: string[] = [];
  let cur = '';
  let has = false;
  const endWord = () => {
    if (has) words.push(cur);
    cur = '';
    has = false;
  };
  const endCommand = (op: string) => {
    endWord();
    if (words.length) out.push({ words, op });
    words = [];
  };
  for (let i = 0; i < s.length && out.length < 64; i++) {
    const c = s[i] ?? '';
    if (c === '"' || c === "'") {
      const end = s.indexOf(c, i + 1);
      cur += end < 0 ? s.slice(i + 1) : s.slice(i + 1, end);
      has = true;
      if (end < 0) break;
      i = end;
    } else if (c === ' ' || c === '\t') endWord();
    else if ((c === '>' || c === '<') && !(c === '>' && s[i + 1] === '&')) {
      // a redirection: the same operator in POSIX (a leading fd digit stays with it)
      const fd = /^[12]$/.test(cur) ? cur : '';
      if (fd) {
        cur = '';
        has = false;
      }
      endWord();
      const op = c === '>' && s[i + 1] === '>' ? '>>' : c;
      words.push(REDIRECT + fd + op);
      i += op.length - 1;
    } else if (c === '&' || c === '|') {
      const double = s[i + 1] === c;
      endCommand(double ? c + c : c === '&' ? ';' : '|');
      if (double) i++;
    } else if (c === ';' || c === '\n') endCommand(';');
    else {
      cur += c;
      has = true;
    }
  }
  endCommand('');
  return out;
}

/** Marks a word of split() that is a redirection operator, written unquoted. */
const REDIRECT = '\u0000';

function quote(w: string): string {
  if (w.startsWith(REDIRECT)) return w.slice(1);
  // a variable's value (ARG_VARIABLE's `$NAME`) stays a variable, also inside a longer word
  if (/\$[A-Za-z_]/.test(w) && !/["`\\!]|\$[({]/.test(w)) return `"${w}"`;
  if (/^\$\(printenv [A-Za-z_]\w*\)$/.test(w)) return `"${w}"`;
  return /^[A-Za-z0-9_./~:=@%+,-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

const isUrl = (w: string) => /^https?:\/\//i.test(w);

/** The value of a PowerShell parameter (`-OutFile X`, `-OutFile:X`), or undefined. */
function param(words: string[], names: string[]): string | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = (words[i] ?? '').toLowerCase();
    for (const n of names) {
      if (w === n) return words[i + 1];
      if (w.startsWith(n + ':')) return (words[i] ?? '').slice(n.length + 1);
    }
  }
  return undefined;
}

/** sc.exe's own verbs (sc.exe reference, Microsoft Learn): `sc stop svc` controls a service. */
const SC_VERBS =
  /^(?:query|queryex|start|stop|pause|continue|config|create|delete|description|failure|failureflag|qc|qdescription|qfailure|qfailureflag|sdshow|sdset|control|interrogate|enumdepend|getdisplayname|getkeyname|boot|lock|qsidtype|sidtype|privs|qprivs|qtriggerinfo|triggerinfo|showsid|managedaccount|qmanagedaccount|preferrednode|qpreferrednode|qserviceobject|\/\?)$/i;

/** One Windows command as POSIX words, or null when it has no POSIX counterpart worth reading. */
function translate(words: string[], depth: number): string | null {
  // `sc` is Set-Content's alias in Windows PowerShell 5.1 (about_Aliases) as well as sc.exe:
  // a first operand that names a file rather than one of sc.exe's verbs or a \\server is a write
  if (
    /^sc$/i.test(words[0] ?? '') &&
    words[1] !== undefined &&
    !SC_VERBS.test(words[1]) &&
    !words[1].startsWith('\\\\') &&
    /[\\/.~$:]/.test(words[1])
  )
    return translate(['set-content', ...words.slice(1)], depth);
  const name = (words[0] ?? '')
    .replace(/\\/g, '')
    .replace(/\.exe$/i, '')
    .toLowerCase();
  const cmdlet = cmdletName(name);
  // parameters spelled in full (`-Rec` -> `-recurse`, windows-cmdlets.ts); cmd's /switches stay
  const rest = cmdlet && takesParameters(name) ? words.slice(1).map((w) => paramName(cmdlet, w)) : words.slice(1);
  const flags = (re: RegExp) => rest.some((w) => re.test(w));
  const operands = (skip: RegExp) => rest.filter((w) => !skip.test(w));
  switch (name) {
    case 'cmd': {
      const at = rest.findIndex((w) => /^\/[ck]$/i.test(w));
      if (at < 0) return null;
      const inner = rest.slice(at + 1).join(' ');
      return posixLine(inner, depth + 1) ?? inner;
    }
    case 'powershell':
    case 'pwsh': {
      // -Command text, the rest of the line, or -EncodedCommand decoded (interp/powershell.ts)
      const code = powershellCode(words);
      // decoded or started by another command, the code is read again as a line of its own
      // (every reading of PowerShell applies); typed after -c it already was
      if (
        code !== undefined &&
        (depth > 0 || !rest.some((w) => /^[-/]c(?:o(?:m(?:m(?:a(?:n(?:d)?)?)?)?)?)?$/i.test(w)))
      )
        return `pwsh -c ${quote(code)}`;
      if (code !== undefined) return posixLine(code, depth + 1) ?? code;
      const f = param(rest, ['-f', '-file']);
      if (!f) return null;
      // the words after `-File PATH` are the script's own arguments (about_Pwsh, -File): the
      // environment it is aimed at and a -WhatIf go with it
      const at = rest.findIndex((w) => /^-f(?:ile)?$/i.test(w));
      const args = at >= 0 && rest[at + 1] === f ? rest.slice(at + 2) : [];
      return [`sh ${quote(f)}`, ...args.map(quote)].join(' ');
    }
    case 'invoke-sqlcmd':
    case 'invoke-dbaquery': {
      // SqlServer's Invoke-Sqlcmd and dbatools' Invoke-DbaQuery are sqlcmd with named parameters:
      // every reading of sqlcmd's -Q text and -i file applies (learn.microsoft.com, Invoke-Sqlcmd)
      const map: Record<string, string> = {
        '-serverinstance': '-S',
        '-sqlinstance': '-S',
        '-hostname': '-S',
        '-database': '-d',
        '-query': '-Q',
        '-inputfile': '-i',
        '-file': '-i',
        '-username': '-U',
        '-password': '-P',
      };
      const out = ['sqlcmd'];
      for (let i = 0; i < rest.length; i++) {
        const flag = map[(rest[i] ?? '').toLowerCase()];
        if (flag && rest[i + 1] !== undefined) out.push(flag, quote(rest[++i] ?? ''));
      }
      return out.length > 1 ? out.join(' ') : null;
    }
    case 'set':
      return setPrints(rest);
    case 'setx': {
      // setx NAME VALUE [/m]: NAME set for every later process of the user (or machine)
      const ops = rest.filter((w) => !/^\/[a-z]$/i.test(w));
      return ops.length >= 2 && /^[A-Za-z_]\w*$/.test(ops[0] ?? '')
        ? `export ${ops[0] ?? ''}=${quote(ops[1] ?? '')}`
        : null;
    }
    case 'reg': {
      // the whole Environment key listed prints every variable stored for the user or machine
      if (!/^query$/i.test(rest[0] ?? '') || rest.some((w) => /^\/(?:v|ve|f)$/i.test(w))) return null;
      const key = (rest[1] ?? '').replace(/\//g, '\\');
      return /^(?:HKCU|HKEY_CURRENT_USER):?\\Environment\\?$|\\Session Manager\\Environment\\?$/i.test(key)
        ? 'env'
        : null;
    }
    case 'set-content':
    case 'add-content':
    case 'out-file':
    case 'new-item': {
      // a file written with a value (or what is piped in), as the POSIX redirection
      const path = param(rest, ['-path', '-filepath', '-literalpath']) ?? rest.find((w) => !w.startsWith('-'));
      if (!path) return null;
      const value = param(rest, ['-value', '-inputobject']) ?? rest.filter((w) => !w.startsWith('-') && w !== path)[0];
      if (name === 'new-item' && value === undefined) return null;
      const op = name === 'add-content' || flags(/^-append$/i) ? '>>' : '>';
      return value === undefined ? `cat ${op} ${quote(path)}` : `printf '%s\\n' ${quote(value)} ${op} ${quote(path)}`;
    }
    case 'clear-content':
    case 'clc': {
      // every file named is emptied in place, as `truncate -s 0` does
      const files = operands(/^-(?:path|literalpath|force|filter|include|exclude|stream)$/i);
      return files.length ? `truncate -s 0 ${files.map(quote).join(' ')}` : null;
    }
    case 'findstr': {
      // cmd's grep: /i ignores case, /s recurses, the other switches change what is printed, not what is read
      const ops = rest.filter((w) => !/^\/[a-z]+(?::\S*)?$/i.test(w));
      // /s searches the named folder and every folder under it
      const opts = `${flags(/^\/s$/i) ? '-r ' : ''}${flags(/^\/i$/i) ? '-i ' : ''}`;
      return ops.length ? `grep ${opts}${ops.map(quote).join(' ')}` : null;
    }
    case 'start': {
      let i = 0;
      // start ["title"] [/b] [/min] [/wait] [/d DIR] PROGRAM ARGS
      while (
        i < rest.length &&
        /^\/(?:b|min|max|wait|i|low|normal|high|realtime|abovenormal|belownormal)$/i.test(rest[i] ?? '')
      )
        i++;
      if (/^\/d$/i.test(rest[i] ?? '')) i += 2;
      return i < rest.length ? translate(rest.slice(i), depth) : null;
    }
    case 'call':
      return rest.length ? translate(rest, depth) : null;
    case 'start-process':
    case 'saps': {
      const file = param(rest, ['-filepath']) ?? rest.find((w) => !w.startsWith('-'));
      if (!file) return null;
      // a shell started with its arguments runs them: `saps powershell -ArgumentList '-enc ...'`
      const args = param(rest, ['-argumentlist']) ?? rest.slice(rest.indexOf(file) + 1).find((w) => !w.startsWith('-'));
      if (args && /^(?:powershell|pwsh|cmd)(?:\.exe)?$/i.test(file.replace(/^.*\//, '')))
        return translate([file, ...args.split(/[\s,]+/).filter(Boolean)], depth + 1);
      return quote(file);
    }
    // a recursive listing that picks names (`Get-ChildItem C:\Users -Recurse -Include *.kdbx,*.pfx`,
    // `dir /s /b C:\Users\*.pfx`) is a search of that tree for those names, as `find DIR -name N`
    // is: the credential-hunting readings decide what the names and the tree are
    case 'get-childitem':
    case 'gci':
    case 'dir':
    case 'ls': {
      const cmdRecurse = rest.some((w) => /^\/s$/i.test(w));
      if (!cmdRecurse && !flags(/^-recurse$/i)) return null;
      let path = param(rest, ['-path', '-literalpath']);
      for (let i = 0; path === undefined && i < rest.length; i++) {
        const w = rest[i] ?? '';
        if (/^-(?:filter|include|exclude|depth|attributes|erroraction|ea)$/i.test(w)) i++;
        else if (!w.startsWith('-') && !w.startsWith('/')) path = w;
      }
      path ??= '.';
      let picked = param(rest, ['-include', '-filter']) ?? '';
      // `dir /s C:\Users\*.pfx`, `gci C:\Users\*.kdbx -Recurse`: the last part of the path is the name picked
      const tail = /^(.*)\/([^/]*[*?][^/]*)$/.exec(path.replace(/\\/g, '/'));
      if (!picked && tail) {
        picked = tail[2] ?? '';
        path = tail[1] || '/';
      }
      const names = picked.split(',').filter((n) => n && n !== '*' && n !== '*.*');
      if (!names.length) return null;
      // a folder of a drive (C:/Users) is that folder from the filesystem's root (/Users)
      path = path.replace(/^[A-Za-z]:(?=\/)/, '');
      return `find ${quote(path)} ${names.map((n) => `-name ${quote(n)}`).join(' -o ')}`;
    }
    case 'type':
    case 'more':
    case 'gc':
    case 'get-content':
    case 'cat': {
      const files = operands(/^-(?:path|literalpath|raw|encoding|totalcount|tail|head|wait)$/i);
      // a variable of the env: drive is printed, as printenv prints it
      const env = envDrivePrint(files);
      if (env) return env;
      return files.length ? `cat ${files.map(quote).join(' ')}` : null;
    }
    case 'del':
    case 'erase':
    case 'rd':
    case 'rmdir':
    case 'remove-item':
    case 'ri':
    case 'rm': {
      // `-WhatIf` only prints what would be removed
      if (name !== 'rm' && rest.some((w) => /^-whatif(?::\$?true)?$/i.test(w))) return null;
      const tree = patternDelete(name, rest);
      if (tree) return tree;
      const recursive = flags(/^(?:\/s|-r|-recurse|-rf|-fr)$/i);
      const force = flags(/^(?:\/q|\/f|-force|-f|-rf|-fr)$/i);
      // a path on a drive (`C:/*.*`, `D:/data`) is a path from that drive's root
      // `a, b` and `a,b` name two paths: an array in PowerShell, two tokens to cmd.exe (its
      // delimiters are spaces, commas and semicolons)
      const targets = operands(/^(?:\/[a-z](?::\S*)?|-[a-z]+)$/i)
        .flatMap((w) => w.split(','))
        .filter((w) => w !== '')
        .map((w) => w.replace(/^[A-Za-z]:\/+/, '/'));
      if (!targets.length) return null;
      if ((name === 'rd' || name === 'rmdir') && !recursive) return `rmdir ${targets.map(quote).join(' ')}`;
      const opts = `${recursive ? 'r' : ''}${force ? 'f' : ''}`;
      return `rm ${opts ? '-' + opts + ' ' : ''}${targets.map(quote).join(' ')}`;
    }
    case 'esentutl': {
      // esentutl /y SRC [/vss] [/d DEST]: copies a file, through a shadow copy with /vss, so a
      // locked hive or ntds.dit can be copied (learn.microsoft.com, esentutl)
      const y = rest.findIndex((w) => /^\/y$/i.test(w));
      const d = rest.findIndex((w) => /^\/d$/i.test(w));
      const src = y >= 0 ? rest.slice(y + 1).find((w) => !/^\/[a-z]+$/i.test(w)) : undefined;
      if (!src) return null;
      return `cp ${quote(src)} ${quote(d >= 0 ? (rest[d + 1] ?? '.') : '.')}`;
    }
    case 'copy':
    case 'copy-item':
    case 'xcopy':
    case 'robocopy': {
      const ops = operands(/^(?:\/[a-z0-9]+(?::\S*)?|-[a-z]+)$/i);
      // robocopy /MIR (or /PURGE) deletes from the destination whatever the source lacks: from an
      // empty folder, everything (rsync --delete is the same mirror)
      if (name === 'robocopy' && ops.length >= 2 && flags(/^\/(?:mir|purge)$/i)) {
        const dir = (w: string) => quote(`${w.replace(/^[A-Za-z]:\/+/, '/').replace(/\/+$/, '')}/`);
        return `rsync -a --delete ${dir(ops[0] ?? '')} ${dir(ops[1] ?? '')}`;
      }
      return ops.length >= 2 ? `cp -r ${ops.map(quote).join(' ')}` : null;
    }
    case 'move':
    case 'move-item': {
      const ops = operands(/^(?:\/[a-z]+|-[a-z]+)$/i);
      return ops.length >= 2 ? `mv ${ops.map(quote).join(' ')}` : null;
    }
    case 'certutil': {
      if (!flags(/^[-/]urlcache$/i)) return null;
      const ops = rest.filter((w) => !/^(?:-|\/[a-z]+$)/i.test(w));
      const url = ops.find(isUrl);
      const out = ops.filter((w) => !isUrl(w)).pop();
      return url ? `curl -o ${quote(out ?? 'download')} ${quote(url)}` : null;
    }
    case 'bitsadmin': {
      const url = rest.find(isUrl);
      if (!url) return null;
      const out = rest[rest.indexOf(url) + 1];
      return `curl -o ${quote(out ?? 'download')} ${quote(url)}`;
    }
    case 'iwr':
    case 'invoke-webrequest':
    case 'irm':
    case 'invoke-restmethod':
    case 'wget':
    case 'curl':
    case 'start-bitstransfer': {
      if (name === 'curl' && !rest.some((w) => /^-(?:uri|outfile)$/i.test(w)))
        return [name, ...rest].map(quote).join(' ');
      const url = param(rest, ['-uri', '-source']) ?? rest.find(isUrl);
      if (!url) return null;
      const out = param(rest, ['-outfile', '-destination']);
      // what is sent goes with it: the method, headers, a body, a file uploaded
      const sent: string[] = [];
      const method = param(rest, ['-method']);
      if (method && !/^get$/i.test(method)) sent.push(`-X ${quote(method.toUpperCase())}`);
      const headers = param(rest, ['-headers']);
      if (headers) sent.push(`-H ${quote(headers)}`);
      const body = param(rest, ['-body']);
      if (body) sent.push(`-d ${quote(body)}`);
      const file = param(rest, ['-infile']);
      if (file) sent.push(`-T ${quote(file)}`);
      const opts = sent.length ? sent.join(' ') + ' ' : '';
      return out ? `curl ${opts}-o ${quote(out)} ${quote(url)}` : `curl ${opts}${quote(url)}`;
    }
    default:
      if (cmdlet && cmdlet !== name && ALIASED.has(cmdlet) && takesParameters(name))
        return translate([cmdlet, ...rest], depth);
      // `$env:NAME = 'value'`: the variable set for what follows, as `export NAME=value`
      if (words.length >= 2 && /^\$env:[A-Za-z_]\w*$/i.test(words[0] ?? '') && (words[1] ?? '').startsWith('=')) {
        const value = words[1] === '=' ? (words[2] ?? '') : (words[1] ?? '').slice(1);
        return `export ${(words[0] ?? '').slice(5)}=${quote(value)}`;
      }
      if (/^\$env:[A-Za-z_]\w*=/i.test(words[0] ?? '') && words.length === 1) {
        const [n, ...v] = (words[0] ?? '').slice(5).split('=');
        return `export ${n ?? ''}=${quote(v.join('='))}`;
      }
      // A PowerShell statement that is only a variable (`$env:NODE_ENV`, `$PSVersionTable`)
      // prints its value, as `echo "$NODE_ENV"` does; it runs nothing.
      if (words.length === 1 && PS_VALUE.test(words[0] ?? ''))
        return `echo "$${(words[0] ?? '').replace(/^\$\{?(?:env:)?|\}$/gi, '')}"`;
      // Other programs keep their own name: `C:/tmp/u.exe` runs that file.
      return words.map(quote).join(' ');
  }
}

/** Cmdlets whose POSIX reading translate() writes, reached from any alias of theirs. */
const ALIASED = new Set([
  'get-content',
  'remove-item',
  'copy-item',
  'move-item',
  'invoke-webrequest',
  'invoke-restmethod',
  'start-process',
]);

/**
 * `del /s /q *.pyc`, `Remove-Item -Recurse -Include *.log`: a recursive delete of the files a
 * name pattern matches under a folder, which `find DIR -name PATTERN -delete` is on POSIX (and
 * not `rm -rf` of the folder), or null when the delete is not of that kind.
 */
function patternDelete(name: string, rest: string[]): string | null {
  const cmdDel = name === 'del' || name === 'erase';
  const recursive = rest.some((w) => (cmdDel ? /^\/s$/i : /^-recurse$/i).test(w));
  if (!recursive) return null;
  const include = param(rest, ['-include', '-filter']);
  const ops: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] ?? '';
    if (/^-(?:include|filter|exclude|erroraction)$/i.test(w)) i++;
    else if (!/^(?:\/[a-z](?::\S*)?|-[a-z]+)$/i.test(w)) ops.push(w);
  }
  const names: string[] = [];
  let dir = '.';
  if (include) names.push(...include.split(','));
  else if (cmdDel) {
    // `del /s DIR\*.log`: the name pattern is the last part of each operand
    for (const o of ops) {
      const m = /^(.*\/)?([^/]*[*?][^/]*)$/.exec(o);
      if (!m) return null;
      if (m[1]) dir = m[1].replace(/\/+$/, '') || '/';
      names.push(m[2] ?? '');
    }
  } else return null;
  if (include) {
    if (ops.length > 1) return null;
    dir = (ops[0] ?? '.').replace(/\/\*$/, '') || '.';
  }
  if (!names.length || names.some((n) => !n || n === '*' || n === '*.*')) return null;
  return `find ${quote(dir)} ${names.map((n) => `-name ${quote(n)}`).join(' -o ')} -delete`;
}

/** A PowerShell variable as a whole statement: `$env:NAME`, `${env:NAME}`, `$Name`, `$Name.Property`. */
const PS_VALUE = /^\$(?:\{env:[A-Za-z_]\w*\}|env:[A-Za-z_]\w*|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)$/i;

/** PowerShell's listing cmdlets: what they list can be piped into Remove-Item. */
const LISTS = new Set(['get-childitem', 'gci', 'ls', 'dir', 'get-item', 'gi']);
/** Content searches a listing can be piped into. */
const SEARCHES = /^(?:select-string|sls|findstr(?:\.exe)?)$/i;
const REMOVES = new Set(['remove-item', 'ri', 'rm', 'del', 'erase', 'rd', 'rmdir']);
/** Cmdlets that empty each file they are handed (`| Clear-Content`), keeping only its name. */
const BLANKS = new Set(['clear-content', 'clc']);
/** Parameters of the listing cmdlets that take a value (the value is not the path listed). */
const LIST_VALUED = /^-(?:filter|include|exclude|depth|attributes)$/i;

/**
 * `Get-ChildItem X -Recurse | Remove-Item`: the items listed are what Remove-Item deletes, as
 * `find X | xargs rm` is on POSIX; read as `rm -rf X` (the whole tree when the listing or the
 * removal recurses) or `rm -f X/*` (the listed entries), or null when the pair is not this.
 */
function listedRemoval(list: string[], remove: string[]): string | null {
  const name = (w: string | undefined) => (w ?? '').replace(/\.exe$/i, '').toLowerCase();
  if (!LISTS.has(name(list[0]))) return null;
  const blanks = BLANKS.has(name(remove[0]));
  if (!blanks && !REMOVES.has(name(remove[0]))) return null;
  // Remove-Item with its own path deletes that path, not what it is handed
  if (remove.slice(1).some((w) => !w.startsWith('-') && !w.startsWith('/'))) return null;
  // `-WhatIf` (about_CommonParameters) only prints what would be removed
  if (remove.slice(1).some((w) => /^-whatif(?::\$?true)?$/i.test(w))) return null;
  const rest = list.slice(1);
  let path = param(rest, ['-path', '-literalpath']);
  for (let i = 0; path === undefined && i < rest.length; i++) {
    const w = rest[i] ?? '';
    if (LIST_VALUED.test(w)) i++;
    else if (!w.startsWith('-')) path = w;
  }
  path ??= '.';
  const recurse = [...rest, ...remove.slice(1)].some((w) => /^-r(?:ecurse)?$/i.test(w));
  // only the entries whose names match are listed: those are what is deleted
  const include = param(rest, ['-include', '-filter']);
  const names = (include ?? '').split(',').filter((n) => n && n !== '*' && n !== '*.*');
  // each file listed emptied in place: every file of the tree (or of the names) blanked, as find
  // runs truncate on each
  if (blanks) {
    const picks = names.length ? names.map((n) => `-name ${quote(n)}`).join(' -o ') : '-type f';
    if (recurse) return `find ${quote(path)} ${picks} -exec truncate -s 0 {} +`;
    // a listing of a glob (`Get-ChildItem .\logs\*.log`) hands over what the glob names
    if (/[*?]/.test(path)) return `truncate -s 0 ${path}`;
    const dir = quote(path.replace(/\/+$/, '') || '/').replace(/^\/$/, '');
    return `truncate -s 0 ${names.length ? names.map((n) => `${dir}/${n}`).join(' ') : `${dir}/*`}`;
  }
  if (names.length && recurse)
    return `find ${quote(path)} ${names.map((n) => `-name ${quote(n)}`).join(' -o ')} -delete`;
  const dir = quote(path.replace(/\/+$/, '') || '/').replace(/^\/$/, '');
  // without -Recurse only the folder's own entries are listed: those the filter names (`*.msi`),
  // else all of them; the glob stays unquoted, the entries listed, not a file named `*`
  if (names.length && !names.some((n) => /[/'"\\]/.test(n)))
    return `rm -f ${names.map((n) => `${dir}/${n}`).join(' ')}`;
  return recurse ? `rm -rf ${quote(path)}` : `rm -f ${dir}/*`;
}

/** `[System.IO.Directory]::Delete("P", $true)`, `[IO.File]::Delete('P')`, VisualBasic's DeleteDirectory. */
const NET_DELETE =
  /\[(?:System\.)?(?:IO\.(Directory|File)|Microsoft\.VisualBasic\.FileIO\.FileSystem)\]::(?:Delete|(DeleteDirectory|DeleteFile))\(\s*((?:"[^"]*"|'[^']*'|[^,()\s]+))\s*(,\s*\$true|,[^)]*)?\s*\)/gi;
/**
 * .NET's file writes, as the cmdlets that do the same: `[IO.File]::AppendAllText(P, T)` and
 * AppendAllLines are `Add-Content -Path P -Value T`, WriteAllText/WriteAllLines `Set-Content`.
 */
const NET_WRITE =
  /\[(?:System\.)?IO\.File\]::(Append|Write)All(?:Text|Lines)\(\s*("[^"]*"|'[^']*'|[^,()\s]+)\s*,\s*("[^"]*"|'[^']*'|[^,()]+?)\s*(?:,[^)]*)?\)/gi;
/**
 * .NET's file reads: `[IO.File]::ReadAllBytes(P)` (and ReadAllText, ReadAllLines, ReadLines,
 * OpenRead, OpenText) hand over the whole file, as `cat P` does.
 */
const NET_READ =
  /\[(?:System\.)?IO\.File\]::(?:ReadAll(?:Bytes|Text|Lines)|ReadLines|OpenRead|OpenText)\(\s*("[^"]*"|'[^']*'|[^,()\s]+)\s*(?:,[^)]*)?\)/gi;
/** A PowerShell assignment statement, `$name = VALUE` (one word once split: `$name=VALUE`). */
const PS_ASSIGN = /^\$([A-Za-z_]\w*)=(.+)$/s;
/** A pipeline stage that deletes each item it is handed, with -Recurse or Delete($true) noted. */
const EACH_DELETE =
  /\|\s*(?:ForEach-Object|foreach|%)\s*\{\s*(?:\$_\.Delete\(\s*(\$true)?\s*\)|(?:Remove-Item|ri|rm|del)\s+[^}]*?\$_(?:\.FullName)?[^}]*?(-Recurse|-r\b)?[^}]*)\s*\}/gi;

/**
 * A pipeline stage that empties each file it is handed: `| % { Clear-Content $_.FullName }`,
 * `| ForEach-Object { Set-Content $_.FullName -Value $null }` (also after WriteAllText became
 * Set-Content), `| % { [IO.File]::WriteAllBytes($_.FullName, [byte[]]@()) }`: `| Clear-Content`.
 */
const EACH_BLANK =
  /\|\s*(?:ForEach-Object|foreach|%)\s*\{\s*(?:(?:Clear-Content|clc)\s+[^}]*?\$_[^}]*|(?:Set-Content|sc)\s+(?=[^}]*-Value\s+(?:\$null|''|""|@\(\s*\)))(?=[^}]*\$_)[^}]*|\[(?:System\.)?IO\.File\]::WriteAll(?:Bytes|Text|Lines)\(\s*\$_(?:\.FullName)?\s*,\s*(?:\[byte\[\]\]\s*)?(?:@\(\s*\)|\$null|''|"")\s*\)\s*;?\s*)\}/gi;

/** cmd.exe's `for [/d] [/r ROOT] %x in (SET) do COMMAND` (`%%x` in a batch file). */
const FOR_LOOP =
  /(^|[&|(]\s*)for\s+((?:\/[dlr]\s+)*)(?:("[^"]*"|[^\s%"]+)\s+)?%%?([A-Za-z])\s+in\s*\(\s*([^)]*?)\s*\)\s*do\s+(.+)$/i;
const DELETE_VERB = /^\s*@?(?:del|erase|rd|rmdir|remove-item|ri)\b/i;

/**
 * A cmd.exe `for` loop as the commands it runs: the body once per item of the set with the loop
 * variable replaced (`for /d %d in (C:\src\*) do rd /s /q %d` is `rd /s /q C:\src\*`), so the
 * body is read like a command of its own. `for /r ROOT %f in (*) do del %f` visits every file
 * below ROOT: a delete there is `rd /s /q ROOT`. `for /f` parses text and is left as written.
 */
function expandFor(t: string): string {
  const m = FOR_LOOP.exec(t);
  if (!m) return t;
  const [all, lead = '', opts = '', root, v = '', set = '', body = ''] = m;
  if (/\/f/i.test(opts)) return t;
  const items = set
    .split(/[\s,;]+/)
    .filter(Boolean)
    .slice(0, 4);
  if (!items.length) return t;
  const recursive = /\/r/i.test(opts);
  const dir = (root ?? '.').replace(/^"|"$/g, '');
  const runs = items.map((item) => {
    if (recursive && DELETE_VERB.test(body) && /^(?:\*|\*\.\*)$/.test(item)) return `rd /s /q "${dir}"`;
    const value = recursive ? `${dir}\\${item}` : item;
    return body.replace(new RegExp(`"?%%?${v}"?(?![A-Za-z])`, 'g'), () => value);
  });
  return t.slice(0, m.index) + lead + runs.join(' & ') + t.slice(m.index + all.length);
}

/**
 * forfiles [/p DIR] [/s] [/m MASK] /c "CMD": CMD run once per file found, `@path`/`@file` naming
 * it (forfiles, Windows commands reference). A delete over every file of DIR (no mask, `*`,
 * `*.*`) with /s is `rd /s /q DIR`; with a mask it is `del [/s] /q DIR\MASK`; another command is
 * read with @path put in. An age test (`/d -30`) narrows what is found and is left as written.
 */
function expandForfiles(t: string): string {
  const m = /(^|[&|(]\s*)forfiles(?:\.exe)?\s+((?:"[^"]*"|[^&|"\s]+|\s+)+)/i.exec(t);
  if (!m) return t;
  const words = (m[2] ?? '').match(/"[^"]*"|\S+/g) ?? [];
  let dir = '.';
  let mask = '*';
  let deep = false;
  let body: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = (words[i] ?? '').toLowerCase();
    const next = (words[i + 1] ?? '').replace(/^"|"$/g, '');
    if (w === '/p' || w === '-p') ((dir = next), i++);
    else if (w === '/m' || w === '-m') ((mask = next), i++);
    else if (w === '/c' || w === '-c') ((body = next), i++);
    else if (w === '/s' || w === '-s') deep = true;
    else if (w === '/d' || w === '-d') return t;
  }
  if (body === undefined) return t;
  const inner = body.replace(/^\s*cmd(?:\.exe)?\s+\/c\s+/i, '');
  const whole = /^(?:\*|\*\.\*)$/.test(mask);
  const target = `${dir.replace(/[\\/]+$/, '')}\\${mask}`;
  let run: string;
  if (DELETE_VERB.test(inner) && /@(?:path|file|fname)\b/i.test(inner))
    run = deep && whole ? `rd /s /q "${dir}"` : `del ${deep ? '/s ' : ''}/q "${target}"`;
  else run = inner.replace(/@(?:path|file)\b/gi, `"${target}"`);
  return t.slice(0, m.index) + (m[1] ?? '') + run + t.slice(m.index + m[0].length);
}

/** A PowerShell string literal with no interpolation: '...' ('' is a quote) or "..." without `$`. */
const PS_LIT = `(?:'(?:[^']|'')*'|"(?:[^"$\`]|\`.)*")`;
const PS_LIST = `${PS_LIT}(?:\\s*,\\s*${PS_LIT})*`;
// a literal not joined to the next is consumed whole, so no scan starts at its closing quote
const PS_PLUS = new RegExp(`(${PS_LIT})\\s*\\+\\s*(${PS_LIT})|${PS_LIT}`, 'g');
const PS_JOIN_UNARY = new RegExp(`-join\\s*@?\\(\\s*(${PS_LIST})\\s*\\)`, 'gi');
const PS_JOIN_BINARY = new RegExp(`@?\\(\\s*(${PS_LIST})\\s*\\)\\s*-join\\s*(?:''|"")`, 'gi');
const PS_CONCAT = new RegExp(`\\[(?:System\\.)?String\\]::Concat\\(\\s*(${PS_LIST})\\s*\\)`, 'gi');
const PS_FORMAT = new RegExp(`(${PS_LIT})\\s*-f\\s*(${PS_LIST})|${PS_LIT}`, 'gi');

function psValue(lit: string): string {
  const body = lit.slice(1, -1);
  return lit.startsWith("'") ? body.replace(/''/g, "'") : body.replace(/`(.)/g, '$1');
}
function psLiteral(v: string): string {
  return `'${v.replace(/'/g, "''")}'`;
}
function psList(list: string): string[] {
  return (list.match(new RegExp(PS_LIT, 'g')) ?? []).map(psValue);
}

/**
 * PowerShell text assembled from literals, folded into the one literal it makes: `'DR'+'OP
 * TABLE x'`, `-join('DEL','ETE FROM t')`, `('a','b') -join ''`, `[string]::Concat('a','b')`,
 * `"{0}{1}" -f 'a','b'` (about_Operators, about_Join, String.Concat). What a variable so built
 * holds is then read where it is used, as a plain literal would be.
 */
export function foldPowerShellStrings(t: string): string {
  if (!/\+|-join|::concat|-f\s/i.test(t)) return t;
  let s = t;
  for (let guard = 0; guard < 16; guard++) {
    const next = s
      .replace(PS_JOIN_UNARY, (_m, list: string) => psLiteral(psList(list).join('')))
      .replace(PS_JOIN_BINARY, (_m, list: string) => psLiteral(psList(list).join('')))
      .replace(PS_CONCAT, (_m, list: string) => psLiteral(psList(list).join('')))
      .replace(PS_FORMAT, (m, fmt: string | undefined, list: string | undefined) => {
        if (fmt === undefined || list === undefined) return m;
        const args = psList(list);
        const f = psValue(fmt);
        if (!/\{\d+\}/.test(f)) return m;
        return psLiteral(f.replace(/\{(\d+)\}/g, (x, n: string) => args[Number(n)] ?? x));
      })
      .replace(PS_PLUS, (m, a: string | undefined, b: string | undefined) =>
        a === undefined || b === undefined ? m : psLiteral(psValue(a) + psValue(b)),
      );
    if (next === s) break;
    s = next;
  }
  return s;
}

/** The POSIX reading of a Windows line, or null when it is not one or nothing changes. */
export function posixLine(s: string, depth = 0): string | null {
  if (depth > 4 || s.length > 64 * 1024) return null;
  let t = psEvaluate(depth === 0 ? cmdExpand(s) : s);
  // a quote escaped for the shell that passed the line on (`cmd /c "rd /s /q \"%X%\dir\""`) is a
  // quote to the Windows program; and Join-Path A 'B' is the path A/B
  if (t.includes('\\"')) t = t.replace(/\\"/g, '"');
  if (/join-path/i.test(t)) t = t.replace(JOIN_PATH, '"$1/$3"');
  // .NET's deletes are Remove-Item's: [IO.Directory]::Delete(P, $true) recursive, [IO.File]::Delete(P)
  if (/::delete/i.test(t))
    t = t.replace(NET_DELETE, (_m, kind: string | undefined, vb: string | undefined, p: string, rec?: string) => {
      const tree = vb ? /directory/i.test(vb) : /directory/i.test(kind ?? '') && /\$true/i.test(rec ?? '');
      return `Remove-Item ${tree ? '-Recurse ' : ''}-Force ${p}`;
    });
  if (/::(?:append|write)all/i.test(t))
    t = t.replace(
      NET_WRITE,
      (_m, verb: string, p: string, v: string) =>
        `${/append/i.test(verb) ? 'Add-Content' : 'Set-Content'} -Path ${p} -Value ${v}`,
    );
  t = foldPowerShellStrings(t);
  // `$f = "x"` is an assignment, as `f=x` is to a POSIX shell (so `$f` later in the line is "x")
  t = t.replace(/(^|[;\n]\s*)\$([A-Za-z_]\w*)\s+=\s+/g, '$1$$$2=');
  // each item a listing hands over deleted in a script block: `| % { $_.Delete() }`,
  // `| ForEach-Object { Remove-Item $_.FullName -Force }` is `| Remove-Item`
  if (/\.delete\(|\$_/i.test(t))
    t = t
      .replace(EACH_DELETE, (_m, rec?: string) => `| Remove-Item ${rec ? '-Recurse ' : ''}-Force`)
      .replace(EACH_BLANK, '| Clear-Content');
  if (/\bfor\s/i.test(t)) t = expandFor(t);
  if (/\bforfiles\b/i.test(t)) t = expandForfiles(t);
  // `-Body (Get-Content F -Raw)`: the file's text, which curl spells `@F`
  if (/\(\s*(?:get-content|gc|cat|type)\s/i.test(t)) t = t.replace(FILE_TEXT, '@$1');
  // a statement of its own prints the file; inside another expression (base64 of it, a variable)
  // the file is still read whole: the expression keeps the path, and the read is its own `cat P`
  if (/::(?:readall|readlines|openread|opentext)/i.test(t)) {
    const read: string[] = [];
    t = t.replace(NET_READ, (_m, p: string, at: number, all: string) => {
      if (!all.slice(0, at).trim() || /[;|{&]\s*$/.test(all.slice(0, at))) return `cat ${p}`;
      read.push(p);
      return p;
    });
    for (const p of read) t += ` ; cat ${p}`;
  }
  // a statement of its own prints the value; inside another command it is the value
  // (read inside the code a shell is handed, not in the line that hands it over)
  if (/getenvironmentvariable\(/i.test(t) && !SHELLS.test(t.trim().split(/\s/, 1)[0] ?? ''))
    t = t.replace(GET_VARIABLE, (_m, n: string, at: number, all: string) =>
      /(?:^|[;|({=&]\s*)$/.test(all.slice(0, at).trimEnd() + ' ') || !all.slice(0, at).trim()
        ? `printenv ${n}`
        : `"$(printenv ${n})"`,
    );
  // `[Environment]::SetEnvironmentVariable('N','V'[, 'User'])` sets N for later processes, as
  // `setx N V` and POSIX `export N=V` do
  if (/setenvironmentvariable\(/i.test(t))
    t = t.replace(SET_VARIABLE, (_m, n: string, v: string) => `export ${n}=${quote(v)}`);
  for (const [re, to] of VARIABLES) t = t.replace(re, to);
  t = t.replace(PROFILE, '~').replace(/\\/g, '/');
  const parts: string[] = [];
  /** Variables set to a cmdlet's output on this line, by name: the cmdlet's words. */
  const listings = new Map<string, string[]>();
  const commands = split(t);
  for (let i = 0; i < commands.length; i++) {
    const { words: raw, op } = commands[i] ?? { words: [], op: '' };
    // a drive's root (C:, D:/) is that drive's whole filesystem: `/` to every POSIX reading;
    // a variable in an argument (`%NAME%`, `$env:NAME`) is the POSIX `$NAME`
    const shell = SHELLS.test(raw[0] ?? '');
    const words = raw.map((w, k) =>
      /^[A-Za-z]:\/*$/.test(w) ? '/' : k > 0 && !shell && /[%$]/.test(w) ? w.replace(ARG_VARIABLE, '$$$1$2') : w,
    );
    const next = commands[i + 1];
    // `$f = Get-ChildItem -Recurse X; $f | Remove-Item`: the variable hands over what its listing listed
    const held = words.length === 1 ? listings.get(/^\$([A-Za-z_]\w*)$/.exec(words[0] ?? '')?.[1] ?? '') : undefined;
    const piped = op === '|' && next ? listedRemoval(held ?? words, next.words) : null;
    if (piped) {
      parts.push(next?.op ? `${piped} ${next.op}` : piped);
      i++;
      continue;
    }
    const assign = words.length === 1 ? PS_ASSIGN.exec(words[0] ?? '') : null;
    // a listing piped into a content search (`gci -r X -Include *.xml | Select-String cpassword`)
    // is read whole by the secret-search readings: it stays as written
    const searched = op === '|' && LISTS.has((words[0] ?? '').toLowerCase()) && SEARCHES.test(next?.words[0] ?? '');
    // `$rows = Import-Csv a.csv -Delimiter ';'`: the variable takes a cmdlet's output, which POSIX
    // spells `rows="$(...)"` (the cmdlet still read as the command it is); written as one word
    // `"$rows=Import-Csv" a.csv` it would be a program named by an unset variable
    const call = words.length > 1 ? PS_ASSIGN.exec(words[0] ?? '') : null;
    const value = call?.[2] !== undefined && CMDLET_START.test(call[2]) ? [call[2], ...words.slice(1)] : null;
    if (call?.[1] && value) listings.set(call[1], value);
    const p = assign?.[1]
      ? `${assign[1]}=${quote(assign[2] ?? '')}`
      : call?.[1] && value
        ? `${call[1]}="$(${translate(value, depth) ?? value.map(quote).join(' ')})"`
        : ((searched ? null : translate(words, depth)) ?? words.map(quote).join(' '));
    parts.push(op ? `${p} ${op}` : p);
  }
  const out = parts.join(' ').replace(/ ;$/, '').trim();
  return out && out !== s ? out : null;
}

/** The POSIX reading of a line that looks like a cmd.exe or PowerShell line, or null. */
export function windowsPosixReading(s: string): string | null {
  if (looksWindowsLine(s)) return posixLine(s);
  // a Windows line behind a privilege launcher (Windows 11's `sudo`, gsudo, or a POSIX sudo in front
  // of pwsh's cmdlets on Linux and macOS) does what the line does, as root: `sudo Remove-Item -Recurse
  // ~/.svc` is `sudo rm -r ~/.svc`, so the readings of sudo'd POSIX lines decide it
  const m = ELEVATED.exec(s);
  if (!m) return null;
  const rest = s.slice(m[0].length);
  if (!looksWindowsLine(rest) && !CMDLET_START.test(rest)) return null;
  const posix = posixLine(rest);
  return posix ? `sudo ${posix}` : null;
}

/** A privilege launcher and its options (`sudo -E`, `sudo -u root`, `gsudo --loadProfile`). */
const ELEVATED =
  /^\s*(?:sudo|doas|gsudo)(?:\.exe)?(?:\s+(?:-[uUgh]\s+\S+|--(?:user|group)=\S+|-[A-Za-z]+|--[a-zA-Z-]+))*\s+/i;
/** A Verb-Noun cmdlet opening the line (`Get-Process`, `Remove-Item`): PowerShell, not a POSIX program. */
const CMDLET_START = /^\s*[A-Z][a-z]+-[A-Z][A-Za-z]+\b/;

/** .NET objects, static calls and Invoke-Expression: PowerShell code rather than a program's command line. */
const PS_CODE = /New-Object\s|\]::[A-Za-z]|(?:^|[\s;|(&])(?:iex|Invoke-Expression)\b|\.GetStream\(\)|\[ScriptBlock\]/i;

/**
 * A line that is PowerShell code itself (an agent whose shell is PowerShell): the argv of the
 * `pwsh -Command` it amounts to, read for its effects (effects/derive.ts), so the PowerShell reading of code (sockets, downloads, files
 * sent) decides it as it decides the same code behind `powershell -c`. A line that starts with
 * powershell or pwsh is already read that way.
 */
export function powershellCodeLine(s: string): string[] | null {
  if (s.length > 16384 || /^\s*(?:powershell|pwsh)(?:\.exe)?\b/i.test(s) || !PS_CODE.test(s) || !looksWindowsLine(s))
    return null;
  return ['pwsh', '-NoProfile', '-Command', s];
}
