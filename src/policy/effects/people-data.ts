// People's records carried in the text of what is sent, and files of people's or production data
// handed to a service, read by what leaves rather than by which tool sends it:
//  - a table of people (a header naming who they are: name, email, SSN, date of birth, phone,
//    address, student, patient, employee, salary ... and two or more rows under it), or several
//    social-security-shaped numbers, in a request body to a host outside this machine and the
//    private network (the fetch tool's POST to a form service), or in a message, mail, post,
//    form or page an MCP tool sends;
//  - a local file named for customer, patient, backup or export data (data-shares.ts), or any
//    file put in a bucket named for sharing, given to an MCP upload or send tool.
//  - a public gist made by an MCP tool or by a request to GitHub's gists API: the same as `gh
//    gist create --public`, which the exfiltration policy denies (listed and searchable by anyone).
// Each other reads as `shares-data WHAT to WHERE`, which the exfiltration policy asks about: the user
// decides whether the data may go there. Summaries, counts and build reports are not tables of
// people and pass.
import type { Effect } from './types.js';
import { SENSITIVE_DATA, SHARED_BUCKET, WEBMAIL } from './data-shares.js';
import { isLoopbackHost } from './url-host.js';
import { privateHost } from '../remote-copies.js';
import { isInternalName } from './fetch-readings.js';
import { toolWords } from './mcp-tools.js';
import { personalDocument, personalShare } from './personal-docs.js';

/** Column names that say a row is about a person. */
const PERSON_COLUMN =
  /^(?:(?:first|last|full|given|family|middle|student|patient|employee|customer|client|user)[ _-]?name|name|first|last|surname|forename|(?:student|patient|employee|member|customer|staff)[ _-]?(?:number|no|num)|allerg(?:y|ies)|medications?|e-?mail(?:[ _-]?address)?|ssn|social[ _-]?security(?:[ _-]?number)?|sin|nino|dob|date[ _-]?of[ _-]?birth|birth[ _-]?date|birthday|phone(?:[ _-]?number)?|mobile|address|street|zip|postcode|student[ _-]?id|patient[ _-]?id|mrn|employee[ _-]?id|salary|iban|passport(?:[ _-]?(?:no|number))?|national[ _-]?id|diagnosis|grade|gpa|card[ _-]?number|account[ _-]?number)$/i;
const SSN = /\b\d{3}-\d{2}-\d{4}\b/g;
/** What else names the person an SSN belongs to: a birth date, a mail address, a phone number. */
const ONE_PERSON = /\b(?:dob|date of birth|born)\b|[\w.+-]+@[\w-]+\.[\w.]+|\b\d{3}-\d{4}\b/i;

function formDecoded(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s
      .replace(/%0[aA]/g, '\n')
      .replace(/%0[dD]/g, '\r')
      .replace(/%2[cC]/g, ',');
  }
}

