import { readFileSync } from 'node:fs';

// The package version, read once from package.json so /healthz and `svc --version` agree.
export const VERSION: string = (() => {
  try {
    const url = new URL('../../../package.json', import.meta.url);
    return JSON.parse(readFileSync(url, 'utf8')).version as string;
  } catch {
    return '0.0.0';
  }
})();

/** Absolute path of the package root (where package.json, policies/ and build/ live). */
export const PACKAGE_ROOT: string = new URL('../../../', import.meta.url).pathname;
