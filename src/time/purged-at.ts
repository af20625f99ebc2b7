/**
 * The `purged_at` input and the `accepted_at` output: the time the service accepted the last
 * purge, in the purging runner's clock, handed from the purge job to the verify jobs. Written as
 * ISO 8601 in UTC with milliseconds (`2026-11-23T09:14:07.250Z`, what Date#toISOString gives);
 * read as any RFC 3339 date-time, which must say its time zone (`Z` or `+02:00`): a time
 * without one could be hours off.
 */

const RFC_3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/

/** `accepted_at`'s value for a time in the runner's clock (ms since the epoch). */
export function formatAcceptedAt(ms: number): string {
  return new Date(ms).toISOString()
}

/** The time `text` names (ms since the epoch), or why it is not one. */
export function parsePurgedAt(text: string): number | { readonly problem: string } {
  const match = RFC_3339.exec(text.trim())
  const example =
    'e.g. 2026-11-23T09:14:07.250Z, as the accepted_at output of a purging run gives it'
  if (!match) {
    const zoneless = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text.trim())
    return {
      problem: zoneless
        ? `has no time zone: add Z for UTC or an offset such as +02:00 (${example})`
        : `must be an RFC 3339 / ISO 8601 date and time with its time zone (${example})`
    }
  }
  const [, year, month, day, hour, minute, second, fraction = '', zone = 'Z'] = match
  const fields = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number
  ]
  const [y, mo, d, h, mi, s] = fields
  const utc = Date.UTC(y, mo - 1, d, h, mi, s)
  const check = new Date(utc)
  // Date.UTC rolls 2026-02-30 over to March 2: a day or hour out of range is refused instead.
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  ) {
    return { problem: `is not a real date and time (${example})` }
  }
  // Milliseconds from the first three digits: finer digits are cut, not rounded up.
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3))
  const offset =
    zone.toUpperCase() === 'Z'
      ? 0
      : (zone.startsWith('-') ? -1 : 1) *
        (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) *
        60_000
  if (Math.abs(offset) >= 24 * 3_600_000 || Number(zone.slice(4, 6) || '0') > 59) {
    return { problem: `has a time zone offset out of range (${example})` }
  }
  return utc + ms - offset
}
