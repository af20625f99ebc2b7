/**
 * Turns the action's raw input strings into one typed RunSettings value (as actions/checkout's
 * input-helper does): the rest of the code never reads an input. Pure: it takes a plain
 * record of strings, so it is tested without mocks, and reports every problem at once.
 * It is async only because the parsers that some runs need (the PCRE validator, the url_map
 * grammar) are loaded on demand: they are most of the action's code, and a plain purge by
 * tag or URL should not pay for compiling them at start-up.
 */
import { Diagnostics } from '../core/diagnostics.js'
import {
  Input,
  PURGE_KINDS,
  type InputName,
  type PurgeKind,
  type RunMode
} from '../core/constants.js'
import { splitList, uniqueNonEmpty } from '../core/lists.js'
import { normalizeUrls, validateTags } from '../core/targets.js'
import { parseCountries } from '../core/countries.js'
import type { PreparedPattern } from '../pattern/index.js'
import { parseBaseUrl, parseBoolean, parseNumber, TRUE_WORDS } from '../core/scalars.js'
import type { ChangedFilesSettings } from '../changed-files/settings.js'
import { parseVerifySettings, VERIFY_DEFAULTS, type VerifySettings } from '../verify/settings.js'
import {
  ORIGIN_DEFAULTS,
  parseBuildSettings,
  type ContentSettings,
  type OriginSettings
} from '../origin/settings.js'
import type { DeployedCommit } from '../changed-files/change-source.js'
import type { ChangeSourceKind } from '../changed-files/change-reader.js'
import { parseListFile, type ListFileInput, type ListFiles } from './list-files.js'
import { parsePublishSettings, PUBLISH_DEFAULTS, type PublishSettings } from './publish-settings.js'

/** Every input as the runner hands it over: a string, '' when not given. */
export type RawInputs = Readonly<Record<InputName, string>>

export type {
  ChangedFilesSettings,
  VerifySettings,
  OriginSettings,
  ContentSettings,
  PublishSettings
}

/** What the inputs' defaults may depend on besides the inputs: the event that started the run. */
export interface EventDefaults {
  /**
   * The commit the run deploys (build_id's default): head_sha when given, else the event's
   * (origin/deployed-commit.ts). head_sha's problems go to `diag` when it is given one.
   * Absent (the workflow linter): build_id has no default.
   */
  readonly deployedCommit?: (
    headSha: string,
    diag: Diagnostics | undefined
  ) => DeployedCommit | undefined
  /**
   * Where the entry reads the changed files (default GitHub's API): which changed-files inputs
   * apply (github_token and since only to GitHub's).
   */
  readonly changeSource?: ChangeSourceKind
}

export interface RunSettings {
  /** '' only in mode: verify, which sends no purge. */
  readonly apiKey: string
  /** Absent only in mode: verify, which sends no purge. */
  readonly baseUrl?: URL
  /** A kind: only this kind is purged. `verify`: nothing is purged; the targets select pages. */
  readonly mode?: RunMode
  readonly tags: readonly string[]
  readonly urls: readonly string[]
  readonly pattern?: PreparedPattern
  /** Empty: no `country` field is sent. */
  readonly countries: readonly string[]
  readonly dryRun: boolean
  readonly batchSize: number
  readonly timeoutMs: number
  readonly maxAttempts: number
  readonly concurrency: number
  /** Present when the user asked for the targets of the changed files. */
  readonly changedFiles?: ChangedFilesSettings
  /** Verification at the edge and the dry-run preview (site_url, verify, devices, ...). */
  readonly verify?: VerifySettings
  /** Present when origin_url is given: wait for it to show the build before purging. */
  readonly origin?: OriginSettings
  /** Present with verify_content: true and verify: a page is fresh only when it shows the build. */
  readonly content?: ContentSettings
  /** Present with pr_comment: true or commit_status: what the run writes on GitHub. */
  readonly publish?: PublishSettings
}

