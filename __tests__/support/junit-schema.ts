/**
 * The JUnit report format that Jenkins' xUnit plugin publishes as junit-10.xsd, written here in
 * this project's own words as data: which elements may hold which, the attributes each may carry
 * (and must), and the form of a time. `schemaProblems` walks a parsed document against it, so a
 * test can hold report/junit.ts to what the CIs that read JUnit accept, with no XSD engine.
 */

/** A parsed XML element, as the tests' reader builds it. */
export interface XmlElement {
  readonly name: string
  readonly attributes: Readonly<Record<string, string>>
  readonly children: readonly XmlElement[]
  readonly text: string
}

interface ElementRule {
  /** Attributes the element must carry. */
  readonly required: readonly string[]
  /** Attributes it may carry besides those. */
  readonly optional: readonly string[]
  /** The elements it may hold, in any order and number; none when it holds only text. */
  readonly children: readonly string[]
  /** Whether text may stand between its children (an XSD "mixed" or a text-only element). */
  readonly text: boolean
}

/** What a failure, an error or a skip says: its kind and a message, both optional. */
const RESULT: ElementRule = {
  required: [],
  optional: ['type', 'message'],
  children: [],
  text: true
}

/** A re-run's outcome (Surefire): a stack trace and the output, its type required. */
const RERUN: ElementRule = {
  required: ['type'],
  optional: ['message'],
  children: ['stackTrace', 'system-out', 'system-err'],
  text: true
}

const TEXT_ONLY: ElementRule = { required: [], optional: [], children: [], text: true }

export const JUNIT_10: Readonly<Record<string, ElementRule>> = {
  // The whole report: its totals, never `skipped` (only a suite may count skips).
  testsuites: {
    required: [],
    optional: ['name', 'time', 'tests', 'failures', 'errors'],
    children: ['testsuite'],
    text: false
  },
  testsuite: {
    required: ['name', 'tests', 'failures', 'errors'],
    optional: [
      'group',
      'time',
      'skipped',
      'timestamp',
      'hostname',
      'id',
      'package',
      'file',
      'log',
      'url'
    ],
    children: ['testsuite', 'properties', 'testcase', 'system-out', 'system-err'],
    text: false
  },
  testcase: {
    required: ['name'],
    optional: ['time', 'classname', 'group'],
    children: [
      'skipped',
      'error',
      'failure',
      'rerunFailure',
      'rerunError',
      'flakyFailure',
      'flakyError',
      'system-out',
      'system-err'
    ],
    text: false
  },
  properties: { required: [], optional: [], children: ['property'], text: false },
  property: { required: ['name', 'value'], optional: [], children: [], text: false },
  failure: RESULT,
  error: RESULT,
  skipped: RESULT,
  rerunFailure: RERUN,
  rerunError: RERUN,
  flakyFailure: RERUN,
  flakyError: RERUN,
  stackTrace: TEXT_ONLY,
  'system-out': TEXT_ONLY,
  'system-err': TEXT_ONLY
}

/** The roots the schema declares that a report may start with. */
const ROOTS = ['testsuites', 'testsuite']

/**
 * A time as Surefire writes it: seconds, digits grouped by commas in thousands or not, and an
 * optional fraction (`12`, `1,234.5`, `0.250`). The schema's own pattern, anchored as XSD
 * patterns are.
 */
const SUREFIRE_TIME = /^(?:(?:[0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(?:\.[0-9]*)?$/

/** Attributes whose value must be a Surefire time, by element. */
const TIMED = new Set(['testsuites', 'testsuite'])

/** Every way the document breaks the schema, as `path: problem`; [] when it conforms. */
export function schemaProblems(root: XmlElement): string[] {
  const problems: string[] = []
  if (!ROOTS.includes(root.name)) problems.push(`${root.name}: not a root the schema allows`)
  walk(root, root.name, problems)
  return problems
}

function walk(element: XmlElement, path: string, problems: string[]): void {
  const rule = JUNIT_10[element.name]
  if (rule === undefined) {
    problems.push(`${path}: an element the schema does not know`)
    return
  }
  for (const name of rule.required) {
    if (!(name in element.attributes)) problems.push(`${path}: lacks the attribute ${name}`)
  }
  for (const name of Object.keys(element.attributes)) {
    if (!rule.required.includes(name) && !rule.optional.includes(name)) {
      problems.push(`${path}: the attribute ${name} is not allowed here`)
    }
  }
  const time = element.attributes['time']
  if (TIMED.has(element.name) && time !== undefined && !SUREFIRE_TIME.test(time)) {
    problems.push(`${path}: time ${JSON.stringify(time)} is not a Surefire time`)
  }
  if (!rule.text && element.text.trim() !== '') {
    problems.push(`${path}: holds text where only elements may stand`)
  }
  for (const child of element.children) {
    const childPath = `${path} > ${child.name}`
    if (!rule.children.includes(child.name)) {
      problems.push(`${childPath}: not allowed inside ${element.name}`)
    } else {
      walk(child, childPath, problems)
    }
  }
}
