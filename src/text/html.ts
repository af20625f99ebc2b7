/** HTML building blocks for the job summary. Every text passed in is escaped here. */
import { escapeControls } from './log-safety.js'

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  // Markdown would otherwise read these in the summary's Markdown context.
  '`': '&#96;',
  '|': '&#124;',
  '*': '&#42;',
  _: '&#95;',
  '[': '&#91;',
  ']': '&#93;',
  '\\': '&#92;'
}

/**
 * Escapes text for the summary, which GitHub renders as Markdown with HTML in it. A blank line
 * would end the HTML block and let the rest render as Markdown (a heading, a link), so line
 * breaks become `<br>`: no escaped text ever holds a newline. Other controls become visible.
 */
export function escapeHtml(text: string): string {
  return escapeControls(
    text.replace(/[&<>"'`|*_[\]\\]/g, character => ESCAPES[character] ?? character)
  ).replace(/\r\n|\r|\n/g, '<br>')
}

export function code(text: string): string {
  return `<code>${escapeHtml(text)}</code>`
}

export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = `<tr>${headers.map(header => `<th>${escapeHtml(header)}</th>`).join('')}</tr>`
  // Cells are pre-rendered HTML: callers escape (or wrap with code()) what they put in.
  const body = rows
    .map(row => `<tr>${row.map(cell => `<td>${cell}</td>`).join('')}</tr>`)
    .join('\n')
  return `<table>\n${head}\n${body}\n</table>\n`
}

/** A folded list of items, each in <code>, cut after `limit` with a count of the rest. */
export function foldedList(title: string, items: readonly string[], limit: number): string {
  if (items.length === 0) return ''
  const shown = items.slice(0, limit).map(item => `<li>${code(item)}</li>`)
  if (items.length > limit) shown.push(`<li>… and ${items.length - limit} more</li>`)
  return `<details><summary>${escapeHtml(title)} (${items.length})</summary>\n<ul>\n${shown.join('\n')}\n</ul>\n</details>\n`
}

/**
 * A Markdown fenced code block, for text meant to be copied (GitHub gives it a copy button). It
 * must stand outside HTML, after a blank line. The fence is longer than any run of backticks in
 * the text, so no text can close it early; controls are made visible, as everywhere.
 */
export function fencedBlock(language: string, text: string): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map(run => run.length))
  const fence = '`'.repeat(Math.max(3, longestRun + 1))
  const lines = text.split(/\r\n|\r|\n/).map(line => escapeControls(line))
  return `${fence}${language}\n${lines.join('\n')}\n${fence}\n`
}

/** At most 50 items, then a count: the summary must stay small. */
export function codeList(items: readonly string[]): string {
  const shown = items.slice(0, 50).map(code).join(', ')
  const more = items.length - 50
  return more > 0 ? `${shown} and ${more} more` : shown
}
