/**
 * The summary checker's own tests: each way a summary can show markup instead of its effect is
 * caught, and well-formed summaries pass.
 */
import { describe, expect, it } from '@jest/globals'
import {
  mermaidBlocks,
  parseMermaid,
  rawMarkupShown,
  renderGitHubMarkdown
} from '../support/github-markdown.js'

const shown = (markdown: string): string[] => rawMarkupShown(renderGitHubMarkdown(markdown))

describe('rawMarkupShown', () => {
  it('passes HTML blocks, Markdown tables and a folded list', () => {
    expect(
      shown(
        '<h2>Cache purge</h2>\n<table>\n<tr><td><code>/a</code></td></tr>\n</table>\n\n| a | b |\n| - | - |\n| `x` | **y** |\n\n<details><summary>More</summary>\n\n- `/b`\n\n</details>\n'
      )
    ).toEqual([])
  })

  it('catches HTML that an indentation turned into a code block', () => {
    expect(shown('<p>a</p>\n\n    <p>indented</p>\n')).toEqual([
      expect.stringContaining('tag shown as text')
    ])
  })

  it('catches an escaped tag and Markdown left as text inside HTML', () => {
    expect(shown('<p>&lt;br&gt; here</p>\n')).toEqual([expect.stringContaining('<br>')])
    expect(shown('<p>**bold** and `code`</p>\n')).toEqual([
      expect.stringContaining('Markdown shown as text')
    ])
  })
})

describe('mermaid charts', () => {
  it('finds each fenced block and parses a gantt chart', async () => {
    const markdown =
      'text\n\n```mermaid\ngantt\n  dateFormat x\n  axisFormat %S s\n  section desktop\n  fresh :a1, 0, 1500\n```\n'
    const blocks = mermaidBlocks(markdown)
    expect(blocks).toHaveLength(1)
    await expect(parseMermaid(blocks[0] ?? '')).resolves.toBe('gantt')
  })

  it('rejects a chart mermaid cannot read', async () => {
    await expect(parseMermaid('xychart-beta\n  line [a, b')).rejects.toThrow(/Parse error/)
  })
})
