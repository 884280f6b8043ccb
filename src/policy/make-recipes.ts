// What `make TARGET` runs: the recipe of that target (and of the prerequisites it names, a few
// levels down) in the Makefile the line would use, as shell text. A Makefile in a cloned or edited
// repository is code like any script; see docs/shell-readings.md, "Scripts run from disk".
// Only what a static reading can know: simple variable definitions are filled in, automatic
// variables name the target, and any other `$(...)` becomes an inert word (never a command name
// taken from a substitution, which would read as dynamic).
import { basename } from './shell-wrappers.js';

/** A `make` a line runs: the Makefile chosen (-f, -C) and the targets asked for. */
export interface MakeRun {
  word: string;
  runner: 'sh';
  /** `files`: the names make would try in order (GNUmakefile, makefile, Makefile) when none is given. */
  make: { targets: string[]; files: string[] };
}

const MAKES = new Set(['make', 'gmake', 'bmake']);
/** make options that take the next word as their value. */
const VALUED = new Set([
  '-f',
  '--file',
  '--makefile',
  '-C',
  '--directory',
  '-I',
  '--include-dir',
  '-j',
  '--jobs',
  '-l',
  '-o',
  '-W',
  '--what-if',
  '--old-file',
  '--new-file',
  '--load-average',
]);
/** Recipes followed through prerequisites, and recipe lines kept. */
const MAX_DEPTH = 3;
const MAX_LINES = 400;

/** `make build test`, `make -C app -f Build.mk`: which Makefile and targets, if a make runs. */
export function makeRunOf(argv: string[]): MakeRun | undefined {
  if (!MAKES.has(basename(argv[0] ?? ''))) return undefined;
  let file: string | undefined;
  let dir: string | undefined;
  const targets: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const attached = /^(-f|-C)(.+)$/.exec(w) ?? /^(--file|--makefile|--directory)=(.*)$/.exec(w);
    if (attached) {
      if (attached[1] === '-C' || attached[1] === '--directory') dir = attached[2];
      else file = attached[2];
      continue;
    }
    if (VALUED.has(w)) {
      const v = argv[++i];
      if (w === '-f' || w === '--file' || w === '--makefile') file = v;
      else if (w === '-C' || w === '--directory') dir = v;
      continue;
    }
    // a dry run prints the recipes without running them
    if (/^--(?:dry-run|just-print|recon|question)$/.test(w) || /^-[a-zA-Z]*[nq][a-zA-Z]*$/.test(w)) return undefined;
    if (w.startsWith('-') || w.includes('=')) continue; // options and VAR=value
    targets.push(w);
  }
  if (file === '-' || file === '/dev/stdin') return undefined; // read from stdin by the effects walk
  // make's own reading order when no -f is given: the first of these that exists
  const names = file !== undefined ? [file] : ['GNUmakefile', 'makefile', 'Makefile'];
  const files = names.map((n) => (dir && !n.startsWith('/') ? `${dir}/${n}` : n));
  return { word: files.join(' '), runner: 'sh', make: { targets, files } };
}

interface Rule {
  deps: string[];
  recipe: string[];
}

/** The rules and simple variables of a Makefile's text (no includes, no pattern rules). */
function parseMakefile(text: string): { rules: Map<string, Rule>; first?: string; vars: Map<string, string> } {
  const rules = new Map<string, Rule>();
  const vars = new Map<string, string>();
  let first: string | undefined;
  let current: Rule[] = [];
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  for (const line of lines) {
    if (line.startsWith('\t')) {
      for (const r of current) if (r.recipe.length < MAX_LINES) r.recipe.push(line.slice(1));
      continue;
    }
    const t = line.replace(/(^|[^\\])#.*$/, '$1').trimEnd();
    if (!t.trim()) continue;
    const assign = /^\s*(?:export\s+|override\s+)?([A-Za-z_][\w.-]*)\s*(?::{1,3}=|\?=|=|\+=)\s*(.*)$/.exec(t);
    if (assign && !/^[^=]*[^:=]:[^=]/.test(t.slice(0, t.indexOf('=')))) {
      const [, name = '', value = ''] = assign;
      if (t.includes('+=')) vars.set(name, `${vars.get(name) ?? ''} ${value}`.trim());
      else vars.set(name, value);
      current = [];
      continue;
    }
    const rule = /^([^:=#\t][^:=#]*?)\s*::?\s*([^=]*)$/.exec(t);
    if (rule) {
      const names = (rule[1] ?? '').split(/\s+/).filter(Boolean);
      const [deps, inline] = (rule[2] ?? '').split(';');
      current = names.map((n) => {
        const r: Rule = rules.get(n) ?? { deps: [], recipe: [] };
        r.deps.push(...(deps ?? '').split(/\s+/).filter(Boolean));
        if (inline?.trim()) r.recipe.push(inline.trim());
        rules.set(n, r);
        return r;
      });
      if (first === undefined) first = names.find((n) => !n.startsWith('.') && !n.includes('%'));
      continue;
    }
    current = [];
  }
  return { rules, vars, ...(first !== undefined ? { first } : {}) };
}

/** A recipe line as the shell receives it: prefixes off, variables filled in, $$ as $. */
function shellLine(line: string, target: string, rule: Rule, vars: Map<string, string>): string {
  let s = line.replace(/^[\s@+-]+/, '');
  for (let round = 0; round < 3; round++) {
    const next = s.replace(
      /\$(?:\(([^()$]*)\)|\{([^{}$]*)\}|([@<^?*]))/g,
      (_m, a?: string, b?: string, auto?: string) => {
        if (auto === '@') return target;
        if (auto === '<') return rule.deps[0] ?? '';
        if (auto !== undefined) return rule.deps.join(' ');
        const name = (a ?? b ?? '').trim();
        if (name === 'MAKE') return 'make';
        const v = vars.get(name);
        return v ?? (/\s/.test(name) ? 'mkfn' : 'mkvar');
      },
    );
    if (next === s) break;
    s = next;
  }
  return s.replace(/\$\$/g, '$');
}

/** The shell text `make TARGETS` runs with this Makefile (the first target when none is given). */
export function makeRecipe(text: string, targets: string[]): string | undefined {
  const mf = parseMakefile(text);
  const wanted = targets.length ? targets : mf.first !== undefined ? [mf.first] : [];
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string, depth: number) => {
    if (seen.has(t) || depth > MAX_DEPTH || out.length >= MAX_LINES) return;
    seen.add(t);
    const rule = mf.rules.get(t);
    if (!rule) return;
    for (const d of rule.deps) visit(d, depth + 1);
    for (const line of rule.recipe) out.push(shellLine(line, t, rule, mf.vars));
  };
  for (const t of wanted) visit(t, 0);
  return out.length ? out.join('\n') : undefined;
}
