// Reads the line spells indirectly, and searches for secrets in what a command prints:
//  - loop variables: `for p in /proc/[0-9]*; do tr '\0' '\n' < $p/environ; done` reads every
//    process's environment; `cd ~/.ssh && ls | while read f; do base64 "$f"; done` reads every
//    file in ~/.ssh. The variable is replaced by what it ranges over and the read is decided;
//  - every variable by indirection: `compgen -v | while read v; do echo "$v=${!v}"; done` prints
//    the whole environment, as `env` does;
//  - Windows spellings of a file: `type %APPDATA%\...\ConsoleHost_history.txt`,
//    `Get-Content $env:USERPROFILE\.aws\credentials`, `(Get-PSReadLineOption).HistorySavePath`
//    read the file they name, under the home folder;
//  - `xargs -a FILE` reads FILE;
//  - a search for secret names in the output of a tool that prints stored configuration and
//    state (`terraform state pull | grep -i password`, `terraform output -json | jq
//    '.db_password.value'`, `tmux capture-pane -p | grep -i token`): read as the sentence
//    `secret-search TOOL for PATTERN`, which the secret-printing rule denies. A filter that drops
//    the secrets (`select(.value.sensitive|not)`) is not a search for them;
//  - the whole of such output printed into the conversation: `terraform output -json` with no
//    output named prints every output, sensitive ones in plain text (Terraform's own docs, the
//    output command: "-json ... sensitive values in plain text"), and `terraform state pull`
//    prints the state, every resource's passwords and keys among it. Read as `may-expose-secret
//    ...`, which is asked; written to a file, piped into a filter or named one by one, it is not.
import { dropGlobalOptions } from '../shell-global-options.js';
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { expandGlobs } from './programs.js';

const ENVIRONMENT_PATH = '/proc/self/environ';
/** Programs that read the files named by their operands (or `<`). */
const READERS = new Set([
  'cat',
  'tac',
  'tr',
  'strings',
  'base64',
  'xxd',
  'od',
  'hexdump',
  'head',
  'tail',
  'less',
  'more',
  'nl',
  'sort',
  'grep',
  'cp',
  'scp',
  'curl',
  'gzip',
  'openssl',
  'type',
  'get-content',
  'gc',
]);
const SECRET_PATTERN =
  /pass|pwd|secret|token|key|cred|auth|bearer|cookie|session|private|akia|sk_live|ghp_|api_?key|connection_?string|dsn/i;

/** Commands whose whole output carries every stored secret of a Terraform or OpenTofu state. */
function wholeStatePrint(argv: string[]): string | undefined {
  const tool = basename(argv[0] ?? '');
  if (tool !== 'terraform' && tool !== 'tofu') return undefined;
  // global options (-chdir=DIR) come before the subcommand
  const rest = argv.slice(1).filter((w) => !w.startsWith('-chdir'));
  if (rest[0] === 'state' && rest[1] === 'pull') return `${tool} state pull prints the whole state, secrets included`;
  if (rest[0] !== 'output') return undefined;
  const flags = rest.slice(1).filter((w) => w.startsWith('-'));
  const named = rest.slice(1).some((w) => !w.startsWith('-') && !/^-state$/.test(w));
  if (named || !flags.some((f) => f === '-json' || f === '--json')) return undefined;
  return `${tool} output -json prints every output, sensitive ones in plain text`;
}

