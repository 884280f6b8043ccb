// Windows command lines read the way cmd.exe and PowerShell read them. There `\` separates path
// parts, so the POSIX reading (`C:\Users\dev` -> `C:Usersdev`) loses the path; and a name spelled
// with escapes (`R\emove-Item`, `c\url`) or with `.exe` still runs the same program. One extra
// reading per command: the program name unescaped, lower-cased and without `.exe`, the other
// words with quotes removed and backslashes kept (read as `/` like every reading). Registry paths
// are spelled one way (`HKEY_CURRENT_USER\X`, `HKCU:\X`, `Registry::HKCU\X` -> `HKCU\X`) and the
// PowerShell registry cmdlets also read as the `reg` command they amount to, so one rule on
// `reg add HKCU\...\Run` sees every spelling (docs/shell-readings.md).
import { at } from '../util/invariant.js';
import { canonicalCmdlet } from './windows-cmdlets.js';
import { table } from '../util/lookup-table.js';
import { psEvaluate } from './windows-ps-eval.js';

const HIVES: [RegExp, string][] = [
  [/^(?:Registry::|Microsoft\.PowerShell\.Core\\Registry::)?HKEY_CURRENT_USER(?=[\\/:]|$):?/i, 'HKCU'],
  [/^(?:Registry::|Microsoft\.PowerShell\.Core\\Registry::)?HKEY_LOCAL_MACHINE(?=[\\/:]|$):?/i, 'HKLM'],
  [/^(?:Registry::|Microsoft\.PowerShell\.Core\\Registry::)?HKEY_CLASSES_ROOT(?=[\\/:]|$):?/i, 'HKCR'],
  [/^(?:Registry::|Microsoft\.PowerShell\.Core\\Registry::)?HKEY_USERS(?=[\\/:]|$):?/i, 'HKU'],
  [/^(?:Registry::)?(HKCU|HKLM|HKCR|HKU|HKCC):?(?=[\\/]|$)/i, '$1'],
];

/** A registry key spelled one way (`HKCU\Software\...`); other words unchanged. */
export function registryKey(word: string): string {
  for (const [re, to] of HIVES)
    if (re.test(word)) return word.replace(re, to).replace(/^(hk[a-z]+)/i, (h) => h.toUpperCase());
  return word;
}

/** PowerShell cmdlets on registry paths and the `reg` verb each amounts to. */
const REG_CMDLETS: Record<string, string> = table({
  'set-itemproperty': 'add',
  'new-itemproperty': 'add',
  'new-item': 'add',
  'set-item': 'add',
  'remove-item': 'delete',
  'remove-itemproperty': 'delete',
  'clear-itemproperty': 'delete',
  'get-itemproperty': 'query',
  'get-childitem': 'query',
});

/** Splits a command line into simple commands' words: quotes removed, backslashes kept. */
function windowsCommands(s: string): string[][] {
  const out: string[][] = [];
  let words: string[] = [];
  let cur = '';
  let has = false;
  const endWord = () => {
    if (has) words.push(cur);
    cur = '';
    has = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length) out.push(words);
    words = [];
  };
  for (let i = 0; i < s.length && out.length < 64; i++) {
    const c = at(s, i);
    if (c === "'" || c === '"') {
      const end = s.indexOf(c, i + 1);
      if (end < 0) {
        cur += s.slice(i + 1);
        has = true;
        break;
      }
      cur += s.slice(i + 1, end);
      has = true;
      i = end;
    } else if (c === ' ' || c === '\t') endWord();
    else if (c === ';' || c === '|' || c === '&' || c === '\n' || c === '(' || c === ')' || c === '{' || c === '}')
      endCommand();
    else {
      cur += c;
      has = true;
    }
  }
  endCommand();
  return out;
}

/**
 * Signs of a Windows command line: a drive or UNC path, a registry hive, an .exe, a %VARIABLE%,
 * a PowerShell Verb-Noun cmdlet, or a program name with an escape inside (`R\emove-Item`). One
 * pattern per sign, each tried only when the text holds a character or pair of characters it
 * needs (a plain search): one pattern of all seven was tried at every character of a long line.
 */
const BACKSLASHED = /[A-Za-z]:\\|\\\\[A-Za-z]|^\s*\\?[A-Za-z]+\\[A-Za-z]/;
const HIVE = /\bHK(?:EY_[A-Z_]+|CU|LM|CR|U|CC)\b/;
const EXE = /\.exe\b/;
const PERCENT = /%[A-Za-z_]+%/;
const CMDLET = /\b[A-Z][a-z]+-[A-Z][A-Za-z]+\b/;

function looksWindows(s: string): boolean {
  return (
    (s.includes('\\') && BACKSLASHED.test(s)) ||
    (s.includes('HK') && HIVE.test(s)) ||
    (s.includes('.exe') && EXE.test(s)) ||
    (s.includes('%') && PERCENT.test(s)) ||
    (/-[A-Z]/.test(s) && CMDLET.test(s))
  );
}

/** The Windows readings of a command line that holds a backslash or a Windows program name. */
export function windowsReadings(line: string): string[] {
  // a command PowerShell builds from literals is read as the command built (windows-ps-eval.ts)
  const s = psEvaluate(line);
  if (!looksWindows(s)) return [];
  const out: string[] = [];
  for (const words of windowsCommands(s)) {
    const name = at(words, 0)
      .replace(/\\/g, '')
      .replace(/\.exe$/i, '')
      .toLowerCase();
    if (!name || name.startsWith('$')) continue;
    const rest = words.slice(1).map(registryKey);
    out.push([name, ...rest].join(' '));
    // the cmdlet under its own name with its parameters spelled in full, lower-cased as PowerShell
    // reads it (windows-cmdlets.ts): the reading `*-globs` rules of windows-azure match
    const canon = canonicalCmdlet([name, ...rest]);
    if (canon) out.push(canon.join(' '));
    const verb = REG_CMDLETS[name];
    if (verb) {
      const key = rest.find((w) => /^HK(?:CU|LM|CR|U|CC)(?:[\\/]|$)/.test(w));
      if (key) {
        const args = rest.filter((w) => w !== key && !/^-(?:path|literalpath|force|type|propertytype)$/i.test(w));
        out.push(['reg', verb, key, ...args].join(' '));
      }
    }
  }
  return out;
}
