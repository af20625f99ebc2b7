// @ts-check
/**
 * Local emulator of the rendering-cache service's purge API (see emulator/README.md).
 *
 * Plain JavaScript ESM with Node built-ins only, so it runs on a fresh clone without
 * `npm install`. JSDoc types let TypeScript tests import it.
 */
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import { sampleSite, sites } from './site.mjs'

/** @typedef {import('./site.mjs').Site} Site */
/** @typedef {import('./site.mjs').SitePage} SitePage */
/** @typedef {import('./site.mjs').TagRule} TagRule */

/** The message of a successful purge, as the real service words it. */
export const SUCCESS_MESSAGE =
  'Cache purge successful. This operation may take a few minutes to propagate across all data centers.'

/** The service's purge endpoints. */
export const ENDPOINTS = Object.freeze({
  tag: '/api/v1/cache/purge/tag',
  url: '/api/v1/cache/purge',
  pattern: '/api/v1/cache/purge/pattern'
})

/** @type {Map<string, 'tag' | 'url' | 'pattern'>} */
const KIND_BY_PATH = new Map([
  [ENDPOINTS.tag, 'tag'],
  [ENDPOINTS.url, 'url'],
  [ENDPOINTS.pattern, 'pattern']
])

const CONTROL_PREFIX = '/_emulator'
const COUNTRY_RE = /^(?:[A-Z]{2}|ALL)$/

/**
 * @typedef {object} EmulatorOptions
 * @property {string} [host] Interface to listen on (default `127.0.0.1`).
 * @property {number} [port] Port (default 0: any free port).
 * @property {string} [apiKey] The key the service accepts (default `emulator-key`).
 * @property {number} [latencyMs] Added to every service answer (default 0).
 * @property {Site | SitePage[]} [site] What to seed the cache with (default the sample site).
 * @property {string} [brand] Brand in the request id header `x-<brand>-requestid` (default `emu`).
 * @property {boolean} [requireCountry] Answer 400 when a Cache By Country site gets a purge
 *   without `country` (default false: absent means every country).
 * @property {number} [maxLog] How many request-log and purge-history records to keep (default 20000).
 * @property {number} [maxBodyBytes] Larger request bodies get 413 (default 10 MiB).
 */

/**
 * One cached rendering: a page for one device type (and one country on Cache By Country sites).
 * @typedef {object} CacheEntry
 * @property {string} path
 * @property {string} device
 * @property {string | null} country `null` unless the site uses Cache By Country.
 * @property {string[]} tags
 */

/**
 * A fault to inject into one service request. Fields combine where it makes sense
 * (`{status: 503, delayMs: 200}`).
 * @typedef {object} Fault
 * @property {number} [status] Answer with this status without processing the purge (body:
 *   `{"error":{"message":...}}` unless `body` is given). With `rawBody`/`resultFalse`: their status.
 * @property {object | string} [body] Body for a `status` fault (an object is sent as JSON).
 * @property {Record<string, string>} [headers] Extra response headers (`Retry-After`, `X-RateLimit-Reset`, ...).
 * @property {string} [message] Error message for `status` / `resultFalse` faults.
 * @property {number} [delayMs] Answer this much later. Alone: the purge is processed normally.
 * @property {boolean} [drop] Destroy the socket without answering; nothing is purged.
 * @property {boolean} [resultFalse] Answer 200 `{"result": false, ...}`; nothing is purged.
 * @property {string} [rawBody] Answer this text verbatim (status default 200); nothing is purged
 *   unless `process` is true.
 * @property {boolean} [process] With `rawBody`: process the purge before answering.
 * @property {string} [path] Only requests to this path get the fault (others skip it in the queue).
 * @property {number} [times] Enqueue this fault this many times (default 1).
 */

/**
 * Settings of random fault injection. Rates are probabilities per request (0..1), drawn in
 * this order from one seeded PRNG draw per request: 503, 429, drop, slow.
 * @typedef {object} RandomFaultOptions
 * @property {number} [seed] PRNG seed (default 1).
 * @property {number} [rate503]
 * @property {number} [rate429]
 * @property {number} [rateDrop]
 * @property {number} [rateSlow] Slow answers are processed normally and answered after `slowMs`.
 * @property {number} [slowMs] Default 2000.
 * @property {number} [retryAfterSeconds] When set, 503 and 429 answers carry `Retry-After`.
 * @property {number} [rateLimitResetMs] When set, 429 answers carry `X-RateLimit-Reset` (ms).
 * @property {string} [path] Only requests to this path draw.
 */

/**
 * @typedef {object} FaultStats
 * @property {number} injected Faults applied so far (queued and random).
 * @property {Record<string, number>} byKind Count by kind: `503`, `429` (any status), `drop`,
 *   `slow`, `delay`, `resultFalse`, `rawBody`.
 * @property {number} queued Faults still waiting in the queue.
 * @property {RandomFaultOptions | null} random The random settings in force.
 */

/**
 * One service request as the emulator saw it (control requests are not logged).
 * @typedef {object} RequestLogEntry
 * @property {string} id The request id sent in `x-<brand>-requestid`.
 * @property {number} seq 1-based arrival number.
 * @property {number} time `Date.now()` at arrival.
 * @property {string} method
 * @property {string} path
 * @property {string} query The query string with every `api_key` value replaced by `***`.
 * @property {string} rawQuery The query string as received (contains the key).
 * @property {boolean} apiKeyMatched Whether `api_key` decoded to exactly the configured key.
 * @property {boolean} apiKeyOk Same as `apiKeyMatched`.
 * @property {string | null} contentType
 * @property {string | null} userAgent
 * @property {unknown} body The parsed JSON body, or the raw text when it is not JSON.
 * @property {number | null} status The status answered (null when dropped).
 * @property {string | null} fault The kind of fault applied, if any.
 * @property {number | null} purged Cache entries removed by this request.
 * @property {boolean} answered Whether the answer was written.
 * @property {boolean} aborted Whether the client went away before the answer was written.
 */

/**
 * One processed purge.
 * @typedef {object} PurgeRecord
 * @property {string} requestId
 * @property {'tag' | 'url' | 'pattern'} kind
 * @property {string[]} values The tags, the URLs, or the one pattern.
 * @property {string | null} country As sent (`null` when absent).
 * @property {number} purged Cache entries removed.
 * @property {string[]} paths Paths that lost at least one entry.
 * @property {number} time
 */

/**
 * A plain JSON snapshot of the emulator.
 * @typedef {object} EmulatorState
 * @property {number} requestCount Service requests received since the last reset.
 * @property {number} latencyMs
 * @property {string} site
 * @property {boolean} cacheByCountry
 * @property {number} cachedCount
 * @property {CacheEntry[]} cached
 * @property {Record<string, number>} purgeCounts Path → number of purge requests that selected it.
 * @property {Record<string, number>} tagPurgeCounts Tag → number of tag purges that named it.
 * @property {string[]} purgedUrls Every URL named by a URL purge.
 * @property {PurgeRecord[]} history
 * @property {FaultStats} faults
 */