/** What makes the text a record of people, or undefined. */
export function peopleRecords(raw: string): string | undefined {
  if (raw.length < 40) return undefined;
  // a form-encoded body (`entry.1=a,b%0Ac,d`) holds its lines encoded
  const text = /%0[aAdD]/.test(raw) ? formDecoded(raw) : raw;
  const ssns = (text.match(SSN) ?? []).length;
  if (ssns >= 2) return 'social security numbers';
  // one person's record: a social-security number beside their birth date, mail address or phone
  if (ssns === 1 && ONE_PERSON.test(text)) return "a person's social security number and details";
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  for (let i = 0; i + 2 < lines.length && i < 20; i++) {
    const header = lines[i] ?? '';
    const sep = [',', '\t', '|', ';'].find((s) => header.split(s).length >= 3);
    if (!sep) continue;
    const cols = header.split(sep).map((c) => c.trim().replace(/^["'`]|["'`]$/g, ''));
    const personal = cols.filter((c) => PERSON_COLUMN.test(c));
    if (personal.length < 2) continue;
    const rows = lines
      .slice(i + 1)
      .filter((l) => Math.abs(l.split(sep).length - cols.length) <= 1 && !/^[\s|:-]+$/.test(l));
    if (rows.length >= 2) return `a table of people (${personal.slice(0, 3).join(', ')})`;
  }
  return undefined;
}

const share = (what: string, where: string, via: string): Effect => ({
  tool: 'exec',
  command: `shares-data ${what.replace(/[^\w@/.:~-]/g, '_')} to ${where.replace(/[^\w@/.:~-]/g, '_') || 'remote'}`,
  via,
});

/** MCP operations that send what they are given to people or services. */
const SENDING =
  /send|post|message|mail|chat|reply|comment|gist|paste|webhook|form|fill|submit|tweet|publish|upload|share|put_?object|(?:^|[_-])put(?:[_-]|$)/;
/** Operations that store secrets or run locally: their text is not sent to anyone. */
const LOCAL_OP =
  /^(?:write|read|edit|create|list|search|move|copy|delete)_?(?:file|files|directory|dir)?$|secret|vault|query|execute|sql/;
const TEXT_KEY =
  /^(?:text|body|content|message|markdown|html|description|value|values|fields|data|payload|comment|note|caption)$/i;
const FILE_KEY =
  /^(?:file|files?_?path|filepath|filename|source|source_?(?:path|file)|src|local_?(?:path|file)|attachment|upload_?path|path|content_?path|body_?path)$/i;

/** Parameters that say where an export is delivered. */
const DELIVER_KEY =
  /^(?:to|email|email_?to|send_?to|recipient|recipients|notify_?email|deliver_?to|destination|dest|url|webhook|webhook_?url|callback_?url|target_?url|upload_?url)$/i;

/**
 * An export, dump or backup an MCP tool delivers straight to a personal mailbox or a host outside
 * (`shopify_export_customers {email_to: x@gmail.com}`, `export_orders {webhook_url: https://...}`):
 * the records leave without passing through the project.
 */
function deliveredExport(op: string, words: string[], p: Record<string, unknown>): Effect[] {
  if (!words.some((w) => /^(?:export|exports|dump|backup|download|extract)$/.test(w))) return [];
  for (const [k, v] of Object.entries(p)) {
    if (!DELIVER_KEY.test(k)) continue;
    for (const t of [v].flat()) {
      if (typeof t !== 'string') continue;
      const host = /^https?:\/\/(?:[^@/]*@)?([^/:?#]+)/i.exec(t.trim())?.[1]?.toLowerCase();
      if (WEBMAIL.test(t.trim()) || (host && !isLoopbackHost(host) && !privateHost(host) && !isInternalName(host)))
        return [share(words.join('-'), t, `MCP ${op} delivers its export to ${t}`)];
    }
  }
  return [];
}

/** Field names of a person's contact and identity details, as GraphQL, REST and CRM exports name them. */
const CONTACT_FIELD =
  /\b(?:e-?mail(?:_?address)?|phone(?:_?number)?|mobile|first_?name|last_?name|full_?name|(?:default_?|billing_?|shipping_?)?address(?:es|1|2|_?line1)?|street|zip|postcode|postal_?code|birthday|date_?of_?birth|dob|ssn)\b/gi;

/**
 * A bulk query or export of people's contact details (`shopify_run_bulk_query` over customers'
 * email, phone and address, `hubspot_export_contacts {properties: [email, phone, address]}`): three
 * or more kinds of contact field asked for a whole collection at once is a copy of the customer
 * base, whoever asked for it.
 */
function contactExport(op: string, words: string[], p: Record<string, unknown>): Effect[] {
  const text = JSON.stringify(p).slice(0, 16384);
  // Shopify's bulk operations run the query over every record (bulkOperationRunQuery)
  if (
    !words.some((w) => /^(?:bulk|export|exports|dump|extract|backup)$/.test(w)) &&
    !/bulkOperationRunQuery/.test(text)
  )
    return [];
  const kinds = new Set(
    [...text.matchAll(CONTACT_FIELD)].map((m) =>
      (m[0] ?? '')
        .toLowerCase()
        .replace(/^(?:default_?|billing_?|shipping_?|first_?|last_?|full_?)/, '')
        .replace(/[_-]/g, '')
        .replace(/(?:es|1|2|line1|number)$/, ''),
    ),
  );
  return kinds.size >= 3
    ? [share('people-records', op, `MCP ${op} exports people's contact details (${[...kinds].slice(0, 4).join(', ')})`)]
    : [];
}

/** People's data an MCP tool sends (see the top of this file). */
export function mcpPeopleData(op: string, p: Record<string, unknown>, strings: [string, string][]): Effect[] {
  const words = toolWords(op);
  const delivered = deliveredExport(op, words, p);
  if (delivered.length) return delivered;
  const exported = contactExport(op, words, p);
  if (exported.length) return exported;
  if (!SENDING.test(op) || LOCAL_OP.test(op)) return [];
  const where =
    [p['to'], p['channel'], p['channel_id'], p['chat_id'], p['recipient'], p['url'], p['bucket'], p['repo']]
      .flat()
      .find((v): v is string => typeof v === 'string') ?? words.join('-');
  for (const [k, v] of strings) {
    if (!TEXT_KEY.test(k)) continue;
    const what = peopleRecords(v);
    if (what) return [share('people-records', where, `MCP ${op} sends ${what} to ${where}`)];
  }
  // files handed to any tool that sends (`slack_post_message {file_path}`, `upload_file`, `send_email`)
  {
    const bucket = [p['bucket'], p['Bucket'], p['bucket_name'], p['container']].find(
      (v): v is string => typeof v === 'string',
    );
    const files = Object.entries(p).flatMap(([k, v]) =>
      (FILE_KEY.test(k) || /^(?:paths|files|attachments|file_?paths|uploads|documents|media|media_?paths)$/i.test(k)) &&
      (typeof v === 'string' || Array.isArray(v))
        ? [v].flat().filter((f): f is string => typeof f === 'string')
        : [],
    );
    for (const v of files) {
      if (!/^(?:\/|~\/|\$HOME\/|[A-Za-z]:\\)/.test(v)) continue;
      if (SENSITIVE_DATA.test(v) || /\/(?:customers?|patients?|students?|backups?|dumps?|exports?)\//i.test(v))
        return [share(v, where, `MCP ${op} sends ${v}, a file of people's or production data, to ${where}`)];
      if (personalDocument(v)) return [personalShare(v, where, `MCP ${op} sends ${v}, a personal document,`)];
      if (bucket && SHARED_BUCKET.test(bucket))
        return [share(v, bucket, `MCP ${op} puts ${v} in ${bucket}, a bucket named for sharing`)];
    }
  }
  return [];
}

/** A request body carrying people's records to a host outside (the fetch tool). */
export function bodyPeopleData(host: string, body: string, via: string): Effect[] {
  const what = peopleRecords(body.slice(0, 20000));
  return what ? [share('people-records', host, `${via} sends ${what} to ${host}`)] : [];
}

/** A public gist created or changed by an MCP tool (`create_gist {public: true}`), as the gh command it amounts to. */
export function mcpGist(op: string, p: Record<string, unknown>): Effect[] {
  if (!/gist/.test(op) || !/create|new|add|update|edit|post|write/.test(op)) return [];
  if (p['public'] !== true && p['public'] !== 'true' && p['visibility'] !== 'public') return [];
  return [
    {
      tool: 'exec',
      command: 'gh gist create --public mcp-gist',
      via: `MCP ${op} writes a public gist (as \`gh gist create --public\`)`,
    },
  ];
}

/** A request to GitHub's gists API that makes a public gist (POST /gists, PATCH /gists/ID, `"public": true`). */
export function requestGist(url: string, method: string | undefined, body: unknown): Effect[] {
  if (!/^https:\/\/api\.github\.com\/gists(?:\/[0-9a-f]+)?\/?(?:[?#].*)?$/i.test(url)) return [];
  if (!/^(?:POST|PATCH|PUT)$/i.test(method ?? '')) return [];
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
  if (!/"public"\s*:\s*true/.test(text)) return [];
  return [
    {
      tool: 'exec',
      command: 'gh gist create --public api-gist',
      via: `the request to ${url} writes a public gist (as \`gh gist create --public\`)`,
    },
  ];
}
