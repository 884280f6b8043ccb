// The admin API client: one fetch wrapper that adds the token and turns every failure into an
// ApiError with the HTTP status (0 when the server could not be reached).

const TOKEN_KEY = 'svc.token';

export const token = {
  get() {
    return sessionStorage.getItem(TOKEN_KEY) || '';
  },
  set(t) {
    sessionStorage.setItem(TOKEN_KEY, t);
  },
  clear() {
    sessionStorage.removeItem(TOKEN_KEY);
  },
};

export class ApiError extends Error {
  constructor(status, body) {
    const msg = (body && typeof body.error === 'string' && body.error) || statusText(status);
    super(msg);
    this.status = status;
    this.body = body || {};
  }
}

function statusText(status) {
  if (status === 0) return 'cannot reach the server';
  if (status === 401) return 'the token was rejected';
  if (status === 403) return 'this token lacks admin scope';
  return `request failed (${status})`;
}

let unauthorizedHandler = () => {};
/** Called whenever the server answers 401, so the page can ask for a token again. */
export function onUnauthorized(fn) {
  unauthorizedHandler = fn;
}

export async function api(method, path, body) {
  const headers = { Authorization: `Bearer ${token.get()}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, null);
  }
  let data = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { error: text.slice(0, 200) };
    }
  }
  if (!res.ok) {
    const err = new ApiError(res.status, data);
    if (res.status === 401) unauthorizedHandler(err);
    throw err;
  }
  return data;
}

/** Builds a query string from the non-empty values of an object. */
export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}