// ---------------------------------------------------------------------------------------------
// PCRE → JavaScript RegExp
// ---------------------------------------------------------------------------------------------

/** A pattern the service could not compile (answered with 422). */
export class PatternError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message)
    this.name = 'PatternError'
  }
}

/** @type {Record<string, string>} */
const CLOSING = { '(': ')', '{': '}', '[': ']', '<': '>' }
const PCRE_MODIFIERS = new Set('imsxADSUXJun')
const SPECIAL = new Set('\\^$.*+?()[]{}|/')
const CLASS_SPECIAL = new Set('\\]^-[')
const HSPACE = '\\t \\u00a0\\u1680\\u180e\\u2000-\\u200a\\u202f\\u205f\\u3000'
const VSPACE = '\\n\\v\\f\\r\\x85\\u2028\\u2029'
const START = '(?<![\\s\\S])'
const END = '(?![\\s\\S])'
/** @type {Record<string, string>} */
const POSIX = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: '\\s',
  blank: ' \\t',
  word: '\\w',
  xdigit: '0-9A-Fa-f',
  punct: '!-\\/:-@\\[-`{-~',
  cntrl: '\\x00-\\x1f\\x7f',
  print: '\\x20-\\x7e',
  graph: '\\x21-\\x7e',
  ascii: '\\x00-\\x7f'
}

/**
 * @param {string} ch
 * @param {boolean} inClass
 * @returns {string}
 */
function literal(ch, inClass) {
  if (inClass ? CLASS_SPECIAL.has(ch) : SPECIAL.has(ch)) return `\\${ch}`
  if (ch === '\n') return '\\n'
  if (ch === '\r') return '\\r'
  return ch
}

/**
 * @param {string} text
 * @param {boolean} inClass
 */
function literalText(text, inClass) {
  let out = ''
  for (const ch of text) out += literal(ch, inClass)
  return out
}

/** @param {string} construct */
function unsupported(construct) {
  return new PatternError(
    `The emulator cannot translate ${construct} to a JavaScript regular expression`
  )
}

/**
 * Compiles a PHP PCRE pattern with delimiters (`#^/blog/.+\.html$#i`) into a JavaScript RegExp,
 * as closely as the two dialects allow. Throws a `PatternError` where PHP would fail to compile
 * (no or bad delimiter, unknown modifier, syntax error), and where the emulator has no
 * translation (`\K`, recursion, conditionals, backtracking verbs).
 * @param {string} pattern
 * @returns {{ regex: RegExp, delimiter: string, body: string, modifiers: string }}
 */
export function compilePcre(pattern) {
  if (typeof pattern !== 'string') throw new PatternError('The pattern must be a string')
  const n = pattern.length
  let i = 0
  while (i < n && /\s/.test(pattern.charAt(i))) i++
  if (i >= n) throw new PatternError('Empty regular expression')
  const open = pattern.charAt(i)
  if (/[A-Za-z0-9\\\0]/.test(open)) {
    throw new PatternError('Delimiter must not be alphanumeric, backslash, or NUL')
  }
  const close = CLOSING[open] ?? open
  let j = i + 1
  let depth = 1
  for (; j < n; j++) {
    const c = pattern.charAt(j)
    if (c === '\\' && j + 1 < n) j++
    else if (c === close && (close === open || --depth <= 0)) break
    else if (c === open && close !== open) depth++
  }
  if (j >= n) {
    throw new PatternError(
      close === open
        ? `No ending delimiter '${close}' found`
        : `No ending matching delimiter '${close}' found`
    )
  }
  const body = pattern.slice(i + 1, j)
  const modifiers = pattern.slice(j + 1)
  for (const m of modifiers) {
    if (m === ' ' || m === '\n' || m === '\r') continue
    if (!PCRE_MODIFIERS.has(m)) throw new PatternError(`Unknown modifier '${m}'`)
  }
  const regex = translatePcreBody(body, new Set(modifiers))
  return { regex, delimiter: open, body, modifiers: modifiers.trim() }
}

/**
 * Translates the body of a PCRE pattern (between the delimiters) into a RegExp.
 * @param {string} src
 * @param {Set<string>} mods PCRE modifiers.
 * @returns {RegExp}
 */
