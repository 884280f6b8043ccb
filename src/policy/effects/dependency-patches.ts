// Patches applied to installed dependencies at install time: patch-package (`patches/NAME+VER.patch`,
// applied by a postinstall script), pnpm's `patchedDependencies` and yarn's `patch:` protocol
// (`patches/`, `.yarn/patches/`). The lines a patch adds become the package's code on the next
// install without any registry or review seeing them, so they are read as the code they are, in
// the language of the file they patch (only what that code would be denied for: a patch that
// fixes a bug is how the tools are meant to be used).
import type { Effect } from './types.js';
import { analyzeCode } from './interp/code.js';
import { GO, NODE, PHP, PYTHON, RUBY, type Language } from './interp/languages.js';

const PATCH_FILE = /(?:^|\/)(?:patches|\.yarn\/patches)\/[^/]+\.(?:patch|diff)$/;

const LANG_OF: [RegExp, Language][] = [
  [/\.[cm]?[jt]sx?$/, NODE],
  [/\.py$/, PYTHON],
  [/\.rb$/, RUBY],
  [/\.go$/, GO],
  [/\.php$/, PHP],
];

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
    const lang = LANG_OF.find(([re]) => re.test(file))?.[1];
    if (!lang) continue;
    const via = `the patch ${path.split('/').pop() ?? path} adds code to ${file}`;
    out.push(...analyzeCode(lang, lines.join('\n'), via).map((e) => ({ ...e, onlyDeny: true })));
  }
  return out;
}
