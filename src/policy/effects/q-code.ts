// q, the language of kdb+, read for what it destroys, wherever the q text comes from: a `q`
// session fed on standard input (`q <<< '...'`, `echo '...' | q`), a string sent over IPC to a
// running process (`h:hopen `:kdb-prod:5012; h"delete from `trade"`), the same through PyKX or
// qPython from Python (`q('...')`, `conn.sendSync('...')`), or an MCP tool's `q` parameter.
// q's own forms (code.kx.com/q/ref): `delete from `t` (a symbol: in place) with no `where` empties
// the table; `delete t from `.` removes it from the root namespace; `` `t set 0#t `` empties it;
// `hdel `:path` deletes a file or directory; `` `:/hdb/sym set ... `` writes over a historical
// database's enumeration file (every partition's symbol columns then read as the wrong symbols
// or none); `system "..."` runs a shell command. Read as
//   `kdb-wipe WHAT`        (denied by destructive-data), for what lasts beyond the session, and
//   `rm -rf PATH`          for `hdel`, decided like any delete by its target (wide-deletes.ts),
//   the shell command      for `system "..."`.
// A fresh session's own tables die with it, so in-memory wipes count only when the code is sent
// to another process (hopen to a host that is not this machine, or an MCP tool naming one).
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

/** Words that say a line holds q code: the interpreter, IPC, the Python bridges. */
export const Q_HINT = /\bhopen\b|\bhdel\b|\bpykx\b|\bqpython\b|\bkdb\b|sendSync|`:[\w./-]*\s+set\b|\.Q\.dd\b/;

/** An IPC handle to this machine: `hopen 5010`, `` hopen `::5010 ``, `` `:localhost:5010 ``. */
const LOCAL_HOPEN = /\bhopen\s*\(?\s*(?:\d+|`:(?::|localhost:|127\.0\.0\.1:)\d+)/;
/** An IPC handle to another host: `` hopen `:kdb-prod:5012 ``. */
const REMOTE_HOPEN = /\bhopen\s*\(?\s*`:(?!localhost:|127\.0\.0\.1:|:)[\w.-]+:\d+/;

/** The q statements of a text (split at `;` and newlines; q code is short). */
function statements(text: string): string[] {
  return text.split(/;|\n/).map((s) => s.trim());
}

/**
 * What q text destroys. `remote` says the code runs in a process other than a fresh session
 * (sent over IPC or through a tool to a named server), where in-memory tables are live data.
 */
export function qCodeEffects(text: string, via: string, remote: boolean): Effect[] {
  const out: Effect[] = [];
  const wipe = (what: string, how: string) =>
    out.push({ tool: 'exec', command: `kdb-wipe ${what}`, via: `${via} q that ${how}` });
  for (const st of statements(text)) {
    if (remote) {
      const del = /\bdelete\s+from\s+`([\w.]+)/.exec(st);
      if (del && !/\bwhere\b/.test(st)) wipe(`delete from ${del[1]}`, `empties table ${del[1]} in place`);
      const ns = /\bdelete\s+([\w.,\s]+?)\s+from\s+`\.(?:\s|$|")/.exec(st);
      if (ns) wipe(`delete ${ns[1]} from .`, `removes ${ns[1]} from the root namespace`);
      const empty = /`([\w.]+)\s+set\s+0#/.exec(st);
      if (empty) wipe(`${empty[1]} set 0#`, `empties table ${empty[1]}`);
    }
    const sym = /`:([^\s;"`]*\/)?sym\s+set\b/.exec(st);
    if (sym) wipe(`sym file ${sym[1] ?? ''}sym overwritten`, `writes over the HDB's sym file`);
    for (const m of st.matchAll(/\bhdel\b[^"]*?`:([^\s;"`\]]+)/g)) {
      const path = (m[1] ?? '').replace(/\/+$/, '');
      if (!path) continue;
      // `hdel each .Q.dd[`:/hdb] each key `:/hdb` takes every entry of the folder
      const all = /\beach\b/.test(st);
      out.push({
        tool: 'exec',
        command: `rm -rf ${all ? `${path}/*` : path}`,
        via: `${via} q hdel deletes ${all ? `everything under ${path}` : path}`,
      });
    }
    for (const m of st.matchAll(/\bsystem\s*"((?:[^"\\]|\\.)+)"/g))
      out.push({ tool: 'exec', command: (m[1] ?? '').replace(/\\"/g, '"'), via: `${via} q runs a shell command` });
  }
  return out;
}

/** q text on a command line: stdin of `q`, IPC strings and bridge calls in any program's words. */
export function qLineEffects(l: LineView, out: Effect[]): void {
  const remote = REMOTE_HOPEN.test(l.text) && !LOCAL_HOPEN.test(l.text);
  const isQ = (w: string | undefined) => /^q(?:\.exe)?$/.test(w?.replace(/^.*[\\/]/, '') ?? '');
  for (const c of l.cmds) {
    const name = c.argv[0]?.replace(/^.*[\\/]/, '') ?? '';
    // a q session's standard input is its code (`q <<< '...'`, a heredoc, `echo '...' | q`)
    if (isQ(name) && c.stdin) out.push(...qCodeEffects(c.stdin, 'q runs', remote));
    else if (isQ(c.pipedInto?.[0])) out.push(...qCodeEffects(c.argv.slice(1).join(' '), 'q runs', remote));
    else for (const t of c.argv.slice(1)) if (Q_HINT.test(t)) out.push(...qCodeEffects(t, `${name} runs`, remote));
  }
}
