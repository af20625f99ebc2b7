import { describe, expect, it } from '@jest/globals'
import { JSDOM } from 'jsdom'
import { rawMarkupShown, renderGitHubMarkdown } from '../support/github-markdown.js'
import type { Plan, PurgeRequest } from '../../src/core/purge.js'
import type { RequestResult } from '../../src/send/send-plan.js'
import { dryRunOutcome, sentOutcome } from '../../src/report/outcome.js'
import {
  MAX_REQUEST_ROWS,
  MAX_SUMMARY_BYTES,
  renderInputProblems,
  renderSummary
} from '../../src/report/summary.js'
import { escapeHtml } from '../../src/text/html.js'
import { capListOutputs, firstWithin, MAX_LIST_OUTPUT_BYTES } from '../../src/text/list-outputs.js'
import { OUTPUT_DEFAULTS } from '../../src/report/output-defaults.js'
import { ACTION_VERSION } from '../../src/core/constants.js'
import { readFileSync } from 'node:fs'

const requests: PurgeRequest[] = [
  { index: 0, kind: 'tag', items: ['t1', 't2'], country: 'IT' },
  { index: 1, kind: 'tag', items: ['t1', 't2'], country: 'FR' },
  { index: 2, kind: 'url', items: ['/a', '/<b>'] },
  { index: 3, kind: 'pattern', items: ['#^/x$#'] }
]
const plan: Plan = {
  targets: { tags: ['t1', 't2'], urls: ['/a', '/<b>'], patterns: ['#^/x$#'] },
  requests,
  warnings: []
}

function result(
  request: PurgeRequest,
  outcome: RequestResult['outcome'],
  extra: Partial<RequestResult> = {}
): RequestResult {
  const status = outcome === 'purged' ? 200 : 500
  return {
    request,
    outcome,
    attempts: 1,
    history: [{ status }],
    durationMs: 120,
    status,
    ...extra
  }
}

/** The summary of a run that purged each URL in a request of its own. */
function summaryOfPurgedUrls(urls: string[]): string {
  const one: PurgeRequest[] = urls.map((url, index) => ({ index, kind: 'url', items: [url] }))
  const urlPlan: Plan = { targets: { tags: [], urls, patterns: [] }, requests: one, warnings: [] }
  const results = one.map(request => result(request, 'purged'))
  return renderSummary({
    purge: { plan: urlPlan, outcome: sentOutcome(urlPlan, results), results },
    warnings: []
  })
}

describe('outcome', () => {
  it('counts a target purged only when every request carrying it succeeded', () => {
    const results = [
      result(requests[0]!, 'purged'),
      result(requests[1]!, 'failed', { message: 'boom', requestId: 'r-1' }),
      result(requests[2]!, 'purged'),
      result(requests[3]!, 'not-sent')
    ]
    const outcome = sentOutcome(plan, results)
    expect(outcome).toEqual({
      status: 'failed',
      purged: { tags: [], urls: ['/a', '/<b>'], patterns: [] },
      failed: ['t1', 't2', '#^/x$#'],
      count: 2
    })
  })

  it('reports the plan on a dry run', () => {
    expect(dryRunOutcome(plan)).toMatchObject({ status: 'dry-run', count: 5, failed: [] })
  })
})

