/**
 * The command line's arguments (src/cli/args.ts, flags.ts, help.ts): every input of the action
 * is a flag, both spellings of a value, switches, lists, and the usage errors said before
 * anything runs, without echoing a refused key.
 */
import { describe, expect, it } from '@jest/globals'
import { Input } from '../../src/core/constants.js'
import { parseArgs } from '../../src/cli/args.js'
import { FLAG_DOCS, REFUSED_INPUTS, type FlagInput } from '../../src/cli/flags.js'
import { helpText } from '../../src/cli/help.js'
import { inFlagWords } from '../../src/cli/flag-words.js'
import { rawInputs } from '../../src/cli/main.js'
import { INPUT_DEFAULTS } from '../../src/plan/settings.js'

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function run(argv: string[]): Record<string, string> {
  const parsed = parseArgs(argv)
  if (parsed.kind !== 'run') throw new Error(`not a run: ${JSON.stringify(parsed)}`)
  return parsed.inputs as Record<string, string>
}

function problems(argv: string[]): string[] {
  const parsed = parseArgs(argv)
  if (parsed.kind !== 'usage') throw new Error(`no usage error: ${JSON.stringify(parsed)}`)
  return [...parsed.problems]
}

describe('parseArgs', () => {
  it('takes --flag value and --flag=value, in kebab case (or as the input is spelt)', () => {
    expect(run(['--base_url', 'https://a.example'])).toEqual({ base_url: 'https://a.example' })
    expect(
      run(['--base-url', 'https://a.example', '--batch-size=50', '--url-map=a -> /b'])
    ).toEqual({
      base_url: 'https://a.example',
      batch_size: '50',
      url_map: 'a -> /b'
    })
  })

  it('reads a switch alone as true, and takes a value after it when one follows', () => {
    expect(run(['--dry-run', '--tags', 'a'])).toEqual({ dry_run: 'true', tags: 'a' })
    expect(run(['--tags', 'a', '--dry-run'])).toEqual({ dry_run: 'true', tags: 'a' })
    expect(run(['--verify', 'warn', '--dry-run=false'])).toEqual({
      verify: 'warn',
      dry_run: 'false'
    })
  })

  it('adds a list flag given again as one more line; another flag twice is an error', () => {
    expect(run(['--urls', '/a', '--urls=/b'])).toEqual({ urls: '/a\n/b' })
    expect(problems(['--batch-size', '5', '--batch-size', '6'])).toEqual([
      '--batch-size is given twice ("5" and "6"): give it once'
    ])
  })

  it('names the flag a misspelling meant', () => {
    expect(problems(['--dryrun'])).toEqual(['unknown flag --dryrun: did you mean --dry-run?'])
    expect(problems(['--tag', 'x'])[0]).toBe('unknown flag --tag: did you mean --tags?')
    expect(problems(['--timeout', '5'])[0]).toMatch(/did you mean --timeout-seconds/)
  })

  it('refuses --api-key and --github-token without repeating the value', () => {
    for (const argv of [['--api-key', 'k3y-value'], ['--api-key=k3y-value']]) {
      const said = problems(argv)
      expect(said).toHaveLength(1)
      expect(said[0]).toMatch(/--api-key is not accepted: .*PURGE_API_KEY/)
      expect(said.join('\n')).not.toContain('k3y-value')
    }
    expect(problems(['--github-token', 't'])[0]).toMatch(/needs no GitHub token/)
  })

  it('refuses --pr-comment and --commit-status: the command writes nothing to GitHub', () => {
    for (const flag of ['--pr-comment', '--commit-status']) {
      expect(problems([flag, 'true'])[0]).toMatch(
        new RegExp(`^${flag} is not accepted: the command line writes nothing to GitHub.*--junit`)
      )
    }
  })

  it('refuses a stray argument and a flag without its value', () => {
    expect(problems(['blog'])[0]).toMatch(/unexpected argument "blog"/)
    expect(problems(['--tags'])).toEqual(['--tags needs a value: --tags LIST'])
    expect(problems(['--junit'])).toEqual(['--junit needs a file: --junit FILE'])
  })

  it('reads the command options, and help or version before anything else', () => {
    expect(parseArgs(['--json', '--summary', 's.md', '--junit=r.xml'])).toEqual({
      kind: 'run',
      inputs: {},
      options: { json: true, summaryFile: 's.md', junitFile: 'r.xml' }
    })
    expect(parseArgs(['--nope', '--help']).kind).toBe('help')
    expect(parseArgs(['-V']).kind).toBe('version')
  })
})

