// The simple commands the reader resolved (variables, ${IFS}, braces, aliases), spelled back as
// shell text whose words read back as the resolved words. Effects (effects/) walk the line as
// written; these spellings let them see the command the shell will actually run.
import type { Token } from './shell-parse.js';

const REDIR_OP = /^(\d*|&)(>>|>\||>&|<<<|<<-|<<|<&|<>|>|<)(.*)$/s;
/** A word with none of these is read back as itself when left bare (globs stay globs). */
const BARE = /^[^\s'"\\;&|<>()`$#!]+$/;

function quoted(w: string): string {
  return `'${w.replace(/'/g, `'\\''`)}'`;
}

function word(t: Token): string {
  return !t.quoted && BARE.test(t.text) ? t.text : quoted(t.text);
}

/** The tokens as shell text a walker splits back into the same words and redirections. */
export function respell(tokens: Token[]): string {
  const out: string[] = [];
  let skip = false;
  for (const t of tokens) {
    if (skip) {
      skip = false;
      if (t.redir) continue;
    }
    const m = t.redir ? REDIR_OP.exec(t.text) : null;
    // A here-document's body is not among the tokens: its operator alone would swallow the
    // lines after it.
    if (m && (m[2] === '<<' || m[2] === '<<-')) {
      skip = !m[3];
      continue;
    }
    if (m) out.push(`${m[1] ?? ''}${m[2] ?? ''}${m[3] ? quoted(m[3]) : ''}`);
    else out.push(t.text ? word(t) : "''");
  }
  return out.join(' ');
}