export interface ParsedInputs {
  readonly settings?: RunSettings
  readonly diagnostics: Diagnostics
}

/** Default values, as action.yml declares them; used when an input arrives empty. */
export const INPUT_DEFAULTS: Partial<RawInputs> = {
  [Input.DryRun]: 'false',
  [Input.BatchSize]: '100',
  [Input.TimeoutSeconds]: '30',
  [Input.MaxAttempts]: '4',
  [Input.Concurrency]: '4',
  [Input.AllowPurgeAll]: 'false',
  [Input.ChangedFiles]: 'false',
  ...VERIFY_DEFAULTS,
  ...ORIGIN_DEFAULTS,
  ...PUBLISH_DEFAULTS
}

export const LIMITS = {
  batchSize: { min: 1, max: 10_000 },
  timeoutSeconds: { min: 1, max: 600, fractions: true },
  maxAttempts: { min: 1, max: 20 },
  concurrency: { min: 1, max: 64 }
} as const

/**
 * `diag` may hold problems found before (input names): then no settings come back either.
 * `defaults` says what the event gives the defaults that depend on it (build_id's). `files`:
 * the list files named by `tags_file` and `urls_file`, as the inputs step read them.
 */
export async function parseInputs(
  raw: RawInputs,
  diag = new Diagnostics(),
  defaults: EventDefaults = {},
  files: ListFiles = {}
): Promise<ParsedInputs> {
  const value = (name: InputName): string => {
    const given = raw[name].trim()
    return given === '' ? (INPUT_DEFAULTS[name] ?? '') : given
  }

  // mode: verify sends no purge, so it needs neither the key nor the service's address. A dry
  // run sends nothing either, so it needs no key: a fork's pull request, which GitHub gives no
  // secrets, still gets its plan (base_url stays required: the plan names the service).
  const verifyOnly = value(Input.Mode).toLowerCase() === 'verify'
  const dryRunAsked = TRUE_WORDS.has(value(Input.DryRun))
  const apiKey = raw[Input.ApiKey].trim()
  if (apiKey === '' && !verifyOnly && !dryRunAsked)
    diag.problem(
      Input.ApiKey,
      '',
      'is required: pass the secret, e.g. ${{ secrets.PURGE_API_KEY }}'
    )
  else if (/\s/.test(apiKey)) {
    // Never echo the key, not even in an error: say what is wrong with it instead.
    diag.problem(Input.ApiKey, '(hidden)', 'contains whitespace or a line break; check the secret')
  }

  const baseUrlText = value(Input.BaseUrl)
  if (baseUrlText === '' && !verifyOnly)
    diag.problem(Input.BaseUrl, '', "is required: the service's base address, https://…")
  const baseUrl = baseUrlText === '' ? undefined : parseBaseUrl(Input.BaseUrl, baseUrlText, diag)

  const mode = parseMode(value(Input.Mode), diag)
  const changedFilesWanted = parseBoolean(Input.ChangedFiles, value(Input.ChangedFiles), diag)
  const allowPurgeAll = parseBoolean(Input.AllowPurgeAll, value(Input.AllowPurgeAll), diag)
  const dryRun = parseBoolean(Input.DryRun, value(Input.DryRun), diag)
  const batchSize = parseNumber(Input.BatchSize, value(Input.BatchSize), LIMITS.batchSize, diag)
  const timeoutSeconds = parseNumber(
    Input.TimeoutSeconds,
    value(Input.TimeoutSeconds),
    LIMITS.timeoutSeconds,
    diag
  )
  const maxAttempts = parseNumber(
    Input.MaxAttempts,
    value(Input.MaxAttempts),
    LIMITS.maxAttempts,
    diag
  )
  const concurrency = parseNumber(
    Input.Concurrency,
    value(Input.Concurrency),
    LIMITS.concurrency,
    diag
  )
  const countries = parseCountries(value(Input.Country), diag)
  const verify = parseVerifySettings(value, diag, verifyOnly)
  if (verify?.mode === 'off' && dryRun === false) {
    const inputs = [
      Input.VerifyTimeoutSeconds,
      Input.Devices,
      Input.VerifyUrls,
      Input.VerifyLimit,
      Input.Shard,
      Input.Rate,
      Input.VerifyAssets,
      Input.AssetHosts,
      Input.VerifyRenders,
      Input.RenderExpected
    ]
    warnAboutIgnoredInputs(raw, inputs, 'verify is false', diag)
  }
  if (verify !== undefined && verify.mode !== 'off' && verify.assets === undefined) {
    warnAboutIgnoredInputs(raw, [Input.AssetHosts], 'verify_assets is false', diag)
  }
  if (verify !== undefined && verify.mode !== 'off' && verify.renders === undefined) {
    warnAboutIgnoredInputs(raw, [Input.RenderExpected], 'verify_renders is false', diag)
  }
  if (verifyOnly) {
    const inputs = [
      Input.BaseUrl,
      Input.Country,
      Input.BatchSize,
      Input.MaxAttempts,
      Input.Concurrency,
      Input.AllowPurgeAll,
      // No purge to hold back, nor to send again: origin_url waits before purging.
      Input.OriginUrl,
      Input.OriginTimeoutSeconds,
      Input.RepurgeOldContent
    ]
    warnAboutIgnoredInputs(raw, inputs, "mode is 'verify' (nothing is purged)", diag)
    if (apiKey !== '') {
      diag.notice(
        "mode is 'verify': api_key is not used (nothing is purged); a verify job can do without the secret."
      )
    }
  } else {
    warnAboutIgnoredInputs(
      raw,
      [Input.PurgedAt],
      'this run checks its own purges (purged_at is for mode: verify, in a later job)',
      diag
    )
  }

  const active = activeKinds(mode, raw, diag)
  // A list file adds to its inline input: the entries of both, the inline ones first.
  const tags = active.has('tag')
    ? uniqueNonEmpty([
        ...parseTagsInput(value(Input.Tags), diag),
        ...parseListFile(Input.TagsFile, files[Input.TagsFile], diag)
      ])
    : []
  const urls = active.has('url')
    ? uniqueNonEmpty([
        ...parseUrlsInput(value(Input.Urls), diag),
        ...parseListFile(Input.UrlsFile, files[Input.UrlsFile], diag)
      ])
    : []
  // A list file given and read counts as targets given, even empty (a generated list of the
  // pages a deploy changed may hold none): the run then ends with nothing to purge.
  const listFileGiven = LIST_FILE_INPUTS.some(
    input => active.has(KIND_OF_LIST_FILE[input]) && files[input] !== undefined
  )
  const patternText = active.has('pattern') ? value(Input.Pattern) : ''
  const pattern =
    patternText === ''
      ? undefined
      : (await import('../pattern/index.js')).preparePattern(
          patternText,
          // A pattern that selects every page only selects pages to check in mode: verify.
          { allowPurgeAll: verifyOnly || (allowPurgeAll ?? false), checksOnly: verifyOnly },
          diag
        )

  const changedFiles =
    changedFilesWanted === true
      ? await parseChangedFilesInputs(value, mode, diag, defaults.changeSource)
      : undefined
  // The changed-files inputs report a missing github_token already when they are read.
  const publish = parsePublishSettings(
    value,
    diag,
    changedFilesWanted === true && mode !== 'pattern'
  )
  // build_id's default: head_sha, else the event's deployed commit. head_sha's problems are
  // reported here only when the changed-files inputs are not read (they report them).
  let headShaUsed = false
  const deployedCommit = (): DeployedCommit | undefined => {
    const commit = defaults.deployedCommit?.(
      value(Input.HeadSha),
      changedFilesWanted === true ? undefined : diag
    )
    headShaUsed = commit?.source === Input.HeadSha
    return commit
  }
  const verifying = verify !== undefined && verify.mode !== 'off'
  // A verify-only job purges nothing: origin_url has nothing to hold back (warned above).
  const buildValue = (name: InputName): string =>
    verifyOnly && name === Input.OriginUrl ? '' : value(name)
  const builds = parseBuildSettings(buildValue, raw[Input.BuildId], deployedCommit, verifying, diag)
  const origin = builds?.origin
  const content = builds?.content
  if (changedFilesWanted === false) {
    const inputs = [Input.UrlMap, Input.BaseSha, Input.HeadSha, Input.Since, Input.Environment]
    const ignored = inputs.filter(input => !(input === Input.HeadSha && headShaUsed))
    warnAboutIgnoredInputs(raw, ignored, 'changed_files is false', diag)
  }
  if (value(Input.OriginUrl) === '' && !verifyOnly) {
    warnAboutIgnoredInputs(raw, [Input.OriginTimeoutSeconds], 'origin_url is not given', diag)
  }
  if (buildValue(Input.OriginUrl) === '' && content === undefined) {
    warnAboutIgnoredInputs(
      raw,
      [Input.BuildId],
      'neither origin_url nor verify_content with verify is set',
      diag
    )
  }
  if (content === undefined && !verifyOnly) {
    warnAboutIgnoredInputs(
      raw,
      [Input.RepurgeOldContent],
      'verify_content is not on (true, with verify)',
      diag
    )
  }

  // Reported whatever else is wrong, so that every problem shows in one run; but not when the
  // targets given were all refused already (that problem is said).
  const changedFilesInEffect = changedFilesWanted === true && mode !== 'pattern'
  const targetsRefused = diag.problems.some(problem =>
    (TARGET_INPUTS as readonly string[]).includes(problem.input)
  )
  const nothingGiven =
    tags.length === 0 &&
    urls.length === 0 &&
    !listFileGiven &&
    patternText === '' &&
    !changedFilesInEffect &&
    !(verifyOnly && (verify?.extraPages.length ?? 0) > 0)
  if (nothingGiven && !targetsRefused) reportNothingToPurge(mode, diag)

  if (
    !diag.ok ||
    (baseUrl === undefined && !verifyOnly) ||
    dryRun === undefined ||
    batchSize === undefined ||
    timeoutSeconds === undefined ||
    maxAttempts === undefined ||
    concurrency === undefined ||
    verify === undefined
  ) {
    return { diagnostics: diag }
  }
  return {
    diagnostics: diag,
    settings: {
      apiKey,
      ...(baseUrl && { baseUrl }),
      ...(mode && { mode }),
      tags,
      urls,
      ...(pattern && { pattern }),
      countries,
      dryRun,
      batchSize,
      timeoutMs: Math.round(timeoutSeconds * 1000),
      maxAttempts,
      concurrency,
      ...(changedFiles && { changedFiles }),
      verify,
      ...(origin && { origin }),
      ...(content && { content }),
      ...(publish && { publish })
    }
  }
}

