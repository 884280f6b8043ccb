// A file run from a folder that holds hostile or other people's files: a forensic case's
// evidence, a malware sample or quarantine folder, mail attachments saved to disk, an inbox of
// uploads or submissions. Whatever program it is, running it (as the command itself, as the
// script of a shell or interpreter, as a JVM's jar, under wine, a tracer or an emulator, opened
// with the desktop's default handler) runs code no one on this machine wrote, on the analyst's or
// the operator's own host: the reason triage guides (SANS FOR610, the NIST SP 800-86 guide to
// forensics) keep samples to static tools and a detonation sandbox. Reading, hashing, listing,
// carving or scanning such files runs nothing of theirs and is left alone, and so is a program
// handed one as its data (`python3 -m json.tool F`, `sqlite3 F`, `capa F`).
//
// A script run from a removable drive's mount point is the same (foreign-folders.ts, REMOVABLE_MOUNT).
//
// Read as `runs-foreign PATH` (policy foreign-code-runs, ask).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { dependency } from './supply.js';
import { jvmLoadedFiles, runsFiles } from './download-exec.js';
import { FOREIGN_FOLDER, REMOVABLE_MOUNT } from './foreign-folders.js';

export { FOREIGN_HINT } from './foreign-folders.js';

/**
 * Programs that run the file they are given, beyond the shells and interpreters download-exec.ts
 * knows: Windows programs under wine, .NET assemblies, tracers and emulators that start the
 * program they are handed (strace, ltrace, valgrind, qemu's user mode, box64).
 */
const HOSTS = /^(?:wine|wine64|wine32|mono|dotnet|strace|ltrace|valgrind|qemu-[\w-]+|box64|box86|rosetta|arch)$/;
/** Options of those hosts that take the next word as their value (strace -o FILE, -e EXPR). */
const HOST_VALUE = /^-(?:o|e|p|s|E|u|a|X|U|L|cpu|r|d)$/;

/** The file a host program starts: its first operand after its options. */
function hostedFile(name: string, a: readonly string[]): string | undefined {
  if (!HOSTS.test(name)) return undefined;
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (HOST_VALUE.test(w)) i++;
    else if (w === 'start' && /^wine/.test(name)) continue;
    else if (!w.startsWith('-') && !/^(?:exec|run)$/.test(w)) return w;
  }
  return undefined;
}

/** Programs that hand a file to its default application. */
const OPENERS = /^(?:open|xdg-open|start|invoke-item|ii|gio)$/;
/** What an opener runs as code: applications, installers, scripts, shortcuts and macro documents. */
const OPENED_RUNS =
  /\.(?:app|pkg|mpkg|dmg|command|tool|sh|exe|msi|scr|com|bat|cmd|ps1|vbs|vbe|js|jse|wsf|hta|lnk|jar|iso|img|docm|dotm|xlsm|xltm|xlam|pptm|potm|ppam|one|chm|appimage|deb|rpm|run|bin)\/?$/i;

/** Package managers: a package installed from a removable drive is how an offline machine is patched. */
const INSTALLERS =
  /^(?:dnf|yum|rpm|apt|apt-get|dpkg|zypper|pip\d*(?:\.\d+)?|pipx|npm|gem|flatpak|snap|installer|msiexec|pkgadd|pacman)$/;

/** A relative path run inside a foreign folder the line changed into. */
const RELATIVE = /^(?![/~$\\]|[A-Za-z]:)/;

export function foreignRunEffects(cmds: readonly SimpleCommand[], out: Effect[]): void {
  let here: string | undefined; // the working directory, when the line moved into a foreign folder
  const seen = new Set<string>();
  for (const c of cmds) {
    const a = [...c.argv];
    const name = basename(a[0] ?? '')
      .toLowerCase()
      .replace(/\.exe$/, '');
    if (name === 'cd' || name === 'pushd') {
      const dir = a[1] ?? '';
      here = FOREIGN_FOLDER.test(`${dir}/`) ? dir : RELATIVE.test(dir) && here ? `${here}/${dir}` : undefined;
      continue;
    }
    // chmod +x, ls, file, hashing: nothing runs yet
    if (/^(?:chmod|chown|ls|file|stat|cat|less|head|tail|xxd|strings|md5sum|sha\d*sum|shasum)$/.test(name)) continue;
    a[0] = name === basename(a[0] ?? '').toLowerCase() ? (a[0] ?? '') : name;
    const ran = [...runsFiles([name, ...a.slice(1)]).slice(1), ...jvmLoadedFiles(name, a)];
    const hosted = hostedFile(name, a);
    if (hosted) ran.push(hosted);
    // the command itself, when it is a path (a bare name is looked up on PATH)
    const self = c.argv[0] ?? '';
    if (/[/\\]/.test(self)) ran.push(self);
    for (const raw of ran) {
      const f = raw.replace(/,\w+$/, ''); // rundll32 FILE.dll,Entry
      if (!f || f.startsWith('-')) continue;
      // the desktop's default handler runs programs, installers and macro documents; it only shows
      // a PDF, a picture or a spreadsheet
      if (OPENERS.test(name) && !OPENED_RUNS.test(f)) continue;
      const foreign =
        FOREIGN_FOLDER.test(f) || (REMOVABLE_MOUNT.test(f) && !INSTALLERS.test(name))
          ? f
          : here !== undefined && RELATIVE.test(f)
            ? `${here}/${f.replace(/^\.\//, '')}`
            : undefined;
      if (!foreign || seen.has(foreign)) continue;
      seen.add(foreign);
      out.push(dependency(['runs-foreign', foreign], `${name} runs ${foreign}`));
    }
  }
}
