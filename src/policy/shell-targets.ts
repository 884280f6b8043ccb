// What a destroy reaches when its targets are computed at run time from a listing: `find DIR
// -type f -exec rm {} +` empties DIR, `find . -name .git -exec rm -rf {} +` deletes every .git
// below `.`, and xargs fed by `find . -name __pycache__` only ever receives paths named
// __pycache__. The readings are spelled as the `rm -rf PATH` they amount to, so the delete rules
// decide them (docs/shell-readings.md).
import { readFind } from './shell-flags.js';
import { basename } from './shell-wrappers.js';
import { generatedFilesPath } from './shell-verb-scope.js';

/** Programs that delete or destroy the files they are given. */
const DELETERS = new Set(['rm', 'unlink', 'shred', 'srm', 'wipe', 'gshred', 'scrub']);
/** Tests that only say what kind of entry or how deep: they do not narrow which names are found. */
const KIND_TESTS = new Set([
  '-type',
  '-xtype',
  '-maxdepth',
  '-mindepth',
  '-depth',
  '-mount',
  '-xdev',
  '-prune',
  '-print',
  '-print0',
]);

interface NameListing {
  starts: string[];
  /** One or more names, any of which is found (`-name A -o -name B`). */
  names: string[];
  /** Only the start directory's own entries (-maxdepth 1). */
  shallow: boolean;
}

/** `find START... -name NAME` with nothing else narrowing it (kind and depth tests aside), or null. */
function nameListing(words: string[]): NameListing | null {
  if (basename(words[0] ?? '') !== 'find') return null;
  const f = readFind(['find', ...words.slice(1)]);
  if (!f) return null;
  const names: string[] = [];
  let either = false;
  let shallow = false;
  for (let i = firstTest(words); i < words.length; i++) {
    const w = words[i] ?? '';
    if (EXEC_ACTIONS.has(w)) {
      i = actionEnd(words, i);
      continue;
    }
    if (w === '-delete') continue;
    if (w === '-name' || w === '-iname') {
      if (names.length && !either) return null;
      const n = words[++i];
      if (n === undefined) return null;
      names.push(n);
      either = false;
      continue;
    }
    // `\( -name A -o -name B \)`: either name is found.
    if (w === '-o' || w === '-or') {
      either = true;
      continue;
    }
    if (w === '(' || w === ')' || w === '\\(' || w === '\\)') continue;
    if (w === '-maxdepth') {
      shallow = words[i + 1] === '1' || words[i + 1] === '0';
      i++;
      continue;
    }
    if (KIND_TESTS.has(w)) {
      if (w === '-type' || w === '-xtype' || w === '-mindepth') i++;
      continue;
    }
    return null;
  }
  return names.length && !either ? { starts: f.starts, names, shallow } : null;
}

const EXEC_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** Where find's expression starts: after the start paths. */
function firstTest(words: string[]): number {
  let i = 1;
  while (i < words.length && !/^[-(!)]/.test(words[i] ?? '')) i++;
  return i;
}

/** The `;` or `+` that ends the -exec-like action at i (its command is not a test). */
function actionEnd(words: string[], i: number): number {
  while (i < words.length && words[i] !== ';' && words[i] !== '+') i++;
  return i;
}

function join(start: string, rest: string): string {
  return start === '/' ? `/${rest}` : `${start.replace(/\/+$/, '')}/${rest}`;
}

/**
 * Whether a find's tests only leave some paths out (`-not -path './.git/*'`, `! -name '*.md'`,
 * `-path ./node_modules -prune -o`) besides kind and depth: what is left is still the tree.
 */
