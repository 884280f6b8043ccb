// What a release does besides a code push, read by its effect whatever the vendor or client:
// releases through hosted services' APIs (src/policy/release-requests.ts), MCP tools that release
// by verb and object (src/policy/effects/mcp-release.ts), the tool's own name under an interpreter
// (src/policy/script-tools.ts), live sites changed by alias (site-aliases.ts), web roots written
// on other machines (web-root-copies.ts), ssh deploys' shape (remote-deploy.ts) and library calls
// that release (interp/release-code.ts). Each stopping reading has look-alikes that pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { releaseReading } from '../../src/policy/release-requests.js';
import { mcpReleaseKind, mcpRemoteCommand } from '../../src/policy/effects/mcp-release.js';
import { scriptToolWords } from '../../src/policy/script-tools.js';
import { check, decide, run } from './effects-helpers.js';

test('a hosted API request is read by the release it makes, whatever the vendor', () => {
  const r = (m: string, path: string, body = '', query = '') =>
    releaseReading(m, 'api.example.com', path, path.split('/').filter(Boolean), query, body)?.split(' ')[1];
  assert.equal(r('POST', '/zones/abc/purge_cache', '{"purge_everything":true}'), 'cdn-purge');
  assert.equal(r('PURGE', '/assets/app.js'), 'cdn-purge');
  assert.equal(r('PUT', '/zones/abc/dns_records/1', '{"type":"A"}'), 'dns-change');
  assert.equal(r('POST', '/hostedzone/Z1/rrset'), 'dns-change');
  assert.equal(r('PATCH', '/flags/default/new-checkout', '{"instructions":[{"kind":"turnFlagOn"}]}'), 'flag-flip');
  assert.equal(r('POST', '/projects/default/features/x/environments/production/on'), 'flag-flip');
  assert.equal(r('POST', '/courses/1/assignments/2/submissions/update_grades'), 'grades');
  assert.equal(r('POST', '/reviewSubmissions'), 'store-submit');
  assert.equal(r('POST', '/repos/acme/api/releases', '{"tag_name":"v1"}'), 'deploy');
  assert.equal(r('POST', '/job/deploy-prod/build'), 'deploy');
  assert.equal(r('POST', '/repos/acme/app/pulls/4/reviews', '{"event":"APPROVE"}'), 'approval');
  // reads, test sends, comments and jobs that name no production deploy release nothing
  assert.equal(r('GET', '/zones/abc/dns_records'), undefined);
  assert.equal(r('POST', '/repos/acme/app/pulls/4/reviews', '{"event":"COMMENT"}'), undefined);
  assert.equal(r('POST', '/job/unit-tests/build'), undefined);
  assert.equal(r('PATCH', '/flags/default/new-checkout', '{"description":"x"}'), undefined);
  assert.equal(r('POST', '/repos/acme/api/issues', '{"title":"release notes"}'), undefined);
});

test('standard: releases through APIs are asked; reads and local services pass', () => {
  check([
    [
      'A',
      'exec',
      {
        command: `curl -X POST "https://api.cloudflare.com/client/v4/zones/$Z/purge_cache" --data '{"purge_everything":true}'`,
      },
    ],
    [
      'A',
      'exec',
      {
        command: `curl -X PUT https://api.cloudflare.com/client/v4/zones/$Z/dns_records/$R -d '{"type":"A","content":"198.51.100.9"}'`,
      },
    ],
    [
      'A',
      'exec',
      {
        command: `curl -X POST https://unleash.acme.io/api/admin/projects/default/features/f/environments/production/on`,
      },
    ],
    [
      'A',
      'exec',
      {
        command: `curl -X POST -H "Authorization: Bearer $T" https://canvas.uni.edu/api/v1/courses/4/assignments/9/submissions/update_grades -d @g.form`,
      },
    ],
  ]);
  check([
    [
      'B',
      'exec',
      { command: `curl -s https://api.cloudflare.com/client/v4/zones/$Z/dns_records -H "Authorization: Bearer $T"` },
    ],
    ['B', 'exec', { command: `curl -X POST http://localhost:8080/api/deployments -d '{}'` }],
    [
      'B',
      'exec',
      { command: `curl -H "Authorization: Bearer $T" https://canvas.uni.edu/api/v1/courses/4/assignments` },
    ],
  ]);
  assert.equal(run(`curl -X POST https://api.fastly.com/service/S/purge_all`).policy, 'hosted-service-actions');
});

