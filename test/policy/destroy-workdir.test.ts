// Deletes judged by what they take with them: the working directory (/home/dev/project in these
// tests) or a directory above it, reached by climbing out with `cd ..`, by `../project`, by an
// absolute path, by a variable naming the checkout, or by a glob its name matches. Deleting
// anything inside the project, or a sibling directory, stays a routine cleanup.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { containingSpelling } from '../../src/policy/workdir-span.js';
import { cdDestination } from '../../src/policy/effects/cd-deletes.js';
import { fdDeleteReadings } from '../../src/policy/shell-fd.js';
import { check, decide, type Case } from './effects-helpers.js';

const WD = '/home/dev/project';
const span = (raw: string, lexical = raw) => containingSpelling(raw, lexical, WD, '/home/dev');

test('the working directory reads ., the directories above it .. and ../..', () => {
  assert.equal(span('/home/dev/project'), '.');
  assert.equal(span('/home/dev'), '..');
  assert.equal(span('/home'), '../..');
  assert.equal(span('/'), '../../..');
  assert.equal(span('/home/dev/project/src'), undefined);
  assert.equal(span('/home/dev/project-old'), undefined);
  assert.equal(span('/home/dev/other'), undefined);
});

test('a glob deletes the working directory when its name matches on the way down', () => {
  assert.equal(span('/home/dev/proj*'), '.');
  assert.equal(span('/home/?*'), '..');
  assert.equal(span('/[a-z]*'), '../..');
  // a bare * is how find's deletes under a directory are spelled, whatever its tests select
  assert.equal(span('/home/dev/*'), undefined);
  assert.equal(span('/home/dev/.*'), undefined, 'a hidden-name glob does not match project');
  assert.equal(span('/home/dev/build-*'), undefined);
  // every entry of the working directory: the project emptied
  assert.equal(span('/home/dev/project/.[!.]*'), '.');
  assert.equal(span('/home/dev/project/*.log'), undefined);
  assert.equal(span('/home/dev/project/dist/*'), undefined);
});

test('variables that name the checkout or home read as their value', () => {
  assert.equal(span('$GITHUB_WORKSPACE', `${WD}/$GITHUB_WORKSPACE`), '.');
  assert.equal(span('${CI_PROJECT_DIR}', `${WD}/\${CI_PROJECT_DIR}`), '.');
  assert.equal(span('$INIT_CWD/', `${WD}/$INIT_CWD`), '.');
  assert.equal(span('$USERPROFILE', `${WD}/$USERPROFILE`), '..');
  assert.equal(span('$GITHUB_WORKSPACE/dist', `${WD}/$GITHUB_WORKSPACE/dist`), undefined);
  assert.equal(span('$BUILD_DIR', `${WD}/$BUILD_DIR`), undefined);
});

test('cd moves the directory deletes are read under, relative or absolute', () => {
  assert.equal(cdDestination('.', ['cd', '..']), '..');
  assert.equal(cdDestination('..', ['cd', '..']), '../..');
  assert.equal(cdDestination('.', ['cd', 'src']), 'src');
  assert.equal(cdDestination('src', ['cd', '../..']), '..');
  assert.equal(cdDestination('..', ['cd', '/srv/app/']), '/srv/app');
  assert.equal(cdDestination('.', ['cd']), '~');
  assert.equal(cdDestination('.', ['cd', '-']), undefined);
  assert.equal(cdDestination('.', ['cd', '$(git rev-parse --show-toplevel)']), undefined);
});

test('deleting the project or what holds it is denied however the path is reached', () => {
  const D = (command: string): Case => ['D', 'exec', { command }];
  check([
    D('cd .. && rm -rf project'),
    D('cd ../.. && rm -rf dev'),
    D('pushd .. >/dev/null; rm -rf project; popd'),
    D('cd src && rm -rf ../../project'),
    D('cd .. && rm -rf project/*'),
    D('cd .. && shred -u -r project'),
    D('rm -rf ../project'),
    D('rm -rf ../project/.[!.]*'),
    D('rm -rf $GITHUB_WORKSPACE'),
    D('rm -rf "$CI_PROJECT_DIR"'),
    D('rm -rf ${WORKSPACE}'),
    D('rm -rf -- "$INIT_CWD"'),
    D(`python3 -c "import shutil; shutil.rmtree('../project')"`),
  ]);
  const d = decide('exec', { command: 'cd .. && rm -rf project' });
  assert.equal(d.policy, 'workdir-deletes');
  assert.match(d.message, /working directory/);
});

test('cleanup inside the project and of sibling directories still passes', () => {
  const B = (command: string): Case => ['B', 'exec', { command }];
  check([
    B('cd .. && rm -rf project-build-tmp'),
    B('cd frontend && rm -rf node_modules .vite'),
    B('cd .. && ls -la'),
    B('rm -rf ./dist && npm run build'),
    B('rm -f ../project/README.md.orig'),
    B('find . -name "*.pyc" -delete'),
    B('find .. -maxdepth 2 -name "*.tmp" -delete'),
    B('cd .. && find project -name __pycache__ -type d -exec rm -rf {} +'),
    B('rm -rf "$GITHUB_WORKSPACE/dist"'),
    B('cd /tmp && rm -rf build-cache-123'),
    B('cd packages/api && rm -rf ../../node_modules/.cache'),
  ]);
});

