/**
 * The render judging's inputs: verify_renders on by default with verify, render_expected read
 * into what is meant per page, and every line it cannot read refused before anything is sent,
 * naming the input and the value.
 */
import { describe, expect, it } from '@jest/globals'
import { formatProblem } from '../../src/core/diagnostics.js'
import { parseInputs } from '../../src/plan/settings.js'
import { verifiedRun } from '../support/raw-inputs.js'
import { expectedAt } from '../../src/verify/render/render-expected.js'

const raw = verifiedRun

describe('verify_renders', () => {
  it('is on by default with verify, nothing meant', async () => {
    const { settings } = await parseInputs(raw({}))
    expect(settings?.verify?.renders?.expected.size).toBe(0)
  })

  it('false judges no render', async () => {
    const { settings } = await parseInputs(raw({ verify_renders: 'false' }))
    expect(settings?.verify?.renders).toBeUndefined()
  })
})

describe('render_expected', () => {
  it('reads each problem and the pages it is meant for: paths, prefixes and every page', async () => {
    const { settings } = await parseInputs(
      raw({ render_expected: 'noindex: /drafts/*, /legal/imprint\n# a comment\n\nshell: *' })
    )
    const expected = settings?.verify?.renders?.expected
    if (expected === undefined) throw new Error('no render settings')
    expect([...expectedAt(expected, '/drafts/2026/plan')].sort()).toEqual(['noindex', 'shell'])
    expect([...expectedAt(expected, '/legal/imprint')].sort()).toEqual(['noindex', 'shell'])
    expect([...expectedAt(expected, '/legal/imprint/more')]).toEqual(['shell'])
    expect([...expectedAt(expected, '/pricing')]).toEqual(['shell'])
  })

  it.each([
    ['nofollow: /drafts/*', 'nofollow: /drafts/*', 'names no render problem'],
    ['noindex', 'noindex', 'names no page'],
    ['noindex: drafts/*', 'drafts/*', 'is not a page'],
    ['noindex: /dr*fts/', '/dr*fts/', 'is not a page']
  ])('refuses %j, naming the input and the value', async (text, value, reason) => {
    const { settings, diagnostics } = await parseInputs(raw({ render_expected: text }))
    expect(settings).toBeUndefined()
    const problems = diagnostics.problems.map(formatProblem)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain('render_expected')
    expect(problems[0]).toContain(value)
    expect(problems[0]).toContain(reason)
  })

  it('is ignored, with a warning, when verify_renders is false', async () => {
    const { diagnostics } = await parseInputs(
      raw({ verify_renders: 'false', render_expected: 'noindex: /drafts/*' })
    )
    expect(diagnostics.warnings.join('\n')).toContain('render_expected')
  })
})
