/**
 * The Redactor against the forms a service may echo a secret in, and outputs that must stay exact.
 */
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { Redactor, SERVICE_ENCODINGS } from '../../src/text/redact.js'
import { escapeHtml } from '../../src/text/html.js'
import { quoteValue } from '../../src/core/diagnostics.js'
import { fuzzParameters, fuzzRuns } from '../support/fuzz.js'
import {
  CHARACTER_ENCODINGS,
  ESCAPE_CHARACTER,
  escapedSpellings,
  OWN_ENCODING,
  plainSpellings
} from '../../src/text/secret-spellings.js'

const KEY = 'k3y+with/special&chars"é'
const redactor = new Redactor([KEY], { outerEncodings: [escapeHtml] })

describe('Redactor: every form a service may echo the key in', () => {
  const php = JSON.stringify(KEY).slice(1, -1).replace(/\//g, '\\/').replace('é', '\\u00e9')
  const htmlspecialchars = KEY.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
  it.each([
    ['raw', KEY],
    ['URL-encoded', encodeURIComponent(KEY)],
    ['URL-encoded, lower-case hex', encodeURIComponent(KEY).toLowerCase()],
    ['URL-encoded twice', encodeURIComponent(encodeURIComponent(KEY))],
    [
      'URL-encoded twice, lower-case hex',
      encodeURIComponent(encodeURIComponent(KEY)).replace(
        /%25([0-9A-F]{2})/g,
        (_, hex: string) => `%25${hex.toLowerCase()}`
      )
    ],
    ['base64', Buffer.from(KEY).toString('base64')],
    ['base64url', Buffer.from(KEY).toString('base64url')],
    ['JSON-escaped', JSON.stringify(KEY).slice(1, -1)],
    ['JSON-escaped as PHP does', php],
    ['HTML-escaped by the service', htmlspecialchars],
    ['HTML-escaped by the service, then in our summary', escapeHtml(htmlspecialchars)],
    ['URL-encoded, then in our summary', escapeHtml(encodeURIComponent(KEY))]
  ])('%s', (_, form) => {
    const redacted = redactor.redact(`service said: <${form}> done`)
    expect(redacted).toBe('service said: <***> done')
  })
})

describe('Redactor: every combination covered before', () => {
  it('hides each form once or twice encoded, then quoted in our summary', () => {
    const once = [KEY, ...SERVICE_ENCODINGS.map(encode => encode(KEY))]
    const twice = once.flatMap(form => SERVICE_ENCODINGS.map(encode => encode(form)))
    for (const form of [...once, ...twice]) {
      for (const shown of [form, escapeHtml(form)]) {
        expect(redactor.redact(`<${shown}>`)).toBe('<***>')
      }
    }
  })
})

describe('Redactor: cut messages', () => {
  const token = `ghs_${'A1b2C3d4E5'.repeat(4)}`
  const github = new Redactor([token])

  it('hides the first part of a secret that a message was cut in, with or without an ellipsis', () => {
    // A message cut at 200 characters, as an error quoting a long answer is.
    const message = `${'x'.repeat(180)} token ${token} more`.slice(0, 200)
    expect(message).toContain(token.slice(0, 12))
    expect(github.redact(message)).not.toContain(token.slice(0, 8))
    expect(github.redact(`${message}…`)).not.toContain(token.slice(0, 8))
    expect(github.redact(`${token.slice(0, 5)}…`)).toBe('***…')
  })

  it('cuts quoted values with an ellipsis, so the edge can recognise the cut', () => {
    const quoted = quoteValue(`${'y'.repeat(195)}${token}`)
    expect(quoted.endsWith('…"')).toBe(true)
    expect(github.redact(quoted)).toBe(`"${'y'.repeat(195)}***…"`)
  })
})

describe('Redactor.redactExact: outputs carry exactly what was purged', () => {
  it('leaves an api_key parameter that is not the real key as it is', () => {
    const exact = new Redactor(['the-real-key-123'])
    expect(exact.redactExact('["/docs?api_key=public-demo&x=1"]')).toBe(
      '["/docs?api_key=public-demo&x=1"]'
    )
    expect(exact.redactExact('["/docs?api_key=the-real-key-123"]')).toBe('["/docs?api_key=***"]')
    // The log still hides any api_key parameter (ours carries the real key).
    expect(exact.redact('/docs?api_key=public-demo&x=1')).toBe('/docs?api_key=***&x=1')
  })
})

/** `%6B%33…`: every UTF-8 byte of the text percent-encoded, in upper- or lower-case hex. */
const everyByte = (text: string, lower = false): string =>
  [...Buffer.from(text)]
    .map(byte => `%${byte.toString(16).padStart(2, '0')}`)
    .map(escape => (lower ? escape : escape.toUpperCase()))
    .join('')
/** `&#107;&#51;…` or `&#x6b;…`: each character as a numeric character reference. */
const references = (text: string, spell: (code: number) => string): string =>
  [...text].map(character => `&#${spell(character.codePointAt(0) ?? 0)};`).join('')

describe('Redactor: the key in the other spellings a service may echo', () => {
  it.each([
    ['upper-cased', KEY.toUpperCase()],
    ['every byte percent-encoded', everyByte(KEY)],
    ['every byte percent-encoded, lower-case hex', everyByte(KEY, true)],
    ['upper-cased, every byte percent-encoded', everyByte(KEY.toUpperCase())],
    ['every byte percent-encoded twice', everyByte(KEY).replace(/%/g, '%25')],
    ['decimal character references', references(KEY, code => String(code))],
    ['decimal character references with leading zeros', references(KEY, code => `000${code}`)],
    ['hex character references', references(KEY, code => `x${code.toString(16)}`)],
    [
      'hex character references, upper case',
      references(KEY, code => `X${code.toString(16).toUpperCase()}`)
    ],
    [
      'hex character references with leading zeros',
      references(KEY, code => `x00${code.toString(16)}`)
    ],
    [
      'character references of the upper-cased key',
      references(KEY.toUpperCase(), code => String(code))
    ],
    [
      'some characters spelled one way, some another',
      `${everyByte('k3y')}${KEY.slice(3, 10)}${references(KEY.slice(10), code => String(code))}`
    ]
  ])('%s', (_, form) => {
    expect(redactor.redact(`service said: <${form}> done`)).toBe('service said: <***> done')
    // Quoted in our summary, the spelling arrives HTML-escaped once more.
    expect(redactor.redact(escapeHtml(`service said: <${form}> done`))).toBe(
      escapeHtml('service said: <') + '***' + escapeHtml('> done')
    )
  })

  it.each([
    ['every byte percent-encoded', everyByte(KEY)],
    ['decimal character references', references(KEY, code => String(code))],
    ['hex character references', references(KEY, code => `x${code.toString(16)}`)],
    ['upper-cased', KEY.toUpperCase()]
  ])('%s, cut short after 4 characters or more of the key, even mid-escape', (_, form) => {
    for (let cut = 1; cut < form.length; cut++) {
      const message = `said: ${form.slice(0, cut)}…`
      const redacted = redactor.redact(message)
      // What is left of the key: at most its first 3 characters, as today.
      const left = redacted.slice('said: '.length)
      if (left !== '***…') expect(form.startsWith(left.replace(/…$/, ''))).toBe(true)
      const decoded = decodeSpelling(left.replace(/…$/, ''))
      expect(decoded.length).toBeLessThanOrEqual(3)
    }
  })

  it('in any case: lower, upper or swapped', () => {
    const mixed = new Redactor(['AbC-dEf-123-XyZ'])
    for (const form of ['abc-def-123-xyz', 'ABC-DEF-123-XYZ', 'aBc-DeF-123-xYz']) {
      expect(mixed.redact(`key ${form}.`)).toBe('key ***.')
    }
  })

  it('keeps the same minimum prefixes: ordinary words that share a few characters are left alone', () => {
    const words = new Redactor(['password-and-more'])
    const text =
      'pass passw passwo passwor Passwor PASSWOR pas… &#112;&#97;&#115;&#115; %70%61%73 the password-field'
    expect(words.redact(text)).toBe(
      'pass passw passwo passwor Passwor PASSWOR pas… &#112;&#97;&#115;&#115; %70%61%73 the ***field'
    )
    // 4 characters or more right before an ellipsis were a cut secret before too.
    expect(words.redact('said: Passw…')).toBe('said: ***…')
  })
})

/** A spelling read back: a trailing escape cut short dropped, the others decoded. */
function decodeSpelling(text: string): string {
  return decodeURIComponent(
    text
      .replace(/(%[0-9a-fA-F]?|&#?[xX]?[0-9a-fA-F]*)$/, '')
      .replace(/&#[xX]([0-9a-fA-F]+);/g, (_, hex: string) =>
        String.fromCodePoint(parseInt(hex, 16))
      )
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      .replace(/%(?![0-9a-fA-F]{2})/g, '%25')
  )
}

describe('Redactor: where the scan starts looking', () => {
  it('follows a form whose second character is spelled otherwise than its first', () => {
    // The finder looks for a form's first character and, ahead of it, any spelling of the second.
    for (const second of ['%33', '&#51;', '&amp;#x33;', '\\u0033', '%2533']) {
      expect(redactor.redact(`<k${second}${KEY.slice(2)}>`)).toBe('<***>')
      expect(redactor.redact(`<%6B${second}${KEY.slice(2)}>`)).toBe('<***>')
    }
  })

  it('hides a secret of one or two characters, which has no second character to look for', () => {
    expect(new Redactor(['q']).redact('a q b %71 c')).toBe('a *** b *** c')
    expect(new Redactor(['q7']).redact('q7 Q%37 q')).toBe('*** *** q')
  })

  it('leaves text alone where forms only begin', () => {
    const token = `ghs_${'A1b2C3d4E5'.repeat(4)}`
    const both = new Redactor([KEY, token], { outerEncodings: [escapeHtml] })
    const text = `k3 k3y gh ghs_A1b 3 %6B%33 ${Buffer.from(KEY).toString('base64').slice(0, 3)}`
    expect(both.redact(text)).toBe(text)
  })
})

describe('Redactor: a text without %, & or a backslash holds only plain spellings', () => {
  const characters = [
    ...Array.from({ length: 0x300 }, (_, code) => String.fromCharCode(code)),
    '€',
    '😀'
  ]

  it('every escaped spelling needs an escape character: none matches in text of its own other characters', () => {
    // What goes wrong, collected and compared once: an expect() per text took most of the time.
    const matched: string[] = []
    const withoutEscape: string[] = []
    let spellings = 0
    for (const character of characters) {
      for (const pattern of escapedSpellings(character, { of: 'secret', outerEncodings: [] })) {
        spellings++
        const regex = new RegExp(pattern)
        // The pattern's own characters, the escape characters taken out: the likeliest to match.
        const alphabet = [...new Set(pattern.replace(/[%&\\]/g, ''))]
        const texts = fc.sample(
          fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 24 }),
          { numRuns: 8, seed: character.codePointAt(0) ?? 0 }
        )
        for (const text of texts) {
          if (regex.test(text.join(''))) matched.push(`${pattern} matches ${text.join('')}`)
        }
        // And with its escape characters back, a spelling does match: the check can fail.
        if (!ESCAPE_CHARACTER.test(pattern)) withoutEscape.push(pattern)
      }
    }
    expect(spellings).toBeGreaterThan(characters.length)
    expect(matched).toEqual([])
    expect(withoutEscape).toEqual([])
  })

  it('a plain spelling is the character, its other case, or what an encoding gives without an escape', () => {
    const plain = (character: string) =>
      plainSpellings(character, { of: 'secret', outerEncodings: [escapeHtml] })
    expect(plain('k').sort()).toEqual(['K', 'k'])
    expect(plain('_')).toEqual(['_'])
    expect(plain(' ').sort()).toEqual([' ', '+'])
    expect(plain('&')).toEqual([])
    for (const character of characters) {
      for (const spelling of plain(character)) expect(ESCAPE_CHARACTER.test(spelling)).toBe(false)
    }
  })

  // Secrets and texts made of a secret's pieces: whole, cut, in another case, as base64, next to
  // ordinary text and ellipses. A text with no escape character takes the quick look; the same
  // text with one after a line break takes the full scan, which must hide exactly the same.
  const secretCharacter = fc.constantFrom(...'aZ09_.*-+/= é€:~xk3yQ'.split(''), '😀')
  const secretText = fc
    .array(secretCharacter, { minLength: 1, maxLength: 12 })
    .map(parts => parts.join(''))
  const piece = (secret: string) =>
    fc.oneof(
      fc.constant(secret),
      fc.constant(secret.toUpperCase()),
      fc.constant(secret.toLowerCase()),
      fc.integer({ min: 1, max: secret.length }).map(end => secret.slice(0, end)),
      fc.constant(Buffer.from(secret).toString('base64')),
      fc.constant(Buffer.from(secret).toString('base64url')),
      fc
        .integer({ min: 2, max: 12 })
        .map(end => Buffer.from(secret).toString('base64').slice(0, end)),
      // Escaped forms, which only the full scan finds.
      fc.constant(
        [...secret].map(c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
      ),
      fc.constant(encodeURIComponent(secret)),
      fc.constant('…'),
      fc.string({ maxLength: 6 }).map(text => text.replace(/[%&\\\n]/g, 'x'))
    )

  const HIDES_RUNS = { perCommit: 600, full: 3000 }

  it('hides what the full scan hides, and only that', () => {
    let quick = 0
    let hidden = 0
    fc.assert(
      fc.property(
        // Two secrets often start alike: forms that share a first character, not a second.
        fc.oneof(
          fc.array(secretText, { minLength: 1, maxLength: 2 }),
          fc
            .tuple(secretText, secretText)
            .map(([one, other]) => [one, `${[...one][0] ?? ''}${other}`])
        ),
        fc.boolean(),
        fc.infiniteStream(fc.nat()),
        (secrets, summary, choices) => {
          const redactor = new Redactor(secrets, summary ? { outerEncodings: [escapeHtml] } : {})
          // One to eight pieces, each of one of the secrets: some texts hold only one's.
          const pieces = Array.from({ length: 1 + (choices.next().value % 8) }, () => {
            const secret = secrets[choices.next().value % secrets.length] ?? ''
            return fc.sample(piece(secret), { numRuns: 1, seed: choices.next().value })[0]
          })
          const text = pieces.join(choices.next().value % 2 === 0 ? ' ' : '')
          const full = redactor.redact(`${text}\n%`)
          expect(full.endsWith('\n%')).toBe(true)
          const redacted = redactor.redact(text)
          expect(redacted).toBe(full.slice(0, -2))
          if (!ESCAPE_CHARACTER.test(text)) quick++
          if (redacted !== text) hidden++
        }
      ),
      fuzzParameters(HIDES_RUNS, 27)
    )
    // The property is worth something only if both sides were exercised (a sixth of the runs
    // took the quick look, a third hid something: 500 and 1,000 of 3,000).
    const runs = fuzzRuns(HIDES_RUNS)
    expect(quick).toBeGreaterThan(runs / 6)
    expect(hidden).toBeGreaterThan(runs / 3)
  })
})

describe('OWN_ENCODING: texts that every character-wise encoding gives back', () => {
  it('holds only characters no character-wise encoding changes', () => {
    const characters = Array.from({ length: 0x300 }, (_, code) => String.fromCharCode(code))
    const own = characters.filter(character => OWN_ENCODING.test(character))
    expect(own.join('')).toBe('*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz')
    for (const encode of CHARACTER_ENCODINGS) {
      for (const character of own) expect(encode(character)).toBe(character)
    }
  })
})

describe('Redactor.redactExact: a text shorter than every secret is left as it is', () => {
  // redactExact returns such a text at once: no encoding may shorten a text.
  it.each(SERVICE_ENCODINGS.map((encode, index) => [index, encode] as const))(
    'service encoding %i never shortens a text',
    (_, encode) => {
      for (const text of ['a', 'q7', ' ', '%', 'é', '😀', '\u0000', KEY, `${KEY}${KEY}`]) {
        expect(encode(text).length).toBeGreaterThanOrEqual(text.length)
        expect(escapeHtml(encode(text)).length).toBeGreaterThanOrEqual(encode(text).length)
      }
    }
  )

  it('still hides a whole form as long as the secret', () => {
    const exact = new Redactor(['abcd'])
    expect(exact.redactExact('abc')).toBe('abc')
    expect(exact.redactExact('abcd')).toBe('***')
    expect(exact.redactExact('YWJjZA')).toBe('***')
  })
})

describe('Redactor: linear in the text', () => {
  const token = `ghs_${'A1b2C3d4E5'.repeat(4)}`
  const both = new Redactor([KEY, token], { outerEncodings: [escapeHtml] })
  /** The fastest of a few runs, in milliseconds: the machine's noise only ever adds. */
  const fastest = (text: string): number => {
    let best = Infinity
    for (let run = 0; run < 3; run++) {
      const started = performance.now()
      both.redact(text)
      best = Math.min(best, performance.now() - started)
    }
    return best
  }
  // Where every form's first characters appear, in every spelling, without the rest: each is a
  // place the redactor must look closer at, the worst case for its second step.
  const starts = [
    KEY.slice(0, 6),
    everyByte(KEY.slice(0, 6)),
    references(KEY.slice(0, 6), code => String(code)),
    Buffer.from(KEY).toString('base64').slice(0, 6),
    token.slice(0, 7),
    '%25%25%25 &amp;&amp; \\\\\\\\ '
  ].join(' x ')
  const hostile = (bytes: number): string => starts.repeat(Math.ceil(bytes / starts.length))

  it('takes about eight times as long for eight times the text, at worst', () => {
    both.redact(hostile(10_000)) // compiles the regexes
    const small = fastest(hostile(100_000))
    const large = fastest(hostile(800_000))
    // Linear is 8; a quadratic scan would be 64.
    expect(large / small).toBeLessThan(24)
  })

  // How fast is the bench's business, not a test's (a shared machine's time proves nothing): the
  // scan's cost is held to linear above, and this long summary must come back whole.
  it('leaves a long summary without a secret in it as it is', () => {
    const row = `<tr><td>#1</td><td><code>/blog/caf%C3%A9-post_1.html?x=1&amp;y=%2F</code></td><td>✅ accepted in 20 ms &#95;&#42; a &amp; b</td></tr>\n`
    const summary = row.repeat(Math.ceil(800_000 / row.length))
    expect(both.redact(summary)).toBe(summary)
  })
})
