// PowerShell's own evaluation of a line, done the same way here so the line is read as what runs.
// A command or its operand built from pieces at run time is the same command once the pieces are
// put together, and every reading of the literal command applies to it:
//   'Remove'+'-Item'                        -> 'Remove-Item'        (string concatenation)
//   ('Rem','ove-Item' -join ''), -join('Rem','ove-Item'), [string]::Concat('Rem','ove-Item'),
//   '{0}{1}' -f 'Rem','ove-Item'            -> 'Remove-Item'        (an array joined, formatted)
//   ('En'+'v:\*SEC*')                       -> 'Env:\*SEC*'         (a parenthesised literal)
//   $v='Remove-Item'; & $v $t -Recurse      -> Remove-Item ... -Recurse (a variable holding a
//                                              literal, used later in the line; `&` runs it)
//   iex 'Remove-Item X', [scriptblock]::Create('...').Invoke(), Invoke-Expression -Command '...'
//                                           -> the code itself (a literal run as code)
// Only literals are folded: a value read from a file, a prompt or the network is not known here
// and stays a variable (about_Operators, about_Assignment_Operators, about_Script_Blocks).

/** `'a' + 'b'` (either quote, spaces allowed): two literals joined into one. */
const CONCAT = /(['"])([^'"\n]*)\1\s*\+\s*(['"])([^'"\n]*)\3/;
/** `('a','b' -join '')`, `(@('a','b') -join '')`: an array of literals joined. */
const JOIN = /\(\s*@?\(?\s*((?:'[^'\n]*'\s*,\s*)+'[^'\n]*')\s*\)?\s*-join\s*(['"])([^'"\n]*)\2\s*\)/gi;
/** A list of single-quoted literals: `'a','b', 'c'`. */
const LIST = String.raw`'[^'\n]*'(?:\s*,\s*'[^'\n]*')*`;
/** `-join('a','b')`, `-join @('a','b')`: the unary join, no separator. */
const UNARY_JOIN = new RegExp(String.raw`(^|[\s=(,;])-join\s*@?\(\s*(${LIST})\s*\)`, 'gi');
/** `[string]::Concat('a','b')`, `[String]::Join('', 'a', 'b')`. */
const CONCAT_CALL = new RegExp(String.raw`\[(?:System\.)?String\]::Concat\(\s*(${LIST})\s*\)`, 'gi');
const JOIN_CALL = new RegExp(String.raw`\[(?:System\.)?String\]::Join\(\s*'([^'\n]*)'\s*,\s*(${LIST})\s*\)`, 'gi');
/** `'{0}{1}' -f 'a','b'`: the format operator filling its placeholders. */
const FORMAT = new RegExp(String.raw`'([^'\n]*\{\d+\}[^'\n]*)'\s+-f\s+(${LIST})`, 'gi');

/** The literals of a LIST match. */
function literals(list: string): string[] {
  return [...list.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '');
}

/** `('literal')` as an operand or a value (not a method call's argument list: `Create('x')`). */
const PAREN_LITERAL = /(^|[\s=,;(])\(\s*('[^'\n]*'|"[^"$\n]*")\s*\)/g;
/** `$name = 'literal'` or `$name="literal"` (no variable inside), up to the end of the statement. */
const ASSIGN = /(?:^|[;\n{]\s*)\$([A-Za-z_]\w*)\s*=\s*(?:'([^'\n]*)'|"([^"$`\n]*)")\s*(?=$|[;\n}])/g;
/** Automatic variables that are never the line's own literals. */
const AUTOMATIC = /^(?:_|true|false|null|args|input|this|psitem|env|home|profile|pwd|host|error)$/i;
/** Code given as a literal to what runs text as code. */
const RUN_TEXT: RegExp[] = [
  /(?:^|(?<=[\s;|(&{]))(?:iex|invoke-expression)\s+(?:-command\s+)?\(?\s*'([^'\n]*)'\s*\)?/gi,
  /(?:^|(?<=[\s;|(&{]))(?:iex|invoke-expression)\s+(?:-command\s+)?\(?\s*"([^"$`\n]*)"\s*\)?/gi,
  /&?\s*\(?\s*\[scriptblock\]::create\(\s*'([^'\n]*)'\s*\)\s*\)?(?:\.invoke(?:returnasis)?\(\s*\))?/gi,
  /&?\s*\(?\s*\[scriptblock\]::create\(\s*"([^"$`\n]*)"\s*\)\s*\)?(?:\.invoke(?:returnasis)?\(\s*\))?/gi,
];

/** Whether the line holds anything this evaluation changes (a plain search first). */
export function psEvaluable(s: string): boolean {
  return (
    (s.includes('+') && /['"]\s*\+\s*['"]/.test(s)) ||
    (s.includes('-join') && /-join\b/i.test(s)) ||
    (s.includes('::') && /\[(?:system\.)?string\]::(?:concat|join)\(/i.test(s)) ||
    (s.includes('-f') && /'\s+-f\s+'/i.test(s)) ||
    (s.includes('$') && /\$[A-Za-z_]\w*\s*=\s*['"]/.test(s)) ||
    /(?:^|[\s;|(&{])(?:iex|invoke-expression)\s/i.test(s) ||
    /\[scriptblock\]::create/i.test(s) ||
    /(?:^|[;\n]\s*)&\s*['"]/.test(s)
  );
}

function foldLiterals(s: string): string {
  let t = s;
  for (let n = 0; n < 32 && CONCAT.test(t); n++)
    t = t.replace(CONCAT, (_m, q: string, a: string, _q2: string, b: string) => `${q}${a}${b}${q}`);
  if (/-join/i.test(t))
    t = t.replace(UNARY_JOIN, (_m, lead: string, list: string) => `${lead}'${literals(list).join('')}'`);
  if (/::(?:concat|join)\(/i.test(t))
    t = t
      .replace(CONCAT_CALL, (_m, list: string) => `'${literals(list).join('')}'`)
      .replace(JOIN_CALL, (_m, sep: string, list: string) => `'${literals(list).join(sep)}'`);
  if (/\s-f\s/i.test(t))
    t = t.replace(FORMAT, (_m, fmt: string, list: string) => {
      const parts = literals(list);
      return `'${fmt.replace(/\{(\d+)\}/g, (p, n: string) => parts[Number(n)] ?? p)}'`;
    });
  if (/-join/i.test(t))
    t = t.replace(JOIN, (_m, list: string, _q: string, sep: string) => {
      const parts = [...list.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '');
      return `'${parts.join(sep)}'`;
    });
  return t.replace(PAREN_LITERAL, '$1$2');
}

/** The line with literals folded, literal variables put where they are used and literal code run. */
export function psEvaluate(s: string): string {
  if (!psEvaluable(s) || s.length > 16 * 1024) return s;
  let t = foldLiterals(s);
  const vars = new Map<string, string>();
  for (const m of t.matchAll(ASSIGN)) {
    const name = m[1] ?? '';
    if (!AUTOMATIC.test(name)) vars.set(name.toLowerCase(), m[2] ?? m[3] ?? '');
  }
  if (vars.size) {
    // `& $v ARGS` runs the command the variable names; `. $v` too
    t = t.replace(/(^|[;\n{(|]\s*)[&.]\s*\$([A-Za-z_]\w*)\b(?![.:=[])/g, (m, lead: string, n: string) => {
      const v = vars.get(n.toLowerCase());
      return v === undefined ? m : `${lead}${v}`;
    });
    // inside a double-quoted string the value is spliced in (`"$base\Documents"`)
    t = t.replace(/"([^"\n]*)"/g, (m, body: string) =>
      body.includes('$')
        ? `"${body.replace(/\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g, (v, a?: string, b?: string) => vars.get((a ?? b ?? '').toLowerCase()) ?? v)}"`
        : m,
    );
    // an operand that is the variable is its value (not the assignment itself, nor a property)
    t = t.replace(/(?<![\w$])\$([A-Za-z_]\w*)\b(?!\s*=[^=]|[.:[])/g, (m, n: string) => {
      const v = vars.get(n.toLowerCase());
      return v === undefined ? m : `'${v}'`;
    });
  }
  // `& 'Remove-Item' X`: the call operator on a command's name runs that command
  t = t.replace(/(^|[;\n{(|]\s*)&\s*'([A-Za-z][\w.-]*)'/g, '$1$2');
  for (const re of RUN_TEXT) t = t.replace(re, (_m, code: string) => ` ${code}`);
  return t.trim();
}
