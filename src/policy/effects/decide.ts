// Deciding what a call amounts to: each derived call goes through the same policy set as a call
// the agent made directly; the strictest decision wins (deny > ask > watch/allow) and its
// message says which derived call it was about ("writes ~/.bashrc: ...").
import { APP_ADMIN_HINT, appAdminGrantEffects } from './app-admin-grants.js';
import type { LineView } from './line-view.js';
import { memoryNoteCommands } from './agent-notes.js';
import { cellCode } from './notebook-code.js';
import type { Decision, ToolCall } from '../types.js';
import type { Effect } from './types.js';
import { deriveFromCommand, deriveFromWrite } from './derive.js';
import { sshConfigWrite } from './ssh-config.js';
import { forgeFileWrite, registryCommand } from './forge-http.js';
import { sqlPrivilege } from './privilege.js';
import { DEV_NAME, LOCAL_HOST, ordinaryOn, sqlTextEffects } from './sql.js';
import { credentialCollection, sqlSecretSelect } from './sql-secrets.js';
import { qCodeEffects } from './q-code.js';
import { sqlExportEffects } from './data-exports.js';
import { bodySecret, bodyTokenMention, urlHost, urlSecret, urlTokenMention } from './url-secret.js';
import { awayFromHome, secretFieldValue } from './sent-secret-fields.js';
import { mcpFlows, paramStrings } from './mcp-flow.js';
import { bodyPeopleData, mcpGist, mcpPeopleData, requestGist } from './people-data.js';
import { isLoopbackHost } from './url-host.js';
import { privateHost } from '../remote-copies.js';
import { fetchReadings, internalWriteReadings, isInternalName } from './fetch-readings.js';
import { mcpToolEffects, toolWords } from './mcp-tools.js';
import { mcpContainerRunCommand, mcpEditPairs, mcpInstallCommand, mcpPlaceInstallCommand } from './mcp-installs.js';
import { mcpSaasEffects } from './mcp-saas.js';
import { mcpRecordDestroys } from './mcp-destroys.js';
import { outboundSecret, sendsText, sentText } from './outbound-secrets.js';
import { personalValue, personalValueSent } from './personal-values.js';
import { mcpSecretReads } from './mcp-secret-reads.js';
import { mcpShareEffects } from './mcp-shares.js';
import { mcpRoleGrants } from './role-grants.js';
import { mcpFeeds } from './standing-feeds.js';
import { mcpMailHides } from './mail-hides.js';
import { mcpTamperEffects } from './mcp-tamper.js';
import { setupRemovedEffects } from './svc-tamper.js';
import { mcpStoredCommands } from './stored-commands.js';
import { svcApiEffects } from './svc-api.js';
import { writeLossEffects } from './write-loss.js';
import { evidenceWriteEffects } from './evidence-changes.js';
import { editSwapEffects } from './source-swaps.js';
import { armedLossEffects } from './safeguard-edits.js';
import { prodRepointEffects } from './prod-repoints.js';
import { settingsEditEffects } from './tool-settings.js';
import { gateEffects } from './automation-gates.js';
import { buildInputEffects } from './build-inputs.js';
import { armedDeleteEffects } from './armed-deletes.js';
import { cleanTargetEffects } from './clean-targets.js';
import { identityEffects } from './identity-swaps.js';
import { protectionEffects } from './protections-off.js';
import { grantEditEffects } from './grant-edits.js';
import { mcpForgeFileEffects } from './mcp-forge-files.js';
import { SECRET_VALUE } from './secret-shapes.js';
import { resolvedEffects } from './resolved.js';
import { cypherWipe } from './doc-store-wipes.js';
import type { CommandAnalysis } from '../shell.js';
import { FifoMap } from '../../util/fifo-map.js';
import { scriptEffects } from '../script-files.js';
import { table } from '../../util/lookup-table.js';

/** Derived calls of derived calls are followed this deep (an exec of an exec of ...). */
export const MAX_EFFECT_DEPTH = 3;
const CACHE_ENTRIES = 4096;

const STRENGTH: Record<string, number> = table({ allow: 1, watch: 2, ask: 3, webhook: 4, deny: 5 });

export interface DerivedResult {
  effect: Effect;
  call: ToolCall;
  decision: Decision;
}

