/**
 * Reading a page whatever its markup, in the verification section (called by bench/verify.mjs):
 * the reader the checks read a fresh page's body with (src/verify/render/page-body-reader.ts),
 * for its assets and what its render tells a crawler in one pass, reads 2 MiB pages, the most of
 * a body it reads, in 64 KiB chunks as they come off the network.
 * Three hostile pages, each against a balanced page of the same size and as many tags, timed
 * alternately in this process (the median of the per-round ratios):
 *
 * - `<div>` x N then `</p>` x N: each `</p>` closes nothing, and a parser that searches its
 *   open elements for it does N x N work (htmlparser2's Parser took minutes on one page);
 * - `<a><b>` x N, never closed: N open elements;
 * - `<div><span>` x N then `</section>` x N: deep nesting, and end tags that close nothing.
 *
 * Target: each within 3x the balanced page: the work grows with the bytes, not with how the
 * tags nest. The source is compiled for the bench with TypeScript's transpiler (type-only
 * imports dropped, nothing bundled) into .tmp/bench-build/html-parse/, so that the row needs no
 * ncc build and measures the current src/.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'
import { REPO_ROOT } from '../scripts/run-action.mjs'

const PAGE_CHARS = 2 * 1024 * 1024
const CHUNK_CHARS = 64 * 1024
const ROUNDS = 7
const TARGET = 3
const ENTRY = join(REPO_ROOT, 'src', 'verify', 'render', 'page-body-reader.ts')
const PAGE_URL = new URL('https://www.example.com/page')
const SCOPE = { siteOrigin: PAGE_URL.origin, hosts: [] }
const OUT_DIR = join(REPO_ROOT, '.tmp', 'bench-build', 'html-parse')

/** `open` x N then `close` x N, filled to PAGE_CHARS, then one script the reading must find. */
function page(open, close) {
  const tail = '<script src="/assets/app.b1.js"></script>'
  const count = Math.floor((PAGE_CHARS - tail.length) / (open.length + close.length))
  const body = `${open.repeat(count)}${close.repeat(count)}`
  return `${body}${' '.repeat(PAGE_CHARS - tail.length - body.length)}${tail}`
}

const PAGES = {
  balanced: page('<div><p></p></div>', ''),
  'div then p end tags': page('<div>', '</p>'),
  'unclosed a and b': page('<a><b>', ''),
  'deep nesting, end tags closing nothing': page('<div><span>', '</section>')
}

/**
 * Compiles `entry` and the sources it imports, relative imports followed, into OUT_DIR, each
 * at its own path with `.js` for `.ts`; packages resolve from the repository's node_modules.
 */
function compile(entry) {
  rmSync(OUT_DIR, { recursive: true, force: true })
  const pending = [entry]
  const done = new Set()
  while (pending.length > 0) {
    const source = pending.pop()
    if (done.has(source)) continue
    done.add(source)
    const { outputText } = ts.transpileModule(readFileSync(source, 'utf8'), {
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: true
      },
      fileName: source
    })
    const out = join(OUT_DIR, relative(REPO_ROOT, source)).replace(/\.ts$/, '.js')
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(out, outputText)
    for (const [, path] of outputText.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)) {
      pending.push(resolve(dirname(source), `${path}.ts`))
    }
  }
  return join(OUT_DIR, relative(REPO_ROOT, entry)).replace(/\.ts$/, '.js')
}

/** Reads `html` in chunks; the time in ms and the references found (their paths). */
function read(PageBodyReader, html) {
  const started = performance.now()
  const reader = new PageBodyReader(PAGE_URL, { references: SCOPE, facts: true })
  for (let at = 0; at < html.length; at += CHUNK_CHARS) {
    reader.push(html.slice(at, at + CHUNK_CHARS))
  }
  const { references } = reader.end()
  const found = (references?.assets ?? []).map(asset => new URL(asset.url).pathname)
  return { ms: performance.now() - started, found }
}

/**
 * @param {{ row: (fields: any) => any, check: (ok: boolean, what: string) => boolean,
 *   log: (text: string) => void, median: (values: number[]) => number }} context
 */
export async function benchHtmlParse({ row, check, log, median }) {
  log(`html parse: ${ROUNDS} rounds of 4 pages of 2 MiB through the page body reader`)
  const { PageBodyReader } = await import(pathToFileURL(compile(ENTRY)).href)
  const names = Object.keys(PAGES)
  /** @type {Record<string, number[]>} */
  const ms = Object.fromEntries(names.map(name => [name, []]))
  // One round unmeasured: the first reading compiles the tokenizer's code.
  for (let round = -1; round < ROUNDS; round++) {
    for (const name of names.map((_, i) => names[(i + Math.max(0, round)) % names.length])) {
      const result = read(PageBodyReader, PAGES[name])
      check(
        result.found.length === 1 && result.found[0] === '/assets/app.b1.js',
        `html parse, ${name}: found ${JSON.stringify(result.found.slice(0, 3))}, not the one script at its end`
      )
      if (round >= 0) ms[name].push(result.ms)
    }
  }
  const balanced = ms.balanced
  const rows = names
    .filter(name => name !== 'balanced')
    .map(name =>
      row({
        section: 'verify',
        scenario: `a 2 MiB page read for its assets and its render: ${name}`,
        medianMs: median(ms[name]),
        reference: 'a balanced page',
        referenceMs: median(balanced),
        ratio: median(ms[name].map((value, round) => value / (balanced[round] ?? value))),
        target: TARGET,
        note: `${ROUNDS} rounds alternated, 64 KiB chunks; ratio: median of the per-round ratios`
      })
    )
  return { rows, samples: ms }
}
