/**
 * The module map: the parts of src/, from the bottom up, what each owns, and so what each may
 * import: any part below it, never one above. `.dependency-cruiser.mjs` turns this list into
 * the rules CI checks (`npm run check:imports`), and a unit test holds the table in
 * docs/development.md to it, so the map, the docs and the code cannot drift apart.
 */

/**
 * @typedef {object} Part
 * @property {string} name     How docs/development.md names the part.
 * @property {string} path     A folder under src/ (with its slash) or one file.
 * @property {string} layer    The band of the map it stands in.
 * @property {string} owns     One line: what it is for.
 * @property {readonly Room[]} [rooms]  Its subfolders, each with what lives there.
 */

/**
 * A subfolder of a part: the same floor and the same import rules as its part, named in the map
 * so that a reader finds where a behaviour lives without opening the folder.
 * @typedef {object} Room
 * @property {string} path     The folder, under its part's (with its slash).
 * @property {string} owns     One line: what lives there.
 */

/** @type {readonly Part[]} Bottom first: a part may import the parts before it, never after. */
export const PARTS = [
  {
    name: 'pcre2',
    path: 'pcre2/',
    layer: 'bottom',
    owns: "PCRE2 10.42 as WebAssembly, read with PHP's options: the service's own regex engine"
  },
  {
    name: 'text',
    path: 'src/text/',
    layer: 'bottom',
    owns: 'words and numbers as messages write them, HTML, log safety, redaction of secrets'
  },
  {
    name: 'time',
    path: 'src/time/',
    layer: 'bottom',
    owns: 'the runner’s clock (replaceable in tests) and the accepted_at / purged_at timestamps'
  },
  {
    name: 'http',
    path: 'src/http/',
    layer: 'bottom',
    owns: 'one backoff, one backpressure rule, statuses worth a retry, Retry-After, header lookup, one redirect follower, bodies, the site client'
  },
  {
    name: 'git',
    path: 'src/git/',
    layer: 'bottom',
    owns: 'git in the checkout, without a shell: a command, a commit’s full SHA, whether the clone is shallow'
  },
  {
    name: 'core',
    path: 'src/core/',
    layer: 'core',
    owns: 'the action’s vocabulary (input and output names, purge targets, requests, the plan’s shape), input problems as values, list and scalar parsers'
  },
  {
    name: 'github',
    path: 'src/github/',
    layer: 'features',
    owns: 'the GitHub REST client every feature that talks to GitHub shares, opened on first use (with Octokit): retries, rate limits, timeouts, bounded answers, pages by Link, secrets kept out of messages; GITHUB_API_URL; permissions'
  },
  {
    name: 'build',
    path: 'src/build/',
    layer: 'features',
    owns: 'the build a run expects, and whether a text or a stream of bytes shows it'
  },
  {
    name: 'pattern',
    path: 'src/pattern/',
    layer: 'features',
    owns: 'the pattern input: delimiters as PHP reads them, the match-all guard, warnings'
  },
  {
    name: 'sitemap',
    path: 'src/sitemap/',
    layer: 'features',
    owns: 'robots.txt and every sitemap format, streamed, with their limits'
  },
  {
    name: 'changed-files',
    path: 'src/changed-files/',
    layer: 'features',
    owns: 'which files an event changed (one rule per event), the GitHub queries that list them, url_map',
    rooms: [
      {
        path: 'src/changed-files/url-map/',
        owns: 'the url_map input: its rules parsed (globs, targets), compiled to RegExps, and changed paths mapped through them'
      }
    ]
  },
  {
    name: 'comment-write',
    path: 'src/comment/write/',
    layer: 'features',
    owns: 'the pull-request comment on GitHub: which pull request (or commit) the event names, the marker and the author check that find the run’s own comment, the writer that updates it in place (and sets the commit status)'
  },
  {
    name: 'send',
    path: 'src/send/',
    layer: 'features',
    owns: 'the purge requests to the service: the only code that carries the API key'
  },
  {
    name: 'origin',
    path: 'src/origin/',
    layer: 'features',
    owns: 'waiting until origin_url shows the build, before anything is purged'
  },
  {
    name: 'verify',
    path: 'src/verify/',
    layer: 'features',
    owns: 'the pages a purge selects, checked per device at the edge: the step’s wiring (index.ts), its settings, the devices input, the log’s sentences (explain.ts)',
    rooms: [
      {
        path: 'src/verify/choose/',
        owns: 'which pages to check: the selection as the sitemaps stream, shards, the uniform sample, patterns matched by PCRE2, the memory budget, the first pages by path'
      },
      {
        path: 'src/verify/tags/',
        owns: 'which pages carry a tag: folder tags from the path, other tags read from `<Prefix>-Tags` at the edge before the purge, and that reading in words'
      },
      {
        path: 'src/verify/check/',
        owns: 'each (page, device) read at the edge until it settles: the polling loop, one check from its first request to its end, reading a page, the tally, the options and defaults'
      },
      {
        path: 'src/verify/judge/',
        owns: 'fresh or stale: one answer’s verdict from the edge’s headers and dates, the edge clock’s skew from the runner’s, the status from the counts'
      },
      {
        path: 'src/verify/pace/',
        owns: 'how fast the checks go: the rate, requests in flight, the site’s backpressure, when a stale page is asked again, sleeps that wake'
      },
      {
        path: 'src/verify/assets/',
        owns: 'the assets fresh pages reference (scripts, stylesheets, fonts), read from their bodies as they stream, checked at the edge once per device, whole or broken by their type, repaired by a purge'
      },
      {
        path: 'src/verify/render/',
        owns: 'what crawlers get: a render’s facts read in the same pass as its assets (text, title, robots, canonical, structured data, an app’s shell), each fresh page’s new render judged alone and against the old one, render_expected'
      },
      {
        path: 'src/verify/html/',
        owns: 'one tokenizer pass over a page’s HTML as it streams, at a bounded cost per tag: the open elements, the text kept only as long as a tag needs it'
      }
    ]
  },
  {
    name: 'repurge',
    path: 'src/repurge/',
    layer: 'features',
    owns: 'old content seen after a purge, purged again once the origin shows the build'
  },
  {
    name: 'plan',
    path: 'src/plan/',
    layer: 'run',
    owns: 'raw input strings to one typed settings value (the publish inputs, pr_comment, commit_status and github_token, among them), then to the plan of requests (pure)'
  },
  {
    name: 'report',
    path: 'src/report/',
    layer: 'run',
    owns: 'the run report, its outputs, the job summary section by section, the status line, the commit status’s words and the JUnit report (pure)',
    rooms: [
      {
        path: 'src/report/assets/',
        owns: 'the assets of the fresh pages as every surface shows them: their counts, reasons and repairs in words, and the summary’s assets part'
      },
      {
        path: 'src/report/renders/',
        owns: 'the judged renders as every surface shows them: the status line’s part, the commit status’s words, the next step, the rows of problems and of what changed for crawlers'
      }
    ]
  },
  {
    name: 'comment-render',
    path: 'src/comment/render/',
    layer: 'run',
    owns: 'the pull-request comment rendered from the run report (pure): the plan before the merge, the result after, section by section'
  },
  {
    name: 'steps',
    path: 'src/steps/',
    layer: 'run',
    owns: 'one module per step of a run and the io they share (the pull-request comment’s step, pr-comment.ts, among them); no step imports another'
  },
  {
    name: 'run',
    path: 'src/run/',
    layer: 'run',
    owns: 'the steps in order, and the report rendered once at the end, whatever happened'
  },
  {
    name: 'action',
    path: 'src/action/',
    layer: 'entries',
    owns: 'the edge to the Actions runner: INPUT_* in, outputs, annotations and the summary out'
  },
  {
    name: 'cli',
    path: 'src/cli/',
    layer: 'entries',
    owns: 'the command line: flags and PURGE_API_KEY in, the log on stderr, --json, --summary, --junit and exit codes out'
  },
  {
    name: 'main',
    path: 'src/main.ts',
    layer: 'entries',
    owns: 'run() for the runner and @github/local-action'
  },
  {
    name: 'index',
    path: 'src/index.ts',
    layer: 'entries',
    owns: 'the bundle’s entry: runs run() when node is started on it'
  }
]

/**
 * Files that stand side by side and may not import each other, but for the files they all
 * share: what two of them need besides moves below them. A member is a folder (its own files,
 * not its subfolders') or one file. The steps are the files of src/steps/.
 * @type {readonly { name: string, members: readonly string[], shared: readonly string[] }[]}
 */
export const SIBLINGS_APART = [
  { name: 'steps', members: ['src/steps/'], shared: ['src/steps/io.ts'] }
]

/** A member of SIBLINGS_APART as a regular expression: a folder's own files, or the file. */
export function memberPattern(path) {
  return path.endsWith('/') ? `${pathPattern(path)}[^/]+$` : pathPattern(path)
}

/** The path as a regular expression that matches it and what lies under it. */
export function pathPattern(path) {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return `^${escaped}${path.endsWith('/') ? '' : '$'}`
}