/** Writes whose effects are kept, and the most characters of path and content kept per write. */
const WRITE_CACHE_ENTRIES = 1024;
const WRITE_CACHE_TEXT = 16 * 1024;

/** Effects per command string, and per written path and text (they depend on the text only). */
export class EffectCache {
  private readonly map = new FifoMap<string, Effect[]>();
  private readonly writes = new FifoMap<string, Effect[]>();

  forWrite(path: string, content: string | undefined): Effect[] {
    if (path.length + (content?.length ?? 0) > WRITE_CACHE_TEXT) return deriveFromWrite(path, content);
    const key = JSON.stringify([path, content ?? null]);
    let hit = this.writes.get(key);
    if (!hit) {
      hit = deriveFromWrite(path, content);
      if (this.writes.size >= WRITE_CACHE_ENTRIES) this.writes.shift();
      this.writes.set(key, hit);
    }
    return hit;
  }

  forCommand(command: string): Effect[] {
    let hit = this.map.get(command);
    if (!hit) {
      hit = deriveFromCommand(command);
      if (this.map.size >= CACHE_ENTRIES) this.map.shift();
      this.map.set(command, hit);
    }
    return hit;
  }
}

/** The text a write or edit call puts into its file (content / new_string / contents / text). */
export function writtenContent(call: ToolCall): string | undefined {
  for (const src of [call.params, call.input]) {
    if (!src) continue;
    for (const k of ['content', 'contents', 'new_string', 'newString', 'text', 'new_str', 'file_text', 'insert_text']) {
      const v = src[k];
      if (typeof v === 'string' && v) return v;
    }
    const edits = src['edits'];
    if (Array.isArray(edits)) {
      const parts = edits
        .map((e) => (e && typeof e === 'object' ? (e as Record<string, unknown>)['new_string'] : undefined))
        .filter((x): x is string => typeof x === 'string');
      if (parts.length) return parts.join('\n');
    }
  }
  return undefined;
}

/** What an MCP tool call does, read from the operation's name and its usual parameters
 * (filesystem servers' write_file/read_file/..., database servers' query/execute, fetch servers). */
