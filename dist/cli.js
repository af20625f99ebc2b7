#!/usr/bin/env node
// render-cache-purge: the command line (src/cli/), bundled in ./cli/. Built by npm run bundle.
import './cli/index.js'