export function translatePcreBody(src, mods) {
  const f = {
    i: mods.has('i'),
    m: mods.has('m'),
    s: mods.has('s'),
    x: mods.has('x'),
    U: mods.has('U'),
    n: mods.has('n'),
    D: mods.has('D')
  }
  let needU = mods.has('u')
  const n = src.length
  let i = 0
  let out = ''
  let groups = 0

  /** Reads an optional lazy/possessive marker after a quantifier and emits the quantifier. */
  const quantifier = (/** @type {string} */ q) => {
    let lazy = false
    let possessive = false
    if (src[i] === '+') {
      possessive = true
      i++
    } else if (src[i] === '?') {
      lazy = true
      i++
    }
    if (f.U && !possessive) lazy = !lazy
    out += q + (lazy ? '?' : '')
  }

  /** @returns {string} */
  const readName = (/** @type {string} */ end) => {
    const stop = src.indexOf(end, i)
    if (stop < 0)
      throw new PatternError(`Syntax error in subpattern name (missing terminator '${end}')`)
    const name = src.slice(i, stop)
    if (!/^[A-Za-z_]\w*$/.test(name)) throw new PatternError(`Invalid group name '${name}'`)
    i = stop + end.length
    return name
  }

  /** \p and \P, i pointing after the letter. */
  const property = (/** @type {boolean} */ negated) => {
    let name
    if (src[i] === '{') {
      const stop = src.indexOf('}', i)
      if (stop < 0) throw new PatternError('Malformed \\p or \\P sequence')
      name = src.slice(i + 1, stop)
      i = stop + 1
    } else {
      name = src[i] ?? ''
      i++
    }
    if (name.startsWith('^')) {
      negated = !negated
      name = name.slice(1)
    }
    if (!name) throw new PatternError('Malformed \\p or \\P sequence')
    if (name === 'L&') name = 'LC'
    const gc = /^[A-Z][a-z&]?$/.test(name) || name === 'Any'
    needU = true
    const body = name === 'Any' ? 'Any' : gc ? name : `Script=${name}`
    return `\\${negated ? 'P' : 'p'}{${body}}`
  }

  /** A code point written \x.., \o{..}, \0.., \c. or \e/\a; i pointing at the letter. */
  const codePoint = (/** @type {string} */ d) => {
    if (d === 'x') {
      if (src[i + 1] === '{') {
        const stop = src.indexOf('}', i)
        const hex = src.slice(i + 2, stop)
        if (stop < 0 || !/^[0-9A-Fa-f]+$/.test(hex)) throw new PatternError('Malformed \\x{...}')
        i = stop + 1
        return Number.parseInt(hex, 16)
      }
      const m = /^[0-9A-Fa-f]{0,2}/.exec(src.slice(i + 1)) ?? ['']
      i += 1 + m[0].length
      return m[0] ? Number.parseInt(m[0], 16) : 0
    }
    if (d === 'o') {
      const stop = src.indexOf('}', i)
      const oct = src.slice(i + 2, stop)
      if (src[i + 1] !== '{' || stop < 0 || !/^[0-7]+$/.test(oct)) {
        throw new PatternError('Malformed \\o{...}')
      }
      i = stop + 1
      return Number.parseInt(oct, 8)
    }
    if (d === '0') {
      const m = /^[0-7]{0,2}/.exec(src.slice(i + 1)) ?? ['']
      i += 1 + m[0].length
      return m[0] ? Number.parseInt(m[0], 8) : 0
    }
    if (d === 'c') {
      const ch = src[i + 1]
      if (ch === undefined) throw new PatternError('\\c at end of pattern')
      i += 2
      return ch.toUpperCase().charCodeAt(0) ^ 0x40
    }
    i++
    return d === 'e' ? 0x1b : 0x07
  }

  /** An escape sequence; i pointing at the backslash. Returns the translation. */
  const escape = (/** @type {boolean} */ inClass) => {
    const d = src[i + 1]
    if (d === undefined) throw new PatternError('\\ at end of pattern')
    i++ // now at d
    if (d === 'Q') {
      const stop = src.indexOf('\\E', i + 1)
      const text = stop < 0 ? src.slice(i + 1) : src.slice(i + 1, stop)
      i = stop < 0 ? n : stop + 2
      return literalText(text, inClass)
    }
    if (d === 'E') {
      i++
      return ''
    }
    if ('xo0cea'.includes(d)) return literal(String.fromCodePoint(codePoint(d)), inClass)
    if (d === 'p' || d === 'P') {
      i++
      return property(d === 'P')
    }
    if ('dDwWsSnrtf'.includes(d)) {
      i++
      return `\\${d}`
    }
    if (d === 'h' || d === 'v') {
      i++
      const set = d === 'h' ? HSPACE : VSPACE
      return inClass ? set : `[${set}]`
    }
    if (inClass) {
      if (d === 'b') {
        i++
        return '\\x08'
      }
      if (/[A-Za-z]/.test(d)) throw new PatternError(`Escape sequence \\${d} is invalid in a class`)
      if (/[1-7]/.test(d)) {
        const m = /^[0-7]{1,3}/.exec(src.slice(i)) ?? ['']
        i += m[0].length
        return literal(String.fromCharCode(Number.parseInt(m[0], 8)), true)
      }
      i++
      return literal(d, true)
    }
    switch (d) {
      case 'b':
      case 'B':
        i++
        return `\\${d}`
      case 'A':
      case 'G':
        i++
        return START
      case 'z':
        i++
        return END
      case 'Z':
        i++
        return `(?=\\n?${END})`
      case 'H':
        i++
        return `[^${HSPACE}]`
      case 'V':
        i++
        return `[^${VSPACE}]`
      case 'R':
        i++
        return `(?:\\r\\n|[${VSPACE}])`
      case 'N':
        i++
        return '[^\\n]'
      case 'C':
        i++
        return '[\\s\\S]'
      case 'k': {
        i++
        const opener = src[i]
        const end = opener === '<' ? '>' : opener === '{' ? '}' : opener === "'" ? "'" : ''
        if (!end) throw new PatternError('\\k is not followed by a name')
        i++
        return `\\k<${readName(end)}>`
      }
      case 'g': {
        i++
        let ref
        if (src[i] === '<' || src[i] === "'") throw unsupported('a subroutine call (\\g<...>)')
        if (src[i] === '{') {
          i++
          ref = readRef('}')
        } else {
          const m = /^-?\d+/.exec(src.slice(i))
          if (!m) throw new PatternError('\\g is not followed by a number or a name')
          ref = m[0]
          i += m[0].length
        }
        if (/^-?\d+$/.test(ref)) {
          const num = Number(ref)
          const abs = num < 0 ? groups + num + 1 : num
          if (abs <= 0) throw new PatternError('Reference to non-existent subpattern')
          return `(?:\\${abs})`
        }
        return `\\k<${ref}>`
      }
      case 'K':
        throw unsupported('\\K')
      case 'X':
        throw unsupported('\\X')
      default:
        break
    }
    if (/[1-9]/.test(d)) {
      const m = /^\d+/.exec(src.slice(i)) ?? ['']
      i += m[0].length
      return `(?:\\${m[0]})`
    }
    if (/[A-Za-z0-9]/.test(d)) throw new PatternError(`Unrecognized character follows \\: \\${d}`)
    i++
    return literal(d, false)
  }

  /** @returns {string} */
  const readRef = (/** @type {string} */ end) => {
    const stop = src.indexOf(end, i)
    if (stop < 0) throw new PatternError('Malformed \\g{...}')
    const ref = src.slice(i, stop)
    i = stop + 1
    return ref
  }

  /** A character class; i pointing at `[`. */
  const charClass = () => {
    let cls = '['
    i++
    if (src[i] === '^') {
      cls += '^'
      i++
    }
    if (src[i] === ']') {
      cls += '\\]'
      i++
    }
    while (i < n && src[i] !== ']') {
      const c = src.charAt(i)
      if (c === '[' && src[i + 1] === ':') {
        const stop = src.indexOf(':]', i + 2)
        if (stop < 0) {
          cls += '\\['
          i++
          continue
        }
        let name = src.slice(i + 2, stop)
        const negated = name.startsWith('^')
        if (negated) name = name.slice(1)
        const set = POSIX[name]
        if (set === undefined) throw new PatternError(`Unknown POSIX class name '${name}'`)
        if (negated) throw unsupported(`a negated POSIX class [:^${name}:]`)
        cls += set
        i = stop + 2
      } else if (c === '\\') {
        cls += escape(true)
      } else {
        cls += c === '[' ? '\\[' : c
        i++
      }
    }
    if (i >= n) throw new PatternError('Missing terminating ] for character class')
    i++
    return `${cls}]`
  }

  /** A group opener; i pointing at `(`. */
  const group = () => {
    if (src[i + 1] === '*') {
      const stop = src.indexOf(')', i)
      const verb = stop < 0 ? '' : src.slice(i + 2, stop)
      if (/^(?:UTF8?|UCP)$/.test(verb)) needU = true
      if (
        out === '' &&
        /^(?:UTF8?|UTF16|UTF32|UCP|NO_AUTO_POSSESS|NO_START_OPT|NO_DOTSTAR_ANCHOR|NO_JIT|NOTEMPTY(?:_ATSTART)?|CR|LF|CRLF|ANYCRLF|ANY|NUL|BSR_ANYCRLF|BSR_UNICODE|LIMIT_\w+=\d+)$/.test(
          verb
        )
      ) {
        i = stop + 1
        return
      }
      if (verb === 'FAIL' || verb === 'F') {
        out += '(?!)'
        i = stop + 1
        return
      }
      throw unsupported(`the verb (*${verb})`)
    }
    if (src[i + 1] !== '?') {
      i++
      if (f.n) {
        out += '(?:'
      } else {
        groups++
        out += '('
      }
      return
    }
    const rest = src.slice(i + 2)
    i += 2
    if (rest.startsWith('#')) {
      const stop = src.indexOf(')', i)
      if (stop < 0) throw new PatternError('Missing ) after (?# comment')
      i = stop + 1
      return
    }
    if (rest.startsWith(':') || rest.startsWith('>') || rest.startsWith('|')) {
      i++
      out += '(?:'
      return
    }
    if (/^(?:=|!|<=|<!)/.test(rest)) {
      out += '(?'
      return
    }
    if (rest.startsWith('P<') || rest.startsWith('<') || rest.startsWith("'")) {
      const end = rest.startsWith("'") ? "'" : '>'
      i += rest.startsWith('P<') ? 2 : 1
      groups++
      out += `(?<${readName(end)}>`
      return
    }
    if (rest.startsWith('P=')) {
      i += 2
      out += `\\k<${readName(')')}>`
      return
    }
    if (/^(?:P>|R|[+-]?\d|&)/.test(rest)) throw unsupported('recursion or a subroutine call')
    if (rest.startsWith('(')) throw unsupported('a conditional subpattern')
    if (rest.startsWith('C')) throw unsupported('a callout')
    const m = /^([imsxnUJ]*)(?:-([imsxnUJ]*))?([:)])/.exec(rest)
    if (!m) throw new PatternError(`Unrecognized character after (? at offset ${i - 1}`)
    i += m[0].length
    for (const flag of m[1] ?? '') {
      if (flag in f) f[/** @type {keyof typeof f} */ (flag)] = true
    }
    for (const flag of m[2] ?? '') {
      if (flag === 'J') continue
      if (flag in f && f[/** @type {keyof typeof f} */ (flag)]) {
        throw unsupported(`turning off an option inside the pattern (?-${m[2]})`)
      }
    }
    if (m[3] === ':') out += '(?:'
  }

  while (i < n) {
    const c = src.charAt(i)
    if (f.x && /\s/.test(c)) {
      i++
      continue
    }
    if (f.x && c === '#') {
      const stop = src.indexOf('\n', i)
      i = stop < 0 ? n : stop + 1
      continue
    }
    switch (c) {
      case '\\':
        out += escape(false)
        break
      case '[':
        out += charClass()
        break
      case '(':
        group()
        break
      case '*':
      case '+':
      case '?':
        i++
        quantifier(c)
        break
      case '{': {
        const m = /^\{(?:\d+(?:,\d*)?|,\d+)\}/.exec(src.slice(i))
        if (m) {
          i += m[0].length
          quantifier(m[0].startsWith('{,') ? `{0${m[0].slice(1)}` : m[0])
        } else {
          out += '\\{'
          i++
        }
        break
      }
      case '}':
      case ']':
        out += `\\${c}`
        i++
        break
      case '$':
        out += f.m || f.D ? '$' : `(?=\\n?${END})`
        i++
        break
      default:
        out += c
        i++
    }
  }

  const source = mods.has('A') ? `${START}(?:${out})` : out
  const flags = `${f.i ? 'i' : ''}${f.m ? 'm' : ''}${f.s ? 's' : ''}${needU ? 'u' : ''}`
  try {
    return new RegExp(source, flags)
  } catch (err) {
    throw new PatternError(
      `Compilation failed: ${err instanceof Error ? err.message : String(err)}`
    )
  }
}

