/** A JUnit report (or any XML) as a tree, for the tests that read what the reports write. */
import { SaxesParser } from 'saxes'
import type { XmlElement } from './junit-schema.js'

export interface Element extends XmlElement {
  readonly attributes: Record<string, string>
  readonly children: Element[]
  text: string
}

/** The document as a tree; throws on anything that is not well-formed XML. */
export function parseXml(xml: string): Element {
  const parser = new SaxesParser()
  const root: Element = { name: '#document', attributes: {}, children: [], text: '' }
  const stack = [root]
  parser.on('error', error => {
    throw error
  })
  parser.on('opentag', tag => {
    const element: Element = {
      name: tag.name,
      attributes: Object.fromEntries(
        Object.entries(tag.attributes).map(([name, value]) => [name, String(value)])
      ),
      children: [],
      text: ''
    }
    stack.at(-1)?.children.push(element)
    stack.push(element)
  })
  parser.on('text', text => {
    const top = stack.at(-1)
    if (top) top.text += text
  })
  parser.on('closetag', () => {
    stack.pop()
  })
  parser.write(xml).close()
  const [document] = root.children
  if (!document) throw new Error('no root element')
  return document
}
