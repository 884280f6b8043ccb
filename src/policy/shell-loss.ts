// More ways a command loses files, each spelled as the plain command it amounts to so the rules
// on deletes decide it (docs/shell-readings.md):
//   - trash tools move their operands away: `trash-put ~/Documents`, `gio trash ~/project` are
//     `rm -rf ~/Documents`, `rm -rf ~/project` (a user does not empty a home folder into the bin);
//   - a listing given as rm's operands (`rm -rf $(ls -A ~)`, `rm -rf $(git ls-files)`) deletes
//     everything the listing can return: `rm -rf ~/*`, `rm -rf ./*`;
//   - an archive unpacked over a home folder, the filesystem root or a system directory replaces
//     whatever files it names there (`tar -xf a.tar -C ~`, `unzip -o a.zip -d /`, `7z x -aoa -o/etc`,
//     `tar -xPf a.tar` with absolute member names): `extracts-over DIR`.
import { fdDeleteReadings } from './shell-fd.js';
import { basename } from './shell-wrappers.js';
import { listedTree } from './shell-destroy.js';
import { findDeleteReadings, listingPattern } from './shell-targets.js';
import { readFind } from './shell-flags.js';

export interface LossReading {
  /** The reading: `rm -rf PATH` (re-read as that command) or `extracts-over DIR`. */
  text: string;
  from: string;
  /** Whether the text is a command to read again in full (its own readings, target classes). */
  reread: boolean;
  /** The text is a shell script to read (and to derive effects from), not one simple command. */
  script?: boolean;
}

const SHELL_NAMES = /^(?:sh|bash|dash|zsh|ksh)$/;
/** A script that deletes, shreds or empties its argument (`rm -f "$1"`, `: > "$1"`, `truncate -s0 "$@"`). */
const DESTROYS_ARG =
  /^\s*(?:rm|unlink|shred|srm|truncate)\b[^;|&]*\$|(?:^|[;&|]\s*)(?::|true|echo(?:\s+-n)?|printf\s+(?:''|""))?\s*>\s*"?\$|cp\s+\/dev\/null\s+"?\$/;

/**
 * `find ROOT -name '*.py' -exec sh -c 'echo > "$1"' _ {} \;`: the script runs once per path found,
 * with the path as $1 (or all of them as "$@" with `+`). It is read with what the listing can
 * return in place: every file of that name below ROOT, or ROOT's whole tree when nothing narrows it.
 */