/** Tools whose output holds stored configuration or state, secrets included. */
const SECRET_BEARING: RegExp[] = [
  /^terraform (?:state (?:pull|show)|output|show)\b/,
  /^tofu (?:state (?:pull|show)|output|show)\b/,
  /^pulumi (?:stack (?:output|export)|config)\b/,
  /^helm get (?:values|all|manifest)\b/,
  /^tmux capture-pane\b/,
  /^journalctl\b/,
  // process command lines: passwords and tokens passed as arguments (ps, pgrep -a/-l -f, the
  // NUL-separated /proc/PID/cmdline files themselves)
  /^ps\b/,
  /^pgrep\b/,
  // captured network traffic: Authorization headers, cookies and passwords sent in the clear
  /^(?:tcpdump|tshark|ngrep|tcpflow)\b/,
  /^log show\b/,
  /^screen -X hardcopy\b/,
  /^docker inspect\b/,
  // Compose's rendered config wherever its options sit (`docker compose -f stack.yaml config`)
  /^(?:docker compose|docker-compose|podman-compose|podman compose)\b(?:.*\s)?(?:config|convert)(?:\s|$)/,
  /^kubectl (?:get (?:secret|secrets|configmap|configmaps|cm)\b|describe (?:secret|configmap)\b)/,
  // workload specs carry their containers' env values (kubectl get pod -o yaml | grep -i password)
  /^kubectl get (?:pods?|po|deploy(?:ments?)?|statefulsets?|sts|daemonsets?|ds|cronjobs?|cj|jobs?|replicasets?|rs)\b.*(?:-o ?=?(?:yaml|json)|--output[= ](?:yaml|json))/,
  /^ansible-inventory\b/,
  /^launchctl (?:print|export|getenv|list)\b/,
  /^systemctl (?:show-environment|show)\b/,
  /^tmux (?:show-environment|showenv)\b/,
  /^(?:heroku config|railway variables|fly secrets list|vercel env ls)\b/,
  // build and deploy tools that print their configuration resolved, secrets substituted in:
  // Xcode's build settings (xcconfig values, xcodebuild(1) -showBuildSettings), Gradle's
  // `properties` task (gradle.properties entries, signing and repository passwords among them),
  // rendered manifests and the Secrets in them (helm template, helm install/upgrade --dry-run,
  // kustomize build, kubectl kustomize, argocd app manifests, skaffold render), Compose v1's
  // config, Serverless `print` (the file with ${ssm:}/${env:} variables resolved), Nomad's job
  // spec with its env and templates (nomad job inspect), git's whole configuration (the
  // actions/checkout extraheader token, credential URLs)
  /^xcodebuild\b.*-showBuildSettings\b/,
  /^(?:gradle|gradlew)\b.*\bproperties\b/,
  /^helm (?:template|install .*--dry-run|upgrade .*--dry-run)\b/,
  /^(?:kustomize build|kubectl kustomize|oc kustomize)\b/,
  /^argocd app manifests\b/,
  /^skaffold (?:render|build .*--dry-run)\b/,
  /^(?:serverless|sls) print\b/,
  /^nomad job inspect\b/,
  /^git config (?:--list|-l)\b/,
];

/**
 * Build and tool commands that print their whole resolved configuration or environment, secrets
 * substituted in: BitBake's datastore (`bitbake -e`, every variable of every recipe, tokens in
 * SRC_URI and fetcher settings among them; `bitbake-getvar`), make's database (`make -p`), CMake's
 * cache (`cmake -L`, `-LA`, `-LAH`), the package managers' configuration (`npm config ls -l`),
 * kas `dump`, west `config -l` (each tool's manual). `named`: searching it for any secret word is a
 * hunt; `generic`: a subcommand or option that prints configuration, environment or settings
 * (`tool config show`, `tool env`, `--print-config`), searched for two or more secret words.
 */
function configDump(argv: string[]): 'named' | 'generic' | undefined {
  const tool = basename(argv[0] ?? '').toLowerCase();
  const rest = argv.slice(1);
  if (tool === 'bitbake' && rest.some((w) => w === '-e' || w === '--environment')) return 'named';
  if (tool === 'bitbake-getvar') return 'named';
  if ((tool === 'make' || tool === 'gmake') && rest.some((w) => w === '-p' || w === '--print-data-base'))
    return 'named';
  if (tool === 'cmake' && rest.some((w) => /^-LA?H?$/.test(w))) return 'named';
  if (/^(?:npm|pnpm|yarn)$/.test(tool) && rest[0] === 'config') return 'named';
  if (tool === 'kas' && rest[0] === 'dump') return 'named';
  if (tool === 'west' && rest[0] === 'config') return 'named';
  if (SEARCHERS.has(tool) || READERS.has(tool) || PASS_THROUGH.has(tool)) return undefined;
  const head = rest.filter((w) => !w.startsWith('-')).slice(0, 4);
  if (
    head.some((w) => CONFIG_WORD.test(w.toLowerCase().split(':')[0] ?? '')) ||
    rest.some((w) => /^--(?:show|print|dump)-(?:config|configuration|env|environment|settings|vars)$/.test(w))
  )
    return 'generic';
  return undefined;
}

