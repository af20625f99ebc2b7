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
  /** Where in a file the value was written (`line 12`): for the inputs that name a file. */
  readonly at?: string
  /** What is wrong and, where it helps, what to write instead. */
  readonly reason: string
  /** The whole message, for a problem that concerns several inputs and no one value. */
  readonly message?: string
  /** The YAML to write instead, after the reason: a code block in the summary. */
  readonly correction?: string
}

import { hideCredentials } from '../text/redact.js'

const MAX_SHOWN_VALUE = 200

/**
 * Renders a value for a message: quoted, escaped, and shortened when long (with an ellipsis, so
 * the redactor recognises a secret cut short). Credentials in a URL are never quoted:
 * `https://***@host`.
 */
export function quoteValue(value: string): string {
  const safe = hideCredentials(value)
  const shown = safe.length > MAX_SHOWN_VALUE ? `${safe.slice(0, MAX_SHOWN_VALUE)}…` : safe
  return JSON.stringify(shown)
}

export function formatProblem(problem: InputProblem): string {
  if (problem.message !== undefined) return problem.message
  // A missing input reads as such ("Input 'api_key' is required: …"), not as a quoted "".
  if (problem.value === '' && MISSING.test(problem.reason)) {
    return `Input '${problem.input}' ${reasonWithCorrection(problem)}`
  }
  return `Input '${problem.input}' ${placedValue(problem)}: ${reasonWithCorrection(problem)}`
}

/** The value quoted, after the line of the file it was read from when it was: `line 3 "x"`. */
function placedValue(problem: InputProblem): string {
  return problem.at === undefined
    ? quoteValue(problem.value)
    : `${problem.at} ${quoteValue(problem.value)}`
}

/** A reason that says the input must be given. */
const MISSING = /^is (?:required|needed)\b/

/** The problem without its correction: the summary shows that as a code block of its own. */
export function formatProblemWithoutCorrection(problem: InputProblem): string {
  return formatProblem({ ...problem, correction: undefined })
}

function reasonWithCorrection(problem: InputProblem): string {
  return problem.correction === undefined
    ? problem.reason
    : `${problem.reason}\n${problem.correction}`
}

/**
 * One message per input, for one error annotation per input: an input with several problems
 * lists them under its name, in the order found.
 */
export function problemMessagesByInput(problems: readonly InputProblem[]): string[] {
  const byInput = new Map<string, InputProblem[]>()
  for (const problem of problems) {
    const key = problem.message ?? problem.input
    byInput.set(key, [...(byInput.get(key) ?? []), problem])
  }
  return [...byInput.values()].map(group => {
    const [first] = group
    if (group.length === 1 || first === undefined || first.message !== undefined)
      return formatProblem(group[0] as InputProblem)
    const lines = group.map(
      problem => `- ${placedValue(problem)}: ${reasonWithCorrection(problem)}`
    )
    return `Input '${first.input}' has ${group.length} problems:\n${lines.join('\n')}`
  })
}

/** Collects input problems, warnings and notices from the pure parsing functions. */
export class Diagnostics {
  readonly problems: InputProblem[] = []
  readonly warnings: string[] = []
  readonly notices: string[] = []

  problem(input: string, value: string, reason: string, correction?: string): void {
    this.problems.push({ input, value, reason, ...(correction !== undefined && { correction }) })
  }

  /** A problem with one value read from a file: `at` says where (`line 12`). */
  problemAt(input: string, at: string, value: string, reason: string): void {
    this.problems.push({ input, value, at, reason })
  }

  /** A problem of several inputs together (nothing to purge): its message says it all. */
  problemOfInputs(inputs: readonly string[], message: string): void {
    this.problems.push({ input: inputs.join(', '), value: '', reason: message, message })
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
