// A web application's cache emptied where the server serves it from. Deleting under /var/www or
// /srv is denied because those trees are what a server serves and stores (destructive-deletes),
// but the cache and generated-code folders inside a deployed application are what its own docs
// tell admins to empty: Magento's "rm -rf var/cache/* var/page_cache/* generated/code/*"
// (Magento DevDocs, "Clean the generated and cache folders"), Symfony's `var/cache`, Laravel's
// `storage/framework/cache`, Drupal's compiled Twig and aggregated CSS/JS under
// `sites/*/files/{php,css,js}`, WordPress caching plugins' `wp-content/cache`. The framework
// fills each again on the next request or its cache command. A line that deletes only such
// folders, or their contents, reads as
//   served-cache rm -rf PATH...
// which the standard profile's rules on served trees and system subtrees leave alone; the site
// itself, its uploads, sessions or configuration, a path with `..`, a variable or a glob anywhere
// but the last step keep their rules (docs/shell-readings.md).
import { FRAMEWORK_CACHES } from './shell-verb-scope.js';

/** The roots a server serves sites from (FHS /srv and /var/www; nginx's and Plesk's layouts). */
const SERVED_ROOT = /^\/(?:var\/www|srv|usr\/share\/nginx)\/(.+)$/;

/** Cache and generated-code folders beside FRAMEWORK_CACHES that only a served application has. */
const SERVED_CACHES: readonly string[] = [
  ...FRAMEWORK_CACHES,
  'generated/code',
  'generated/metadata',
  'sites/default/files/css',
  'sites/default/files/js',
];

/**
 * Moodle's data root ($CFG->dataroot, `moodledata` in its install guide) holds caches beside the
 * course files: cache, localcache, temp and trashdir are rebuilt or emptied by Moodle itself
 * (Moodle docs, "Performance recommendations" and "Caching": emptied by Purge all caches);
 * filedir (the files), sessions, lock and muc (the cache configuration) are not here.
 */
const DATAROOT_CACHES: readonly string[] = [
  'moodledata/cache',
  'moodledata/localcache',
  'moodledata/temp',
  'moodledata/trashdir',
];

/** Whether PATH is a served application's cache folder, something inside one, or its contents (`/*`). */
export function servedCachePath(path: string): boolean {
  const m = SERVED_ROOT.exec(path);
  if (!m) return false;
  const rest = (m[1] ?? '').replace(/\/\*$/, '').replace(/\/+$/, '');
  if (/[*?[`$\\]|(?:^|\/)\.\.?(?:\/|$)/.test(rest)) return false;
  const parts = rest.split('/');
  for (let i = 0; i < parts.length; i++) {
    const tail = parts.slice(i).join('/') + '/';
    if (DATAROOT_CACHES.some((c) => tail.startsWith(c + '/'))) return true;
  }
  // at least one folder of the site before the cache: /srv/var/cache is not a site's cache
  for (let i = 1; i < parts.length; i++) {
    const tail = parts.slice(i).join('/') + '/';
    if (SERVED_CACHES.some((c) => tail.startsWith(c + '/'))) return true;
  }
  return false;
}

/** `rm -rf PATH...` whose every operand is a served application's cache: its reading, or null. */
export function servedCacheReading(words: readonly string[]): string | null {
  if (words[0] !== 'rm') return null;
  const flags = words.slice(1).filter((w) => w.startsWith('-'));
  const paths = words.slice(1).filter((w) => !w.startsWith('-'));
  if (!flags.every((w) => /^-[rRfv]+$/.test(w) || /^--(?:recursive|force|verbose)$/.test(w))) return null;
  return paths.length > 0 && paths.every(servedCachePath) ? `served-cache ${words.join(' ')}` : null;
}
