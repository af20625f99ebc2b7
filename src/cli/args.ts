/**
 * The command line's arguments to what the run needs (PURE): the inputs the flags give, and the
 * command's own options. `--flag value` and `--flag=value`; a switch alone means true; a list
 * flag given again adds to its list; any other flag given twice, an unknown flag (with the
 * nearest one: "did you mean --dry-run?"), a stray argument or `--api-key` is a usage error,
 * said before anything is read or sent. A refused flag's value is never repeated.
 *
 * An argument that starts with `-` is never taken for the value before it (`--tags=-x` says it
 * on purpose): `--tags $EXTRA --dry-run` with $EXTRA empty must not turn the dry run into the
 * tag and purge for real. For the same reason a switch given an empty value (`--dry-run=`) is
 * an error, not false. An argument Node could not read as UTF-8 (it holds U+FFFD) is refused:
 * it would be sent as something else. The key is never an argument: one equal to it, or a flag
 * that looks meant for it (`--apikey`, `--token`), is said to be the key, never quoted.
 */
import type { InputName } from '../core/constants.js'
import { editDistance } from '../plan/input-names.js'
import {
  allFlagNames,
  COMMAND_FLAGS,
  FLAG_DOCS,
  flagHelp,
  flagName,
  inputOfFlag,
  isFlagInput,
  REFUSED_INPUTS,
  type CommandFlag,
  type FlagInput,
  API_KEY_VARIABLE
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

/** What Node puts in place of bytes that are not UTF-8 when it reads the arguments. */
const REPLACEMENT_CHARACTER = '\uFFFD'

/** Flag names (lower case, without `-` and `_`) a user may try for the key. */
const KEY_LIKE_FLAGS = new Set([
  'apikey',
  'key',
  'secret',
  'token',
  'apitoken',
  'apisecret',
  'purgeapikey',
  'purgekey',
  'password'
])

const KEY_ADVICE = `the key is read from the environment variable ${API_KEY_VARIABLE}, never from an argument (process lists and shell histories keep arguments)`

/** The shortest key looked for inside a longer value; a shorter one only as a whole argument. */
const MIN_KEY_SEEN_INSIDE = 8

export interface ParseContext {
  /** PURGE_API_KEY's value: an argument equal to it is called the key, never quoted. */
  readonly apiKey?: string
}

export function parseArgs(argv: readonly string[], context: ParseContext = {}): ParsedArgs {
  const problems: string[] = []
  /** Arguments already refused whole (the key, bytes that are not UTF-8): not said again. */
  const refused = new Set<number>()
  const key = context.apiKey?.trim()
  const isKey = (arg: string | undefined): boolean =>
    key !== undefined && key !== '' && arg !== undefined && arg.trim() === key
  /**
   * Whether a flag's value is or holds the key (`--tags=blog,$PURGE_API_KEY`): it would be sent
   * to the service as a target. A key too short to be told from ordinary text only when whole.
   */
  const holdsKey = (value: string): boolean =>
    isKey(value) || (key !== undefined && key.length >= MIN_KEY_SEEN_INSIDE && value.includes(key))
  const theKey = (index: number, owner = ''): string =>
    `argument ${index + 1}${owner} is the key: ${KEY_ADVICE}`
  argv.forEach((arg, index) => {
    if (isKey(arg)) return // said where it stands: after a flag or alone
    if (arg.includes(REPLACEMENT_CHARACTER)) {
      const owner = flagBefore(argv, index)
      problems.push(
        `argument ${index + 1}${owner === undefined ? '' : ` (the value of ${owner})`} is not valid UTF-8 text: it would be sent as U+FFFD (${REPLACEMENT_CHARACTER}) instead of its bytes; give it in UTF-8`
      )
      refused.add(index)
    }
  })
  const inputs: Partial<Record<InputName, string>> = {}
  let json = false
  let summaryFile: string | undefined
  let junitFile: string | undefined
  let help = false
  let version = false

  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? ''
    if (isKey(arg)) {
      problems.push(theKey(index))
      continue
    }
    const short = SHORT[arg]
    if (short === 'help') help = true
    if (short === 'version') version = true
    if (short !== undefined) continue
    const next = argv[index + 1]
    /** Skips the next argument, unread, when it looks like the value of an unusable flag. */
    const skipValue = (): void => {
      if (next !== undefined && !next.startsWith('-')) index++
    }
    if (arg.startsWith('-') && !arg.startsWith('--') && arg !== '-') {
      if (!refused.has(index)) problems.push(shortFlagProblem(arg))
      if (!arg.includes('=')) skipValue()
      continue
    }
    if (refused.has(index)) continue
    if (!arg.startsWith('--') || arg === '--') {
      problems.push(
        `unexpected argument ${quote(arg)}: every value follows its flag (--tags ${arg}); see --help`
      )
      continue
    }
    const equals = arg.indexOf('=')
    const name = (equals === -1 ? arg.slice(2) : arg.slice(2, equals)).toLowerCase()
    const attached = equals === -1 ? undefined : arg.slice(equals + 1)
    /** Whether the next argument can be this flag's value: there is one, not a flag. */
    const valueFollows = next !== undefined && !next.startsWith('-')
    /** The value: after `=`, else the next argument (consumed) unless it starts with `-`. */
    const takeValue = (): string | undefined => {
      if (attached !== undefined) return attached
      if (!valueFollows) return undefined
      index++
      return next
    }
    /** `: --tags LIST`, and how to give a value that starts with '-' when one followed. */
    const needsValue = (what: string, shown: string): string =>
      `--${name} needs ${what}: --${name} ${shown}${
        next?.startsWith('-') === true
          ? ` (a value that starts with '-' goes after '=': --${name}=-x)`
          : ''
      }`

    const input = inputOfFlag(name)
    if (input !== undefined && !isFlagInput(input)) {
      // Skip its value too, unread: it must not be taken for a stray argument and echoed.
      if (attached === undefined) skipValue()
      problems.push(`--${name} is not accepted: ${REFUSED_INPUTS[input]}.`)
      continue
    }
    if (input !== undefined && isFlagInput(input)) {
      const doc = FLAG_DOCS[input]
      const value = doc.switch && attached === undefined && !valueFollows ? 'true' : takeValue()
      if (value === undefined) {
        problems.push(needsValue('a value', doc.value ?? 'VALUE'))
        continue
      }
      // After '=' too: `--tags=$PURGE_API_KEY` would otherwise send the key as a tag.
      if (holdsKey(value)) {
        problems.push(theKey(index, ` (the value of --${name})`))
        continue
      }
      if (doc.switch && value === '') {
        // An empty variable must not turn `--dry-run` into false and purge for real.
        problems.push(
          `--${name} is given an empty value: give --${name} alone for true, or --${name}=false`
        )
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
          problems.push(needsValue('a file', 'FILE'))
          continue
        }
        // A file named after the key would keep it in directory listings and CI artifacts.
        if (holdsKey(file)) {
          problems.push(theKey(index, ` (the value of --${name})`))
          continue
        }
        if (name === 'summary') summaryFile = file
        else junitFile = file
        continue
      }
    }
    if (KEY_LIKE_FLAGS.has(name.replace(/[-_]/g, ''))) {
      problems.push(`--${name} is not a flag: ${KEY_ADVICE}`)
    } else {
      problems.push(`unknown flag --${name}${suggestion(name)}`)
    }
    // Its value (if it had one) is not a stray argument of its own: one problem, not two.
    if (attached === undefined) skipValue()
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

/** The flag whose value the argument at `index` would be, if the one before it is a flag. */
function flagBefore(argv: readonly string[], index: number): string | undefined {
  const before = argv[index - 1]
  if (before === undefined || !before.startsWith('--') || before.includes('=')) return undefined
  return before.toLowerCase()
}

/**
 * `-t`: the command has no short flags but -h and -V, so say which long flags start with that
 * letter; `-tags`: a long flag with one dash.
 */
function shortFlagProblem(arg: string): string {
  const given = arg.slice(1).split('=')[0] ?? ''
  const name = given.toLowerCase()
  if (given.length === 1) {
    const starting = allFlagNames()
      .filter(flag => flag.startsWith(name))
      .sort()
    const head = `${arg.split('=')[0]} is not a flag (the command has no short flags but -h and -V)`
    if (starting.length === 0) return `${head}; --help lists the flags`
    return `${head}: did you mean ${orList(starting.slice(0, 4).map(flag => `--${flag}`))}?`
  }
  if (KEY_LIKE_FLAGS.has(name.replace(/[-_]/g, ''))) return `-${name} is not a flag: ${KEY_ADVICE}`
  if (allFlagNames().includes(name.replace(/_/g, '-')))
    return `-${given} is not a flag: did you mean --${name.replace(/_/g, '-')}? (flags start with two dashes)`
  return `-${given} is not a flag${suggestion(name)}`
}

/** `a`, `a or b`, `a, b or c`. */
function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`
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
      help: flagHelp(input as FlagInput)
    })),
    ...Object.entries(COMMAND_FLAGS).map(([name, doc]) => ({
      flag: `--${name}`,
      ...('value' in doc && { value: doc.value }),
      help: doc.help
    }))
  ]
}
