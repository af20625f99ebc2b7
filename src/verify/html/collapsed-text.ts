/**
 * Text as a reader sees it, read in pieces as a page streams in: each run of white space one
 * space, none at the start or the end, counted in characters (a character outside the Basic
 * Multilingual Plane is one, not two UTF-16 units). The count stops at a cap, and at most
 * `keep` characters of the text are kept (the last an ellipsis when it was longer), so that a
 * page of any size costs a bounded memory; the result is the same however the pieces cut it.
 *
 * Control characters count as white space, and the bidirectional controls (which reorder what a
 * reader of a report sees) as nothing: what is kept is safe to quote.
 */
export class CollapsedText {
  private count = 0
  private kept = ''
  private keptCount = 0
  /** White space came after a character: one space before the next one. */
  private space = false
  /** The last character was a high surrogate: a low one next is its second half. */
  private afterHigh = false
  /** That high surrogate was kept: its low one is kept with it. */
  private keptHigh = false

  /**
   * @param keep characters of the text kept (0: only counted)
   * @param cap the count stops there
   */
  constructor(
    private readonly keep: number,
    private readonly cap: number
  ) {}

  /** The characters counted, at most the cap. */
  get length(): number {
    return this.count
  }

  /** The collapsed text, cut to `keep` characters with an ellipsis when it was longer. */
  get text(): string {
    if (this.keptCount <= this.keep) return this.kept
    return `${Array.from(this.kept)
      .slice(0, this.keep - 1)
      .join('')
      .trimEnd()}…`
  }

  /** The next piece of text; true when it holds a character other than white space. */
  add(text: string): boolean {
    let content = false
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i)
      if (this.afterHigh && isLowSurrogate(code)) {
        // The second half of the character just counted, whichever piece it comes in.
        if (this.keptHigh) this.kept += text[i]
        this.afterHigh = this.keptHigh = false
        continue
      }
      this.afterHigh = this.keptHigh = false
      if (isSpace(code)) {
        this.space = this.count > 0
        continue
      }
      if (isInvisibleControl(code)) continue
      content = true
      this.character(text[i] ?? '')
      this.afterHigh = isHighSurrogate(code)
    }
    return content
  }

  private character(character: string): void {
    if (this.space) {
      this.space = false
      this.count = Math.min(this.cap, this.count + 1)
      this.keepText(' ')
    }
    this.count = Math.min(this.cap, this.count + 1)
    this.keptHigh = this.keepText(character)
  }

  /** Keeps a character up to one past `keep` (to know the text was longer); whether it was. */
  private keepText(character: string): boolean {
    if (this.keep === 0 || this.keptCount > this.keep) return false
    this.kept += character
    this.keptCount++
    return true
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

/** White space as `\s` reads it, and the C0 and C1 controls. */
function isSpace(code: number): boolean {
  if (code <= 0x20 || (code >= 0x7f && code <= 0xa0)) return true
  if (code < 0x1680) return false
  return (
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  )
}

/** The bidirectional marks, embeddings, overrides and isolates: they show nothing. */
function isInvisibleControl(code: number): boolean {
  return (
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  )
}