function mcpEffects(call: ToolCall, cache: EffectCache): Effect[] {
  const p = { ...(call.input ?? {}), ...call.params };
  const str = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : undefined);
  // `name` is the operation only for a generic `mcp` call; otherwise it names a file, a page, an issue
  const named = call.tool.replace(/^mcp[_:-]*/i, '');
  const rawOp = str('tool_name') ?? str('tool') ?? (named ? undefined : str('name')) ?? named;
  const op = rawOp.toLowerCase();
  const path = str('path') ?? str('file_path') ?? str('filepath') ?? str('destination') ?? str('target');
  const content = str('content') ?? str('contents') ?? str('text') ?? str('new_string') ?? str('newText');
  const out: Effect[] = mcpForgeFileEffects(op, p);
  if (path) {
    const via = `MCP ${op}`;
    // an empty content is written as such (write_file given "" blanks the file); a move or copy has none
    const blanks = content === '' && /write|create|put|save/.test(op) && !/move|rename|copy|append/.test(op);
    if (/write|create|edit|append|put|save|upload|move|rename|copy/.test(op))
      out.push(
        content || blanks
          ? { tool: 'write', path, content: content ?? '', via: `${via} writes ${path}` }
          : { tool: 'write', path, via: `${via} writes ${path}` },
      );
    else if (/delete|remove|unlink|rm/.test(op)) out.push({ tool: 'delete', path, via: `${via} deletes ${path}` });
    else if (/read|get|cat|view|open|download|head|tail/.test(op))
      out.push({ tool: 'read', path, via: `${via} reads ${path}` });
    if (out[0]?.tool === 'write') out.push(...deriveFromWrite(path, content));
  }
  // a Kubernetes manifest handed to an apply tool (k8s_apply_manifest, apply_yaml) is a workload
  // written and applied: read as that manifest's file would be
  const manifest = str('manifest') ?? str('yaml') ?? str('resource_yaml');
  if (manifest && /\bapiVersion\s*:/.test(manifest))
    out.push(...deriveFromWrite('manifest.yaml', manifest).map((e) => ({ ...e, via: `MCP ${op} applies ${e.via}` })));
  // read_multiple_files {paths: [...]} and the like: each path read (or deleted) as if named alone
  const list = p['paths'] ?? p['files'] ?? p['file_paths'] ?? p['filePaths'];
  if (Array.isArray(list) && /read|get|cat|view|open|download|delete|remove|unlink/.test(op))
    for (const item of list.slice(0, 64))
      if (typeof item === 'string' && item.trim())
        out.push(
          /delete|remove|unlink/.test(op)
            ? { tool: 'delete', path: item, via: `MCP ${op} deletes ${item}` }
            : { tool: 'read', path: item, via: `MCP ${op} reads ${item}` },
        );
  const url = str('url') ?? str('uri');
  if (url && /^[a-z][a-z0-9+.-]*:/i.test(url)) {
    out.push({ tool: 'fetch', url, via: `MCP ${op} reaches ${url}` }, ...requestAsCurl(p, url, `MCP ${op}`));
    out.push(
      ...fetchReadings(url, `MCP ${op} reaches ${url}`, /navigate|browse|fetch|open|goto|visit|scrape|crawl/.test(op)),
    );
    // a request tool (http_request, api_call ...) sending a live secret in its body
    const body = /env|secret|variable|credential|vault/.test(op) ? undefined : (bodySecret(p) ?? bodyFieldAway(url, p));
    if (body)
      out.push({
        tool: 'exec',
        command: `curl -d @.env https://${urlHost(url).replace(/[^\w.:-]/g, '')}/`,
        via: `MCP ${op} sends a secret (${body.slice(0, 12)}...) to ${urlHost(url)}`,
      });
  }
  // an API tool given a method and a path on its service (`hubspot_api_request {method: POST,
  // path: /crm/v3/objects/contacts/batch/archive}`): the request it sends, on a host named for it
  const apiPath = url ? undefined : (str('endpoint') ?? str('route') ?? str('resource_path') ?? str('path'));
  if (
    apiPath &&
    typeof p['method'] === 'string' &&
    /^\/[\w{}.:@%-]/.test(apiPath) &&
    /(?:^|_)(?:api|request|http|rest|call|graphql)(?:_|$)/.test(op)
  ) {
    const service = op.split(/[^a-z0-9]+/)[0] || 'service';
    out.push(...requestAsCurl(p, `https://${service}.api${apiPath}`, `MCP ${op}`));
  }
  // a kdb+ tool's q code (`kdb_execute {host, q}`), run in the server it names (q-code.ts)
  const qText =
    str('q') ?? (/kdb|(?:^|_)q(?:_|$)/.test(op) ? (str('query') ?? str('code') ?? str('expression')) : undefined);
  if (qText) {
    const qHost = str('host') ?? str('server') ?? str('endpoint');
    out.push(...qCodeEffects(qText, `MCP ${op}`, qHost === undefined || !LOCAL_HOST.test(qHost)));
  }
  const sql = str('sql') ?? str('query') ?? str('statement');
  if (sql) {
    // a database tool pointed at a development or test database on this machine (`database: app_dev`)
    const db = str('database') ?? str('db') ?? str('dbname') ?? str('database_name');
    const host = str('host');
    const local = host === undefined || LOCAL_HOST.test(host);
    const dev = local && db !== undefined && DEV_NAME.test(db.replace(/^.*\//, ''));
    const wipes = sqlTextEffects(sql, 'generic', `MCP ${op} runs`).filter((e) => !ordinaryOn(e, dev, local));
    out.push(...wipes, ...sqlSecretSelect(sql, `MCP ${op}`), ...sqlExportEffects(sql, `MCP ${op}`));
    // a graph database tool (Neo4j's run_cypher ...) told to delete every node it matches
    if (!dev && /\bMATCH\b/i.test(sql) && cypherWipe(sql))
      out.push({ tool: 'exec', command: `data-wipe-code mcp ${op} DELETE`, via: `MCP ${op} deletes every node` });
    sqlPrivilege(sql, out);
    // an application's user made its administrator by the SQL any MCP database tool runs (app-admin-grants.ts)
    if (APP_ADMIN_HINT.test(sql))
      appAdminGrantEffects({ text: sql, cmds: [], programs: new Set() } satisfies LineView, out);
  }
  // a document database tool reading a collection named for credentials (`find {collection:
  // "service_credentials"}`, `aggregate`): its documents are the secrets (sql-secrets.ts)
  const collection = str('collection') ?? str('collectionName') ?? str('table');
  if (
    collection &&
    /(?:^|_)(?:find|find_one|findone|query|aggregate|read|get_documents|search|scan|select)(?:_|$)/.test(op) &&
    credentialCollection(collection)
  )
    out.push({
      tool: 'exec',
      command: `may-expose-secret finds documents of ${collection.replace(/[^\w.-]/g, '')}`,
      via: `MCP ${op} reads the documents of ${collection}, a collection of credentials`,
    });
  // Secrets sent to a destination outside the machine (a repository, a channel, a gist, a mail).
  const remote =
    str('owner') ??
    str('repo') ??
    str('channel') ??
    str('channel_id') ??
    str('to') ??
    str('recipient') ??
    str('webhook_url') ??
    (/gist|issue|comment|message|post|send|upload|publish|mail/.test(op) ? op : undefined);
  if (remote) {
    const text = JSON.stringify(p);
    const hit = SECRET_VALUE.exec(text);
    if (hit)
      out.push({
        tool: 'exec',
        command: `curl -d @.env https://${remote.replace(/[^\w.-]/g, '') || 'remote'}.invalid/`,
        via: `MCP ${op} sends a secret (${hit[0].slice(0, 12)}...) to ${remote}`,
      });
  }
  // a credential cut short, encoded or named in prose in text a message, post or form tool sends
  if (!path && !out.some((e) => e.command?.startsWith('curl -d @.env')) && sendsText(op)) {
    const named = outboundSecret(sentText(p));
    if (named)
      out.push({
        tool: 'exec',
        command: `may-expose-secret sends a credential (${named.slice(0, 12).replace(/[^\w-]/g, '_')}...)`,
        via: `MCP ${op} sends text naming a credential (${named.slice(0, 12)}...)`,
      });
  }
  // a one-time code, social security or card number in what a message, post or form tool sends (personal-values.ts)
  if (!path && sendsText(op)) {
    const kind = personalValue(sentText(p), JSON.stringify(p).slice(0, 4096));
    if (kind) out.push(personalValueSent(kind, remote ?? str('element') ?? op, `MCP ${op}`));
  }
  const cmd = str('command') ?? str('cmd') ?? str('script') ?? argvLine(p['args'] ?? p['argv']);
  if (cmd && /exec|run|shell|command|terminal|bash/.test(op))
    out.push({ tool: 'exec', command: cmd, via: `MCP ${op} runs` }, ...cache.forCommand(cmd));
  // code-running tools (run_python, execute_code {language}): the code as that interpreter's one-liner
  // a browser tool's page script (puppeteer_evaluate {script}, browser_evaluate {function}): JavaScript
  // that can fetch and eval, read the page's storage or post it out, read like node's one-liner
  const pageCode = /evaluate|(?:^|_)eval(?:$|_)|execute_?script|inject_?script/.test(op)
    ? (str('script') ?? str('function') ?? str('expression') ?? str('js') ?? str('javascript'))
    : undefined;
  const rawCode = str('code') ?? str('source') ?? str('cell') ?? str('cell_source') ?? pageCode;
  const lang =
    codeLanguage(op, str('language') ?? str('lang') ?? str('runtime') ?? str('kernel')) ??
    (pageCode !== undefined && rawCode === pageCode ? { program: 'node', flag: '-e' } : undefined);
  if (rawCode && lang && rawCode.length < 64 * 1024) {
    // a notebook kernel's cell: IPython's `!cmd` lines and `%%bash` cells run in a shell
    const cell = lang.program === 'python3' ? cellCode(rawCode) : undefined;
    for (const sh of cell?.shell ?? [])
      out.push(...cache.forCommand(sh).map((e) => ({ ...e, via: `MCP ${op} runs a shell line: ${e.via}` })));
    const code = cell ? cell.python : rawCode;
    const line = `${lang.program} ${lang.flag} '${code.replace(/'/g, `'\\''`)}'`;
    // the one-liner itself too, as a `cmd` above is: the rules on a command's own text (SQL that
    // drops or empties a table, `rm -rf` in code) decide code a kernel runs as they decide `python3 -c`
    if (code.trim())
      out.push(
        { tool: 'exec', command: line, via: `MCP ${op} runs ${lang.program} code` },
        ...cache.forCommand(line).map((e) => ({ ...e, via: `MCP ${op} runs ${lang.program} code: ${e.via}` })),
      );
  }
  // an install tool (`npm_install {package}`) as its command; an edit tool's replacements as edits
  const install = mcpInstallCommand(toolWords(rawOp), p);
  if (install) out.push({ tool: 'exec', command: install, via: `MCP ${op} runs` }, ...cache.forCommand(install));
  // an extension, plugin or add-on repository installed from a URL; a container started from an image
  for (const line of [mcpPlaceInstallCommand(toolWords(rawOp), p), mcpContainerRunCommand(toolWords(rawOp), p)])
    if (line) out.push(...cache.forCommand(line).map((e) => ({ ...e, via: `MCP ${op}: ${e.via}` })));
  if (path && /edit|patch|replace/.test(op))
    for (const e of mcpEditPairs(p))
      out.push(
        ...effectsOf(
          { ...call, tool: 'edit', params: { path, old_string: e.old, new_string: e.new } },
          undefined,
          path,
          cache,
        ),
      );
  out.push(...mcpToolEffects(rawOp, p, path));
  out.push(...mcpSaasEffects(rawOp, p));
  out.push(...mcpRecordDestroys(rawOp, p));
  out.push(...mcpSecretReads(rawOp, p));
  out.push(...mcpShareEffects(rawOp, p));
  out.push(...mcpRoleGrants(rawOp, p));
  out.push(...mcpFeeds(rawOp, p));
  out.push(...mcpMailHides(rawOp, p));
  out.push(...mcpTamperEffects(op, p));
  // a job, schedule or hook given a command line to keep (stored-commands.ts)
  out.push(...mcpStoredCommands(rawOp, paramStrings(p)));
  out.push(...memoryNoteCommands(op, p));
  out.push(...mcpFlows(op, p, !!remote, cache));
  out.push(...mcpPeopleData(op, p, paramStrings(p)), ...mcpGist(op, p));
  return out;
}

/** A token named in a body sent to another machine (a local API being tested is its owner's). */
function bodyTokenMentionAway(url: string, params: Record<string, unknown>): string | undefined {
  if (/^[a-z]+:\/\/(?:localhost|127\.|\[::1\]|0\.0\.0\.0)/i.test(url)) return undefined;
  return bodyTokenMention(params) ?? bodyFieldAway(url, params);
}

/** A password-like field in a body sent away from this machine and its network (sent-secret-fields.ts). */
function bodyFieldAway(url: string, params: Record<string, unknown>): string | undefined {
  if (!awayFromHome(url)) return undefined;
  for (const k of ['body', 'data', 'json', 'form', 'payload']) {
    const v = params[k];
    const text = typeof v === 'string' ? v : v && typeof v === 'object' ? JSON.stringify(v) : undefined;
    const hit = text ? secretFieldValue(text) : undefined;
    if (hit) return hit;
  }
  return undefined;
}

/** `{args: ["bash", "-c", "cat ~/.netrc"]}`: an argv given as a list, as one command line. */
function argvLine(v: unknown): string | undefined {
  if (!Array.isArray(v) || !v.length || v.length > 256 || !v.every((x) => typeof x === 'string')) return undefined;
  return (v as string[]).map((w) => (/^[\w@%+=:,./~-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** The interpreter an MCP code-running tool uses, from its language parameter or its name, and its inline-code option. */
function codeLanguage(op: string, language: string | undefined): { program: string; flag: string } | undefined {
  const l = (language ?? '').toLowerCase();
  if (
    /^(?:python|python3|py|ipython|python3\.\d+)$/.test(l) ||
    (!l && /python|jupyter|notebook|ipython|kernel|cell/.test(op))
  )
    return { program: 'python3', flag: '-c' };
  if (/^(?:javascript|js|node|nodejs|typescript|ts)$/.test(l) || (!l && /javascript|node|deno/.test(op)))
    return { program: 'node', flag: '-e' };
  if (/^(?:bash|sh|shell|zsh)$/.test(l)) return { program: 'bash', flag: '-c' };
  if (/^(?:ruby|rb)$/.test(l)) return { program: 'ruby', flag: '-e' };
  if (/^(?:perl|pl)$/.test(l)) return { program: 'perl', flag: '-e' };
  if (l === 'php') return { program: 'php', flag: '-r' };
  if (/^(?:r|rscript|ir)$/.test(l)) return { program: 'Rscript', flag: '-e' };
  if (l === 'julia') return { program: 'julia', flag: '-e' };
  if (l === 'lua') return { program: 'lua', flag: '-e' };
  if (/^(?:powershell|pwsh|ps1)$/.test(l)) return { program: 'pwsh', flag: '-c' };
  return undefined;
}

/** Calls made by derivedCall(): a fetch derived from a command is not the agent's fetch tool. */
const DERIVED = new WeakSet<ToolCall>();

/** Single-quoted for a shell line. */
const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Bodies longer than this are cut before they are read as a command. */
const MAX_SENT_BODY = 4096;

/**
 * A request tool told a method or given a body (`{url, method: "DELETE"}`, a GraphQL POST, a
 * workflow dispatch or a deploy hook) is the curl call it amounts to, so the readings of HTTP
 * deletes, deploys, webhooks and SQL or GraphQL sent over HTTP decide it whichever tool sends it.
 * The curl counts only where it would be asked or denied (`noWatch`): an ordinary POST stays the
 * fetch it is, not a watched curl; what it carries is read either way.
 */
/** Whether a request's method or body changes something (what requestAsCurl re-reads as curl). */
function changesSomething(p: Record<string, unknown>): boolean {
  const method = typeof p['method'] === 'string' ? p['method'].toUpperCase() : undefined;
  const raw = [p['body'], p['data'], p['json'], p['payload']].find((b) => b !== undefined && b !== null && b !== '');
  return !!raw || (!!method && method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS');
}

export function requestAsCurl(p: Record<string, unknown>, url: string, via: string): Effect[] {
  const method = typeof p['method'] === 'string' ? p['method'].toUpperCase() : undefined;
  const raw = [p['body'], p['data'], p['json'], p['payload']].find((b) => b !== undefined && b !== null && b !== '');
  const body = typeof raw === 'string' ? raw : raw && typeof raw === 'object' ? JSON.stringify(raw) : '';
  if ((!method || method === 'GET' || method === 'HEAD' || method === 'OPTIONS') && !body) return [];
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^\s'"]+$/i.test(url)) return [];
  const m = (method ?? 'POST').replace(/[^A-Z]/g, '');
  if (!/^[A-Z]{3,7}$/.test(m)) return [];
  const text = body.slice(0, MAX_SENT_BODY);
  const command = `curl -X ${m} ${shq(url)}${text ? ` --data-binary ${shq(text)}` : ''}`;
  return [
    { tool: 'exec', command, noWatch: true, via: `${via} sends ${m} (as \`curl -X ${m}\`)` },
    ...deriveFromCommand(command),
    ...(method ? httpWriteEffects(url, m, body) : []),
  ];
}

function fetchEffects(call: ToolCall): Effect[] {
  const url = [call.params['url'], call.input?.['url']].find((u): u is string => typeof u === 'string');
  if (!url) return [];
  const method = [call.params['method'], call.input?.['method']].find((m): m is string => typeof m === 'string');
  const plain = [
    ...fetchReadings(url, `reaches ${url}`, !DERIVED.has(call)),
    ...svcApiEffects(url, method ?? 'GET', `reaches ${url}`),
    ...(DERIVED.has(call) ? [] : requestAsCurl({ ...(call.input ?? {}), ...call.params }, url, `the fetch to ${url}`)),
  ];
  if (!DERIVED.has(call) && changesSomething({ ...(call.input ?? {}), ...call.params }))
    plain.push(...internalWriteReadings(url, `the fetch to ${url}`, method ?? 'POST'));
  const params = { ...(call.input ?? {}), ...call.params };
  plain.push(
    ...peopleSent(url, params),
    ...requestGist(url, method, params['body'] ?? params['json'] ?? params['data']),
  );
  const hit = urlSecret(url) ?? bodySecret(params);
  if (!hit) {
    // a token cut short in the URL or the body still says what the request was built to carry
    const mention = DERIVED.has(call) ? undefined : (urlTokenMention(url) ?? bodyTokenMentionAway(url, params));
    if (!mention) return plain;
    return [
      {
        tool: 'exec',
        command: `may-expose-secret sends a token (${mention.slice(0, 12).replace(/[^\w-]/g, '_')}...)`,
        via: `the request names a token (${mention.slice(0, 12)}...) and sends it to ${urlHost(url)}`,
      },
      ...plain,
    ];
  }
  const host = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i.exec(url)?.[1] ?? 'remote';
  return [
    {
      tool: 'exec',
      command: `curl -d @.env https://${host.replace(/[^\w.:-]/g, '')}/`,
      via: `the URL carries a secret (${hit.slice(0, 12)}...) to ${host}`,
    },
    ...plain,
  ];
}

/** People's records in a request body sent to a host outside this machine and the private network (people-data.ts). */
function peopleSent(url: string, params: Record<string, unknown>): Effect[] {
  const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]+)/i.exec(url)?.[1]?.toLowerCase();
  if (!host || isLoopbackHost(host) || privateHost(host) || isInternalName(host)) return [];
  const raw = [params['body'], params['data'], params['json'], params['payload']].find(
    (b) => b !== undefined && b !== null,
  );
  const body = typeof raw === 'string' ? raw : raw && typeof raw === 'object' ? JSON.stringify(raw) : '';
  return body ? bodyPeopleData(host, body, `the request to ${host}`) : [];
}

