/**
 * Folder tags as the service gives them to a page: `/A/B/C/page` has `folder-A`,
 * `folder-A-f-B` and `folder-A-f-B-f-C`. A folder tag's pages can be found in the sitemap;
 * any other tag's cannot.
 */

/** `folder-A`, `folder-A-f-B`, …: a tag of that shape. */
export function isFolderTag(tag: string): boolean {
  return /^folder-./.test(tag)
}

/**
 * Whether a page carries a folder tag (the last segment is the page; the query is ignored).
 * Segments are compared as written and percent-decoded, since either may be what the backend
 * tagged.
 */
export function pageHasFolderTag(path: string, tag: string): boolean {
  const query = path.indexOf('?')
  const segments = (query < 0 ? path : path.slice(0, query)).split('/').slice(1, -1)
  if (segments.some(segment => segment === '')) return false
  for (const decode of [false, true]) {
    let current = 'folder'
    for (const [index, segment] of segments.entries()) {
      current += `${index === 0 ? '-' : '-f-'}${decode ? safeDecode(segment) : segment}`
      if (current === tag) return true
      if (!tag.startsWith(current)) break
    }
  }
  return false
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
