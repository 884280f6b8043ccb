// Files in languages and formats no reading here knows: a cabal Setup.hs, a dune or rebar rule,
// a nimble or zig build script, a tool's own configuration. Whatever the language, a string in it
// that reads as a shell command line (a download piped into a shell, /dev/tcp, an encoded
// PowerShell command) handed to something that runs it (`callCommand "..."`, `(run sh -c "...")`,
// `cmd = "..."`, `system("...")`) is decided as that command, and only a deny counts (a build
// running `make` or `git describe` is the file's business; a vendor's documented installer is
// how build files set machines up, as in CI). Documentation and data are left out, and so is a
// literal nothing runs: an install line in a README, a detection rule's or a test's string is
// shown or matched, not run.
import { posix } from 'node:path';
import type { Effect } from './types.js';
import { shellLiterals } from './shell-literal.js';
import { withoutVendorInstalls } from './supply.js';

/** Text that is read or shown, never run: documentation, tables, logs, JSON and XML data, keys;
 * and the sources source-plant.ts leaves out on purpose (type declarations, minified bundles). */
const NOT_RUN =
  /\.d\.[cm]?ts$|\.min\.[cm]?js$|\.(?:md|markdown|mdx|rst|txt|text|adoc|asciidoc|org|tex|rtf|html?|csv|tsv|log|json|jsonl|ndjson|xml|svg|lock|sum|pem|crt|cer|pub|po|pot|strings|srt|vtt|patch|diff)$/i;
/** Folders of test data and fixtures: their strings are inputs to match, not commands. */
const FIXTURES = /(?:^|\/)(?:fixtures|__fixtures__|testdata|test-data|test_data|samples|examples|corpus|corpora)\//i;

/**
 * Words before a literal that hand it to a shell or a process: a call (`callCommand`, `system`,
 * `Sys.command`, `exec`), a shell's `-c`, a key naming a command, script or hook, or a build
 * phase a tool runs it in (rebar's `{pre_hooks, [{compile, "..."}]}`, opam's `build:`).
 */
const RUN_CONTEXT =
  /(?:\b(?:cmds?|commands?|exec\w*|system|shell\w*|spawn\w*|run\w*|popen\w*|process\w*|call\w*|sh|bash|zsh|invoke\w*|scripts?|actions?|hooks?|\w+_hooks?|do_cmd|compile|build|install|test|setup|prepare|configure|bootstrap|init|start|launch|before_\w+|after_\w+|pre_\w+|post_\w+|pre-\w+|post-\w+)\b|(?:^|[\s"'])-c\b)[^"'\n]{0,12}["'(\[{,\s=:]*$/i;

export function unknownCodeEffects(path: string, content: string): Effect[] {
  const p = path.replace(/\\/g, '/');
  if (NOT_RUN.test(p) || FIXTURES.test(p) || content.length > 256 * 1024) return [];
  const lits = shellLiterals(content, (before) => RUN_CONTEXT.test(before))
    .map(withoutVendorInstalls)
    .filter((t) => t.trim());
  if (!lits.length) return [];
  const via = `plants a command in ${posix.basename(p)}, a file whose code or tool runs it`;
  return lits.map((command) => ({ tool: 'exec', command, via, onlyDeny: true }));
}
