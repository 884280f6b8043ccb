// The shape of the per-language knowledge (languages.ts, languages-more.ts): kept apart so the
// tables of more languages can name it without importing the tables that list them.
/** What a call does with its arguments. */
export type CallKind =
  | 'exec' // arg 0 is a command string or argv list (plus `argv` arg appended)
  | 'write' // arg `path` is written, arg `content` is the text
  | 'read'
  | 'open' // arg `path`, arg `mode`: written when the mode writes, else read
  | 'fetch' // arg 0 is a URL
  | 'rmtree' // arg 0 is removed recursively
  | 'remove' // arg 0 is removed
  | 'move' // arg `path` is moved to arg `content` (the destination): read as `mv SRC DST`
  | 'eval' // arg 0 is code of the same language
  | 'shell' // arg 0 is shell code fed to a shell (php passthru etc. are 'exec'; this is for osascript)
  | 'loads' // deserialises code (pickle/marshal): dangerous with fetched input
  | 'runs' // arg 0 is a file or URL whose code is run (R source(), julia include(), php include)
  | 'repo'; // an argument names a repository (owner/repo or URL) whose package is installed

export interface CallRule {
  /** Canonical callee, as a regex source matched right before '(' (or before a literal when `bare`). */
  fn: string;
  kind: CallKind;
  path?: number;
  content?: number;
  mode?: number;
  /** exec: an argument holding more argv words. */
  argv?: number;
  /** The callee may take its first argument without parentheses (ruby/perl `system "x"`). */
  bare?: boolean;
}

export interface Alias {
  /** Matched against the code; the listed groups name alias -> target. */
  re: RegExp;
  /** How to build the alias map from a match: [alias, target] pairs. */
  pairs: (m: RegExpExecArray) => [string, string][];
}

export interface Language {
  name: string;
  /** Program names (basename) that run this language. */
  programs: RegExp;
  /** Options whose argument is code. */
  inline: string[];
  /** Option whose argument is a module run as a program (python -m). */
  moduleFlag?: string;
  /** String concatenation with '.' (perl, php). */
  dotConcat: boolean;
  /** Rewrites applied before aliases (e.g. require('x') -> x). */
  rewrites: [RegExp, string][];
  aliases: Alias[];
  /** Calls of literal decoders: the match's group 1 is a literal, `decode` turns it into code. */
  decoders: { re: RegExp; decode: (lit: string) => string | undefined }[];
  calls: CallRule[];
  /** Connections: groups `host` and `port`. */
  connects: RegExp[];
  /** Signs that a connected socket becomes a process's standard streams. */
  streamsToProcess: RegExp;
  /** Signs that a connected socket alone carries a session (PowerShell's TCPClient stream). */
  streamIsSession?: RegExp;
  /** Commands take bare words (PowerShell): `Remove-Item -Recurse C:\x` has the argument C:\x. */
  bareWords?: boolean;
}
