// Environment variables that hold the path of a credential file (KUBECONFIG,
// GOOGLE_APPLICATION_CREDENTIALS, AWS_SHARED_CREDENTIALS_FILE, DOCKER_CONFIG ...): a path spelled
// through one of them is the credential file itself, wherever the variable points. Read as the
// tool's default place (policies/catalogues/credential-variables.yaml), the path meets the same
// credential-store globs as its spelled-out form, for every tool that reads or copies it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PACKAGE_ROOT } from '../util/version.js';

let table: Map<string, string> | undefined;

/** VAR -> default path (with ~), from the catalogue; a missing catalogue leaves the core few. */
function credentialVariables(): Map<string, string> {
  if (table) return table;
  const out = new Map<string, string>();
  try {
    const doc = parse(
      readFileSync(join(PACKAGE_ROOT, 'policies', 'catalogues', 'credential-variables.yaml'), 'utf8'),
    ) as { sections?: Record<string, { items?: unknown[] }[]> };
    for (const e of doc.sections?.['files'] ?? [])
      for (const i of e.items ?? []) {
        const s = String(i);
        const eq = s.indexOf('=');
        if (eq > 0) out.set(s.slice(0, eq), s.slice(eq + 1));
      }
  } catch {
    out.set('KUBECONFIG', '~/.kube/config');
    out.set('GOOGLE_APPLICATION_CREDENTIALS', '~/.config/gcloud/application_default_credentials.json');
    out.set('AWS_SHARED_CREDENTIALS_FILE', '~/.aws/credentials');
  }
  return (table = out);
}

/** `$VAR`, `${VAR}` or `${VAR:-x}` at the start of a word, ending the word or followed by `/`. */
const LEADING_VAR = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?::?[-=?+][^}]*)?\}|([A-Za-z_][A-Za-z0-9_]*))(?=\/|$)/;

/** The word with a leading credential-path variable replaced by its default place (home-relative, `~/...`). */
export function withCredentialVariable(word: string): string {
  const m = LEADING_VAR.exec(word);
  const name = m?.[1] ?? m?.[2];
  if (!m || !name) return word;
  const place = credentialVariables().get(name);
  return place === undefined ? word : place + word.slice(m[0].length);
}

/**
 * Interpreter rewrites that put each credential-path variable's default place where code reads the
 * variable (`open(os.environ['KUBECONFIG'])` opens ~/.kube/config): `spell(NAME)` is the regular
 * expression source of the language's read of NAME.
 */
export function credentialVariableRewrites(spell: (name: string) => string): [RegExp, string][] {
  return [...credentialVariables()].map(([name, place]) => [new RegExp(spell(name), 'g'), JSON.stringify(place)]);
}
