/**
 * How every state reads, in one table (pure): a check's (a page on a device), the
 * verification's, a purge request's and the run's. The summary, the pull-request comment, the
 * status line, the JUnit report, the commit status and the log all spell a state from here, so
 * that a reader sees one word for one thing wherever they look; a check's state also has here
 * its place in the one order the states are listed in, and the sentence that says what a check
 * in it saw. Machine values (verify_status,
 * the `stale` output's reasons, exit codes) are not words and stay where they are defined.
 *
 * One spelling per state: the word a reader who does not know the service's headers
 * understands, then the technical detail (404/410, MISS, DYNAMIC) in parentheses where the
 * surface has room.
 */
import type { CheckState } from '../verify/check/verify-pages.js'
import type { AssetState } from '../verify/assets/asset-results.js'
import {
  RERENDER_REASONS,
  type RenderChange,
  type RenderProblemReason
} from '../verify/render/render-results.js'
import { MAX_RERENDERS, type RerenderOutcome } from '../verify/render/render-results.js'
import { grouped } from '../text/format.js'

/** How a check reads as a JUnit test case. */
export type JUnitOutcome = 'passed' | 'failure' | 'skipped'

/**
 * A check's state as a reader sees it: CheckState, with a stale check that showed another
 * build told apart (old content), and a check the deadline came before (never started).
 */
export type PageState = CheckState | 'old-build' | 'not-started'

export interface StateWords {
  readonly icon: string
  /** The short label: `not there`, `unverifiable`. */
  readonly word: string
  /** The technical detail, in parentheses beside the word where there is room: `404/410`. */
  readonly detail?: string
  /** The phrase after a count when it is not the word: `3 not started before the deadline`. */
  readonly counted?: string
  /** The check as a JUnit test case. */
  readonly junit: JUnitOutcome
  /** How the commit status's description counts it (GitHub cuts it at 140 characters). */
  readonly commitStatus: string
}

/**
 * What one check reported, for its state's sentence: values only (the time of day already
 * written as a clock shows it); the words around them are the table's.
 */
export interface Seen {
  /** The check's own words: the error, the edge's bypass reason, what the page lacked. */
  readonly detail?: string
  /** The HTTP status it answered (a gone page's 404 or 410). */
  readonly httpStatus?: number
  /** When the edge cached (or rendered) it, by the edge's clock: `21:29:18Z`. */
  readonly cachedAt?: string
  /** How long before the purge was accepted it was cached: `42 s`, `3 h 00 min`. */
  readonly beforePurge?: string
  /** Cached after the purge by the edge's clock, but before it by the runner's. */
  readonly beforeInRunnerClockOnly?: boolean
}

/** A check's state: its words, its place among the others, and what a check in it saw. */
export interface PageStateWords extends StateWords {
  /**
   * Its place in the one order the states are listed in, wherever they are listed: what proved
   * the page, then what to act on, worst first, then what settled without proving anything.
   * A list that puts what to act on first (the summary's rows, JUnit's counted cases) keeps
   * this order but puts the states that pass (JUnit's `passed`) last (pageStatesWorstFirst).
   */
  readonly place: number
  /**
   * What a check in this state saw, in one sentence: a row's "what it saw", a JUnit failure's
   * message. Absent where nothing needs saying (the check passed).
   */
  readonly saw?: (seen: Seen) => string
}

