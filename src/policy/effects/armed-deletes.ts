// Deletes written into scripts that people and agents run by name as routine (`npm run clean`,
// `make clean`, `just clean`), read for what they would delete when run:
//   - every package.json / composer.json / deno.json script (not only the lifecycle ones
//     content.ts reads as code): its delete commands (rm, rimraf, del-cli, shx rm, trash) as the
//     `rm -rf` they are, counted only where that delete is denied (a home folder, `..`, `/`)
//   - `armed-root-delete VAR FILE`: a recursive delete of `$(VAR)/` or `${VAR}/*` in a Makefile,
//     justfile or shell script whose text never sets VAR (nor guards it with `${VAR:?}`): when VAR
//     is empty the delete is of `/` (ShellCheck SC2115, the 2015 Steam-for-Linux `rm -rf "$STEAMROOT/"*`)
// An edit is judged for what it adds: a delete its old text already held is not the edit's doing.
import { posix } from 'node:path';
import type { Effect } from './types.js';

const SCRIPT_MANIFEST = /(?:^|\/)(?:package|composer|deno)\.jsonc?$/;
const RECIPE_FILE =
  /(?:^|\/)(?:(?:gnu)?makefile(?:\.[\w-]+)?|[^/]+\.mk|justfile|\.justfile|[^/]+\.just|[^/]+\.(?:sh|bash|zsh))$/i;

/** The delete programs of package scripts, and the `rm` they amount to. */
const DELETERS: [RegExp, string][] = [
  [/^(?:npx\s+(?:--yes\s+|-y\s+)?)?(?:rimraf|del-cli|del|rm-rf|trash|trash-cli|premove)\b/, 'rm -rf'],
  [/^(?:npx\s+)?shx\s+rm\b/, 'rm'],
  [/^rm\b/, 'rm'],
];

/** The delete commands of one script line (split at `&&`, `||`, `;`), as `rm` lines. */
function deletesOf(script: string): string[] {
  const out: string[] = [];
  for (const part of script.split(/&&|\|\||;|\n/)) {
    const seg = part.trim();
    for (const [re, as] of DELETERS) {
      const m = re.exec(seg);
      if (m) {
        out.push(`${as}${seg.slice(m[0].length)}`);
        break;
      }
    }
  }
  return out;
}

/** `"name": "command"` values of a scripts object (a whole JSON file or an edit's fragment). */
function scriptValues(text: string): string[] {
  try {
    const j = JSON.parse(text) as { scripts?: Record<string, unknown>; tasks?: Record<string, unknown> };
    return Object.values({ ...(j.scripts ?? {}), ...(j.tasks ?? {}) })
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .filter((v): v is string => typeof v === 'string');
  } catch {
    const out: string[] = [];
    for (const m of text.matchAll(/"[\w:.-]+"\s*:\s*(\[[^\]]*\]|"(?:[^"\\]|\\.)*")/g))
      for (const v of (m[1] ?? '').matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
        try {
          out.push(JSON.parse(`"${v[1] ?? ''}"`) as string);
        } catch {
          // an escape JSON does not know: the text as written
          out.push(v[1] ?? '');
        }
      }
    return out;
  }
}

/** Variables every shell and make run has set. */
const ALWAYS_SET = /^(?:HOME|PWD|OLDPWD|CURDIR|MAKE|SHELL|USER|PATH|MAKEFILE_LIST|\.CURDIR|@|<|\*|\^|\d)$/;

/** Variables a recursive delete names as `$(V)/`, `${V}/*`, `"$V"/` (nothing but a glob after the slash). */
function rootDeleteVars(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n').slice(0, 4000)) {
    if (!/\b(?:rm|rimraf)\b/.test(line) || !/\s-\w*[rR]|\brimraf\b|--recursive/.test(line)) continue;
    for (const m of line.matchAll(
      /(?:^|\s)["']?\$(?:\(([A-Za-z_][\w]*)\)|\{([A-Za-z_][\w]*)\}|([A-Za-z_][\w]*))["']?\/\*?["']?(?=\s|$|;|&|\|)/g,
    )) {
      const v = m[1] ?? m[2] ?? m[3] ?? '';
      if (v && !ALWAYS_SET.test(v)) out.push(v);
    }
  }
  return out;
}

/** Whether the text sets V (make `V :=`, shell `V=`, `export V=`, `read V`, `for V in`) or guards it (`${V:?}`). */
function setsVar(text: string, v: string): boolean {
  const e = v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^\\s*(?:export\\s+|override\\s+|local\\s+|declare\\s+(?:-\\w+\\s+)?|readonly\\s+)?${e}\\s*(?:[:?+!]?=)|\\bread\\s+(?:-\\w+\\s+)*${e}\\b|\\bfor\\s+${e}\\s+in\\b|\\$\\{${e}:[?=]|^\\s*set\\s+${e}\\b|^\\s*${e}\\s*:=`,
    'm',
  ).test(text);
}

/** What a write or edit of a script file arms for its next run. */
export function armedDeleteEffects(path: string, before: string, after: string): Effect[] {
  const p = path.replace(/\\/g, '/');
  const name = posix.basename(p);
  const out: Effect[] = [];
  if (SCRIPT_MANIFEST.test(p)) {
    const had = new Set(scriptValues(before).flatMap(deletesOf));
    for (const d of scriptValues(after).flatMap(deletesOf))
      if (!had.has(d))
        out.push({ tool: 'exec', command: d, via: `a script in ${name} runs \`${d}\` when run`, onlyDeny: true });
  }
  if (RECIPE_FILE.test(p) || SCRIPT_MANIFEST.test(p)) {
    const had = new Set(rootDeleteVars(before));
    for (const v of new Set(rootDeleteVars(after)))
      if (!had.has(v) && !setsVar(after, v) && !setsVar(before, v))
        out.push({
          tool: 'exec',
          command: `armed-root-delete ${v} ${name.replace(/[^\w.-]/g, '_')}`,
          via: `${name} deletes \`$${v}/\` recursively and never sets ${v}: run with ${v} empty, that is \`rm -rf /\``,
        });
  }
  return out;
}
