/**
 * The `pattern` input from start to end: reads the delimiters as PHP does (delimiters.ts), has
 * PCRE2 itself compile the pattern with PHP's options, refuses a pattern that matches every
 * path, or all but a trivial few (unless allowed: probes.ts), and warns about one anchored at
 * neither end or read differently by newer PCRE2 versions. Each step is its own module in this folder; PCRE2 is pcre2/pcre2.mjs.
 */
import type { PreparedPattern } from './prepared-pattern.js'
import { PCRE2_VERSION, pcre2, type CompileFailure } from '../../pcre2/pcre2.mjs'
import { Diagnostics } from '../core/diagnostics.js'
import { warnIfUnanchored } from './anchors.js'
import { reasonsOf } from './give-up.js'
import { readPatternInput } from './delimiters.js'
import { caretUnder, INPUT, shown } from './messages.js'
import { refuseUrl } from './paths-and-urls.js'
import type { Accepts } from './rewrites.js'
import {
  judgeOnProbes,
  PROBE_PATHS,
  PROBE_PATHS_PER_FORM,
  type PathForm,
  type ProbeGiveUp,
  type ProbeVerdict
} from './probes.js'
import { warnAboutNewerPcre2 } from './versions.js'

export interface PatternOptions {
  /** The `allow_purge_all` input: the user deliberately wants to purge the whole site. */
  readonly allowPurgeAll: boolean
  /**
   * mode: verify: the pattern only selects the pages to check and purges nothing, so one that
   * spares a few pages is not worth a word (one that matches every path is allowed, as ever).
   */
  readonly checksOnly?: boolean
}

/**
 * Trims and checks the `pattern` input; returns what to send, or undefined after reporting
 * every problem to `diag`.
 */
export function preparePattern(
  raw: string,
  options: PatternOptions,
  diag: Diagnostics
): PreparedPattern | undefined {
  return checkPattern(raw, options, diag, acceptedAsItStands)
}

/**
 * Whether the action accepts a pattern a message would advise (rewrites.ts): the same checks,
 * allow_purge_all unset. The rewrite's own messages are never shown, so the rewrites they
 * advise in turn are not judged (which could go on for ever).
 */
function acceptedAsItStands(pattern: string): boolean {
  const diag = new Diagnostics()
  checkPattern(pattern, { allowPurgeAll: false }, diag, () => true)
  return diag.ok
}

function checkPattern(
  raw: string,
  options: PatternOptions,
  diag: Diagnostics,
  accepts: Accepts
): PreparedPattern | undefined {
  const given = raw.trim()
  if (given === '') return undefined
  const lineBreak = given.search(/[\r\n]/)
  if (lineBreak >= 0) {
    diag.problem(
      INPUT,
      given,
      `contains a line break at offset ${lineBreak}; the input takes one regular expression on a single line`
    )
    return undefined
  }
  const parts = readPatternInput(given, diag, accepts)
  if (parts === undefined) return undefined
  const { prepared, inputOffset } = parts
  if (refuseUrl(prepared, given, diag, accepts)) return undefined

  const compiled = pcre2().compilePhpPattern(prepared.pattern)
  if (!compiled.ok) {
    reportUncompilable(compiled, given, prepared, inputOffset, diag)
    return undefined
  }
  try {
    if (prepared.wrapped) {
      diag.notice(
        `Pattern ${shown(given)} has no delimiters, so it is sent wrapped in '${prepared.delimiter}' as ${shown(prepared.pattern)}.`
      )
    }
    // mode: verify purges nothing: a pattern that spares a few pages only selects pages to
    // check, and is judged as it always was (one that matches every path is allowed).
    const verdict = judgeOnProbes(compiled.pattern, options.checksOnly === true ? 0 : undefined)
    if (verdict.kind === 'gives-up-everywhere') {
      diag.problem(INPUT, given, purgesNothing(verdict.gaveUp))
      return undefined
    }
    if (verdict.kind !== 'not-every-path') {
      return refuseOrAllowMatchAll(verdict, prepared, given, options, diag)
    }
    if (verdict.gaveUp.length > 0) diag.warn(givesUpOnProbes(given, verdict.gaveUp))
    warnIfUnanchored(compiled.pattern, prepared, given, diag, accepts)
    warnAboutNewerPcre2(given, prepared, inputOffset, diag, accepts)
    return prepared
  } finally {
    compiled.pattern.free()
  }
}

/**
 * PCRE2's reason and offset, with a caret under the place in the input. A bare expression
 * ending in a lone backslash escapes the delimiter it is wrapped in; PCRE2 then judges the
 * expression itself.
 */
