// A flying vehicle (a drone's autopilot: PX4, ArduPilot) told over MAVLink to lose what keeps it
// safe or what records its flights, whatever program carries the words: a ground-control console
// (MAVProxy's --cmd or a script it loads, PX4's NuttX shell through mavlink_shell.py or px4-*
// commands), the MAVLink libraries in `-c` code or a here-doc (pymavlink, MAVSDK, DroneKit), or a
// ROS 2 vehicle_command message. What the words do on the vehicle:
//   wipe:      every parameter reset (ArduPilot FORMAT_VERSION 0 erases them at the next boot,
//              PX4 `param reset_all`, SYS_AUTOCONFIG 1, MAV_CMD_PREFLIGHT_STORAGE with 2), the
//              onboard flight logs erased (LOG_ERASE, MAVProxy `log erase`, MAVSDK
//              erase_all_log_files), the mission, geofence or rally points cleared;
//   kill:      motors stopped in the air (MAVSDK action.kill/terminate, MAV_CMD_DO_FLIGHTTERMINATION
//              185, a forced disarm: MAV_CMD_COMPONENT_ARM_DISARM 400 with magic 21196);
//   safety-off: the autopilot's own checks or failsafes switched off (ARMING_CHECK 0,
//              FENCE_ENABLE 0, FS_*_ENABLE 0, PX4 circuit breakers CBRK_*).
// Each is `vehicle-command KIND WORDS` (asked, `vehicle-commands`). A line that names a simulator
// (SITL, sim_vehicle.py, Gazebo, jMAVSim) passes: the vehicle there is a process on this machine.
// A loopback address alone is no sign of one: mavlink-router forwards a real vehicle's link to
// 127.0.0.1:14550. Searching for or printing the words (grep, echo, an editor, git) passes.
// Sources: MAVLink common message set (LOG_ERASE, MISSION_CLEAR_ALL, MAV_CMD_PREFLIGHT_STORAGE,
// MAV_CMD_DO_FLIGHTTERMINATION, MAV_CMD_COMPONENT_ARM_DISARM param2 21196), MAVProxy command
// reference (param, log, wp/fence/rally, script), MAVSDK Action/LogFiles/Mission/Geofence plugins,
// ArduPilot parameter list (FORMAT_VERSION, ARMING_CHECK, FENCE_ENABLE, FS_*), PX4 parameter
// reference (SYS_AUTOCONFIG, CBRK_*) and PX4 `param` module (reset_all).
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

/** A parameter NAMES set to VALUE: MAVProxy/PX4 `param set N V`, pymavlink `param_set_send(s, c,
 * b'N', V, t)`, MAVSDK `set_param_int('N', V)`, DroneKit `parameters['N'] = V`. */
function paramSet(names: string, value: string): string {
  return String.raw`(?:\bparam\s+set\s+|\bparam_set(?:_send)?\s*\([^)]*?|\bset_param(?:_int|_float)?\s*\([^)]*?|\bparameters\s*\[\s*)b?['"]?(?:${names})['"]?\s*(?:\]\s*=|,|\s)\s*${value}`;
}

/** Kind and pattern, each as the words reach the vehicle. */
const READINGS: readonly (readonly [kind: string, re: RegExp])[] = [
  [
    'wipe',
    new RegExp(
      paramSet('FORMAT_VERSION', String.raw`0\b`) +
        '|' +
        paramSet('SYS_AUTOCONFIG', String.raw`1\b`) +
        '|' +
        String.raw`\bparam\s+reset(?:_all)?\b|\bpx4-param\s+reset|` +
        String.raw`\blog\s+erase\b|\blog_erase(?:_send)?\s*\(|\berase_all_log_files\s*\(|` +
        String.raw`\b(?:wp|fence|rally)\s+clear\b|\bmission_clear_all(?:_send)?\s*\(|\bclear_(?:mission|geofence)\s*\(|` +
        String.raw`MAV_CMD_PREFLIGHT_STORAGE\b|\bcommand_long(?:_send)?\s*\([^)]*?,\s*245\s*,\s*\d+\s*,\s*2\s*,`,
      'i',
    ),
  ],
  [
    'kill',
    new RegExp(
      String.raw`\baction\.(?:kill|terminate)\s*\(|MAV_CMD_DO_FLIGHTTERMINATION\b|\bcommand_long(?:_send)?\s*\([^)]*?,\s*185\s*,|` +
        String.raw`\bcommand_long(?:_send)?\s*\([^)]*?,\s*400\s*,\s*\d+\s*,\s*0\s*,\s*21196\b|\bcommand:\s*185\b|\bdisarm\s+force\b`,
      'i',
    ),
  ],
  [
    'safety-off',
    new RegExp(
      paramSet('ARMING_CHECK|FENCE_ENABLE|FS_[A-Z]+_ENABLE|GF_ACTION|NAV_DLL_ACT|NAV_RCL_ACT', String.raw`0\b`) +
        '|' +
        paramSet('CBRK_[A-Z_]+', '[1-9]'),
      'i',
    ),
  ],
];

/** Cheap gate: any of the words above. */
export const VEHICLE_COMMAND_HINT =
  /FORMAT_VERSION|SYS_AUTOCONFIG|param\s+reset|px4-param|log\s+erase|log_erase|erase_all_log_files|(?:wp|fence|rally)\s+clear|mission_clear_all|clear_(?:mission|geofence)|MAV_CMD_|command_long|action\.(?:kill|terminate)|command:\s*185|disarm\s+force|ARMING_CHECK|FENCE_ENABLE|FS_[A-Z]+_ENABLE|GF_ACTION|NAV_DLL_ACT|NAV_RCL_ACT|CBRK_/i;

/** Programs that only show, search or record text: the words in their arguments reach no vehicle. */
const TEXT_ONLY = new Set([
  ...['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'ugrep', 'echo', 'printf', 'cat', 'less', 'more', 'head', 'tail'],
  ...['sed', 'awk', 'jq', 'yq', 'wc', 'sort', 'uniq', 'diff', 'bat', 'man', 'tldr', 'git', 'vim', 'vi', 'nano', 'code'],
]);

/** The vehicle is a simulator on this machine. */
const SIM = /\b(?:sim_vehicle(?:\.py)?|gazebo|gz\s+sim|jmavsim|px4_sitl)\b/i;

export function vehicleCommandEffects(line: LineView, out: Effect[]): void {
  if ([...line.programs].every((p) => TEXT_ONLY.has(p))) return;
  if (SIM.test(line.text)) return;
  for (const [kind, re] of READINGS) {
    const m = re.exec(line.text);
    if (!m) continue;
    const words = m[0].replace(/\s+/g, ' ').slice(0, 80);
    out.push({
      tool: 'exec',
      command: `vehicle-command ${kind} ${words}`,
      via: `a vehicle's autopilot is told over MAVLink to ${kind === 'wipe' ? 'erase its parameters, logs or mission' : kind === 'kill' ? 'stop its motors or disarm by force' : 'switch off its safety checks'} (${words})`,
    });
  }
}
