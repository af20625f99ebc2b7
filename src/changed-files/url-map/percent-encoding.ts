/**
 * Captured path segments written into URL targets, percent-encoded as UTF-8.
 *
 * encodeURIComponent keeps RFC 3986's unreserved characters and `!'()*`, and encodes the rest of
 * the sub-delimiters, `:` and `@`, which a path segment may hold as they are: put those back.
 * Every '%' in its output starts a triple, so these matches cannot straddle two.
 */

/** What encodeUrlSegment keeps as it is (see above), and '/'. */
const NEEDS_NO_ENCODING = /^[A-Za-z0-9\-_.!~*'()$&+,;=:@/]*$/
const ALLOWED_IN_SEGMENT = /%(?:24|26|2B|2C|3B|3D|3A|40)/g
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Percent-encodes each '/'-separated segment of a captured value as UTF-8; '/' stays. */
export function encodeUrlPath(value: string): string {
  // Most captured names need no encoding at all: skip the split and the encoders for them.
  if (NEEDS_NO_ENCODING.test(value)) return value
  return value.split('/').map(encodeUrlSegment).join('/')
}

function encodeUrlSegment(segment: string): string {
  // encodeURIComponent throws on a lone surrogate; UTF-8 has no form for one anyway.
  const wellFormed = segment.replace(LONE_SURROGATE, '\uFFFD')
  return encodeURIComponent(wellFormed).replace(ALLOWED_IN_SEGMENT, triple =>
    decodeURIComponent(triple)
  )
}
