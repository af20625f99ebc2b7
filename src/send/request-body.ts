/** The service's JSON body for one purge request (the contract: docs/service.md). */
import type { PurgeRequest } from '../core/purge.js'

/** The JSON body the service takes for one request. */
export function requestBody(request: PurgeRequest): Record<string, unknown> {
  const field =
    request.kind === 'tag'
      ? { tag: request.items }
      : request.kind === 'url'
        ? { url: request.items }
        : { pattern: request.items[0] }
  return request.country === undefined ? field : { ...field, country: request.country }
}
