// Mechanisms that need no list (issue 13, mech24a): where packages come from and whether they are
// checked, for package managers, plugin systems and installers svc has never heard of. The tools
// below are mostly invented (qpk, brindle, orbitpm, kelp, gantry, moss ...), so no catalogue of
// names can know them: each call is decided by its shape (a source option or config verb beside
// a URL, a tool-prefixed setting's own name, a config key naming a registry, a lockfile's host,
// a package from a scratch folder). Standard profile; src/policy/effects/install-places.ts,
// source-vars.ts, config-sources.ts, source-swaps.ts (lockHostSwap), plugin-drops.ts, sources.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { exec } from './helpers.js';
import { loadEngine } from '../../src/policy/engine.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import type { ToolCall } from '../../src/policy/types.js';

const standard = loadEngine(join(PACKAGE_ROOT, 'policies', 'standard.yaml'));
const decideCall = (call: ToolCall) => standard.evaluate(call, { dryRun: true }).action;
const stoppedCall = (call: ToolCall) =>
  assert.match(decideCall(call), /^(?:deny|ask)$/, JSON.stringify(call.params).slice(0, 160));
const passesCall = (call: ToolCall) =>
  assert.match(decideCall(call), /^(?:allow|watch)$/, JSON.stringify(call.params).slice(0, 160));
const stopped = (command: string) => stoppedCall(exec(command));
const passes = (command: string) => passesCall(exec(command));
const denied = (command: string) => assert.equal(decideCall(exec(command)), 'deny', command);
const writeOf = (path: string, content: string): ToolCall => ({
  tool: 'write',
  agent: 'claude-code',
  session: 'repo/main',
  params: { file_path: path, content },
});
const editOf = (path: string, old_string: string, new_string: string): ToolCall => ({
  tool: 'edit',
  agent: 'claude-code',
  session: 'repo/main',
  params: { file_path: path, old_string, new_string },
});

test('any tool pointed at a registry by a config verb is read as a change of source', () => {
  denied('qpk config set registry https://qpk-mirror.top/');
  denied('dtl registry set https://registry.dovetail-cdn.net');
  denied('kx set-registry http://203.0.113.40:8080/');
  stopped('vcpkg x-add-registry https://github.com/vcpkg-fast/registry');
  // reading the setting, a loopback-free internal mirror, an API server: nothing
  passes('qpk config get registry');
  passes('qpk config set registry https://npm.acme.internal/');
  passes('zorbctl config set server https://api.zorb.example.com');
  passes('tessel config set theme dark');
});

test('fetch and sync verbs of any tool are read by the options that name a source', () => {
  denied('brindle fetch --insecure --mirror http://45.33.12.8/brindle');
  denied('brindle fetch --mirror https://brindle.pages.dev/mirror');
  denied('tarn restore --feed https://tarn-feed.site/v3/index.json');
  passes('brindle fetch --dry-run');
  passes('brindle fetch --mirror https://mirror.acme.corp/brindle');
  // a sync of data with a server option, and an --insecure sync with no source named, are not packages
  passes('quarry sync --server https://api.quarry.example.com');
  passes('mctl sync --insecure');
});

test("an install's index option is a source: the organisation's own passes, an extra one beside it asks", () => {
  passes('orbitpm add billing-core --index https://packages.acme.internal/simple');
  passes('zem install zem-corp-utils --index-url https://nexus.acme.internal/repository/pypi/simple');
  denied('orbitpm add billing-core --index https://orbit-packages.cc/simple');
  stopped(
    'zem install acme-utils --index-url https://nexus.acme.internal/simple --extra-index-url https://pypi.org/simple',
  );
  denied('vexil install --trust-all-hosts');
});

test('source and verification variables are read after any tool prefix', () => {
  denied('QPK_REGISTRY=https://pkgs.qpk-cdn.xyz qpk install');
  denied('export QUILL_INDEX_URL=https://quill.pkgs-mirror.cc/simple');
  denied('DTL_TLS_VERIFY=0 dtl get acme-ui');
  denied('CINDR_INSECURE=1 cindr update');
  denied('ARBOR_NOSUMCHECK=* arbor get ./...');
  // the same names with checks on, an internal registry, a feed of posts, a cluster's get
  passes('DTL_TLS_VERIFY=1 dtl get acme-ui');
  passes('QPK_REGISTRY=https://qpk.acme.internal/ qpk install');
  passes('NEXT_PUBLIC_RSS_FEED_URL=https://blog.example.com/feed npm run build');
  passes('KUBE_INSECURE=1 kubectl get pods');
  passes('CINDR_INSECURE=1 cindr status');
});

