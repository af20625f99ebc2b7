/**
 * Part of `npm run bundle`, after the ncc builds: what each minified bundle gets before it is
 * committed, each step in its own module (docs/development.md says why):
 *
 * 1. its module factories back in parentheses (eager-factories.mjs);
 * 2. every character beyond ASCII written as an escape (ascii-bundle.mjs).
 *
 *   node scripts/finish-bundle.mjs dist/index.js [more bundles…]
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { escapeNonAscii } from './ascii-bundle.mjs'
import { parenthesizeFactories } from './eager-factories.mjs'

/**
 * The bundle's text as `npm run bundle` commits it. Throws when a step finds nothing it expects.
 * @param {string} text @param {string} name for messages
 */
export function finishBundle(text, name) {
  const factories = parenthesizeFactories(text)
  // ncc's layout changed if a minified bundle has no table left to mend: say so, loudly.
  if (factories.factories === 0) {
    throw new Error(`${name}: no module factory found to parenthesize (has ncc changed?)`)
  }
  return escapeNonAscii(factories.text).text
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const bundles = process.argv.slice(2)
  if (bundles.length === 0) {
    console.error('usage: node scripts/finish-bundle.mjs BUNDLE.js [BUNDLE.js…]')
    process.exit(2)
  }
  for (const bundle of bundles) {
    writeFileSync(bundle, finishBundle(readFileSync(bundle, 'utf8'), bundle))
  }
}
