// HTTP requests made by code with a method and a literal URL, read as the curl call they amount to
// so the readings of HTTP deletes and hosted-service actions (shell-http-destroy.ts,
// saas-actions.ts) decide them whichever client sends them: Python's requests and httpx
// (`requests.delete(URL)`, `httpx.post(URL, json={...})`, `requests.request('DELETE', URL)`),
// JavaScript's fetch with a method (`fetch(URL, {method: 'DELETE', body})`), axios, got and ky
// (`axios.delete(URL)`), and Ruby's HTTParty/Faraday-style `HTTParty.delete(URL)`.
import type { Effect } from '../types.js';

/** `client.verb('URL' ...`: requests, httpx, a session, axios, got, ky, HTTParty, RestClient. */
const VERB_CALL =
  /\b(?:requests|httpx|session|sess|s|client|http|axios|got|ky|HTTParty|RestClient|Faraday|superagent|request)\s*\.\s*(delete|post|put|patch)\s*\(\s*(?:url\s*=\s*)?[fr]?(["'`])(https?:\/\/[^"'`\s]+)\2/gi;
/** `requests.request('DELETE', 'URL' ...` */
const REQUEST_CALL =
  /\b(?:requests|httpx|session|client)\s*\.\s*request\s*\(\s*(["'])(DELETE|POST|PUT|PATCH)\1\s*,\s*[fr]?(["'])(https?:\/\/[^"'\s]+)\3/gi;
/** `fetch('URL', {... method: 'DELETE' ...})` */
const FETCH_CALL = /\bfetch\s*\(\s*(["'`])(https?:\/\/[^"'`\s]+)\1\s*,\s*\{([^]{0,2000}?)\}\s*\)/g;

/** The text after a call's URL up to a reasonable length: its body, headers and options. */
function rest(code: string, from: number): string {
  return code.slice(from, from + 1500);
}

const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function curl(method: string, url: string, body: string, via: string): Effect {
  const data = body.trim() ? ` --data-binary ${shq(body.slice(0, 1500))}` : '';
  return {
    tool: 'exec',
    command: `curl -X ${method.toUpperCase()} ${shq(url)}${data}`,
    noWatch: true,
    via: `${via} sends ${method.toUpperCase()} ${url}`,
  };
}

/** The curl calls a piece of code's HTTP requests amount to. */
export function codeHttpEffects(code: string, via: string): Effect[] {
  if (!/https?:\/\//.test(code)) return [];
  const out: Effect[] = [];
  VERB_CALL.lastIndex = 0;
  for (let m = VERB_CALL.exec(code); m; m = VERB_CALL.exec(code))
    out.push(curl(m[1] ?? 'POST', m[3] ?? '', rest(code, m.index + m[0].length), via));
  REQUEST_CALL.lastIndex = 0;
  for (let m = REQUEST_CALL.exec(code); m; m = REQUEST_CALL.exec(code))
    out.push(curl(m[2] ?? 'POST', m[4] ?? '', rest(code, m.index + m[0].length), via));
  FETCH_CALL.lastIndex = 0;
  for (let m = FETCH_CALL.exec(code); m; m = FETCH_CALL.exec(code)) {
    const opts = m[3] ?? '';
    const method = /\bmethod\s*:\s*["'`](DELETE|POST|PUT|PATCH)["'`]/i.exec(opts)?.[1];
    if (method) out.push(curl(method, m[2] ?? '', opts, via));
  }
  return out.slice(0, 16);
}
