// A git credential helper given as shell code that keeps or sends what git hands it. git runs
// the helper with `get`, `store` or `erase` and writes the credential (protocol, host, username,
// password) to its standard input; after a successful login every helper is asked to `store` it
// (gitcredentials(7), "Custom helpers"). So `git -c credential.helper='!f() { cat >> /tmp/c; }; f'
// fetch` or `git config --global credential.helper '!tee -a ~/.cache/x'` collects the user's
// passwords and tokens. A named helper (store, cache, osxkeychain, manager) or a snippet that
// only answers (`!f() { echo password=$TOKEN; }; f`, `!gh auth git-credential`) is the
// documented use. Reads as `exposes-secret git-credentials to HELPER`.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const SECRET_HELPER_HINT = /credential\.(?:[^\s=]*\.)?helper/i;

/** Shell code that keeps its input (a file, a tee) or sends it over the network. */
const KEEPS_INPUT =
  /(?:^|[\s;&|({])(?:cat|tee|dd|cp|base64|xxd|od)\b[^;&|]*(?:>|\btee\b)|>>|(?:^|[\s;&|({])(?:tee|curl|wget|nc|ncat|netcat|socat|telnet|ssh|scp|mail|mailx|sendmail|logger)\b|\/dev\/(?:tcp|udp)\//;

/** The helper values a git command line sets: `-c credential[.URL].helper=V`, `config [...] credential[.URL].helper V`. */
function helperValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '-c' || w === '--config-env') {
      const kv = /^credential\.(?:[^=]*\.)?helper=(.*)$/is.exec(argv[i + 1] ?? '');
      if (kv) out.push(kv[1] ?? '');
      i++;
      continue;
    }
    if (/^credential\.(?:\S*\.)?helper$/i.test(w) && argv.slice(1, i).includes('config') && argv[i + 1] !== undefined)
      out.push(argv[i + 1] ?? '');
  }
  return out;
}

export function secretHelperEffects(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    if (basename(c.argv[0] ?? '') !== 'git') continue;
    for (const v of helperValues(c.argv)) {
      const code = v.trim();
      if (!code.startsWith('!') && !/^\//.test(code)) continue;
      if (!KEEPS_INPUT.test(code.replace(/^!/, ''))) continue;
      out.push({
        tool: 'exec',
        command: `exposes-secret git-credentials to ${code.replace(/[^\w~/.$-]/g, '_').slice(0, 80)}`,
        via: `git hands every credential it uses to the helper \`${code.slice(0, 60)}\`, which keeps or sends it`,
      });
    }
  }
}