test('MCP tools that release are read by verb and object; reads pass', () => {
  assert.equal(mcpReleaseKind(['argocd', 'sync', 'application'], {}), 'deploy');
  assert.equal(mcpReleaseKind(['cloudflare', 'purge', 'cache'], {}), 'cdn-purge');
  assert.equal(mcpReleaseKind(['route53', 'change', 'resource', 'record', 'sets'], {}), 'dns-change');
  assert.equal(
    mcpReleaseKind(['launchdarkly', 'update', 'flag'], { environment: 'production', on: true }),
    'flag-flip',
  );
  assert.equal(mcpReleaseKind(['canvas', 'post', 'grades'], {}), 'grades');
  assert.equal(mcpReleaseKind(['create', 'pull', 'request', 'review'], { event: 'APPROVE' }), 'approval');
  assert.equal(mcpReleaseKind(['create', 'pull', 'request', 'review'], { event: 'COMMENT' }), undefined);
  assert.equal(mcpReleaseKind(['launchdarkly', 'get', 'flag'], {}), undefined);
  assert.equal(mcpReleaseKind(['list', 'dns', 'records'], {}), undefined);
  assert.equal(
    mcpRemoteCommand(['ssh', 'exec'], { host: 'web1', command: "echo 'hi'" }),
    `ssh web1 'echo '\\''hi'\\'''`,
  );
  check([
    ['A', 'mcp', { tool: 'argocd_sync_application', name: 'payments-prod' }],
    ['A', 'mcp', { tool: 'canvas_post_grades', course_id: 4, assignment_id: 9 }],
    [
      'A',
      'mcp',
      {
        tool: 'ssh_exec',
        host: 'web1.prod.acme.io',
        command: 'cd /srv/app && git pull && sudo systemctl reload nginx',
      },
    ],
  ]);
  check([
    ['B', 'mcp', { tool: 'argocd_get_application', name: 'payments-prod' }],
    ['B', 'mcp', { tool: 'launchdarkly_get_flag', flag: 'new-checkout' }],
    ['B', 'mcp', { tool: 'ssh_exec', host: 'web1.prod.acme.io', command: 'systemctl status nginx' }],
  ]);
});

test('a tool run through an interpreter or a folder is read under its own name', () => {
  assert.deepEqual(scriptToolWords(['php', 'vendor/bin/dep', 'deploy', 'production']), ['dep', 'deploy', 'production']);
  assert.deepEqual(scriptToolWords(['java', '-jar', 'jenkins-cli.jar', 'build', 'x']), ['jenkins-cli', 'build', 'x']);
  assert.deepEqual(scriptToolWords(['vendor/bin/envoy', 'run', 'deploy']), ['envoy', 'run', 'deploy']);
  assert.deepEqual(scriptToolWords(['php', 'artisan', 'serve']), ['php', 'artisan', 'serve']);
  assert.deepEqual(scriptToolWords(['node', '-e', 'x']), ['node', '-e', 'x']);
  check([
    ['A', 'exec', { command: 'php vendor/bin/dep deploy stage=production' }],
    ['A', 'exec', { command: 'vendor/bin/envoy run deploy --on=production' }],
    ['A', 'exec', { command: 'java -jar jenkins-cli.jar -s https://ci.acme.io build deploy-prod' }],
  ]);
  check([
    ['B', 'exec', { command: 'vendor/bin/phpunit' }],
    ['B', 'exec', { command: 'java -jar target/app.jar --spring.profiles.active=prod' }],
    ['B', 'exec', { command: 'node scripts/build.js' }],
  ]);
});

test('standard: live sites changed through WP-CLI and Drush aliases are asked; looks and copies pass', () => {
  check([
    ['A', 'exec', { command: 'wp @production plugin update --all' }],
    ['A', 'exec', { command: 'wp --ssh=deploy@kestreloutdoors.com/var/www/html core update' }],
    ['A', 'exec', { command: 'drush @pinecrest.prod updatedb -y' }],
    ['A', 'exec', { command: 'terminus wp acme.live -- plugin update --all' }],
  ]);
  check([
    ['B', 'exec', { command: 'wp @production plugin list' }],
    ['B', 'exec', { command: 'drush @pinecrest.prod status' }],
    ['B', 'exec', { command: 'wp @staging plugin update --all' }],
    ['B', 'exec', { command: 'drush @pinecrest.local updb -y' }],
    ['B', 'exec', { command: 'wp plugin update --all' }],
  ]);
  assert.equal(run('wp @production plugin update --all').policy, 'production-changes');
});

