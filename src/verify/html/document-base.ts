/**
 * Where a page's relative URLs resolve: the page's own URL, or its first `<base href>` when that
 * is a web URL, as browsers do (HTML: "the first base element with an href"; a base a browser
 * cannot resolve against, `data:` or `javascript:`, leaves the document's URL). The readers of a
 * page's tags (its assets, what its render tells a crawler) each keep one.
 */

/** `href` resolved against `base`: a web URL (http or https), or undefined. */
export function parseWebUrl(href: string, base: URL): URL | undefined {
  try {
    const url = new URL(href, base)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined
  } catch {
    return undefined
  }
}

export class DocumentBase {
  private seen = false

  constructor(private current: URL) {}

  /** A `<base href>` (trimmed): the first one only counts, and only when it is a web URL. */
  set(href: string | undefined): void {
    if (this.seen || href === undefined || href === '') return
    this.seen = true
    this.current = parseWebUrl(href, this.current) ?? this.current
  }

  /** `href` resolved here: a web URL, or undefined. */
  resolve(href: string): URL | undefined {
    return parseWebUrl(href, this.current)
  }
}
