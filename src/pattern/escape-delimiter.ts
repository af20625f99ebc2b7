/**
 * Escaping a delimiter inside an expression, so that PHP does not end the pattern there: for
 * the bare expressions the action wraps, and for every pattern a message advises. A module of
 * its own, below the steps that read and explain the input, which all need it.
 */

/**
 * Escapes each unescaped `delimiter` so PHP does not end the pattern there. Inside \Q...\E a
 * backslash would be literal, so the quoted section is closed around the escaped delimiter.
 * `sourceIndex[i]` is the expression's index that character i of the result comes from.
 */
export function escapeUnescapedDelimiter(
  expression: string,
  delimiter: string
): { text: string; sourceIndex: number[] } {
  let text = ''
  const sourceIndex: number[] = []
  const put = (piece: string, from: number): void => {
    text += piece
    for (let count = 0; count < piece.length; count++) sourceIndex.push(from)
  }
  let index = 0
  while (index < expression.length) {
    const char = expression.charAt(index)
    if (char === '\\' && expression.charAt(index + 1) === 'Q') {
      const quoteEnd = expression.indexOf('\\E', index + 2)
      const end = quoteEnd === -1 ? expression.length : quoteEnd
      put('\\Q', index)
      for (let at = index + 2; at < end; at++) {
        const quoted = expression.charAt(at)
        put(quoted === delimiter ? `\\E\\${delimiter}\\Q` : quoted, at)
      }
      index = end
    } else if (char === '\\') {
      put(char, index)
      if (index + 1 < expression.length) put(expression.charAt(index + 1), index + 1)
      index += 2
    } else {
      put(char === delimiter ? `\\${delimiter}` : char, index)
      index++
    }
  }
  return { text, sourceIndex }
}