/** The kinds of secret a search pattern names (`key` counts beside another kind: `key|token`). */
function secretKinds(p: string): number {
  const kinds = new Set<string>();
  for (const m of p.matchAll(
    /(?<![a-z])pass(?:w(?:or)?d)?|passw(?:or)?d|pwd|secret|token|api_?key|apikey|private|cred|auth|bearer|(?<![a-z])key(?![a-z])/gi,
  ))
    kinds.add(
      (m[0] ?? '')
        .toLowerCase()
        .replace(/^pass.*|^pwd$/, 'pass')
        .replace(/^api_?key$|^apikey$/, 'key'),
    );
  return kinds.size;
}

/**
 * Programs whose output is names, not values, or whose reads other readings judge: file and
 * package listings (ls, find, tree, `rg --files`, `git ls-files`, `pip list`), searches and file
 * readers (decided by the files they read), histories (their own rule) and environment dumps.
 */
const NAME_LISTERS =
  /^(?:ls|dir|find|fd|fdfind|locate|mlocate|plocate|tree|du|stat|file|lsof|compgen|alias|type|which|whereis|history|fc|env|printenv|set|export|declare|echo|printf|seq|date|git|unzip|zipinfo|jar|tar|lsblk|mount|df|readlink|realpath|basename|dirname)$/;
const LIST_VERBS = /^(?:list|ls|search|names|tags|tree|files|outdated|freeze|la|ll|-l|--files|--list|-list)$/;

function printsValues(argv: string[]): boolean {
  const prog = basename(argv[0] ?? '').toLowerCase();
  if (NAME_LISTERS.test(prog) || READERS.has(prog) || SEARCHERS.has(prog) || PASS_THROUGH.has(prog)) return false;
  return !argv.slice(1, 4).some((w) => LIST_VERBS.test(w));
}

/** Subcommand words that print configuration or environment. */
const CONFIG_WORD =
  /^(?:config|configuration|settings|env|environ|environment|vars|variables|printenv|dump|show-config|showconfig|show-environment|properties)$/;

/** Two or more different secret words (`TOKEN|PASSWORD`, `api_key|secret`): a search for secrets, not for one setting. */
function strongSecretPattern(p: string): boolean {
  const hits = new Set<string>();
  for (const m of p.matchAll(/passw|pwd|secret|token|api_?key|private|credential|access_?key|auth/gi))
    hits.add((m[0] ?? '').toLowerCase().replace('_', ''));
  return hits.size >= 2;
}

function words(c: SimpleCommand): string {
  // global options before the subcommand (`terraform -chdir=infra output -json`) do not change
  // what it prints (shell-global-options.ts)
  const argv = [...c.argv];
  dropGlobalOptions(argv);
  return argv.map((w) => basename(w)).join(' ');
}

/** What `$V`/`${V}`/`"$V"` in a word becomes, given the loop variables. */
function substitute(w: string, vars: Map<string, string>): string | undefined {
  let hit = false;
  const v = w.replace(/\$\{(\w+)\}|\$(\w+)/g, (m, a: string | undefined, b: string | undefined) => {
    const r = vars.get(a ?? b ?? '');
    if (r === undefined) return m;
    hit = true;
    return r;
  });
  return hit ? v : undefined;
}

