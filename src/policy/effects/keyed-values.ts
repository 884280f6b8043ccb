// Values of named keys in configuration text, whatever the format (JSON, YAML, TOML, INI, HCL),
// read line by line so an edit's fragment is read as well as a whole file: an inline value
// (quoted or not), a flow list (`["sh", "-c", "..."]`), a block that follows (YAML `|`/`>`
// scalars and `- item` lists, INI continuation lines, HCL `<<-EOT` heredocs, TOML `"""`
// strings). The readers of planted commands (later-commands.ts, container-commands.ts) use it.
import { at } from '../../util/invariant.js';

const MAX_LINES = 2000;

export interface KeyedValue {
  key: string;
  /** The items: one for a scalar, each element for a list. */
  items: string[];
  /** The value was a list (a flow `[...]` or a block of `- item` lines). */
  list: boolean;
  /** The line the key is on (0-based), for readers that look around it. */
  line: number;
}

/** JSON/YAML/TOML escapes of a double-quoted string undone. */
function unescape(s: string): string {
  return s.replace(/\\(["'\\/nt|])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

/** The items of a flow list `["a", 'b', c]` (the brackets included). */
export function flowItems(text: string): string[] {
  const body = text
    .trim()
    .replace(/^\[/, '')
    .replace(/\]\s*,?$/, '');
  const out: string[] = [];
  for (const m of body.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^,\s][^,]*)/g)) {
    if (m[1] !== undefined) out.push(unescape(m[1]));
    else if (m[2] !== undefined) out.push(m[2].replace(/''/g, "'"));
    else if (m[3] !== undefined) out.push(m[3].trim());
  }
  return out;
}

/** A scalar value as written on its line: quotes taken off, a trailing comma or comment dropped. */
function scalar(v: string): string {
  const t = v.trim().replace(/,$/, '');
  const dq = /^"((?:[^"\\]|\\.)*)"/.exec(t);
  if (dq) return unescape(dq[1] ?? '');
  const sq = /^'((?:[^']|'')*)'/.exec(t);
  if (sq) return (sq[1] ?? '').replace(/''/g, "'");
  return t.replace(/\s+#.*$/, '');
}

const indentOf = (l: string): number => l.length - l.trimStart().length;

/**
 * Every value of a key named in `keys` (compared case-insensitively, `"key"`, `key:`, `key =`,
 * `- key:` all count).
 */
export function keyedValues(text: string, keys: ReadonlySet<string>): KeyedValue[] {
  const lines = text.split('\n').slice(0, MAX_LINES);
  const out: KeyedValue[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = at(lines, i);
    const m = /^(\s*)(?:-\s+)?["']?([\w.-]+)["']?\s*[:=]\s*(.*)$/.exec(l);
    if (!m || !keys.has(at(m, 2).toLowerCase())) continue;
    const key = at(m, 2).toLowerCase();
    const indent = at(m, 1).length + (/^\s*-\s/.test(l) ? 2 : 0);
    const rest = at(m, 3).trim();
    if (rest.startsWith('[')) {
      // a flow list, perhaps over several lines
      let body = rest;
      let j = i;
      while (!/\]\s*,?\s*(?:#.*)?$/.test(body) && j + 1 < lines.length && j - i < 50)
        body += ' ' + at(lines, ++j).trim();
      out.push({ key, items: flowItems(body.replace(/\s*#[^"']*$/, '')), list: true, line: i });
      i = j;
      continue;
    }
    const heredoc = /^<<-?\s*([A-Z_]+)$/.exec(rest);
    if (heredoc) {
      const body: string[] = [];
      let j = i + 1;
      for (; j < lines.length && at(lines, j).trim() !== heredoc[1]; j++) body.push(at(lines, j));
      out.push({ key, items: [body.join('\n')], list: false, line: i });
      i = j;
      continue;
    }
    if (rest.startsWith('"""') || rest.startsWith("'''")) {
      const q = rest.slice(0, 3);
      const first = rest.slice(3);
      if (first.includes(q)) {
        out.push({ key, items: [first.slice(0, first.indexOf(q))], list: false, line: i });
        continue;
      }
      const body = [first];
      let j = i + 1;
      for (; j < lines.length && !at(lines, j).includes(q); j++) body.push(at(lines, j));
      if (j < lines.length) body.push(at(lines, j).slice(0, at(lines, j).indexOf(q)));
      out.push({ key, items: [body.join('\n')], list: false, line: i });
      i = j;
      continue;
    }
    if (rest && !/^[|>][-+]?\s*(?:#.*)?$/.test(rest) && rest !== '{') {
      out.push({ key, items: [scalar(rest)], list: false, line: i });
      continue;
    }
    if (rest === '{') continue;
    // a block: the lines indented under the key (a YAML scalar or list, INI continuations)
    const block: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const b = at(lines, j);
      if (b.trim() && indentOf(b) <= indent) break;
      block.push(b);
    }
    i = j - 1;
    const nonEmpty = block.filter((b) => b.trim());
    if (!nonEmpty.length) continue;
    if (nonEmpty.every((b) => /^\s*-(?:\s|$)/.test(b) || indentOf(b) > indentOf(at(nonEmpty, 0)))) {
      // a list: `- item` lines (an item's own continuation lines joined to it)
      const items: string[] = [];
      for (const b of nonEmpty) {
        const item = /^\s*-\s*(.*)$/.exec(b);
        if (item && indentOf(b) === indentOf(at(nonEmpty, 0))) items.push(scalar(at(item, 1)));
        else if (items.length) items[items.length - 1] += '\n' + b.trim();
      }
      out.push({ key, items: items.filter((s) => !/^[|>][-+]?$/.test(s)), list: true, line: i });
    } else {
      // a mapping under the key (`source:` of an Argo CD Application: repoURL, path ...) is no command
      if (!rest && nonEmpty.every((b) => /^\s*[\w.-]+\s*:(?:\s|$)/.test(b))) continue;
      const cut = Math.min(...nonEmpty.map(indentOf));
      out.push({
        key,
        items: [
          block
            .map((b) => b.slice(cut))
            .join('\n')
            .trim(),
        ],
        list: false,
        line: i,
      });
    }
  }
  return out;
}

/** The command line an argv list amounts to: `sh -c SCRIPT` is the script, other lists their words joined. */
export function argvCommand(items: string[]): string {
  // one item is a command line already (`args: ["curl ... | sh"]` after `command: [sh, -c]`)
  if (items.length === 1) return items[0] ?? '';
  const first = (items[0] ?? '').replace(/^.*\//, '');
  if (/^(?:ba|z|da|k)?sh$/.test(first)) {
    const c = items.findIndex((w, i) => i > 0 && /^-\w*c$/.test(w));
    if (c > 0) return items.slice(c + 1).join(' ');
  }
  return items.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}
