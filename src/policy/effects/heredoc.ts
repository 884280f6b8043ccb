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
  const kept: string[] = [];
  const bodies: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = at(lines, i);
    kept.push(line);
    const pending: { delim: string; strip: boolean }[] = [];
    OPERATOR.lastIndex = 0;
    for (let m = OPERATOR.exec(line); m; m = OPERATOR.exec(line)) {
      const delim = m[3] ?? m[4] ?? m[5];
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
