/**
 * A failed purge request in words, for the log, the error and the summary. The service's message
 * is quoted byte for byte, its own punctuation kept: a user pastes it into a search or a support
 * ticket, where "The tag field is required" without its period is not what the service said.
 */

export function describeFailure(outcome: {
  status?: number
  message?: string
  hint?: string
  requestId?: string
}): string {
  const parts = [outcome.status === undefined ? 'no answer' : `HTTP ${outcome.status}`]
  if (outcome.message) parts.push(outcome.message)
  const text = parts.join(': ')
  const withHint = outcome.hint ? `${text}${endsSentence(text) ? '' : '.'} ${outcome.hint}` : text
  return outcome.requestId ? `${withHint} (request id ${outcome.requestId})` : withHint
}

/** Whether the text already ends as a sentence does, so that a hint needs no period before it. */
function endsSentence(text: string): boolean {
  return /[.!?]$/.test(text)
}
