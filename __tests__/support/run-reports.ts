/**
 * Run reports of every outcome, built as the steps build them (a real Tally keeps the checks,
 * sentOutcome computes the outcome), for the summary's and the status line's tests.
 */
import { buildId } from '../../src/build/build-id.js'
import type { Plan, PurgeRequest, PurgeTargets } from '../../src/core/purge.js'
import {
  dryRunOutcome,
  nothingToPurge,
  notSentOutcome,
  sentOutcome,
  verifyOnlyOutcome
} from '../../src/report/outcome.js'
import type { RunReport, VerificationPart } from '../../src/report/run-report.js'
import type { RequestResult } from '../../src/send/send-plan.js'
import type { Against, PreviewReport, VerifyReport } from '../../src/verify/index.js'
import type { PageSelection } from '../../src/verify/choose/selection-shapes.js'
import type { SkewEstimate } from '../../src/verify/judge/edge-clock-skew.js'
import { Tally, type CheckResult } from '../../src/verify/check/tally.js'
import { verificationStatus, type Verification } from '../../src/verify/check/verify-pages.js'
import {
  MAX_LISTED_PAGES,
  type AssetResult,
  type AssetState,
  type AssetVerification
} from '../../src/verify/assets/asset-results.js'
import type { VerifyStatus } from '../../src/core/constants.js'
import type { CommentContext } from '../../src/comment/render/comment.js'
import { fingerprintOf, type CommentMarker } from '../../src/comment/write/marker.js'

export const SITE = 'https://www.example.com'
/** The runner's time the last purge was accepted. */
export const ACCEPTED_AT = Date.UTC(2026, 10, 24, 21, 30, 0)

export function planOf(targets: Partial<PurgeTargets>): Plan {
  const full: PurgeTargets = { tags: [], urls: [], patterns: [], ...targets }
  const requests: PurgeRequest[] = []
  if (full.tags.length > 0) requests.push({ index: requests.length, kind: 'tag', items: full.tags })
  if (full.urls.length > 0) requests.push({ index: requests.length, kind: 'url', items: full.urls })
  for (const pattern of full.patterns) {
    requests.push({ index: requests.length, kind: 'pattern', items: [pattern] })
  }
  return { targets: full, requests, warnings: [] }
}

export function accepted(request: PurgeRequest, extra: Partial<RequestResult> = {}): RequestResult {
  return {
    request,
    outcome: 'purged',
    status: 200,
    attempts: 1,
    history: [{ status: 200, requestId: `req-${request.index + 1}` }],
    durationMs: 120,
    requestId: `req-${request.index + 1}`,
    ...extra
  }
}

/** A run that purged every request of the plan. */
export function purgedRun(plan: Plan, verification?: VerificationPart): RunReport {
  const results = plan.requests.map(request => accepted(request))
  return {
    purge: {
      plan,
      outcome: sentOutcome(plan, results),
      results,
      sentAt: ACCEPTED_AT - 200,
      lastAcceptedAt: ACCEPTED_AT
    },
    ...(verification && { verification }),
    warnings: []
  }
}

export function check(
  path: string,
  device: string,
  state: CheckResult['state'],
  extra: Partial<CheckResult> = {}
): CheckResult {
  return {
    url: `${SITE}${path}`,
    device,
    state,
    warm: state === 'fresh',
    requests: 2,
    ...extra
  }
}

export interface VerifiedOptions {
  readonly devices?: readonly string[]
  readonly timeoutMs?: number
  readonly mode?: 'fail' | 'warn'
  readonly notReached?: number
  readonly against?: Against
  readonly selection?: Partial<PageSelection>
  readonly arrivalAfterMs?: number
}

/** The same verified part, its edge clock measured as `skew`. */
export function withSkew<Part extends Extract<VerificationPart, { kind: 'verified' }>>(
  part: Part,
  skew: SkewEstimate
): Part {
  return {
    ...part,
    report: { ...part.report, verification: { ...part.report.verification, skew } }
  }
}

