/**
 * robots.txt fetched for its `Sitemap:` lines (robots-txt.ts reads them): on the site's host,
 * through its redirects, decompressed when a server compresses it unasked, at most 512 KiB.
 * What could not be read, and lines that are not what they should be, become warnings; a
 * missing robots.txt (404, 410) is common and says nothing.
 */
import type { Readable } from 'node:stream'
import { headerValue } from '../http/headers.js'
import type { Clock } from '../time/clock.js'
import { decompressed } from './file-content.js'
import { messageOf } from './messages.js'
import { openFollowing, type SitemapFetcher } from './open-file.js'
import { decodeRobotsTxt, sitemapsInRobotsTxt } from './robots-txt.js'

export interface RobotsFile {
  /** The sitemaps it lists, in order, each once. */
  readonly sitemaps: readonly URL[]
  /** It answered 200 with an HTML page (a single-page app's shell). */
  readonly isHtml: boolean
  readonly warnings: readonly string[]
}

export async function readRobotsFile(
  fetcher: SitemapFetcher,
  siteUrl: URL,
  options: { readonly timeoutMs: number; readonly clock: Clock; readonly maxBytes: number }
): Promise<RobotsFile> {
  const robotsUrl = new URL('/robots.txt', siteUrl)
  const warnings: string[] = []
  const nothing = { sitemaps: [], isHtml: false, warnings }
  let bytes: Buffer
  let base: URL
  try {
    const opened = await openFollowing(fetcher, robotsUrl, {
      host: siteUrl.host,
      timeoutMs: options.timeoutMs,
      clock: options.clock,
      alreadyRead: () => false
    })
    if (opened === undefined) return nothing
    const { answer } = opened
    base = opened.at
    if (answer.status !== 200) {
      answer.body.destroy()
      // No robots.txt is common (404, 410); another answer hides the Sitemap: lines it has.
      if (answer.status !== 404 && answer.status !== 410) {
        warnings.push(
          `Sitemaps: ${base.href} answered HTTP ${answer.status}; /sitemap.xml was tried instead of its Sitemap: lines`
        )
      }
      return nothing
    }
    // A server may compress robots.txt although nothing asked it to (as sitemaps).
    bytes = await readBytes(
      answer.body,
      decompressed(answer.body, headerValue(answer.headers, 'content-encoding')),
      options.maxBytes
    )
  } catch (error) {
    warnings.push(`Sitemaps: could not read ${robotsUrl.href}: ${messageOf(error)}`)
    return nothing
  }
  const text = decodeRobotsTxt(bytes)
  const found = sitemapsInRobotsTxt(text, base)
  for (const line of found.bareUrlLines) {
    warnings.push(
      `${base.href} line ${line} is only a URL; it was read as a Sitemap: line (search engines may ignore it: write "Sitemap: <url>")`
    )
  }
  for (const { line, value } of found.unreadable) {
    warnings.push(`${base.href} line ${line}: Sitemap: "${value}" is not an http(s) URL; ignored`)
  }
  return { sitemaps: found.urls, isHtml: /^\s*</.test(text), warnings }
}

/** At most `maxBytes` of `bytes` (read from `body`, perhaps decompressed); the body is closed. */
async function readBytes(
  body: Readable,
  bytes: AsyncIterable<Buffer>,
  maxBytes: number
): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of bytes) {
      chunks.push(chunk)
      size += chunk.length
      if (size >= maxBytes) break
    }
  } finally {
    body.destroy()
  }
  return Buffer.concat(chunks).subarray(0, maxBytes)
}
