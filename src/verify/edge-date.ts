/**
 * Reading the edge's timestamps: the cache date (`<Prefix>-Kc-Date`, e.g.
 * `2026-11-23T09:14:07.Z (GMT) (2h 3m 11s of 7d)`, UTC, fraction empty, present or absent) and
 * the `Date` header (an HTTP-date, one-second resolution). Both are instants in the edge's
 * clock, with how coarse they are, since a time without a fraction may be up to 1 s later.
 */

export interface EdgeInstant {
  /** Milliseconds since the epoch, in the edge's clock. */
  readonly ms: number
  /** The true instant lies in [ms, ms + resolutionMs): 1000 when no fraction is given. */
  readonly resolutionMs: number
}

const CACHE_DATE =
  /^\s*(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d*))?\s*(?:Z|\+00:?00|UTC|GMT)/i
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
/** IMF-fixdate, the form RFC 9110 requires senders to use: `Sun, 06 Nov 1994 08:49:37 GMT`. */
const HTTP_DATE =
  /^\s*[A-Za-z]{3},\s+(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})\s+(\d{2}):(\d{2}):(\d{2})\s+GMT\s*$/

/** Parses a cache date or an HTTP-date; undefined when it is neither. */
export function parseEdgeDate(text: string | undefined): EdgeInstant | undefined {
  if (text === undefined) return undefined
  const iso = CACHE_DATE.exec(text)
  if (iso) {
    const [, year, month, day, hour, minute, second, fraction = ''] = iso
    const digits = fraction.slice(0, 3)
    const ms = Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second),
      digits === '' ? 0 : Number(digits.padEnd(3, '0'))
    )
    return validInstant(ms, fraction === '' ? 1000 : Math.max(1, 10 ** (3 - digits.length)))
  }
  const http = HTTP_DATE.exec(text)
  if (http) {
    const [, day, monthName = '', year, hour, minute, second] = http
    const month = MONTHS.indexOf(monthName.toLowerCase())
    if (month < 0) return undefined
    const ms = Date.UTC(
      Number(year),
      month,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second)
    )
    return validInstant(ms, 1000)
  }
  return undefined
}

function validInstant(ms: number, resolutionMs: number): EdgeInstant | undefined {
  return Number.isFinite(ms) ? { ms, resolutionMs } : undefined
}
