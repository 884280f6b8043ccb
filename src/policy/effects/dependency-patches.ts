// Patches applied to installed dependencies at install time: patch-package (`patches/NAME+VER.patch`,
// applied by a postinstall script), pnpm's `patchedDependencies` and yarn's `patch:` protocol
// (`patches/`, `.yarn/patches/`). The lines a patch adds become the package's code on the next
// install without any registry or review seeing them, so they are read as the code they are, in
// the language of the file they patch (only what that code would be denied for: a patch that
// fixes a bug is how the tools are meant to be used). Other build systems apply patch files kept
// in the tree the same way (Debian's quilt debian/patches, Yocto and Buildroot recipes, Homebrew
// and Nix patches, vcpkg and Conan ports): any .patch or .diff file is read. Lines added to a
// shell script, a Debian maintainer script or rules file, or a Makefile recipe are read as the
// commands they are.
import type { Effect } from './types.js';
import { analyzeCode } from './interp/code.js';
import { GO, LUA, NODE, PERL, PHP, POWERSHELL, PYTHON, R, RUBY, type Language } from './interp/languages.js';

const PATCH_FILE = /\.(?:patch|diff)$/;

const LANG_OF: [RegExp, Language][] = [
  [/\.[cm]?[jt]sx?$/, NODE],
  [/\.py$/, PYTHON],
  [/\.rb$/, RUBY],
  [/\.go$/, GO],
  [/\.php$/, PHP],
  [/\.ps[dm]?1$/i, POWERSHELL],
  [/\.p[lm]$/, PERL],
  [/\.lua$/, LUA],
  [/\.r$/i, R],
];

/** Files whose lines are shell commands: scripts, Debian maintainer scripts and rules, configure. */
const SHELL_FILE =
  /\.(?:sh|bash|zsh|ksh)$|(?:^|\/)(?:(?:pre|post)(?:inst|rm)|rules|configure|install|bootstrap|autogen)$|(?:^|\/)(?:bin|scripts?)\/[^/.]+$/;
/** Makefiles, whose tab-indented lines are recipe commands. */
const MAKE_FILE = /(?:^|\/)(?:gnu)?makefile(?:\.[\w.-]+)?$|\.mk$/i;

/** The shell commands a patch adds to `file`, when the file is a script or a Makefile. */
function addedCommands(file: string, lines: string[]): string | undefined {
  if (MAKE_FILE.test(file))
    return (
      lines
        .filter((l) => l.startsWith('\t'))
        .map((l) => l.replace(/^\t[@+-]*/, ''))
        .join('\n') || undefined
    );
  if (SHELL_FILE.test(file) || /^#!\s*\S*\/(?:env\s+)?(?:ba|da|z|k)?sh\b/.test(lines[0] ?? ''))
    return lines.join('\n') || undefined;
  return undefined;
}

/** The code each file of a unified diff gains, by the file's new path. */
function addedByFile(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let file = '';
  for (const l of text.split('\n').slice(0, 20000)) {
    const target = /^\+\+\+ (?:b\/)?(\S+)/.exec(l);
    if (target?.[1]) {
      file = target[1];
      continue;
    }
    if (file && l.startsWith('+')) {
      const lines = out.get(file) ?? [];
      lines.push(l.slice(1));
      out.set(file, lines);
    }
  }
  return out;
}

/** What the code a dependency patch adds does (empty for other files). */
export function dependencyPatchFindings(path: string, content: string): Effect[] {
  if (!PATCH_FILE.test(path)) return [];
  const out: Effect[] = [];
  for (const [file, lines] of addedByFile(content)) {
    const via = `the patch ${path.split('/').pop() ?? path} adds code to ${file}`;
    const commands = addedCommands(file, lines);
    if (commands) {
      out.push({ tool: 'exec', command: commands, via, onlyDeny: true });
      continue;
    }
    const lang = LANG_OF.find(([re]) => re.test(file))?.[1];
    if (!lang) continue;
    out.push(...analyzeCode(lang, lines.join('\n'), via).map((e) => ({ ...e, onlyDeny: true })));
  }
  return out;
}
