/**
 * The command line's arguments to what the run needs (PURE): the inputs the flags give, and the
 * command's own options. `--flag value` and `--flag=value`; a switch alone means true; a list
 * flag given again adds to its list; any other flag given twice, an unknown flag (with the
 * nearest one: "did you mean --dry-run?"), a stray argument or `--api-key` is a usage error,
 * said before anything is read or sent. A refused flag's value is never repeated.
 */
import type { InputName } from '../core/constants.js'
import { editDistance } from '../plan/input-names.js'
import {
  allFlagNames,
  COMMAND_FLAGS,
  FLAG_DOCS,
  flagName,
  inputOfFlag,
  isFlagInput,
  REFUSED_INPUTS,
  type CommandFlag
} from './flags.js'

export interface CommandOptions {
  readonly json: boolean
  readonly summaryFile?: string
  readonly junitFile?: string
}

export type ParsedArgs =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'usage'; readonly problems: readonly string[] }
  | {
      readonly kind: 'run'
      /** The inputs the flags gave, as the action would receive them (lists one a line). */
      readonly inputs: Readonly<Partial<Record<InputName, string>>>
      readonly options: CommandOptions
    }

const SHORT: Readonly<Record<string, CommandFlag>> = { '-h': 'help', '-V': 'version' }

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const problems: string[] = []
  const inputs: Partial<Record<InputName, string>> = {}
  let json = false
  let summaryFile: string | undefined
  let junitFile: string | undefined
  let help = false
  let version = false

  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? ''
    const short = SHORT[arg]
    if (short === 'help') help = true
    if (short === 'version') version = true
    if (short !== undefined) continue
    if (!arg.startsWith('--') || arg === '--') {
      problems.push(
        `unexpected argument ${quote(arg)}: every value follows its flag (--tags ${arg}); see --help`
      )
      continue
    }
    const equals = arg.indexOf('=')
    const name = (equals === -1 ? arg.slice(2) : arg.slice(2, equals)).toLowerCase()
    const attached = equals === -1 ? undefined : arg.slice(equals + 1)
    const next = argv[index + 1]
    /** The value: after `=`, else the next argument (consumed). */
    const takeValue = (): string | undefined => {
      if (attached !== undefined) return attached
      if (next === undefined) return undefined
      index++
      return next
    }

    const input = inputOfFlag(name)
    if (input !== undefined && !isFlagInput(input)) {
      // Skip its value too, unread: it must not be taken for a stray argument and echoed.
      if (attached === undefined && next !== undefined && !next.startsWith('--')) index++
      problems.push(`--${name} is not accepted: ${REFUSED_INPUTS[input]}.`)
      continue
    }
    if (input !== undefined && isFlagInput(input)) {
      const doc = FLAG_DOCS[input]
      let value: string | undefined
      if (doc.switch && attached === undefined && (next === undefined || next.startsWith('--'))) {
        value = 'true'
      } else {
        value = takeValue()
      }
      if (value === undefined) {
        problems.push(`--${name} needs a value: --${name} ${doc.value ?? 'VALUE'}`)
        continue
      }
      const before = inputs[input]
      if (before !== undefined && !doc.list) {
        problems.push(
          `--${name} is given twice (${quote(before)} and ${quote(value)}): give it once`
        )
        continue
      }
      inputs[input] = before === undefined ? value : `${before}\n${value}`
      continue
    }
    switch (name as CommandFlag) {
      case 'json':
        if (attached !== undefined) problems.push('--json takes no value')
        json = true
        continue
      case 'help':
        help = true
        continue
      case 'version':
        version = true
        continue
      case 'summary':
      case 'junit': {
        const file = takeValue()
        if (file === undefined || file === '') {
          problems.push(`--${name} needs a file: --${name} FILE`)
          continue
        }
        if (name === 'summary') summaryFile = file
        else junitFile = file
        continue
      }
    }
    problems.push(`unknown flag --${name}${suggestion(name)}`)
  }

  if (help) return { kind: 'help' }
  if (version) return { kind: 'version' }
  if (problems.length > 0) return { kind: 'usage', problems }
  return {
    kind: 'run',
    inputs,
    options: {
      json,
      ...(summaryFile !== undefined && { summaryFile }),
      ...(junitFile !== undefined && { junitFile })
    }
  }
}

/** `: did you mean --dry-run?`, or the way to the list of flags. */
function suggestion(given: string): string {
  const wanted = given.replace(/_/g, '-')
  const names = allFlagNames()
  const allowed = wanted.length <= 4 ? 1 : wanted.length <= 7 ? 2 : 3
  const scored = names
    .map(name => ({ name, distance: editDistance(wanted, name) }))
    .filter(({ distance }) => distance <= allowed)
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
  const best = scored[0]
  if (best !== undefined) return `: did you mean --${best.name}?`
  const sharing = names.filter(name =>
    wanted.split('-').some(word => word.length >= 3 && name.split('-').includes(word))
  )
  if (sharing.length > 0)
    return `: did you mean ${sharing
      .slice(0, 3)
      .map(n => `--${n}`)
      .join(' or ')}?`
  return ' (--help lists them)'
}

/** A value as a message shows it: quoted, one line, cut when long. */
function quote(value: string): string {
  const line = value.replace(/[\r\n\t]+/g, ' ')
  return JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line)
}

/** Kept for the help and the docs: the flags in the action's order, then the command's own. */
export function flagsInOrder(): {
  readonly flag: string
  readonly value?: string
  readonly help: string
}[] {
  return [
    ...Object.entries(FLAG_DOCS).map(([input, doc]) => ({
      flag: `--${flagName(input)}`,
      ...(doc.value !== undefined && { value: doc.switch ? `[${doc.value}]` : doc.value }),
      help: doc.help
    })),
    ...Object.entries(COMMAND_FLAGS).map(([name, doc]) => ({
      flag: `--${name}`,
      ...('value' in doc && { value: doc.value }),
      help: doc.help
    }))
  ]
}
