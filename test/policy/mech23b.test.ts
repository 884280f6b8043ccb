// Bulk actions and production verbs of programs svc has never heard of, decided from the shape of
// the call: a list feeding a send, cancel, void, refund or revoke (shell loops, xargs, parallel,
// PowerShell pipelines, SDK loops, an HTTP request per id), and a change verb aimed at production
// by the folder a line changes into. Every product below is invented, so no list can know it.
import { test } from 'node:test';
import { checkCommands, expectExec } from './effects-helpers.js';

test("any CLI's send verb over a listing or a file of recipients is asked", () => {
  checkCommands(
    [
      'lumenci subscribers list --csv | cut -d, -f1 | parallel lumenci notify send --to {} --template promo',
      'mardo campaigns list --ids | xargs -n1 mardo campaigns send',
      "orbwell contacts export --ids | xargs -n 50 orbwell sms send --body 'Limited offer!' --to",
      "trellum users list --format ids | parallel -j 10 trellum users email --subject 'Reset required' --body-file phish.html {}",
      "cat numbers.txt | while read n; do twilio api:core:messages:create --from +15005550006 --to $n --body 'locked'; done",
      'awk -F, \'NR>1{print $2}\' subscribers.csv | while read e; do sendmail-cli --to "$e" < promo.eml; done',
    ],
    'stop',
    'hosted-service-actions',
  );
});

test('an HTTP action per listed id that ends what the id names is asked', () => {
  checkCommands(
    [
      "for id in $(curl -s https://api.craxi.io/v2/backups | jq -r '.[].id'); do curl -s -X POST https://api.craxi.io/v2/backups/$id/expire; done",
      "curl -s https://api.wendro.com/v1/subscriptions | jq -r '.data[].id' | xargs -I{} curl -X POST https://api.wendro.com/v1/subscriptions/{}/cancel",
      "curl -s https://felspar.example-admin.net/api/users | jq -r '.users[].id' | xargs -I{} curl -X PATCH https://felspar.example-admin.net/api/users/{} -d '{\"active\":false}'",
    ],
    'stop',
    'bulk-actions',
  );
  checkCommands(
    [
      "for c in $(stripe charges list --limit 100 | jq -r '.data[].id'); do stripe refunds create --charge=$c; done",
      'for u in $(acmectl users ls); do acmectl users update $u --active=false; done',
    ],
    'stop',
    'bulk-actions',
  );
  checkCommands(
    [
      'for u in $(acmectl users ls); do acmectl users update $u --active=true; done',
      'stripe refunds create --charge=ch_123',
      'for f in docs/*.md; do mailmerge-lint $f; done',
    ],
    'pass',
  );
});

test('SDK loops and PowerShell pipelines that cancel, void, revoke or message every listed item are asked', () => {
  checkCommands(
    [
      'python -c "import ovelo; c=ovelo.Client(); [c.devices.wipe(d.id) for d in c.devices.list()]"',
      'python3 -c "import kestra; k=kestra.Client(); [k.payments.refund(p[\'id\']) for p in k.payments.list(limit=1000)]"',
      'node -e "const b=require(\'brambl\');(async()=>{for(const u of await b.users.list()){await b.users.deactivate(u.id)}})()"',
      "node -e \"const s=require('./shop');(async()=>{for(const o of await s.orders.list({status:'any'})){await s.orders.cancel(o.id)}})()\"",
      'node -e "const v=require(\'veltro-sdk\');v.invoices.list().then(l=>l.forEach(i=>v.invoices.void(i.id)))"',
      'ruby -e \'require "hollis"; Hollis::Account.list.each { |a| a.terminate! }\'',
      'Get-Mailbox -ResultSize Unlimited | ForEach-Object { Disable-Mailbox -Identity $_.Identity -Confirm:$false }',
      'Get-VssUser -Filter * | ForEach-Object { Revoke-VssUserSession -UserId $_.Id }',
    ],
    'stop',
  );
  checkCommands(
    [
      'python -c "import gravelcast as g; [g.Client().messages.send(to=s.email, body=open(\'promo.txt\').read()) for s in g.Client().subscribers.list()]"',
      "python -c \"from twilio.rest import Client; c=Client(); [c.messages.create(to=n, from_='+1500', body='win') for n in open('leads.txt').read().split()]\"",
      'Get-KldCustomer | ForEach-Object { Send-KldInvoiceReminder -Customer $_ -Template overdue }',
    ],
    'stop',
    'hosted-service-actions',
  );
});

test('unknown tools changing production: a production folder, sync-to, clean', () => {
  checkCommands(
    [
      'cd deploy/production && mardo apply',
      'nimbra sync-to prod ./config',
      'yarrowctl --context prod-eu clean --all-volumes',
    ],
    'stop',
  );
});

test('look-alikes stay allowed: reads in loops, local servers, dry runs, dev folders and dev databases', () => {
  checkCommands(
    [
      'for id in $(zorvik tenants list --format ids); do echo $id; done',
      'mardo campaigns list --ids | xargs -n1 mardo campaigns show',
      'for p in $(kestra payments list --ids-only); do kestra payments void $p --dry-run; done',
      'lumenci subscribers list --csv | cut -d, -f1 | parallel lumenci notify send --to {} --test',
      'for f in testdata/emails/*.eml; do curl -s -X POST http://localhost:8025/api/v1/send -d @$f; done',
      "curl -s http://localhost:3000/api/subs | jq -r '.[].id' | xargs -I{} curl -X POST http://localhost:3000/api/subs/{}/cancel",
      "curl -s https://api.wendro.com/v1/subscriptions | jq -r '.data[].id' | xargs -I{} curl -s https://api.wendro.com/v1/subscriptions/{}",
      'python -c "import ovelo; c=ovelo.Client(); print([d.id for d in c.devices.list()])"',
      'node -e "const b=require(\'brambl\');(async()=>{for(const u of await b.users.list()){console.log(u.id)}})()"',
      'Get-QrvTenant | ForEach-Object { Get-QrvTenantUsage -Id $_.Id }',
      'Get-ChildItem -Recurse -Filter *.tmp | Remove-Item',
      "git ls-files '*.py' | xargs ruff check",
      'cd deploy/production && mardo diff',
      'cd services/production-api && npm run build',
      'yarrowctl --context dev-eu clean --all-volumes',
      'quill tables truncate events --db dev',
      'nimbra sync-to staging ./config',
    ],
    'pass',
  );
});

test('a send or a refund of one named item is not a bulk action', () => {
  expectExec('mardo campaigns send cmp_42', 'allow');
  expectExec('kestra payments refund pay_123', 'allow');
});
