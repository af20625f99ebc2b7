/**
 * One page as a check reads it: through the site client, its body thrown away; or, with the
 * content proof, a 2xx body decoded and scanned for the build as it arrives
 * (build/scan-body.ts), so that the judge gets what the body showed as a value. With the asset
 * checks, the body of an answer that may prove the page fresh is read for the assets it
 * references in the same pass (verify/assets/page-references.ts), chunk by chunk: the answer
 * that proves a page fresh is the one its assets come from, without a request of their own.
 */
import type { Readable } from 'node:stream'
import type { BuildId } from '../../build/build-id.js'
import {
  cutAtCapWords,
  MAX_CONTENT_BYTES,
  scanBodyForBuild,
  type ContentEvidence
} from '../../build/scan-body.js'
import { headerValue } from '../../http/headers.js'
import { BodyReadError, readBody } from '../../http/read-body.js'
import {
  discardBody,
  MAX_PAGE_BYTES,
  type SiteClient,
  type SiteHead
} from '../../http/site-client.js'
import {
  PageReferenceReader,
  type AssetScope,
  type PageReferences
} from '../assets/page-references.js'
import { mediaType } from '../assets/whole-answer.js'

/** A page's answer: its status and headers, and what its body showed when it was read. */
export interface PageAnswer extends SiteHead {
  /** With the content proof, for a 2xx answer: what its body showed of the build. */
  readonly content?: ContentEvidence
  /** With the asset checks, for an answer `wanted`: the assets its body references. */
  readonly references?: PageReferences
  /**
   * Why the body was read only in part for its references (the size cap, a timeout or another
   * break): assets named after the cut were never seen. Absent when it was read to its end.
   */
  readonly referencesCut?: string
}

/** The asset checks' part in reading a page. */
export interface ReferencesWanted {
  readonly scope: AssetScope
  /** Whether this answer's body is read for its assets (an answer that can prove it fresh). */
  readonly wanted: (head: SiteHead) => boolean
}

/** How the verification loop reads a page (a fake in tests). */
export type GetPage = (
  url: URL,
  userAgent: string,
  timeoutMs: number,
  build?: BuildId,
  references?: ReferencesWanted
) => Promise<PageAnswer>

/**
 * How the asset checks ask for an asset: its status and headers, the body thrown away; with the
 * `Origin` a browser's CORS-mode request sends, when it sends one.
 */
export type GetAsset = (
  url: URL,
  userAgent: string,
  timeoutMs: number,
  origin?: string
) => Promise<SiteHead>

/** The site client's pages, with the content proof when a build is given. */
export function pageReader(client: SiteClient): GetPage {
  return async (url, userAgent, timeoutMs, build, wanted) => {
    if (build === undefined && wanted === undefined) {
      return client.getPage(url, userAgent, timeoutMs)
    }
    // Asked uncompressed, as the other checks are: decoding costs the runner more CPU than the
    // bytes it saves; an edge that compresses anyway is decoded (http/read-body.ts).
    const answer = await client.open(url, userAgent, timeoutMs)
    const head = { status: answer.status, headers: answer.headers }
    const is2xx = answer.status >= 200 && answer.status <= 299
    const readReferences = wanted !== undefined && is2xx && isHtml(head) && wanted.wanted(head)
    if (!is2xx || (build === undefined && !readReferences)) {
      await discardBody(answer.body, MAX_PAGE_BYTES)
      return head
    }
    const reader = readReferences ? new PageReferenceReader(url, wanted.scope) : undefined
    // One decoder for the page: a character cut between two chunks is whole in the next one.
    const decoder = new TextDecoder('utf-8')
    const alsoRead =
      reader && ((chunk: Buffer) => reader.push(decoder.decode(chunk, { stream: true })))
    const contentEncoding = headerValue(answer.headers, 'content-encoding')
    let cut: string | undefined
    const content =
      build === undefined
        ? undefined
        : await scanBodyForBuild(answer.body, build, {
            contentEncoding,
            maxDrainBytes: MAX_PAGE_BYTES,
            ...(alsoRead && { alsoRead, onCut: (why: string) => (cut = why) })
          })
    if (build === undefined && alsoRead) {
      cut = await readForReferences(answer.body, contentEncoding, alsoRead)
    }
    return {
      ...head,
      ...(content && { content }),
      ...(reader && { references: reader.end() }),
      ...(cut !== undefined && { referencesCut: cut })
    }
  }
}

/**
 * Reads a body only for its references; a body that breaks off gives what came before. Returns
 * why it was read only in part, or undefined when it was read to its end.
 */
async function readForReferences(
  body: Readable,
  contentEncoding: string | undefined,
  onChunk: (chunk: Buffer) => void
): Promise<string | undefined> {
  try {
    const read = await readBody(body, {
      contentEncoding,
      maxBytes: MAX_CONTENT_BYTES,
      maxDrainBytes: MAX_PAGE_BYTES,
      onChunk: chunk => {
        onChunk(chunk)
        return false
      }
    })
    return read.end === 'cap' ? cutAtCapWords() : undefined
  } catch (error) {
    if (!(error instanceof BodyReadError)) throw error
    return error.message
  }
}

/** HTML, or no content type at all (a page is HTML unless it says otherwise). */
function isHtml(head: SiteHead): boolean {
  const type = mediaType(headerValue(head.headers, 'content-type'))
  return type === undefined || type === 'text/html' || type === 'application/xhtml+xml'
}

/** The site client's assets: asked for as a browser would (any type), the body thrown away. */
export function assetReader(client: SiteClient): GetAsset {
  return async (url, userAgent, timeoutMs, origin) => {
    const answer = await client.open(url, userAgent, timeoutMs, {
      accept: '*/*',
      ...(origin !== undefined && { origin })
    })
    await discardBody(answer.body, MAX_PAGE_BYTES)
    return { status: answer.status, headers: answer.headers }
  }
}