/** A forge file written or a registry release moved by the request's method and body (forge-http.ts). */
function httpWriteEffects(url: string, method: string, body: string): Effect[] {
  const r = { url, method, body };
  const out: Effect[] = [];
  const file = forgeFileWrite(r);
  if (file) {
    const via = `the request writes ${file.path} in the repository`;
    out.push(
      file.content === undefined
        ? { tool: 'write', path: file.path, via }
        : { tool: 'write', path: file.path, content: file.content, via },
      ...deriveFromWrite(file.path, file.content).map((e) => ({ ...e, via: `${via}, which ${e.via}` })),
    );
  }
  const reg = registryCommand(r);
  if (reg) out.push(reg);
  return out;
}

const MCP_TOOL = /^mcp(?:$|[_:-])/i;
const FETCH_TOOL = /^(?:fetch|web_fetch|webfetch|http|browser)$/i;

/** Whether effectsOf() can find anything in a call to this tool (the engine need not ask otherwise). */
export function toolMayHaveEffects(tool: string): boolean {
  return (
    tool === 'exec' ||
    tool.toLowerCase() === 'exec' ||
    MCP_TOOL.test(tool) ||
    FETCH_TOOL.test(tool) ||
    tool === 'write' ||
    tool === 'edit'
  );
}

export function effectsOf(
  call: ToolCall,
  command: string | undefined,
  path: string | undefined,
  cache: EffectCache,
  analysis?: CommandAnalysis,
): Effect[] {
  if (command !== undefined && (call.tool === 'exec' || call.tool.toLowerCase() === 'exec')) {
    const own = analysis ? resolvedEffects(command, analysis, cache) : cache.forCommand(command);
    // the scripts it runs from disk, read onto the call by whoever decides it for real
    return call.scripts?.length ? [...own, ...scriptEffects(call)] : own;
  }
  if (MCP_TOOL.test(call.tool)) return mcpEffects(call, cache);
  if (FETCH_TOOL.test(call.tool)) return fetchEffects(call);
  if (path !== undefined && (call.tool === 'write' || call.tool === 'edit')) {
    // also without content: a start-up file written with unknown text is judged as code (startup-plant.ts)
    const before = [call.params['old_string'], call.params['oldString'], call.params['old_str']].find(
      (v): v is string => typeof v === 'string',
    );
    // an edit is judged for what it changes: a source its old text already named (the registry
    // of a base image whose version is bumped) is not the edit's doing; compared without a version
    // tag, but a move to a branch or floating tag (`@main`, `:latest`) is a new source of its own
    const sourceKey = (e: Effect) =>
      e.tool === 'dependency' ? (e.command ?? '').replace(/[:@]v?\d[\w.+-]*$/, '') : '';
    // (what the place alone reads as, a write into installed packages, stays the edit's doing)
    let prior: Set<string> | undefined;
    if (call.tool === 'edit' && before) {
      prior = new Set(cache.forWrite(path, before).flatMap((e) => (e.tool === 'dependency' ? [sourceKey(e)] : [])));
      for (const e of cache.forWrite(path, '\n')) prior.delete(sourceKey(e));
    }
    return [
      ...cache
        .forWrite(path, writtenContent(call))
        .filter((e) => !prior || e.tool !== 'dependency' || !prior.has(sourceKey(e))),
      ...writeLossEffects(call, path),
      ...evidenceWriteEffects(call.tool, path),
      ...editSwapEffects(call),
      ...armedLossEffects(call.tool, path, before ?? '', writtenContent(call) ?? ''),
      ...prodRepointEffects(call.tool, path, before ?? '', writtenContent(call) ?? ''),
      ...settingsEditEffects(path, before ?? '', writtenContent(call) ?? ''),
      ...gateEffects(path, before ?? '', writtenContent(call) ?? ''),
      ...buildInputEffects(path, before ?? '', writtenContent(call) ?? ''),
      ...armedDeleteEffects(path, before ?? '', writtenContent(call) ?? ''),
      ...cleanTargetEffects(path, before ?? '', writtenContent(call) ?? ''),
      ...identityEffects(path, before ?? '', writtenContent(call) ?? ''),
      ...protectionEffects(path, before ?? '', writtenContent(call) ?? ''),
      ...grantEditEffects(path, before ?? '', writtenContent(call) ?? ''),
      ...setupRemovedEffects(path, before ?? '', writtenContent(call) ?? ''),
      // an edit of ssh's configuration is also read against the text it replaces (a host repointed)
      ...(before !== undefined
        ? [sshConfigWrite(path, writtenContent(call), before)].filter((e) => e !== undefined)
        : []),
    ];
  }
  return [];
}

