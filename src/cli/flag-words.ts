/**
 * The run's messages in a command line's words (PURE). The run, its steps and its reports are
 * shared with the action, and word their messages for it: inputs (`Input 'batch_size'`,
 * `site_url`, `verify: true`, `mode: verify`), "the job summary", "the 'failed' output". The
 * command's user gives flags and reads `--json` and the `--summary` report, so every text the
 * command writes passes here first (cli-io.ts). A translation at the edge rather than a
 * vocabulary threaded through the shared code: those messages are built in some twenty modules
 * of the run, and the action's wording is what most users read.
 *
 * Only the run's own words change: a value a message quotes ("...", JSON's quoting, which the
 * run uses for every value it repeats) is left as the user gave it.
 */
import { Input, Output } from '../core/constants.js'
import { API_KEY_VARIABLE, FLAG_DOCS, flagName, isFlagInput } from './flags.js'

const FLAG_INPUTS = Object.values(Input).filter(isFlagInput)
const OUTPUTS = new Set<string>(Object.values(Output))
const SWITCHES = new Set<string>(FLAG_INPUTS.filter(input => FLAG_DOCS[input].switch === true))
/** Inputs whose names cannot be an ordinary word: safe to rename wherever they stand alone. */
const SNAKE_INPUTS = FLAG_INPUTS.filter(input => input.includes('_'))

/** A JSON-quoted value, kept as it is: the user's text, not the run's words. */
const QUOTED_VALUE = /("(?:[^"\\\n]|\\.)*")/

type Rule = readonly [RegExp, (encode: (text: string) => string, ...groups: string[]) => string]

/** In order: outputs before inputs (`tags` is both), the whole phrase before its parts. */
const RULES: readonly Rule[] = [
  [
    /\b([Tt])he '([a-z_]+)' output\b/g,
    (encode, whole, the, name) =>
      OUTPUTS.has(name ?? '') ? encode(`${the}he "${name}" field of --json`) : (whole ?? '')
  ],
  [/\bjob summary\b/g, encode => encode('--summary report')],
  [/\bInput '([a-z_]+)'/g, (encode, whole, name) => inputAsFlag(name ?? '', encode) ?? whole ?? ''],
  [
    /\b([a-z_]+): (true|false|warn)\b/g,
    (encode, whole, name, value) =>
      SWITCHES.has(name ?? '')
        ? encode(
            value === 'true' ? `--${flagName(name ?? '')}` : `--${flagName(name ?? '')}=${value}`
          )
        : (whole ?? '')
  ],
  [/\bmode: (verify|tag|url|pattern)\b/g, (encode, _whole, mode) => encode(`--mode ${mode}`)],
  [/\bmode is '([a-z]+)'/g, (encode, _whole, mode) => encode(`--mode is ${mode}`)],
  [/\bapi_key is not used\b/g, encode => encode(`${API_KEY_VARIABLE} is not used`)],
  [/'([a-z_]+)'/g, (encode, whole, name) => inputAsFlag(name ?? '', encode) ?? whole ?? ''],
  [
    new RegExp(`(?<![\\w'"./?&=-])(${SNAKE_INPUTS.join('|')})(?![\\w'"/=-])`, 'g'),
    (encode, _whole, name) => encode(`--${flagName(name ?? '')}`)
  ]
]

/**
 * "Input 'batch_size' ..." as a command line says it: "--batch-size ...", the key by its
 * environment variable (where a command line's user gives it), "the job summary" as "the
 * --summary report", "the 'failed' output" as "the "failed" field of --json". `encode` is how the
 * text around is escaped (XML in the JUnit report): what a rule writes is escaped the same way.
 */
export function inFlagWords(
  message: string,
  encode: (text: string) => string = text => text
): string {
  if (message.startsWith(`Input '${Input.ApiKey}' is required`)) {
    return encode(
      `${API_KEY_VARIABLE} is not set: export the service's API key in it (from your CI's secret variables).`
    )
  }
  return message
    .split(QUOTED_VALUE)
    .map((part, index) => (index % 2 === 1 ? part : translate(part, encode)))
    .join('')
}

function translate(text: string, encode: (text: string) => string): string {
  let result = text
  for (const [pattern, replace] of RULES) {
    result = result.replace(pattern, (...match: unknown[]) =>
      replace(encode, ...match.filter((item): item is string => typeof item === 'string'))
    )
  }
  return result
}

/** `--batch-size` for an input a flag gives, PURGE_API_KEY for the key, else undefined. */
function inputAsFlag(name: string, encode: (text: string) => string): string | undefined {
  if (name === Input.ApiKey) return encode(API_KEY_VARIABLE)
  return (FLAG_INPUTS as readonly string[]).includes(name)
    ? encode(`--${flagName(name)}`)
    : undefined
}
