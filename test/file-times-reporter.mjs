// A node:test reporter that records one JSON line per finished top-level test: its file, name and
// time (in a group of files run in one process, the top-level tests are suites named for the
// files). test/run.mjs reads them for the slowest-files list and the summed test time. The lines
// are appended synchronously to the file named by SVC_TEST_TIMES (the reporter's own destination
// is /dev/null): a stream the runner has not flushed when its process exits would lose the last
// files' lines, and the summary would quietly leave them out.
import { appendFileSync } from 'node:fs';

export default async function* fileTimes(source) {
  const out = process.env.SVC_TEST_TIMES;
  for await (const e of source) {
    if (out && (e.type === 'test:pass' || e.type === 'test:fail') && e.data.nesting === 0) {
      appendFileSync(
        out,
        JSON.stringify({ file: e.data.file ?? '', name: e.data.name, ms: e.data.details?.duration_ms ?? 0 }) + '\n',
      );
    }
  }
  yield '';
}
