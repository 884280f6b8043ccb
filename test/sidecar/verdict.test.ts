import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseVerdict } from '../../src/sidecar/index.js';

const OK: [string, 'allow' | 'deny', string][] = [
  ['ALLOW', 'allow', ''],
  ['DENY', 'deny', ''],
  ['DENY: deletes production data', 'deny', 'deletes production data'],
  ['ALLOW: read-only listing of the project', 'allow', 'read-only listing of the project'],
  ['deny - wipes the disk.', 'deny', 'wipes the disk.'],
  ['allow', 'allow', ''],
  ['Denied. The command uploads ~/.ssh to a paste site.', 'deny', 'The command uploads ~/.ssh to a paste site.'],
  ['Allowed — builds the project.', 'allow', 'builds the project.'],
  ['**DENY** — exfiltrates credentials', 'deny', 'exfiltrates credentials'],
  ['**ALLOW**: runs the unit tests', 'allow', 'runs the unit tests'],
  ['DECISION: DENY\nREASON: pipes curl into sh', 'deny', 'pipes curl into sh'],
  ['Decision: allow\nReason: read-only listing', 'allow', 'read-only listing'],
  ['Verdict: **ALLOW**\nIt only prints the git log.', 'allow', 'It only prints the git log.'],
  ['{"decision":"deny","reason":"opens a reverse shell"}', 'deny', 'opens a reverse shell'],
  ['```json\n{"decision": "ALLOW", "reason": "builds the project"}\n```', 'allow', 'builds the project'],
  ['Here is my answer: {"verdict": "Deny", "explanation": "force-pushes to main"}', 'deny', 'force-pushes to main'],
  [
    '<think>It might be DENY, or it might be ALLOW.</think>\nALLOW: harmless formatting',
    'allow',
    'harmless formatting',
  ],
  ['After review the command is harmless. ALLOW', 'allow', 'After review the command is harmless.'],
  ['# DENY\nThis would delete /etc.', 'deny', 'This would delete /etc.'],
  ['DENY: this would allow anyone to read the keys', 'deny', 'this would allow anyone to read the keys'],
  ['  \n> ALLOW: quoted answer', 'allow', 'quoted answer'],
  ['"DENY: disables the firewall"', 'deny', 'disables the firewall'],
];

for (const [answer, decision, reason] of OK) {
  test(`verdict ${JSON.stringify(answer).slice(0, 50)} -> ${decision}`, () => {
    const v = parseVerdict(answer);
    assert.deepEqual(v, { ok: true, decision, reason });
  });
}

const FAIL: [string, RegExp][] = [
  ['ALLOW or DENY, hard to say', /ambiguous/],
  ['DENY\nActually, on reflection, ALLOW.', /ambiguous/],
  ['Decision: allow. Verdict: deny.', /ambiguous/],
  ['I cannot help with that.', /unparseable/],
  ['The allowance was granted.', /unparseable/],
  ['', /empty/],
  ['   \n  ', /empty/],
  ['<think>DENY</think>', /empty/],
  ['{"decision":"maybe","reason":"unsure"}', /unparseable.*maybe/],
];

for (const [answer, error] of FAIL) {
  test(`verdict ${JSON.stringify(answer).slice(0, 50)} is a failure`, () => {
    const v = parseVerdict(answer);
    assert.equal(v.ok, false);
    assert.match((v as { error: string }).error, error);
  });
}

test('a long reason is cut to at most 200 characters', () => {
  const long = 'DENY: ' + 'This command removes every file under the home directory. '.repeat(10);
  const v = parseVerdict(long);
  assert.equal(v.ok, true);
  const reason = (v as { reason: string }).reason;
  assert.ok(reason.length <= 200, `length ${reason.length}`);
  assert.ok(reason.startsWith('This command removes every file'));
  const noSentence = parseVerdict('DENY: ' + 'x'.repeat(500));
  assert.equal((noSentence as { reason: string }).reason.length, 200);
});

test('the reason is the first line after the verdict', () => {
  const v = parseVerdict('DENY: sends ~/.aws/credentials to an unknown host\n\nMore details:\n- it uses curl');
  assert.deepEqual(v, { ok: true, decision: 'deny', reason: 'sends ~/.aws/credentials to an unknown host' });
});