function findShellScripts(words: string[]): LossReading[] {
  const out: LossReading[] = [];
  for (let i = 1; i < words.length - 3; i++) {
    if (words[i] !== '-exec' && words[i] !== '-execdir') continue;
    const sh = (words[i + 1] ?? '').replace(/^.*\//, '');
    if (!SHELL_NAMES.test(sh) || words[i + 2] !== '-c') continue;
    const script = words[i + 3] ?? '';
    const end = words.findIndex((w, k) => k > i + 3 && (w === ';' || w === '\\;' || w === '+'));
    const args = words.slice(i + 4, end < 0 ? undefined : end);
    const at = args.indexOf('{}');
    if (at < 1 || !/\$(?:\{?1\}?|@|\{@\}|\*)/.test(script)) continue;
    const f = readFind(['find', ...words.slice(1)]);
    const named = listingPattern(words);
    // every file of an unnarrowed tree deleted or blanked one by one: the tree is lost
    if (!named && f && !f.filtered && DESTROYS_ARG.test(script))
      for (const st of f.starts)
        out.push({ text: `rm -rf ${st}`, from: `find runs ${sh} -c on every file of ${st}`, reread: true });
    const found = named ?? (f && !f.filtered ? f.starts.map((st) => `${st.replace(/\/+$/, '')}/**`) : null);
    if (!found?.length) continue;
    const n = String(at);
    for (const path of found.slice(0, 4)) {
      const text = script.replace(new RegExp(`"?\\$(?:\\{?${n}\\}?|@|\\{@\\}|\\*)"?`, 'g'), path);
      if (text !== script)
        out.push({ text, from: `find runs ${sh} -c once per path found (${path})`, reread: false, script: true });
    }
  }
  return out;
}

/** Where a moved folder is as good as gone: a Trash folder, or the scratch space cleared at boot. */
const SCRATCH_DEST = /^(?:\/tmp|\/var\/tmp|\/dev\/shm|\/private\/tmp)(?:\/|$)/;
/** A top-level folder of a home directory (the project itself, Documents, src ...), not a dotfolder. */
const HOME_FOLDER = /^(?:~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/[^./][^/]*\/?$/;
/** A folder of a home project (`~/project/src`, `/home/dev/api/migrations`). */
const PROJECT_FOLDER = /^(?:~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/[^./][^/]*\/[^/]+\/?$/;

/** A name that is a file by its kind: documents, images, media, archives, disk images, text. */
const FILE_KIND =
  /[^/]\.(?:png|jpe?g|gif|heic|webp|tiff?|bmp|svg|pdf|txt|md|log|csv|json|xml|ya?ml|html?|zip|gz|tgz|dmg|pkg|iso|mov|mp4|m4a|mp3|wav|docx?|xlsx?|pptx?|odt|rtf)$/i;

/** Programs that move their operands to a trash folder, and the npm tools that delete them
 * outright (rimraf, del-cli, premove: `rm -rf` for package scripts, run through npx). */
const TRASHERS = new Set([
  'trash',
  'trash-put',
  'gvfs-trash',
  'rmtrash',
  'trash-cli',
  'kioclient-trash',
  'rimraf',
  'del-cli',
  'del',
  'premove',
]);

/** The delete commands of CMake's command-line tool mode (cmake(1), "Run a Command-Line Tool"). */
const CMAKE_DELETES = new Set(['rm', 'remove', 'remove_directory']);

/** Package runners that run a package's program with the words after it (`npx rimraf ~`). */
const RUNNERS = new Set(['npx', 'bunx', 'pnpx']);

function trashed(words: string[]): string[] | null {
  if (RUNNERS.has(words[0] ?? '')) {
    const i = words.findIndex((w, k) => k > 0 && !w.startsWith('-'));
    if (i > 0) words = [(words[i] ?? '').replace(/(.)@[^/]*$/, '$1'), ...words.slice(i + 1)];
  }
  const name = words[0] ?? '';
  let from = 1;
  if (name === 'gio' && words[1] === 'trash') from = 2;
  // CMake's command mode deletes like rm (cmake(1) -E: rm [-rRf], remove [-f], remove_directory)
  else if (name === 'cmake' && words[1] === '-E' && CMAKE_DELETES.has(words[2] ?? '')) from = 3;
  else if (!TRASHERS.has(name)) return null;
  // cmd.exe's `del /s /q` switches are no operands
  const ops = words.slice(from).filter((w) => !w.startsWith('-') && !(name === 'del' && /^\/[a-z]$/i.test(w)));
  return ops.length ? ops : null;
}

/** `$(ls -A DIR)`, `` `git ls-files` ``, `$(find DIR)`: the directory whose every entry the listing returns. */
function listingOperand(w: string): string | null {
  const m = /^"?(?:\$\(([^()]*)\)|`([^`]*)`)"?$/.exec(w);
  let inner = (m?.[1] ?? m?.[2] ?? '').trim();
  // `$(ls -d */ | grep -v .git)`: a filter that only leaves names out hands on the listing
  const piped = /^([^|;&<>]+)\|\s*(?:grep|egrep|fgrep)\s+(?:-[a-zA-Z]*v[a-zA-Z]*|--invert-match)\b[^|;&<>]*$/.exec(
    inner,
  );
  if (piped) inner = (piped[1] ?? '').trim();
  if (!inner || /[|;&<>]/.test(inner)) return null;
  const words = inner.split(/\s+/);
  words[0] = basename(words[0] ?? '');
  const dir = listedTree(words);
  // `ls -d */` lists every folder of the working tree: the tree's work, as `.` is
  if (dir === '*/' || dir === './*/') return '.';
  // `ls -d ~/*/`, `ls -d ~/*`: a glob naming every entry (or folder) of one directory lists it whole
  const every = dir === null ? null : /^(.*[^/])\/\*\/?$/.exec(dir);
  if (every?.[1] && !/[*?[]/.test(every[1])) return every[1];
  // `ls *.log` lists what the glob names, not a directory's every entry
  return dir === null || /[*?[]/.test(dir) ? null : dir;
}

/** Roots where unpacked files replace the system's or the user's own. */
const OVERWRITE_ROOT =
  /^(?:\/|~|~\/|\$HOME\/?|\$\{HOME\}\/?|\/home\/[^/]+\/?|\/Users\/[^/]+\/?|\/root\/?|\/(?:etc|usr|bin|sbin|lib|lib64|boot|var|opt|System|Library)\/?|~\/\.(?:ssh|config|local\/bin)\/?)$/;

function extractDir(words: string[]): { dir: string; absolute: boolean } | null {
  const name = words[0] ?? '';
  if (name === 'tar' || name === 'bsdtar' || name === 'gtar') {
    const mode = words[1] ?? '';
    const extracting =
      words.some((w) => w === '--extract' || w === '--get' || /^-[A-Za-z]*x/.test(w)) ||
      (!mode.startsWith('-') && mode.includes('x'));
    if (!extracting) return null;
    const absolute =
      words.includes('--absolute-names') ||
      words.includes('-P') ||
      words.some((w, i) => (i === 1 ? /^-?[A-Za-z]*P/.test(w) && !w.startsWith('--') : /^-[A-Za-z]*P/.test(w)));
    let dir = '.';
    for (let i = 1; i < words.length; i++) {
      const w = words[i] ?? '';
      if (w === '-C' || w === '--directory') dir = words[i + 1] ?? dir;
      else if (w.startsWith('--directory=')) dir = w.slice(12);
      else if (/^-C./.test(w)) dir = w.slice(2);
    }
    return { dir, absolute };
  }
  if (name === 'unzip') {
    const i = words.indexOf('-d');
    const dir = i > 0 ? (words[i + 1] ?? '.') : '.';
    return { dir, absolute: false };
  }
  if (name === '7z' || name === '7za' || name === '7zz') {
    if (words[1] !== 'x' && words[1] !== 'e') return null;
    const o = words.find((w) => w.startsWith('-o'));
    return { dir: o ? o.slice(2) : '.', absolute: false };
  }
  return null;
}

/** `$(dirname "$PWD")`, `$(cd .. && pwd)`: the working directory's parent. */
const PARENT_REF =
  /^"?\$\(\s*(?:dirname\s+"?(?:\$PWD|\$\{PWD\}|\$\(pwd\)|`pwd`)"?|cd\s+\.\.\s*(?:&&|;)\s*pwd)\s*\)"?\/?$/;
/** Where desktops keep what is thrown away (freedesktop Trash, macOS ~/.Trash, Windows $Recycle.Bin). */
const TRASH_DIR = /(?:^|\/)(?:\.Trash|Trash|\$Recycle\.Bin)(?:\/|$)/;

/** The loss readings of one simple command (words with the program's own name first). */
export function lossReadings(words: string[]): LossReading[] {
  const out: LossReading[] = [];
  const name = words[0] ?? '';
  if (name === 'find')
    // what a find deletes or blanks, read again in full: a source glob is source code destroyed
    for (const r of findDeleteReadings(words)) out.push({ text: r, from: 'find deletes what it finds', reread: true });
  if (name === 'mv') {
    const ops = words.slice(1).filter((w) => !w.startsWith('-'));
    const dest = ops[ops.length - 1] ?? '';
    if (ops.length > 1 && TRASH_DIR.test(dest))
      for (const op of ops.slice(0, -1)) out.push({ text: `rm -rf ${op}`, from: `mv throws ${op} away`, reread: true });
    else if (ops.length > 1 && SCRATCH_DEST.test(dest))
      for (const op of ops.slice(0, -1))
        // a home folder, a repository's history (`mv .git /tmp/old`) or a folder of the working
        // tree (`mv src /tmp/`, read as its delete, so build output moved aside stays allowed):
        // gone at the next boot
        if (
          HOME_FOLDER.test(op) ||
          /(?:^|\/)\.git\/?$/.test(op) ||
          /^(?:\.\/)?[A-Za-z_][\w.-]*\/?$/.test(op) ||
          PROJECT_FOLDER.test(op)
        )
          out.push({ text: `rm -rf ${op}`, from: `mv puts ${op} where the next boot clears it`, reread: true });
  }
  if (name === 'find' && words.includes('-c')) out.push(...findShellScripts(words));
  if (name === 'fd' || name === 'fdfind')
    for (const r of fdDeleteReadings(words))
      out.push({ text: r, from: 'fd runs a delete on what it finds', reread: true });
  const t = trashed(words);
  if (t)
    for (const op of t) {
      // a file thrown away (`trash ~/Desktop/Screenshot*.png`) is at most what `rm -f` of it is:
      // the bin keeps it; a folder (or a name of no file kind) is read as its recursive delete
      const file = (TRASHERS.has(name) || name === 'gio') && FILE_KIND.test(op) && !op.endsWith('/');
      out.push({ text: `${file ? 'rm -f' : 'rm -rf'} ${op}`, from: `${name} moves ${op} away`, reread: true });
    }
  if (name === 'rm') {
    for (const w of words.slice(1)) {
      if (PARENT_REF.test(w)) {
        out.push({ text: 'rm -rf ..', from: `${w} is the working directory's parent`, reread: true });
        continue;
      }
      if (!w.includes('$(') && !w.includes('`')) continue;
      const dir = listingOperand(w);
      if (dir === null) continue;
      const all = dir === '.' ? './*' : `${dir.replace(/\/+$/, '')}/*`;
      out.push({ text: `rm -rf ${all}`, from: `rm of everything ${w} lists`, reread: true });
    }
  }
  const x = extractDir(words);
  if (x) {
    const dir = x.dir.replace(/(.)\/+$/, '$1');
    if (x.absolute) out.push({ text: `extracts-over /`, from: `${name} unpacks absolute paths`, reread: false });
    else if (OVERWRITE_ROOT.test(dir) || OVERWRITE_ROOT.test(`${dir}/`))
      out.push({ text: `extracts-over ${dir}`, from: `${name} unpacks over ${dir}`, reread: false });
  }
  return out;
}