function parseMode(text: string, diag: Diagnostics): RunMode | undefined {
  if (text === '') return undefined
  const mode = text.toLowerCase()
  if (mode === 'verify') return 'verify'
  if ((PURGE_KINDS as readonly string[]).includes(mode)) return mode as PurgeKind
  diag.problem(
    Input.Mode,
    text,
    `must be one of ${PURGE_KINDS.join(', ')}, verify (purge nothing; check and warm the pages the targets select), or empty to purge every kind given`
  )
  return undefined
}

const INPUT_OF_KIND: Readonly<Record<PurgeKind, InputName>> = {
  tag: Input.Tags,
  url: Input.Urls,
  pattern: Input.Pattern
}
const KIND_OF_LIST_FILE: Readonly<Record<ListFileInput, PurgeKind>> = {
  [Input.TagsFile]: 'tag',
  [Input.UrlsFile]: 'url'
}
const LIST_FILE_INPUTS = Object.keys(KIND_OF_LIST_FILE) as ListFileInput[]
const TARGET_INPUTS: readonly InputName[] = [...Object.values(INPUT_OF_KIND), ...LIST_FILE_INPUTS]

/** With a mode, only that kind is purged; the other kinds' inputs are set aside, with a warning. */
function activeKinds(mode: RunMode | undefined, raw: RawInputs, diag: Diagnostics): Set<PurgeKind> {
  // mode: verify purges nothing, and every kind of target selects pages to check.
  if (mode === undefined || mode === 'verify') return new Set(PURGE_KINDS)
  const inputsOfKind = (kind: PurgeKind): InputName[] => [
    INPUT_OF_KIND[kind],
    ...LIST_FILE_INPUTS.filter(input => KIND_OF_LIST_FILE[input] === kind)
  ]
  for (const kind of PURGE_KINDS) {
    for (const input of inputsOfKind(kind)) {
      if (kind !== mode && raw[input].trim() !== '') {
        diag.warn(`mode is '${mode}': the input '${input}' is ignored.`)
      }
    }
  }
  return new Set([mode])
}