describe('rawInputs', () => {
  it('takes the key from PURGE_API_KEY, never a GitHub token, every input present', () => {
    const raw = rawInputs({ tags: 'a' }, { PURGE_API_KEY: 'k', GITHUB_TOKEN: 'g' })
    expect(Object.keys(raw).sort()).toEqual(Object.values(Input).sort())
    expect(raw).toMatchObject({ api_key: 'k', github_token: '', tags: 'a', shard: '' })
  })

  it("shards a verification by GitLab's parallel: CI_NODE_INDEX/CI_NODE_TOTAL", () => {
    const env = { CI_NODE_INDEX: '2', CI_NODE_TOTAL: '4' }
    expect(rawInputs({ verify: 'true' }, env).shard).toBe('2/4')
    expect(rawInputs({ verify: 'true', shard: '1/2' }, env).shard).toBe('1/2')
    expect(rawInputs({ tags: 'a' }, env).shard).toBe('')
  })
})

describe('messages in the words of a command line', () => {
  it('names flags, and the key by its variable', () => {
    expect(inFlagWords(`Input 'batch_size' "lots": must be a whole number`)).toBe(
      '--batch-size "lots": must be a whole number'
    )
    expect(inFlagWords("Input 'api_key' is required: pass the secret")).toMatch(
      /^PURGE_API_KEY is not set/
    )
  })

  it("names switches as flags, outputs as --json's fields, and escapes what it writes", () => {
    expect(
      inFlagWords(
        "HTTP 400: Missing parameter: country. The site uses Cache By Country: set 'country' to the countries whose cached pages to purge: ALL for every one, or codes such as IT, FR."
      )
    ).toBe(
      'HTTP 400: Missing parameter: country. The site uses Cache By Country: set --country to the countries whose cached pages to purge: ALL for every one, or codes such as IT, FR.'
    )
    expect(inFlagWords('verification was not asked for (verify: false)')).toBe(
      'verification was not asked for (--verify=false)'
    )
    const xml = (text: string): string => text.replace(/"/g, '&quot;')
    expect(inFlagWords("The 'stale' output names 3; the job summary counts them", xml)).toBe(
      'The &quot;stale&quot; field of --json names 3; the --summary report counts them'
    )
    // Words that only look like inputs stay: a path, a query, an output.
    expect(inFlagWords('/docs/site_url?api_key=*** and the pages_checked count')).toBe(
      '/docs/site_url?api_key=*** and the pages_checked count'
    )
  })

  it("the help says how a value that starts with '-' is given, and when a report fails", () => {
    const help = helpText()
    expect(help).toContain("(a value that starts with '-' only after '=')")
    expect(help).toContain('1 a purge, a verification or a report failed')
  })

  it("the help shows each input's default from the action's own defaults, typed nowhere else", () => {
    const help = helpText()
    for (const input of Object.values(Input)) {
      if (input in REFUSED_INPUTS) continue
      const fallback = INPUT_DEFAULTS[input]
      // A switch not given is off: "(false)" would say nothing.
      if (fallback === undefined || fallback === '' || fallback === 'false') continue
      const flag = input.replace(/_/g, '-')
      const line = new RegExp(`^  --${flag}\\b.*\\S \\(${escapeRegExp(fallback)}\\)$`, 'm')
      expect(help).toMatch(line)
      // Written once: a default changed in action.yml and the parser changes the help too.
      expect(FLAG_DOCS[input as FlagInput].help).not.toContain(`(${fallback})`)
    }
  })

  it('the help has one line for each flag input', () => {
    const help = helpText()
    for (const input of Object.values(Input)) {
      if (input in REFUSED_INPUTS) {
        expect(help).not.toMatch(new RegExp(`^  --${input.replace(/_/g, '-')}\\b`, 'm'))
        continue
      }
      expect(help).toMatch(new RegExp(`^  --${input.replace(/_/g, '-')}\\b.* {2,}\\S`, 'm'))
    }
  })
})

describe('values that look like flags, empty switches, bytes that are not UTF-8', () => {
  it('never takes an argument that starts with "-" for the value before it', () => {
    // `--tags $EXTRA --dry-run` with $EXTRA empty: --dry-run must stay the switch.
    expect(problems(['--pattern', '#^/blog/#', '--tags', '--dry-run'])).toEqual([
      "--tags needs a value: --tags LIST (a value that starts with '-' goes after '=': --tags=-x)"
    ])
    expect(problems(['--batch-size', '-5'])[0]).toMatch(/^--batch-size needs a value/)
    expect(problems(['--summary', '--json'])[0]).toMatch(/^--summary needs a file/)
    // Said on purpose, after '=', a value may start with '-'.
    expect(run(['--tags=--x', '--dry-run'])).toEqual({ tags: '--x', dry_run: 'true' })
  })

  it('refuses a switch given an empty value, attached or as the next argument', () => {
    for (const argv of [['--dry-run='], ['--dry-run', ''], ['--verify=', '--tags', 'a']]) {
      const flag = argv[0]?.replace(/=$/, '')
      expect(problems(argv)).toEqual([
        `${flag} is given an empty value: give ${flag} alone for true, or ${flag}=false`
      ])
    }
  })

  it('refuses an argument that is not valid UTF-8, by its position', () => {
    // Node reads bytes that are not UTF-8 as U+FFFD: the tag would be purged as something else.
    expect(problems(['--tags', 'caf\uFFFD', '--dry-run'])).toEqual([
      'argument 2 (the value of --tags) is not valid UTF-8 text: it would be sent as U+FFFD (�) instead of its bytes; give it in UTF-8'
    ])
    expect(problems(['--dry\uFFFDrun'])[0]).toMatch(/^argument 1 is not valid UTF-8 text/)
  })

  it('says what a short flag meant: the command has none but -h and -V', () => {
    expect(problems(['-t', 'blog'])).toEqual([
      '-t is not a flag (the command has no short flags but -h and -V): did you mean --tags, --tags-file or --timeout-seconds?'
    ])
    expect(problems(['-q'])).toEqual([
      '-q is not a flag (the command has no short flags but -h and -V); --help lists the flags'
    ])
    expect(problems(['-tags', 'blog'])).toEqual([
      '-tags is not a flag: did you mean --tags? (flags start with two dashes)'
    ])
  })
})

describe('the key given as an argument', () => {
  const key = 'k3y-s3cr3t-value'

  it('refuses --apikey, --key, --secret and --token without repeating their value', () => {
    for (const flag of ['--apikey', '--key', '--secret', '--token', '--apiKey']) {
      const said = parseArgs([flag, key, '--tags', 'a'], { apiKey: key })
      expect(said).toEqual({
        kind: 'usage',
        problems: [
          `${flag.toLowerCase()} is not a flag: the key is read from the environment variable PURGE_API_KEY, never from an argument (process lists and shell histories keep arguments)`
        ]
      })
    }
  })

  it('calls an argument equal to PURGE_API_KEY "the key", wherever it is', () => {
    const said = parseArgs(['--tags', 'a', key], { apiKey: key })
    expect(said).toEqual({
      kind: 'usage',
      problems: [
        'argument 3 is the key: the key is read from the environment variable PURGE_API_KEY, never from an argument (process lists and shell histories keep arguments)'
      ]
    })
  })

  it('refuses a value that is or holds the key after =, never sending it as a target', () => {
    for (const [arg, at] of [
      [`--tags=${key}`, 1],
      [`--tags=blog,${key}`, 1],
      [`--urls=/a?k=${key}`, 1]
    ] as const) {
      const flag = arg.slice(0, arg.indexOf('='))
      expect(parseArgs(['--dry-run', arg], { apiKey: key })).toEqual({
        kind: 'usage',
        problems: [
          `argument ${at + 1} (the value of ${flag}) is the key: the key is read from the environment variable PURGE_API_KEY, never from an argument (process lists and shell histories keep arguments)`
        ]
      })
    }
    // Nor as a report's file name, which would keep it in listings and artifacts.
    for (const args of [[`--summary=${key}`], ['--junit', key], [`--summary=out/${key}.html`]]) {
      const said = parseArgs(['--dry-run', ...args], { apiKey: key })
      expect(said.kind).toBe('usage')
      expect(JSON.stringify(said)).not.toContain(key)
      expect(JSON.stringify(said)).toContain('is the key')
    }
    // A key too short to tell from text is refused only whole.
    expect(parseArgs(['--tags=blog', '--dry-run'], { apiKey: 'blo' }).kind).not.toBe('usage')
  })
})
