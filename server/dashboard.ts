// /dashboard/: the operator UI's static files. They carry no data and need no credential;
// the page asks for the admin token and calls the API with it.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PACKAGE_ROOT } from '../src/util/version.js';
import { notFound } from './http-errors.js';

export const DASHBOARD_DIR = join(PACKAGE_ROOT, 'server', 'dashboard');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

// Everything the page needs is served from here; the API is same-origin. No inline script or
// style, so the policy can forbid both and an injected string can never execute.
const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  // The files are small and change with the server; always revalidate.
  'Cache-Control': 'no-cache',
};

/**
 * Third-party files the page loads, each by a fixed name: uPlot draws the Overview charts
 * (small, canvas-based, no dependencies of its own). Served from the installed package, never a
 * CDN, so the page works offline and the CSP keeps 'self'.
 */
const VENDOR: Record<string, string> = {
  'vendor/uPlot.iife.min.js': 'uplot/dist/uPlot.iife.min.js',
  'vendor/uPlot.min.css': 'uplot/dist/uPlot.min.css',
};

interface Asset {
  type: string;
  body: Buffer;
}

/** Loads the UI once at startup: a fixed set of names, so no request can reach another path. */
export function loadAssets(dir = DASHBOARD_DIR): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(dir)) {
    const type = TYPES[extname(name)];
    if (type) assets.set(name, { type, body: readFileSync(join(dir, name)) });
  }
  if (!assets.has('index.html')) throw new Error(`dashboard assets missing: no index.html in ${dir}`);
  const require = createRequire(import.meta.url);
  for (const [name, spec] of Object.entries(VENDOR)) {
    const file = require.resolve(spec);
    const type = TYPES[extname(file)];
    if (!type) throw new Error(`dashboard asset ${file} has no known content type`);
    assets.set(name, { type, body: readFileSync(file) });
  }
  return assets;
}

export default async function dashboard(app: FastifyInstance): Promise<void> {
  const assets = loadAssets();
  const send = (name: string) => {
    const asset = assets.get(name);
    if (!asset) throw notFound('no such dashboard file');
    return asset;
  };

  app.get('/dashboard', { config: { auth: 'none' }, schema: {} }, async (_request, reply) =>
    reply.redirect('/dashboard/', 301),
  );
  app.get(
    '/dashboard/*',
    {
      config: { auth: 'none' },
      schema: {
        params: { type: 'object', properties: { '*': { type: 'string', maxLength: 128 } } },
      },
    },
    async (request, reply) => {
      const name = (request.params as { '*': string })['*'] || 'index.html';
      const asset = send(name);
      return reply.headers(SECURITY_HEADERS).type(asset.type).send(asset.body);
    },
  );
}
