/**
 * The job summary as GitHub shows it, for tests: GitHub renders a step summary as
 * GitHub-flavoured Markdown (cmark-gfm, HTML allowed and then sanitized), and draws ```mermaid
 * blocks as charts. micromark with its GFM extension follows the same CommonMark + GFM
 * specification; mermaid's own parser judges the charts.
 */
import { JSDOM } from 'jsdom'
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'

/** The HTML GitHub would build from the Markdown (before its sanitizer, which only removes). */
export function renderGitHubMarkdown(markdown: string): string {
  return micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()]
  })
}

/**
 * Places where a reader would see markup instead of its effect: a tag shown as text (`<td>`
 * escaped, or inside a code block that Markdown made of indented HTML), or Markdown syntax left
 * as text inside HTML (`**bold**`, a backtick pair). Each is returned with a little context.
 */
export function rawMarkupShown(html: string): string[] {
  const { document, NodeFilter } = new JSDOM(html).window
  const found: string[] = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.textContent ?? ''
    const inMermaid = node.parentElement?.closest('code.language-mermaid') !== null
    if (inMermaid) continue
    const tag = /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i.exec(text)
    if (tag) found.push(`tag shown as text: ${context(text, tag.index)}`)
    const markdown = /\*\*[^*\s][^*]*\*\*|`[^`\s][^`]*`/.exec(text)
    if (markdown) found.push(`Markdown shown as text: ${context(text, markdown.index)}`)
  }
  return found
}

function context(text: string, at: number): string {
  return JSON.stringify(text.slice(Math.max(0, at - 30), at + 50))
}

/** The text of every ```mermaid block of the Markdown, in order. */
export function mermaidBlocks(markdown: string): string[] {
  const blocks: string[] = []
  const fence = /^(`{3,}|~{3,})mermaid[ \t]*\r?\n([\s\S]*?)^\1[ \t]*$/gm
  for (let match = fence.exec(markdown); match !== null; match = fence.exec(markdown)) {
    blocks.push(match[2] ?? '')
  }
  return blocks
}

let mermaidParser: Promise<(text: string) => Promise<unknown>> | undefined

/**
 * Parses a chart with mermaid's own parser (in a DOM of jsdom's: mermaid needs one to load).
 * Resolves to the diagram type; rejects with mermaid's message when the chart is not valid.
 */
export async function parseMermaid(text: string): Promise<string> {
  mermaidParser ??= (async () => {
    const { window } = new JSDOM('<!doctype html><html><body></body></html>')
    Object.assign(globalThis, { window, document: window.document })
    const { default: mermaid } = await import('mermaid')
    mermaid.initialize({ startOnLoad: false })
    return (chart: string) => mermaid.parse(chart)
  })()
  const parse = await mermaidParser
  const result = (await parse(text)) as { diagramType?: string } | false
  if (result === false) throw new Error('mermaid did not recognise the chart')
  return result.diagramType ?? 'unknown'
}
