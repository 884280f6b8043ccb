// Shell setup that a tool prints for the shell to run: `eval "$(ssh-agent -s)"`, `eval "$(pyenv
// init -)"`, `eval "$(brew shellenv)"`, `source <(kubectl completion bash)`. The text is computed
// at run time, but by an installed tool whose documented output is its own variable assignments,
// PATH entries, prompt hooks or completion functions, never a command an agent chose. Such an
// eval or source is not read as dynamic code (docs/shell-readings.md, "Read-only and
// project-local work"); the tool itself is still read as the command it is, and anything else on
// the line is decided as usual.
//
// Sources: each tool's documented shell integration (ssh-agent(1) -s/-c; pyenv, rbenv, nodenv,
// goenv, jenv, plenv `init -`; direnv `hook SHELL`; Homebrew `brew shellenv`; minikube
// `docker-env`/`podman-env`; docker-machine `env`; conda `shell.SHELL hook`; opam `env`; fnm
// `env`; starship, zoxide, mise, atuin, fzf `init`/`activate`/`--SHELL`; keychain `--eval`;
// thefuck `--alias`; luarocks `path`; and `PROG completion SHELL`, the completion script of
// kubectl, helm, gh, npm, pip, poetry, rustup, docker and other CLIs).
import { table } from '../util/lookup-table.js';

/** A tool and the argument patterns of its documented setup printer. */
const PRINTERS: Record<string, RegExp> = table({
  'ssh-agent': /^(?:-[sc])?$/,
  pyenv: /^(?:init (?:-|--path)(?: \w+)?|virtualenv-init -)$/,
  rbenv: /^init -(?: \w+)?$/,
  nodenv: /^init -(?: \w+)?$/,
  goenv: /^init -(?: \w+)?$/,
  jenv: /^init -(?: \w+)?$/,
  plenv: /^init -(?: \w+)?$/,
  direnv: /^hook \w+$/,
  brew: /^shellenv(?: \w+)?$/,
  minikube: /^(?:-p [\w.-]+ )?(?:docker|podman)-env(?: -p [\w.-]+| --shell[= ]\w+)*$/,
  'docker-machine': /^env [\w.-]+$/,
  conda: /^shell\.\w+ hook$/,
  opam: /^(?:config )?env(?: --switch[= ][\w.-]+)?$/,
  fnm: /^env(?: --[\w-]+(?:[= ][\w-]+)?)*$/,
  starship: /^init \w+$/,
  zoxide: /^init \w+(?: --cmd \w+)?$/,
  mise: /^activate \w+$/,
  rtx: /^activate \w+$/,
  atuin: /^init \w+$/,
  fzf: /^--(?:bash|zsh|fish)$/,
  keychain: /^--eval(?: --\w+)*(?: [\w.-]+)*$/,
  thefuck: /^--alias(?: \w+)?$/,
  luarocks: /^path(?: --[\w-]+)*$/,
});

/** `PROG completion SHELL` (and `completions`): a CLI's completion script. */
const COMPLETION = /^[\w.-]+ (?:completion|completions) (?:bash|zsh|fish|powershell)$/;

/** Folders a package manager installs tools into. */
const SYSTEM_BIN = /^\/(?:usr\/(?:local\/)?bin|opt\/homebrew\/bin|home\/linuxbrew\/\.linuxbrew\/bin)\/[\w.-]+$/;

/** The command of a `"$(...)"`, `` `...` `` or `<(...)` word, or null. */
function substituted(text: string): string | null {
  const t = text.trim().replace(/^"(.*)"$/s, '$1');
  const m = /^(?:\$|<)\(([^()`$;&|<>]*)\)$/.exec(t) ?? /^`([^`$;&|<>()]*)`$/.exec(t);
  return m ? (m[1] ?? '').trim().replace(/\s+/g, ' ') : null;
}

/**
 * The printing command when an eval'd or sourced word is only a tool's documented shell setup
 * (see PRINTERS): `"$(pyenv init -)"` -> `pyenv init -`; null for anything else.
 */
export function shellSetupCommand(text: string): string | null {
  if (!text.includes('(') && !text.includes('`')) return null;
  const cmd = substituted(text);
  if (!cmd) return null;
  return COMPLETION.test(cmd) || printer(cmd) ? cmd : null;
}

function printer(cmd: string): boolean {
  const sp = cmd.indexOf(' ');
  const path = sp < 0 ? cmd : cmd.slice(0, sp);
  // a bare name (found on PATH) or a system install folder, never a file in the project
  if (path.includes('/') && !SYSTEM_BIN.test(path)) return false;
  const prog = path.replace(/^.*\//, '');
  const args = sp < 0 ? '' : cmd.slice(sp + 1);
  const re = PRINTERS[prog];
  return re !== undefined && re.test(args);
}