test('standard: web roots written on another machine and ssh deploys are asked; copies, mirrors down and own boxes pass', () => {
  check([
    [
      'A',
      'exec',
      { command: "lftp -u acme,$P -e 'mirror -R --delete ./public_html /public_html; quit' ftp.client-site.com" },
    ],
    [
      'A',
      'exec',
      {
        command:
          "msdeploy -verb:sync -source:contentPath=./publish -dest:contentPath='Site/acme',computerName=https://web-01.acme.io:8172/msdeploy.axd",
      },
    ],
    ['A', 'exec', { command: "ssh deploy@203.0.113.4 'cd /srv/app && git pull && sudo systemctl restart app'" }],
  ]);
  check([
    ['B', 'exec', { command: "lftp -e 'mirror ./remote-dir ./local; quit' ftp.client-site.com" }],
    ['B', 'exec', { command: "ssh deploy@staging.acme.io 'cd /srv/app && git pull && sudo systemctl restart app'" }],
    ['B', 'exec', { command: "ssh pi@nas 'cd ~/stack && git pull && docker compose up -d'" }],
    ['B', 'exec', { command: 'rsync -av site/ pi@192.168.1.20:/var/www/html/' }],
  ]);
});

test('standard: library calls and registries that release are asked; checks and pulls pass', () => {
  check([
    ['A', 'exec', { command: "Rscript -e 'devtools::release(check = FALSE)'" }],
    ['A', 'exec', { command: `Rscript -e 'rsconnect::deployApp("shiny/app", server="shinyapps.io")'` }],
    ['A', 'exec', { command: 'apptainer push rnaseq.sif library://lab/default/rnaseq:latest' }],
    ['A', 'exec', { command: "nix copy --to 's3://cache?region=us-east-1' ./result" }],
    ['A', 'exec', { command: 'gh pr review 418 --approve' }],
    ['A', 'exec', { command: "aws cloudfront create-invalidation --distribution-id E2 --paths '/*'" }],
  ]);
  check([
    ['B', 'exec', { command: "Rscript -e 'devtools::check()'" }],
    ['B', 'exec', { command: 'apptainer pull docker://ubuntu:22.04' }],
    ['B', 'exec', { command: 'nix copy --from https://cache.nixos.org ./result' }],
    ['B', 'exec', { command: 'gh pr review 418 --comment -b "nit: rename"' }],
    ['B', 'exec', { command: 'aws cloudfront list-distributions' }],
    ['B', 'exec', { command: 'svn status' }],
  ]);
  assert.equal(decide('exec', { command: 'svn ci -m "Release 2.3.1"' }).action, 'ask');
});

test('standard: mass sends by the project own commands, migrations on production databases, site buckets and production service updates are asked; look-alikes pass', () => {
  check([
    ['A', 'exec', { command: 'python manage.py send_newsletter --all' }],
    ['A', 'exec', { command: 'php artisan newsletter:send --audience=all' }],
    ['A', 'exec', { command: "bin/rails runner 'User.find_each { |u| PromoMailer.promo(u).deliver_now }'" }],
    ['A', 'exec', { command: "aws sns publish --topic-arn arn:aws:sns:us-east-1:1:all-customers --message 'x'" }],
    ['A', 'exec', { command: 'psql "$PROD_DATABASE_URL" -f migrations/2026_11_add_column.sql' }],
    ['A', 'exec', { command: 'mysql -h prod-db.acme.io -u admin app < migrations/042_add_index.sql' }],
    ['A', 'exec', { command: 'aws s3 cp index.html s3://www.acme.io/index.html' }],
    ['A', 'exec', { command: 'eb swap api-blue --destination-name api-green' }],
    ['A', 'mcp', { tool: 'aws_ecs_update_service', cluster: 'prod', service: 'api', forceNewDeployment: true }],
  ]);
  check([
    ['B', 'exec', { command: 'python manage.py sendtestemail me@acme.io' }],
    ['B', 'exec', { command: 'php artisan newsletter:send --test' }],
    ['B', 'exec', { command: 'git push origin feature/notify-all-users' }],
    ['B', 'exec', { command: 'aws sns publish --topic-arn arn:aws:sns:us-east-1:1:order-events --message x' }],
    ['B', 'exec', { command: "psql -h db.prod.acme.io -c 'select count(*) from orders'" }],
    ['B', 'exec', { command: 'psql -h localhost -d dev -f migrations/001_init.sql' }],
    ['B', 'exec', { command: 'aws s3 cp data.csv s3://acme-data-lake/raw/' }],
    ['B', 'exec', { command: 'aws s3 cp s3://www.acme.io/index.html .' }],
    ['B', 'mcp', { tool: 'aws_ecs_update_service', cluster: 'dev', service: 'api' }],
  ]);
});

test('drush copies change only their target: the live site copied down is not a production change', () => {
  check([
    ['A', 'exec', { command: 'drush sql:sync @self @prod -y' }],
    ['A', 'exec', { command: 'drush rsync @self:%files @live:%files -y' }],
    ['A', 'exec', { command: 'drush @prod cr' }],
    ['B', 'exec', { command: 'drush sql:sync @prod @self -y' }],
    ['B', 'exec', { command: 'drush rsync @prod:%files @self:%files' }],
  ]);
});
