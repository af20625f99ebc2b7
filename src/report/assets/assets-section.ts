/**
 * The job summary's assets part of the verification (pure): what the checks of the scripts,
 * stylesheets and fonts the fresh pages reference found, and a row per asset that was not whole
 * at once (broken first, then repaired, then not checked) with what it answered, what the action
 * did about it, and the pages that need it. URLs are outside text: escaped.
 */
import {
  cutPagesPhrase,
  unprovenPhrase,
  leftOutPhrase,
  type AssetResult,
  type AssetVerification
} from '../../verify/assets/asset-results.js'
import { grouped, plural } from '../../text/format.js'
import { code, codeList, escapeHtml, table } from '../../text/html.js'
import {
  assetAnswer,
  assetCountsLine,
  assetRepair,
  distinctAssets,
  morePages
} from './asset-report.js'
import { assetMark, ASSET_STATE_WORDS } from '../vocabulary.js'
import { pathOnSite } from '../../text/site-path.js'

/** `maxRows`: the rows at most (the counts have them all); `siteUrl`: pages shown by path. */
export function renderAssetsSection(
  assets: AssetVerification,
  siteUrl: string,
  maxRows: number
): string {
  const parts = [`<p><strong>Assets</strong>: ${escapeHtml(assetCountsLine(assets))}</p>\n`]
  if (assets.hosts.length > 0) {
    parts.push(
      `<p>${escapeHtml('Checked on the site and on asset_hosts:')} ${codeList(assets.hosts)}</p>\n`
    )
  }
  if (assets.awayTargets !== undefined && assets.awayTargets.length > 0) {
    // Named, not judged: a browser would follow them, but no one named that host to check.
    const away = assets.awayTargets.map(({ url, to }) => `${code(url)} → ${code(to)}`)
    parts.push(
      `<p>${escapeHtml('Redirected to hosts not checked (not in asset_hosts):')} ${away.join(', ')}</p>\n`
    )
  }
  const cut = cutPagesPhrase(assets)
  if (cut !== undefined) parts.push(`<p>${escapeHtml(`${cut}.`)}</p>\n`)
  const left = leftOutPhrase(assets)
  if (left !== undefined) parts.push(`<p>${escapeHtml(`${left}.`)}</p>\n`)
  const unproven = unprovenPhrase(assets)
  if (unproven !== undefined) {
    parts.push(
      `<p>${escapeHtml(`${ASSET_STATE_WORDS['not-checked'].icon} ${unproven}. Nothing proved what they reference loads: the deploy is not counted whole.`)}</p>\n`
    )
  }
  const rows = assets.listed.slice(0, maxRows)
  if (rows.length === 0) return parts.join('')
  const broken = distinctAssets(assets, 'broken')
  const title =
    broken > 0
      ? `Broken assets: ${plural(broken, 'asset')} a fresh page needs`
      : 'Assets not whole at once'
  parts.push(
    `<h4>${escapeHtml(title)}</h4>\n`,
    table(
      ['asset', 'device', 'state', 'what it answered', 'the action', 'pages that need it'],
      rows.map(result => assetRow(result, siteUrl))
    )
  )
  const rest = assets.listed.length - rows.length
  if (rest > 0) {
    parts.push(
      `<p>${escapeHtml(`… and ${plural(rest, 'more asset check')} not listed here.`)}</p>\n`
    )
  }
  return parts.join('')
}

function assetRow(result: AssetResult, siteUrl: string): string[] {
  const answered = assetAnswer(result)
  const ids =
    result.edgeIds === undefined ? '' : `<br><sub>edge ids: ${escapeHtml(result.edgeIds)}</sub>`
  const more = morePages(result)
  return [
    code(result.url),
    escapeHtml(result.device),
    escapeHtml(assetMark(result.state).replace(' ', '\u00a0')),
    `${escapeHtml(answered)}${ids}`,
    escapeHtml(assetRepair(result)),
    [
      ...result.pages.map(page => code(pathOnSite(page, siteUrl))),
      ...(more ? [escapeHtml(more)] : [])
    ].join(', ') || escapeHtml(`${grouped(result.pageCount)} pages`)
  ]
}
