/**
 * Problems and remarks found while turning inputs into a plan.
 *
 * Input problems are values, not exceptions: every one is collected so the user sees all of
 * them at once, before anything is sent. Programming errors still throw.
 */

/** One problem with one input; the step fails and nothing is sent. */
export interface InputProblem {
  /** The input's name as written in a workflow (`pattern`, `url_map`, ...). */
  readonly input: string
  /** The offending value (or the part of it that is wrong), shown to the user. */
  readonly value: string
  /** What is wrong and, where it helps, what to write instead. */
  readonly reason: string
}

const MAX_SHOWN_VALUE = 200

/** Renders a value for a message: quoted, escaped, and shortened when long. */
export function quoteValue(value: string): string {
  const shown = value.length > MAX_SHOWN_VALUE ? `${value.slice(0, MAX_SHOWN_VALUE)}…` : value
  return JSON.stringify(shown)
}

export function formatProblem(problem: InputProblem): string {
  return `Input '${problem.input}' ${quoteValue(problem.value)}: ${problem.reason}`
}

/** Collects input problems, warnings and notices from the pure parsing functions. */
export class Diagnostics {
  readonly problems: InputProblem[] = []
  readonly warnings: string[] = []
  readonly notices: string[] = []

  problem(input: string, value: string, reason: string): void {
    this.problems.push({ input, value, reason })
  }

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message)
  }

  notice(message: string): void {
    if (!this.notices.includes(message)) this.notices.push(message)
  }

  get ok(): boolean {
    return this.problems.length === 0
  }
}