export function onlyExclusions(words: string[]): boolean {
  for (let i = firstTest(words); i < words.length; i++) {
    const w = words[i] ?? '';
    if (EXEC_ACTIONS.has(w)) {
      i = actionEnd(words, i);
      continue;
    }
    // printing actions only hand the paths on (to xargs, a loop): they select nothing
    if (w === '-delete' || w === '-o' || w === '-or' || w === '(' || w === ')' || w === '\\(' || w === '\\)') continue;
    if (w === '-print' || w === '-print0') continue;
    if (w === '-not' || w === '!') {
      const t = words[i + 1] ?? '';
      if (!/^-(?:i?path|i?name|wholename)$/.test(t)) return false;
      i += 2;
      continue;
    }
    // `-path X -prune -o ...`: X is skipped.
    if (/^-(?:i?path|i?name|wholename)$/.test(w) && words[i + 2] === '-prune') {
      i += 2;
      continue;
    }
    if (KIND_TESTS.has(w)) {
      if (w === '-type' || w === '-xtype' || w === '-mindepth' || w === '-maxdepth') i++;
      continue;
    }
    // Files changed recently (`-newer package.json`, `-mtime -30`, `-mmin -60`) are the latest
    // work, not leftovers: selecting them keeps every kind of file, so the tree is still emptied.
    // Old files (`-mtime +7`) are what retention cleanups select, and narrow.
    if (
      /^-(?:[ac]?newer|newer[amcBt]{2})$/.test(w) ||
      (/^-[amc](?:time|min)$/.test(w) && /^(?:-\d+|0)$/.test(words[i + 1] ?? ''))
    ) {
      i++;
      continue;
    }
    return false;
  }
  return true;
}

/** The paths a `find -name` listing can return, spelled as one glob per start, or null. */
export function listingPattern(words: string[]): string[] | null {
  const l = nameListing(words);
  if (!l) return null;
  return l.starts.flatMap((s) => l.names.map((n) => join(s, l.shallow ? n : `**/${n}`)));
}

/**
 * The deletes a find runs on what it finds (`-exec rm`, `-exec shred`, `-delete`): every entry of
 * an unnarrowed tree is the tree (`rm -rf START`); entries found by name are `rm -rf START/**\/NAME`.
 */
export function findDeleteReadings(words: string[]): string[] {
  if (basename(words[0] ?? '') !== 'find') return [];
  const f = readFind(['find', ...words.slice(1)]);
  if (!f) return [];
  let runsDeleter = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    // -delete empties the tree unless its tests narrow it (then the listing below decides)
    if (w === '-delete') runsDeleter = true;
    if (w === '-exec' || w === '-execdir' || w === '-ok' || w === '-okdir') {
      if (DELETERS.has(basename(words[i + 1] ?? ''))) runsDeleter = true;
      // `-exec cp /dev/null {} ;` blanks each file it finds
      if (basename(words[i + 1] ?? '') === 'cp' && words.slice(i + 2).includes('/dev/null')) runsDeleter = true;
      if (words[i + 1] === 'truncate' || words[i + 1] === 'sh' || words[i + 1] === 'bash') {
        // `-exec truncate -s0 {}` empties each file; `-exec sh -c 'rm ...'` is read by the extraction.
        if (words[i + 1] === 'truncate') runsDeleter = true;
      }
    }
  }
  if (!runsDeleter) return [];
  const narrowed = listingPattern(words);
  if (narrowed) return narrowed.map((p) => `rm -rf ${p}`);
  if (f.filtered && !onlyExclusions(words)) return [];
  // Kind and depth tests keep every name: the tree is emptied (-type f leaves only directories).
  return f.starts.map((s) => `rm -rf ${s}`);
}

/** A target that names everything inside a directory: `DIR/*`, `DIR/**`, `DIR/**\/*`, `DIR/.*`, `DIR/{*,.*}`. */
const CONTENTS = /^(.*?)\/+(?:\*|\*\*|\*\*\/\*|\.\*|\.\[!.\]\*|\{\*,\.\*\}|\{\.\*,\*\})$/;

