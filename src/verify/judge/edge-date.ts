/**
 * Reading the edge's timestamps: the cache date (`<Prefix>-Kc-Date`, e.g.
 * `2026-11-23T09:14:07.Z (GMT) (2h 3m 11s of 7d)`, UTC, fraction empty, present or absent) and
 * the `Date` header (an HTTP-date, one-second resolution). Both are instants in the edge's
 * clock, with how coarse they are, since a time without a fraction may be up to 1 s later. A
 * date that does not exist (month 13, hour 99, 30 February) is unreadable, not rolled over.
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
    const ms = utcInstant(
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
    const ms = utcInstant(
      Number(year),
      month,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second),
      0
    )
    return validInstant(ms, 1000)
  }
  return undefined
}

/**
 * The instant a UTC date and time name, or NaN when they name none. Date.UTC rolls every field
 * over (month 13 is next January, hour 99 four days later), which would read a broken header as
 * some other real date; each field is held to its range instead. Second 60 is a leap second
 * (RFC 9110 allows it in an HTTP-date): the instant it ends on.
 */
function utcInstant(
  year: number,
  monthIndex: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number
): number {
  if (monthIndex < 0 || monthIndex > 11 || day < 1 || hour > 23 || minute > 59 || second > 60) {
    return Number.NaN
  }
  // Day 0 of the next month is the last day of this one (asked only past the 28th: it is rare).
  if (day > 28 && day > new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate()) return Number.NaN
  return Date.UTC(year, monthIndex, day, hour, minute, second, ms)
}

function validInstant(ms: number, resolutionMs: number): EdgeInstant | undefined {
  return Number.isFinite(ms) ? { ms, resolutionMs } : undefined
}
