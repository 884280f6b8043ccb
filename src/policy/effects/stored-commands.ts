// Commands handed over as text to be run later: what every "run this at an event" setting has in
// common, whatever stores it. A TrueNAS init script (`midclt call initshutdownscript.create
// '{"command": "..."}'`), a Perforce trigger table on `p4 triggers -i`, a Home Assistant
// `shell_command:`, an Unreal plugin's `PreBuildSteps`, a panel's hook field: each keeps a command
// line as a string and a service runs it at boot, at a commit, at a build. When that string
// fetches code and runs it (a download piped into a shell or an interpreter, `iwr | iex`,
// `/dev/tcp`), it is decided as the command it is, as if run now (deny-only: the words around it
// are data, so only what the command itself would be denied for counts).
// Two routes read here: the words and standard input of any command line (storedCommandEffects),
// and configuration files no other reading claims (configCommandPlants, from content.ts).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { withoutVendorInstalls } from './supply.js';
import { languageOfProgram } from './interp/languages.js';

/** A fetch whose bytes go into a shell or interpreter, PowerShell's download-and-invoke, a /dev/tcp socket. */
export const FETCH_RUN =
  /\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring|fetch)\b[^\n]*\|\s*(?:sudo\s+)?(?:(?:ba|z|da|k)?sh|python[\d.]*|perl|ruby|node|php|iex|invoke-expression|pwsh|powershell|cmd)\b|\biex\s*\(\s*(?:iwr|irm|invoke-webrequest|invoke-restmethod|\(?new-object)|\/dev\/tcp\//i;

/** The line gate (necessary: every string the readings below take matches it). The walk hands
 * them decoded text too (`echo BASE64 | base64 -d | bash`, `b64decode -r`, hex and octal escapes, `rev`), which
 * the line's own spelling does not show: a decoder in the line opens the gate as well; so does
 * Ghostscript's pipe device (ghostscriptPipes). */
export const STORED_COMMAND_HINT = new RegExp(
  `${FETCH_RUN.source}|base64|b64|base32|basenc|\\bxxd\\b|\\brev\\b|\\\\x[0-9a-f]{2}|\\\\[0-7]{3}|%pipe%|-sOutputFile=\\||-o\\|`,
  FETCH_RUN.flags,
);

/** Programs whose words are only printed, searched or recorded as text (a commit message, a grep pattern). */
const TEXT_ONLY = new Set(
  'echo printf grep egrep fgrep rg ag ack git gh glab hub jq yq sed awk gawk cat less head tail wc sort uniq tr cut column printenv man info'.split(
    ' ',
  ),
);

const MAX_STRINGS = 64;

/** A text and the string literals inside it (JSON and YAML values), escapes undone. */
export function commandStrings(text: string): string[] {
  const out: string[] = [];
  const lits = text.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g);
  for (const m of lits) {
    if (out.length >= MAX_STRINGS) break;
    out.push(
      (m[1] ?? m[2] ?? '')
        .replace(/\\n/g, '\n')
        .replace(/\\t/g, '\t')
        .replace(/\\(["'\\])/g, '$1'),
    );
  }
  // unquoted values: `key: CMD`, `CMD` lines of a trigger table or a list
  for (const line of text.split('\n').slice(0, 2000)) {
    if (out.length >= MAX_STRINGS * 2) break;
    const v = line.replace(/^\s*(?:-\s+)?(?:[\w.-]+\s*[:=]\s*)?/, '');
    if (v && !/^["']/.test(v)) out.push(v);
  }
  return out.filter((s) => FETCH_RUN.test(s));
}

function stored(text: string, via: string): Effect[] {
  const cmds = [...new Set(commandStrings(text))].map((s) => withoutVendorInstalls(s).trim()).filter(Boolean);
  return cmds.map((command) => ({ tool: 'exec' as const, command, via, onlyDeny: true }));
}

/** Ghostscript's programs (Linux, macOS and Windows console names). */
const GHOSTSCRIPT = new Set(['gs', 'gsc', 'gsx', 'gswin64c', 'gswin32c', 'gswin64', 'gswin32', 'ghostscript']);
/**
 * Ghostscript's pipe device: an output file or a PostScript file name spelled `%pipe%CMD` (or
 * `|CMD`) is CMD run by the shell with the output on its standard input (Ghostscript's Use.htm,
 * "How to use Ghostscript": -sOutputFile=%pipe%lpr; under -dNOSAFER PostScript given with -c can
 * open one too, `(%pipe%CMD) (w) file`). Printing through `%pipe%lpr` is routine; the command is
 * decided as what it is.
 */
const PIPE_DEVICE = /%pipe%([^()\n]+)|^-(?:sOutputFile=|o)\|([^\n]+)/g;

function ghostscriptPipes(argv: readonly string[], name: string, out: Effect[]): void {
  for (const w of argv.slice(1))
    for (const m of w.matchAll(PIPE_DEVICE)) {
      const command = (m[1] ?? m[2] ?? '').trim();
      if (command) out.push({ tool: 'exec', command, via: `${name} opens a pipe to a command` });
    }
}

/** Fetch-and-run command strings passed as words or standard input to a program that keeps them. */
export function storedCommandEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (!name || TEXT_ONLY.has(name)) continue;
    if (GHOSTSCRIPT.has(name.replace(/\.exe$/, ''))) ghostscriptPipes(c.argv, name, out);
    // an interpreter's inline code is read by its language's readings (a pattern or a message
    // naming `curl | sh` is not a command it runs); the words after it are handed to that code
    const lang = languageOfProgram(name);
    const code = lang ? c.argv.findIndex((w, i) => i > 0 && lang.inline.includes(w)) + 1 : 0;
    const texts = [...c.argv.slice(1).filter((_, i) => i + 1 !== code || code === 0), c.stdin ?? ''].filter((w) =>
      FETCH_RUN.test(w),
    );
    for (const t of texts) out.push(...stored(t, `${name} is given a command line to run, now or later`));
  }
}

/**
 * Configuration formats (and a plugin descriptor's JSON): their strings are settings a program
 * obeys. Source files are left to the code readings: a test's fixture string is data.
 */
const CONFIG = /\.(?:ya?ml|json5?|jsonc|toml|ini|conf|cfg|cnf|xml|plist|properties|hcl|uplugin|uproject|lua)$/i;
/** Folders of tests and docs, whose strings are fixtures and examples. */
const FIXTURES = /(?:^|\/)(?:tests?|spec|__tests__|fixtures?|testdata|docs?|examples?)\//i;

/**
 * Detection rules keep attack command lines as patterns to look for, never to run: Sigma
 * (`detection:` ... `condition:`, `CommandLine|contains:`), Falco (`rule:` ... `condition:`),
 * Semgrep and gitleaks (`pattern:`, `regex:`), and folders of such rules.
 */
const DETECTOR_KEYS =
  /^\s*(?:-\s+)?(?:detection|condition|patterns?|pattern-either|regex|[\w.]+\|(?:contains|startswith|endswith|re))\b[^:\n]*:/m;
const DETECTOR_DIRS = /(?:^|\/)(?:rules|detections?|sigma|signatures|falco|semgrep|yara)\//i;

/** Fetch-and-run command strings in a configuration file no other reading claims. */
export function configCommandPlants(path: string, content: string): Effect[] {
  const p = path.replace(/\\/g, '/');
  if (!CONFIG.test(p) || FIXTURES.test(p) || !FETCH_RUN.test(content)) return [];
  if (DETECTOR_DIRS.test(p) && DETECTOR_KEYS.test(content)) return [];
  const name = p.split('/').pop() ?? p;
  return stored(content, `plants a command in ${name} that a service runs later`);
}

/** Keys whose string is itself a command line a service runs (a job's, schedule's, hook's or
 * task's `cmd`, `command`, `script`, `entrypoint`, `user_data`, `startup_script`). */
const COMMAND_KEY =
  /^(?:cmds?|commands?|scripts?|shell(?:_command)?|run|exec|execute|entrypoint|entry_point|user_data|startup_script|(?:pre|post|on)_\w+_(?:command|script)|\w+_(?:command|cmd|script))$/;
/** Tools that only look: what they are given is a filter, not something kept. */
const LOOK_ONLY =
  /^(?:get|list|search|read|describe|show|find|query|view|fetch|count|explain|validate|lint|preview)(?:_|$)/;

/**
 * An MCP tool that creates or changes a job, schedule, hook, template or task and is given a
 * command line for it, at any depth of its parameters (`create_schedule {extra_data: {cmd: "curl
 * ... | sh"}}`, `add_cron_job {job: {command: ...}}`): the service keeps the line and runs it
 * later, whatever the server is called. A value under a command key is decided as that command;
 * a fetch run through a shell is decided wherever it sits. Deny-only, as for other planted lines:
 * a job's ordinary command is data until it would be denied itself.
 */
export function mcpStoredCommands(op: string, strings: [string, string][]): Effect[] {
  const words = op.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  if (
    LOOK_ONLY.test(
      words.replace(/^[a-z0-9]+?[_-](?=(?:get|list|search|read|describe|show|find|query|view|fetch)_)/, ''),
    )
  )
    return [];
  const via = `MCP ${op} keeps a command line that runs later`;
  const out: Effect[] = [];
  const seen = new Set<string>();
  for (const [key, value] of strings) {
    const k = key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
    const v = value.trim();
    if (!v || v.length > 8192 || seen.has(v)) continue;
    if (COMMAND_KEY.test(k)) {
      seen.add(v);
      out.push({ tool: 'exec', command: withoutVendorInstalls(v).trim() || v, via, onlyDeny: true });
    } else if (FETCH_RUN.test(v)) {
      seen.add(v);
      out.push(...stored(v, via));
    }
  }
  return out;
}
