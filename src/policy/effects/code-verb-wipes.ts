// Code handed to a program that evaluates it, whatever the program: an Elixir release's
// `bin/app eval 'App.Repo.delete_all(App.User)'` or `bin/app rpc ':mnesia.delete_table(:s)'`,
// `erl -eval 'mnesia:clear_table(t)'`, a console's `--execute`, `osascript -e 'tell application
// "Contacts" to delete every person'`. framework-code.ts knows the runners by name (rails runner,
// manage.py shell, mix run ...); this reading knows them by shape: a subcommand or option that
// takes code (eval, rpc, runner, -e, --eval, --execute, --command) followed by code that empties
// or drops whole tables, collections or an application's records:
//   data-wipe-code TOOL VERB CALL    (asked, like framework-code's reading of a target not shown)
// Search and text tools (`grep -e 'User.delete_all'`, `sed -e`) take patterns, not code.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { FRAMEWORK_PROGRAMS, ormWipe } from './framework-code.js';

/** Subcommands that evaluate the next operand as code (release scripts, consoles, remote shells). */
const CODE_VERBS = /^(?:eval|rpc|runner|remote_eval|exec_code|php:eval|php-eval|ev|evaluate)$/;
/** Options whose value is code. */
const CODE_OPTS = /^(?:-e|--eval|-eval|--execute|--exec|--command|-c|--code|-x)$/;
/**
 * Dotted or prefixed long options whose value is code, in any client (ArangoDB's arangosh
 * `--javascript.execute-string`, `--shell.eval`, `--script-eval`): the option's last word says so.
 */
const CODE_OPT_TAIL = /^--[a-z][\w.-]*[.-](?:eval|execute-string|execute-code|exec-string)$/i;
/** Programs whose -e, -c or -x is a pattern, a script of edits or a message, not code that runs against data. */
const NOT_CODE = new Set([
  ...'grep egrep fgrep rg ag ack sed gsed awk gawk git echo printf jq yq cut tr sort find xargs tmux screen ssh docker kubectl'.split(
    ' ',
  ),
  // database shells: their -e, -c and --eval are read, by target, by the SQL and document-store readings
  ...'mongosh mongo redis-cli valkey-cli psql mysql mariadb sqlite3 duckdb cqlsh clickhouse-client clickhouse influx cockroach snowsql bq sqlcmd usql pgcli mycli litecli'.split(
    ' ',
  ),
]);

/**
 * Whole-store wipes in languages framework-code.ts does not list: Erlang/Elixir's Mnesia and ETS
 * tables (Mnesia reference manual: delete_table/1, clear_table/1, delete_schema/1; ets:delete_all_objects/1),
 * and AppleScript's `delete every ELEMENT` of a scriptable app (AppleScript Language Guide, "delete",
 * "every" reference form).
 */
const WIPES: RegExp[] = [
  /:?\bmnesia[.:](?:delete_table|clear_table|delete_schema)\(/,
  /:?\b[dm]?ets[.:]delete_all_objects\(/,
  // a database handle's own drop or truncate of a whole collection or database, in the JavaScript
  // shells of document and graph stores (arangosh `db._drop("c")`, `db.c.truncate()`, `db._dropDatabase`)
  /\bdb\.(?:\w+\.)?_?(?:drop|truncate)(?:Database|Collection|Table)?\s*\(/,
  // (`delete (every reminder whose completed is true)` is as narrow as its filter)
  /\bdelete\s+\(?\s*every\s+\w+\b(?!\s*\(?\s*(?:whose|where|that)\b)/i,
];

/** The line's text may hold such code (a cheap gate before the walk). */
export const CODE_WIPE_HINT =
  /delete_all|destroy_all|delete_table|clear_table|delete_schema|drop|truncate|deleteMany|delete_all_objects|delete\s+\(?\s*every|flush/i;

function wipeOf(code: string): string | undefined {
  const orm = ormWipe(code);
  if (orm) return orm;
  for (const re of WIPES) {
    const m = re.exec(code);
    if (m) return m[0].replace(/\s+/g, ' ').slice(0, 60);
  }
  return undefined;
}

export function codeVerbWipeEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const argv = c.argv;
    const tool = basename(argv[0] ?? '').toLowerCase();
    if (!tool || NOT_CODE.has(tool) || FRAMEWORK_PROGRAMS.includes(tool)) continue;
    for (let i = 1; i < argv.length - 1; i++) {
      const w = argv[i] ?? '';
      if (!CODE_VERBS.test(w) && !CODE_OPTS.test(w) && !CODE_OPT_TAIL.test(w)) continue;
      const code = argv[i + 1] ?? '';
      const wipe = wipeOf(code);
      if (!wipe) continue;
      out.push({
        tool: 'exec',
        command: `data-wipe-code ${tool} ${w} ${wipe.replace(/\s+/g, ' ')}`,
        via: `${tool} ${w} runs \`${wipe}\`, which empties or drops whole tables or every record of an application`,
      });
      break;
    }
  }
}
