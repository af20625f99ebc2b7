/**
 * The verification as a picture (pure): a mermaid gantt chart, which GitHub draws in a job
 * summary. One row per step on a shared time axis: the wait for the origin, the purge accepted,
 * each device from the purge until its first fresh check and on to its last, the re-purges of
 * old content, and the deadline (or, when it lies far beyond the rest, a line saying where).
 *
 * Times are written relative to the chart's start as `HH:mm:ss.SSS` of one day: mermaid reads
 * and draws them in the reader's time zone alike, so the axis shows minutes and seconds from
 * the start wherever the reader is (absolute times would show the reader's clock).
 */
import type { OriginReport } from './origin-report.js'
import type { RunReport, VerificationPart } from './run-report.js'
import { elapsed, grouped, plural, setting } from '../text/format.js'
import { otherBuildPart } from './status-line.js'

type Verified = Extract<VerificationPart, { kind: 'verified' }>

/** A chart over a day or more would not parse (times of one day), nor help. */
const MAX_SPAN_MS = 23 * 3600_000
/** The deadline is drawn when it is within this many times the rest's span. */
const DEADLINE_SPAN_FACTOR = 3
/** Re-purges drawn at most; the table below the chart lists them all. */
const MAX_REPURGE_MARKS = 5

interface Row {
  readonly label: string
  readonly tags: readonly string[]
  readonly start: number
  /** Absent: a milestone. */
  readonly end?: number
}

interface Section {
  readonly name: string
  readonly rows: Row[]
}

/**
 * The chart and a line under it, as Markdown (a fenced block, blank lines around it); empty when
 * there is nothing to draw (no check made, or the verification stopped at once).
 */
export function renderTimeline(report: Readonly<RunReport>): string {
  const part = report.verification
  if (part?.kind !== 'verified') return ''
  const { verification } = part.report
  if (verification.fatal !== undefined || verification.checks === 0) return ''
  const sections: Section[] = []
  const origin = originSection(report.origin)
  if (origin !== undefined) sections.push(origin)
  sections.push(purgeSection(report, part))
  const measuredFrom = verification.measuredFrom
  let lastEvent = measuredFrom
  for (const device of verification.byDevice) {
    const rows: Row[] = []
    const { firstFreshMs, lastFreshMs, counts } = device
    const notFresh = counts.stale + counts.failed
    if (firstFreshMs !== undefined && lastFreshMs !== undefined) {
      const first = measuredFrom + firstFreshMs
      const last = measuredFrom + lastFreshMs
      rows.push({
        label: `until first fresh (${elapsed(firstFreshMs)})`,
        tags: [],
        start: measuredFrom,
        end: first
      })
      // One moment (a single check, or all at once): a mark, not a bar too thin to see.
      rows.push(
        last - first < 100
          ? {
              label: `${plural(counts.fresh, 'check')} fresh`,
              tags: ['active', 'milestone'],
              start: first
            }
          : {
              label: `first to last fresh (${plural(counts.fresh, 'check')})`,
              tags: ['active'],
              start: first,
              end: last
            }
      )
      lastEvent = Math.max(lastEvent, last)
    }
    if (notFresh > 0) {
      const end = verification.startedAt + verification.durationMs
      rows.push({
        label: `${grouped(notFresh)} not fresh at the end`,
        tags: ['crit'],
        start: measuredFrom,
        end: Math.max(end, measuredFrom + 1)
      })
      lastEvent = Math.max(lastEvent, end)
    }
    if (rows.length > 0) sections.push({ name: device.device, rows })
  }
  const other = part.otherBuild
  if (other !== undefined) {
    // The moment another build went live in this run's place, as the run learned it.
    sections.push({
      name: 'another build',
      rows: [
        {
          label: otherBuildPart(other, verification.status === 'fresh'),
          tags: other.kind === 'rolled-back' ? ['crit', 'milestone'] : ['active', 'milestone'],
          start: other.at
        }
      ]
    })
  }
  for (const section of sections) {
    for (const row of section.rows) lastEvent = Math.max(lastEvent, row.end ?? row.start)
  }
  const start = Math.min(...sections.flatMap(section => section.rows.map(row => row.start)))
  const deadline = verification.deadline
  const span = Math.max(1000, lastEvent - start)
  const deadlineShown = deadline - start <= DEADLINE_SPAN_FACTOR * span
  if (deadlineShown) {
    sections.push({
      name: 'deadline',
      rows: [
        {
          label: `deadline (${setting(part.timeoutMs)})`,
          tags: ['crit', 'milestone'],
          start: deadline
        }
      ]
    })
  }
  const end = deadlineShown ? Math.max(lastEvent, deadline) : lastEvent
  if (end - start > MAX_SPAN_MS) return ''
  const hours = end - start >= 3600_000
  const shard = part.report.selection.shard
  const title = `Purge and verification, ${hours ? 'hours and minutes' : 'minutes and seconds'} from the ${startName(report, start)}${shard ? ` (shard ${shard.index} of ${shard.count})` : ''}`
  const lines = [
    'gantt',
    `  title ${label(title)}`,
    '  dateFormat HH:mm:ss.SSS',
    `  axisFormat ${hours ? '%H:%M' : '%M:%S'}`,
    '  todayMarker off',
    `  tickInterval ${tickInterval(end - start)}`
  ]
  let id = 0
  for (const section of sections) {
    lines.push(`  section ${label(section.name)}`)
    for (const row of section.rows) {
      id++
      const tags = [
        ...row.tags,
        ...(row.end === undefined && !row.tags.includes('milestone') ? ['milestone'] : [])
      ]
      const to = row.end === undefined ? '0ms' : at(row.end - start)
      lines.push(
        `    ${label(row.label)} :${[...tags, `t${id}`, at(row.start - start), to].join(', ')}`
      )
    }
  }
  const note = deadlineShown
    ? ''
    : `<p>${`The deadline, ${setting(part.timeoutMs)} after ${part.deadlineFrom === 'last-purge' ? 'the last purge was accepted' : 'the step began'}, is beyond the chart's right edge.`}</p>\n`
  return `\n\`\`\`mermaid\n${lines.join('\n')}\n\`\`\`\n\n${note}`
}

