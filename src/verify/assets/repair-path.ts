/**
 * The path a purge by URL names to repair a broken asset of the site, held to the same checks as
 * the `urls` input: the asset's URL comes from a page's HTML, which whoever writes the site's
 * templates or content controls, so it gets no more trust than a URL a user typed.
 */
import { Diagnostics } from '../../core/diagnostics.js'
import { normalizeUrls } from '../../core/targets.js'

/** The asset's path and query as the URL purge sends them, or why it cannot be sent. */
export function repairPath(url: URL): { readonly path: string } | { readonly refused: string } {
  if (url.username !== '' || url.password !== '') {
    return { refused: 'its URL holds credentials' }
  }
  const path = `${url.pathname}${url.search}`
  const problems = new Diagnostics()
  const [normalized] = normalizeUrls([path], problems)
  const problem = problems.problems[0]
  if (problem !== undefined) return { refused: problem.reason }
  // WHATWG URL parsing gives the path as a browser requests it, which the input keeps as is.
  if (normalized !== path) return { refused: `it reads as ${JSON.stringify(normalized)}` }
  return { path }
}
