// Software pushed onto machines other than this one, read from the shape of the command for tools
// svc has never seen: `fwctl devices upgrade --all --image http://.../fw.bin`, `fleetctl ota
// rollout --group all-stores --version 5.2.1`, `pkgpush --server pos-prod.example --package
// pos.zip --install`, `Install-PSPlugin.ps1 -Server sis.example.org -Plugin sso.zip`, `oc adm
// upgrade --to-image=REF --force`. Each says three things, whatever the vendor:
//   - a verb that puts software in place: upgrade, rollout, install, flash, push, distribute,
//     in a subcommand, in the tool's or script's own name, or as a switch (`--install`);
//   - what is put there: an image, firmware, package, plugin, bundle, build or version option,
//     or an artifact operand (`.zip`, `.bin`, `.msi`, `.apk`, an image reference);
//   - where it lands: every device or site (`--all`, `--group all-stores`, `STORE-*`), a named
//     server that is not this machine (`--server`, `--host`, `--nodes`, `-ComputerName`), or the
//     whole cluster forced past its checks (`upgrade --force`, `--allow-explicit-upgrade`).
// Read as `cli-ship TOOL ...` (the cli-ship-verbs policy asks, as for any tool's deploy verb).
// Package managers and updaters of this machine (`softwareupdate --install --all`, `winget upgrade
// --all`) name no other machine; flashing a board on a serial port, an extension installed into
// the editor, and a rehearsal (`--dry-run`) are not this either.
import { basename } from './shell-wrappers.js';
import { isPackageManager } from './effects/sources.js';
import { rehearses, RUNNERS, scratchName } from './shell-verb-scope.js';

/** Verbs that put software onto a machine. */
const VERB =
  /^(?:upgrade|rollout|roll-out|install|reinstall|flash|push|distribute|assign|update-firmware|firmware-update|(?:upgrade|update|install|push|rollout)[-_]all)$/i;
/** A tool named for that job (`pkgpush`, `fw-flash`, `ota-rollout`). */
const VERB_IN_NAME = /(?:^|[-_])(?:install|upgrade|rollout|flash|push|distribute)(?:[-_]|$)|push$|rollout$|^install-/i;
/** Option names (their words) saying what is put in place. */
const PAYLOAD_WORD =
  /^(?:image|images|firmware|fw|package|pkg|plugin|plugins|bundle|artifact|build|version|release|binary|msi|apk|ipa|app)$/i;
/** An artifact file or an image reference given as an operand or a value. */
const ARTIFACT =
  /\.(?:zip|bin|img|fw|hex|msi|msix|pkg|apk|aab|ipa|deb|rpm|jar|war|ear|tgz|tar\.gz|exe|dmg|iso|swu|raucb|ota)$|^(?:docker:\/\/)?[\w.-]+(?::\d+)?\/[\w./-]+(?::[\w.-]+|@sha256:[0-9a-f]+)$/i;
/** Option names (their words) naming the machines reached. */
const HOST_WORD =
  /^(?:server|servers|host|hosts|hostname|node|nodes|computer|computers|computername|device|devices|endpoint|endpoints|remote|target|targets|site|sites|store|stores|clients?)$/i;
/** Option names naming a group of machines. */
const GROUP_WORD = /^(?:group|groups|ring|scope|fleet|tag|tags|collection|cohort|segment|channel)$/i;
/** This machine or a local device port. */
const LOCAL = /^(?:localhost|127(?:\.\d+){3}|::1|0\.0\.0\.0|\/dev\/\S+|COM\d+|[\w.-]+\.(?:local|localhost|test))$/i;
/** A part of a host name that names a rehearsal or lab machine (`pos-dev01`, `sis.test.example.org`). */
const REHEARSAL_PART = /^(?:dev|devel|lab|test|testing|staging|stage|stg|sandbox|sbx|qa|uat|local|ci|demo)\d*$/i;

/** Whether a host named by a reach option is another machine that matters. */
function otherMachine(host: string): boolean {
  if (!host || /^\$/.test(host) || LOCAL.test(host) || scratchName(host)) return false;
  return !host.split(/[.-]/).some((p) => REHEARSAL_PART.test(p));
}
/** Forcing an upgrade past its checks. */
const FORCED = /^--?(?:force|allow-explicit-upgrade|force-upgrade|skip-checks?|ignore-checks?)(?:=true)?$/i;

