// Package names a written manifest brings in: a requirements file's or package.json's
// dependencies, checked as an install of them is (packages.ts, unlisted.ts). Writing the
// manifest is the install one step early: the next `pip install -r` or `npm install` takes
// what it names. A near spelling of a popular name is a look-alike (both files); a PyPI name on
// no list of the most downloaded is asked as an install of it is (the PyPI list is deep enough to
// read absence from; npm manifests often name a workspace's or an organisation's own packages).
import type { Effect } from './types.js';
import { dependency, nameFinding } from './supply.js';
import { isPopular } from './supply-data.js';

const REQUIREMENTS = /(?:^|\/)(?:requirements|constraints)[^/]*\.(?:txt|in)$/;
const PACKAGE_JSON = /(?:^|\/)package\.json$/;

/** package.json fields whose values are not dependency ranges. */
const NOT_DEPENDENCY =
  /^(?:name|version|description|main|module|types|typings|license|author|homepage|type|packageManager|node|npm|pnpm|yarn|bun|private|engines|browser|exports|bin|files|scripts|repository|bugs|keywords|workspaces|sideEffects|publishConfig|overrides|resolutions|dependencies|devDependencies|peerDependencies|optionalDependencies)$/;

function requirementNames(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n').slice(0, 2000)) {
    const l = raw.replace(/\s+#.*$/, '').trim();
    if (!l || l.startsWith('#') || l.startsWith('-') || l.includes('://')) continue;
    const m = /^([A-Za-z][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(?:[=<>!~]=?|;|@|$)/.exec(l);
    if (m?.[1]) out.push(m[1]);
  }
  return out;
}

function packageJsonNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(
    /"(@?[a-z0-9][\w.-]*(?:\/[\w.-]+)?)"\s*:\s*"(?:[\^~<>=]*\s*v?\d[^"]*|\*|latest|next)"/gi,
  )) {
    const name = m[1] ?? '';
    if (!NOT_DEPENDENCY.test(name)) out.push(name);
  }
  // an alias installs the package it names under the dependency's name: `"lodash": "npm:lodahs@^4"`
  for (const m of text.matchAll(
    /"(@?[\w.-]+(?:\/[\w.-]+)?)"\s*:\s*"npm:(@?[a-z0-9][\w.-]*(?:\/[\w.-]+)?)(?:@[^"]*)?"/gi,
  ))
    if (m[2]) out.push(m[2]);
  return out;
}

/** Look-alike (and, for PyPI, unlisted) names of a manifest written to `path` (lower case). */
export function manifestNameFindings(path: string, content: string): Effect[] {
  const pypi = REQUIREMENTS.test(path);
  if (!pypi && !PACKAGE_JSON.test(path)) return [];
  const file = path.split('/').pop() ?? path;
  const via = `${file} names`;
  const out: Effect[] = [];
  for (const n of pypi ? requirementNames(content) : packageJsonNames(content)) {
    const f = nameFinding(pypi ? 'pypi' : 'npm', n, via);
    if (f) out.push(f);
    else if (pypi && !isPopular('pypi', n)) out.push(dependency(['installs-unlisted', 'pypi', n], via));
  }
  return out;
}
