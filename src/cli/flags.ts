/**
 * The command line's flags (PURE): every input of the action is a flag of the same name in
 * kebab case (`dry_run` is `--dry-run`), so the action's docs read for both, plus the few that
 * only a command line needs (`--json`, `--summary`, `--junit`). Four inputs are not flags: the
 * key comes from PURGE_API_KEY (process lists and shell histories keep flags); there is no
 * GitHub token to give, since the changed files come from the local git repository; and
 * nothing is written to GitHub (pr_comment, commit_status): a CI reads the report instead.
 */
import { Input, type InputName } from '../core/constants.js'
import { INPUT_DEFAULTS } from '../plan/settings.js'

/** The environment variable the key is read from: never a flag. */
export const API_KEY_VARIABLE = 'PURGE_API_KEY'

/** Inputs a flag may not carry, and why, as the refusal says it. */
export const REFUSED_INPUTS = {
  [Input.ApiKey]: `the API key is read from the environment variable ${API_KEY_VARIABLE}, never from a flag (process lists and shell histories keep flags): set ${API_KEY_VARIABLE} from your CI's secret variables`,
  [Input.GithubToken]:
    'the command line reads the changed files from the local git repository and needs no GitHub token',
  [Input.PrComment]:
    "the command line writes nothing to GitHub: give your CI the run's report with --json, --summary or --junit",
  [Input.CommitStatus]:
    "the command line writes nothing to GitHub: give your CI the run's report with --json, --summary or --junit"
} as const

type RefusedInput = keyof typeof REFUSED_INPUTS
export type FlagInput = Exclude<InputName, RefusedInput>

export interface FlagDoc {
  /** What the value is, as the help shows it: `URL`, `N`, `LIST`; absent for a switch. */
  readonly value?: string
  /** One line for the help; its default is added from the action's (flagHelp), never typed here. */
  readonly help: string
  /** Given alone, it means true (`--dry-run`); a value may still follow (`--verify warn`). */
  readonly switch?: true
  /** Given again, it adds to the list (`--tags a --tags b`) instead of being a mistake. */
  readonly list?: true
}