describe('renderSummary', () => {
  it('shows each request, the items, failures with request ids, and the propagation note', () => {
    const results = [
      result(requests[0]!, 'purged'),
      result(requests[1]!, 'failed', {
        message: '<script>alert(1)</script>',
        history: [{ status: 500, requestId: 'r-1' }],
        attempts: 4
      }),
      result(requests[2]!, 'purged'),
      result(requests[3]!, 'purged')
    ]
    const html = renderSummary({
      purge: { plan, outcome: sentOutcome(plan, results), results },
      warnings: ['w <1>']
    })
    expect(html).toContain('propagate to all data centers')
    expect(html).toContain('country <code>FR</code>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>')
    expect(html).toContain('<code>r-1</code>')
    expect(html).toContain('<code>/&lt;b&gt;</code>')
    expect(html).toContain('w &lt;1&gt;')
    expect(html).toMatch(
      /^<h2>❌ Cache purge: 1 of 4 requests failed \(HTTP 500\) · 2 targets not purged · 2 URLs and 1 pattern purged<\/h2>/
    )
    expect(html).toContain('<h3>Purge requests: 1 of 4 not accepted</h3>')
  })

  it('shows the plan on a dry run, without claiming anything was purged', () => {
    const html = renderSummary({ purge: { plan, outcome: dryRunOutcome(plan) }, warnings: [] })
    expect(html).toContain('dry run')
    expect(html).toContain('Planned tags (2)')
    expect(html).not.toContain('propagate')
    expect(html).not.toMatch(/(?<!would be )purged/)
  })

  it('cuts the request table of very large runs', () => {
    const html = summaryOfPurgedUrls(
      Array.from({ length: MAX_REQUEST_ROWS + 50 }, (_, i) => `/${i}`)
    )
    expect(html).toContain('… and 50 more requests: 50 accepted, the others not.')
    expect(html.match(/<tr>/g)?.length).toBe(MAX_REQUEST_ROWS + 1)
  })
})

describe('renderSummary size', () => {
  it('stays under the byte cap however long the items are', () => {
    const html = summaryOfPurgedUrls(
      Array.from({ length: 1000 }, (_, i) => `/${'x'.repeat(2000)}/${i}`)
    )
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(MAX_SUMMARY_BYTES)
    expect(html).toContain('… and')
  })
})

describe('renderInputProblems', () => {
  it('lists every problem, escaped, and says nothing was sent', () => {
    const html = renderInputProblems([
      `Input 'tags' "<a,b>": a tag cannot contain a comma`,
      'second'
    ])
    expect(html).toContain('<h3>Input problems</h3>')
    expect(html).toContain('Nothing was sent')
    expect(html).toContain('&lt;a,b&gt;')
    expect(html).toContain('<li>second</li>')
  })
})

