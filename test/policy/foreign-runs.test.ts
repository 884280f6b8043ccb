// Files run from folders of evidence, malware, quarantine, attachments or other people's uploads
// (foreign-runs.ts): asked whatever program runs them; reading, hashing or scanning them passes.
import { test } from 'node:test';
import { expectExec, expectPasses } from './effects-helpers.js';

test('a file from an evidence, malware, attachments or uploads folder run by any program is asked', () => {
  for (const c of [
    'chmod +x /evidence/IR-7/extracted/kworkerd && /evidence/IR-7/extracted/kworkerd --help',
    'wine /evidence/IR-7/mail/attachments/Invoice_8842.exe',
    'python3 /evidence/IR-7/extracted/stealer/main.py --dry-run',
    'java -jar /srv/quarantine/Exploit.jar',
    'rundll32.exe C:\\Evidence\\IR-7\\extracted\\beacon.dll,StartW',
    'node /home/dev/cases/IR-7/extracted/payload_deob.js',
    'strace -f -o /tmp/t.log /opt/malware/zoo/sample.elf',
    'cd /var/www/app/uploads/u42 && ./run.sh',
    'open ~/Library/Mail/Attachments/Update.pkg',
    "vim -es -c ':!sh /evidence/IR-7/extracted/dropper.sh' -c ':q'",
    'qemu-arm-static /srv/submissions/team3/firmware.bin',
  ])
    expectExec(c, 'ask', /evidence, malware/);
  // installing what such a folder holds runs its install hooks
  expectExec('pip install -r /evidence/IR-7/extracted/stealer/requirements.txt', 'ask');
  expectExec('cd /evidence/IR-7/extracted/stealer && python3 setup.py develop --user', 'ask');
});

test('reading, hashing, scanning or parsing such files, and data handed to a program, passes', () => {
  for (const c of [
    'python3 -m json.tool /evidence/IR-7/extracted/stealer/config.json',
    'capa -v /evidence/IR-7/mail/attachments/Invoice_8842.exe',
    'cd /evidence/IR-7 && ls -la && sha256sum *',
    'chmod -x /evidence/IR-7/extracted/kworkerd',
    'strings /evidence/IR-7/extracted/kworkerd | head',
    'open ~/Library/Mail/Attachments/invoice.pdf',
    'python3 scripts/parse_feed.py feeds/incoming/supplier.csv --dry-run',
    'node scripts/send_payload.js',
    'python3 samples/quickstart.py',
  ])
    expectPasses(c);
});
