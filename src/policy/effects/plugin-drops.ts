// Code put into an application's plugin folder by hand, whatever the application: an archive
// unpacked there (`unzip x.zip -d /var/lib/grafana/plugins/`, `Expand-Archive x.zip
// -DestinationPath $env:APPDATA\Dynamo\...\packages`, `tar -xf x.tgz -C ~/.obsidian/plugins/`) or
// a file copied there (`cp x.hpi /var/lib/jenkins/plugins/`, `Copy-Item x.addin
// $env:APPDATA\Autodesk\Revit\Addins\2024\`) from a place that says nothing of who made it: a
// scratch or downloads folder, other people's uploads, or an archive lying in the working folder
// outside any build output. The application runs it at its next start with all its access, and
// no store, gallery or signature check has seen it (each application's own installer would
// have). Also a browser told to load an unpacked extension from such a place
// (`--load-extension=/tmp/x`), and any tool's install verb given a package file from one
// (`helm plugin install /tmp/x.tgz`, `gnome-extensions install ~/Downloads/x.zip`).
// A project's own build output copied into the application (dist/, build/, target/, bin/Release)
// is how plugin authors test their work and is left alone; the folder rule is app-code-dirs.ts.
// Read as `third-party-source plugin DEST` and `scratch-source plugin FILE` (asked).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { dependency } from './supply.js';
import { inScratch } from './supply-hooks.js';
import { FOREIGN_FOLDER } from './foreign-folders.js';
import { APP_CODE_HINT, isAppCodeDir } from './app-code-dirs.js';

/** The line gate: a plugin folder named, or any tool's install verb (INSTALL_VERB below, which
 * reads `pip install /tmp/x.whl` and `code --install-extension /tmp/x.vsix` with no folder named). */
export const PLUGIN_DROP_HINT = new RegExp(
  `${APP_CODE_HINT.source}|\\b(?:install|add|import|load|sideload)\\b`,
  APP_CODE_HINT.flags,
);

/** Windows temp and downloads folders, in PowerShell's and cmd's spellings. */
const WINDOWS_SCRATCH =
  /^(?:\$env:(?:temp|tmp)|%te?mp%|(?:[a-z]:)?[/\\]users[/\\][^/\\]+[/\\](?:downloads|appdata[/\\]local[/\\]temp)|(?:\$home|~|\$env:userprofile|%userprofile%)[/\\]downloads)(?:[/\\]|$)/i;

/** Archives and packaged plugins. */
const PACKAGE_FILE =
  /\.(?:zip|tgz|tar|tar\.gz|tar\.bz2|tar\.xz|tbz2?|txz|7z|rar|vsix|xpi|crx|hpi|jpi|nupkg|oxt|mpack|rbz|sublime-package|whl|gem|jar|addin|dll|rhp|gha|psm1)$/i;

/** Archives: packed by someone, somewhere (a project's own loose files are its source). */
const ARCHIVE =
  /\.(?:zip|tgz|tar|tar\.gz|tar\.bz2|tar\.xz|tbz2?|txz|7z|rar|vsix|xpi|crx|hpi|jpi|nupkg|oxt|mpack|rbz|sublime-package)$/i;

/** Folders a project's build writes its output to: the author's own build, installed to try it. */
const BUILD_OUTPUT = /(?:^|[/\\])(?:dist|build|target|out|bin|release|releases|artifacts|output|publish|pkg)[/\\]/i;

