// Here-documents: `cmd <<EOF` (or <<-EOF, <<'EOF', <<"EOF") takes the following lines up to the
// delimiter line as its standard input. The shell tokenizer reads those lines as commands; for
// effects we need them as the text the command receives (what `cat > f <<EOF` writes).
import { at } from '../../util/invariant.js';

export interface HereDocs {
  /** The command with every here-doc body removed (the operator lines stay). */
  text: string;
  /** Bodies in the order their operators appear. */
  bodies: string[];
}

const OPERATOR = /(^|[^<])<<(-?)[ \t]*(?:'([^'\n]*)'|"([^"\n]*)"|\\?([A-Za-z0-9_.-]+))/g;

/** Splits here-doc bodies out of a command; a command without `<<` comes back unchanged. */
export function splitHereDocs(cmd: string): HereDocs {
  if (!cmd.includes('<<')) return { text: cmd, bodies: [] };
  const lines = cmd.split('\n');
  const quoted = operatorsOutsideQuotes(lines);
  const kept: string[] = [];
  const bodies: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = at(lines, i);
    kept.push(line);
    const pending: { delim: string; strip: boolean }[] = [];
    const live = quoted ? quoted[i] : undefined;
    OPERATOR.lastIndex = 0;
    for (let m = OPERATOR.exec(line); m; m = OPERATOR.exec(line)) {
      const delim = m[3] ?? m[4] ?? m[5];
      // an operator inside a quoted word is text: `bash <<< "python3 - <<'EOF' ... EOF"` hands
      // the whole string, its own here-document included, to bash
      if (live && !live.has(m.index + (m[1] ?? '').length)) continue;
      if (delim) pending.push({ delim, strip: m[2] === '-' });
    }
    for (const p of pending) {
      const body: string[] = [];
      let j = i + 1;
      for (; j < lines.length; j++) {
        const l = p.strip ? at(lines, j).replace(/^\t+/, '') : at(lines, j);
        if (l === p.delim || l.trimEnd() === p.delim) break;
        body.push(l);
      }
      bodies.push(body.join('\n'));
      i = Math.min(j, lines.length - 1);
    }
  }
  return { text: kept.join('\n'), bodies };
}

/**
 * Per line, the offsets of the `<<` operators the shell sees: outside single and double quotes
 * (inside `$(...)` and backquotes, which start afresh even within double quotes), outside comments,
 * skipping the lines of each here-document body. Undefined when the quotes do not balance by the
 * end, where every `<<` is taken as an operator as before.
 */
function operatorsOutsideQuotes(lines: string[]): Set<number>[] | undefined {
  const out: Set<number>[] = [];
  const stack: string[] = [];
  const top = () => stack[stack.length - 1] ?? '';
  let skipUntil: { delim: string; strip: boolean }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = at(lines, i);
    const ops = new Set<number>();
    out.push(ops);
    if (skipUntil.length) {
      const cur = skipUntil[0];
      const l = cur?.strip ? line.replace(/^\t+/, '') : line;
      if (cur && (l === cur.delim || l.trimEnd() === cur.delim)) skipUntil = skipUntil.slice(1);
      continue;
    }
    for (let k = 0; k < line.length; k++) {
      const ch = line[k];
      const t = top();
      if (t === "'") {
        if (ch === "'") stack.pop();
        continue;
      }
      if (ch === '\\') {
        k++;
        continue;
      }
      if (t === '"') {
        if (ch === '"') stack.pop();
        else if (ch === '$' && line[k + 1] === '(') {
          stack.push('(');
          k++;
        } else if (ch === '`') stack.push('`');
        continue;
      }
      // unquoted: the top level, a `$(...)` or `(...)`, or backquotes
      if (ch === '#' && (k === 0 || /[\s;&|(]/.test(line[k - 1] ?? ''))) break;
      if (ch === "'" || ch === '"') stack.push(ch);
      else if (ch === '(') stack.push('(');
      else if (ch === ')' && t === '(') stack.pop();
      else if (ch === '`') {
        if (t === '`') stack.pop();
        else stack.push('`');
      } else if (ch === '<' && line[k + 1] === '<' && line[k - 1] !== '<' && line[k + 2] !== '<') {
        ops.add(k);
        OPERATOR.lastIndex = 0;
        const m = OPERATOR.exec(line.slice(k > 0 ? k - 1 : 0));
        const delim = m ? (m[3] ?? m[4] ?? m[5]) : undefined;
        if (m && m.index === 0 && delim) skipUntil.push({ delim, strip: m[2] === '-' });
        k++;
      } else if (ch === '<' && line[k + 1] === '<' && line[k + 2] === '<') k += 2;
    }
  }
  return stack.length === 0 && skipUntil.length === 0 ? out : undefined;
}
