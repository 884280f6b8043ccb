// What a write or an edit takes away rather than plants: the write tool given empty content (or
// only comments) blanks the file (`src/main.rs` written as "" is `truncate -s 0 src/main.rs`, which the
// source-loss reading judges, and a delete of its content, which the rules on where deletes reach judge), and an edit of CODEOWNERS that drops owners removes the reviews
// those owners were required to give (read as the branch-protection delete it amounts to).
import type { ToolCall } from '../types.js';
import type { Effect } from './types.js';
import { sqlTextEffects } from './sql.js';
import { blankedTarget } from './wide-deletes.js';

/** Files that are empty on purpose (package markers, placeholders). */
const EMPTY_BY_DESIGN = /(?:^|\/)(?:__init__\.pyi?|py\.typed|conftest\.py|\.gitkeep|\.keep|\.nojekyll)$/;

/** Documents, where a line starting with `#` is a heading, not a comment. */
const DOCUMENT = /\.(?:md|markdown|mdx|rst|txt|adoc|org)$/i;

/** The raw text of a parameter, empty strings included. */
function param(call: ToolCall, ...keys: string[]): string | undefined {
  for (const src of [call.params, call.input]) {
    if (!src) continue;
    for (const k of keys) {
      const v = src[k];
      if (typeof v === 'string') return v;
    }
  }
  return undefined;
}

/**
 * Sources of the C family (C, C++, Objective-C, CUDA, Arduino sketches, C#), where a line starting
 * with `#` is a preprocessor directive (`#define`, `#include`, `#pragma once`, C#'s `#region`),
 * not a comment: a header of nothing but `#define`s configures a build.
 */
const C_FAMILY = /\.(?:c|h|cc|cpp|cxx|c\+\+|hh|hpp|hxx|h\+\+|inl|ipp|m|mm|cu|cuh|ino|pde|cs)$/i;
// An include guard alone (`#ifndef X` / `#define X` / `#endif`, `#pragma once`) holds nothing: a
// header written as only that is blanked all the same. Directives that bring in or define
// something count.
const DIRECTIVE =
  /^\s*#\s*(?:include|import|define\s+\w+(?:\(|\s+\S)|pragma\s+(?!once\s*$)\S|error|warning|region|nullable)/;

/** The text without comment lines (`#`, `//`, `--`, `;`, `/* ... *\/`): what is left runs or configures. */
function code(text: string, path = ''): string {
  const directives = C_FAMILY.test(path);
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((l) => (directives && DIRECTIVE.test(l)) || !/^\s*(?:#|\/\/|--|;|$)/.test(l))
    .join('\n')
    .trim();
}

/** `@org/team`, `@user`, `user@example.com`: the owners a CODEOWNERS text names. */
function owners(text: string): Set<string> {
  const out = new Set<string>();
  for (const line of text.split('\n')) {
    const body = line.replace(/#.*$/, '');
    for (const m of body.matchAll(/(?:^|\s)(@[\w./-]+|[\w.+-]+@[\w.-]+\.\w+)/g)) if (m[1]) out.add(m[1].toLowerCase());
  }
  return out;
}

/** Words that say code talks to production (`PROD_DATABASE_URL`, `prod-db`, `production`). */
const PRODUCTION = /(?:^|[^A-Za-z])(?:prod|production|PROD|PRODUCTION|Prod)(?:[^A-Za-z]|$)/;

/**
 * A script written to run against production that destroys data in its SQL strings
 * (`psycopg2.connect(os.environ['PROD_DATABASE_URL']) ... execute('DROP SCHEMA public CASCADE')`):
 * each destroying statement, as the SQL reading spells it. Migrations and test fixtures do not
 * name production and are not read.
 */
function productionSql(content: string, path: string): Effect[] {
  // a document that mentions a statement (a runbook warning against DROP DATABASE) runs nothing
  if (content.length > 64 * 1024 || DOCUMENT.test(path) || !PRODUCTION.test(content)) return [];
  const out: Effect[] = [];
  for (const m of content.matchAll(/'([^'\n]{6,})'|"([^"\n]{6,})"|`([^`]{6,})`/g)) {
    const lit = m[1] ?? m[2] ?? m[3] ?? '';
    if (!/\b(?:drop|truncate|delete|update|alter)\b/i.test(lit)) continue;
    for (const e of sqlTextEffects(lit, 'generic', `writes ${path}, a script against production that runs`))
      if (e.tool === 'exec') out.push(e);
  }
  return out;
}

/** The effects of a write or edit that removes work or safeguards; empty for any other. */
export function writeLossEffects(call: ToolCall, path: string): Effect[] {
  const out: Effect[] = [];
  const written = param(call, 'content', 'contents', 'file_text', 'text', 'new_string', 'newString', 'new_str');
  // a document runs nothing (a runbook that says "never DROP DATABASE on prod"), and a comment
  // in a script is not code either
  if (written && !DOCUMENT.test(path)) out.push(...productionSql(code(written), path));
  if (call.tool === 'write' && call.params?.['append'] !== true) {
    const content = param(call, 'content', 'contents', 'file_text', 'text');
    // in a document every line is text (`# Title` is a heading, not a comment)
    const kept = content !== undefined && DOCUMENT.test(path) ? content.trim() : content && code(content, path);
    if (content !== undefined && !kept && !EMPTY_BY_DESIGN.test(path)) {
      out.push({ tool: 'exec', command: `truncate -s 0 ${path}`, via: `writes nothing over ${path}` });
      // what the file held is gone as if it were deleted: the rules on where deletes reach (a
      // database's data directory, a key, shared storage, a repository's internals) decide it too
      out.push({ tool: 'delete', path, via: `writes nothing over ${path}: its content is gone as if deleted` });
      // a data or work file outside the project (a database, a project file in a folder named
      // for data or shares) emptied as the shell's `: > F` is (wide-deletes.ts)
      const why = blankedTarget(path);
      if (why)
        out.push({
          tool: 'exec',
          command: `wide-delete ${path}`,
          via: `writes nothing over ${path}: ${why} outside the project, its content gone as if deleted`,
        });
    }
  }
  if (/(?:^|\/)CODEOWNERS$/.test(path) && call.tool === 'edit') {
    const before = owners(param(call, 'old_string', 'oldString', 'old_str') ?? '');
    const after = owners(param(call, 'new_string', 'newString', 'new_str') ?? '');
    const dropped = [...before].filter((o) => !after.has(o));
    if (dropped.length)
      out.push({
        tool: 'exec',
        command: `gh api -X DELETE repos/OWNER/REPO/branches/main/protection/required_pull_request_reviews`,
        via: `removes ${dropped.join(', ')} from ${path} (their review is no longer required)`,
      });
  }
  return out;
}
