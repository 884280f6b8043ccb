// What an MCP tool of a server svc has never heard of destroys, read from the shape of its name
// and parameters rather than from a list of resource kinds. mcp-tools.ts turns the kinds it knows
// (repositories, tables, buckets, clusters...) into their command lines and mcp-saas.ts the
// containers of records; every other object a tool deletes is read here, open-world:
//   `shopify_delete_product {id}`, `photos_delete_album`, `shopify_theme_delete`,
//   `notes_delete_folder {folder}`, `calendar_clear {calendar_id}` -> saas-destroy-record KIND mcp TOOL
//   `gmail_batch_delete {query}` (a bulk tool whose filter picks the records)  -> the same
//   `shopify_run_bulk_mutation {mutation: "... productDelete(...)"}`             -> http-graphql-delete mcp FIELD
//   `notion_update_page {archived: true}` (an update that sets a deletion flag)  -> saas-destroy-record
// What stays open is the small work a person does all day: a comment, a label, a task, one
// message or event, a list member; and anything named for scratch work (`test-theme-2`).
import type { Effect } from './types.js';
import { toolWords } from './mcp-tools.js';
import { ephemeralName, singular } from '../saas-actions.js';
import { WORK_ITEMS } from '../work-items.js';

type Params = Record<string, unknown>;

/** Verbs that destroy whatever they are given (`remove` and `drop` also mean "detach", so are left out). */
const DESTROYS = /^(?:delete|destroy|purge|wipe|erase|nuke|obliterate|expunge|terminate|truncate|trash)$/;
/** Verbs that empty a container of everything in it. */
const EMPTIES = /^(?:clear|empty)$/;

/** Things a clear or empty verb resets that hold no records: a screen, an input, a selection. */
const CLEARABLE = new Set(
  (
    'cache caches console screen terminal input field text selection highlight highlights filter filters search form ' +
    'clipboard context completed output buffer notifications badge badges cookies session sessions state'
  ).split(' '),
);

/** Generic records of a data store, deleted one by one or by a filter. */
const ROWS = new Set('row record document doc object entity vector point key value'.split(' '));

/** Words in a tool's name that say how it is called or how much it acts on, not on what. */
const NOT_OBJECT =
  /^(?:mcp|tool|api|call|execute|run|do|perform|invoke|cmd|command|by|id|ids|the|a|an|permanently|force|forever|now)$/;
const BULK = /^(?:batch|bulk|all|mass|every)$/;
/**
 * Objects that stand for any kind, named by a parameter (`resources_delete {kind}`,
 * `mongodb_delete_many {collection, filter}`): mcp-tools.ts reads the kind and the filter.
 */
const GENERIC = /^(?:many|one|resources?|objects?|kinds?|things?|by_query|query)$/;

/** Key-value stores whose delete tools take the key or a pattern of keys (mcp-tools.ts reads those). */
const KEY_STORE = /^(?:redis|valkey|keydb|dragonfly|memcached?|cache|kv|etcd|consul)$/;

/** A flag an update sets to move the record to the trash (Notion's `archived`, Drive's `trashed`). */
const DELETION_FLAG = /^(?:archived|in_trash|inTrash|trashed|deleted|is_deleted|isDeleted)$/;

/**
 * A parameter that skips the trash or the recycle bin (`permanent: true`, `hardDelete`, `skipTrash`,
 * `deleteMode: "hard"`): what the tool deletes cannot be restored, so even one file, item or note
 * deleted this way is asked, and `remove` (otherwise also "detach") deletes.
 */
const FOR_GOOD_KEY =
  /^(?:permanent(?:ly)?|hard|hard_?delete|skip_?trash|skip_?recycle_?bin|bypass_?(?:trash|recycle_?bin)|purge|forever|delete_?forever)$/i;
const FOR_GOOD_MODE = /^(?:mode|type|delete_?mode|deletion_?(?:mode|type)|delete_?type|purge_?type)$/i;

/** Whether the parameters ask for a delete the service cannot undo. */
function forGood(p: Params): boolean {
  return Object.entries(p).some(
    ([k, v]) =>
      (FOR_GOOD_KEY.test(k) && (v === true || v === 'true' || v === 1)) ||
      (FOR_GOOD_MODE.test(k) && typeof v === 'string' && /^(?:hard(?:_?delete)?|permanent|purge)$/i.test(v)),
  );
}

