// Looking for a way to more power than the agent was given, whatever wraps the look: the sudo
// rules this account has (`sudo -l`, `sudo --list`, `sudo -ll`), whether sudo works without a
// password (`sudo -n true`, `sudo -nv`, `doas -n true`), and a hunt across the whole file system
// for programs whose file capabilities make them root (`getcap -r /`); the set-user-id hunt
// (`find / -perm -4000`) is read elsewhere. Each is the first step of a privilege escalation
// (GTFOBins' "Sudo" and "Capabilities" sections start from exactly these; MITRE ATT&CK T1548.003
// and T1069 discovery). Read as `power-probe WHAT`, which the standard policy asks: a human
// knows whether the agent should be looking. The sudo looks count when their answer is acted on
// (piped on, `&&`/`||`) or beside another look for power; a bare `sudo -l`, `sudo -V` or
// `getcap ./bin/tool` passes.
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const POWER_PROBE_HINT = /\b(?:sudo|doas|getcap)\b/;

const START = String.raw`(?:^|[;&|({]\s*|\b(?:then|do|if|!)\s+)`;
const SUDO_LIST = new RegExp(
  START + String.raw`sudo\s+(?:-[a-zA-Z]*\s+)*(?:-[a-zA-Z]*l[a-zA-Z]*|--list)(?=\s|$|[;&|)])`,
);
const SUDO_NOPASS = new RegExp(
  START + String.raw`(?:sudo|doas)\s+(?:-n\s+(?:true|:|-v|id|whoami|echo)\b|-nv\b|-vn\b|-n\s+-v\b|-v\s+-n\b)`,
);
const CAP_HUNT = new RegExp(
  START + String.raw`getcap\s+(?:-\w+\s+)*-r\s+(?:\/|\/usr|\/opt|\/bin|\/sbin|\/home)\/?(?=\s|$|[;&|)])`,
);

/** The probe's answer used: piped on, or branched on with && / || (`sudo -n true && echo OK`). */
function consumed(re: RegExp, text: string): boolean {
  const m = re.exec(text);
  if (!m) return false;
  const after = text.slice(m.index + m[0].length);
  return /^[^;&|\n]*(?:\|(?!\|)|&&|\|\|)/.test(after);
}

export function powerProbeEffects(l: LineView, out: Effect[]): void {
  const t = l.text;
  const list = SUDO_LIST.test(t);
  const nopass = SUDO_NOPASS.test(t);
  const caps = CAP_HUNT.test(t);
  const suid = /\bfind\s+\/\S*\s[^;&|]*-perm\s+[-/]?(?:[246]000|u=s|g=s)/.test(t);
  // a bare `sudo -l` or `sudo -n true` is how a script or a person checks what sudo allows; the
  // probe shape is its answer acted on, or several looks for power together
  const several = [list, nopass, caps, suid].filter(Boolean).length >= 2;
  const found: [boolean, string, string][] = [
    [list && (several || consumed(SUDO_LIST, t)), 'sudo-rules', 'lists the sudo rules of this account'],
    [nopass && (several || consumed(SUDO_NOPASS, t)), 'sudo-nopassword', 'tests whether sudo runs without a password'],
    [caps, 'capabilities', 'hunts the file system for programs with root capabilities'],
  ];
  for (const [hit, what, via] of found)
    if (hit) out.push({ tool: 'exec', command: `power-probe ${what}`, via: `${via}, looking for more power` });
}
