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