/** A GraphQL mutation whose field deletes (the reading shell-http-destroy.ts gives a request body). */
const GRAPHQL_DELETE =
  /\bmutation\b[^{]*\{[^]*?\b((?:delete|destroy|remove|purge|drop|wipe|erase)[A-Z]\w*|\w+(?:Delete|Destroy|Remove|Purge|Drop|Wipe))\s*[({]/;

function word(s: string): string {
  return s.replace(/[^\w@.:-]/g, '_').slice(0, 80) || 'unknown';
}

/** The first string or number among `keys`. */
function named(p: Params, keys: string[]): string | undefined {
  for (const k of keys) {
    const v = p[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number') return String(v);
  }
  return undefined;
}

/** A filter or query parameter that selects some records (an empty one selects all: mcp-tools.ts). */
function filtered(p: Params): boolean {
  return ['filter', 'query', 'q', 'where', 'selector', 'conditions', 'search'].some((k) => {
    const v = p[k];
    return (typeof v === 'string' && v.trim() !== '') || (v !== null && typeof v === 'object' && v !== undefined);
  });
}

/** The object of the verb at `v`: the words after it, or the last word before it when none follow. */
function objectWords(words: string[], v: number, p: Params): string[] {
  const after = words.slice(v + 1).filter((w) => !NOT_OBJECT.test(w) && !BULK.test(w));
  if (after.length) return after;
  const before = words.slice(0, v).filter((w) => !NOT_OBJECT.test(w) && !BULK.test(w));
  // `shopify_theme_delete`: the first word names the server, the rest the object. A lone word
  // before the verb is the object (`bucket_delete`, `calendar_clear`), unless a key, pattern or
  // filter picks what goes on a key store (`redis_delete {key}`): mcp-tools.ts reads the pattern
  if (before.length === 1)
    return KEY_STORE.test(before[0] ?? '') &&
      ['key', 'keys', 'pattern', 'match', 'filter', 'query', 'where'].some((k) => p[k] !== undefined)
      ? []
      : before;
  return before.slice(1);
}

/** Effects of an MCP tool `op` with parameters `p` that destroys records (see the file comment). */
export function mcpRecordDestroys(op: string, p: Params): Effect[] {
  const words = toolWords(op);
  if (
    !words.length ||
    /^(?:get|list|search|read|describe|show|find|query|view|fetch|count|check)$/.test(words[0] ?? '')
  )
    return [];
  const out: Effect[] = [];
  const via = `MCP ${op}`;
  for (const v of Object.values(p)) {
    const m = typeof v === 'string' ? GRAPHQL_DELETE.exec(v) : null;
    if (m) {
      out.push({
        tool: 'exec',
        command: `http-graphql-delete mcp ${word(m[1] ?? '')}`,
        via: `${via} sends a GraphQL mutation that deletes (${m[1]})`,
      });
      break;
    }
  }
  const flag = Object.entries(p).find(([k, v]) => DELETION_FLAG.test(k) && (v === true || v === 'true'));
  const permanent = forGood(p);
  let v = words.findIndex((w) => DESTROYS.test(w) || EMPTIES.test(w) || (permanent && w === 'remove'));
  const updates = v < 0 && flag !== undefined && words.some((w) => /^(?:update|patch|set|edit|modify)$/.test(w));
  if (updates) v = words.findIndex((w) => /^(?:update|patch|set|edit|modify)$/.test(w));
  if (v < 0) return out;
  const verb = words[v] ?? '';
  const object = objectWords(words, v, p);
  // `remove_product_from_collection`, `delete_tag_from_post`: a link between two things is cut
  if (object.some((w) => /^(?:from|on|in|to|for)$/.test(w))) return out;
  const bulk = words.some((w) => BULK.test(w)) && filtered(p);
  // `gmail_batch_delete {query}`: whatever the records are, the filter picks many of them
  let kind = singular(object[object.length - 1] ?? '') || (bulk ? 'record' : '');
  if (GENERIC.test(kind)) {
    // `mongodb_delete_many {filter}`: as narrow as its filter (mcp-tools.ts reads an empty one);
    // `resources_delete {kind: Pod}`: the kind is the parameter's (`Microsoft.Sql/servers` -> server)
    if (['filter', 'query', 'where'].some((k) => p[k] !== undefined)) return out;
    const given = named(p, ['kind', 'resource_type', 'resourceType', 'type']);
    const last = given ? toolWords(given.replace(/^.*\//, '')).pop() : undefined;
    if (last) kind = singular(last);
  }
  if (!kind) return out;
  if (
    EMPTIES.test(verb)
      ? CLEARABLE.has(kind) || CLEARABLE.has(object.join('_'))
      : WORK_ITEMS.has(kind) && !bulk && !permanent
  )
    return out;
  if (WORK_ITEMS.has(object.join('_')) && !permanent) return out;
  // a row, document or key picked by a filter is as narrow as the filter (mcp-tools.ts reads an empty one)
  if (ROWS.has(kind) && filtered(p) && !bulk) return out;
  // keys a glob picks on a key store (`redis_delete_keys {host, pattern: "test:*"}`): mcp-tools.ts
  // reads them as the redis-cli line they amount to, whose server decides
  if (kind === 'key' && ['key', 'keys', 'pattern', 'match'].some((k) => String(p[k] ?? '').includes('*'))) return out;
  // a path on this machine: mcp-files.ts judges the rm it amounts to by its target
  if (['path', 'file_path', 'filePath', 'dir', 'directory', 'folder_path'].some((k) => typeof p[k] === 'string'))
    return out;
  const id = named(p, [`${kind}_id`, `${kind}Id`, kind, 'id', 'name', `${kind}_name`, 'title', 'slug', 'key']);
  if (id && ephemeralName(id)) return out;
  const what =
    (bulk ? `every ${kind} its filter selects` : EMPTIES.test(verb) ? `everything in a ${kind}` : `a ${kind}`) +
    (permanent ? ', skipping the trash' : '');
  out.push({
    tool: 'exec',
    command: `saas-destroy-record ${word(kind)} mcp ${word(op)}`,
    via: `${via} ${updates ? `sets ${flag?.[0]} on` : 'deletes'} ${what}`,
  });
  return out;
}
