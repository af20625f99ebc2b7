/** The text of `--help` (PURE): usage, the key's variable, exit codes, then one line a flag. */
import { API_KEY_VARIABLE } from './flags.js'
import { flagsInOrder } from './args.js'

export const COMMAND_NAME = 'render-cache-purge'

export function helpText(): string {
  const rows = flagsInOrder().map(({ flag, value, help }) => ({
    left: value === undefined ? flag : `${flag} ${value}`,
    help
  }))
  const width = Math.max(...rows.map(row => row.left.length)) + 2
  return [
    `Usage: ${COMMAND_NAME} [flags]`,
    '',
    'Purges a rendering-cache service by tag, URL, pattern or the files git says changed,',
    'then checks the pages at the edge: the same run as the GitHub Action, from any CI.',
    '',
    `The API key is read from the environment variable ${API_KEY_VARIABLE}, never from a flag.`,
    'Each flag is the action input of the same name (docs/inputs.md): --flag VALUE or',
    "--flag=VALUE (a value that starts with '-' only after '='); a flag shown without a",
    'value, or with [VALUE], alone means true, never given an empty value; list flags may',
    'be given again.',
    'The log goes to stderr.',
    '',
    'Flags:',
    ...rows.map(row => `  ${row.left.padEnd(width)}${row.help}`),
    '',
    'Exit codes: 0 done (dry runs too), 1 a purge, a verification or a report failed,',
    '            2 a usage or input error (nothing was sent).',
    '',
    'Example:',
    `  ${API_KEY_VARIABLE}=... ${COMMAND_NAME} --base-url https://api.example.com --tags blog --dry-run`
  ].join('\n')
}
