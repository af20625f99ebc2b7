#!/usr/bin/env node
// render-cache-purge: the command line (src/cli/), from the bundle it shares with the action. Built by npm run bundle.
import { runCommandLine } from './index.js'
await runCommandLine()
