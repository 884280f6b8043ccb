// A node:test reporter that writes one JSON line per finished top-level test: its file, time and
// outcome. test/run.mjs reads it for the slowest-files list and the summary line.
export default async function* fileTimes(source) {
  for await (const e of source) {
    if ((e.type === 'test:pass' || e.type === 'test:fail') && e.data.nesting === 0) {
      yield JSON.stringify({ file: e.data.file ?? '', ms: e.data.details?.duration_ms ?? 0 }) + '\n';
    }
  }
}
