// Pirated builds of commercial software ("nulled" WordPress plugins and themes, "cracked" IDEs and
// toolchains, key generators) are the classic carrier of backdoors: whoever removed the licence
// check also ships whatever else they added, and no vendor stands behind the archive. An archive
// or program named as one that is unpacked, installed, copied into a plugin or theme folder, or
// run is read as code from an untrusted source (`runs-untrusted`, deny). The markers are the
// scene's own naming of such builds (WordPress security vendors' reports on nulled plugins,
// e.g. Wordfence and Sucuri; "cracked"/"keygen"/"warez" in download names). The word has to stand
// on its own in the name (`theme-nulled.zip`, never `nulledge`), and the file has to be what such
// builds ship as: an archive, an installer or package, or a program run by its path (a project's
// own `cracked_egg_sim.py` is not one).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { dependency } from './supply.js';

/** The line-reading gate: a marker somewhere in the line. */
export const PIRATED_HINT = /nulled|crack|keygen|warez|pirat/i;

const MARKER = /(?:^|[-_. /+(])(?:nulled|cracked|keygen|keymaker|warez|pirated)(?=[-_. /+)]|$)/i;

/** What pirated builds ship as: archives, installers and packages. */
const SHIPPED =
  /\.(?:zip|rar|7z|tar|tgz|tbz2?|txz|gz|bz2|xz|zst|exe|msi|dmg|pkg|deb|rpm|appimage|jar|vsix|phar|whl|apk|ipa|iso)$/i;

/** Programs that unpack, install, copy or run the file they are given. */
const HANDLERS =
  /^(?:tar|bsdtar|unzip|7z|7za|7zz|unrar|cpio|sh|bash|zsh|dash|wine|wine64|msiexec|installer|dpkg|rpm|apt|apt-get|dnf|yum|hdiutil|open|xdg-open|cp|mv|rsync|install|php|python[0-9.]*|node|java|chmod|wp|composer|pip[0-9.]*|npm|code|flatpak|snap|appimagelauncher)$/i;

/** The pirated builds a line unpacks, installs, copies or runs. */
export function piratedCodeEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const a = c.argv;
    const prog = a[0] ?? '';
    const name = basename(prog).replace(/\.exe$/i, '');
    const runsItself = MARKER.test(prog) && SHIPPED.test(prog) && /[/\\]/.test(prog);
    if (!runsItself && !HANDLERS.test(name)) continue;
    const named = runsItself ? prog : a.slice(1).find((w) => !w.startsWith('-') && MARKER.test(w) && SHIPPED.test(w));
    if (!named) continue;
    out.push(
      dependency(
        ['runs-untrusted', named],
        `${name} ${runsItself ? 'runs' : 'takes'} ${named}, named as a pirated build (a cracked or nulled copy no vendor ships)`,
      ),
    );
  }
}