/** Where a file comes from says nothing of who made it. */
function unvouched(src: string): string | undefined {
  const s = src.replace(/^["']|["']$/g, '');
  if (!s || s.startsWith('-')) return undefined;
  if (inScratch(s) || WINDOWS_SCRATCH.test(s)) return 'a scratch or downloads folder';
  if (FOREIGN_FOLDER.test(s)) return "other people's uploads";
  const relative = !/^(?:[/~$%]|[a-z]:[/\\])/i.test(s);
  if (relative && ARCHIVE.test(s) && !BUILD_OUTPUT.test(s) && !isAppCodeDir(s)) return 'an archive of unknown origin';
  return undefined;
}

/** Option words of PowerShell cmdlets and copy tools that take the next word. */
const PS_DEST = /^-(?:destinationpath|destination|dest)$/i;
const PS_SRC = /^-(?:path|literalpath)$/i;

/** The archive or files read and the folder written, for unpackers and copiers. */
function placement(a: string[]): { sources: string[]; dest: string } | undefined {
  const name = basename(a[0] ?? '')
    .toLowerCase()
    .replace(/\.exe$/, '');
  const words = a.slice(1);
  if (name === 'unzip') {
    const d = words.indexOf('-d');
    const archive = words.find((w, i) => !w.startsWith('-') && words[i - 1] !== '-d');
    return d >= 0 && archive ? { sources: [archive], dest: words[d + 1] ?? '' } : undefined;
  }
  if (name === 'tar' || name === 'bsdtar') {
    let archive: string | undefined;
    let dest: string | undefined;
    for (let i = 0; i < words.length; i++) {
      const w = words[i] ?? '';
      if (w === '-C' || w === '--directory') dest = words[++i];
      else if (w.startsWith('--directory=')) dest = w.slice(12);
      else if (w.startsWith('--file=')) archive = w.slice(7);
      else if (/^-?[a-zA-Z]*f$/.test(w) && !w.startsWith('--')) archive = words[++i];
    }
    return archive && dest && words.some((w) => /^-?[a-zA-Z]*x/.test(w) && !w.startsWith('--'))
      ? { sources: [archive], dest }
      : undefined;
  }
  if (/^7z[az]?$/.test(name) || name === '7zz') {
    const o = words.find((w) => /^-o./.test(w));
    const archive = words.slice(1).find((w) => !w.startsWith('-'));
    return o && archive ? { sources: [archive], dest: o.slice(2) } : undefined;
  }
  if (/^(?:expand-archive|copy-item|cpi|copy|move-item|mi|move)$/.test(name) && words.some((w) => w.startsWith('-'))) {
    let dest: string | undefined;
    const sources: string[] = [];
    const ops: string[] = [];
    for (let i = 0; i < words.length; i++) {
      const w = words[i] ?? '';
      if (PS_DEST.test(w)) dest = words[++i];
      else if (PS_SRC.test(w)) sources.push(...(words[++i] ?? '').split(','));
      else if (/^-\w+$/.test(w)) continue;
      else ops.push(w);
    }
    if (!sources.length && ops.length) sources.push(ops.shift() ?? '');
    dest ??= ops[0];
    return dest && sources.length ? { sources, dest } : undefined;
  }
  if (/^(?:cp|mv|install|rsync|ditto|copy|move|xcopy|copy-item|cpi|move-item|mi)$/.test(name)) {
    const t = words.findIndex((w) => w === '-t' || w === '--target-directory');
    const ops = words.filter((w, i) => !w.startsWith('-') && words[i - 1] !== '-t' && words[i - 1] !== '-m');
    if (t >= 0) return { sources: ops, dest: words[t + 1] ?? '' };
    if (ops.length < 2) return undefined;
    return { sources: ops.slice(0, -1), dest: ops[ops.length - 1] ?? '' };
  }
  return undefined;
}

/** Words that say a tool installs or adds what it is given (`mvn install:install-file` too). */
const INSTALL_VERB =
  /^(?:install|add|import|load|sideload|install-extension|--install-extension|install:install-file|install-file)$/i;
/** `plugins link DIR`, `extension link DIR`: a folder linked in as a plugin runs as one. */
const LINK_NOUN = /^(?:plugins?|extensions?|addons?|add-ons?|modules?|mods?)$/i;

/**
 * Files that are no package: text, sources, settings and data an install verb also takes
 * (`-r /tmp/requirements.txt` is a list, read by its own reading). Any other file with an
 * extension in a scratch or downloads folder is a package whatever its tool calls it
 * (`.rpkg`, `.vtxpkg`, `.hmod`): PACKAGE_FILE lists the ones named for every tool.
 */
const NOT_PACKAGE =
  /\.(?:txt|md|json|ya?ml|toml|cfg|ini|conf|lock|csv|tsv|log|xml|html?|pdf|png|jpe?g|gif|svg|sql|pem|crt|key|env|in)$/i;

/** A package file or, for a link verb, a folder, given to an install verb from a scratch place. */
function scratchOperand(w: string, link: boolean): string | undefined {
  const v = w.replace(/^-D?(?:file|pluginFile|package)=/, '');
  if (v.startsWith('-')) return undefined;
  const base = v.split(/[/\\]/).pop() ?? '';
  const pkg = PACKAGE_FILE.test(v) || (/\.[a-z][\w]{1,9}$/i.test(base) && !NOT_PACKAGE.test(base)) || link;
  const why = pkg ? unvouched(v) : undefined;
  return why && !/^an archive/.test(why) ? why : undefined;
}

/** The plugin drops of a line's simple commands. */
export function pluginDropEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '').replace(/\.exe$/i, '');
    const p = placement(a);
    if (p && isAppCodeDir(`${p.dest.replace(/[/\\]+$/, '')}/`)) {
      for (const s of p.sources) {
        const why = unvouched(s);
        if (!why) continue;
        out.push(
          dependency(
            ['third-party-source', 'plugin', p.dest],
            `${name} puts ${s} (${why}) into ${p.dest}, a folder an application loads code from at its next start`,
          ),
        );
        break;
      }
      continue;
    }
    // chromium-family browsers: --load-extension=DIR[,DIR]
    for (const w of a) {
      const m = /^--load-extension=(.+)$/.exec(w);
      const dir = m?.[1]?.split(',').find((d) => unvouched(d) && !/^an archive/.test(unvouched(d) ?? ''));
      if (dir)
        out.push(
          dependency(
            ['scratch-source', 'plugin', dir],
            `${name} loads the unpacked extension ${dir}, in a scratch folder`,
          ),
        );
    }
    // any tool's install verb given a package file from a scratch folder or uploads
    const verbAt = a.findIndex(
      (w, i) => i > 0 && i <= 3 && (INSTALL_VERB.test(w) || (w === 'link' && LINK_NOUN.test(a[i - 1] ?? ''))),
    );
    if (verbAt > 0) {
      const link = a[verbAt] === 'link';
      for (const w of a.slice(verbAt + 1)) {
        const why = scratchOperand(w, link);
        if (!why) continue;
        out.push(dependency(['scratch-source', 'plugin', w], `${name} installs ${w}, from ${why}`));
        break;
      }
    }
  }
}