/** One entry per flag input: the compiler holds it to the action's inputs. */
export const FLAG_DOCS: Readonly<Record<FlagInput, FlagDoc>> = {
  [Input.BaseUrl]: { value: 'URL', help: "the service's base address, https://..." },
  [Input.Mode]: {
    value: 'MODE',
    help: 'tag, url or pattern: purge only that kind; verify: purge nothing'
  },
  [Input.Tags]: { value: 'LIST', help: 'tags to purge: commas, or a JSON array', list: true },
  [Input.Urls]: { value: 'LIST', help: 'URLs to purge: paths or absolute URLs', list: true },
  [Input.TagsFile]: { value: 'FILE', help: 'a file of tags, one a line or a JSON array' },
  [Input.UrlsFile]: {
    value: 'FILE',
    help: 'a file of URLs, one a line or a JSON array (up to 1,000,000)'
  },
  [Input.Pattern]: { value: 'REGEX', help: 'one regular expression on cached paths: #^/blog/.*$#' },
  [Input.Country]: {
    value: 'LIST',
    help: 'ISO country codes, or ALL, for sites cached by country',
    list: true
  },
  [Input.DryRun]: { help: 'validate and print the plan, send nothing', switch: true },
  [Input.BatchSize]: { value: 'N', help: 'the most tags or URLs in one request' },
  [Input.TimeoutSeconds]: { value: 'S', help: 'the longest one request may take' },
  [Input.MaxAttempts]: {
    value: 'N',
    help: 'attempts per request on 429, 5xx or a lost connection'
  },
  [Input.Concurrency]: { value: 'N', help: 'requests in flight at once' },
  [Input.AllowPurgeAll]: { help: 'let a pattern that matches every path through', switch: true },
  [Input.ChangedFiles]: {
    help: 'also purge what url_map derives from the files git says changed',
    switch: true
  },
  [Input.UrlMap]: {
    value: 'RULES',
    help: 'rules from changed paths to URLs and tags: GLOB -> /url tag:name',
    list: true
  },
  [Input.BaseSha]: { value: 'SHA', help: "compare from this commit (default: the CI's variables)" },
  [Input.HeadSha]: {
    value: 'SHA',
    help: "compare up to this commit (default: the CI's commit, else HEAD)"
  },
  [Input.Since]: { value: 'WHEN', help: 'GitHub only: give --base-sha instead' },
  [Input.Environment]: { value: 'NAME', help: 'GitHub only: ignored with a warning' },
  [Input.SiteUrl]: { value: 'URL', help: 'the public website, for verify and previews' },
  [Input.Verify]: {
    value: 'WHEN',
    help: 'check the pages at the edge after the purge: true, warn or false',
    switch: true
  },
  [Input.VerifyTimeoutSeconds]: { value: 'S', help: 'the verification deadline' },
  [Input.Devices]: {
    value: 'LIST',
    help: 'devices to check: desktop, mobile, tablet, bot',
    list: true
  },
  [Input.VerifyUrls]: { value: 'LIST', help: 'extra pages to check, always', list: true },
  [Input.VerifyLimit]: { value: 'N', help: 'the most pages checked per device; 0: all' },
  [Input.Sitemap]: { value: 'URL', help: 'where patterns and folder tags find pages' },
  [Input.OriginUrl]: { value: 'URL', help: 'wait until this shows --build-id before purging' },
  [Input.BuildId]: {
    value: 'ID',
    help: "the new build (default: --head-sha, else the CI's commit)"
  },
  [Input.OriginTimeoutSeconds]: { value: 'S', help: 'how long to wait for the origin' },
  [Input.PurgedAt]: {
    value: 'TIME',
    help: 'with --mode verify: when the purge was accepted (RFC 3339)'
  },
  [Input.Shard]: {
    value: 'K/N',
    help: "check only part K of N of the pages (default: GitLab's parallel)"
  },
  [Input.Rate]: { value: 'R', help: 'the most page requests a second to the site' },
  [Input.VerifyContent]: { help: 'fresh only when the page shows --build-id', switch: true },
  [Input.RepurgeOldContent]: {
    value: 'BOOL',
    help: 'purge pages showing old content again',
    switch: true
  },
  [Input.VerifyAssets]: {
    value: 'BOOL',
    help: 'check the scripts, stylesheets and fonts of the fresh pages',
    switch: true
  },
  [Input.AssetHosts]: {
    value: 'HOSTS',
    help: "hosts beyond the site's own whose assets are checked"
  },
  [Input.VerifyRenders]: {
    value: 'BOOL',
    help: "judge each fresh page's new render as a crawler gets it",
    switch: true
  },
  [Input.RenderExpected]: {
    value: 'LINES',
    help: 'render problems that are meant, by page: "noindex: /drafts/*"'
  }
}

/**
 * A flag's line of help: its doc, then the default the run applies when it is not given, read
 * from the same defaults as the action's inputs (plan/settings.ts, held to action.yml), so a
 * default changes in one place. `false` is not shown: a switch not given is off.
 */
export function flagHelp(input: FlagInput): string {
  const fallback = INPUT_DEFAULTS[input]
  const doc = FLAG_DOCS[input].help
  return fallback === undefined || fallback === '' || fallback === 'false'
    ? doc
    : `${doc} (${fallback})`
}

/** The options of the command line itself, not of the run. */
export const COMMAND_FLAGS = {
  json: { help: 'print the outputs as one JSON object on stdout' },
  summary: { value: 'FILE', help: 'write the Markdown summary to FILE' },
  junit: { value: 'FILE', help: 'write the verification as a JUnit XML report to FILE' },
  help: { help: 'show this help' },
  version: { help: 'show the version' }
} as const satisfies Record<string, { value?: string; help: string }>

export type CommandFlag = keyof typeof COMMAND_FLAGS

/** `dry_run` -> `dry-run`. */
export function flagName(input: string): string {
  return input.replace(/_/g, '-')
}

/** The input a flag names (`dry-run` -> `dry_run`), any input, refused ones included. */
export function inputOfFlag(flag: string): InputName | undefined {
  const name = flag.replace(/-/g, '_')
  return Object.values(Input).find(input => input === name)
}

export function isFlagInput(input: InputName): input is FlagInput {
  return !(input in REFUSED_INPUTS)
}

/** Every flag the command line takes, by its name without dashes. */
export function allFlagNames(): string[] {
  return [...Object.values(Input).filter(isFlagInput).map(flagName), ...Object.keys(COMMAND_FLAGS)]
}