/** `%APPDATA%\x`, `$env:USERPROFILE\x`, `~\x` -> the path under the home folder, with `/`. */
export function windowsPath(w: string): string | undefined {
  if (!/[\\%]|\$env:|HistorySavePath/i.test(w)) return undefined;
  if (/\(Get-PSReadLineOption\)\.HistorySavePath/i.test(w))
    return '~/AppData/Roaming/Microsoft/Windows/PowerShell/PSReadLine/ConsoleHost_history.txt';
  let p = w
    .replace(/^["']|["']$/g, '')
    // the end of a PowerShell subexpression around the read (`-storepass (Get-Content C:\k\pass.txt)`)
    .replace(/^([^()]*)\)+$/, '$1')
    .replace(/%APPDATA%|\$env:APPDATA|\$\{env:APPDATA\}/i, '~/AppData/Roaming')
    .replace(/%LOCALAPPDATA%|\$env:LOCALAPPDATA|\$\{env:LOCALAPPDATA\}/i, '~/AppData/Local')
    .replace(/%USERPROFILE%|%HOMEPATH%|\$env:USERPROFILE|\$env:HOME|\$HOME|\$\{env:USERPROFILE\}/i, '~')
    .replace(/^[A-Za-z]:\\Users\\[^\\]+/i, '~');
  if (p === w && !/^~\\/.test(w)) return undefined;
  p = p.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  return p;
}

function searchPattern(c: SimpleCommand): string | undefined {
  const name = basename(c.argv[0] ?? '').toLowerCase();
  const rest = c.argv.slice(1);
  if (['grep', 'egrep', 'rg', 'ag', 'ack', 'findstr', 'select-string'].includes(name)) {
    if (rest.some((w) => /^-[a-zA-Z]*v[a-zA-Z]*$/.test(w) || w === '--invert-match')) return undefined;
    const pats: string[] = [];
    for (let i = 0; i < rest.length; i++) {
      const w = rest[i] ?? '';
      if (w === '--') {
        // after -- the first word is the pattern even when it starts with a dash
        if (!pats.length && rest[i + 1] !== undefined) pats.push(rest[i + 1] ?? '');
        break;
      }
      if (w === '-e' || w === '--regexp' || w === '-Pattern') pats.push(rest[++i] ?? '');
      else if (/^-[ABCm]$/.test(w)) i++;
      else if (!w.startsWith('-') && !pats.length) pats.push(w);
    }
    const p = pats.join('|');
    return SECRET_PATTERN.test(p) ? p : undefined;
  }
  if (name === 'jq' || name === 'yq' || name === 'gojq') {
    const prog = rest.filter((w) => !w.startsWith('-')).join(' ');
    // selecting a secret-named field, not dropping the sensitive ones
    if (/sensitive\s*\|\s*not|del\(/.test(prog)) return undefined;
    const m = /\.["']?([\w-]*(?:pass|secret|token|key|cred|private)[\w-]*)/i.exec(prog);
    // rendered manifests narrowed to their Secrets (kustomize build | yq 'select(.kind == "Secret")')
    const kind = /\.kind\s*==\s*["']?(Secret|SealedSecret|ExternalSecret)\b/.exec(prog)?.[1];
    if (kind) return `kind ${kind}`;
    // a container's environment picked out (docker inspect | jq '.[].Config.Env')
    return m?.[1] ?? /\.Config\.Env\b|\.env\b(?![-\w])/.exec(prog)?.[0];
  }
  return undefined;
}

/** Whether a command reads the NUL-separated command lines in /proc/PID/cmdline (the arguments ps shows). */
function readsCmdline(c: SimpleCommand): boolean {
  const cmdline = (w: string) => /^\/proc\/[^/]*\/cmdline$/.test(w);
  return c.argv.some(cmdline) || c.redirs.some((r) => r.op === '<' && cmdline(r.target));
}

/** Searchers whose pattern searchPattern() reads. */
const SEARCHERS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack']);
/**
 * Files where users and systems export secrets as variables: shell start-up files, direnv's
 * .envrc, pam_environment and /etc/environment, profile.d snippets, fish's config.
 */
const ENV_KEEPING =
  /(?:^|\/)(?:\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zshenv|zprofile|zlogin|kshrc|mkshrc|cshrc|tcshrc|envrc|pam_environment)|config\.fish)$|^\/etc\/(?:environment|profile|bash\.bashrc|zsh\/zshenv|profile\.d\/.*)$/;

/** Filters that pass a stream on with its lines intact enough to search (`| tr '\\0' ' ' | grep`). */
const PASS_THROUGH = new Set([
  'tr',
  'strings',
  'sort',
  'uniq',
  'cut',
  'sed',
  'head',
  'tail',
  'cat',
  'tee',
  'column',
  'fold',
]);

/** The secret pattern searched for by the first searcher the stream reaches, through pass-through filters. */
function searchDownstream(cmds: SimpleCommand[], next: string[]): string | undefined {
  let argv: string[] | undefined = next;
  for (let hop = 0; argv && hop < 4; hop++) {
    const at: string[] = argv;
    const consumer: SimpleCommand | undefined = cmds.find((x) => x.argv === at);
    if (!consumer) return undefined;
    const pat = searchPattern(consumer);
    if (pat) return pat;
    if (!PASS_THROUGH.has(basename(at[0] ?? '').toLowerCase())) return undefined;
    argv = consumer.pipedInto;
  }
  return undefined;
}

/** The reads and secret searches of one command line (see the top of this file). */
export function indirectReads(cmds: SimpleCommand[], out: Effect[]): void {
  const from = out.length;
  loopReads(cmds, out);
  // a loop over a folder reads the secret files in it: `~/.ssh/*` names ~/.ssh/id_rsa
  expandGlobs(out, from);
}

/** Windows readers of `%APPDATA%\...`, `$env:USERPROFILE\...`, `C:\Users\me\...` in the raw line
 * (the shell reading takes their backslashes for escapes). */
export function windowsReads(command: string, out: Effect[]): void {
  if (!/%\w+%|\$env:|[A-Za-z]:\\|~\\/i.test(command)) return;
  const re =
    /(?:^|[\s;&|(])(type|more|get-content|gc|cat|select-string|findstr|copy|xcopy|copy-item|cpi|robocopy|compress-archive|certutil|icacls)\b[^|;&\n]*?((?:%\w+%|\$env:\w+|~|[A-Za-z]:)\\[^\s"'|&;<>]+)/gi;
  for (const m of command.matchAll(re)) {
    const p = windowsPath(m[2] ?? '');
    if (p) out.push({ tool: 'read', path: p, via: `${(m[1] ?? '').toLowerCase()} reads ${p}` });
  }
}

/** Filters a file listing passes through on its way to xargs (they pass names, not contents). */
const LIST_FILTERS = new Set([
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'sed',
  'awk',
  'sort',
  'uniq',
  'head',
  'tail',
  'cut',
  'tr',
]);

/**
 * `ls DIR | grep -v pub | sed 's|^|DIR/|' | xargs cat`: the reader at the end of a listing's
 * pipe gets every file the listing names. The walk drops `xargs` (it runs its operand), so the
 * caller gates this on the line naming xargs.
 */
export function listedReads(cmds: SimpleCommand[], out: Effect[]): void {
  const from = out.length;
  let cwd: string | undefined;
  for (const c of cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '').toLowerCase();
    if (name === 'cd' && a[1]) cwd = a[1];
    if ((name !== 'ls' && name !== 'find' && name !== 'fd' && name !== 'fdfind') || !c.pipedInto) continue;
    let into: string[] | undefined = c.pipedInto;
    for (let g = 0; g < 6 && into && LIST_FILTERS.has(basename(into[0] ?? '')); g++) {
      const cur: string[] = into;
      into = cmds.find((x) => x.argv === cur)?.pipedInto;
    }
    const reader = basename(into?.[0] ?? '').toLowerCase();
    if (!into || !READERS.has(reader) || into.slice(1).some((w) => !w.startsWith('-'))) continue;
    // fd's first operand is its pattern, the directory comes after it
    const words = a.slice(1).filter((w) => !w.startsWith('-'));
    const dir = ((name === 'fd' || name === 'fdfind' ? words[1] : words[0]) ?? cwd ?? '.').replace(/\/$/, '');
    out.push({ tool: 'read', path: `${dir}/*`, via: `xargs ${reader} reads what ${name} lists in ${dir}` });
  }
  // ~/.aws/* also names ~/.aws/credentials
  expandGlobs(out, from);
}

function loopReads(cmds: SimpleCommand[], out: Effect[]): void {
  const vars = new Map<string, string>();
  let cwd: string | undefined;
  for (let k = 0; k < cmds.length; k++) {
    const c = cmds[k];
    if (!c) continue;
    const a = c.argv;
    const name = basename(a[0] ?? '').toLowerCase();
    if (name === 'cd' && a[1]) cwd = a[1];
    // for V in WORDS; `for V in ${!AWS*}` ranges over variable names, like compgen -v
    if (name === 'for' && a[2] === 'in' && a[1] && a[3] !== undefined) {
      vars.set(a[1], a.slice(3).join(' '));
      if (a.slice(3).some((w) => /^\$\{![A-Za-z_]\w*[*@]\}$/.test(w))) vars.set(`!${a[1]}`, `${a[1]} ranges over`);
    }
    // ls [DIR] | while read V / find DIR | while read V
    const next = c.pipedInto;
    if (next && (basename(next[0] ?? '') === 'while' || next[0] === 'do') && next.includes('read')) {
      const v = next[next.length - 1];
      const dir = a.slice(1).find((w) => !w.startsWith('-')) ?? cwd ?? '.';
      if (v && (name === 'ls' || name === 'find'))
        vars.set(v, name === 'ls' ? `${dir.replace(/\/$/, '')}/*` : `${dir}/**`);
      if (v && name === 'compgen' && a.some((w) => w === '-v' || w === '-e' || w === '-A'))
        vars.set(`!${v}`, 'compgen lists');
    }
    // the word after `do` is the program
    const argv = a[0] === 'do' ? a.slice(1) : a;
    const prog = basename(argv[0] ?? '').toLowerCase();
    if (vars.size) {
      for (const [v, from] of vars)
        if (v.startsWith('!') && argv.some((w) => w.includes(`\${!${v.slice(1)}}`))) {
          out.push({
            tool: 'read',
            path: ENVIRONMENT_PATH,
            via: `\${!${v.slice(1)}} prints every variable ${from}`,
          });
        }
      const targets = [...c.redirs.filter((r) => r.op === '<').map((r) => r.target)];
      if (READERS.has(prog)) targets.push(...argv.slice(1).filter((w) => !w.startsWith('-')));
      if (prog === 'xargs') {
        const i = argv.indexOf('-a');
        if (i > 0 && argv[i + 1]) targets.push(argv[i + 1] ?? '');
      }
      for (const t of targets) {
        const s = substitute(t, vars);
        if (s === undefined) continue;
        const path = /^\/proc\/[^/]*\/environ$/.test(s) ? ENVIRONMENT_PATH : s;
        out.push({ tool: 'read', path, via: `${prog} reads ${s} (${t} over its loop)` });
      }
    }
    if (prog === 'xargs') {
      const i = argv.findIndex((w) => w === '-a' || w === '--arg-file');
      const f = i > 0 ? argv[i + 1] : argv.find((w) => w.startsWith('--arg-file='))?.slice(11);
      if (f) out.push({ tool: 'read', path: f, via: `xargs reads ${f}` });
    }
    if (READERS.has(prog) || prog === 'select-string' || prog === 'findstr')
      for (const w of argv.slice(1)) {
        const p = windowsPath(w);
        if (p) out.push({ tool: 'read', path: p, via: `${prog} reads ${p}` });
      }
    // secret searches of the files where users export their keys (grep -i token ~/.zshrc, cat
    // /etc/environment | grep KEY): the matching lines are the secrets
    if (READERS.has(prog) || SEARCHERS.has(prog)) {
      const kept =
        argv.slice(1).find((w) => ENV_KEEPING.test(w)) ??
        c.redirs.find((r) => r.op === '<' && ENV_KEEPING.test(r.target))?.target;
      const pat =
        kept === undefined
          ? undefined
          : SEARCHERS.has(prog)
            ? searchPattern(c)
            : next
              ? searchDownstream(cmds, next)
              : undefined;
      if (kept !== undefined && pat)
        out.push({
          tool: 'exec',
          // asked, not denied: one start-up file searched for a word may be checking a setting
          command: `may-expose-secret searches ${basename(kept)} for ${pat}`,
          via: `${prog} searches ${kept}, where exported keys are kept, for secrets`,
        });
    }
    // the whole state or every output printed where the conversation sees it
    const toScreen =
      !next && !c.redirs.some((r) => r.op.startsWith('>') && (r.fd === '' || r.fd === '1' || r.fd === 'all'));
    const whole = toScreen ? wholeStatePrint(argv) : undefined;
    if (whole) out.push({ tool: 'exec', command: `may-expose-secret ${whole}`, via: whole });
    // secret searches of a tool's stored configuration
    // the words once, not once per pattern
    const said = next ? words(c) : '';
    const dump = next && !SECRET_BEARING.some((re) => re.test(said)) ? configDump(argv) : undefined;
    if (next && (SECRET_BEARING.some((re) => re.test(said)) || readsCmdline(c) || dump)) {
      const found = searchDownstream(cmds, next);
      // a generic configuration print searched for one loose word (`| grep -i key`) is a look, not a hunt
      const pat = dump === 'generic' && found && !strongSecretPattern(found) ? undefined : found;
      if (pat) {
        const tool = a.slice(0, 3).join(' ');
        out.push({
          tool: 'exec',
          command: `secret-search ${tool} for ${pat}`,
          via: `${basename(next[0] ?? '')} searches the output of ${tool} for secrets`,
        });
      }
    }
    // any other program's output searched for several kinds of secret at once (`sysrc -a | grep -i
    // -e key -e token`, `tool dump | grep -E 'password|secret'`): whatever the program, the lines
    // that match are its secrets. Listings of names and one loose word are left alone.
    if (next && !dump && !SECRET_BEARING.some((re) => re.test(said)) && !readsCmdline(c) && printsValues(argv)) {
      const found = searchDownstream(cmds, next);
      if (found && secretKinds(found) >= 2)
        out.push({
          tool: 'exec',
          command: `may-expose-secret search ${prog} output for ${found.replace(/[^\w|-]/g, '_').slice(0, 60)}`,
          via: `${basename(next[0] ?? '')} searches the output of ${prog} for several kinds of secret at once`,
        });
    }
    const keys = keySearch(argv);
    if (keys)
      out.push({
        tool: 'exec',
        command: `secret-search ${prog} keys for ${keys}`,
        via: `${prog} picks out every entry whose name says secret (${keys}) and prints it`,
      });
  }
}

/**
 * A jq or yq program that walks a document's keys and keeps the ones named like secrets
 * (`to_entries[] | select(.key|test("TOKEN|SECRET"))`, `with_entries(select(.key|contains("password")))`,
 * `.. | objects | with_entries(...)`): whatever the file is, what it prints are the secrets in it.
 * A program that drops them (`del(...)`, `|not`) or prints only the names (`| .key`) is not.
 */
/** A key name (or a test's alternation of them) that says secret; `keywords` and `author` do not. */
const SECRET_KEY_NAME = /passw|pwd|secret|token|api_?key|apikey|private|cred|(?:^|[^a-z])key(?:$|[^a-z])/i;

function keySearch(argv: string[]): string | undefined {
  const prog = basename(argv[0] ?? '').toLowerCase();
  if (prog !== 'jq' && prog !== 'yq' && prog !== 'gojq') return undefined;
  // the program is the first operand; the rest are files
  const text = argv.slice(1).find((w) => !w.startsWith('-')) ?? '';
  if (!/to_entries|with_entries|\.\.|paths|keys|\.key\b/.test(text)) return undefined;
  if (/del\(|\|\s*not\b|\|\s*\.key\s*(?:\)|'|"|$)/.test(text)) return undefined;
  // every level walked (`..`) for a field named like a secret: `.. | select(has("password")) | .password`
  const field =
    /\.\.[^]*?(?:has\(\s*"([^"]*)"|\.\s*"?((?:[\w-]*_)?(?:password|passwd|secret|token|api_?key|apikey|private_?key)[\w-]*))/i.exec(
      text,
    );
  if (field) {
    const name = field[1] ?? field[2] ?? '';
    if (SECRET_KEY_NAME.test(name)) return name;
  }
  const m = /(?:test|match|contains|startswith|endswith|inside|IN|index)\s*\(\s*"([^"]*)"/g;
  for (const hit of text.matchAll(m)) {
    const words = hit[1] ?? '';
    if (SECRET_KEY_NAME.test(words)) return words;
  }
  return undefined;
}

/**
 * A PowerShell script's Windows paths as its readers see them: `Join-Path $env:APPDATA
 * 'gcloud\credentials.db'` is `$env:APPDATA\gcloud\credentials.db`, and a variable assigned one
 * such path (`$p = ...`) stands for it where it is used (`Copy-Item $p ...`).
 */
export function powershellPaths(script: string): string {
  let text = script.replace(
    /\(?[ \t]*Join-Path[ \t]+(?:-Path[ \t]+)?(\$env:\w+|[A-Za-z]:\\[^\s'"()]*|~)[ \t]+(?:-ChildPath[ \t]+)?['"]([^'"]+)['"][ \t]*\)?/gi,
    (m: string, a: string, b: string) => `${m.startsWith('(') ? '' : ' '}${a}\\${b}`,
  );
  for (const m of text.matchAll(/^\s*\$(\w+)\s*=\s*["']?((?:\$env:\w+|[A-Za-z]:|~)\\[^\s"';]+)["']?\s*$/gim)) {
    const [, name = '', value = ''] = m;
    text = text.replace(new RegExp(`\\$${name}\\b(?!\\s*=)`, 'g'), () => value);
  }
  return text;
}
