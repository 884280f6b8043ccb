// Statements one SQL client writes and another runs: `psql -Atc "SELECT 'DROP TABLE ' ||
// tablename || ' CASCADE;' FROM pg_tables" | psql`, `mysql -N -e "SELECT CONCAT('TRUNCATE TABLE
// ', table_name, ';') FROM information_schema.tables" | mysql shop`, `sqlcmd -Q "SELECT 'DELETE
// FROM ' + name FROM sys.tables" | sqlcmd`. The first query's string literals are data to the
// database that runs it, but its output is the second client's script: one statement per row of
// the catalogue listing, so each literal joined with the columns around it is read as the
// statement it becomes (`DROP TABLE tablename CASCADE`), whatever the clients and the catalogue.
// A generated `ANALYZE` or `GRANT SELECT` reads as itself and destroys nothing.
// The tokens come from sql.ts's tokenizer, passed in (sql.ts imports this file).

/** One token as sql.ts's tokenizer gives it. */
interface SqlTok {
  /** Upper-cased for words, '?' for string literals, the character(s) for punctuation. */
  t: string;
  /** The word as written. */
  raw: string;
  str?: boolean;
}

/** Words after which a literal's statement ends: the rest of the query selects rows, not text. */
const ENDS = new Set(['FROM', 'AS', 'WHERE', 'INTO', 'UNION', 'ORDER', 'GROUP', 'LIMIT']);

/** Functions that quote a name into the text they build: their argument is the name. */
const QUOTERS = new Set([
  'QUOTE_IDENT',
  'QUOTE_LITERAL',
  'QUOTENAME',
  'QUOTE_NULLABLE',
  'CONCAT',
  'CONCAT_WS',
  'FORMAT',
]);

/** A literal that starts a statement (a verb first): the text the query prints is SQL. */
const STATEMENT_START =
  /^\s*(?:drop|truncate|delete|update|alter|create|insert|grant|revoke|analyze|vacuum|exec|execute|kill)\b/i;

/**
 * The statements a query prints when its output is run as SQL: each string literal that starts a
 * statement, joined with the literals and names concatenated after it (`||`, `+`, `,` inside
 * CONCAT), names spelled as written, `%I`/`%s` of format() filled with the names that follow.
 */
export function generatedStatements(statements: readonly (readonly SqlTok[])[]): string[] {
  const out: string[] = [];
  for (const st of statements) {
    for (let i = 0; i < st.length; i++) {
      const first = st[i];
      if (!first?.str || !STATEMENT_START.test(first.raw)) continue;
      const parts: string[] = [first.raw];
      let j = i + 1;
      for (; j < st.length; j++) {
        const tok = st[j];
        if (!tok) break;
        if (tok.str) parts.push(tok.raw);
        else if (tok.t === '||' || tok.t === '+' || tok.t === ',' || tok.t === '(') continue;
        else if (tok.t === ')') continue;
        else if (QUOTERS.has(tok.t)) continue;
        else if (ENDS.has(tok.t)) break;
        else if (/^[A-Za-z_]/.test(tok.raw)) parts.push(tok.raw);
        else break;
      }
      i = j;
      let sql = parts.join('');
      // format('DROP TABLE %I', name): the placeholders take the names given after the pattern
      const names = parts.slice(1);
      sql = parts[0]?.includes('%') ? (parts[0] ?? '').replace(/%[IsL]/g, () => names.shift() ?? 'name') : sql;
      out.push(sql);
    }
  }
  return out;
}
