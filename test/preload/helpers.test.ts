// The library's exported helpers, called in-process through koffi: shell quoting, the command
// a user would have typed (argv[0] spoofing), JSON escaping of arbitrary bytes, and the strict
// reply parser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import koffi from 'koffi';
import { LIB, tempDir } from './harness.js';

const lib = koffi.load(LIB);
const buildCommand = lib.func('int svc_build_command(void **argv, _Out_ uint8_t *out, size_t outlen)');
const renderCommand = lib.func(
  'int svc_render_command(const char *path, const char *file, void **argv, _Out_ uint8_t *out, size_t outlen)',
);
const jsonEscape = lib.func('int svc_json_escape(void *input, _Out_ uint8_t *out, size_t outlen)');
const parseReply = lib.func(
  'int svc_parse_reply(void *buf, size_t len, _Out_ uint8_t *allowed, _Out_ uint8_t *decision, size_t declen, _Out_ uint8_t *msg, size_t msglen)',
);

type Arg = string | Buffer;
const cstr = (a: Arg) => Buffer.concat([Buffer.isBuffer(a) ? a : Buffer.from(a), Buffer.from([0])]);
const argvOf = (args: Arg[]) => [...args.map(cstr), null];

function call(fn: (out: Buffer, len: number) => number, cap = 4096): Buffer {
  const out = Buffer.alloc(cap);
  const n = fn(out, cap);
  assert.ok(n >= 0 && n < cap, `result fits (${n})`);
  return out.subarray(0, n);
}

const quote = (args: Arg[]) => call((o, n) => buildCommand(argvOf(args), o, n)).toString();
const render = (path: string, file: string | null, args: Arg[]) =>
  call((o, n) => renderCommand(path, file, argvOf(args), o, n)).toString();
const escape = (input: Arg) => call((o, n) => jsonEscape(cstr(input), o, n)).toString();

function parse(reply: string, msglen = 256): { ok: boolean; allowed?: boolean; decision?: string; message?: string } {
  const allowed = Buffer.alloc(4);
  const decision = Buffer.alloc(16);
  const msg = Buffer.alloc(msglen);
  const b = Buffer.from(reply);
  const rc = parseReply(b, b.length, allowed, decision, decision.length, msg, msg.length);
  if (rc !== 0) return { ok: false };
  const z = (x: Buffer) => x.subarray(0, x.indexOf(0)).toString();
  return { ok: true, allowed: allowed.readInt32LE(0) === 1, decision: z(decision), message: z(msg) };
}

