// Files an interpreter one-liner runs or loads by name: `python3 -c 'runpy.run_path("/tmp/x.py")'`,
// `exec(open(F).read())`, `node -e 'require("/tmp/x.js")'`, `ruby -e 'load "/tmp/x.rb"'`,
// `perl -e 'do "/tmp/x.pl"'`, `php -r 'include "/tmp/x.php";'`, `Rscript -e 'source("x.R")'`,
// `julia -e 'include("x.jl")'`, a shared library opened with ctypes, a wheel or zip put first on
// sys.path. The walker sees only the interpreter and its code string; download-exec.ts asks which
// of these paths an earlier download of the line saved, and reads running one as running the
// download (the same route as `python3 /tmp/x.py`).

/** Interpreters and the option that introduces their inline code. */
const CODE_OPTION: [RegExp, RegExp][] = [
  [/^(?:python[0-9.]*|pypy[0-9]*|ipython[0-9]*)$/, /^-c$/],
  [/^(?:node|nodejs|bun|deno)$/, /^(?:-e|--eval|-p|--print|eval)$/],
  [/^(?:ruby|perl|jruby)$/, /^-[a-zA-Z]*e$/],
  [/^php[0-9.]*$/, /^-r$/],
  [/^(?:rscript|r)$/, /^(?:-e|--expr)$/],
  [/^julia$/, /^(?:-e|--eval)$/],
  // Blender, FreeCAD, GIMP and QGIS run Python handed to them on the command line
  [/^(?:blender|freecadcmd|gimp|qgis)$/, /^(?:--python-expr|-c|--batch)$/],
  [/^(?:pwsh|powershell)(?:\.exe)?$/i, /^-(?:c|command)$/i],
];

/** A quoted path after a construct that runs or loads the file it names. */
const RUNS_PATH =
  /\b(?:run_path|execfile|exec\s*\(\s*open|compile\s*\(\s*open|spec_from_file_location\s*\([^,()]*,|SourceFileLoader\s*\([^,()]*,|CDLL|WinDLL|LoadLibrary|require(?:_once)?|include(?:_once)?|load|do|source|sys\.source|runInThisContext\s*\(\s*(?:require\(['"]fs['"]\)|fs)\.readFileSync|eval\s*\(\s*(?:require\(['"]fs['"]\)|fs)\.readFileSync|eval\s*\(?\s*File\.read|eval\s*\(\s*file_get_contents|addon_install\s*\(\s*filepath\s*=|Import-Module|path\.(?:insert\s*\(\s*\d+\s*,|append\s*\())\s*\(?\s*(?:-Name\s+)?['"]([^'"\s]+)['"]/g;

/** The inline code of an interpreter call, or '' when it has none. */
export function inlineCode(name: string, a: readonly string[]): string {
  const opt = CODE_OPTION.find(([n]) => n.test(name))?.[1];
  if (!opt) return '';
  const parts: string[] = [];
  for (let i = 1; i < a.length - 1; i++) if (opt.test(a[i] ?? '')) parts.push(a[i + 1] ?? '');
  return parts.join('\n');
}

/** Paths the one-liner runs or loads (bare module names, which come from installed packages, are left out). */
export function inlineRunFiles(name: string, a: readonly string[]): string[] {
  const code = inlineCode(name, a);
  if (!code) return [];
  const out: string[] = [];
  for (const m of code.matchAll(RUNS_PATH)) {
    const f = m[1] ?? '';
    if (/[/\\]|\.(?:py|pyc|js|mjs|cjs|ts|rb|pl|pm|php|r|jl|so|dll|dylib|whl|zip|egg|ps1|psm1)$/i.test(f)) out.push(f);
  }
  return out;
}