function parseTagsInput(text: string, diag: Diagnostics): string[] {
  return validateTags(
    splitList(Input.Tags, text, { commas: true, item: 'tag' }, diag) ?? [],
    diag,
    {
      input: Input.Tags,
      json: text.trim().startsWith('[')
    }
  )
}

function parseUrlsInput(text: string, diag: Diagnostics): string[] {
  return normalizeUrls(
    splitList(Input.Urls, text, { commas: false, item: 'URL' }, diag) ?? [],
    diag
  )
}

async function parseChangedFilesInputs(
  value: (name: InputName) => string,
  mode: RunMode | undefined,
  diag: Diagnostics,
  source: ChangeSourceKind | undefined
): Promise<ChangedFilesSettings | undefined> {
  if (mode === 'pattern') {
    diag.warn(
      "mode is 'pattern': changed files map to URLs and tags, so 'changed_files' is ignored."
    )
    return undefined
  }
  const { parseChangedFilesSettings } = await import('../changed-files/index.js')
  return parseChangedFilesSettings(value, diag, source)
}

/** Warns of each input given (other than its default) that `because` makes useless. */
function warnAboutIgnoredInputs(
  raw: RawInputs,
  inputs: readonly InputName[],
  because: string,
  diag: Diagnostics
): void {
  for (const input of inputs) {
    const given = raw[input].trim()
    if (given !== '' && given !== INPUT_DEFAULTS[input]) {
      diag.warn(`'${input}' is ignored because ${because}.`)
    }
  }
}

function reportNothingToPurge(mode: RunMode | undefined, diag: Diagnostics): void {
  if (mode === 'verify') {
    diag.problemOfInputs(
      [...TARGET_INPUTS, Input.VerifyUrls],
      `Nothing to verify: mode: verify checks the pages that '${Input.Tags}', '${Input.Urls}', '${Input.Pattern}', ${Input.ChangedFiles}: true or '${Input.VerifyUrls}' select; give at least one.`
    )
    return
  }
  if (mode !== undefined) {
    const input = INPUT_OF_KIND[mode]
    const file = LIST_FILE_INPUTS.find(name => KIND_OF_LIST_FILE[name] === mode)
    const alternatives = file === undefined ? '' : ` (or ${file}, or set changed_files: true)`
    diag.problem(input, '', `is required with mode: ${mode}${alternatives}`)
    return
  }
  diag.problemOfInputs(
    TARGET_INPUTS,
    `Nothing to purge: give at least one of the inputs '${Input.Tags}', '${Input.Urls}' or '${Input.Pattern}' (or ${Input.ChangedFiles}: true, or a list in '${Input.TagsFile}' or '${Input.UrlsFile}').`
  )
}