/**
 * A recursive delete of everything inside a directory is a delete of the directory's work:
 * `rm -rf ~/project/*` reads as `rm -rf ~/project`. A root that is a variable the line never
 * sets (`rm -rf "$PROJECT_ROOT/"*`) is `/` when it is unset or empty, so it also reads as
 * `rm -rf /*`; `${VAR:?}` refuses to run unset and gives nothing.
 */
export function contentsReadings(words: string[]): string[] {
  if (words[0] !== 'rm') return [];
  const recursive = words.some((w) => /^-[A-Za-z]*[rR]/.test(w) || w === '--recursive');
  if (!recursive) return [];
  const out: string[] = [];
  for (const w of words.slice(1)) {
    if (w.startsWith('-')) continue;
    const m = CONTENTS.exec(w);
    if (!m) continue;
    const dir = m[1] ?? '';
    if (dir === '') continue;
    if (/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(dir)) out.push('rm -rf /*');
    else if (!dir.includes('$') && !dir.includes('*')) out.push(`rm -rf ${dir}`);
  }
  return out;
}

/**
 * Extensions of source code: a file of these is the project's work, not its output. Besides the
 * general languages: smart contracts (Solidity .sol, Vyper .vy, Move, Cairo), hardware and
 * firmware (Verilog/SystemVerilog, VHDL, Arduino .ino), build definitions (CMake, Gradle, Bazel),
 * shaders (GLSL, HLSL, Unity ShaderLab), and the authored assets of game engines that the editor
 * saves and no build makes again (Unity scenes and prefabs, Unreal .uasset/.umap, Godot scenes,
 * resources and GDScript, Blender .blend), mainframe and older business languages (COBOL
 * programs and copybooks, PL/I, RPG; not JCL, whose every line starts with the `//` read as a comment), Fortran, Pascal/Delphi, Ada, Visual Basic, Groovy,
 * Elm, OCaml interfaces, Crystal, Tcl, the Lisps, SAS, ABAP, server pages and templates (Razor,
 * JSP, ERB). (Scene files such as Houdini's .hip are left out: their tools keep numbered backups
 * of them that are routinely cleared.)
 */
const SOURCE_EXT =
  /\.(?:py|pyi|ts|tsx|mts|cts|js|jsx|mjs|cjs|rs|go|java|kt|kts|scala|c|h|cc|cpp|cxx|hpp|cs|fs|swift|m|mm|rb|php|pl|pm|lua|r|jl|ex|exs|erl|hs|ml|clj|dart|vue|svelte|sql|sh|bash|zsh|ps1|tf|hcl|proto|graphql|ipynb|zig|nim|sol|vy|move|cairo|sv|svh|vhd|vhdl|v|ino|cmake|gradle|bzl|glsl|hlsl|shader|unity|prefab|uasset|umap|tscn|tres|gd|blend|cbl|cob|cpy|pli|rpgle|sqlrpgle|f90|f95|f03|f08|for|pas|dpr|adb|ads|vb|bas|fsx|groovy|elm|mli|cr|tcl|rkt|scm|lisp|el|sas|abap|cshtml|razor|jsp|erb)$/i;

/**
 * Build and package definitions known by name, not extension (CMake, make, Meson, Bazel, SCons,
 * Rake, Gradle, Maven, Cargo, Go modules, npm, Python packaging, PlatformIO, Dockerfile): emptied,
 * the project no longer builds and what it declared is lost.
 */
const BUILD_FILE =
  /(?:^|\/)(?:CMakeLists\.txt|[Mm]akefile|GNUmakefile|meson\.build|BUILD(?:\.bazel)?|WORKSPACE(?:\.bazel)?|MODULE\.bazel|SConstruct|Rakefile|Gemfile|build\.gradle(?:\.kts)?|settings\.gradle(?:\.kts)?|pom\.xml|Cargo\.toml|go\.mod|package\.json|pyproject\.toml|setup\.py|setup\.cfg|platformio\.ini|Dockerfile|Containerfile)$/;