function originSection(origin: OriginReport | undefined): Section | undefined {
  if (origin?.startedAt === undefined || origin.dryRun) return undefined
  const { wait } = origin
  return {
    name: 'origin',
    rows: [
      {
        label: `${wait.ready ? 'waited' : 'waited in vain'} for build ${origin.build.text} (${plural(wait.looks, 'look')})`,
        tags: wait.ready ? ['done'] : ['crit'],
        start: origin.startedAt,
        end: origin.startedAt + Math.max(1, wait.elapsedMs)
      }
    ]
  }
}

function purgeSection(report: Readonly<RunReport>, part: Verified): Section {
  const rows: Row[] = []
  const purge = report.purge
  const { against } = part.report
  if (against.kind === 'purges') {
    rows.push({ label: 'purge accepted', tags: ['milestone'], start: against.lastAcceptedAt })
  } else if (against.kind === 'purged-at') {
    rows.push({ label: 'purged_at (the purge job)', tags: ['milestone'], start: against.at })
  } else if (purge?.sentAt === undefined) {
    rows.push({
      label: 'checks began',
      tags: ['milestone'],
      start: part.report.verification.startedAt
    })
  }
  const batches = part.oldContent?.repurge.batches ?? []
  for (const [index, batch] of batches.slice(0, MAX_REPURGE_MARKS).entries()) {
    rows.push({
      label: `re-purge ${index + 1}, ${plural(batch.pages.length, 'page')} of old content`,
      tags: batch.failed.length > 0 ? ['crit', 'milestone'] : ['milestone'],
      start: batch.at
    })
  }
  return { name: 'purge', rows }
}

function startName(report: Readonly<RunReport>, start: number): string {
  if (report.origin?.startedAt === start) return 'start of the wait for the origin'
  const part = report.verification
  if (part?.kind === 'verified' && part.report.against.kind === 'purged-at')
    return 'purge job’s purged_at'
  if (part?.kind === 'verified' && part.report.against.kind === 'warm-only') return 'first check'
  return 'purge accepted'
}

const TICKS: readonly [number, string][] = [
  [1000, '1second'],
  [2000, '2second'],
  [5000, '5second'],
  [10_000, '10second'],
  [15_000, '15second'],
  [30_000, '30second'],
  [60_000, '1minute'],
  [120_000, '2minute'],
  [300_000, '5minute'],
  [600_000, '10minute'],
  [900_000, '15minute'],
  [1_800_000, '30minute'],
  [3_600_000, '1hour'],
  [7_200_000, '2hour'],
  [10_800_000, '3hour']
]

/** Round ticks, at most a dozen across (mermaid's own choice repeats labels below a second). */
function tickInterval(spanMs: number): string {
  return (TICKS.find(([ms]) => spanMs / ms <= 12) ?? [0, '6hour'])[1]
}

/** `00:01:05.250`: a time of the chart's one day. */
function at(ms: number): string {
  const whole = Math.max(0, Math.round(ms))
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0')
  const hours = Math.floor(whole / 3600_000)
  const minutes = Math.floor(whole / 60_000) % 60
  const seconds = Math.floor(whole / 1000) % 60
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(whole % 1000, 3)}`
}

/**
 * Text as mermaid's gantt grammar takes it: no `:` (ends a task's name), `#`, `;` or `%`
 * (comments and statement ends), no line break, no keyword at its start; the rest kept.
 */
export function label(text: string): string {
  const cleaned = text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/:/g, '∶')
    .replace(/#/g, '＃')
    .replace(/;/g, '；')
    .replace(/%/g, '％')
    .replace(/[{}<>`"]/g, '')
    .trim()
  const safe = cleaned === '' ? '-' : cleaned
  const short = safe.length > 120 ? `${safe.slice(0, 119)}…` : safe
  return /^(click|call|href|section|title|gantt|dateFormat|axisFormat|tickInterval|includes|excludes|todayMarker|weekday|weekend|inclusiveEndDates|topAxis|acc)/i.test(
    short
  )
    ? `· ${short}`
    : short
}
