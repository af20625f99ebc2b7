/**
 * The glob of a url_map rule: its shape checked, its segments read (`*`, `**`, `{name}`,
 * `{name...}`, literal text), and the whole compiled (by glob-regexp.ts) into the RegExp and the
 * literal prefix a rule matches paths with.
 */
import { quoteValue } from '../../core/diagnostics.js'
import { globSource, type GlobSegment, type SegmentPart } from './glob-regexp.js'
import { checkCaptureName, findCaptureEnd, SPANS_SUFFIX, type Failure } from './syntax.js'

interface CompiledGlob {
  /** Undefined when the glob is bad. */
  readonly matcher: RegExp | undefined
  readonly prefix: string
  /** The names the glob captures; undefined when the glob is bad. */
  readonly names: ReadonlySet<string> | undefined
  readonly reasons: readonly string[]
}

/**
 * Compiles a glob to one RegExp, matched against the path with a '/' appended: then every
 * segment, the last one too, ends with '/', and no piece needs to know what is around it.
 */
export function compileGlob(glob: string): CompiledGlob {
  const reasons = checkGlobShape(glob)
  const segments: GlobSegment[] = []
  for (const text of glob.split('/').filter(segment => segment !== '')) {
    const segment = parseSegment(text)
    if ('reasons' in segment) reasons.push(...segment.reasons)
    else segments.push(segment)
  }
  const names = capturedNames(segments)
  for (const name of duplicates(names)) reasons.push(`{${name}} is captured twice`)
  if (reasons.length > 0) return { matcher: undefined, prefix: '', names: undefined, reasons }
  const matcher = new RegExp(globSource(segments), 'u')
  return { matcher, prefix: literalPrefix(segments), names: new Set(names), reasons }
}

/** The literal text before the glob's first wildcard, segments ending with '/' as matched. */
function literalPrefix(segments: readonly GlobSegment[]): string {
  let prefix = ''
  for (const segment of segments) {
    if (segment.kind !== 'within') return prefix
    for (const part of segment.parts) {
      if (part.kind !== 'literal') return prefix
      prefix += part.text
    }
    prefix += '/'
  }
  return prefix
}

function checkGlobShape(glob: string): string[] {
  if (glob === '') return ['empty glob']
  const reasons: string[] = []
  if (glob.startsWith('/')) {
    reasons.push(`the glob starts with '/': paths are relative to the repository root, so drop it`)
  }
  if (glob.endsWith('/')) {
    reasons.push(`the glob ends with '/': write 'folder/**' to match the files in a folder`)
  }
  if (glob.includes('//')) reasons.push(`the glob has an empty path segment ('//')`)
  return reasons
}

function parseSegment(segment: string): GlobSegment | Failure {
  if (segment === '**') return { kind: 'globstar' }
  if (segment.includes('**'))
    return { reasons: [`'**' must be a whole path segment (in ${quoteValue(segment)})`] }
  const parts: SegmentPart[] = []
  let literal = ''
  let index = 0
  while (index < segment.length) {
    const char = segment.charAt(index)
    if (char === '}') return { reasons: [`unbalanced '}' in ${quoteValue(segment)}`] }
    if (char !== '{' && char !== '*') {
      literal += char
      index += 1
      continue
    }
    if (literal !== '') parts.push({ kind: 'literal', text: literal })
    literal = ''
    if (char === '*') {
      parts.push({ kind: 'star' })
      index += 1
      continue
    }
    const close = findCaptureEnd(segment, index)
    if (close === undefined) return { reasons: [`unbalanced '{' in ${quoteValue(segment)}`] }
    const body = segment.slice(index + 1, close)
    const spans = body.endsWith(SPANS_SUFFIX)
    const name = spans ? body.slice(0, -SPANS_SUFFIX.length) : body
    const nameProblem = checkCaptureName(name)
    if (nameProblem !== undefined) return { reasons: [nameProblem] }
    if (spans) {
      if (segment === `{${body}}`) return { kind: 'spans', name }
      return { reasons: [`{${body}} must be a whole path segment (in ${quoteValue(segment)})`] }
    }
    parts.push({ kind: 'capture', name })
    index = close + 1
  }
  if (literal !== '') parts.push({ kind: 'literal', text: literal })
  const touching = findTouchingWildcards(parts)
  return touching === undefined ? { kind: 'within', parts } : { reasons: [touching] }
}

/** Two wildcards side by side leave where the first ends to a guess, so they are refused. */
function findTouchingWildcards(parts: readonly SegmentPart[]): string | undefined {
  for (let index = 1; index < parts.length; index += 1) {
    const before = parts[index - 1]
    const after = parts[index]
    if (before === undefined || after === undefined) continue
    if (before.kind === 'literal' || after.kind === 'literal') continue
    const written = `${describePart(before)}${describePart(after)}`
    return `'${written}': a capture or '*' right next to another has no clear end; put literal text between them`
  }
  return undefined
}

function describePart(part: SegmentPart): string {
  if (part.kind === 'capture') return `{${part.name}}`
  return part.kind === 'star' ? '*' : part.text
}

function capturedNames(segments: readonly GlobSegment[]): string[] {
  return segments.flatMap(segment => {
    if (segment.kind === 'spans') return [segment.name]
    if (segment.kind === 'globstar') return []
    return segment.parts.flatMap(part => (part.kind === 'capture' ? [part.name] : []))
  })
}

function duplicates(names: readonly string[]): string[] {
  return [...new Set(names.filter((name, index) => names.indexOf(name) !== index))]
}
