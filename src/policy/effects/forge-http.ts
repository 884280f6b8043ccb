// Raw HTTP requests that do what a forge's or a registry's command would: GitHub's contents API
// (PUT /repos/O/R/contents/PATH with the file base64-encoded, docs.github.com "Create or update
// file contents") and GitLab's repository files API (POST/PUT /projects/ID/repository/files/PATH)
// write a file of the repository, read as that write; the npm registry's dist-tag and publish
// endpoints (PUT /-/package/NAME/dist-tags/TAG, PUT /NAME) move or publish a release, read as
// `npm dist-tag add` and `npm publish` (the same decisions the commands get).
import type { Effect } from './types.js';

export interface HttpWrite {
  url: string;
  method: string;
  body: string;
}

function jsonField(body: string, key: string): string | undefined {
  try {
    const v = (JSON.parse(body) as Record<string, unknown>)[key];
    return typeof v === 'string' ? v : undefined;
  } catch {
    return new RegExp(`"${key}"\\s*:\\s*"([^"]*)"`).exec(body)?.[1];
  }
}

function fromBase64(s: string): string | undefined {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(s)) return undefined;
  const t = Buffer.from(s.replace(/\s+/g, ''), 'base64').toString('utf8');
  return t.includes('\uFFFD') ? undefined : t;
}

/** The file a forge API request writes, with its content, or undefined. */
export function forgeFileWrite(r: HttpWrite): { path: string; content: string | undefined } | undefined {
  if (!/^(?:PUT|POST|PATCH)$/.test(r.method)) return undefined;
  const gh = /^https?:\/\/api\.github\.com\/repos\/[^/]+\/[^/]+\/contents\/([^?#]+)/i.exec(r.url);
  if (gh?.[1]) {
    const raw = jsonField(r.body, 'content');
    return { path: decodeURIComponent(gh[1]), content: raw === undefined ? undefined : fromBase64(raw) };
  }
  const gl = /\/api\/v4\/projects\/[^/]+\/repository\/files\/([^?#/]+)/i.exec(r.url);
  if (gl?.[1]) {
    const raw = jsonField(r.body, 'content');
    const b64 = jsonField(r.body, 'encoding') === 'base64';
    return { path: decodeURIComponent(gl[1]), content: raw === undefined ? undefined : b64 ? fromBase64(raw) : raw };
  }
  return undefined;
}

/** The registry command a request to the npm registry amounts to. */
export function registryCommand(r: HttpWrite): Effect | undefined {
  const m = /^https?:\/\/registry\.(?:npmjs\.org|yarnpkg\.com)\/(.+)$/i.exec(r.url);
  if (!m?.[1] || !/^(?:PUT|POST|DELETE)$/.test(r.method)) return undefined;
  const route = decodeURIComponent(m[1]);
  const tag = /^-\/package\/(.+?)\/dist-tags\/([^/?#]+)/.exec(route);
  if (tag?.[1] && tag[2]) {
    const version = (jsonField(`{"v":${r.body}}`, 'v') ?? r.body).replace(/"/g, '').trim();
    return {
      tool: 'exec',
      command: `npm dist-tag add ${tag[1]}@${version || 'latest'} ${tag[2]}`,
      via: `the request moves the ${tag[2]} tag of ${tag[1]}`,
    };
  }
  if (!route.startsWith('-/') && r.method === 'PUT')
    return { tool: 'exec', command: 'npm publish', via: `the request publishes ${route.split('/-rev/')[0] ?? route}` };
  if (r.method === 'DELETE')
    return {
      tool: 'exec',
      command: `npm unpublish ${route.split('/-rev/')[0] ?? route} --force`,
      via: 'the request unpublishes',
    };
  return undefined;
}
