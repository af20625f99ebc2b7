/**
 * The reference of the sitemap rows (run by bench/verify.mjs and bench/sitemap-formats.mjs in a
 * child process, as the action runs, alternated with the action round by round): what reading
 * the same sitemaps costs at least, on the same machine, from the same emulator, at the same
 * time. It reads the index, then each file one after another as the action does, each body
 * gunzipped when its name ends in `.gz` and decoded as UTF-8, and takes every page URL out:
 *
 * - `xml`: the `<loc>` of each `<url>` with saxes, the XML parser the action uses, and nothing
 *   of the action's own work (no namespace or depth rules, no URL checks, no repeat table, no
 *   selection);
 * - `text`: each line of the text sitemaps, split on newlines;
 * - `feed`: with saxes, each RSS `<item>`'s `<link>` and each Atom `<entry>`'s first `<link>`
 *   without `rel`.
 *
 * With a pattern, the paths it kept are then matched in one bare loop by the same PCRE2 module
 * (pcre2/pcre2.mjs) and the same compiled pattern as the action's preview, once untimed and
 * once timed. Prints
 * `{"readMs": …, "pages": …, "matchMs": …, "matched": …}`; the times are taken inside the
 * process, as the action logs its own.
 *
 *   node bench/sitemap-reference.mjs <index url> xml|text|feed [pattern]
 */
import { Agent, get } from 'node:http'
import { createGunzip } from 'node:zlib'
import { SaxesParser } from 'saxes'
import { compilePhpPattern } from '../pcre2/pcre2.mjs'

const [indexUrl = '', kind = 'xml', pattern] = process.argv.slice(2)
const agent = new Agent({ keepAlive: true, maxSockets: 1 })

/** The body of `url` as UTF-8 text chunks, gunzipped when the name ends in `.gz`. */
async function* body(/** @type {string} */ url) {
  const response = await new Promise((resolve, reject) => {
    get(url, { agent, headers: { Accept: '*/*' } }, resolve).on('error', reject)
  })
  if (response.statusCode !== 200) throw new Error(`${url}: HTTP ${response.statusCode}`)
  const stream = url.endsWith('.gz') ? response.pipe(createGunzip()) : response
  stream.setEncoding('utf8')
  yield* stream
}

/**
 * Every URL the file at `url` gives: the text of an element named `inner` inside one named
 * `outer`, or the `href` of an Atom link without `rel`, to `found`.
 * @param {string} url @param {string} outer @param {string} inner
 * @param {(value: string) => void} found
 */
async function readXml(url, outer, inner, found) {
  const parser = new SaxesParser()
  let inOuter = false
  let linked = false
  let collecting = false
  let text = ''
  parser.on('opentag', tag => {
    if (tag.name === outer) {
      inOuter = true
      linked = false
    } else if (inOuter && tag.name === inner) {
      const href = tag.attributes.href
      if (typeof href === 'string') {
        if (!linked && tag.attributes.rel === undefined) found(href)
        linked = true
      } else {
        collecting = true
        text = ''
      }
    }
  })
  parser.on('text', value => {
    if (collecting) text += value
  })
  parser.on('closetag', tag => {
    if (tag.name === outer) inOuter = false
    else if (collecting && tag.name === inner) {
      collecting = false
      found(text.trim())
    }
  })
  parser.on('error', error => {
    throw error
  })
  for await (const chunk of body(url)) parser.write(chunk)
  parser.close()
}

/** Each line of the text sitemap at `url` to `found`. */
async function readText(/** @type {string} */ url, /** @type {(value: string) => void} */ found) {
  let rest = ''
  for await (const chunk of body(url)) {
    const lines = (rest + chunk).split('\n')
    rest = lines.pop() ?? ''
    for (const line of lines) if (line !== '') found(line)
  }
  if (rest !== '') found(rest)
}

const started = performance.now()
/** @type {string[]} */
const files = []
await readXml(indexUrl, 'sitemap', 'loc', url => files.push(url))
/** @type {string[]} */
const paths = []
const origin = new URL(indexUrl).origin
const keep = (/** @type {string} */ url) =>
  paths.push(url.startsWith(origin) ? url.slice(origin.length) : new URL(url).pathname)
for (const file of files) {
  if (kind === 'text') await readText(file, keep)
  else if (kind === 'feed')
    await readXml(file, /\.atom$/.test(file) ? 'entry' : 'item', 'link', keep)
  else await readXml(file, 'url', 'loc', keep)
}
const readMs = performance.now() - started
agent.destroy()

let matchMs
let matched
if (pattern !== undefined) {
  const compiled = compilePhpPattern(pattern)
  if (!compiled.ok) throw new Error(compiled.message)
  // Once untimed: by the time the action matches, PCRE2's match() has run its pattern checks
  // and V8 has optimized it (bench/README.md, Pattern engine); this loop is timed warm too.
  for (const path of paths) compiled.pattern.test(path)
  matched = 0
  const matching = performance.now()
  for (const path of paths) if (compiled.pattern.test(path) === 'match') matched++
  matchMs = performance.now() - matching
  compiled.pattern.free()
}
console.log(JSON.stringify({ readMs, pages: paths.length, files: files.length, matchMs, matched }))
