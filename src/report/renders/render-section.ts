/**
 * The job summary's part on what crawlers get (pure): how many new renders were judged, a row
 * per problem (page, device, what the new render has, what the old one had, what the action
 * did), then what changed for crawlers page by page, a changed title shown old and new.
 * Problems first, changes after, each list cut at `maxRows` with a count of the rest. Page
 * values are outside text: escaped.
 */
import type {
  RenderChangeRow,
  RenderProblemRow,
  RenderVerification
} from '../../verify/render/render-results.js'
import { grouped, plural } from '../../text/format.js'
import { code, escapeHtml, table } from '../../text/html.js'
import { pathOnSite } from '../../text/site-path.js'
import { comparedWords } from '../../verify/render/render-words.js'
import { changedRendersIn } from './render-report.js'
import {
  RENDER_CHANGE_WORDS,
  RENDER_MARKS,
  RENDER_PROBLEM_WORDS,
  renderActionWords,
  RERENDERED_MARK
} from '../vocabulary.js'

/** `Renders: 40 judged (38 compared with the old render): ❌ 2 bad for crawlers · 🔎 3 changed`. */
export function renderCountsLine(renders: RenderVerification): string {
  const compared = comparedWords(renders)
  const parts = [
    renders.badRenders > 0
      ? `${RENDER_MARKS.bad} ${grouped(renders.badRenders)} bad for crawlers`
      : `${RENDER_MARKS.good} none bad for crawlers`,
    renders.rerendered > 0
      ? `${RERENDERED_MARK} ${grouped(renders.rerendered)} rendered again by a purge, whole now`
      : '',
    renders.changed > 0
      ? `${RENDER_MARKS.changed} ${grouped(renders.changed)} changed for crawlers`
      : '',
    renders.notJudged > 0
      ? `${grouped(renders.notJudged)} not judged (read only in part, not HTML, or not read before the checks ended)`
      : ''
  ].filter(Boolean)
  return `${plural(renders.judged, 'new render')} judged (${compared}): ${parts.join(' · ')}`
}

export function renderRendersSection(
  renders: RenderVerification,
  siteUrl: string,
  maxRows: number
): string {
  const parts = [`<p><strong>Renders</strong>: ${escapeHtml(renderCountsLine(renders))}</p>\n`]
  const problems = renders.listed.slice(0, maxRows)
  if (problems.length > 0) {
    parts.push(
      `<h4>${escapeHtml(`Renders a crawler should not get: ${plural(renders.badRenders, 'render')}`)}</h4>\n`,
      table(
        ['page', 'device', 'problem', 'the new render', 'the old render', 'the action'],
        problems.map(row => problemRow(row, siteUrl))
      )
    )
    const rest = renders.problems - problems.length
    if (rest > 0) {
      parts.push(`<p>${escapeHtml(`… and ${plural(rest, 'more problem')} not listed here.`)}</p>\n`)
    }
  }
  const rerendered = renders.rerenderedRows.slice(0, maxRows)
  if (rerendered.length > 0) {
    parts.push(
      `<h4>${escapeHtml(`Rendered again: ${plural(renders.rerendered, 'render')} whole after one purge`)}</h4>\n`,
      table(
        ['page', 'device', 'the first new render', 'the action'],
        rerendered.map(row => [
          code(pathOnSite(row.url, siteUrl)),
          escapeHtml(row.device),
          escapeHtml(`${RENDER_PROBLEM_WORDS[row.reason].word}: ${row.detail}`),
          escapeHtml(`${RERENDERED_MARK} purged by URL, rendered again: whole`)
        ])
      )
    )
  }
  const changes = renders.changes.slice(0, maxRows)
  if (changes.length > 0) {
    parts.push(
      `<h4>${escapeHtml(`What changed for crawlers: ${plural(renders.changed, 'render')}`)}</h4>\n`,
      table(
        ['page', 'devices', 'what changed', 'old', 'new'],
        changes.flatMap(row => changeRows(row, siteUrl))
      )
    )
    const rest = renders.changed - changedRendersIn(changes)
    if (rest > 0) {
      parts.push(
        `<p>${escapeHtml(`… and ${plural(rest, 'more changed render')} not listed here.`)}</p>\n`
      )
    }
  }
  return parts.join('')
}

function problemRow(row: RenderProblemRow, siteUrl: string): string[] {
  return [
    code(pathOnSite(row.url, siteUrl)),
    escapeHtml(row.device),
    `${RENDER_MARKS.bad} ${escapeHtml(RENDER_PROBLEM_WORDS[row.reason].word)}`,
    escapeHtml(row.detail),
    escapeHtml(row.old ?? 'not read'),
    escapeHtml(renderActionWords(row))
  ]
}

/** One row per field that changed; the page and its devices on the first. */
function changeRows(row: RenderChangeRow, siteUrl: string): string[][] {
  return row.changes.map((change, index) => [
    index === 0 ? code(pathOnSite(row.url, siteUrl)) : '',
    index === 0 ? escapeHtml(row.devices.join(', ')) : '',
    escapeHtml(RENDER_CHANGE_WORDS[change.field]),
    escapeHtml(change.old),
    escapeHtml(change.new)
  ])
}