/** An option's words: `--to-image` -> to, image; `-ComputerName` -> computername. */
function optionWords(w: string): string[] {
  return w
    .replace(/^-+/, '')
    .replace(/[=:].*$/, '')
    .split(/[-_.]/)
    .map((x) => x.toLowerCase());
}

/** The tool's words: a PowerShell script run by pwsh (`pwsh ./Install-X.ps1 -Server S`) is the script's. */
function toolWords(words: string[]): string[] {
  let start = 0;
  while (RUNNERS.has(words[start] ?? '')) start++;
  const w = words.slice(start);
  if (/^(?:pwsh|powershell)(?:\.exe)?$/i.test(basename(w[0] ?? ''))) {
    const i = w.findIndex((x, j) => j > 0 && /\.ps1$/i.test(x));
    if (i > 0) return [w[i] ?? '', ...w.slice(i + 1)];
  }
  return w;
}

/** `cli-ship TOOL ...` when the command pushes software onto other machines; else null. */
export function rolloutReading(words: string[]): { text: string; from: string } | null {
  const w = toolWords(words);
  const raw = basename(w[0] ?? '');
  const tool = raw.toLowerCase().replace(/\.(?:exe|ps1|sh|py)$/, '');
  if (!/^[a-z][\w.-]*$/.test(tool) || isPackageManager(tool)) return null;
  const rest = w.slice(1);
  if (rehearses(w, 1)) return null;
  const path = rest.filter((x) => !x.startsWith('-')).slice(0, 4);
  const verb =
    path.find((x) => VERB.test(x)) ??
    rest.find((x) => /^--?(?:install|upgrade|flash|push|rollout)$/i.test(x)) ??
    (VERB_IN_NAME.test(tool) ? tool : undefined);
  if (!verb) return null;
  // a look at the rollout (`rollout status`, `upgrade history`): the word after the verb asks
  const after = path[path.indexOf(verb) + 1] ?? '';
  if (/^(?:status|history|list|ls|show|get|describe|info|logs?|progress|watch|inspect|plan|diff)$/i.test(after))
    return null;
  let payload = false;
  let reach: string | undefined;
  let everyMachine = false;
  for (let i = 0; i < rest.length; i++) {
    const x = rest[i] ?? '';
    if (!x.startsWith('-')) {
      if (ARTIFACT.test(x.replace(/^["']|["']$/g, ''))) payload = true;
      if (/^[\w-]*\*$/.test(x) && /[a-z]/i.test(x)) reach ??= x;
      continue;
    }
    const eq = /[=:]/.exec(x.replace(/^-+/, ''));
    const value = eq
      ? x.slice(x.indexOf(eq[0], 1) + 1)
      : rest[i + 1] && !rest[i + 1]?.startsWith('-')
        ? rest[i + 1]
        : undefined;
    const ow = optionWords(x);
    if (/^--?all(?:[-_][\w-]+)?$/i.test(x) || /^--?(?:everyone|every[-_]?device|fleet[-_]?wide)$/i.test(x)) reach ??= x;
    if (value === undefined) continue;
    const v = value.replace(/^["']|["']$/g, '');
    if (ow.some((o) => PAYLOAD_WORD.test(o))) payload = true;
    else if (ARTIFACT.test(v)) payload = true;
    if (ow.some((o) => GROUP_WORD.test(o) || HOST_WORD.test(o)) && /^(?:all(?:[-_ ]|$)|\*$|every)/i.test(v)) {
      // every machine named as such (`--hosts all`, `--group "All Devices"`) needs no payload to be a rollout
      reach ??= `${x} ${v}`;
      everyMachine = true;
    } else if (ow.some((o) => HOST_WORD.test(o))) {
      const host = v.replace(/^[a-z][\w+.-]*:\/\/(?:[^@/]*@)?/i, '').replace(/[:/].*$/, '');
      if (otherMachine(host)) reach ??= `${x} ${host}`;
    }
  }
  if (!payload && !everyMachine) return null;
  if (!reach && /^(?:upgrade|update)/i.test(verb) && rest.some((x) => FORCED.test(x))) reach = 'forced';
  if (!reach) return null;
  return {
    text: ['cli-ship', tool, ...rest].join(' '),
    from: `${verb.replace(/^-+/, '')} (${tool}) onto ${reach}`,
  };
}