export const PAGE_STATE_WORDS: Readonly<Record<PageState, PageStateWords>> = {
  fresh: { icon: '✅', word: 'fresh', junit: 'passed', commitStatus: 'fresh', place: 1 },
  failed: {
    icon: '❌',
    word: 'failed',
    junit: 'failure',
    commitStatus: 'could not be made',
    place: 2,
    saw: ({ detail }) => detail ?? 'failed'
  },
  stale: {
    icon: '⚠️',
    word: 'stale',
    junit: 'failure',
    commitStatus: 'stale',
    place: 3,
    saw: ({ cachedAt, beforePurge, beforeInRunnerClockOnly, detail }) => {
      if (cachedAt === undefined) return `still the cached page: ${detail ?? 'no cache date'}`
      if (beforeInRunnerClockOnly === true) {
        return `cached at ${cachedAt}, after the purge by the edge’s clock but before it by the runner’s: the clocks are more than 5 min apart, so it is not counted fresh`
      }
      if (beforePurge === undefined) return `cached at ${cachedAt}`
      return `cached at ${cachedAt}, ${beforePurge} before the purge was accepted`
    }
  },
  'old-build': {
    icon: '⚠️',
    word: 'old build',
    // Never "the previous build": it may be any other (an older run's, a branch's).
    counted: 'served from another build',
    junit: 'failure',
    commitStatus: 'from another build',
    place: 4,
    // The detail's first clause says what the page lacked.
    saw: ({ cachedAt, detail }) => {
      const when = cachedAt === undefined ? '' : `rendered at ${cachedAt}, `
      const lacks = (detail ?? '').split(';')[0] || 'the build is not in the page'
      return `served from another build: ${when}after the purge, but ${lacks}`
    }
  },
  'not-started': {
    icon: '⏳',
    word: 'not started',
    counted: 'not started before the deadline',
    junit: 'failure',
    commitStatus: 'not started',
    place: 5,
    saw: () => 'not started before the deadline'
  },
  gone: {
    icon: '➖',
    word: 'not there',
    detail: '404/410',
    junit: 'skipped',
    commitStatus: 'not verifiable',
    place: 6,
    saw: ({ httpStatus }) =>
      `HTTP ${httpStatus ?? '404/410'}: not there, so nothing stale is served; check the path if the page should exist`
  },
  // Served from the cache's owner every time: fresh by construction, so it passes.
  'not-cacheable': {
    icon: '➖',
    word: 'not cacheable',
    detail: 'MISS',
    junit: 'passed',
    commitStatus: 'not verifiable',
    place: 7
  },
  unverifiable: {
    icon: '➖',
    word: 'unverifiable',
    detail: 'DYNAMIC',
    junit: 'skipped',
    commitStatus: 'not verifiable',
    place: 8,
    saw: () => 'DYNAMIC: the edge does not serve its cache to this client (not a failure)'
  },
  bypassed: {
    icon: '➖',
    word: 'bypassed',
    detail: 'the edge skipped its cache',
    junit: 'skipped',
    commitStatus: 'not verifiable',
    place: 9,
    saw: ({ detail }) =>
      `the edge bypassed its cache (${detail ?? 'no reason given'}): not provable, not a failure`
  }
}

/** The states of a check in the table's one order (each one's `place`). */
export function pageStatesInOrder(): PageState[] {
  const states = Object.keys(PAGE_STATE_WORDS) as PageState[]
  return states.sort((a, b) => PAGE_STATE_WORDS[a].place - PAGE_STATE_WORDS[b].place)
}

/**
 * The same order with the states that pass last: the order of a list that puts what to act on
 * first (the summary's rows by their worst check, JUnit's counted cases).
 */
export function pageStatesWorstFirst(): PageState[] {
  const states = pageStatesInOrder()
  const passes = (state: PageState): boolean => PAGE_STATE_WORDS[state].junit === 'passed'
  return [...states.filter(state => !passes(state)), ...states.filter(passes)]
}

/** A state a check ends in (the tally counts it), not one a reader tells apart from them. */
export function isCheckState(state: PageState): state is CheckState {
  return state !== 'old-build' && state !== 'not-started'
}

/** `not there (404/410)`: the word and its detail; `detail` replaces the table's (`404`). */
export function stateWords(state: PageState, detail?: string): string {
  const entry = PAGE_STATE_WORDS[state]
  const shown = detail ?? entry.detail
  return shown === undefined ? entry.word : `${entry.word} (${shown})`
}

/** `➖ not there (404)`: one check's mark, as a table cell or a device's line shows it. */
export function stateMark(state: PageState, detail?: string): string {
  return `${PAGE_STATE_WORDS[state].icon} ${stateWords(state, detail)}`
}

