/**
 * What the sender needs from HTTP, and nothing more: one POST with a deadline. Production uses
 * @actions/http-client (http-transport.ts); tests may pass any function of this shape.
 */

export interface HttpAnswer {
  readonly status: number
  /** Header names in lower case, as Node gives them. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>
  /** The body as text, cut at a sane length (an error page can be megabytes). */
  readonly body: string
}

export type TransportFailureKind = 'timeout' | 'connection'

/** No HTTP answer at all: the request timed out or the connection failed. */
export class TransportError extends Error {
  constructor(
    readonly kind: TransportFailureKind,
    message: string
  ) {
    super(message)
    this.name = 'TransportError'
  }
}

export interface Transport {
  /** Resolves with any HTTP answer (also 4xx/5xx); rejects only with a TransportError. */
  post(url: URL, jsonBody: string, timeoutMs: number): Promise<HttpAnswer>
  /** Releases kept-alive connections so the process can exit. */
  close(): void
}