// ---------------------------------------------------------------------------------------------
// Cache model
// ---------------------------------------------------------------------------------------------

/**
 * Folder tags of a path: `/A/B/C/page` → `folder-A`, `folder-A-f-B`, `folder-A-f-B-f-C`. The
 * last segment is the page (`/blog/` is the index page of folder `blog`); the query is ignored.
 * @param {string} path
 * @returns {string[]}
 */
export function folderTagsFor(path) {
  const q = path.indexOf('?')
  const segments = (q < 0 ? path : path.slice(0, q)).split('/').slice(1, -1).filter(Boolean)
  /** @type {string[]} */
  const tags = []
  let tag = 'folder'
  for (const [k, segment] of segments.entries()) {
    tag += k === 0 ? `-${segment}` : `-f-${segment}`
    tags.push(tag)
  }
  return tags
}

/**
 * Every tag of a page, from its header tags, the site's tag rules and its folders.
 * @param {Site} site
 * @param {SitePage} page
 * @returns {{ header: string[], rules: string[], folder: string[], all: string[] }}
 */
export function pageTags(site, page) {
  const header = (page.tags ?? []).map(t => t.trim()).filter(Boolean)
  /** @type {string[]} */
  const rules = []
  for (const rule of site.tagRules ?? []) {
    const hit =
      rule.url !== undefined
        ? rule.url === page.path
        : rule.pattern !== undefined && compilePcre(rule.pattern).regex.test(page.path)
    if (hit) rules.push(...rule.tags)
  }
  const folder = site.folderTags === false ? [] : folderTagsFor(page.path)
  return { header, rules, folder, all: [...new Set([...header, ...rules, ...folder])] }
}

/**
 * Expands a site into its cache entries.
 * @param {Site | SitePage[]} site
 * @returns {CacheEntry[]}
 */
export function expandSite(site) {
  const s = Array.isArray(site) ? { pages: site } : site
  const devices = s.devices ?? ['mobile', 'desktop']
  /** @type {CacheEntry[]} */
  const entries = []
  for (const page of s.pages) {
    const tags = pageTags(s, page).all
    const countries = s.cacheByCountry ? (page.countries ?? s.countries ?? ['US']) : [null]
    for (const device of page.devices ?? devices) {
      for (const country of countries) entries.push({ path: page.path, device, country, tags })
    }
  }
  return entries
}

/**
 * @typedef {object} CachedPage
 * @property {string} path
 * @property {string[]} tags
 * @property {Map<string, { device: string, country: string | null }>} variants
 */

/** The service's cache: entries keyed by (path, device, country), with a tag index. */
export class CacheStore {
  constructor() {
    /** @type {Map<string, CachedPage>} */
    this.pages = new Map()
    /** @type {Map<string, Set<string>>} tag → paths */
    this.tagIndex = new Map()
    this.cacheByCountry = false
    this.siteName = ''
    /** @private */
    this._size = 0
  }

  /**
   * Replaces the content with a site's entries.
   * @param {Site | SitePage[]} site
   */
  load(site) {
    this.pages.clear()
    this.tagIndex.clear()
    this._size = 0
    this.cacheByCountry = !Array.isArray(site) && site.cacheByCountry === true
    this.siteName = Array.isArray(site) ? 'custom' : (site.name ?? 'custom')
    for (const entry of expandSite(site)) this.add(entry)
  }

