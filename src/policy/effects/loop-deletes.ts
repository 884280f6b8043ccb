// Every record a listing returns, deleted one by one: code or a shell loop that walks a service's
// collection and calls its delete on each item. Through an SDK (`[d.delete() for d in
// nb.dcim.devices.all()]`, `for await (const c of stripe.customers.list()) await
// stripe.customers.del(c.id)`, `client.org_repos("acme").each { |r| client.delete_repository(r) }`,
// `[c.delete(e.entry_dn) for e in conn.entries]`), a whole collection deleted at once
// (`api.ip_addresses.all().delete()`), or a shell loop over ids an API listed (`for id in $(curl
// ... | jq -r '.[].id'); do curl -X DELETE .../$id; done`). Whatever the vendor, the store ends
// up empty; no single call says so, the loop does. Read as
//   `data-wipe-code loop CALL`   (asked, as an ORM's delete_all is)
// File deletes in a loop (`os.remove`, `unlink`, `shutil.rmtree`) are the delete readings' business,
// and a loop against a server on this machine is a developer's own data.
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const LOOP_DELETE_HINT =
  /\.(?:delete|destroy|del|purge|drop)\w*\s*\(|\bdelete_\w+\s*\(|DELETE|Remove-\w|Invoke-\w|^(?=[\s\S]*\b(?:for|each|forEach|map)\b)(?=[\s\S]*(?:cancel|void|refund|revoke|deactivate|disable|suspend|terminate|wipe|erase|unpublish|decommission|deprovision|offboard|send|email|mail|sms|notify|deliver|message))|\|\s*(?:%|foreach)\s*\{|\|\s*(?:Disable|Revoke|Send|Clear|Reset|Suspend|Block|Uninstall|Unregister|Unpublish)-\w/i;

/** A delete call on a service object (not a file remover). */
const DEL_CALL = /\.(?:delete|destroy|del|purge|drop)\w*\s*\(|(?:^|[^\w.])delete_\w+\s*\(/;
/** A call that lists a collection of a service. */
const LISTED =
  /\.(?:all|list\w*|search\w*|find\w*|filter|entries|keys|scan_iter|iterator|paginate|get_all\w*|org_repos|repos|items)\b|\blist_\w+\s*\(|\bsearch_\w+\s*\(/;
const LOCAL = /\b(?:localhost|127\.0\.0\.1|0\.0\.0\.0)\b|\[::1\]/;
const HTTP_DELETE = /(?:-X\s*|--request[=\s]+|--method[=\s]+|\bhttps?\s+|\bxh\s+)DELETE\b/;

function window(text: string, at: number, n = 400): string {
  return text.slice(at, at + n);
}

/** A key-value scan narrowed by a pattern (`r.scan_iter('session:*')`): the keys of one kind, not the store. */
function keyPattern(listing: string): boolean {
  const m = /\b(?:scan_iter|keys)\(\s*(?:match\s*=\s*)?['"]([^'"]*)['"]/.exec(listing);
  return m !== null && !/^\*?$/.test(m[1] ?? '');
}

/** The first delete-in-a-loop the code shows, as the call that deletes. */
function codeLoop(text: string, DEL: RegExp = DEL_CALL, LISTING: RegExp = LISTED): string | undefined {
  // comprehensions and generator arguments: [X.delete(...) for x in LISTING]
  for (const m of text.matchAll(
    /[[(]\s*([^[\]()]*(?:\((?:[^()]|\([^()]*\))*\)[^[\]()]*)*?)\bfor\s+\w+(?:\s*,\s*\w+)?\s+in\s+/g,
  )) {
    const expr = m[1] ?? '';
    const del = DEL.exec(expr);
    const over = window(text, (m.index ?? 0) + m[0].length, 200);
    if (del && LISTING.test(over) && !keyPattern(over)) return expr.trim();
  }
  // for-statements (Python `for x in LISTING: x.delete()`, JavaScript `for (const x of LISTING) ... del(x)`)
  for (const m of text.matchAll(/\bfor\s*(?:await\s*)?\(?\s*(?:const\s+|let\s+|var\s+)?\w+\s+(?:in|of)\s+/g)) {
    const rest = window(text, (m.index ?? 0) + m[0].length);
    // (a listing's own arguments may hold braces and colons: `list({status:'any'})`)
    const head = /^(?:[^:\n{()]|\([^()]*\))*?(?::|\)\s*(?:\{|await\b|\w))/.exec(rest);
    if (!head || !LISTING.test(head[0]) || keyPattern(head[0])) continue;
    const body = rest.slice(head[0].length, head[0].length + 200);
    const del = DEL.exec(body);
    if (del) return `${head[0].trim()} ${body.slice(0, del.index + del[0].length).trim()}`;
  }
  // block iterators: LISTING(...).each { |x| ...delete... }, .forEach(x => ...del...)
  for (const m of text.matchAll(/\.(?:each|find_each|forEach|map)\s*(?:\(|\{|do\b)/g)) {
    const before = text.slice(Math.max(0, (m.index ?? 0) - 120), m.index);
    if (!LISTING.test(before) && !/\w+s\s*\([^()]*\)\s*$/.test(before)) continue;
    const body = window(text, (m.index ?? 0) + m[0].length, 200);
    const del = DEL.exec(body);
    if (del) return `${before.split(/[\s;=]/).pop() ?? ''}${m[0]} ${body.slice(0, del.index + del[0].length).trim()}`;
  }
  // a whole collection deleted in one call: api.ip_addresses.all().delete()
  if (DEL !== DEL_CALL) return undefined;
  const chained = /[\w.]+\.(?:all|filter)\(\s*\)\.(?:delete|destroy)\(\s*\)/.exec(text);
  return chained?.[0];
}

/** A shell loop over what a command listed, sending a DELETE (or a delete subcommand) for each. */
function shellLoop(text: string): string | undefined {
  for (const m of text.matchAll(/\bfor\s+(\w+)\s+in\s+(?:\$\(|`)[^;]*?;\s*do\b([\s\S]{0,400}?)\bdone\b/g)) {
    const v = m[1] ?? '';
    const body = m[2] ?? '';
    if (new RegExp(`\\$\\{?${v}\\b`).test(body) && HTTP_DELETE.test(body))
      return `for ${v} in $(...); do ... DELETE ...$${v}`;
  }
  for (const m of text.matchAll(/\|\s*while\s+read\s+(?:-r\s+)?(\w+)\s*;\s*do\b([\s\S]{0,400}?)\bdone\b/g)) {
    const v = m[1] ?? '';
    const body = m[2] ?? '';
    if (new RegExp(`\\$\\{?${v}\\b`).test(body) && HTTP_DELETE.test(body))
      return `| while read ${v}; do ... DELETE ...$${v}`;
  }
  return undefined;
}

/** PowerShell nouns of this machine's own state, whose removal the file and process readings judge. */
const LOCAL_NOUN =
  /^(?:ChildItem|Item|Content|Process|Job|Variable|Module|PSSession|PSDrive|Alias|Event|EventSubscriber|Runspace|PSBreakpoint|AppxPackage|Printer|PrintJob|TypeData|NetNeighbor)$/i;
/** Listing options that pick some items, not all (`-Identity jdoe`, `-Name web01`, `-Filter 'Enabled -eq $false'`). */
const PICKS = /-(?:Identity|Id|Name\s+(?!['"]?\*)|Filter\s+(?!['"]?\*['"]?(?:\s|$))|LDAPFilter|Where)\b/i;

/**
 * A PowerShell listing piped into the remover of the same noun (`Get-Mailbox -ResultSize Unlimited |
 * Remove-Mailbox`, `Get-DnsServerResourceRecord -ZoneName z | Remove-DnsServerResourceRecord`,
 * `... | ForEach-Object { Remove-X $_ }`) with nothing narrowing it (a Where-Object, -Identity).
 */
function powershellPipe(text: string): string | undefined {
  for (const m of text.matchAll(
    /\bGet-(\w+)\b([^|;\n]*)\|\s*(?:(?:ForEach-Object|foreach|%)\s*\{\s*)?(Remove|Invoke)-(\w+)\b/gi,
  )) {
    const noun = m[1] ?? '';
    // `Invoke-MgWipeX` after `Get-MgX`: an SDK's action on the same noun (shell-cmdlet-verbs.ts)
    const target = /^invoke$/i.test(m[3] ?? '')
      ? (m[4] ?? '').replace(/(Wipe|Retire|Erase|Purge|Destroy|Delete|Remove)(?=[A-Z])/, '')
      : (m[4] ?? '');
    if (
      LOCAL_NOUN.test(noun) ||
      noun.toLowerCase() !== target.toLowerCase() ||
      (target === m[4] && /^invoke$/i.test(m[3] ?? '')) ||
      PICKS.test(m[2] ?? '')
    )
      continue;
    return `Get-${noun} | ${m[3]}-${m[4]}`;
  }
  return undefined;
}

/**
 * Calls that end, void or shut out what an item names, on any SDK (the bulk verbs shell-verbs.ts
 * reads over a listing: cancel, void, refund, revoke, deactivate, disable, suspend, terminate,
 * wipe, erase, factory reset, decommission, unpublish), with or without parentheses (Ruby's
 * `a.terminate!`), as a method or a `verb_noun(` function, and a refund created per charge.
 */
const END_CALL =
  /\.(?:cancel|void|refund|revoke|deactivate|disable|suspend|terminate|wipe|erase|unpublish|factory_?reset|decommission|deprovision|offboard)\w*[!?]?\s*(?:\(|$|[\s;})])|(?:^|[^\w.])(?:cancel|void|refund|revoke|deactivate|disable|terminate|wipe|suspend|decommission)_\w+\s*\(|\b(?:Refund|refunds)\.create\s*\(/i;
/** Calls that deliver a message (send, email, sms, notify; a message, SMS or notification created). */
const SEND_CALL =
  /\.(?:send|send_\w+|send[A-Z]\w*|email|mail|sms|notify|deliver\w*)\s*\(|\b(?:messages|message|notifications|sms|emails|mail)\.(?:create|send|post)\s*\(/;
/** What a send loop may walk: a service's listing, or a file of addresses or numbers read in. */
const LISTED_OR_READ = new RegExp(
  `${LISTED.source}|\\bopen\\(|\\.readlines\\b|\\.read_text\\b|readFileSync|\\.split\\(|\\bcsv\\.`,
);

/** PowerShell verbs that end, switch off or message what a listing's objects name. */
const PS_VERB = /^(?:Remove|Clear|Reset|Disable|Revoke|Uninstall|Unregister|Unpublish|Suspend|Block|Send)$/i;
/** A noun's first word, the module prefix of vendor cmdlets (`Kld` of KldCustomer, `Mailbox`). */
function nounHead(noun: string): string {
  return (/^[A-Z]+(?=[A-Z][a-z])|^[A-Z][a-z0-9]+|^[a-z]+/.exec(noun)?.[0] ?? noun).toLowerCase();
}

/**
 * `Get-X [unnarrowed] | ForEach-Object { VERB-Y ... $_ ... }` or `| VERB-Y`, where Y shares X's
 * noun or its module prefix (`Get-KldCustomer | % { Send-KldInvoiceReminder -Customer $_ }`,
 * `Get-Mailbox -ResultSize Unlimited | % { Disable-Mailbox -Identity $_.Identity }`).
 */
function powershellEach(text: string): { found: string; sends: boolean } | undefined {
  for (const m of text.matchAll(
    /\bGet-(\w+)\b([^|;\n]*)\|\s*(?:(?:ForEach-Object|foreach|%)\s*\{\s*)?([A-Za-z]+)-(\w+)\b/gi,
  )) {
    const noun = m[1] ?? '';
    const verb = m[3] ?? '';
    const target = m[4] ?? '';
    if (!PS_VERB.test(verb) || LOCAL_NOUN.test(noun) || PICKS.test(m[2] ?? '')) continue;
    const head = nounHead(noun);
    if (noun.toLowerCase() !== target.toLowerCase() && (head.length < 2 || nounHead(target) !== head)) continue;
    return { found: `Get-${noun} | ${verb}-${target}`, sends: /^send$/i.test(verb) };
  }
  return undefined;
}

export function loopDeleteEffects(line: LineView, out: Effect[]): void {
  if (LOCAL.test(line.text)) return;
  const found = codeLoop(line.text) ?? shellLoop(line.text) ?? powershellPipe(line.text);
  if (found) {
    const words = found.replace(/\s+/g, ' ').slice(0, 120);
    out.push({
      tool: 'exec',
      command: `data-wipe-code loop ${words}`,
      via: `every item a listing returns is deleted one by one (${words})`,
    });
    return;
  }
  // the same loops with any other verb that ends what the item names, or that messages it
  const ended = codeLoop(line.text, END_CALL);
  const ps = ended ? undefined : powershellEach(line.text);
  if (ended || (ps && !ps.sends)) {
    const words = (ended ?? ps?.found ?? '').replace(/\s+/g, ' ').slice(0, 120);
    out.push({
      tool: 'exec',
      command: `bulk-action loop ${words}`,
      via: `every item a listing returns is cancelled, voided, revoked or switched off one by one (${words})`,
    });
    return;
  }
  const sent = ps?.sends ? ps.found : codeLoop(line.text, SEND_CALL, LISTED_OR_READ);
  if (!sent) return;
  const words = sent.replace(/\s+/g, ' ').slice(0, 120);
  out.push({
    tool: 'exec',
    command: `saas-broadcast cli code ${words} each-of-list`,
    via: `a message is sent to every item a listing or a file returns (${words})`,
  });
}