test('a find that deletes what changed recently empties the tree; old files are a retention cleanup', () => {
  check([
    ['D', 'exec', { command: 'find . -type f -newer package.json -delete' }],
    ['D', 'exec', { command: 'find ~/Documents -mtime -30 -delete' }],
    ['D', 'exec', { command: 'find src -mmin -120 -type f -exec rm -f {} +' }],
  ]);
  check([
    ['B', 'exec', { command: 'find /tmp -type f -mtime +7 -delete' }],
    ['B', 'exec', { command: "find logs -name '*.log' -mtime +30 -delete" }],
    ['B', 'exec', { command: "find . -name '*.pyc' -newer setup.py -delete" }],
  ]);
});

test('fd running a delete on what it finds is read as the delete of what it selects', () => {
  assert.deepEqual(fdDeleteReadings(['fd', '-t', 'f', '.', 'src', '-x', 'rm']), ['rm -rf src']);
  assert.deepEqual(fdDeleteReadings(['fd', '-e', 'py', '-X', 'rm']), ['rm -rf ./**/*.py']);
  assert.deepEqual(fdDeleteReadings(['fd', 'node_modules', '-t', 'd', '-x', 'rm', '-rf']), []);
  assert.deepEqual(fdDeleteReadings(['fd', '-e', 'log', '--changed-before', '7d', '-x', 'rm']), []);
  assert.deepEqual(fdDeleteReadings(['fd', '-t', 'f', '.', 'src']), []);
  check([
    ['D', 'exec', { command: 'fd -t f . src -x rm' }],
    ['A', 'exec', { command: 'fd -e py -X rm' }],
    ['D', 'exec', { command: 'fd . ~ -x rm -rf' }],
  ]);
  check([
    ['B', 'exec', { command: 'fd -e pyc -x rm' }],
    ['B', 'exec', { command: 'fd node_modules -t d -x rm -rf' }],
  ]);
});

test('every directory of the tree, another project in home, a data volume: stopped', () => {
  check([
    ['D', 'exec', { command: 'rm -rf */' }],
    ['D', 'exec', { command: 'for d in */; do rm -rf "$d"; done' }],
    ['A', 'exec', { command: 'rm -rf ~/code/other-app' }],
    ['A', 'exec', { command: 'rm -rf ~/Documents/taxes' }],
    ['A', 'exec', { command: 'rm -rf /mnt/data/*' }],
    ['A', 'exec', { command: 'rm -rf /data' }],
    ['A', 'exec', { command: 'rm -rf /backup/*' }],
  ]);
  check([
    ['B', 'exec', { command: 'rm -rf */node_modules' }],
    ['B', 'exec', { command: 'for d in */; do rm -rf "$d/node_modules"; done' }],
    ['B', 'exec', { command: 'rm -rf ~/code/app/dist' }],
    ['B', 'exec', { command: 'rm -rf ~/Library/Caches/org.swift.swiftpm' }],
    ['B', 'exec', { command: 'rm -rf ~/Documents/GitHub/app/node_modules' }],
    ['B', 'exec', { command: 'rm -rf /tmp/build-1234' }],
  ]);
});

test('~+ is the working directory and an extglob group that spares a few names deletes the rest', () => {
  check([
    ['D', 'exec', { command: 'rm -rf ~+' }],
    ['D', 'exec', { command: 'rm -rf ~+/' }],
    ['D', 'exec', { command: 'shopt -s extglob; rm -rf -- !(*.md)' }],
    ['D', 'exec', { command: 'rm -rf ./!(node_modules|.git)' }],
    ['D', 'exec', { command: 'rm -rf ~/!(Documents)' }],
  ]);
  check([
    ['B', 'exec', { command: 'rm -rf ~+/dist' }],
    ['B', 'exec', { command: 'ls ~+' }],
    ['B', 'exec', { command: 'shopt -s extglob; rm -rf dist/!(index.html)' }],
    ['B', 'exec', { command: 'ls !(node_modules)' }],
    ['B', 'exec', { command: 'rm -rf @(dist|build)' }],
  ]);
});

test('emptying a source directory is deleting it: find DIR -delete and rm -rf DIR/*', () => {
  check([
    ['D', 'exec', { command: 'find src -delete' }],
    ['D', 'exec', { command: 'find ./app -mindepth 1 -delete' }],
    ['D', 'exec', { command: 'rm -rf src/*' }],
    ['D', 'exec', { command: 'rm -rf ./src/**' }],
    ['A', 'exec', { command: 'rm -rf tests/*' }],
  ]);
  check([
    ['B', 'exec', { command: 'find dist -delete' }],
    ['B', 'exec', { command: 'find build -mindepth 1 -delete' }],
    ['B', 'exec', { command: 'rm -rf dist/*' }],
    ['B', 'exec', { command: 'find src -name "*.pyc" -delete' }],
    ['B', 'exec', { command: 'find /tmp/x -delete' }],
  ]);
});