  /**
   * Adds one entry (a page rendered for one device and country).
   * @param {CacheEntry} entry
   */
  add(entry) {
    let page = this.pages.get(entry.path)
    if (!page) {
      page = { path: entry.path, tags: [...entry.tags], variants: new Map() }
      this.pages.set(entry.path, page)
      for (const tag of page.tags) {
        let paths = this.tagIndex.get(tag)
        if (!paths) this.tagIndex.set(tag, (paths = new Set()))
        paths.add(entry.path)
      }
    }
    const key = `${entry.device}|${entry.country ?? ''}`
    if (!page.variants.has(key)) {
      page.variants.set(key, { device: entry.device, country: entry.country })
      this._size++
    }
  }

  /** Number of cached entries. */
  get size() {
    return this._size
  }

  /**
   * Whether a page is cached (optionally: for this device and/or country).
   * @param {string} path
   * @param {{ device?: string, country?: string | null }} [filter]
   * @returns {boolean}
   */
  has(path, filter = {}) {
    return this.count(path, filter) > 0
  }

  /**
   * Number of cached entries of a page (optionally: for this device and/or country).
   * @param {string} path
   * @param {{ device?: string, country?: string | null }} [filter]
   * @returns {number}
   */
  count(path, filter = {}) {
    const page = this.pages.get(path)
    if (!page) return 0
    let count = 0
    for (const v of page.variants.values()) {
      if (filter.device !== undefined && v.device !== filter.device) continue
      if (filter.country !== undefined && v.country !== filter.country) continue
      count++
    }
    return count
  }

  /** @returns {string[]} Cached paths. */
  paths() {
    return [...this.pages.keys()]
  }

  /**
   * @param {string} path
   * @returns {string[]} The tags of a cached page (empty when not cached).
   */
  tagsOf(path) {
    return [...(this.pages.get(path)?.tags ?? [])]
  }

  /** @returns {CacheEntry[]} Every cached entry. */
  entries() {
    /** @type {CacheEntry[]} */
    const out = []
    for (const page of this.pages.values()) {
      for (const v of page.variants.values()) {
        out.push({ path: page.path, device: v.device, country: v.country, tags: [...page.tags] })
      }
    }
    return out
  }

  /**
   * Removes the entries of one page: every device; every country when `country` is null or
   * `ALL` or the site does not cache by country, else only that country's entries.
   * @param {string} path
   * @param {string | null} country
   * @returns {number} Entries removed.
   */
  remove(path, country) {
    const page = this.pages.get(path)
    if (!page) return 0
    const everyCountry = country === null || country === 'ALL' || !this.cacheByCountry
    let removed = 0
    for (const [key, v] of page.variants) {
      if (everyCountry || v.country === country) {
        page.variants.delete(key)
        removed++
      }
    }
    this._size -= removed
    if (page.variants.size === 0) {
      this.pages.delete(path)
      for (const tag of page.tags) {
        const paths = this.tagIndex.get(tag)
        paths?.delete(path)
        if (paths?.size === 0) this.tagIndex.delete(tag)
      }
    }
    return removed
  }
}

// ---------------------------------------------------------------------------------------------
// Faults
// ---------------------------------------------------------------------------------------------

/**
 * The mulberry32 PRNG: a deterministic sequence of numbers in [0, 1) for a seed.
 * @param {number} seed
 * @returns {() => number}
 */
export function mulberry32(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** @param {Fault} fault */
function faultKind(fault) {
  if (fault.drop) return 'drop'
  if (fault.rawBody !== undefined) return 'rawBody'
  if (fault.resultFalse) return 'resultFalse'
  if (fault.status !== undefined) return String(fault.status)
  return 'delay'
}

/** Fault injection: a queue of faults for the next requests, and seeded random faults. */
export class FaultController {
  constructor() {
    /** @type {Fault[]} */
    this.queue = []
    /** @type {RandomFaultOptions | null} @private */
    this._random = null
    /** @type {(() => number) | null} @private */
    this._prng = null
    /** @private */
    this._injected = 0
    /** @type {Record<string, number>} @private */
    this._byKind = {}
  }

  /**
   * The next service requests (those matching each fault's `path`, if given) get these faults,
   * one each, in order.
   * @param {...Fault} faults
   * @returns {number} Faults queued.
   */
  enqueue(...faults) {
    for (const fault of faults) {
      if (fault === null || typeof fault !== 'object') throw new TypeError('A fault is an object')
      const times = fault.times ?? 1
      for (let k = 0; k < times; k++) this.queue.push({ ...fault })
    }
    return this.queue.length
  }

  /**
   * Turns random faults on (or off with `null`). The PRNG restarts from the seed.
   * @param {RandomFaultOptions | null} options
   */
  random(options) {
    this._random = options ? { ...options } : null
    this._prng = options ? mulberry32(options.seed ?? 1) : null
  }

  /** Empties the queue and turns random faults off (the stats are kept). */
  clear() {
    this.queue.length = 0
    this.random(null)
  }

  /** Clears the queue, random faults and stats. */
  reset() {
    this.clear()
    this._injected = 0
    this._byKind = {}
  }

  /** @returns {number} Faults waiting in the queue. */
  pending() {
    return this.queue.length
  }

  /** @returns {FaultStats} */
  stats() {
    return {
      injected: this._injected,
      byKind: { ...this._byKind },
      queued: this.queue.length,
      random: this._random ? { ...this._random } : null
    }
  }

  /**
   * Picks the fault for a request to `path`: the first matching queued fault, else a random draw.
   * @param {string} path
   * @returns {{ fault: Fault, kind: string } | null}
   */
  next(path) {
    const at = this.queue.findIndex(fault => fault.path === undefined || fault.path === path)
    /** @type {{ fault: Fault, kind: string } | null} */
    let pick = null
    if (at >= 0) {
      const fault = /** @type {Fault} */ (this.queue.splice(at, 1)[0])
      pick = { fault, kind: faultKind(fault) }
    } else if (this._random && this._prng && (!this._random.path || this._random.path === path)) {
      pick = this._draw(this._random, this._prng())
    }
    if (pick) {
      this._injected++
      this._byKind[pick.kind] = (this._byKind[pick.kind] ?? 0) + 1
    }
    return pick
  }

  /**
   * @private
   * @param {RandomFaultOptions} r
   * @param {number} x
   * @returns {{ fault: Fault, kind: string } | null}
   */
  _draw(r, x) {
    const retry = r.retryAfterSeconds
    /** @type {Record<string, string>} */
    const headers = retry === undefined ? {} : { 'Retry-After': String(retry) }
    let edge = r.rate503 ?? 0
    if (x < edge) return { fault: { status: 503, headers }, kind: '503' }
    edge += r.rate429 ?? 0
    if (x < edge) {
      const reset = r.rateLimitResetMs
      /** @type {Record<string, string>} */
      const rl = { ...headers }
      if (reset !== undefined) rl['X-RateLimit-Reset'] = String(reset)
      return { fault: { status: 429, headers: rl }, kind: '429' }
    }
    edge += r.rateDrop ?? 0
    if (x < edge) return { fault: { drop: true }, kind: 'drop' }
    edge += r.rateSlow ?? 0
    if (x < edge) return { fault: { delayMs: r.slowMs ?? 2000 }, kind: 'slow' }
    return null
  }
}

// ---------------------------------------------------------------------------------------------
// The emulator
// ---------------------------------------------------------------------------------------------

/** @type {Record<number, string>} */
const STATUS_MESSAGES = {
  400: 'Bad request',
  401: 'Invalid API key',
  403: 'Forbidden',
  404: 'Not found',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service temporarily unavailable',
  504: 'Gateway timeout'
}

/**
 * @typedef {object} Outcome
 * @property {number} status
 * @property {string} text
 * @property {Record<string, string>} [headers]
 * @property {number} [purged]
 */

/**
 * @param {number} status
 * @param {string} message
 * @param {Record<string, string>} [headers]
 * @returns {Outcome}
 */
function error(status, message, headers) {
  return { status, text: JSON.stringify({ error: { message } }), headers }
}

/**
 * @param {string} rawQuery
 * @returns {string}
 */
function maskQuery(rawQuery) {
  if (!rawQuery.includes('api_key')) return rawQuery
  return rawQuery
    .split('&')
    .map(part => {
      const eq = part.indexOf('=')
      const name = eq < 0 ? part : part.slice(0, eq)
      let decoded = name
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '))
      } catch {
        // keep the raw name
      }
      return decoded === 'api_key' ? `${name}=***` : part
    })
    .join('&')
}