/** The verification of these checks, kept as the loop keeps them. */
export function verified(
  checks: readonly CheckResult[],
  options: VerifiedOptions = {}
): Extract<VerificationPart, { kind: 'verified' }> {
  const devices = options.devices ?? ['desktop', 'mobile']
  const tally = new Tally(devices)
  for (const one of checks) tally.add(one)
  const notReached = options.notReached ?? 0
  const { counts } = tally
  const status = verificationStatus(counts, tally.checks, notReached, false)
  const median = tally.timesToFresh.medianMs()
  const timeoutMs = options.timeoutMs ?? 6000
  const pages = new Set(checks.map(one => one.url))
  const selection: PageSelection = {
    pages: [...pages].map(url => ({ path: url.slice(SITE.length), purgedBy: [] })),
    selectedCount: pages.size,
    inShard: pages.size,
    leftOut: 0,
    bySitemap: [],
    uncheckedTags: [],
    urlsNotInSitemap: [],
    notes: [],
    ...options.selection
  }
  const rows = tally.pageRows()
  const report: VerifyReport = {
    siteUrl: SITE,
    devices,
    selection,
    against: options.against ?? { kind: 'purges', lastAcceptedAt: ACCEPTED_AT },
    verification: {
      status,
      counts: { ...counts },
      checks: tally.checks,
      notReached,
      listed: tally.listed(),
      passed: tally.passed(),
      pages: rows,
      problemPages: tally.problemPageCount,
      byDevice: tally.deviceTallies(),
      measuredFrom: ACCEPTED_AT,
      startedAt: ACCEPTED_AT + 50,
      deadline: ACCEPTED_AT + timeoutMs,
      ...(median !== undefined && {
        timeToFresh: {
          count: tally.timesToFresh.count,
          medianMs: median,
          slowestMs: tally.timesToFresh.maxMs
        }
      }),
      ...(options.arrivalAfterMs !== undefined && { arrivalAfterMs: options.arrivalAfterMs }),
      warm: tally.warm,
      notWarm: tally.notWarm,
      oldContent: tally.oldContent,
      clocksDisagree: tally.clocksDisagree,
      skew: { lowMs: -400, highMs: 400, measured: true },
      requests: checks.length * 2,
      durationMs: timeoutMs
    }
  }
  return {
    kind: 'verified',
    report,
    mode: options.mode ?? 'fail',
    timeoutMs,
    deadlineFrom: 'last-purge'
  }
}

const FOUR_URLS = ['/', '/about', '/contact', '/blog/']

/** Four URLs on two devices, fresh 2 to 4.5 s after the purge. */
export function freshChecks(): CheckResult[] {
  return FOUR_URLS.flatMap((path, index) =>
    ['desktop', 'mobile'].map((device, d) =>
      check(path, device, 'fresh', { settledAfterMs: 2000 + index * 500 + d * 500 })
    )
  )
}

/** The run: 6 of 8 checks still stale at the 6 s deadline, 2 not cacheable. */
export function staleChecks(): CheckResult[] {
  const stale = (path: string, device: string): CheckResult =>
    check(path, device, 'stale', {
      staleReason: 'not-purged-yet',
      cachedAtMs: ACCEPTED_AT - 10_805_000,
      judgedAgainst: ACCEPTED_AT,
      detail: '2026-11-24T18:29:55.Z (GMT) (3h 0m 5s of 7d) (req-17 / tx-17)',
      edgeIds: 'req-17 / tx-17',
      settledAfterMs: undefined
    })
  return [
    stale('/', 'desktop'),
    stale('/', 'mobile'),
    stale('/about', 'desktop'),
    stale('/about', 'mobile'),
    stale('/contact', 'desktop'),
    stale('/contact', 'mobile'),
    check('/search?q=shoes', 'desktop', 'not-cacheable', { settledAfterMs: 100 }),
    check('/search?q=shoes', 'mobile', 'not-cacheable', { settledAfterMs: 100 })
  ]
}

/** A 500, retried, then a 403 that stopped the run; the next request never sent. */
export function failedRun(): RunReport {
  const plan = planOf({ tags: ['blog', 'news'], urls: ['/', '/about'] })
  const [tags, urls] = plan.requests as [PurgeRequest, PurgeRequest]
  const results: RequestResult[] = [
    {
      request: tags,
      outcome: 'failed',
      status: 403,
      attempts: 2,
      history: [
        { status: 500, message: 'internal error', requestId: 'req-a1' },
        { status: 403, message: 'Forbidden: invalid API key' }
      ],
      durationMs: 1300,
      message: 'Forbidden: invalid API key'
    },
    { request: urls, outcome: 'not-sent', attempts: 0, history: [], durationMs: 0 }
  ]
  return {
    purge: { plan, outcome: sentOutcome(plan, results), results, sentAt: ACCEPTED_AT },
    verification: { kind: 'skipped', reason: 'not every purge was accepted.' },
    warnings: []
  }
}