let dir: string;
before(() => {
  dir = tempDir();
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('quoting: safe words stay bare, everything else is single-quoted', () => {
  assert.equal(quote(['/bin/rm', 'two words', "a'b", '', '$HOME']), `/bin/rm 'two words' 'a'\\''b' '' '$HOME'`);
  assert.equal(
    quote(['git', 'commit', '-m', 'fix: x=1,y=2', '--author=a@b.c', '50%+1']),
    `git commit -m 'fix: x=1,y=2' --author=a@b.c 50%+1`,
  );
  assert.equal(
    quote(['echo', 'line1\nline2', 'tab\there', 'back\\slash', '*', '~', '!x', ';rm', '`id`', '$(id)']),
    `echo 'line1\nline2' 'tab\there' 'back\\slash' '*' '~' '!x' ';rm' '\`id\`' '$(id)'`,
  );
  assert.equal(quote(["'"]), `''\\'''`);
  assert.equal(quote(['é']), `'é'`);
  assert.equal(quote([]), '');
});

test('quoting: non-UTF-8 bytes pass through byte for byte inside quotes', () => {
  const out = call((o, n) => buildCommand(argvOf(['cat', Buffer.from([0x66, 0xff, 0xfe, 0x20])]), o, n));
  assert.deepEqual(out, Buffer.from([...Buffer.from("cat 'f"), 0xff, 0xfe, 0x20, 0x27]));
});

test('quoting round-trips through a real shell', () => {
  const args = [
    'two words',
    "it's",
    '',
    '"dq"',
    '$HOME',
    'a\nb',
    '\\',
    '-n',
    '*.txt',
    '{a,b}',
    '#hash',
    'é😀',
    '  lead',
  ];
  const cmd = quote(['printf', '%s\\0', ...args]);
  for (const shell of ['/usr/bin/dash', '/usr/bin/bash']) {
    const out = execFileSync(shell, ['-c', cmd]).toString();
    assert.deepEqual(out.split('\0').slice(0, -1), args, shell);
  }
});

test('quoting reports the full length when the buffer is too small, like snprintf', () => {
  const out = Buffer.alloc(8, 0x78);
  const n = buildCommand(argvOf(['echo', 'hello world']), out, out.length);
  assert.equal(n, "echo 'hello world'".length);
  assert.equal(out.subarray(0, out.indexOf(0)).toString(), "echo 'h", 'cut to fit, NUL-terminated');
});

test('command rendering: argv[0] is kept only when it names the program that runs', () => {
  assert.equal(render('/bin/echo', null, ['ls', '-la']), '/bin/echo -la', 'lying argv[0] shows the real path');
  assert.equal(render('/usr/bin/git', null, ['/usr/bin/git', 'status']), '/usr/bin/git status');
  assert.equal(render('/usr/bin/env', 'env', ['env', '-i']), 'env -i', 'the name given to execvp');
  assert.equal(render('/bin/sh', null, ['sh', '-c', 'ls']), 'sh -c ls', 'PATH resolves sh to this very file');
  assert.equal(render('/bin/true', null, []), '/bin/true', 'empty argv');
  assert.equal(render('/bin/true', null, ['']), '/bin/true', 'empty argv[0]');
  assert.equal(render('/opt/my tools/x', null, ['/opt/my tools/x']), `'/opt/my tools/x'`);
  // a copy of true named "ls" in another directory is not the ls that PATH finds
  mkdirSync(join(dir, 'bin'), { recursive: true });
  const fake = join(dir, 'bin', 'ls');
  copyFileSync('/bin/true', fake);
  assert.equal(render(fake, null, ['ls', '/']), `${fake} /`);
});

test('JSON escaping: always valid JSON, every byte visible', () => {
  const cases: Array<[Arg, string]> = [
    ['plain', 'plain'],
    ['"q" \\ /', '\\"q\\" \\\\ /'],
    ['a\nb\tc\rd', 'a\\nb\\tc\\rd'],
    ['\x01\x1f\x7f', '\\u0001\\u001f\\u007f'],
    ['é ß 中 😀', 'é ß 中 😀'],
    [Buffer.from([0x66, 0xff]), 'f\\u00ff'],
    [Buffer.from([0xc0, 0xaf]), '\\u00c0\\u00af'], // overlong "/"
    [Buffer.from([0xed, 0xa0, 0x80]), '\\u00ed\\u00a0\\u0080'], // UTF-16 surrogate
    [Buffer.from([0xe2, 0x82]), '\\u00e2\\u0082'], // cut sequence
    [Buffer.from([0xf4, 0x90, 0x80, 0x80]), '\\u00f4\\u0090\\u0080\\u0080'], // above U+10FFFF
  ];
  for (const [input, want] of cases) {
    const got = escape(input);
    assert.equal(got, want);
    JSON.parse(`"${got}"`);
  }
});

test('reply parser: accepts the contract shape with extra members and escapes', () => {
  assert.deepEqual(parse('{"decision":"allow","allowed":true,"message":"ok"}'), {
    ok: true,
    allowed: true,
    decision: 'allow',
    message: 'ok',
  });
  assert.deepEqual(parse(' \t{"x":{"y":[1,-2.5e+3,null,false,"s"]},"allowed":false , "decision":"deny"}\r\n'), {
    ok: true,
    allowed: false,
    decision: 'deny',
    message: '',
  });
  assert.equal(
    parse('{"decision":"ask","allowed":false,"message":"caf\\u00e9 \\ud83d\\ude00 \\"q\\" \\n"}').message,
    'café 😀 "q" \n',
  );
  assert.equal(
    parse(`{"decision":"deny","allowed":false,"message":"${'x'.repeat(500)}"}`, 32).message,
    'x'.repeat(31),
    'long message is cut, not rejected',
  );
  assert.equal(parse('{"decision":"watch","allowed":true}').decision, 'watch');
  // a key with an embedded NUL is some other key, not "allowed"
  assert.equal(parse('{"decision":"allow","allowed\\u0000":true,"allowed":false}').allowed, false);
});

test('reply parser: rejects everything ambiguous', () => {
  const bad = [
    '',
    'null',
    '{}',
    '[]',
    '{"decision":"allow"}',
    '{"allowed":true}',
    '{"decision":"allow","allowed":"true"}',
    '{"decision":"allow","allowed":1}',
    '{"decision":"maybe","allowed":true}',
    '{"decision":"allow","allowed":true,"allowed":false}',
    '{"decision":"allow","decision":"deny","allowed":true}',
    '{"decision":"allow","allowed":true} x',
    '{"decision":"allow","allowed":true}{}',
    '{"decision":"allow","allowed\\u0000":true}',
    '{"decision":"allow","allowed":tru}',
    '{"decision":"allow","allowed":true,}',
    '{"m":"\\q","decision":"allow","allowed":true}',
    '{"m":"raw\nnewline","decision":"allow","allowed":true}',
    '{"decision":"allow","allowed":true,"deep":' + '['.repeat(40) + ']'.repeat(40) + '}',
    '{"decision":"deny","allowed":false,"x":"\\"allowed\\":true"',
  ];
  for (const b of bad) assert.deepEqual(parse(b), { ok: false }, b);
});

test('SHA-256: the same digest as node:crypto at every padding boundary and across blocks', async () => {
  const { createHash } = await import('node:crypto');
  const sha = lib.func('int svc_sha256_hex(void *buf, size_t n, _Out_ uint8_t *out, size_t outlen)');
  for (const n of [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 100_003]) {
    const input = Buffer.alloc(n + 1);
    for (let i = 0; i < n; i++) input[i] = (i * 31 + 7) & 0xff;
    const out = Buffer.alloc(65);
    assert.equal(sha(input, n, out, out.length), 0);
    assert.equal(
      out.toString('latin1', 0, 64),
      createHash('sha256').update(input.subarray(0, n)).digest('hex'),
      `n=${n}`,
    );
  }
  assert.equal(sha(Buffer.from('x'), 1, Buffer.alloc(10), 10), -22, 'a short output buffer is -EINVAL');
});
