// Databases driven over HTTP take their statements in the request: InfluxDB's /query?q=DROP
// DATABASE, ClickHouse's ?query= or a POSTed body, CrateDB, Druid and Trino's JSON {"query": ...},
// Elasticsearch's _sql, Neo4j's {"statement": ...}, Supabase and Hasura's SQL endpoints. What they
// run is the statement, whatever the client: each destroying one is read as the SQL reading spells
// it (DROP DATABASE metrics), so the rules on SQL decide it (effects/sql.ts).
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';
import { sqlTextEffects } from './sql.js';
import { basename } from '../shell-wrappers.js';

/** Clients that send a request with the body or query given on the command line. */
const CLIENTS = new Set(['curl', 'wget', 'http', 'https', 'xh', 'xhs', 'curlie', 'invoke-restmethod', 'irm', 'iwr']);
/** Options whose value is the request body. */
const BODY =
  /^(?:-d|--data|--data-raw|--data-binary|--data-urlencode|--data-ascii|--json|--post-data|--body-data|-Body)$/;
/** The parameter and JSON field names HTTP database APIs take a statement in. */
const FIELD = /^(?:q|query|sql|stmt|statement|statements|command)$/i;

/** The line's cheap gate: a destroying SQL verb somewhere in it. */
export const HTTP_SQL_HINT = /\b(?:drop|truncate|delete|alter)\b/i;

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** The statements a body or a query string carries (`q=...`, `{"query": "..."}`, a bare statement). */
export function requestStatements(text: string): string[] {
  const out: string[] = [];
  const t = text.trim();
  if (t.startsWith('{') || t.startsWith('[')) {
    for (const m of t.matchAll(/"(\w+)"\s*:\s*"((?:[^"\\]|\\.)*)"/g))
      if (FIELD.test(m[1] ?? '')) out.push((m[2] ?? '').replace(/\\(["\\/])/g, '$1').replace(/\\n/g, '\n'));
    return out;
  }
  const pairs = t.split('&');
  let named = false;
  for (const p of pairs) {
    const eq = p.indexOf('=');
    if (eq <= 0) continue;
    if (FIELD.test(p.slice(0, eq))) {
      named = true;
      out.push(decode(p.slice(eq + 1)));
    }
  }
  // a body that is the statement itself (ClickHouse: curl --data-binary 'DROP TABLE t' host:8123)
  if (!named && !/^[\w.-]+=/.test(t)) out.push(t);
  return out;
}

export function httpSqlEffects(l: LineFacts, out: Effect[]): void {
  for (const c of l.cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '').toLowerCase();
    if (!CLIENTS.has(name)) continue;
    const texts: string[] = [];
    for (let i = 1; i < a.length; i++) {
      const w = a[i] ?? '';
      const eq = /^(--[\w-]+)=(.*)$/s.exec(w);
      if (eq && BODY.test(eq[1] ?? '')) texts.push(eq[2] ?? '');
      else if (BODY.test(w) && a[i + 1] !== undefined) texts.push(a[++i] ?? '');
      else if (/^[a-z][\w+.-]*:\/\/|^[\w.-]+(?::\d+)?\//i.test(w) && w.includes('?'))
        texts.push(w.slice(w.indexOf('?') + 1));
      // httpie's `q==DROP...` (query) and `query=...` (JSON field) items
      else if (/^(?:http|https|xh|xhs)$/.test(name) && /^\w+==?/.test(w)) {
        const m = /^(\w+)==?(.*)$/s.exec(w);
        if (m && FIELD.test(m[1] ?? '')) texts.push(`${m[1]}=${encodeURIComponent(m[2] ?? '')}`);
      }
    }
    for (const t of texts) {
      if (!HTTP_SQL_HINT.test(decode(t))) continue;
      for (const st of requestStatements(t))
        // a statement names what it acts on (`drop table` alone is a search for the words)
        if (/\b(?:drop|truncate|delete|alter)\s+\S+\s+\S+/i.test(st))
          for (const e of sqlTextEffects(st, 'generic', `${name} sends the database`))
            if (e.tool === 'exec') out.push(e);
    }
  }
}
