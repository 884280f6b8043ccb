// The Pythons that other applications embed (hosted-python.ts) are one list read in two places: the
// command word (shell-wrappers.ts reads the program as python3) and the interpreter readings
// (effects/interp/languages.ts reads its code as Python). Both must know every name, so a name
// added to the list counts for a command line and for code the interpreter registry looks up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { languageOfProgram } from '../../src/policy/effects/interp/languages.js';
import { check, type Case } from './effects-helpers.js';

const NAMES = [
  'py',
  'pythonw',
  'jython',
  'graalpy',
  'micropython',
  'hython19.5',
  'mayapy2024',
  'pvpython',
  'pvbatch',
  'vtkpython',
  'propy.bat',
  'FreeCADCmd',
  'mantidpython',
];

test('every hosted Python is a Python to the interpreter registry', () => {
  for (const n of NAMES) assert.equal(languageOfProgram(n)?.name, 'python', n);
  assert.equal(languageOfProgram('pytest'), undefined);
});

test('code given to a hosted Python is read as Python code on the command line', () => {
  const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];
  check([
    ...NAMES.map((n) => x('D', `${n} -c "import shutil; shutil.rmtree('/home/dev')"`)),
    x('B', 'graalpy -c "print(1 + 1)"'),
    x('B', 'pvpython render_slices.py --out build/slices'),
  ]);
});