/** What follows a count of checks: `not there (404/410)`, `not started before the deadline`. */
export function countedWords(state: PageState): string {
  return PAGE_STATE_WORDS[state].counted ?? stateWords(state)
}

/** `➖ 2 not there (404/410)`, `⏳ 3 not started before the deadline`: a count of checks. */
export function countedState(state: PageState, count: number): string {
  return `${PAGE_STATE_WORDS[state].icon} ${grouped(count)} ${countedWords(state)}`
}

/**
 * An asset's check (an asset on a device) as a reader sees it. Repaired is whole now and passes;
 * not checked fails as a page's check not started does: nothing proved it loads.
 */
export const ASSET_STATE_WORDS: Readonly<Record<AssetState, StateWords>> = {
  whole: { icon: '✅', word: 'whole', junit: 'passed', commitStatus: 'whole' },
  repaired: {
    icon: '🔧',
    word: 'repaired',
    counted: 'repaired (purged, then whole)',
    junit: 'passed',
    commitStatus: 'repaired'
  },
  broken: { icon: '❌', word: 'broken', junit: 'failure', commitStatus: 'broken' },
  'not-checked': {
    icon: '⏳',
    word: 'not checked',
    counted: 'not checked before the deadline',
    junit: 'failure',
    commitStatus: 'not checked'
  }
}

/** `❌ broken`: an asset's mark and word, as its row shows it. */
export function assetMark(state: AssetState): string {
  const { icon, word } = ASSET_STATE_WORDS[state]
  return `${icon} ${word}`
}

/** `🔧 1 repaired (purged, then whole)`, `⏳ 2 not checked before the deadline`: a count. */
export function assetCountedState(state: AssetState, count: number): string {
  const { icon, word, counted } = ASSET_STATE_WORDS[state]
  return `${icon} ${grouped(count)} ${counted ?? word}`
}

/**
 * The verification as a whole, as a heading reads it: its verify_status (`skipped` is a
 * verification that proved no page either way), or no verification at all (`not-verified`:
 * asked for but skipped, with the reason beside it) or one stopped before any check
 * (`not-started`: the pages would not fit one job's memory).
 */
export type VerificationState =
  | 'fresh'
  | 'stale'
  | 'broken'
  | 'bad-render'
  | 'rolled-back'
  | 'failed'
  | 'skipped'
  | 'not-verified'
  | 'not-started'

export const VERIFICATION_WORDS: Readonly<
  Record<VerificationState, { readonly icon: string; readonly word: string }>
> = {
  fresh: { icon: '✅', word: 'fresh' },
  stale: { icon: '⚠️', word: 'stale' },
  // Every page fresh, but a page cannot render: the step failed, so the mark a failed run shows
  // (a new icon would be one more a reader must learn, and none of ❌'s meaning is lost).
  broken: { icon: '❌', word: 'assets broken' },
  // Every page fresh and whole, but a crawler gets a render it should not: the step failed.
  'bad-render': { icon: '❌', word: 'renders bad for crawlers' },
  // This run's build is no longer what the site serves: never ✅, whatever the pages showed.
  'rolled-back': { icon: '❌', word: 'rolled back' },
  failed: { icon: '❌', word: 'failed' },
  skipped: { icon: '⏭️', word: 'nothing proven' },
  'not-verified': { icon: '⏭️', word: 'not verified' },
  'not-started': { icon: '❌', word: 'not started' }
}

/** `⏭️ nothing proven`. */
export function verificationMark(state: VerificationState): string {
  const { icon, word } = VERIFICATION_WORDS[state]
  return `${icon} ${word}`
}

/**
 * The run's (the step's) result: the status line opens with its icon. The same values as
 * run-report.ts's StepConclusion, spelt here because that module imports this one's readers.
 */
export type RunConclusion = 'passed' | 'warned' | 'failed'

export const CONCLUSION_WORDS: Readonly<
  Record<RunConclusion, { readonly icon: string; readonly word: string }>
> = {
  passed: { icon: '✅', word: 'passed' },
  warned: { icon: '⚠️', word: 'passed with a warning' },
  failed: { icon: '❌', word: 'failed' }
}