export function previewOf(): PreviewReport {
  const selection: PageSelection = {
    pages: [],
    selectedCount: 10,
    sitemapPagesPurged: 9,
    inShard: 10,
    leftOut: 0,
    bySitemap: [
      {
        target: { kind: 'pattern', item: '#^/blog/#' },
        count: 5,
        first: ['/blog/', '/blog/2024/01/new-year.html', '/blog/hello-world.html']
      },
      { target: { kind: 'tag', item: 'folder-products' }, count: 3, first: ['/products/'] }
    ],
    uncheckedTags: ['home'],
    urlsNotInSitemap: ['/abuot'],
    notes: []
  }
  return {
    siteUrl: SITE,
    sitemap: { found: true, turnedOff: false, files: 3, pages: 14, warnings: [] },
    selection,
    output: { sitemap_pages: 14, selected: [], selected_count: 10 }
  }
}

const origin = {
  url: 'https://origin.example.com/version.txt',
  build: buildId('release-42', 'build_id'),
  timeoutMs: 600_000,
  dryRun: false
}

/** The budget's error (verify/choose/kept-budget.ts), as a run over a million long URLs says it. */
const OVER_BUDGET =
  'verify_limit: 0 keeps every page of the selection in memory: 1,000,000 pages, 2,098 MiB counted with their URLs, where one job keeps at most 256 MiB. To check them, set shard to split the 1,000,000 selected pages across a job matrix of at least 10 jobs (shard: ${{ matrix.shard }}/10, about 210 MiB each), or give verify_limit a number to check a sample. Nothing was purged.'

/** Every outcome the status line names, by name. */
export function everyOutcome(): Record<string, RunReport> {
  const urls = planOf({ urls: FOUR_URLS })
  const dryPlan = planOf({
    tags: ['home', 'folder-products'],
    urls: ['/', '/abuot'],
    patterns: ['#^/blog/#']
  })
  return {
    'purged and fresh': purgedRun(urls, verified(freshChecks(), { arrivalAfterMs: 2000 })),
    'purged and stale': purgedRun(urls, verified(staleChecks())),
    'purged and stale, verify: warn': purgedRun(urls, verified(staleChecks(), { mode: 'warn' })),
    'purged, not verified': purgedRun(planOf({ tags: ['blog'] })),
    'purge failed': failedRun(),
    'dry run': {
      purge: { plan: dryPlan, outcome: dryRunOutcome(dryPlan) },
      preview: previewOf(),
      verification: { kind: 'skipped', reason: 'dry run: nothing was purged.' },
      warnings: []
    },
    'input error': {
      inputProblems: [
        { text: `Input 'tags' "a,b": a tag cannot contain a comma` },
        { text: `Input 'urls' "/a, /b": one URL a line. Write:`, yaml: 'urls: |\n  /a\n  /b' }
      ],
      warnings: []
    },
    'nothing to purge': {
      purge: { plan: planOf({}), outcome: nothingToPurge() },
      verification: { kind: 'skipped', reason: 'nothing was purged (nothing to purge).' },
      warnings: ['url_map: 3 changed files map to nothing']
    },
    'verify only': {
      purge: { plan: urls, outcome: verifyOnlyOutcome() },
      verification: verified(freshChecks(), {
        against: { kind: 'purged-at', at: ACCEPTED_AT },
        selection: { shard: { index: 2, count: 4 }, selectedCount: 16, inShard: 4 }
      }),
      warnings: []
    },
    'origin timeout': {
      origin: {
        ...origin,
        wait: {
          ready: false,
          elapsedMs: 600_000,
          looks: 45,
          stopped: 'deadline',
          last: { ready: false, status: 200, otherIds: ['release-41'] }
        }
      },
      purge: { plan: urls, outcome: notSentOutcome(urls) },
      verification: {
        kind: 'skipped',
        reason: 'the origin never showed the new build: nothing was purged.'
      },
      warnings: []
    },
    'pages over budget': {
      purge: { plan: dryPlan, outcome: notSentOutcome(dryPlan) },
      verification: { kind: 'over-budget', message: OVER_BUDGET },
      warnings: []
    },
    'verify job over budget': {
      purge: { plan: urls, outcome: verifyOnlyOutcome() },
      verification: { kind: 'over-budget', message: OVER_BUDGET },
      warnings: []
    },
    'changed files not listed': {
      changedFilesFailure: {
        event: 'push',
        description: 'the commits from a to b of the push',
        error: 'HTTP 404: Not Found'
      },
      warnings: []
    },
    'unexpected error': {
      purge: purgedRun(urls).purge!,
      unexpectedError: 'boom <b>',
      warnings: []
    }
  }
}

