// The commands a workload's containers run, from a Kubernetes manifest, a Helm values file or a
// Compose file: `command:` and `args:` (Kubernetes: the container's entrypoint and its
// arguments; Compose: `command:` and `entrypoint:`), in flow form (`["sh", "-c", "env | curl
// ..."]`), block form (`- sh` / `- -c` / `- |` and the script's lines) or as one string. A shell
// given `-c` runs the script after it; any other command is read as its words. Whoever applies
// or deploys the file runs them, with the pod's secrets mounted and its environment filled.

const SHELLS = /^(?:\/bin\/|\/usr\/bin\/)?(?:sh|bash|ash|dash|zsh)$/;
const KEY = /^(\s*)(?:-\s+)?(command|args|entrypoint)\s*:\s*(.*)$/;

/** The strings of a flow sequence: `["sh", "-c", "a \"b\""]` or `[sh, -c, x]`. */
function flowItems(text: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^,\s\][][^,\]]*)/g;
  for (const m of text.matchAll(re)) {
    if (m[1] !== undefined) out.push(m[1].replace(/\\(["\\])/g, '$1').replace(/\\n/g, '\n'));
    else if (m[2] !== undefined) out.push(m[2].replace(/''/g, "'"));
    else if (m[3]?.trim()) out.push(m[3].trim());
  }
  return out;
}

/** A block sequence under a key: `- item` lines deeper than the key, `- |` items taking the lines below them. */
function blockItems(lines: string[], from: number, indent: number): string[] {
  const out: string[] = [];
  let i = from;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (!line.trim()) {
      i++;
      continue;
    }
    const lead = line.length - line.trimStart().length;
    if (lead <= indent && !line.trimStart().startsWith('- ')) break;
    if (lead < indent) break;
    const m = /^\s*-\s*(.*)$/.exec(line);
    if (!m) break;
    const v = (m[1] ?? '').trim();
    if (/^[|>][-+]?$/.test(v)) {
      const body: string[] = [];
      i++;
      while (
        i < lines.length &&
        ((lines[i] ?? '').trim() === '' || (lines[i] ?? '').length - (lines[i] ?? '').trimStart().length > lead)
      ) {
        body.push((lines[i] ?? '').trim());
        i++;
      }
      out.push(body.join(v.startsWith('>') ? ' ' : '\n').trimEnd());
      continue;
    }
    out.push(v.replace(/^"((?:[^"\\]|\\.)*)"$/, '$1').replace(/^'(.*)'$/, '$1'));
    i++;
  }
  return out;
}

/** A container's command and arguments as the line a shell would run. */
function asLine(words: string[]): string {
  const [first = '', second, third] = words;
  if (SHELLS.test(first) && second !== undefined && /^-\w*c$/.test(second) && third !== undefined) return third;
  return words.join(' ');
}

/** The command lines a manifest's containers run (empty when it names none). */
export function manifestCommands(text: string): string[] {
  const lines = text.split('\n').slice(0, 4000);
  const out: string[] = [];
  let pending: { indent: number; words: string[] } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const m = KEY.exec(lines[i] ?? '');
    if (!m) continue;
    const indent = (m[1] ?? '').length;
    const key = m[2] ?? '';
    const rest = (m[3] ?? '').trim();
    let words: string[];
    if (rest.startsWith('['))
      words = flowItems(rest.slice(1, rest.lastIndexOf(']') > 0 ? rest.lastIndexOf(']') : undefined));
    else if (rest === '') words = blockItems(lines, i + 1, indent);
    else words = [rest.replace(/^"((?:[^"\\]|\\.)*)"$/, '$1').replace(/^'(.*)'$/, '$1')];
    if (!words.length) continue;
    // `args:` right after a `command:` of the same container continues it
    if (key === 'args' && pending && pending.indent === indent) {
      out[out.length - 1] = asLine([...pending.words, ...words]);
      pending = null;
      continue;
    }
    out.push(asLine(words));
    pending = key === 'command' || key === 'entrypoint' ? { indent, words } : null;
  }
  return out.filter((l) => l.trim());
}