/**
 * An application's own configuration known by name, which no build writes again: Rails
 * (config/database.yml, storage.yml, cable.yml, secrets.yml, the encrypted credentials and the
 * master key without which they cannot be read), Phoenix and Elixir (config/*.exs), Django
 * (settings.py), Spring (application.yml/.properties), ASP.NET (appsettings*.json), WordPress
 * (wp-config.php), Laravel's config/*.php, and the platform manifests that deploy it (Procfile,
 * fly.toml, render.yaml, app.json, Compose files). Emptied, the application no longer connects
 * to its data or deploys, and an encrypted credentials file or key is lost for good.
 */
const APP_CONFIG =
  /(?:^|\/)(?:config\/(?:database|storage|cable|secrets|credentials(?:\/[\w-]+)?)\.yml(?:\.enc)?|config\/(?:master|credentials\/[\w-]+)\.key|config\/[\w-]+\.exs|config\/[\w-]+\.php|settings\.py|application(?:-[\w-]+)?\.(?:ya?ml|properties)|appsettings(?:\.[\w-]+)?\.json|wp-config\.php|Procfile|fly\.toml|render\.yaml|app\.json|(?:docker-)?compose(?:\.[\w-]+)?\.ya?ml)$/;

/** A glob that names every source file of a kind in a directory or tree: `*.py`, `src/**\/*.ts`. */
function sourceGlob(w: string): boolean {
  const name = w.slice(w.lastIndexOf('/') + 1);
  return /^\*+\.[A-Za-z0-9]+$/.test(name) && SOURCE_EXT.test(name);
}

/** Whether `truncate` sets the size to zero (`-s 0`, `-s0`, `--size=0`, `--size 0`). */
function truncatesToZero(words: string[]): boolean {
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '-s' || w === '--size') return words[i + 1] === '0';
    if (w === '-s0' || w === '--size=0') return true;
  }
  return false;
}

/**
 * Source code destroyed in bulk or emptied: `rm -f src/**\/*.py` (every file of a language),
 * `truncate -s0 **\/*.ts`, `truncate -s 0 src/main.rs` (the file stays, its code is gone), and
 * the write tool's empty content (read as that truncate). `destroys-source PATH` each; removing
 * one named file (`rm src/old.py`) is ordinary refactoring and gives nothing.
 */
export function sourceLossReadings(words: string[]): string[] {
  const p = words[0] ?? '';
  const trunc = p === 'truncate' && truncatesToZero(words);
  if (!trunc && !DELETERS.has(p)) return [];
  const recursive = words.some((w) => /^-[A-Za-z]*[rR]/.test(w) || w === '--recursive');
  const out: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w.startsWith('-')) {
      if (trunc && (w === '-s' || w === '--size' || w === '-r' || w === '--reference')) i++;
      continue;
    }
    // `truncate -s0 $(git ls-files)`, `truncate -s 0 *`: whatever a listing or glob yields.
    const computed = trunc && (w.includes('$(') || w.includes('`') || /(?:^|\/)\*\*?$/.test(w));
    // `shred -u /**/*.sql`: every match on the whole disk or in the whole home directory.
    if (/^(?:\/|~\/|\$HOME\/|\$\{HOME\}\/|\/home\/[^/]+\/|\/Users\/[^/]+\/|\/root\/)\*\*\//.test(w))
      out.push(`destroys-everywhere ${w}`);
    // `rm -f dist/*.js`, `rm -f dbt/target/compiled/x/*.sql`: generated code the next build writes again
    const generated = !trunc && sourceGlob(w) && generatedFilesPath(w);
    if (
      (sourceGlob(w) && !generated) ||
      (trunc && (SOURCE_EXT.test(w) || BUILD_FILE.test(w) || APP_CONFIG.test(w))) ||
      computed
    )
      out.push(`destroys-source ${w}`);
    else if (p === 'rm' && recursive) {
      // `rm -rf src/*` empties src as surely as `rm -rf src` removes it.
      const inner = CONTENTS.exec(w)?.[1];
      const root = sourceRoot(w) ?? (inner ? sourceRoot(inner) : null);
      if (root) out.push(`destroys-source-tree ${root}`);
      const kept = keptDir(w) ?? (inner ? keptDir(inner) : null);
      if (kept) out.push(`destroys-project-dir ${kept}`);
      const git = gitInternals(w);
      if (git) out.push(`rm -rf ${git}`);
    } else if (TREE_FILES.test(w)) out.push(`destroys-source ${w}`);
    if (!trunc && KEPT_DATA.test(w) && !/^\/(?:tmp|var\/tmp)\//.test(w)) out.push(`destroys-kept-data ${w}`);
  }
  return out;
}

