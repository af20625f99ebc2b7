/** The `pattern` input as it is sent: shared by the steps of pattern/ that read and check it. */

export interface PreparedPattern {
  /** Exactly what goes into the JSON body's "pattern" field (the JSON layer escapes backslashes, not us). */
  readonly pattern: string
  readonly delimiter: string
  /** The expression between the delimiters. */
  readonly body: string
  /** PCRE modifier letters after the end delimiter. */
  readonly modifiers: string
  /** True when the user gave a bare expression and we wrapped it. */
  readonly wrapped: boolean
}