/**
 * Validates the string array parameter of a tag or URL purge.
 * @param {Record<string, unknown>} body
 * @param {'tag' | 'url'} name
 * @returns {string[] | Outcome}
 */
function stringArray(body, name) {
  const value = body[name]
  if (value === undefined || value === null) return error(400, `Missing parameter: ${name}`)
  if (!Array.isArray(value)) {
    return error(400, `Invalid parameter: ${name} must be an array of strings`)
  }
  if (value.length === 0) return error(400, `Invalid parameter: ${name} must not be empty`)
  for (const item of value) {
    if (typeof item !== 'string' || item.trim() === '') {
      return error(400, `Invalid parameter: ${name} must contain only non-empty strings`)
    }
  }
  return /** @type {string[]} */ (value)
}

/** The running emulator. Create it with `startEmulator()`. */
export class Emulator {
  /**
   * @param {EmulatorOptions} [options]
   */
  constructor(options = {}) {
    this.host = options.host ?? '127.0.0.1'
    /** @type {number} */
    this.port = options.port ?? 0
    this.url = ''
    this.apiKey = options.apiKey ?? 'emulator-key'
    this.latencyMs = options.latencyMs ?? 0
    this.brand = options.brand ?? 'emu'
    this.requestIdHeader = `x-${this.brand.toLowerCase()}-requestid`
    this.requireCountry = options.requireCountry ?? false
    this.maxLog = options.maxLog ?? 20000
    this.maxBodyBytes = options.maxBodyBytes ?? 10 * 1024 * 1024
    /** @type {Site | SitePage[]} The site `reset()` restores. */
    this.seedSite = options.site ?? sampleSite
    this.cache = new CacheStore()
    this.cache.load(this.seedSite)
    this.faults = new FaultController()
    /** @type {RequestLogEntry[]} Service requests, oldest first (bounded by `maxLog`). */
    this.requests = []
    /** @type {PurgeRecord[]} Processed purges, oldest first (bounded by `maxLog`). */
    this.history = []
    /** @type {Map<string, number>} Path → number of purge requests that selected it. */
    this.purgeCounts = new Map()
    /** @type {Map<string, number>} Tag → number of tag purge requests that named it. */
    this.tagPurgeCounts = new Map()
    /** @type {Set<string>} Every URL named by a URL purge, cached or not. */
    this.purgedUrls = new Set()
    /** Service requests received since the last reset. */
    this.requestCount = 0
    /** @type {http.Server} */
    this.server = http.createServer((req, res) => this._handle(req, res))
    this.server.keepAliveTimeout = 30_000
    /** @type {Set<NodeJS.Timeout>} @private */
    this._timers = new Set()
  }

  /**
   * Replaces the cache with a site (or a list of pages, on a site without Cache By Country);
   * `reset()` restores this site from now on.
   * @param {Site | SitePage[]} site
   */
  seed(site) {
    this.seedSite = site
    this.cache.load(site)
  }

  /** Restores the seeded cache and clears faults, purge history, counts and the request log. */
  reset() {
    this.cache.load(this.seedSite)
    this.faults.reset()
    this.requests.length = 0
    this.history.length = 0
    this.purgeCounts.clear()
    this.tagPurgeCounts.clear()
    this.purgedUrls.clear()
    this.requestCount = 0
  }

  /**
   * Sets the latency added to every service answer.
   * @param {number} ms
   */
  setLatency(ms) {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('latency must be a number >= 0')
    this.latencyMs = ms
  }

  /** @returns {EmulatorState} A plain JSON snapshot. */
  state() {
    return {
      requestCount: this.requestCount,
      latencyMs: this.latencyMs,
      site: this.cache.siteName,
      cacheByCountry: this.cache.cacheByCountry,
      cachedCount: this.cache.size,
      cached: this.cache.entries(),
      purgeCounts: Object.fromEntries(this.purgeCounts),
      tagPurgeCounts: Object.fromEntries(this.tagPurgeCounts),
      purgedUrls: [...this.purgedUrls],
      history: this.history.map(h => ({ ...h })),
      faults: this.faults.stats()
    }
  }

  /**
   * Stops listening, drops open connections and pending delayed answers.
   * @returns {Promise<void>}
   */
  close() {
    for (const t of this._timers) clearTimeout(t)
    this._timers.clear()
    return new Promise((resolve, reject) => {
      if (!this.server.listening) {
        resolve()
        return
      }
      this.server.close(err => (err ? reject(err) : resolve()))
      this.server.closeAllConnections()
    })
  }

  // --- purges -------------------------------------------------------------------------------

  /**
   * @private
   * @param {string} path
   */
  _count(path) {
    this.purgeCounts.set(path, (this.purgeCounts.get(path) ?? 0) + 1)
  }

  /**
   * Purges by tags.
   * @param {string[]} tags
   * @param {string | null} [country]
   * @returns {{ purged: number, paths: string[] }}
   */
  purgeTags(tags, country = null) {
    /** @type {Set<string>} */
    const selected = new Set()
    for (const tag of new Set(tags)) {
      this.tagPurgeCounts.set(tag, (this.tagPurgeCounts.get(tag) ?? 0) + 1)
      for (const path of this.cache.tagIndex.get(tag) ?? []) selected.add(path)
    }
    return this._removeAll(selected, country)
  }