/** The working tree as a pathspec or path: `.`, `./`, `*`, `:/`, `~/project`-like roots are not read here. */
const WHOLE_TREE = /^(?:\.|\.\/|\*|:\/|:\/\*|\.\/\*)$/;

/**
 * Other ways a whole tree is lost, each spelled as the delete or the lockout it amounts to:
 *   `git rm -rf .` (without --cached)          -> `destroys-source-tree .`
 *   `tar --remove-files -czf A ~/p`, `zip -rm A ~/Documents`, `7z a -sdel A ~/p` -> `rm -rf ~/p` (the originals go)
 *   `chmod -R 000 .`, `chmod -R a-rwx ~`, `chown -R nobody ~/p` -> `locks-out .`
 */
export function treeLossReadings(words: string[]): string[] {
  const p = words[0] ?? '';
  const ops = words.slice(1).filter((w) => !w.startsWith('-'));
  const flags = words.slice(1).filter((w) => w.startsWith('-'));
  const short = (c: string) => flags.some((f) => /^-[A-Za-z]+$/.test(f) && f.includes(c));
  if (p === 'git' && words[1] === 'rm') {
    if (words.includes('--cached') || !(short('r') || words.includes('--recursive'))) return [];
    return ops.slice(1).some((w) => WHOLE_TREE.test(w)) ? ['destroys-source-tree .'] : [];
  }
  if (p === 'tar' && words.includes('--remove-files')) {
    let i = 1;
    const sources: string[] = [];
    for (; i < words.length; i++) {
      const w = words[i] ?? '';
      if (w === '-f' || w === '--file' || w === '-C' || w === '--directory' || w === '--exclude') i++;
      else if (/^-[A-Za-z]*f$/.test(w)) i++;
      else if (!w.startsWith('-')) sources.push(w);
    }
    return sources.map((w) => `rm -rf ${w}`);
  }
  if (p === 'zip' && (short('m') || words.includes('--move'))) return ops.slice(1).map((w) => `rm -rf ${w}`);
  // 7-Zip's `-sdel` deletes the files once they are in the archive (7-Zip docs, -sdel switch)
  if (/^7z[az]?$/.test(p) && words.includes('-sdel') && (ops[0] === 'a' || ops[0] === 'u'))
    return ops.slice(2).map((w) => `rm -rf ${w}`);
  const recursive = short('R') || words.includes('--recursive');
  // a directory's own mode taken away locks its whole tree (nothing below can be reached), so
  // chmod 000 ~/project needs no -R; chown needs it to take the files
  if (p === 'chmod' || (p === 'chown' && recursive)) {
    const [mode, ...targets] = ops;
    if (!mode) return [];
    const lock =
      p === 'chmod'
        ? /^0*0{3}$|^0$|^(?:[ua]*|a)-[rwx]*[rx][rwx]*$|^(?:[ua]*|a)=$/.test(mode)
        : /^(?:nobody|root|0|nfsnobody|daemon)(?::.*)?$/.test(mode);
    if (!lock) return [];
    return targets.filter(lockable).map((t) => `locks-out ${t}`);
  }
  // `chattr -R +i DIR`: immutable (or append-only) files cannot be changed or deleted, even by
  // their owner, until root clears the flag
  if (p === 'chattr') {
    const flag = words.slice(1).find((w) => /^[+=][a-zA-Z]*[ia]/.test(w));
    if (!flag) return [];
    return words
      .slice(1)
      .filter((w) => !w.startsWith('-') && !/^[+=]/.test(w))
      .filter(lockable)
      .map((t) => `locks-out ${t}`);
  }
  // Windows ACLs (icacls, Windows commands reference): a deny entry for everyone, all users or
  // the owner beats every grant, and inheritance removed with no grant put back leaves no one
  // able to open the tree; either locks it away as chmod 000 does. A grant to oneself
  // (`/inheritance:r /grant:r %USERNAME%:F`, how a secrets folder is made private) is no lockout.
  if (p === 'icacls' || p === 'cacls') {
    const lower = words.map((w) => w.toLowerCase());
    const denies = lower.some(
      (w, i) =>
        /^\/deny$/.test(w) &&
        /^"?(?:everyone|\*?s-1-1-0|users|\*?s-1-5-32-545|authenticated users|\*?s-1-5-11|%username%|\$env:username|[^:]*\\%username%)"?:/.test(
          lower[i + 1] ?? '',
        ),
    );
    const stripped = lower.some((w) => w === '/inheritance:r') && !lower.some((w) => /^\/grant(?::[rR])?$/.test(w));
    if (!denies && !stripped) return [];
    const target = words.slice(1).find((w) => !w.startsWith('/') && !w.startsWith('-'));
    return target && lockable(target.replace(/^"|"$/g, '')) ? [`locks-out ${target}`] : [];
  }
  // `setfacl -R -m u:dev:--- DIR`: an ACL entry that grants nothing
  if (p === 'setfacl') {
    let locks = false;
    const targets: string[] = [];
    for (let i = 1; i < words.length; i++) {
      const w = words[i] ?? '';
      if (w === '-m' || w === '--modify' || w === '-M' || w === '--set') locks ||= /:-{3}$|:0$/.test(words[++i] ?? '');
      else if (w.startsWith('--modify=') || w.startsWith('--set=')) locks ||= /:-{3}$|:0$/.test(w);
      else if (!w.startsWith('-')) targets.push(w);
    }
    return locks ? targets.filter(lockable).map((t) => `locks-out ${t}`) : [];
  }
  return [];
}

