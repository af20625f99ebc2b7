/**
 * Part of `npm run bundle`, after each ncc build: writes every character beyond ASCII in the
 * bundle's strings, template literals, regular expressions and comments as an escape (`…` as
 * `\u2026`), so that the bundle is plain ASCII.
 *
 * Node reads a module's source through a UTF-8 decoder. On Node 24, the action's runtime, a file
 * with even one character beyond ASCII takes a slower path than a pure ASCII one: the messages'
 * `…`, `—` and `✅` (138 characters in 624 KB) cost a plain dry run about 3% of its cold start
 * (docs/benchmarks.md). An escape is the same character to JavaScript: every string and template
 * keeps its value (checked below, node by node, after a second parse), and a regular expression
 * matches the same text.
 *
 * scripts/finish-bundle.mjs runs it, after the factories' parentheses.
 */
import { parseBundle, walk } from './bundle-ast.mjs'

const NON_ASCII = /[\u0080-\uffff]/

/**
 * @param {string} text a bundle
 * @returns {{ text: string, escaped: number }}
 */
export function escapeNonAscii(text) {
  /** @type {any[]} */
  const comments = []
  const program = parseBundle(text, comments)
  /** @type {{ start: number, end: number }[]} */
  const spans = []
  /** @type {string[]} */
  const left = []
  /** The templates of tagged template expressions: their tag sees the raw text. */
  const tagged = new Set()
  walk(program, (node, parent) => {
    if (node.type === 'TaggedTemplateExpression') tagged.add(node.quasi)
    if (!NON_ASCII.test(text.slice(node.start, node.end))) return
    if (node.type === 'Literal' && (typeof node.value === 'string' || node.regex)) spans.push(node)
    else if (node.type === 'TemplateElement') {
      // A tag sees the raw text (String.raw): an escape would change what it gets.
      if (tagged.has(parent)) left.push(`a tagged template at ${node.start}`)
      else spans.push(node)
    }
  })
  for (const comment of comments) if (NON_ASCII.test(comment.value)) spans.push(comment)
  let result = text
  let escaped = 0
  for (const { start, end } of spans.sort((a, b) => b.start - a.start)) {
    const { text: part, count } = escapeSpan(result.slice(start, end))
    result = `${result.slice(0, start)}${part}${result.slice(end)}`
    escaped += count
  }
  const stray = NON_ASCII.exec(result)
  if (stray !== null || left.length > 0) {
    const at = left.length > 0 ? left.join(', ') : `offset ${stray?.index}`
    throw new Error(`a character beyond ASCII is left where no escape may go: ${at}`)
  }
  assertSameValues(program, parseBundle(result))
  return { text: result, escaped }
}

/**
 * Each UTF-16 unit beyond ASCII as `\uXXXX` (a character beyond the BMP is two, which a string,
 * a template and a regular expression, `u` flag or not, read as that one character). An identity
 * escape (`\é`) becomes the escape itself, not a backslash before it.
 * @param {string} raw
 */
function escapeSpan(raw) {
  let count = 0
  const text = raw.replace(/(\\*)([\u0080-\uffff])/g, (_, backslashes, unit) => {
    count++
    const escape = `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`
    // An odd run of backslashes escapes the character itself: the last one goes.
    return backslashes.length % 2 === 1
      ? `${backslashes.slice(1)}${escape}`
      : `${backslashes}${escape}`
  })
  return { text, count }
}

/**
 * Every string's value, every template's cooked text and every regular expression's flags and
 * behaviour on its own former source are the same in both programs, in the same order.
 * @param {any} before @param {any} after
 */
function assertSameValues(before, after) {
  const values = (/** @type {any} */ program) => {
    /** @type {any[]} */
    const found = []
    walk(program, node => {
      if (node.type === 'Literal' && node.regex) found.push({ regex: node.regex })
      else if (node.type === 'Literal' && typeof node.value === 'string') found.push(node.value)
      else if (node.type === 'TemplateElement') found.push(node.value.cooked)
    })
    return found
  }
  const was = values(before)
  const now = values(after)
  if (was.length !== now.length) throw new Error('escaping changed the number of literals')
  was.forEach((value, index) => {
    const other = now[index]
    if (typeof value === 'object' && value !== null) {
      const { pattern, flags } = value.regex
      if (other?.regex?.flags !== flags)
        throw new Error(`a regular expression changed: /${pattern}/`)
      // The escaped regex must match exactly what the original matched in the original's text.
      const original = new RegExp(pattern, flags.replace(/[gy]/g, ''))
      const escaped = new RegExp(other.regex.pattern, flags.replace(/[gy]/g, ''))
      for (const sample of [pattern, ...(pattern.match(/[\u0080-\uffff]+/g) ?? [])]) {
        if (String(original.exec(sample)) !== String(escaped.exec(sample))) {
          throw new Error(`a regular expression matches otherwise: /${pattern}/`)
        }
      }
    } else if (value !== other) {
      throw new Error(`a literal changed at #${index}: ${JSON.stringify(value)}`)
    }
  })
}
