/**
 * The render judging as each surface says it (pure): the status line's part, the commit
 * status's words, JUnit's cases and the next step. The summary's and the comment's rows are
 * render-section.ts's. Every word of a problem comes from the one table (vocabulary.ts).
 */
import {
  RERENDER_REASONS,
  type RenderChangeRow,
  type RenderProblemRow,
  type RenderVerification
} from '../../verify/render/render-results.js'
import { grouped, plural } from '../../text/format.js'
import { RENDER_MARKS, RENDER_PROBLEM_WORDS, RERENDERED_MARK } from '../vocabulary.js'
import { pathOnSite } from '../../text/site-path.js'

/** `❌ 2 of 40 renders bad for crawlers`, or `✅ 40 renders judged good`: the status line's. */
export function renderStatusParts(renders: RenderVerification): string[] {
  if (renders.judged === 0) return []
  const rerendered =
    renders.rerendered > 0
      ? [`${RERENDERED_MARK} ${grouped(renders.rerendered)} rendered again by a purge`]
      : []
  if (renders.badRenders > 0) {
    return [`${RENDER_MARKS.bad} ${badRendersWords(renders)}`, ...rerendered]
  }
  return [`${RENDER_MARKS.good} ${plural(renders.judged, 'render')} judged good`, ...rerendered]
}

/** `/a (mobile): blank`: one problem, shortly, as the commit status names the first. */
export function problemShort(row: RenderProblemRow, siteUrl: string): string {
  return `${pathOnSite(row.url, siteUrl)} (${row.device}): ${RENDER_PROBLEM_WORDS[row.reason].word}`
}

/** `2 of 40 renders bad for crawlers, first /a (mobile): blank`: the commit status's words. */
export function renderCommitWords(renders: RenderVerification, siteUrl: string): string {
  const first = renders.listed[0]
  if (renders.badRenders === 0 || first === undefined) return ''
  return `${badRendersWords(renders)}, first ${problemShort(first, siteUrl)}`
}

/** `2 of 40 renders bad for crawlers`. */
function badRendersWords(renders: RenderVerification): string {
  return `${grouped(renders.badRenders)} of ${plural(renders.judged, 'render')} bad for crawlers`
}

/** The (page, device) renders a list of change rows names: each row's devices. */
export function changedRendersIn(rows: readonly RenderChangeRow[]): number {
  return rows.reduce((sum, row) => sum + row.devices.length, 0)
}

/** The next step for the worst render problem, or undefined when there is none. */
export function renderNextStep(renders: RenderVerification, warnHint: string): string | undefined {
  if (renders.badRenders === 0) return undefined
  const reasons = new Set(renders.listed.map(row => row.reason))
  const build = [...reasons].filter(reason => !RERENDER_REASONS.has(reason))
  const render = [...reasons].filter(reason => RERENDER_REASONS.has(reason))
  const steps: string[] = []
  if (build.length > 0) {
    steps.push(
      `the build changed what crawlers are told (${build.map(reason => RENDER_PROBLEM_WORDS[reason].word).join(', ')}): fix the templates or the build's settings (a staging noindex or canonical that leaked), then deploy again; if it is meant, list it in render_expected`
    )
  }
  if (render.length > 0) {
    const again = renders.listed.some(row => row.rerender === 'still')
      ? ', rendered again once by a purge and still so'
      : ''
    steps.push(
      `the rendering cache kept renders crawlers should not get (${render.map(reason => RENDER_PROBLEM_WORDS[reason].word).join(', ')}${again}): open the page as a crawler would, check that it renders without errors and in time (the service stops waiting for a slow page), then purge it again`
    )
  }
  return `${plural(renders.badRenders, 'new render')} ${renders.badRenders === 1 ? 'is' : 'are'} not what a crawler should get (the rows say what each has, and what the old render had): ${steps.join('; ')}${warnHint}.`
}