  /**
   * Purges by exact URLs. Every URL is recorded, cached or not.
   * @param {string[]} urls
   * @param {string | null} [country]
   * @returns {{ purged: number, paths: string[] }}
   */
  purgeUrls(urls, country = null) {
    let purged = 0
    /** @type {string[]} */
    const paths = []
    for (const url of new Set(urls)) {
      this.purgedUrls.add(url)
      this._count(url)
      const removed = this.cache.remove(url, country)
      if (removed > 0) paths.push(url)
      purged += removed
    }
    return { purged, paths }
  }

  /**
   * Purges the cached paths a compiled pattern matches.
   * @param {RegExp} regex
   * @param {string | null} [country]
   * @returns {{ purged: number, paths: string[] }}
   */
  purgeRegex(regex, country = null) {
    const selected = this.cache.paths().filter(path => regex.test(path))
    return this._removeAll(selected, country)
  }

  /**
   * @private
   * @param {Iterable<string>} selected
   * @param {string | null} country
   */
  _removeAll(selected, country) {
    let purged = 0
    /** @type {string[]} */
    const paths = []
    for (const path of [...selected]) {
      const removed = this.cache.remove(path, country)
      if (removed > 0) {
        this._count(path)
        paths.push(path)
        purged += removed
      }
    }
    return { purged, paths }
  }

  // --- HTTP ---------------------------------------------------------------------------------

