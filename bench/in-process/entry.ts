/**
 * What the in-process benchmarks call, re-exported from src/ so bench/bench.mjs can bundle it
 * with ncc (into .tmp/bench-build/) and import the current source without a TypeScript loader.
 */
export { sendPlan } from '../../src/send/send-plan.js'
export { createHttpTransport } from '../../src/send/http-transport.js'
export { buildPlan } from '../../src/plan/build-plan.js'
export { parseUrlMap } from '../../src/changed-files/url-map/parse.js'
export { mapChangedFiles } from '../../src/changed-files/url-map/mapping.js'
export { Diagnostics } from '../../src/core/diagnostics.js'
export { USER_AGENT } from '../../src/core/constants.js'
