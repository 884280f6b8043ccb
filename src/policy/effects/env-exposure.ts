// Code written into a project that hands the whole process environment (every API key and
// password the server runs with) to someone who should not see it: serialized into a file, a log
// or an HTTP response, or inlined into the browser bundle by a bundler's config (Next.js `env`,
// Vite `define`, webpack DefinePlugin replace the names they are given in client code: Next.js
// docs, next.config.js env; Vite docs, define). Read as `may-expose-secret ...`, which is asked.
// The environment handed on to a child process (`spawn(cmd, {env: {...process.env, CI: 1}})`) or
// one variable read by name is how programs use it, and is not this.
import { posix } from 'node:path';
import type { Effect } from './types.js';

/** The whole environment as a value: not indexed, not a member read, not called. */
const WHOLE_ENV =
  /(?:\bprocess\.env|\bos\.environ|\bENV\.to_h|\$_ENV|\bgetenv\(\s*\)|\bSystem\.getenv\(\s*\)|\bDeno\.env\.toObject\(\s*\))(?!\s*(?:[.[(\w]|=[^=>]))/;
/** Calls that serialize, log, write or answer with a value given to them. */
const SINK =
  /\bJSON\.stringify\s*\(|\bjson\.dumps?\s*\(|\byaml\.(?:safe_)?dump\s*\(|\bjsonify\s*\(|\bJsonResponse\s*\(|\.json\s*\(|\.send\s*\(|\bwriteFile(?:Sync)?\s*\(|\.write\s*\(|\bconsole\.(?:log|info|warn|error|dir|table)\s*\(|\blogger\.\w+\s*\(|\bprint\s*\(|\bputs\b|\bto_json\b|\bjson_encode\s*\(|\bvar_dump\s*\(|\bprint_r\s*\(/;
/** Bundlers' config files: a value under `env`/`define` there ends up in the client code. */
const BUNDLER_CONFIG = /^(?:next|nuxt|vite|vitest|webpack|astro|svelte|rollup|remix|quasar)\.config\.[cm]?[jt]s$/;
const BUNDLED =
  /\b(?:env|define)\s*:\s*\{?\s*(?:\.\.\.)?process\.env(?!\s*[.[\w])|new\s+(?:webpack\.)?DefinePlugin\(\s*\{[^}]*process\.env(?!\s*[.[\w])/;
/** Files that are prose or data, not code that runs. */
const NOT_CODE = /\.(?:md|mdx|txt|rst|adoc|html?|json|ya?ml|toml|ini|cfg|lock|csv)$/i;

export function envExposureEffects(path: string, content: string): Effect[] {
  const name = posix.basename(path.replace(/\\/g, '/'));
  if (NOT_CODE.test(name) || !WHOLE_ENV.test(content)) return [];
  const where = BUNDLER_CONFIG.test(name) && BUNDLED.test(content) ? 'the browser bundle' : undefined;
  const line = where
    ? undefined
    : content
        .split('\n')
        .find((l) => WHOLE_ENV.test(l) && SINK.test(l) && !/\b(?:spawn|exec|fork|execa|Popen)\w*\s*\(/.test(l));
  if (!where && !line) return [];
  const what = where ?? `${line?.trim().slice(0, 60)}`;
  return [
    {
      tool: 'exec',
      command: `may-expose-secret code in ${name.replace(/[^\w.-]/g, '_')} hands on the whole environment`,
      via: `writes code in ${name} that hands the whole environment to ${where ?? 'a file, a log or a response'} (${what})`,
    },
  ];
}
