/** Words and numbers as the summary and the status line write them (plain text, not escaped). */

/**
 * A number with its thousands grouped as English writes them: `1,234,567`, `12,345.5`. Not
 * toLocaleString('en'): its first call loads ICU's locale data, which took 15 to 60 ms of a
 * dry run's whole start (a run that prints one count pays it once, and most runs print one).
 */
export function grouped(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  const [whole = '', fraction] = String(Math.abs(value)).split('.')
  const digits = whole.replace(/\B(?=(\d{3})+$)/g, ',')
  return `${value < 0 ? '-' : ''}${digits}${fraction === undefined ? '' : `.${fraction}`}`
}

/** `1 page`, `2 pages`; `1,234 checks` (thousands grouped). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${grouped(count)} ${count === 1 ? one : many}`
}

/** `a`, `a and b`, `a, b and c`. */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`
}

/** A measured time: `0.4 s`, `59.9 s`, `3 min 05 s`, `1 h 02 min`. */
export function elapsed(ms: number): string {
  if (ms < 59_950) return `${(Math.max(0, ms) / 1000).toFixed(1)} s`
  return minutesAndHours(Math.round(ms / 1000))
}

/** A time to the whole second, for progress lines: `45 s`, `3 min 05 s`, `1 h 02 min`. */
export function wholeSeconds(ms: number): string {
  const seconds = Math.round(ms / 1000)
  return seconds < 60 ? `${seconds} s` : minutesAndHours(seconds)
}

/** A time in seconds to a tenth, however long: `0.5 s`, `600.0 s`. */
export function tenths(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

/** `3 min 05 s`, `1 h 02 min`: a minute or more. */
function minutesAndHours(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`
}

/** A configured time, as given: `6 s`, `2.5 s`, `90 s`, `10 min`, `6 h`. */
export function setting(ms: number): string {
  const seconds = ms / 1000
  if (seconds >= 3600 && seconds % 3600 === 0) return `${seconds / 3600} h`
  if (seconds >= 120 && seconds % 60 === 0) return `${seconds / 60} min`
  return `${Number(seconds.toFixed(3))} s`
}

/** `21:26:28Z`: the time of day in UTC, to the second. */
export function clockTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(11, 19)}Z`
}

/** A commit as people write it in a sentence: its first 7 characters (`abc1234`), git's default. */
export function shortSha(sha: string): string {
  return sha.slice(0, 7)
}
