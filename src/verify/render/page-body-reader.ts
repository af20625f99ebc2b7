/**
 * A page's body read once, chunk by chunk, for what the checks want of it: the assets it
 * references (verify/assets/page-references.ts), what its render tells a crawler
 * (render-facts.ts), or both, from one tokenizer over the body (html/tag-stream.ts), never two
 * passes.
 */
import {
  PageReferenceCollector,
  type AssetScope,
  type PageReferences
} from '../assets/page-references.js'
import { ReferenceTags } from '../assets/reference-extractor.js'
import { TagStream, type TagReader } from '../html/tag-stream.js'
import { RenderFactsReader, type RenderFacts } from './render-facts.js'

/** What a body is read for: its references, in the asset checks' scope; its facts. */
export interface BodyWants {
  readonly references?: AssetScope
  readonly facts?: true
}

/** What the body gave: each part that was asked for, read up to where the body ended. */
export interface BodyRead {
  readonly references?: PageReferences
  readonly facts?: RenderFacts
}

export class PageBodyReader {
  private readonly stream: TagStream
  private readonly references: PageReferenceCollector | undefined
  private readonly facts: RenderFactsReader | undefined

  constructor(pageUrl: URL, wants: BodyWants) {
    const readers: TagReader[] = []
    if (wants.references !== undefined) {
      this.references = new PageReferenceCollector(pageUrl, wants.references)
      readers.push(new ReferenceTags(this.references))
    }
    if (wants.facts === true) {
      this.facts = new RenderFactsReader(pageUrl)
      readers.push(this.facts)
    }
    this.stream = new TagStream(readers)
  }

  /** The next piece of the body's decoded text. */
  push(chunk: string): void {
    this.stream.push(chunk)
  }

  /** The body ended (or was cut: what came before it is read). */
  end(): BodyRead {
    this.stream.end()
    return {
      ...(this.references && { references: this.references.result() }),
      ...(this.facts && { facts: this.facts.result() })
    }
  }
}
