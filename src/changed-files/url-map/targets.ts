/**
 * The targets of a url_map rule: a URL path (`/…`) or a tag (`tag:…`), each a template of
 * literal text and `{name}` captures, checked against the names its glob captures.
 */
import { quoteValue } from '../../core/diagnostics.js'
import type { TemplatePart, UrlMapTarget } from '../url-map.js'
import { checkCaptureName, findCaptureEnd, SPANS_SUFFIX, type Failure } from './syntax.js'

/** What a tag target starts with; a URL target starts with '/'. */
export const TAG_PREFIX = 'tag:'

export function parseTarget(
  text: string,
  captured: ReadonlySet<string> | undefined
): UrlMapTarget | Failure {
  let kind: UrlMapTarget['kind']
  let template: string
  if (text.startsWith('/')) {
    if (text.startsWith('//')) {
      return {
        reasons: [
          `URL target ${quoteValue(text)} starts with '//', which names a host: write one '/'`
        ]
      }
    }
    kind = 'url'
    template = text
  } else if (text.startsWith(TAG_PREFIX)) {
    kind = 'tag'
    template = text.slice(TAG_PREFIX.length)
    if (template === '') return { reasons: [`'${TAG_PREFIX}' needs a tag name after it`] }
  } else {
    return {
      reasons: [
        `target ${quoteValue(text)} is neither a URL path starting with '/' (such as /blog/, not https://…) nor a tag written 'tag:NAME'`
      ]
    }
  }
  const parts = parseTemplate(template)
  if ('reasons' in parts)
    return { reasons: parts.reasons.map(reason => `in target ${quoteValue(text)}: ${reason}`) }
  const reasons: string[] = []
  if (kind === 'tag' && parts.some(part => part.kind === 'literal' && part.text.includes(','))) {
    reasons.push(`tag ${quoteValue(text)} contains a comma; tags are sent comma-separated`)
  }
  // When the glob itself is bad its names are unknown: say nothing rather than guess.
  if (captured !== undefined) {
    for (const part of parts) {
      if (part.kind === 'capture' && !captured.has(part.name)) {
        reasons.push(
          `target ${quoteValue(text)} uses {${part.name}}, which the glob does not capture`
        )
      }
    }
  }
  return reasons.length > 0 ? { reasons } : { kind, template, parts }
}

function parseTemplate(template: string): TemplatePart[] | Failure {
  const parts: TemplatePart[] = []
  let literal = ''
  let index = 0
  while (index < template.length) {
    const char = template.charAt(index)
    if (char === '}') return { reasons: [`unbalanced '}'`] }
    if (char !== '{') {
      literal += char
      index += 1
      continue
    }
    const close = findCaptureEnd(template, index)
    if (close === undefined) return { reasons: [`unbalanced '{'`] }
    const body = template.slice(index + 1, close)
    if (body.endsWith(SPANS_SUFFIX)) {
      return {
        reasons: [`write {${body.slice(0, -SPANS_SUFFIX.length)}} in a target, without '...'`]
      }
    }
    const nameProblem = checkCaptureName(body)
    if (nameProblem !== undefined) return { reasons: [nameProblem] }
    if (literal !== '') parts.push({ kind: 'literal', text: literal })
    literal = ''
    parts.push({ kind: 'capture', name: body })
    index = close + 1
  }
  if (literal !== '') parts.push({ kind: 'literal', text: literal })
  return parts
}