describe('renderInputProblems: a correction to copy', () => {
  it('follows its problem as a fenced YAML block, outside the list, without <br>', () => {
    const html = renderInputProblems([
      {
        text: `Input 'urls' "/about, /contact": holds 2 URLs on one line, but the input takes one URL a line. Write:`,
        yaml: 'urls: |\n  /about\n  /contact'
      },
      'second'
    ])
    expect(html).toBe(
      [
        '<h3>Input problems</h3>',
        '<ul>',
        '<li>Input &#39;urls&#39; &quot;/about, /contact&quot;: holds 2 URLs on one line, but the input takes one URL a line. Write:</li>',
        '</ul>',
        '',
        '```yaml',
        'urls: |',
        '  /about',
        '  /contact',
        '```',
        '',
        '<ul>',
        '<li>second</li>',
        '</ul>',
        '<p>Nothing was sent: fix the inputs above and run the job again.</p>',
        ''
      ].join('\n')
    )
  })

  it('renders, as GitHub does, as a YAML code block whose text is the block, and no markup as text', () => {
    const html = renderGitHubMarkdown(
      renderInputProblems([
        { text: 'Input \'urls\' "/a, /b": Write:', yaml: 'urls: |\n  /a\n  /b' },
        'Input \'country\' "QQ": not a country'
      ])
    )
    expect(rawMarkupShown(html)).toEqual([])
    const { document } = new JSDOM(html).window
    const blocks = [...document.querySelectorAll('pre > code.language-yaml')]
    expect(blocks.map(block => block.textContent)).toEqual(['urls: |\n  /a\n  /b\n'])
    expect([...document.querySelectorAll('li')].map(li => li.textContent)).toEqual([
      'Input \'urls\' "/a, /b": Write:',
      'Input \'country\' "QQ": not a country'
    ])
  })

  it('cannot be closed early by backticks in the text, and shows controls', () => {
    const html = renderInputProblems([{ text: 'x', yaml: 'urls: |\n  /a````b\n  /c\u0007' }])
    expect(html).toContain('\n`````yaml\nurls: |\n  /a````b\n')
    expect(html).toMatch(/\n`````\n\n<p>Nothing was sent/)
    expect(html).not.toContain('\u0007')
  })
})

describe('escapeHtml', () => {
  it('escapes HTML and the Markdown characters that would change the table', () => {
    expect(escapeHtml(`<a href="x">'&'|*_[]\`\\</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&#124;&#42;&#95;&#91;&#93;&#96;&#92;&lt;/a&gt;'
    )
  })
})

describe('ACTION_VERSION', () => {
  it('matches package.json, so the User-Agent names the released version', () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8')
    ) as { version: string }
    expect(ACTION_VERSION).toBe(pkg.version)
  })
})

describe('summary: no text ends the HTML block', () => {
  const phish = 'busy\n\n# FAKE HEADING\n\nhttps://evil.example/phish\r\n\r\nmore'
  const failed = result(requests[3]!, 'failed', {
    message: phish,
    history: [{ status: 500, message: phish, requestId: 'id\n\nx' }]
  })
  const html = renderSummary({
    purge: { plan, outcome: sentOutcome(plan, [failed]), results: [failed] },
    warnings: [`url_map: file ${phish}`]
  })

  it('writes line breaks of a service message, a request id or a warning as <br>', () => {
    // No line of the summary starts with the injected text, so Markdown never sees it.
    expect(html).not.toMatch(/^\s*(#|https:\/\/evil|more)/m)
    expect(html).toContain(
      'busy<br><br># FAKE HEADING<br><br>https://evil.example/phish<br><br>more'
    )
  })

  it('escapes every cell and list item alike', () => {
    expect(escapeHtml('a\r\n\r\nb\rc\u0000')).toBe('a<br><br>b<br>c\\u0000')
    expect(renderInputProblems([`Input 'tags' "a\n\n# X"`])).not.toMatch(/^\s*#/m)
  })
})

describe('list outputs fit GitHub limits', () => {
  it('cuts an oversized list to a valid JSON array of whole items, and says how many', () => {
    const urls = Array.from({ length: 5000 }, (_, index) => `/é/${index}`)
    const { values, cut } = capListOutputs({ urls, tags: ['a'] }, 10_000)
    expect(Buffer.byteLength(values['urls']!)).toBeLessThanOrEqual(10_000)
    const shown = JSON.parse(values['urls']!) as string[]
    expect(shown).toEqual(urls.slice(0, shown.length))
    expect(cut).toEqual([{ name: 'urls', shown: shown.length, total: 5000 }])
    expect(values['tags']).toBe('["a"]')
  })

  it('takes items from an iterable only until the cap: the ones cut are never made', () => {
    let made = 0
    function* urls(): Generator<string> {
      for (let index = 0; index < 1_000_000; index++) {
        made++
        yield `https://www.example.com/${'x'.repeat(100)}/${index}`
      }
    }
    const kept = firstWithin(urls(), 10_000)
    expect(Buffer.byteLength(JSON.stringify(kept))).toBeLessThanOrEqual(10_000)
    // Each item is about 130 bytes: as many as fit, not a few.
    expect(kept.length).toBeGreaterThan(70)
    // The first that did not fit was made (and refused); none after it.
    expect(made).toBe(kept.length + 1)
  })

  it('keeps every list output together below the 1 MB a job may hold, with room to spare', () => {
    const lists = Object.values(OUTPUT_DEFAULTS).filter(value => value === '[]').length
    expect(lists).toBe(9)
    expect(MAX_LIST_OUTPUT_BYTES * lists).toBeLessThanOrEqual(768 * 1024)
  })
})
