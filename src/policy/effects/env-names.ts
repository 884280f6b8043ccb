// Interpreter code that touches the environment without printing a value: it lists variable
// names (`Object.keys(process.env).filter(k => k.startsWith('NEXT_PUBLIC_'))`, `sorted(os.environ)`)
// or tests whether a variable is set (`process.env.DATABASE_URL ? 'ok' : 'missing'`, `'set' if
// os.environ.get('KEY') else 'missing'`). Names and presence are what a developer checks all day
// when a configuration does not load; values are what a thief wants. The readings in
// exposure.ts ask these two questions before reporting a dump or a printed secret.

/** Listings of the environment's names only (every language the exposure readings know). */
const NAME_LISTS: RegExp[] = [
  /\bObject\.keys\(\s*process\.env\s*\)/g,
  /\bos\.environ\.keys\(\s*\)/g,
  /\b(?:sorted|list|set|len)\(\s*os\.environ\s*\)/g,
  /\bENV\.keys\b/g,
  /\bkeys\s*\(?\s*%ENV\s*\)?/g,
  /\bDeno\.env\.toObject\(\s*\)\s*\)?\.keys\b/g,
  /\barray_keys\(\s*(?:\$_ENV|getenv\(\s*\))\s*\)/g,
];

/** Any access that could reach a value: an index or lookup with a computed name, or a way to run other code. */
const VALUE_REACH =
  /\[\s*[A-Za-z_$`]|\benv\s*\[|\.get\s*\(\s*(?!['"])|\bgetenv\s*\(\s*(?!['"])|\$ENV\{\s*\$|\beval\b|\bFunction\s*\(|\bexec(?:Sync|File)?\s*\(|\bspawn|\bchild_process\b|\bsubprocess\b|\bsystem\s*\(|\bReflect\.|\bgetOwnProperty|\bvalues\b|\bentries\b|\bitems\b|\beach_pair\b|\bto_h\b|\bstringify\b|\bassign\b|\bcopy\b|\bwith\b/;

/**
 * Whether code that matched a whole-environment pattern reads only names: every whole-environment
 * form in it is a name listing, and nothing else in it can reach a value.
 */
export function namesOnly(code: string, wholeEnv: RegExp): boolean {
  if (VALUE_REACH.test(code)) return false;
  let rest = code;
  let listed = false;
  for (const re of NAME_LISTS) {
    re.lastIndex = 0;
    if (!re.test(rest)) continue;
    listed = true;
    re.lastIndex = 0;
    rest = rest.replace(re, ' NAMES ');
  }
  return listed && !wholeEnv.test(rest);
}

/**
 * Whether the variable read at `end` (the index just after its name in `code`) is used only as a
 * condition: `X ? a : b`, `X === 'v'`, `!X`, `!!X`, `Boolean(X)`, `typeof X`, Python's
 * `a if X else b`, `bool(X)`, `X is None`. A fallback (`X || 'default'`, `X or 'none'`) prints
 * the value when it is set, so it is not one.
 */
export function presenceOnly(code: string, start: number, end: number): boolean {
  // the lookup's own closing: `os.environ.get('X')`, `process.env['X']`
  const after = code.slice(end).replace(/^['"`]?\s*[\])]?\s*(?:,\s*(?:None|null|nil|''|"")\s*\))?/, '');
  const before = code.slice(0, start);
  if (/^\s*(?:\?(?![?.])|[!=]==?|\bis\s+(?:not\s+)?None\b|(?:not\s+)?in\b)/.test(after)) return true;
  if (/(?:!|\bBoolean\(\s*|\btypeof\s+|\bbool\(\s*|\bif\s+(?:not\s+)?|\bdefined\s*\(?\s*)$/.test(before)) {
    // `'set' if X else 'missing'`, `!X`, `Boolean(X)`: the value itself is not printed after it
    return !/^\s*(?:\|\||\bor\b|&&|\band\b)/.test(after);
  }
  return false;
}
