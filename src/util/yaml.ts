// The yaml package, loaded on first use instead of at import. A restart reads its parsed policies
// from the parse cache (src/policy/parse-cache.ts) and parses no YAML at all, so the ~50 ms of
// CPU that loading the package costs belongs to the first file that really needs parsing. The
// package is CommonJS: require() gives the same instance an `import` would.
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

let mod: typeof Yaml | undefined;

export function yaml(): typeof Yaml {
  return (mod ??= createRequire(import.meta.url)('yaml') as typeof Yaml);
}

export const isAlias = ((n: unknown) => yaml().isAlias(n)) as typeof Yaml.isAlias;
export const isMap = ((n: unknown) => yaml().isMap(n)) as typeof Yaml.isMap;
export const isPair = ((n: unknown) => yaml().isPair(n)) as typeof Yaml.isPair;
export const isScalar = ((n: unknown) => yaml().isScalar(n)) as typeof Yaml.isScalar;
export const isSeq = ((n: unknown) => yaml().isSeq(n)) as typeof Yaml.isSeq;
export const parse = ((...a: Parameters<typeof Yaml.parse>) => yaml().parse(...a)) as typeof Yaml.parse;
export const parseDocument = ((...a: Parameters<typeof Yaml.parseDocument>) =>
  yaml().parseDocument(...a)) as typeof Yaml.parseDocument;
export const parseAllDocuments = ((...a: Parameters<typeof Yaml.parseAllDocuments>) =>
  yaml().parseAllDocuments(...a)) as typeof Yaml.parseAllDocuments;
export const visit = ((...a: Parameters<typeof Yaml.visit>) => yaml().visit(...a)) as typeof Yaml.visit;
