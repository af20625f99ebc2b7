/**
 * The toolkit floor for the cold-start benchmark: the least any action built on the same
 * toolkit has to do. It loads @actions/core and @actions/http-client, creates a client and sets
 * one output, nothing else. bench/bench.mjs bundles it with ncc exactly as `npm run bundle`
 * bundles src/index.ts, so the two bundles differ only in what the action itself adds.
 */
import * as core from '@actions/core'
import { HttpClient } from '@actions/http-client'

const client = new HttpClient('bench-floor')
core.setOutput('status', 'dry-run')
client.dispose()