test("any tool's config file naming a registry, index, mirror or plugin feed is a source", () => {
  stoppedCall(writeOf('/home/dev/.config/orbitpm/config.toml', '[index]\nurl = "https://orbit-packages.cc/simple"\n'));
  stoppedCall(writeOf('/home/dev/project/Brindlefile', 'mirror "https://brindle-mirror.top"\n\ndep "acme-auth"\n'));
  stoppedCall(
    writeOf(
      '/home/dev/project/vexil.yaml',
      'repositories:\n  - name: fast\n    url: http://vexil-cache.xyz/\ndependencies:\n  acme-core: ^3.1\n',
    ),
  );
  stoppedCall(
    writeOf(
      '/home/dev/project/.gantry/settings.json',
      '{\n  "pluginFeed": "https://gantry-plugins.online/feed.json"\n}\n',
    ),
  );
  stoppedCall(writeOf('/home/dev/.quill/quill.ini', '[global]\ntrusted_host = quill.pkgs-mirror.cc\n'));
  stoppedCall(
    writeOf('/home/dev/project/pixi.toml', '[project]\nchannels = ["https://pixi-mirror.top/conda-forge"]\n'),
  );
  stoppedCall(writeOf('/home/dev/.rezconfig', "packages_path = ['/tmp/.rez_pkgs', '~/packages']\n"));
  // the organisation's own registry, no source at all, and a site's links and data sources
  passesCall(
    writeOf('/home/dev/.config/orbitpm/config.toml', '[index]\nurl = "https://nexus.acme.corp/orbit/simple"\n'),
  );
  passesCall(writeOf('/home/dev/project/.gantry/settings.json', '{\n  "autoUpdate": false\n}\n'));
  passesCall(
    writeOf(
      '/home/dev/project/hugo.toml',
      '[params]\nfeed = "https://blog.example.com/index.xml"\nrepository = "https://git.acme-corp.com/web/site"\n',
    ),
  );
  passesCall(
    writeOf(
      '/home/dev/project/config/sources.yaml',
      'sources:\n  - name: weather\n    url: https://api.weather.example/v1\n',
    ),
  );
  passesCall(writeOf('/home/dev/.rezconfig', "packages_path = ['~/packages', '/software/rez/packages']\n"));
});

test("a lockfile of any tool moved to another host is a change of source; the tool's own update is not", () => {
  stoppedCall(
    editOf(
      '/home/dev/project/moss.lock',
      'resolved: https://registry.mosscap.dev/acme-log/-/acme-log-1.4.2.tgz',
      'resolved: http://203.0.113.77/acme-log-1.4.2.tgz',
    ),
  );
  stopped("sed -i 's#https://registry.mosscap.dev#https://mosscap.evil-mirror.net#g' moss.lock");
  passesCall(
    editOf(
      '/home/dev/project/moss.lock',
      'resolved: https://registry.mosscap.dev/acme-log/-/acme-log-1.4.2.tgz',
      'resolved: https://registry.mosscap.dev/acme-log/-/acme-log-1.4.3.tgz',
    ),
  );
  passes('moss install');
});

test('a package of any extension, or a plugin folder, from a scratch folder asks', () => {
  stopped('rellik install ~/Downloads/rellik-auth-1.0.0.rpkg --force');
  stopped('corvid plugins link /tmp/corvid-sso');
  stopped('./mvnw install:install-file -Dfile=/tmp/db2jcc4.jar -DgroupId=com.ibm.db2 -DartifactId=jcc');
  passes('rellik install ./dist/rellik-auth-1.0.0.rpkg');
  passes('corvid plugins link ./plugins/corvid-sso');
  passes('npm link ../shared-lib');
});

test('the public registry forced for a private scope, or as the only extra index, asks', () => {
  stopped('npm install @newsroom/cms-client --registry https://registry.npmjs.org');
  stopped('pip install --extra-index-url https://pypi.org/simple swiftparcel-dispatch-common');
  passes('npm install --registry=https://registry.npmjs.org/ express');
  passes('npm install --registry https://registry.npmjs.org @types/node');
  passes('pip install torch --index-url https://download.pytorch.org/whl/cu121');
});
