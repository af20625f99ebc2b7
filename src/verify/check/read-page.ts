/**
 * One page as a check reads it: through the site client, its body thrown away; or, with the
 * content proof, a 2xx body decoded and scanned for the build as it arrives
 * (build/scan-body.ts), so that the judge gets what the body showed as a value. The body of an
 * answer that may prove the page fresh (the new render) is read in the same pass for the assets
 * it references and for what it tells a crawler, and the body of a check's first answer that
 * still serves the render cached before the purge (the old render) for what it told a crawler
 * (verify/render/page-body-reader.ts), chunk by chunk: no request of their own.
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
import type { PageReferences } from '../assets/page-references.js'
import { mediaType } from '../assets/whole-answer.js'
import { PageBodyReader, type BodyWants } from '../render/page-body-reader.js'
import { withHeaderRobots, type RenderFacts } from '../render/render-facts.js'

/** A page's answer: its status and headers, and what its body showed when it was read. */
export interface PageAnswer extends SiteHead {
  /** With the content proof, for a 2xx answer: what its body showed of the build. */
  readonly content?: ContentEvidence
  /** With the asset checks, for the new render: the assets its body references. */
  readonly references?: PageReferences
  /** With the renders judged, for a render `wanted`: what it tells a crawler. */
  readonly facts?: RenderFacts
  /**
   * Why the body was read only in part (the size cap, a timeout or another break): what came
   * after the cut was never seen. Absent when it was read to its end.
   */
  readonly bodyCut?: string
}

/**
 * Which render an answer is, as the loop judges its head: the new one (a HIT that proves the
 * page fresh), the old one (a HIT cached before the purge), or neither (its body is not read).
 */
export type RenderSeen = 'new' | 'old' | undefined

/**
 * What a page's body is read for (its references, in the asset checks' scope: the new render's
 * only; its facts: the new render's and the old one's), when its answer is a render `wanted`.
 */
export interface BodyWanted extends BodyWants {
  readonly wanted: (head: SiteHead) => RenderSeen
}

/** How the verification loop reads a page (a fake in tests). */
export type GetPage = (
  url: URL,
  userAgent: string,
  timeoutMs: number,
  /** With the content proof: the builds any of which proves the page (this run's first). */
  builds?: readonly BuildId[],
  body?: BodyWanted
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

/** The site client's pages, with the content proof when builds are given. */
export function pageReader(client: SiteClient): GetPage {
  return async (url, userAgent, timeoutMs, builds, wanted) => {
    if (builds === undefined && wanted === undefined) {
      return client.getPage(url, userAgent, timeoutMs)
    }
    // Asked uncompressed, as the other checks are: decoding costs the runner more CPU than the
    // bytes it saves; an edge that compresses anyway is decoded (http/read-body.ts).
    const answer = await client.open(url, userAgent, timeoutMs)
    const head = { status: answer.status, headers: answer.headers }
    const is2xx = answer.status >= 200 && answer.status <= 299
    const render = wanted !== undefined && is2xx && isHtml(head) ? wanted.wanted(head) : undefined
    const reader =
      render === undefined || wanted === undefined ? undefined : bodyReader(url, render, wanted)
    if (!is2xx || (builds === undefined && reader === undefined)) {
      await discardBody(answer.body, MAX_PAGE_BYTES)
      return head
    }
    // One decoder for the page: a character cut between two chunks is whole in the next one.
    const decoder = new TextDecoder('utf-8')
    const alsoRead =
      reader && ((chunk: Buffer) => reader.push(decoder.decode(chunk, { stream: true })))
    const contentEncoding = headerValue(answer.headers, 'content-encoding')
    let cut: string | undefined
    const content =
      builds === undefined
        ? undefined
        : await scanBodyForBuild(answer.body, builds, {
            contentEncoding,
            maxDrainBytes: MAX_PAGE_BYTES,
            ...(alsoRead && { alsoRead, onCut: (why: string) => (cut = why) })
          })
    if (builds === undefined && alsoRead) {
      cut = await readWhole(answer.body, contentEncoding, alsoRead)
    }
    const read = reader?.end()
    return {
      ...head,
      ...(content && { content }),
      ...(read?.references && { references: read.references }),
      ...(read?.facts && { facts: withHeaderRobots(read.facts, answer.headers) }),
      ...(cut !== undefined && { bodyCut: cut })
    }
  }
}

/**
 * The reader of a render's body: the new render's references (with the asset checks) and
 * facts (with the renders judged), the old render's facts; undefined when nothing is wanted.
 */
function bodyReader(
  url: URL,
  render: 'new' | 'old',
  { references, facts }: BodyWanted
): PageBodyReader | undefined {
  const scope = render === 'new' ? references : undefined
  if (scope === undefined && facts === undefined) return undefined
  return new PageBodyReader(url, {
    ...(scope !== undefined && { references: scope }),
    ...(facts !== undefined && { facts })
  })
}

/**
 * Reads a body only for what its reader wants; a body that breaks off gives what came before.
 * Returns why it was read only in part, or undefined when it was read to its end.
 */
async function readWhole(
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