/** The working tree, a home folder or a folder in it, a system data directory (databases, served sites, /srv), or shared storage. */
function lockable(t: string): boolean {
  return (
    WHOLE_TREE.test(t) ||
    /^(?:~|\$HOME|\$\{HOME\})(?:\/[^/]+){0,2}\/?$|^\/(?:home|Users)\/[^/]+(?:\/[^/]+){0,2}\/?$/.test(t) ||
    /^\/(?:var\/lib\/[^/]+|srv|data|var\/www|opt\/[^/]+|root)(?:\/[^/]+)?\/?$/.test(t) ||
    // shared network storage (policies/catalogues/shared-storage.yaml): a lab's or a group's tree
    /^\/(?:nfs|net|gpfs|lustre|shared|mnt\/(?:beegfs|cephfs|nfs))(?:\/[^/]+){0,3}\/?$/.test(t)
  );
}

/**
 * Top-level source directories of a project, deleted whole: `destroys-source-tree DIR` (the conventional layouts of Node, Python, Go, Rust,
 * Java/Kotlin, Ruby, PHP, .NET, monorepos): deleting one whole deletes the project's code.
 */
const SOURCE_ROOTS = new Set(
  'src app apps pkg cmd internal source sources packages services components include crates'.split(' '),
);

/** A project's source root named as a path: `src`, `./lib`, `~/project/src`, `/home/u/api/app`; else null. */
function sourceRoot(w: string): string | null {
  const t = w.replace(/\/+$/, '');
  const m =
    /^(?:\.\/)?([A-Za-z]+)$/.exec(t) ??
    /^(?:~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/[^/.][^/]*\/([A-Za-z]+)$/.exec(t);
  const name = m?.[1] ?? m?.[2];
  return name && SOURCE_ROOTS.has(name) ? t : null;
}

/**
 * Project directories that hold work no build regenerates: tests, migrations and schemas,
 * infrastructure code, CI workflows, docs, scripts, configuration, and the data, models and
 * uploads a project keeps (the conventional layouts of Rails, Django, Prisma, Terraform, Helm,
 * GitHub Actions, Jupyter and ML projects). Deleting one whole is `destroys-project-dir DIR`
 * (asked): unlike a build or cache directory (dist, build, target, node_modules, coverage,
 * .next ...), which the next build recreates, what is lost here was written or collected by hand.
 */
const KEPT_DIRS = new Set(
  (
    'test tests spec specs __tests__ e2e migrations migrate db database schema schemas prisma alembic seeds fixtures ' +
    'terraform infra infrastructure deploy deployment deployments k8s kubernetes helm charts ansible manifests ' +
    '.github .gitlab .circleci docs doc scripts config configs conf data datasets models notebooks ' +
    'backups backup uploads storage proto protos'
  ).split(' '),
);

/** A kept project directory named as a path (`tests`, `./migrations/`, `~/project/infra`, `db/migrate`); else null. */
function keptDir(w: string): string | null {
  const t = w.replace(/\/+$/, '');
  const m =
    /^(?:\.\/)?([A-Za-z_.][\w.-]*)(?:\/(?:migrate|migrations|workflows))?$/.exec(t) ??
    /^(?:~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/[^/.][^/]*\/([A-Za-z_.][\w.-]*)$/.exec(t);
  const name = m?.[1];
  return name && KEPT_DIRS.has(name) ? t : null;
}

/**
 * Files that are the only record of something: Terraform state (`terraform.tfstate`, `*.tfstate`:
 * without it Terraform no longer knows what it manages), every backup of a backups folder (a
 * glob), and data files named for production (`prod.db`, `production.sqlite3`,
 * `prod-dump.sql.gz`). Deleting one
 * is `destroys-kept-data PATH` (asked); a local development database (`db.sqlite3`) is not one.
 * In a backups folder only a glob counts: one old backup deleted by name is housekeeping.
 */
const KEPT_DATA =
  /(?:^|\/)(?:terraform\.tfstate[^/]*|[^/]*\.tfstate(?:\.backup)?)$|(?:^|\/)backups?\/[^/]*[*?][^/]*$|(?:^|\/)[^/]*(?:^|[^A-Za-z])(?:prod|production)(?:[^A-Za-z][^/]*)?\.(?:db|sqlite3?|sql|dump|bak|gz|tar|zip|parquet)$/i;

/**
 * Every file at the top of the working tree or of a home project (`rm -f ./*`, `rm ~/project/*`):
 * the manifests, lockfiles, README and configuration go at once. A bare `*` is not read: it is
 * also how `xargs rm` with input the line does not show is spelled. `./**` is every file of the
 * tree, as a `find . -type f | while read f; do rm "$f"` loop binds its variable (shell.ts readLoop).
 */
const TREE_FILES = /^\.\/\*(?:\*|\*\/\*)?$|^(?:~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+)\/[^/.*$][^/*$]*\/\*$/;

/**
 * Parts of a repository's `.git` without which its history is gone: the object store, the refs,
 * the reflogs, the packed refs. Spelled as `.git` itself (`rm -rf .git`), which the rules on
 * deletes of a repository decide. Lock files, hooks and rebase state are not these.
 */
function gitInternals(w: string): string | null {
  const m = /^(.*?)(?:^|\/)\.git\/(?:objects|refs|logs|packed-refs|HEAD|\*)(?:\/.*)?$/.exec(w.replace(/\/+$/, ''));
  if (!m) return null;
  const dir = m[1] ?? '';
  return dir ? `${dir}/.git` : '.git';
}
