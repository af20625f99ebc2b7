/** A failed purge request in words, for the log, the error and the summary. */

export function describeFailure(outcome: {
  status?: number
  message?: string
  requestId?: string
}): string {
  const parts = [outcome.status === undefined ? 'no answer' : `HTTP ${outcome.status}`]
  if (outcome.message) parts.push(outcome.message)
  const text = parts.join(': ')
  return outcome.requestId ? `${text} (request id ${outcome.requestId})` : text
}
