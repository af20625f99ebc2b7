/**
 * The `Sitemap:` lines of a robots.txt, read as crawlers read them (google/robotstxt's parser
 * and RFC 9309): a UTF-8 byte-order mark (even a partial one) is skipped, and a UTF-16 file
 * with its mark is decoded; lines end with LF, CR or CRLF; `#` starts a comment; field names
 * are in any case and may be followed by more letters (`Sitemaps:`), `Site-map` is accepted,
 * and so is a missing colon (`Sitemap https://…`); the lines may be anywhere in the file, in a
 * group or not. Relative URLs resolve against where robots.txt was read. A line that is only
 * a URL naming a sitemap is read too, as crawler-commons does, with a warning: Google ignores it.
 */
import { TextDecoder } from 'node:util'
import { trimmedOf } from '../text/trailing-run.js'

export interface RobotsSitemaps {
  /** The sitemaps listed, in order, each once. */
  readonly urls: readonly URL[]
  /** Lines that are only a sitemap's URL (1-based line numbers). */
  readonly bareUrlLines: readonly number[]
  /** `Sitemap:` values that are not http(s) URLs, with their line. */
  readonly unreadable: readonly { readonly line: number; readonly value: string }[]
}

/** robots.txt bytes as text: UTF-16 by its byte-order mark, else UTF-8 without its mark. */
export function decodeRobotsTxt(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes)
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes)
  // The UTF-8 mark, or the start of it (google/robotstxt skips a partial one too).
  const mark = [0xef, 0xbb, 0xbf]
  let skip = 0
  while (skip < mark.length && bytes[skip] === mark[skip]) skip++
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(skip))
}

export function sitemapsInRobotsTxt(text: string, base: URL): RobotsSitemaps {
  const urls: URL[] = []
  const seen = new Set<string>()
  const bareUrlLines: number[] = []
  const unreadable: { line: number; value: string }[] = []
  const add = (value: string, line: number): void => {
    const url = URL.canParse(value, base.href) ? new URL(value, base) : undefined
    if (url === undefined || !/^https?:$/.test(url.protocol)) {
      unreadable.push({ line, value: value.slice(0, 80) })
      return
    }
    url.hash = ''
    if (seen.has(url.href)) return
    seen.add(url.href)
    urls.push(url)
  }
  const lines = text.split(/\r\n|\r|\n/)
  for (const [index, raw] of lines.entries()) {
    const line = index + 1
    const hash = raw.indexOf('#')
    const content = asciiTrim(hash < 0 ? raw : raw.slice(0, hash))
    if (content === '') continue
    const field = fieldOf(content)
    if (field !== undefined) {
      if (isSitemapKey(field.key) && field.value !== '') add(field.value, line)
      else if (field.key.toLowerCase() === 'http' || field.key.toLowerCase() === 'https') {
        // `https://example.com/sitemap.xml` alone on its line: a Sitemap: line missing its name.
        if (/^https?:\/\/\S+$/i.test(content) && /sitemap/i.test(content)) {
          bareUrlLines.push(line)
          add(content, line)
        }
      }
    }
  }
  return { urls, bareUrlLines, unreadable }
}

/**
 * `key: value`, as google/robotstxt splits a line: at the first colon, or, with no colon in
 * the name, at the first run of spaces when the line has exactly two words.
 */
function fieldOf(content: string): { key: string; value: string } | undefined {
  const colon = content.indexOf(':')
  const space = content.search(/[ \t]/)
  // A name never holds a space: `Sitemap https://…` is a missing colon, not the name
  // "Sitemap https" (google/robotstxt would read it so, and lose the URL's scheme).
  if (space >= 0 && (colon < 0 || space < colon)) {
    const key = content.slice(0, space)
    const value = asciiTrim(content.slice(space))
    if (value.startsWith(':')) return { key, value: asciiTrim(value.slice(1)) }
    if (/[ \t]/.test(value)) return undefined
    return { key, value }
  }
  if (colon < 0) return undefined
  return { key: asciiTrim(content.slice(0, colon)), value: asciiTrim(content.slice(colon + 1)) }
}

/** `sitemap` (and what starts with it, as `sitemaps`) or `site-map`, in any case. */
function isSitemapKey(key: string): boolean {
  const lower = key.toLowerCase()
  return lower.startsWith('sitemap') || lower.startsWith('site-map')
}

/** The spaces google/robotstxt trims: ASCII ones only. */
const ASCII_SPACES = ' \t\v\f'

/**
 * Trims ASCII spaces only, as google/robotstxt does: a byte-order mark in the middle of the
 * file is not a space, so it spoils its line (JavaScript's trim() would remove it). By a loop
 * (src/text/trailing-run.ts): a line of many spaces then a letter is quadratic for a regex.
 */
function asciiTrim(text: string): string {
  return trimmedOf(text, ASCII_SPACES)
}