/**
 * How one purge request ended, as its row reads: accepted (its answer said `"result": true`),
 * accepted but not confirmed (a 2xx without `"result"`), refused (the answer said the purge
 * failed), no answer, failed with another status, or not sent (the run stopped at a 401 or 403).
 */
export type RequestState =
  'accepted' | 'unconfirmed' | 'refused' | 'no-answer' | 'failed' | 'not-sent'

export const REQUEST_WORDS: Readonly<
  Record<RequestState, { readonly icon: string; readonly word: string; readonly detail?: string }>
> = {
  accepted: { icon: '✅', word: 'accepted' },
  // Counted as purged (the service calls any 2xx a success), never with a confirmed one's ✅.
  unconfirmed: { icon: '☑️', word: 'accepted', detail: 'not confirmed' },
  refused: { icon: '❌', word: 'refused by the service' },
  'no-answer': { icon: '❌', word: 'no answer' },
  failed: { icon: '❌', word: 'failed' },
  'not-sent': { icon: '⏭️', word: 'not sent' }
}

/** `✅ accepted`, `⏭️ not sent`: a purge request's mark and word. */
export function requestMark(state: RequestState): string {
  const { icon, word } = REQUEST_WORDS[state]
  return `${icon} ${word}`
}

/**
 * A problem of a fresh page's new render in a reader's words (the `reason` values of
 * `render_problems` and `render_expected` are the machine names). Whether a purge renders it
 * again or only the build can fix it is RERENDER_REASONS'.
 */
export const RENDER_PROBLEM_WORDS: Readonly<
  Record<RenderProblemReason, { readonly word: string }>
> = {
  blank: { word: 'blank' },
  shell: { word: 'unrendered shell' },
  'soft-404': { word: 'soft 404' },
  noindex: { word: 'newly noindex' },
  'canonical-off-host': { word: 'canonical on another host' },
  'structured-data-broken': { word: 'structured data broken' }
}

/** The icons of the render judging: a render judged good, one a crawler should not get. */
export const RENDER_MARKS = { good: '✅', bad: '❌', changed: '🔎' } as const

/** What a crawler is told that changed, as the change rows name it. */
export const RENDER_CHANGE_WORDS: Readonly<Record<RenderChange['field'], string>> = {
  title: 'title',
  canonical: 'canonical',
  robots: 'robots',
  'structured-data': 'structured data types',
  text: 'visible text'
}

/** `🔧`: a render fault that a purge and a render of its own repaired (it passes). */
export const RERENDERED_MARK = '🔧'

/**
 * What the action did about a render problem, as its row says it: a build's problem is reported
 * (only the build can fix it); a render fault was purged to render it again, or why not.
 */
export function renderActionWords(row: {
  readonly reason: RenderProblemReason
  readonly rerender?: RerenderOutcome
}): string {
  const { rerender } = row
  if (rerender === undefined) {
    return RERENDER_REASONS.has(row.reason) ? 'reported' : 'reported: the build is the fix'
  }
  switch (rerender) {
    case 'still':
      return `purged by URL to render it again: still ${RENDER_PROBLEM_WORDS[row.reason].word}`
    case 'unread':
      return 'purged by URL to render it again: no new render read before the deadline'
    case 'no-purge':
      return 'not rendered again: this job purges nothing (mode: verify)'
    case 'cap':
      return `not rendered again: this run already purged ${grouped(MAX_RERENDERS)} pages to render them again, the most one run does`
    default:
      return `not rendered again: the purge failed (${rerender.failed})`
  }
}

/** The `action` of a `render_problems` entry: what the row's words say, as a machine value. */
export function renderActionValue(rerender: RerenderOutcome | undefined): string {
  if (rerender === undefined) return 'reported'
  if (typeof rerender === 'object') return 'rerender-failed'
  return {
    still: 'rerendered-still',
    unread: 'rerender-unread',
    'no-purge': 'not-rerendered',
    cap: 'not-rerendered-cap'
  }[rerender]
}
