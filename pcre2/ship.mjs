/**
 * Part of `npm run bundle`: puts the engine beside the bundle, since the action runs dist/ as
 * GitHub downloads it. pcre2.mjs, bundled into dist/, reads pcre2.wasm from its own folder; ncc
 * is not asked to handle the file (webpack would rewrite the module). PCRE2's licence joins the
 * other licences ncc collects in dist/licenses.txt, in the same form (name, licence, text).
 *
 *   node pcre2/ship.mjs dist
 */
import { appendFileSync, copyFileSync, readFileSync } from 'node:fs'

const dist = process.argv[2] ?? 'dist'
const here = new URL('.', import.meta.url)
const manifest = JSON.parse(readFileSync(new URL('manifest.json', here), 'utf8'))
copyFileSync(new URL('pcre2.wasm', here), `${dist}/pcre2.wasm`)
const licence = readFileSync(new URL('LICENCE', here), 'utf8').trimEnd()
appendFileSync(
  `${dist}/licenses.txt`,
  `\npcre2 ${manifest.pcre2} (pcre2.wasm)\nBSD-3-Clause WITH PCRE2-exception\n${licence}\n`
)
