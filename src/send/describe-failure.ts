/** A failed purge request in words, for the log, the error and the summary. */

export function describeFailure(outcome: {
  status?: number
  message?: string
  hint?: string
  requestId?: string
}): string {
  const parts = [outcome.status === undefined ? 'no answer' : `HTTP ${outcome.status}`]
  if (outcome.message) parts.push(outcome.message.replace(/\.$/, ''))
  const text = parts.join(': ')
  const withHint = outcome.hint ? `${text}. ${outcome.hint}` : text
  return outcome.requestId ? `${withHint} (request id ${outcome.requestId})` : withHint
}
