// A served application's own cache or generated code emptied under /var/www or /srv (Magento,
// Symfony, Laravel, Drupal, WordPress caching plugins) is the cache clear their docs give; the
// site itself, its uploads, sessions, a path with `..` or a variable stay stopped
// (docs/shell-readings.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { servedCachePath, servedCacheReading } from '../../src/policy/served-caches.js';
import { checkCommands } from './effects-helpers.js';

test('served-cache: a served application cache folder, something in it, or its contents', () => {
  for (const p of [
    '/var/www/html/var/cache/*',
    '/var/www/magento/generated/code/*',
    '/var/www/magento/var/page_cache',
    '/var/www/drupal/web/sites/default/files/php/twig/*',
    '/srv/shop/storage/framework/cache/data',
    '/var/www/html/wp-content/cache/',
  ])
    assert.equal(servedCachePath(p), true, p);
  for (const p of [
    '/var/www/html',
    '/var/www/html/wp-content/uploads/*',
    '/var/www/html/pub/media/*',
    '/var/www/html/var/session/*',
    '/srv/var/cache',
    '/var/www/*/var/cache',
    '/var/www/$SITE/var/cache',
    '/var/www/html/var/cache/../..',
    '/var/www/html/var/./cache/..',
    'var/cache',
    '/home/dev/site/var/cache',
  ])
    assert.equal(servedCachePath(p), false, p);
  assert.equal(
    servedCacheReading(['rm', '-rf', '/var/www/m/var/cache', '/var/www/m/generated/code/*']),
    'served-cache rm -rf /var/www/m/var/cache /var/www/m/generated/code/*',
  );
  assert.equal(servedCacheReading(['rm', '-rf', '/var/www/m/var/cache', '/var/www/m']), null);
  assert.equal(servedCacheReading(['rm', '--no-preserve-root', '-rf', '/var/www/m/var/cache']), null);
});

test("a served application's cache clear passes; its site, uploads and data stay stopped", () => {
  checkCommands(
    [
      'rm -rf /var/www/html/var/cache/*',
      'rm -rf /var/www/magento/var/cache /var/www/magento/var/page_cache',
      'rm -rf /srv/shop/var/cache/* /srv/shop/generated/metadata/*',
      'rm -rf /var/www/drupal/web/sites/default/files/php/twig/*',
      'sudo rm -rf /var/www/html/var/cache/*',
    ],
    'pass',
  );
  checkCommands(
    ['rm -rf /var/www/html', 'rm -rf /var/www/html/var/cache /var/www/html', 'rm -rf /srv/app/data'],
    'deny',
  );
  checkCommands(
    [
      'rm -rf /var/www/html/wp-content/uploads/*',
      'rm -rf /var/www/$SITE/var/cache',
      'rm -rf /var/www/html/var/cache/../..',
      'sudo rm -rf /var/www/html/pub/media',
      'ssh web1 rm -rf /var/www/html',
    ],
    'stop',
  );
});
