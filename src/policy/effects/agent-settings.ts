// An agent's own checks switched off through its configuration command rather than a launch flag,
// read from the shape every such CLI shares, whatever the agent is called: a `config set`,
// `config`, `settings set` or `--set` of a key that names an approval, permission, sandbox or
// confirmation gate, to a value that opens it (`codex config set approval_policy never`,
// `opencode config set permission.bash allow`, `agentctl config set sandbox off`,
// `foo settings set autoApprove true`). Every later run of that agent acts with no check, svc's
// hooks included when they ride on the approval step. Read as `agent-unchecked PROGRAM KEY`,
// denied by agent-launch-readings as the launch flags are (agent-launch.ts).
// Sources: the configuration references of Codex (approval_policy, sandbox_mode), Claude Code
// (permissions.defaultMode bypassPermissions), Gemini CLI and Qwen Code (approvalMode yolo,
// autoAccept), opencode (permission.{edit,bash} allow), Cline and Roo (autoApprove), Cursor
// (yolo mode), Aider (yes-always).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

/** The line gate: a gate's key is named. */
export const AGENT_SETTING_HINT =
  /approv|sandbox|permission|yolo|confirm|trust|allow[-_.]?all|skip[-_.]?perm|default[-_.]?mode|yes[-_.]?always|[.:\/](?:bash|shell|exec|edit)\b/i;

/** Words that start a configuration change. */
const CONFIG_WORD = /^(?:config|configure|settings?|prefs|preferences|--set|set|-c|--config)$/i;
/** Keys whose value is the gate itself: the last dotted or slashed part of the key. */
const GATE_KEY =
  /^(?:approvals?|approval[-_]?(?:policy|mode)|ask[-_]?for[-_]?approval|require[-_]?approval|sandbox(?:[-_]?mode)?|permissions?|permission[-_]?mode|default[-_]?mode|confirm(?:ations?)?|require[-_]?confirmation|bash|shell|edit|exec)$/i;
/** Keys that open the gate when set true. */
const OPEN_KEY =
  /^(?:auto[-_]?approve|auto[-_]?accept|yolo(?:[-_]?mode)?|trust[-_]?all(?:[-_]?tools)?|allow[-_]?all(?:[-_]?tools)?|skip[-_]?permissions?|dangerously[-_]?\w+|yes[-_]?always|full[-_]?auto|bypass[-_]?\w*)$/i;
/** Values that open a gate. */
const OPEN_VALUE =
  /^['"]?(?:never|off|none|disabled?|false|no|bypass|bypasspermissions|danger-full-access|full-auto|yolo|allow|always|auto)['"]?$/i;
const TRUE = /^['"]?(?:true|yes|on|1|enabled?)['"]?$/i;
/** The parts of a key that say which part of the agent it belongs to (`permission.bash`, `tools.shell`). */
const AGENT_SCOPE = /permission|approv|sandbox|tool|agent|autonomy|safety/i;
/** Programs whose config keys these names mean something else for, or that only print text. */
const OTHER = new Set(
  'echo printf grep rg cat git npm pnpm yarn pip pip3 conda poetry kubectl gcloud az aws docker podman helm terraform sed awk jq yq'.split(
    ' ',
  ),
);

function opens(key: string, value: string): boolean {
  const parts = key.split(/[./:]/).filter(Boolean);
  const last = parts[parts.length - 1] ?? '';
  if (OPEN_KEY.test(last)) return TRUE.test(value);
  if (!GATE_KEY.test(last) || !OPEN_VALUE.test(value)) return false;
  // `bash`, `shell`, `edit`, `exec` are gates only inside an agent's permission table
  if (/^(?:bash|shell|edit|exec)$/i.test(last)) return parts.slice(0, -1).some((p) => AGENT_SCOPE.test(p));
  return true;
}

export function agentSettingEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '').toLowerCase();
    if (!name || OTHER.has(name)) continue;
    const at = a.findIndex((w, i) => i > 0 && CONFIG_WORD.test(w));
    if (at < 0) continue;
    for (let i = at + 1; i < a.length; i++) {
      const w = (a[i] ?? '').replace(/^--?/, '');
      if (/^(?:set|--set|--global|-g|--user|--project)$/i.test(a[i] ?? '')) continue;
      const eq = /^([\w.:/-]+)\s*[=:]\s*(.+)$/.exec(w);
      const [key, value] = eq ? [eq[1] ?? '', eq[2] ?? ''] : [w, a[i + 1] ?? ''];
      if (key && value && opens(key, value)) {
        out.push({
          tool: 'tamper',
          command: `agent-unchecked ${name} ${key}`.replace(/[^\w@/.:=+ -]/g, '_').slice(0, 200),
          via: `${name} sets ${key} to ${value}, switching its approval checks off`,
        });
        break;
      }
    }
  }
}
