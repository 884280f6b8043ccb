// MCP tools that open a file, an object or a repository to everyone: a share, ACL, permission or
// visibility tool whose parameters name the public (`{type: anyone}` in Google Drive's permission
// model, S3's canned ACL `public-read`, GCS's `allUsers`, `visibility: public`). Each is read as the
// command-line call that does the same, which the access policies already deny (`aws s3api
// put-object-acl --acl public-read`, `gsutil iam ch allUsers:objectViewer`, `gh repo edit
// --visibility public`). Sources: Google Drive API permissions (type user|group|domain|anyone),
// Amazon S3 canned ACLs, Cloud Storage IAM principals allUsers/allAuthenticatedUsers.
import type { Effect } from './types.js';
import { toolWords } from './mcp-tools.js';
import { SENSITIVE_DATA, WEBMAIL } from './data-shares.js';
import { personalDocument } from './personal-docs.js';
import { publicAudience } from './public-audience.js';

const SHARE_WORDS = new Set([
  'share',
  'sharing',
  'acl',
  'permission',
  'permissions',
  'visibility',
  'public',
  'publish',
  'grant',
  'policy',
  'access',
  'link',
  'iam',
  'member',
  'members',
  'binding',
  'bindings',
]);
function word(v: unknown, fallback: string): string {
  const s = (typeof v === 'string' ? v : fallback).replace(/[^\w@%+=:,./~-]/g, '_');
  return s || fallback;
}

/** Files attached to a mail an MCP tool sends to a personal webmail address, or files named for
 * people's or production data attached to any mail (`send_email {to, attachments: [...]}`). */
function mailedFiles(words: string[], p: Record<string, unknown>): Effect[] {
  if (!words.some((w) => w === 'mail' || w === 'email' || w === 'gmail' || w === 'outlook')) return [];
  const list = p['attachments'] ?? p['attachment'] ?? p['files'] ?? p['attach'];
  const files = (Array.isArray(list) ? list : [list]).filter((f): f is string => typeof f === 'string' && !!f.trim());
  if (!files.length) return [];
  const to = [p['to'], p['recipient'], p['recipients'], p['cc'], p['bcc']]
    .flat()
    .filter((t): t is string => typeof t === 'string');
  const personal = to.find((t) => WEBMAIL.test(t.trim()));
  const data = files.find((f) => SENSITIVE_DATA.test(f) || personalDocument(f));
  if (!personal && !data) return [];
  const file = data ?? files[0] ?? '';
  const where = personal ?? to[0] ?? 'mail';
  const w = (x: string) => x.replace(/[^\w@/.:~-]/g, '_');
  return [
    {
      tool: 'exec',
      command: `shares-data ${w(file)} to ${w(where)}`,
      via: `MCP mail attaches ${file} for ${where}`,
    },
  ];
}

export function mcpShareEffects(op: string, p: Record<string, unknown>): Effect[] {
  const words = toolWords(op);
  const mailed = mailedFiles(words, p);
  if (mailed.length) return mailed;
  // a repository or project turned public by whatever tool edits it (`update_repository {visibility: public}`)
  const edits = words.some((w) => ['update', 'edit', 'set', 'change', 'patch', 'modify'].includes(w));
  const visibility = typeof p['visibility'] === 'string' || typeof p['private'] === 'boolean';
  if (
    !(words.some((w) => SHARE_WORDS.has(w)) || (edits && visibility)) ||
    words.includes('list') ||
    words.includes('get')
  )
    return [];
  const audience = publicAudience(Object.entries(p));
  const publicKey = audience ? audience.split(': ') : undefined;
  const unprivate = edits && p['private'] === false;
  if (!publicKey && !unprivate) return [];
  const bucket = p['bucket'] ?? p['Bucket'] ?? p['bucket_name'];
  const idKey = Object.keys(p).find((k) => /(?:^|_)id$|Id$/.test(k) && typeof p[k] === 'string');
  const what = word(
    bucket ?? p['path'] ?? p['file_id'] ?? p['fileId'] ?? p['repo'] ?? p['name'] ?? (idKey ? p[idKey] : undefined),
    'item',
  );
  const command = bucket
    ? `aws s3api put-object-acl --bucket ${word(bucket, 'bucket')} --key ${word(p['key'] ?? p['Key'], 'key')} --acl public-read`
    : words.includes('repo') || words.includes('repository') || words.includes('visibility') || unprivate
      ? `gh repo edit ${what} --visibility public`
      : `gsutil iam ch allUsers:objectViewer gs://${what.replace(/^\/+/, '')}`;
  return [
    {
      tool: 'exec',
      command,
      via: `MCP ${op} opens ${what} to everyone (${publicKey ? `${publicKey[0]}: ${String(publicKey[1]).slice(0, 20)}` : 'private: false'}) (as \`${command}\`)`,
    },
  ];
}
