// The YAML behind each loaded policy, for the dashboard's Policy tab: an operator reading
// "Asks for approval of exec calls" wants to see the rule that says so. Cut from the policy's
// file by the parser's own ranges, so the text is exactly what is on disk.
import { readFileSync } from 'node:fs';
import { isMap, isSeq, parseDocument } from '../src/util/yaml.js';
import type { PolicyEngine } from '../src/policy/types.js';

/** A policy's text is cut here: the page shows a rule, not a whole file. */
export const MAX_SOURCE_CHARS = 4000;

export interface PolicySource {
  name: string;
  file: string;
  line: number;
  /** The policy's YAML as it is in the file now; absent when the file cannot be read. */
  source?: string;
  truncated?: boolean;
}

interface WithFiles {
  files: Array<{ file: string; policies: Array<{ name: string; line: number }> }>;
}

/**
 * One entry per loaded policy, in load order. The file is read at call time: if it was edited
 * since the last good load, the text shown is the one on disk (the Policy tab says so next to a
 * load error).
 */
export function policySources(engine: PolicyEngine): PolicySource[] {
  const files = (engine as Partial<WithFiles>).files;
  if (!Array.isArray(files)) return [];
  const out: PolicySource[] = [];
  for (const f of files) {
    const texts = textsByName(f.file);
    for (const p of f.policies) {
      const entry: PolicySource = { name: p.name, file: f.file, line: p.line };
      const t = texts.get(p.name);
      if (t !== undefined) {
        entry.source = t.length > MAX_SOURCE_CHARS ? t.slice(0, MAX_SOURCE_CHARS) : t;
        if (t.length > MAX_SOURCE_CHARS) entry.truncated = true;
      }
      out.push(entry);
    }
  }
  return out;
}

function textsByName(file: string): Map<string, string> {
  const out = new Map<string, string>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return out; // a built-in profile or a file gone since: no text, the rest still shows
  }
  const doc = parseDocument(text);
  const seq = doc.get('policies');
  if (!isSeq(seq)) return out;
  for (const item of seq.items) {
    if (!isMap(item) || !item.range) continue;
    const name = item.get('name');
    if (typeof name !== 'string' || out.has(name)) continue;
    out.set(name, dedent(text.slice(item.range[0], item.range[1]).replace(/\s+$/, '')));
  }
  return out;
}

/** The item starts after "- "; give it back its first key's indentation so it reads as YAML. */
function dedent(snippet: string): string {
  const lines = snippet.split('\n');
  const indents = lines
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => l.length - l.trimStart().length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return [lines[0], ...lines.slice(1).map((l) => l.slice(Math.min(cut, l.length - l.trimStart().length)))].join('\n');
}
