// RFC 8785 test vectors: number serialization (Appendix B), the sorting and string examples of
// section 3.2, and the values I-JSON cannot carry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalize, serializeNumber, JcsError } from '../../src/audit/jcs.js';

function fromHex(hex: string): number {
  const b = Buffer.from(hex, 'hex');
  return b.readDoubleBE(0);
}

test('RFC 8785 Appendix B: IEEE 754 numbers serialize like ECMAScript', () => {
  const vectors: Array<[string, string]> = [
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ];
  for (const [hex, want] of vectors) assert.equal(serializeNumber(fromHex(hex)), want, hex);
});

test('RFC 8785 Appendix B: NaN and Infinity are errors', () => {
  assert.throws(() => serializeNumber(fromHex('7fffffffffffffff')), JcsError);
  assert.throws(() => serializeNumber(fromHex('7ff0000000000000')), JcsError);
  assert.throws(() => canonicalize({ a: -Infinity }), JcsError);
});

test('RFC 8785 3.2.2: the primitive data types example', () => {
  const input = JSON.parse(String.raw`{
    "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
    "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
    "literals": [null, true, false]
  }`);
  assert.equal(
    canonicalize(input),
    String.raw`{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`,
  );
});

test('RFC 8785 3.2.3: properties sort by UTF-16 code units', () => {
  const input = JSON.parse(String.raw`{
    "\u20ac": "Euro Sign",
    "\r": "Carriage Return",
    "\ufb33": "Hebrew Letter Dalet With Dagesh",
    "1": "One",
    "\ud83d\ude00": "Emoji: Grinning Face",
    "\u0080": "Control",
    "\u00f6": "Latin Small Letter O With Diaeresis"
  }`);
  const out = canonicalize(input);
  assert.equal(
    out,
    '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
  );
  // The RFC also gives the UTF-8 bytes of this output; spot-check the start and the emoji.
  const bytes = Buffer.from(out, 'utf8');
  assert.deepEqual([...bytes.subarray(0, 8)], [0x7b, 0x22, 0x5c, 0x72, 0x22, 0x3a, 0x22, 0x43]);
  assert.ok(bytes.includes(Buffer.from([0xf0, 0x9f, 0x98, 0x80])));
});

test('RFC 8785 3.2.3: nested objects are sorted too, arrays keep their order', () => {
  assert.equal(
    canonicalize({ b: [3, { z: 1, a: 2 }], a: { d: null, c: 'x' } }),
    '{"a":{"c":"x","d":null},"b":[3,{"a":2,"z":1}]}',
  );
});

test('strings: only quote, backslash and C0 controls are escaped, in lowercase hex', () => {
  assert.equal(
    canonicalize('\u0000\u001f\b\t\n\f\r"\\/\u007f\u2028'),
    '"\\u0000\\u001f\\b\\t\\n\\f\\r\\"\\\\/\u007f\u2028"',
  );
  assert.equal(canonicalize('😀'), '"😀"');
});

test('values JSON cannot carry are rejected, not guessed at', () => {
  assert.throws(() => canonicalize('\ud800'), JcsError);
  assert.throws(() => canonicalize('a\udc00b'), JcsError);
  assert.throws(() => canonicalize({ a: undefined }), JcsError);
  assert.throws(() => canonicalize(1n), JcsError);
  assert.throws(() => canonicalize(new Date(0)), JcsError);
});

test('-0 is 0 and a key named __proto__ is an ordinary member', () => {
  assert.equal(canonicalize([-0]), '[0]');
  assert.equal(canonicalize(JSON.parse('{"__proto__":1,"a":2}')), '{"__proto__":1,"a":2}');
});
