/**
 * The text of one URL as it arrives in pieces: a text sitemap's line, a `<loc>`'s or a feed
 * link's text. Only the trimmed text must fit in MAX_LOC_CHARS (spaces and newlines around a
 * URL are allowed), yet what is kept stays that small whatever comes: a gzip file of a few
 * kilobytes can unpack to a line of 50 MB of spaces, and trimming all that again for every
 * piece took minutes.
 */

/**
 * The longest URL read: the protocol's "less than 2,048 characters" (sitemap.js accepts
 * exactly 2,048, and so does this reader); browsers and servers stop near there too.
 */
export const MAX_LOC_CHARS = 2048
/** Room for the spaces around a URL before what was collected is looked at again. */
const SLACK = 1024

export class UrlText {
  private text = ''
  private overlong = false

  append(part: string): void {
    if (this.overlong) return
    this.text += part
    if (this.text.length <= MAX_LOC_CHARS + SLACK) return
    const kept = this.text.trimStart()
    const url = kept.trimEnd()
    if (url.length > MAX_LOC_CHARS) {
      this.overlong = true
      this.text = ''
      return
    }
    // A long run of spaces after the URL: anything but spaces after it makes the trimmed text
    // longer than any URL. MAX_LOC_CHARS + 1 characters say that as well as the whole run.
    this.text = kept.length > MAX_LOC_CHARS + SLACK ? url.padEnd(MAX_LOC_CHARS + 1) : kept
  }

  /** The trimmed text (undefined when longer than MAX_LOC_CHARS), and a fresh start. */
  take(): string | undefined {
    const url = this.overlong ? undefined : this.text.trim()
    this.text = ''
    this.overlong = false
    return url !== undefined && url.length <= MAX_LOC_CHARS ? url : undefined
  }
}
