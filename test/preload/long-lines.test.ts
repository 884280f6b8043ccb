// Commands as long as the kernel takes (about 2 MiB of arguments): long link lines, xargs batches
// and find -exec {} + must be checked whole, not refused for their size.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import { MAX_COMMAND_BYTES } from '../../src/policy/accessors.js';
import { PATH, preloadEnv, realPython, run, startRecorder, tempDir, type Recorder } from './harness.js';
import { spawnServe } from '../helpers/spawn.js';

/** 15,000 arguments of 100 bytes: 1.5 MB of argv for /bin/true. */
const BIG_EXEC = 'import os\nos.execv("/bin/true", ["/bin/true"] + ["a" * 99 + str(i % 10) for i in range(15000)])';
const BIG_COMMAND_BYTES = 15000 * 101 + '/bin/true'.length;

let rec: Recorder;
before(async () => {
  rec = await startRecorder();
});
after(() => rec.close());

test('a 1.5 MB argv reaches the server whole and runs', async () => {
  rec.requests.length = 0;
  const r = await run(realPython(), ['-c', BIG_EXEC], preloadEnv(rec.socket));
  assert.equal(r.code, 0, r.stderr);
  const q = rec.requests.find((x) => x.path === '/bin/true')!;
  assert.ok(q, 'the exec was asked about');
  assert.equal(q.truncated, undefined);
  assert.equal(q.argv.length, 15001);
  assert.equal(q.command.length, BIG_COMMAND_BYTES);
});

// The engine bounds its inputs; it reads commands this long once its analysis is linear.
const engineTakesIt = MAX_COMMAND_BYTES >= 2 * 1024 * 1024;
test(
  'under svc wrap with the standard profile, a 1.5 MB argv exec of /bin/true runs',
  { skip: !engineTakesIt && `the policy engine reads at most ${MAX_COMMAND_BYTES} bytes of a command` },
  async () => {
    const dataDir = tempDir('svc-long-');
    const s = await spawnServe(['--data-dir', dataDir]);
    try {
      const script = join(dataDir, 'big.py');
      writeFileSync(script, BIG_EXEC);
      const env = {
        PATH,
        HOME: dataDir,
        SERVICE_HOME: dataDir,
        SERVICE_SOCKET: join(dataDir, 'svc.sock'),
        SERVICE_FAIL_OPEN: '0',
        // The test is about the whole argv being read and allowed, not about the 2 s default
        // budget: on a loaded machine the 1.5 MB decision can take longer, and fail-closed would
        // turn that into a block. A decision that never comes still fails within the run's limit.
        SERVICE_PRELOAD_TIMEOUT_MS: '50000',
      };
      const r = await run(
        process.execPath,
        [join(PACKAGE_ROOT, 'bin', 'svc.js'), 'wrap', '--', realPython(), script],
        env,
        { timeoutMs: 60_000 },
      );
      assert.equal(r.code, 0, r.stderr);
    } finally {
      await s.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