/** An asset a fresh page references, checked on one device (verify/assets/asset-results.ts). */
export function assetResult(
  path: string,
  device: string,
  state: AssetState,
  extra: Partial<AssetResult> = {}
): AssetResult {
  return {
    url: `${SITE}${path}`,
    device,
    kind: 'script',
    state,
    wanted: 'JavaScript',
    throughCache: true,
    repurged: false,
    pages: [`${SITE}/`],
    pageCount: 1,
    ...extra
  }
}

/**
 * One asset of each state on `desktop`: a script whole, a stylesheet repaired (a 404 the cache
 * served, purged by URL), a script broken (the single-page app's HTML fallback, needed by seven
 * pages), a font not checked before the deadline; two references to a third party's host.
 */
export function everyAssetState(): AssetVerification {
  const pages = ['/', '/about', '/contact', '/blog/', '/blog/a', '/blog/b', '/blog/c']
  return {
    hosts: ['static.example.com'],
    counts: { whole: 1, repaired: 1, broken: 1, 'not-checked': 1 },
    assets: 4,
    otherHosts: 2,
    listed: [
      assetResult('/assets/app.b7.js', 'desktop', 'broken', {
        reason: 'html-fallback',
        httpStatus: 200,
        contentType: 'text/html',
        throughCache: false,
        pages: pages.slice(0, MAX_LISTED_PAGES).map(path => `${SITE}${path}`),
        pageCount: pages.length,
        edgeIds: 'req-41 / tx-41'
      }),
      assetResult('/assets/app.b7.css', 'desktop', 'repaired', {
        kind: 'stylesheet',
        wanted: 'CSS',
        reason: 'status',
        httpStatus: 200,
        contentType: 'text/css',
        repurged: true
      }),
      assetResult('/assets/font.b7.woff2', 'desktop', 'not-checked', {
        kind: 'font',
        wanted: 'a font',
        throughCache: false
      })
    ],
    requests: 6
  }
}

/** The same verified part with what its asset checks found, as verify/assets fills it. */
export function withAssets<Part extends Extract<VerificationPart, { kind: 'verified' }>>(
  part: Part,
  assets: AssetVerification,
  status?: VerifyStatus
): Part {
  const verification: Verification = {
    ...part.report.verification,
    ...(status !== undefined && { status })
  }
  const withAssetsToo: Verification & { readonly assets: AssetVerification } = {
    ...verification,
    assets
  }
  return { ...part, report: { ...part.report, verification: withAssetsToo } }
}

/** The run page the comments' tests link to. */
export const RUN_URL = 'https://github.com/octo-org/octo-site/actions/runs/4242'

/**
 * The context a pull-request comment is rendered in, for `report`: the plan's marker on a
 * pull request's event when nothing was sent, the result's on a push otherwise. `marker` and
 * `now` change what a test needs.
 */
export function commentContextFor(
  report: RunReport,
  options: { readonly marker?: Partial<CommentMarker>; readonly now?: number } = {}
): CommentContext {
  const targets: PurgeTargets = report.purge?.plan.targets ?? { tags: [], urls: [], patterns: [] }
  const kind = report.purge?.results === undefined ? 'plan' : 'result'
  return {
    marker: {
      workflow: 'Deploy',
      job: 'purge',
      leg: '3fa8c2d1',
      kind,
      ...fingerprintOf(targets, 'a'.repeat(40)),
      ...options.marker
    },
    runUrl: RUN_URL,
    runId: 4242,
    event: kind === 'plan' ? 'pull_request' : 'push',
    commit: 'a'.repeat(40),
    now: options.now ?? ACCEPTED_AT
  }
}
