// The exported values of the files that set up a user's environment, pulled out by a search:
// `grep -h '^export ' ~/.zshrc ~/.bash_profile`, `grep -rh 'export .*=' ~/.config/environment.d/`,
// `sed -n '/^export/p' ~/.bashrc`, `awk '/setenv/' ~/.cshrc`. Shell start-up files, environment.d
// fragments, /etc/environment and /etc/profile.d are where people export the tokens a shell
// needs; a search that keeps every export line prints them, as `env` does. Read as the
// environment dump it is (the path the env-dump rules name). A search for one setting (`grep
// 'export PATH' ~/.bashrc`, `grep -n JAVA_HOME ~/.zshrc`) matches no secret's line and stays a
// read of the file; reading the whole file is the file's own rule.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { compile, searchOf, secretVariables } from './env-filters.js';

const ENVIRONMENT_PATH = '/proc/self/environ';

/** Shell start-up files (bash, zsh, ksh, csh, fish) and the system's environment files. */
const STARTUP =
  /(?:^|\/)(?:\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|zlogin|kshrc|mkshrc|cshrc|tcshrc|login|pam_environment)(?:\.local)?|config\.fish)$|^\/etc\/(?:environment|profile|bashrc|bash\.bashrc|zshenv|zshrc|zprofile|csh\.cshrc)$|^\/etc\/profile\.d(?:\/|$)|(?:^|\/)environment\.d(?:\/|$)/;

/** Lines a start-up file sets a secret with, in each shell's syntax. */
function secretLines(): string[] {
  const names = [...secretVariables().filter((n) => n !== '*'), 'API_TOKEN', 'DB_PASSWORD', 'SERVICE_SECRET'];
  return names.flatMap((n) => [`export ${n}=value`, `setenv ${n} value`, `set -gx ${n} value`, `${n}=value`]);
}

/** A sed or awk program that prints the lines matching one pattern: `sed -n '/RE/p'`, `awk '/RE/'`. */
function printedPattern(argv: string[]): { pattern: string; files: string[] } | undefined {
  const name = basename(argv[0] ?? '').toLowerCase();
  const ops = argv.slice(1).filter((w) => !w.startsWith('-'));
  if (name === 'sed' || name === 'gsed') {
    if (!argv.includes('-n')) return undefined;
    const m = /^\/((?:[^/\\]|\\.)+)\/p$/.exec(ops[0] ?? '');
    return m ? { pattern: m[1] ?? '', files: ops.slice(1) } : undefined;
  }
  if (name === 'awk' || name === 'gawk' || name === 'mawk') {
    const m = /^\/((?:[^/\\]|\\.)+)\/\s*(?:\{\s*print(?:\s+\$0)?\s*;?\s*\})?$/.exec(ops[0] ?? '');
    return m ? { pattern: m[1] ?? '', files: ops.slice(1) } : undefined;
  }
  return undefined;
}

export const STARTUP_EXPORT_HINT = /rc\b|profile|zshenv|zlogin|config\.fish|environment/;

export function startupExportEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const search = searchOf(c.argv);
    let patterns: string[];
    let flags = { i: false, fixed: false, extended: true, word: false, line: false };
    let files: string[];
    let invert = false;
    if (search) {
      if (search.silent) continue;
      patterns = search.patterns;
      flags = search.flags;
      invert = search.invert;
      const ops = c.argv.slice(1).filter((w) => !w.startsWith('-'));
      files = ops.filter((w) => !patterns.includes(w));
    } else {
      const printed = printedPattern(c.argv);
      if (!printed) continue;
      patterns = [printed.pattern];
      files = printed.files;
    }
    const read = files.map((f) => f.replace(/\/+$/, '')).filter((f) => STARTUP.test(f.replace(/^~|^\$HOME/, '')));
    if (!read.length || invert || !patterns.length) continue;
    const lines = secretLines();
    const res = patterns.map((p) => compile(p, flags));
    // a pattern the reading cannot follow may print anything: assume it lets the secrets through
    // a search for secret words is exposure.ts's (asked); this reading is the one that keeps every export
    const leaks = res.some((re) => re === undefined || (lines.some((l) => re.test(l)) && re.test('export EDITOR=vim')));
    if (!leaks) continue;
    out.push({
      tool: 'read',
      path: ENVIRONMENT_PATH,
      via: `${basename(c.argv[0] ?? '')} prints the variables ${read.join(', ')} exports, secrets among them`,
    });
  }
}
