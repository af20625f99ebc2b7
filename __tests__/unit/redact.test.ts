/**
 * The Redactor against the forms a service may echo a secret in (security review, finding 5),
 * and outputs that must stay exact (finding 10).
 */
import { describe, expect, it } from '@jest/globals'
import { Redactor } from '../../src/text/redact.js'
import { escapeHtml } from '../../src/text/html.js'
import { quoteValue } from '../../src/core/diagnostics.js'

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
