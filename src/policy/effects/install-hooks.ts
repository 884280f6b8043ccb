// An npm install hook that runs a file: `"postinstall": "node bundle.js"` in package.json runs
// that file on every machine that installs the package (a developer's, CI's, every consumer's
// once published), before anyone reads it. It is how self-spreading npm worms and hijacked
// releases run their payload (an opaque bundle.js or setup_bun.js beside the manifest), and the
// file's text is not in the write, so what it does cannot be read here. A hook that calls a
// build tool (husky, patch-package, prisma generate, node-gyp rebuild) is left to the other
// readings; a hook running an interpreter on a file is asked.
import type { Effect } from './types.js';
import { dependency } from './supply.js';

/** The scripts npm runs when the package itself is installed (also as a dependency). */
const INSTALL_HOOKS = new Set(['preinstall', 'install', 'postinstall']);

/** Interpreters whose first operand is the file they run. */
const RUNNERS = /^(?:node|nodejs|bun|deno|sh|bash|zsh|dash|python[0-9.]*|ruby|perl|php|pwsh|powershell)$/;

/** Words before the program: env assignments, `env`, `cross-env`, `exec`. */
const PREFIX = /^(?:[A-Za-z_][A-Za-z0-9_]*=\S*|env|cross-env|exec|npx|--yes|-y)$/;

/** The file an install hook command runs with an interpreter, if any. */
function hookFile(command: string): string | undefined {
  for (const part of command.split(/&&|\|\||;|\|/)) {
    const words = part.trim().split(/\s+/).filter(Boolean);
    let i = 0;
    while (i < words.length && PREFIX.test(words[i] ?? '')) i++;
    const prog = (words[i] ?? '').replace(/^.*\//, '');
    if (!RUNNERS.test(prog)) continue;
    for (let j = i + 1; j < words.length; j++) {
      const w = (words[j] ?? '').replace(/^["']|["']$/g, '');
      if (/^-(?:e|c|p|-eval|-print)$/.test(w)) break; // inline code: read by the code readings
      if (w.startsWith('-')) continue;
      if (w === 'run' && prog === 'deno') continue;
      return w;
    }
  }
  return undefined;
}

/** The install hooks of package.json text, whole or an edit's fragment, as hook -> command. */
function installHooks(text: string): [string, string][] {
  const out: [string, string][] = [];
  try {
    const j = JSON.parse(text) as { scripts?: Record<string, unknown> };
    for (const [k, v] of Object.entries(j.scripts ?? {}))
      if (INSTALL_HOOKS.has(k.toLowerCase()) && typeof v === 'string') out.push([k, v]);
  } catch {
    for (const m of text.matchAll(/"(preinstall|install|postinstall)"\s*:\s*"((?:[^"\\]|\\.)*)"/gi)) {
      try {
        out.push([m[1] ?? '', JSON.parse(`"${m[2] ?? ''}"`) as string]);
      } catch {
        // an escape JSON does not know: not a command npm would run either
      }
    }
  }
  return out;
}

/** `install-hook npm HOOK FILE` for each install hook of package.json text that runs a file. */
export function installHookFindings(text: string, via: string): Effect[] {
  if (!/install"/i.test(text)) return [];
  const out: Effect[] = [];
  for (const [hook, command] of installHooks(text)) {
    const file = hookFile(command);
    if (file) out.push(dependency(['install-hook', 'npm', hook, file], via));
  }
  return out;
}