  /**
   * @private
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  _handle(req, res) {
    // A real service's answer time includes its own work: the latency counts from here.
    const arrivedAt = performance.now()
    const id = randomUUID()
    res.setHeader(this.requestIdHeader, id)
    res.setHeader('content-type', 'application/json')
    res.on('error', () => {})
    const raw = req.url ?? '/'
    const q = raw.indexOf('?')
    const path = q < 0 ? raw : raw.slice(0, q)
    const rawQuery = q < 0 ? '' : raw.slice(q + 1)
    /** @type {Buffer[]} */
    const chunks = []
    let size = 0
    let tooLarge = false
    req.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length
      if (size > this.maxBodyBytes) tooLarge = true
      else chunks.push(chunk)
    })
    req.on('error', () => {})
    req.on('end', () => {
      if (tooLarge) {
        this._write(res, error(413, 'Request body too large'), 0, null)
        return
      }
      const text = Buffer.concat(chunks).toString('utf8')
      if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
        this._control(req, res, path, rawQuery, text)
      } else {
        this._service(req, res, id, path, rawQuery, text, arrivedAt)
      }
    })
  }

  /**
   * @private
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {string} id
   * @param {string} path
   * @param {string} rawQuery
   * @param {string} text
   * @param {number} arrivedAt `performance.now()` when the request arrived
   */
  _service(req, res, id, path, rawQuery, text, arrivedAt) {
    this.requestCount++
    const params = new URLSearchParams(rawQuery)
    const keys = params.getAll('api_key')
    const apiKeyMatched = keys.length > 0 && keys[keys.length - 1] === this.apiKey
    /** @type {unknown} */
    let body = text
    /** @type {boolean} */
    let parsedOk = false
    if (text !== '') {
      try {
        body = JSON.parse(text)
        parsedOk = true
      } catch {
        body = text.length > 10_000 ? `${text.slice(0, 10_000)}…` : text
      }
    }
    /** @type {RequestLogEntry} */
    const entry = {
      id,
      seq: this.requestCount,
      time: Date.now(),
      method: req.method ?? '',
      path,
      query: maskQuery(rawQuery),
      rawQuery,
      apiKeyMatched,
      apiKeyOk: apiKeyMatched,
      contentType: req.headers['content-type'] ?? null,
      userAgent: req.headers['user-agent'] ?? null,
      body,
      status: null,
      fault: null,
      purged: null,
      answered: false,
      aborted: false
    }
    this.requests.push(entry)
    if (this.requests.length > this.maxLog * 1.1) {
      this.requests.splice(0, this.requests.length - this.maxLog)
    }
    res.on('close', () => {
      if (!res.writableFinished) entry.aborted = true
    })

    const pick = this.faults.next(path)
    const fault = pick?.fault
    if (pick) entry.fault = pick.kind
    if (fault?.drop) {
      req.socket.destroy()
      return
    }
    /** @type {Outcome} */
    let outcome
    if (fault?.rawBody !== undefined) {
      if (fault.process) this._process(req, path, apiKeyMatched, body, parsedOk, text, id)
      outcome = { status: fault.status ?? 200, text: fault.rawBody }
    } else if (fault?.resultFalse) {
      outcome = {
        status: fault.status ?? 200,
        text: JSON.stringify({ result: false, message: fault.message ?? 'Cache purge failed.' })
      }
    } else if (fault?.status !== undefined) {
      const status = fault.status
      const message = fault.message ?? STATUS_MESSAGES[status] ?? `HTTP ${status}`
      const payload =
        fault.body !== undefined
          ? fault.body
          : status < 400
            ? { result: true, message: SUCCESS_MESSAGE }
            : { error: { message } }
      outcome = { status, text: typeof payload === 'string' ? payload : JSON.stringify(payload) }
    } else {
      outcome = this._process(req, path, apiKeyMatched, body, parsedOk, text, id)
    }
    if (fault?.headers) outcome.headers = { ...outcome.headers, ...fault.headers }
    entry.status = outcome.status
    entry.purged = outcome.purged ?? null
    const spentMs = performance.now() - arrivedAt
    const latencyLeft = Math.max(0, this.latencyMs - spentMs)
    this._write(res, outcome, latencyLeft + (fault?.delayMs ?? 0), entry)
  }

  /**
   * Validates and runs one purge request.
   * @private
   * @param {http.IncomingMessage} req
   * @param {string} path
   * @param {boolean} apiKeyMatched
   * @param {unknown} body
   * @param {boolean} parsedOk
   * @param {string} text
   * @param {string} id
   * @returns {Outcome}
   */
  _process(req, path, apiKeyMatched, body, parsedOk, text, id) {
    const kind = KIND_BY_PATH.get(path)
    if (!kind) return error(404, `Not found: ${path}`)
    if (req.method !== 'POST') {
      return error(405, `Method ${req.method ?? ''} not allowed`, { Allow: 'POST' })
    }
    if (!apiKeyMatched) return error(401, 'Invalid API key')
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
    if (contentType !== 'application/json') {
      return error(400, 'Content-Type must be application/json')
    }
    if (text.trim() === '') return error(400, 'Missing request body')
    if (!parsedOk) return error(400, 'Request body is not valid JSON')
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return error(400, 'Request body must be a JSON object')
    }
    const params = /** @type {Record<string, unknown>} */ (body)

    /** @type {string | null} */
    let country = null
    if (params.country !== undefined && params.country !== null) {
      if (typeof params.country !== 'string' || !COUNTRY_RE.test(params.country)) {
        return error(
          400,
          'Invalid parameter: country must be an ISO 3166-1 alpha-2 code (IT, US, ...) or ALL'
        )
      }
      country = params.country
    } else if (this.requireCountry && this.cache.cacheByCountry) {
      return error(400, 'Missing parameter: country (this website uses Cache By Country)')
    }

    /** @type {{ purged: number, paths: string[] }} */
    let result
    /** @type {string[]} */
    let values
    if (kind === 'tag') {
      const tags = stringArray(params, 'tag')
      if (!Array.isArray(tags)) return tags
      values = tags
      result = this.purgeTags(tags, country)
    } else if (kind === 'url') {
      const urls = stringArray(params, 'url')
      if (!Array.isArray(urls)) return urls
      for (const url of urls) {
        if (!url.startsWith('/') || url.startsWith('//') || /[\s\\]/.test(url)) {
          return error(
            400,
            `Invalid parameter: url ${JSON.stringify(url)} is not a relative URL (it must start with a single / and have no scheme or host)`
          )
        }
      }
      values = urls
      result = this.purgeUrls(urls, country)
    } else {
      const pattern = params.pattern
      if (pattern === undefined || pattern === null) return error(400, 'Missing parameter: pattern')
      if (typeof pattern !== 'string') {
        return error(400, 'Invalid parameter: pattern must be a string')
      }
      let regex
      try {
        regex = compilePcre(pattern).regex
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err)
        return error(422, `Invalid regular expression: ${message}`)
      }
      values = [pattern]
      result = this.purgeRegex(regex, country)
    }
    this.history.push({
      requestId: id,
      kind,
      values,
      country,
      purged: result.purged,
      paths: result.paths,
      time: Date.now()
    })
    if (this.history.length > this.maxLog * 1.1) {
      this.history.splice(0, this.history.length - this.maxLog)
    }
    return {
      status: 200,
      text: JSON.stringify({ result: true, message: SUCCESS_MESSAGE, purged: result.purged }),
      purged: result.purged
    }
  }

  /**
   * @private
   * @param {http.ServerResponse} res
   * @param {Outcome} outcome
   * @param {number} delayMs
   * @param {RequestLogEntry | null} entry
   */
  _write(res, outcome, delayMs, entry) {
    const send = () => {
      if (res.destroyed || res.writableEnded) {
        if (entry) entry.aborted = true
        return
      }
      try {
        res.setHeader('content-length', Buffer.byteLength(outcome.text))
        res.writeHead(outcome.status, outcome.headers)
        res.end(outcome.text)
        if (entry) entry.answered = true
      } catch {
        if (entry) entry.aborted = true
      }
    }
    if (delayMs > 0) {
      const timer = setTimeout(() => {
        this._timers.delete(timer)
        send()
      }, delayMs)
      this._timers.add(timer)
    } else {
      send()
    }
  }

  /**
   * The control API (no api key): state, reset, faults, latency, seed, requests.
   * @private
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {string} path
   * @param {string} rawQuery
   * @param {string} text
   */
  _control(req, res, path, rawQuery, text) {
    const route = path.slice(CONTROL_PREFIX.length) || '/'
    const method = req.method ?? ''
    /** @type {Record<string, string>} */
    const allowed = {
      '/state': 'GET',
      '/requests': 'GET',
      '/reset': 'POST',
      '/faults': 'GET, POST',
      '/latency': 'POST',
      '/seed': 'POST'
    }
    const allow = allowed[route]
    if (!allow) return this._write(res, error(404, `Unknown control endpoint ${path}`), 0, null)
    if (!allow.split(', ').includes(method)) {
      return this._write(res, error(405, `Method ${method} not allowed`, { Allow: allow }), 0, null)
    }
    /** @type {Record<string, unknown>} */
    let body = {}
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text)
      } catch {
        return this._write(res, error(400, 'Request body is not valid JSON'), 0, null)
      }
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        return this._write(res, error(400, 'Request body must be a JSON object'), 0, null)
      }
    }
    /** @param {unknown} payload */
    const ok = payload => this._write(res, { status: 200, text: JSON.stringify(payload) }, 0, null)
    try {
      switch (route) {
        case '/state':
          return ok(this.state())
        case '/requests': {
          const limit = Number(new URLSearchParams(rawQuery).get('limit') ?? this.maxLog)
          return ok({ requests: limit > 0 ? this.requests.slice(-limit) : [] })
        }
        case '/reset':
          this.reset()
          return ok({ ok: true })
        case '/faults': {
          if (method === 'POST') {
            if (body.clear === true) this.faults.clear()
            if (body.enqueue !== undefined) {
              if (!Array.isArray(body.enqueue)) throw new TypeError('enqueue must be an array')
              this.faults.enqueue(...body.enqueue)
            }
            if (body.random !== undefined) {
              const r = body.random
              if (r !== null && (typeof r !== 'object' || Array.isArray(r))) {
                throw new TypeError('random must be an object or null')
              }
              this.faults.random(/** @type {RandomFaultOptions | null} */ (r))
            }
          }
          return ok({ ok: true, faults: this.faults.stats() })
        }
        case '/latency':
          this.setLatency(Number(body.ms))
          return ok({ ok: true, latencyMs: this.latencyMs })
        case '/seed': {
          const site = body.site
          if (typeof site === 'string') {
            const named = sites[site]
            if (!named)
              throw new TypeError(`Unknown site '${site}' (${Object.keys(sites).join(', ')})`)
            this.seed(named)
          } else if (Array.isArray(body.pages)) {
            this.seed(/** @type {SitePage[]} */ (body.pages))
          } else if (
            site !== null &&
            typeof site === 'object' &&
            Array.isArray(/** @type {{ pages?: unknown }} */ (site).pages)
          ) {
            this.seed(/** @type {Site} */ (site))
          } else {
            throw new TypeError('Send {"site": "<name>"}, {"site": {...}} or {"pages": [...]}')
          }
          return ok({ ok: true, site: this.cache.siteName, cachedCount: this.cache.size })
        }
        default:
          return this._write(res, error(404, `Unknown control endpoint ${path}`), 0, null)
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      return this._write(res, error(400, message), 0, null)
    }
  }
}

/**
 * Starts an emulator and resolves once it listens.
 * @param {EmulatorOptions} [options]
 * @returns {Promise<Emulator>}
 */
export async function startEmulator(options = {}) {
  const emulator = new Emulator(options)
  await new Promise((resolve, reject) => {
    emulator.server.once('error', reject)
    emulator.server.listen(emulator.port, emulator.host, () => {
      emulator.server.off('error', reject)
      resolve(undefined)
    })
  })
  const address = emulator.server.address()
  if (address && typeof address === 'object') emulator.port = address.port
  const host = emulator.host.includes(':') ? `[${emulator.host}]` : emulator.host
  emulator.url = `http://${host}:${emulator.port}`
  return emulator
}