function reportUncompilable(
  failure: CompileFailure,
  given: string,
  prepared: PreparedPattern,
  inputOffset: (sentOffset: number) => number,
  diag: Diagnostics
): void {
  let message = failure.message
  let offset = 0
  if (failure.stage === 'compile') offset = inputOffset(failure.patternOffset ?? 0)
  else if (prepared.wrapped) {
    const bare = pcre2().compileBody(new TextEncoder().encode(given), 0)
    if (!bare.ok && bare.stage === 'compile') ({ message, offset } = bare)
    else if (bare.ok) bare.pattern.free()
  }
  diag.problem(
    INPUT,
    given,
    `PCRE2 ${PCRE2_VERSION}, the service's engine, cannot compile it: ${message} at offset ${offset}; the service would refuse it${caretUnder(given, offset)}`
  )
}

function purgesNothing(gaveUp: readonly ProbeGiveUp[]): string {
  return `PHP's preg_match() fails on every one of ${PROBE_PATHS.length} very different test paths (${reasonsOf(gaveUp)}), so the service would purge nothing with it${adviceFor(gaveUp)}`
}

function refuseOrAllowMatchAll(
  verdict: Extract<
    ProbeVerdict,
    { kind: 'every-path' | 'every-path-it-finishes' | 'nearly-every-path' }
  >,
  prepared: PreparedPattern,
  given: string,
  options: PatternOptions,
  diag: Diagnostics
): PreparedPattern | undefined {
  const what = whatItMatches(verdict)
  const nearly = verdict.kind === 'nearly-every-path'
  if (!options.allowPurgeAll) {
    const consequence = nearly
      ? 'so it would purge nearly every cached page of the site (it spares fewer test paths than any of their sections holds: single pages, not a part of the site)'
      : 'so it would purge every cached page of the site'
    diag.problem(
      INPUT,
      given,
      `${what}, ${consequence}; set \`allow_purge_all: true\` to purge the whole site deliberately`
    )
    return undefined
  }
  // mode: verify purges nothing: a pattern over the whole site only chooses every page to check.
  if (!options.checksOnly) {
    diag.warn(
      `Pattern ${shown(given)} ${what}: ${nearly ? 'nearly ' : ''}every cached page of the site will be purged (allow_purge_all is true).`
    )
  }
  return prepared
}

/** What a pattern the guard refuses matches, with the few test paths it spares. */
function whatItMatches(
  verdict: Extract<
    ProbeVerdict,
    { kind: 'every-path' | 'every-path-it-finishes' | 'nearly-every-path' }
  >
): string {
  const form = verdict.form === undefined ? '' : ` ${FORM_TEXT[verdict.form]}`
  const givingUp = (gaveUp: readonly ProbeGiveUp[]): string =>
    `it gives up on ${gaveUp.length} of ${PROBE_PATHS.length}: ${reasonsOf(gaveUp)}`
  switch (verdict.kind) {
    case 'every-path':
      return `matches every path${form}`
    case 'every-path-it-finishes':
      return `matches every test path${form} PHP finishes matching (${givingUp(verdict.gaveUp)})`
    case 'nearly-every-path': {
      // Long test paths are cut short: the message names them, it need not spell them out.
      const spared = verdict.spared.map(path => shown(path, SPARED_PATH_SHOWN)).join(', ')
      const finishes = verdict.gaveUp.length === 0 ? '' : ' PHP finishes matching'
      const gaveUp = verdict.gaveUp.length === 0 ? '' : ` (${givingUp(verdict.gaveUp)})`
      return `matches every test path${form}${finishes} but ${verdict.spared.length} of ${PROBE_PATHS_PER_FORM} (${spared})${gaveUp}`
    }
  }
}

/** The characters of a spared test path a message shows. */
const SPARED_PATH_SHOWN = 40

/** How a message names the form of the paths a pattern matches all of (see probes.ts). */
const FORM_TEXT: Record<PathForm, string> = {
  requested: 'as browsers request it (non-ASCII characters, spaces and the like percent-encoded)',
  decoded: 'once decoded (non-ASCII characters and spaces as text)'
}

function givesUpOnProbes(given: string, gaveUp: readonly ProbeGiveUp[]): string {
  const paths = gaveUp.map(({ path }) => shown(path))
  return `Pattern ${shown(given)}: PHP's preg_match() gives up on ${gaveUp.length} of ${PROBE_PATHS.length} test paths (${reasonsOf(gaveUp)}), so the service would not purge paths like these even when they match: ${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', …' : ''}${adviceFor(gaveUp)}.`
}

function adviceFor(gaveUp: readonly ProbeGiveUp[]): string {
  const limits = gaveUp.some(({ reason }) => reason.endsWith('-limit'))
  return limits
    ? '; nested quantifiers such as (a+)+ backtrack for ever: rewrite them as a+ or (?>a+)'
    : '; PCRE2 stops such a match with an error, e.g. for a recursion that can loop without consuming a character'
}
