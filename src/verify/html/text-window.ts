/**
 * The page's text from the first position the tokenizer may still ask for: its chunks, the
 * ones before that position dropped as soon as the tokenizer has passed them, so that a page
 * read chunk by chunk keeps the tag (or comment) a chunk cuts, never the whole page.
 */
export class TextWindow {
  private readonly chunks: string[] = []
  /** The first chunk still kept, in `chunks`. */
  private head = 0
  /** The page position where `chunks[head]` starts. */
  private headStart = 0

  add(chunk: string): void {
    this.chunks.push(chunk)
  }

  /** Nothing before `position` will be asked for again. */
  release(position: number): void {
    for (;;) {
      const chunk = this.chunks[this.head]
      if (chunk === undefined || this.headStart + chunk.length > position) break
      this.headStart += chunk.length
      this.head++
    }
    // Dropped chunks leave the array once they are half of it: each is moved once at most.
    if (this.head > 0 && this.head * 2 >= this.chunks.length) {
      this.chunks.splice(0, this.head)
      this.head = 0
    }
  }

  /** The text from `start` to `end` (page positions), which may span chunks. */
  slice(start: number, end: number): string {
    if (start >= end) return ''
    let text = ''
    let at = this.headStart
    for (let i = this.head; i < this.chunks.length && at < end; i++) {
      const chunk = this.chunks[i] ?? ''
      if (at + chunk.length > start) {
        text += chunk.slice(Math.max(0, start - at), end - at)
      }
      at += chunk.length
    }
    return text
  }
}
