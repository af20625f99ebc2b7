/**
 * src/pattern/baseline-code.ts for the unit tests (jest.config.js maps the pattern code's import
 * of it here): the work, without the in-process inspector session. The session keeps V8 from
 * optimizing PCRE2's match() in the background, which a short run would wait for at exit; a
 * test worker does not exit after one pattern, and there `Debugger.enable` costs 40 to 150 ms
 * a call, since V8 then reports every script the worker loaded (thousands under jest). The
 * bad-input fuzzer checked thousands of patterns: 90% of its time was spent there. The real
 * module runs in the end-to-end tests (dist/) and the benchmark's cold start, which measures
 * what it saves.
 */
export function onBaselineCode<T>(work: () => T): T {
  return work()
}
