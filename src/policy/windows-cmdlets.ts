// PowerShell command words spelled one way. A cmdlet runs under its aliases (`ri`, `gci`,
// `iwr`, `saps`) and its parameters answer to any unambiguous prefix of their names in any case
// (`-Rec -Fo`, `-Meth Post -InF x`), so a rule written once on `remove-item ... -recurse` or on
// `invoke-webrequest ... -infile` would miss every other spelling. This reading gives each
// command its canonical lower-case cmdlet name and full lower-case parameter names
// (about_Aliases, about_Parameters: "you can abbreviate a parameter name as long as it is unique").
import { table } from '../util/lookup-table.js';

/** Built-in aliases (Get-Alias on Windows PowerShell 5.1 and PowerShell 7) of the cmdlets rules care about. */
const ALIASES: Record<string, string> = table({
  gci: 'get-childitem',
  ls: 'get-childitem',
  dir: 'get-childitem',
  ri: 'remove-item',
  rm: 'remove-item',
  rmdir: 'remove-item',
  rd: 'remove-item',
  del: 'remove-item',
  erase: 'remove-item',
  gc: 'get-content',
  cat: 'get-content',
  type: 'get-content',
  ac: 'add-content',
  ni: 'new-item',
  cp: 'copy-item',
  cpi: 'copy-item',
  copy: 'copy-item',
  mv: 'move-item',
  mi: 'move-item',
  move: 'move-item',
  iex: 'invoke-expression',
  iwr: 'invoke-webrequest',
  curl: 'invoke-webrequest',
  wget: 'invoke-webrequest',
  irm: 'invoke-restmethod',
  saps: 'start-process',
  start: 'start-process',
  sp: 'set-itemproperty',
  gp: 'get-itemproperty',
  rp: 'remove-itemproperty',
  icm: 'invoke-command',
  sal: 'set-alias',
  nal: 'new-alias',
  gwmi: 'get-wmiobject',
  swmi: 'set-wmiinstance',
  rwmi: 'remove-wmiobject',
  gcim: 'get-ciminstance',
  ii: 'invoke-item',
  ipmo: 'import-module',
  clc: 'clear-content',
  cli: 'clear-item',
  sls: 'select-string',
  epcsv: 'export-csv',
  scb: 'set-clipboard',
});

/** Parameters of the cmdlets rules read, by full name; a prefix stands for the one name it begins. */
const COMMON = ['recurse', 'force', 'path', 'literalpath', 'erroraction', 'whatif', 'confirm', 'verbose'];
const PARAMS: Record<string, string[]> = table({
  'remove-item': [...COMMON, 'include', 'exclude', 'filter', 'credential', 'stream'],
  'get-childitem': [...COMMON, 'include', 'exclude', 'filter', 'depth', 'directory', 'file', 'hidden', 'name'],
  'get-content': [...COMMON, 'raw', 'encoding', 'totalcount', 'tail', 'wait', 'readcount', 'delimiter', 'stream'],
  'invoke-webrequest': [
    'uri',
    'method',
    'infile',
    'outfile',
    'body',
    'headers',
    'contenttype',
    'usebasicparsing',
    'usedefaultcredentials',
    'credential',
    'form',
    'passthru',
    'proxy',
    'skipcertificatecheck',
    'websession',
    'sessionvariable',
    'timeoutsec',
    'useragent',
    'erroraction',
  ],
  'start-process': [
    'filepath',
    'argumentlist',
    'verb',
    'windowstyle',
    'wait',
    'nonewwindow',
    'passthru',
    'workingdirectory',
    'credential',
  ],
  'set-mppreference': [
    'disablerealtimemonitoring',
    'disablebehaviormonitoring',
    'disableioavprotection',
    'disablescriptscanning',
    'disableintrusionpreventionsystem',
    'disableblockatfirstseen',
    'exclusionpath',
    'exclusionprocess',
    'exclusionextension',
    'force',
  ],
  'get-azkeyvaultsecret': ['vaultname', 'name', 'asplaintext', 'version', 'includeversions'],
  'new-azresourcegroupdeployment': ['resourcegroupname', 'templatefile', 'templateuri', 'mode', 'force', 'name'],
  'set-executionpolicy': ['executionpolicy', 'scope', 'force'],
});
PARAMS['invoke-restmethod'] = PARAMS['invoke-webrequest'] ?? [];
PARAMS['add-mppreference'] = PARAMS['set-mppreference'] ?? [];
for (const c of ['copy-item', 'move-item', 'new-item', 'set-content', 'add-content', 'clear-content'])
  PARAMS[c] = [...COMMON, 'destination', 'value', 'itemtype', 'name', 'container', 'include', 'exclude', 'filter'];

/** Aliases that are also programs of their own (curl.exe, POSIX ls/rm/cat, cmd's del/copy): their
 * `-x` words may be that program's flags, so they are not respelled as cmdlet parameters. */
const SHARED = new Set([
  'ls',
  'dir',
  'rm',
  'rmdir',
  'rd',
  'del',
  'erase',
  'cat',
  'type',
  'cp',
  'copy',
  'mv',
  'move',
  'curl',
  'wget',
  'start',
]);

/** A Verb-Noun cmdlet name, or one of the aliases above. */
const CMDLET = /^[a-z]+-[a-z][a-z0-9]*$/;

/** Whether `-x` words after this command name are PowerShell parameters (not another program's flags). */
export function takesParameters(word: string): boolean {
  return cmdletName(word) !== undefined && !SHARED.has(word.replace(/\.exe$/i, '').toLowerCase());
}

/** The canonical lower-case cmdlet a command name stands for, or undefined when it is no cmdlet. */
export function cmdletName(word: string): string | undefined {
  const w = word.replace(/\.exe$/i, '').toLowerCase();
  return ALIASES[w] ?? (CMDLET.test(w) ? w : undefined);
}

/** `-Rec` -> `-recurse` for the named cmdlet (a prefix of exactly one of its parameters), else the word lower-cased. */
export function paramName(cmdlet: string, word: string): string {
  const m = /^-([A-Za-z][A-Za-z0-9]*)(:.*)?$/.exec(word);
  if (!m) return word;
  const p = (m[1] ?? '').toLowerCase();
  const names = PARAMS[cmdlet];
  if (names && !names.includes(p)) {
    const hits = names.filter((n) => n.startsWith(p));
    if (hits.length === 1) return `-${hits[0] ?? p}${m[2] ?? ''}`;
  }
  return `-${p}${m[2] ?? ''}`;
}

/**
 * The canonical spelling of one PowerShell command's words (name first, all lower-case), or undefined when the
 * name is no cmdlet or alias, or nothing changes. A cmd.exe program of the same name (`del /q`,
 * `copy a b`) keeps its `/switches`; only `-parameters` are respelled.
 */
export function canonicalCmdlet(words: string[]): string[] | undefined {
  const first = words[0];
  if (first === undefined) return undefined;
  const name = cmdletName(first);
  if (name === undefined) return undefined;
  const shared = SHARED.has(first.toLowerCase());
  // lower-cased whole: PowerShell compares names, parameters and most values without case
  const out = [name, ...words.slice(1).map((w) => (shared ? w : paramName(name, w)).toLowerCase())];
  return out.join(' ') === words.join(' ') ? undefined : out;
}
