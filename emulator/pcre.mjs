// @ts-check
/**
 * PCRE → JavaScript RegExp: compiles the PHP PCRE patterns (with delimiters and modifiers) that the
 * pattern purge and the sites' tag rules use into JavaScript RegExps, or throws a `PatternError`
 * (answered with 422) where PHP would refuse the pattern or the emulator cannot translate it.
 */

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
