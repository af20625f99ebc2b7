/**
 * No text can start a workflow command of its own in the log.
 */
import { describe, expect, it } from '@jest/globals'
import { safeAnnotation, safeLogLines, singleLine } from '../../src/text/log-safety.js'

/** A line the runner would run as a command: `::name...::` after leading spaces, or `##[` anywhere. */
const isCommandLine = (line: string): boolean => /^\s*::/.test(line) || line.includes('##[')

const INJECTED =
  'busy\n::warning title=X::fake\r::add-mask::purged\r\n  ::stop-commands::tok\n##[error]legacy'

describe('log lines', () => {
  it('never start a workflow command, whatever the message holds', () => {
    const lines = safeLogLines(`#1 tag: attempt 1 failed (HTTP 503: ${INJECTED})`)
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.filter(isCommandLine)).toEqual([])
    expect(lines.join('\n')).toContain('fake')
  })

  it('keep our own multi-line messages readable, line by line', () => {
    expect(safeLogLines('Plan:\n- one\n- two')).toEqual(['Plan:', '- one', '- two'])
  })

  it('escape control characters that could repaint the log', () => {
    expect(safeLogLines('a\u001b[2Jb\u0000c\u2028d')).toEqual(['a\\u001b[2Jb\\u0000c\\u2028d'])
  })
})

describe('external text', () => {
  it('is made one line at the source', () => {
    expect(singleLine(INJECTED)).not.toMatch(/[\r\n]/)
  })
})

describe('annotations', () => {
  it('keep our line breaks (core escapes them) and escape other controls', () => {
    expect(safeAnnotation('one\r\ntwo\u0007')).toBe('one\ntwo\\u0007')
  })
})
