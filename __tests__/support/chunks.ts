/**
 * A text cut into chunks of the given sizes, taken in turn and again from the first, as a body
 * arrives over the network in pieces of any size: for the tests that feed a streaming reader and
 * compare what it read with the whole text's.
 */
export function inChunks(text: string, sizes: readonly number[]): string[] {
  const chunks: string[] = []
  for (let at = 0, i = 0; at < text.length; i++) {
    const size = sizes[i % sizes.length] ?? 1
    chunks.push(text.slice(at, at + size))
    at += size
  }
  return chunks
}
