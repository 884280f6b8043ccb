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
  /(?:\bprocess\.env|\bos\.environ|\bENV\.to_h|\$_ENV|\bgetenv\(\s*\)|\bSystem\.getenv\(\s*\)|\bDeno\.env\.toObject\(\s*\)|\bos\.Environ\(\s*\)|\bEnvironment\.GetEnvironmentVariables\(\s*\))(?!\s*(?:[.[(\w]|=[^=>]))/;
/**
 * A loop over every variable of the environment, in the languages' own spellings (Go `range
 * os.Environ()`, Python `for k, v in os.environ.items()`, JS `Object.entries(process.env)` and
 * `for (k in process.env)`, Ruby `ENV.each`, Java `System.getenv().entrySet()`, .NET
 * `GetEnvironmentVariables()`, PHP `foreach (getenv() as ...)`): whatever its body prints or logs is
 * the whole environment, one variable at a time.
 */
const ENV_WALK =
  /\brange\s+os\.Environ\(\s*\)|\bfor\b[^\n]*\bin\s+(?:os\.environ|process\.env|sorted\(\s*os\.environ)|\bos\.environ\.(?:items|keys|values)\(\s*\)|\bObject\.(?:entries|keys|values)\(\s*process\.env\s*\)|\bENV\.(?:each|each_pair|each_key|map|sort)\b|\bSystem\.getenv\(\s*\)\.(?:entrySet|keySet|forEach)\b|\bEnvironment\.GetEnvironmentVariables\(\s*\)|\bforeach\s*\(\s*(?:getenv\(\s*\)|\$_ENV)\s+as\b/;
/** Lines after a loop's head read as its body. */
const WALK_BODY_LINES = 6;
/** Calls that serialize, log, write or answer with a value given to them. */
const SINK =
  /\bJSON\.stringify\s*\(|\bjson\.dumps?\s*\(|\byaml\.(?:safe_)?dump\s*\(|\bjsonify\s*\(|\bJsonResponse\s*\(|\.json\s*\(|\.send\s*\(|\bwriteFile(?:Sync)?\s*\(|\.write\s*\(|\bconsole\.(?:log|info|warn|error|dir|table)\s*\(|\blogger\.\w+\s*\(|\bprint\s*\(|\bputs\b|\bto_json\b|\bjson_encode\s*\(|\bvar_dump\s*\(|\bprint_r\s*\(/;
/** Bundlers' config files: a value under `env`/`define` there ends up in the client code. */
const BUNDLER_CONFIG = /^(?:next|nuxt|vite|vitest|webpack|astro|svelte|rollup|remix|quasar)\.config\.[cm]?[jt]s$/;
const BUNDLED =
  /\b(?:env|define)\s*:\s*\{?\s*(?:\.\.\.)?process\.env(?!\s*[.[\w])|new\s+(?:webpack\.)?DefinePlugin\(\s*\{[^}]*process\.env(?!\s*[.[\w])/;
/** Files that are prose or data, not code that runs. */
const NOT_CODE = /\.(?:md|mdx|txt|rst|adoc|html?|json|ya?ml|toml|ini|cfg|lock|csv)$/i;

/**
 * Config files whose values are compiled into the app a user downloads, and the blocks that
 * are: the bundlers' above plus Expo's app.config.js/ts, whose `extra` is embedded in the app
 * (Expo docs, app.config: extra, read with Constants.expoConfig.extra), and Nuxt's
 * `runtimeConfig.public` / Next's `publicRuntimeConfig` (sent to the browser).
 */
const CLIENT_CONFIG =
  /^(?:(?:next|nuxt|vite|vitest|webpack|astro|svelte|rollup|remix|quasar)\.config|app\.config)\.[cm]?[jt]s$/;
const CLIENT_BLOCK = /\b(?:env|define|extra|publicRuntimeConfig|public)\s*:\s*\{|DefinePlugin\(\s*\{/g;
/** A variable read by name in the common spellings (JS, Python, Ruby, Java, dbt/Jinja env_var; C
 * and C++ getenv/std::getenv and PHP getenv, Go os.Getenv/LookupEnv, Rust env::var, .NET
 * Environment.GetEnvironmentVariable, R Sys.getenv, Ruby ENV.fetch). */
const NAMED_READ =
  /process\.env\.([A-Za-z_]\w*)|process\.env\[\s*["'`](\w+)["'`]\s*\]|os\.environ\[\s*["'](\w+)["']\s*\]|os\.(?:environ\.get|getenv)\(\s*["'](\w+)["']|\bENV\[\s*["'](\w+)["']\s*\]|System\.getenv\(\s*"(\w+)"|\benv_var\(\s*["'](\w+)["']|(?<![\w.])(?:std::)?(?:secure_)?getenv\(\s*["'](\w+)["']|\bos\.(?:Getenv|LookupEnv)\(\s*"(\w+)"|\benv::var(?:_os)?\(\s*"(\w+)"|\bEnvironment\.GetEnvironmentVariable\(\s*"(\w+)"|\bSys\.getenv\(\s*["'](\w+)["']|\bENV\.fetch\(\s*["'](\w+)["']/g;
/** Names of server-side secrets; public and publishable keys are meant for clients. */
const SERVER_SECRET =
  /SECRET|PASSW|PRIVATE|_TOKEN\b|TOKEN$|ACCESS_KEY|SERVICE_ROLE|ADMIN_(?:API_)?KEY|SIGNING|PASSPHRASE/i;
const MEANT_PUBLIC = /PUBLIC|PUBLISHABLE|ANON/i;
/** Log and print calls (and dbt's Jinja `log()`), whose output CI logs and terminals keep; C and C++
 * printf, iostreams, spdlog and LOG_* / UE_LOG macros, Rust's print and log macros, .NET Console,
 * Unity's Debug.Log, Qt's qDebug, Apple's NSLog, Android's Log.d. */
const LOG_SINK =
  /\b[tb]\.Logf?\s*\(|\bconsole\.(?:log|info|warn|error|debug)\s*\(|\b(?:logger|logging|log|LOG|LOGGER|_log|_logger)\.(?:\w+)\s*\(|\bprint\s*\(|\bputs\b|\bSystem\.out\.print|\blog\s*\(|\bfmt\.[FS]?Print|\blog\.Print|\b[A-Z0-9_]*LOG[A-Z0-9_]*\s*\(|\bstd::(?:cout|cerr|clog)\b|\bf?printf\s*\(|\bspdlog::\w+\s*\(|\b(?:e?println|print|info|warn|error|debug|trace)!\s*\(|\bConsole\.(?:Write|WriteLine|Error\.WriteLine)\s*\(|\bDebug\.Log\w*\s*\(|\bqDebug\s*\(|\bNSLog\s*\(|\bLog\.[dievw]\s*\(/;
/** A value checked or masked, not printed: presence tests, lengths, slices and masks. */
const NOT_VALUE =
  /\bbool\(|!!|\bis (?:not )?None\b|\blen\(|\.length\b|\?\s*['"`]|\bmask|\bredact|\[:\s*\d|\.slice\(|\.substring\(|\bis\s+defined\b|!==?\s*undefined|[!=]==?\s*(?:""|''|nil\b|null\b|NULL\b|nullptr\b)|\bhash/i;

function secretName(m: RegExpMatchArray): string | undefined {
  const n = m.slice(1).find((g) => g !== undefined);
  return n && SERVER_SECRET.test(n) && !MEANT_PUBLIC.test(n) ? n : undefined;
}

/** The text of a `{ ... }` block starting at `from` (an opening brace at or after it). */
function block(text: string, from: number): string {
  const open = text.indexOf('{', from);
  let depth = 0;
  for (let i = open; i >= 0 && i < text.length && i < open + 4000; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open, open + 4000);
}

/**
 * One server secret, by name, put where others read it: into a client config block (the app
 * bundle carries it to every user) or into a log or print line (CI logs, dbt's run log).
 */
function namedSecretExposure(name: string, content: string): Effect[] {
  const safe = name.replace(/[^\w.-]/g, '_');
  if (CLIENT_CONFIG.test(name))
    for (const b of content.matchAll(CLIENT_BLOCK))
      for (const m of block(content, b.index ?? 0).matchAll(NAMED_READ)) {
        const v = secretName(m);
        if (v)
          return [
            {
              tool: 'exec',
              command: `may-expose-secret code in ${safe} bundles ${v}`,
              via: `writes ${v} into ${name}'s client configuration, which ships in the app every user downloads`,
            },
          ];
      }
  for (const line of content.split('\n')) {
    if (!LOG_SINK.test(line) || NOT_VALUE.test(line)) continue;
    for (const m of line.matchAll(NAMED_READ)) {
      const v = secretName(m);
      if (v)
        return [
          {
            tool: 'exec',
            command: `may-expose-secret code in ${safe} logs ${v}`,
            via: `writes code in ${name} that prints ${v} into a log (${line.trim().slice(0, 60)})`,
          },
        ];
    }
  }
  return [];
}

export function envExposureEffects(path: string, content: string): Effect[] {
  const name = posix.basename(path.replace(/\\/g, '/'));
  if (NOT_CODE.test(name)) return [];
  const walked = envWalk(name, content);
  if (walked) return walked;
  if (!WHOLE_ENV.test(content)) return namedSecretExposure(name, content);
  const where = BUNDLER_CONFIG.test(name) && BUNDLED.test(content) ? 'the browser bundle' : undefined;
  const line = where
    ? undefined
    : content
        .split('\n')
        .find(
          (l) =>
            WHOLE_ENV.test(l) &&
            (SINK.test(l) || LOG_SINK.test(l)) &&
            !/\b(?:spawn|exec|fork|execa|Popen)\w*\s*\(/.test(l),
        );
  if (!where && !line) return namedSecretExposure(name, content);
  const what = where ?? `${line?.trim().slice(0, 60)}`;
  return [
    {
      tool: 'exec',
      command: `may-expose-secret code in ${name.replace(/[^\w.-]/g, '_')} hands on the whole environment`,
      via: `writes code in ${name} that hands the whole environment to ${where ?? 'a file, a log or a response'} (${what})`,
    },
  ];
}

/** A loop over the whole environment whose body prints, logs or serializes what it walks. */
function envWalk(name: string, content: string): Effect[] | undefined {
  if (!ENV_WALK.test(content)) return undefined;
  const lines = content.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!ENV_WALK.test(lines[i] ?? '')) continue;
    const body = lines.slice(i, i + WALK_BODY_LINES);
    const sink = body.find(
      (l) =>
        (LOG_SINK.test(l) || SINK.test(l)) &&
        !NOT_VALUE.test(l) &&
        !/\b(?:spawn|exec|fork|execa|Popen)\w*\s*\(/.test(l),
    );
    if (!sink) continue;
    return [
      {
        tool: 'exec',
        command: `may-expose-secret code in ${name.replace(/[^\w.-]/g, '_')} hands on the whole environment`,
        via: `writes code in ${name} that walks every environment variable into a file, a log or a response (${sink.trim().slice(0, 60)})`,
      },
    ];
  }
  return undefined;
}
