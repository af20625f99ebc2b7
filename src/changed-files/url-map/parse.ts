/**
 * Reads the `url_map` input (its grammar is in ../url-map.ts): one rule a line, comments
 * removed, each rule split at its arrow into a glob (globs.ts) and targets (targets.ts). Every
 * bad line is reported with its number, so that all of them are fixed in one go.
 */
import type { Diagnostics } from '../../core/diagnostics.js'
import type { UrlMap, UrlMapRule, UrlMapTarget } from '../url-map.js'
import { compileGlob } from './globs.js'
import type { Failure } from './syntax.js'
import { parseTarget } from './targets.js'

const INPUT = 'url_map'
const ARROW = '->'

/** Parses the whole input; reports every bad line, and returns undefined if there was one. */
export function parseUrlMap(text: string, diag: Diagnostics): UrlMap | undefined {
  const rules: UrlMapRule[] = []
  let bad = false
  text.split(/\r\n|\r|\n/).forEach((rawLine, index) => {
    const line = index + 1
    const ruleText = rawLine.slice(0, commentStart(rawLine)).trim()
    if (ruleText === '') return
    const parsed = parseRule(ruleText, line)
    if ('reasons' in parsed) {
      bad = true
      for (const reason of parsed.reasons) {
        diag.problem(INPUT, rawLine.trim(), `line ${line}: ${reason}`)
      }
    } else {
      rules.push(parsed)
    }
  })
  return bad ? undefined : { rules }
}

/**
 * Where a line's comment starts (its length if it has none): `#` opening the line or following
 * a blank starts a comment; `a#b` stays as written. Found by indexOf, not by `/[ \t]#.*$/`: `.`
 * stops at U+2028, so that regex kept such a comment, and retried at every " #" of the line.
 */
function commentStart(line: string): number {
  for (let at = line.indexOf('#'); at >= 0; at = line.indexOf('#', at + 1)) {
    if (at === 0 || line[at - 1] === ' ' || line[at - 1] === '\t') return at
  }
  return line.length
}

function parseRule(text: string, line: number): UrlMapRule | Failure {
  if (text.startsWith('!')) return parseExcludingRule(text, line)
  const arrow = text.indexOf(ARROW)
  if (arrow === -1) {
    return {
      reasons: [`no '${ARROW}': write 'GLOB -> TARGET ...', or '!GLOB' to map files to nothing`]
    }
  }
  const glob = text.slice(0, arrow).trim()
  const targetTexts = text
    .slice(arrow + ARROW.length)
    .trim()
    .split(/\s+/)
    .filter(target => target !== '')
  const compiled = compileGlob(glob)
  const reasons = [...compiled.reasons]
  if (targetTexts.length === 0) reasons.push(`no targets after '${ARROW}'`)
  if (targetTexts.some(target => target.includes(ARROW))) reasons.push(`more than one '${ARROW}'`)
  const targets: UrlMapTarget[] = []
  for (const targetText of targetTexts.filter(target => !target.includes(ARROW))) {
    const target = parseTarget(targetText, compiled.names)
    if ('reasons' in target) reasons.push(...target.reasons)
    else targets.push(target)
  }
  if (reasons.length > 0 || compiled.matcher === undefined) return { reasons }
  const { matcher, prefix } = compiled
  return { line, text, glob, excludes: false, matcher, prefix, targets }
}

function parseExcludingRule(text: string, line: number): UrlMapRule | Failure {
  const glob = text.slice(1).trim()
  if (glob.includes(ARROW)) {
    return { reasons: [`an excluding rule ('!GLOB') maps files to nothing and takes no targets`] }
  }
  const compiled = compileGlob(glob)
  if (compiled.matcher === undefined) return { reasons: compiled.reasons }
  const { matcher, prefix } = compiled
  return { line, text, glob, excludes: true, matcher, prefix, targets: [] }
}
