/**
 * One page as a check reads it: through the site client, its body thrown away; or, with the
 * content proof, a 2xx body decoded and scanned for the build as it arrives
 * (build/scan-body.ts), so that the judge gets what the body showed as a value.
 */
import type { BuildId } from '../../build/build-id.js'
import { scanBodyForBuild, type ContentEvidence } from '../../build/scan-body.js'
import { headerValue } from '../../http/headers.js'
import {
  discardBody,
  MAX_PAGE_BYTES,
  type SiteClient,
  type SiteHead
} from '../../http/site-client.js'

/** A page's answer: its status and headers, and with the content proof what its body showed. */
export interface PageAnswer extends SiteHead {
  /** With the content proof, for a 2xx answer: what its body showed of the build. */
  readonly content?: ContentEvidence
}

/** How the verification loop reads a page (a fake in tests). */
export type GetPage = (
  url: URL,
  userAgent: string,
  timeoutMs: number,
  build?: BuildId
) => Promise<PageAnswer>

/** The site client's pages, with the content proof when a build is given. */
export function pageReader(client: SiteClient): GetPage {
  return async (url, userAgent, timeoutMs, build) => {
    if (build === undefined) return client.getPage(url, userAgent, timeoutMs)
    // Asked uncompressed, as the other checks are: decoding costs the runner more CPU than the
    // bytes it saves; an edge that compresses anyway is decoded (http/read-body.ts).
    const answer = await client.open(url, userAgent, timeoutMs)
    if (answer.status < 200 || answer.status > 299) {
      await discardBody(answer.body, MAX_PAGE_BYTES)
      return { status: answer.status, headers: answer.headers }
    }
    const content = await scanBodyForBuild(answer.body, build, {
      contentEncoding: headerValue(answer.headers, 'content-encoding'),
      maxDrainBytes: MAX_PAGE_BYTES
    })
    return { status: answer.status, headers: answer.headers, content }
  }
}
