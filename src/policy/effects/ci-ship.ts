// Two things a CI file can start doing that a reviewer must see: a step that ships (publishes,
// deploys, releases: the ship reading of src/policy/ship.ts, run on every trigger of the
// workflow), and an action from an owner the catalogues do not know given the repository's
// secrets through `with:` (`data: ${{ toJSON(secrets) }}`): the action's author then holds them.
import type { Effect } from './types.js';
import { shipReadings } from '../ship.js';
import { isKnownOwner } from './supply-data.js';
import { dependency } from './supply.js';

/** The commands of CI step scripts, split at shell separators into words. */
function commands(scripts: string): string[][] {
  const out: string[][] = [];
  for (const part of scripts.split(/\n|&&|\|\||;|\|/)) {
    const words = part.trim().split(/\s+/).filter(Boolean);
    // the program's own name: /usr/bin/npm -> npm
    if (words[0]) words[0] = (words[0].split('/').pop() ?? words[0]).toLowerCase();
    while (words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0] ?? '')) words.shift();
    if (words.length) out.push(words);
  }
  return out;
}

export function ciShipFindings(text: string, scripts: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const words of commands(scripts)) {
    for (const r of shipReadings(words)) {
      if (!r.text.startsWith('ship ')) continue;
      out.push({ tool: 'exec', command: r.text, via: `${via}: adds a step that ships (${r.from})` });
      return out.concat(secretsToActions(text, via));
    }
  }
  return out.concat(secretsToActions(text, via));
}

/** `uses: owner/repo@ref` steps whose `with:` hands over secrets, for owners no catalogue lists. */
function secretsToActions(text: string, via: string): Effect[] {
  if (!text.includes('secrets')) return [];
  const out: Effect[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(?:-\s*)?uses\s*:\s*["']?([^\s"'#@]+)/.exec(lines[i] ?? '');
    if (!m?.[2] || m[2].startsWith('./') || m[2].startsWith('docker://')) continue;
    const owner = m[2].split('/')[0] ?? '';
    if (isKnownOwner(owner)) continue;
    const indent = (m[1] ?? '').length;
    // the rest of the step: lines indented deeper than `uses:`/`- uses:` up to the next step
    for (let j = i + 1; j < lines.length; j++) {
      const l = lines[j] ?? '';
      if (!l.trim()) continue;
      const ind = l.length - l.trimStart().length;
      if (ind < indent || (ind === indent && l.trimStart().startsWith('-'))) break;
      if (/\$\{\{[^}]*\bsecrets\b/.test(l)) {
        out.push(dependency(['sends-secret', `action:${m[2]}`], via));
        break;
      }
    }
  }
  return out;
}