/**
 * A command substitution inside a read path names one path segment whatever it prints (`cat
 * /proc/$(pgrep -f 'node dist/server.js' | head -1)/environ` reads some process's environ): it is
 * read as `*`, so a slash in the substituted command does not hide the file it names.
 */
function substitutionAsSegment(path: string): string {
  if (!path.includes('$(') && !path.includes('`')) return path;
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const ch = path[i];
    if (ch === '`') {
      const end = path.indexOf('`', i + 1);
      if (end < 0) return path;
      out += '*';
      i = end;
    } else if (ch === '$' && path[i + 1] === '(') {
      let depth = 0;
      let j = i + 1;
      for (; j < path.length; j++) {
        if (path[j] === '(') depth++;
        else if (path[j] === ')' && --depth === 0) break;
      }
      if (j >= path.length) return path;
      out += '*';
      i = j;
    } else out += ch;
  }
  return out;
}

export function derivedCall(base: ToolCall, e: Effect, workdir: string | undefined): ToolCall {
  const params: Record<string, unknown> = {};
  if (e.path !== undefined) params['path'] = e.tool === 'read' ? substitutionAsSegment(e.path) : e.path;
  if (e.content !== undefined) params['content'] = e.content;
  // an append keeps what the file held: nothing it adds blanks the file (write-loss.ts)
  if (e.append) params['append'] = true;
  if (e.url !== undefined) params['url'] = e.url;
  if (e.command !== undefined) params['command'] = e.command;
  const c: ToolCall = { tool: e.tool, agent: base.agent, session: base.session, params };
  if (workdir !== undefined) c.workdir = workdir;
  if (base.agentDepth !== undefined) c.agentDepth = base.agentDepth;
  DERIVED.add(c);
  return c;
}

/**
 * Folds the derived decisions into the call's own: a derived decision made by a rule (not the
 * default action) that is stricter replaces it, with the effect named in the message.
 */
export function strictest(own: Decision, derived: DerivedResult[]): Decision {
  let best = own;
  let bestEffect: Effect | undefined;
  for (const r of derived) {
    const d = r.decision;
    if (!d.policy) continue;
    if (r.effect.onlyDeny && d.action !== 'deny') continue;
    if (r.effect.noWatch && d.action === 'watch') continue;
    if ((STRENGTH[d.action] ?? 0) > (STRENGTH[best.action] ?? 0)) {
      best = d;
      bestEffect = r.effect;
      if (d.action === 'deny') break;
    }
  }
  if (!bestEffect) return own;
  const names = [...best.matchedPolicies];
  for (const n of own.matchedPolicies) if (!names.includes(n)) names.push(n);
  const message = best.message.startsWith(`${bestEffect.via}: `) ? best.message : `${bestEffect.via}: ${best.message}`;
  return { ...best, message, matchedPolicies: names };
}
