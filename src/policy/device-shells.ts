// A router's or switch's own shell handed configuration commands on its command line: FRRouting
// and Quagga `vtysh -c 'conf t' -c 'router bgp 65001' -c 'neighbor X shutdown'`, RANCID's
// `clogin -c 'conf t; ...' HOST` (and jlogin, hlogin for Juniper and HP), Junos `cli -c
// 'configure; ...; commit'`, Check Point `clish -c 'set ...'`. The commands change what the
// device routes or forwards, as `configure terminal` over ssh does (the ship catalogue's network
// section): read as `ship TOOL WORDS` (ship-commands asks). Commands that only show pass.
// Sources: FRRouting vtysh(1) (-c runs a command, several in order), RANCID clogin(1) (-c
// semicolon-separated commands, -x a file of them), Junos `cli -c`, Check Point Gaia clish -c.

const SHELLS = new Set(['vtysh', 'clogin', 'jlogin', 'hlogin', 'flogin', 'cli', 'clish', 'imish']);
/** Entering configuration mode, or a Gaia/VyOS set/delete: the rest of the commands change the device. */
const CONFIGURES =
  /(?:^|[;\n]\s*)(?:(?:conf(?:igure)?(?:\s+(?:t|terminal|exclusive|private))?|commit)\s*(?:$|[;\n])|(?:set|delete)\s+\S)/i;

/** `ship TOOL WORDS` when a device shell is given configuration commands; else null. */
export function deviceShellReading(words: string[]): { text: string; from: string } | null {
  const tool = (words[0] ?? '').replace(/^.*\//, '').toLowerCase();
  if (!SHELLS.has(tool)) return null;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if ((w === '-c' || w === '-x' || w === '--command') && CONFIGURES.test(words[i + 1] ?? ''))
      return { text: `ship ${tool} ${words.slice(1).join(' ')}`, from: `${tool} given configuration commands` };
  }
  return null;
}

/**
 * Telephony servers' consoles handed one command on their command line: Asterisk `asterisk -rx
 * 'CMD'` (and `rasterisk -x`), FreeSWITCH `fs_cli -x 'CMD'`. A command that stops the server or
 * hangs up every call drops every live call of the contact center at once (Asterisk CLI: `core
 * stop now|gracefully|when convenient`, `core restart now`, `channel request hangup all`;
 * FreeSWITCH mod_commands: `shutdown`, `fsctl shutdown [elegant|restart]`, `hupall`). Read as
 * `cli-destroy TOOL console WORDS` (cli-destructive-verbs asks); any other command is handed to
 * the verb readings as the tool's own subcommand (`database deltree`, `dialplan remove extension`).
 */
// (a Map: a program named `constructor` or `__proto__` is no console)
const CONSOLES = new Map<string, RegExp>([
  ['asterisk', /^-[a-z]*x$/],
  ['rasterisk', /^-[a-z]*x$/],
  ['fs_cli', /^(?:-x|--execute)$/],
]);
const HALTS =
  /^(?:core\s+(?:stop|restart)\s+(?:now|gracefully|when\s+convenient)|(?:fsctl\s+)?shutdown\b|fsctl\s+crash|hupall\b|channel\s+request\s+hangup\s+all|hangup\s+all|soft\s+hangup\s+all)/i;

/** The console command a telephony console is given, split into words with the tool first; null if none. */
export function consoleCommand(words: string[]): string[] | null {
  const tool = (words[0] ?? '').replace(/^.*\//, '').toLowerCase();
  const flag = CONSOLES.get(tool);
  if (!flag) return null;
  for (let i = 1; i < words.length - 1; i++)
    if (flag.test(words[i] ?? '')) {
      const cmd = (words[i + 1] ?? '').trim();
      return cmd ? [tool, ...cmd.split(/\s+/)] : null;
    }
  return null;
}

/** `cli-destroy TOOL console WORDS` when a console command stops the server or hangs up every call; else null. */
export function consoleHaltReading(words: string[]): { text: string; from: string } | null {
  const cmd = consoleCommand(words);
  if (!cmd) return null;
  const line = cmd.slice(1).join(' ');
  if (!HALTS.test(line)) return null;
  return { text: `cli-destroy ${cmd[0]} console ${line}`, from: `${cmd[0]} told to ${line}: every live call dropped` };
}
