// cmd.exe's own rewriting of a line before it runs, done the same way here so the line is read
// as what runs: a caret escapes the next character and disappears (`c^m^d /c r^d` is `cmd /c rd`),
// and a variable set earlier in the line is replaced by its value where it is used
// (`set x=vssadmin&& call %x% delete shadows`, `!x!` under `cmd /v:on`). cmd expands `%x%` when
// it reads the line, so `call` or delayed expansion is what makes the value reach the command;
// reading every use as the value is the stricter reading and no benign line depends on the
// difference. `set` with no assignment prints variables: `set` alone is `env`, `set PREFIX`
// prints the variables whose names begin with PREFIX (docs/shell-readings.md).

/** `set NAME=VALUE` and `set "NAME=VALUE"` up to the next command separator. */
const SET = /\bset\s+"?([A-Za-z_][\w.-]*)=([^&|\r\n"]*)"?/gi;

/** The line with carets removed (outside single quotes, which cmd does not have but PowerShell regexes use). */
function uncaret(s: string): string {
  let out = '';
  let single = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i] ?? '';
    if (c === "'") single = !single;
    if (c === '^' && !single && i + 1 < s.length && s[i + 1] !== '\n') {
      out += s[i + 1] ?? '';
      i++;
    } else out += c;
  }
  return out;
}

/** The line as cmd.exe runs it: carets removed, variables set in the line expanded. */
export function cmdExpand(s: string): string {
  let t = s.includes('^') && /[\w"%!]\^[\w"%!]|^\^|\s\^\w/.test(s) ? uncaret(s) : s;
  if (!/\bset\s/i.test(t)) return t;
  const vars = new Map<string, string>();
  for (const m of t.matchAll(SET)) vars.set((m[1] ?? '').toLowerCase(), (m[2] ?? '').trim());
  if (!vars.size) return t;
  t = t.replace(/%([A-Za-z_][\w.-]*)%|!([A-Za-z_][\w.-]*)!/g, (whole, a: string | undefined, b: string | undefined) => {
    const v = vars.get((a ?? b ?? '').toLowerCase());
    return v === undefined ? whole : v;
  });
  return t;
}

/** The POSIX words of a cmd `set` that prints variables instead of setting one, or null. */
export function setPrints(rest: string[]): string | null {
  if (!rest.length) return 'env';
  if (rest.length === 1 && /^[A-Za-z_][\w]*$/.test(rest[0] ?? '')) return `printenv ${rest[0] ?? ''}`;
  return null;
}
