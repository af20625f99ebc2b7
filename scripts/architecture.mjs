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
    owns: 'one backoff, one push-back rule, statuses worth a retry, Retry-After, header lookup, bodies, the site client'
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
    owns: 'the GitHub REST client every feature that talks to GitHub shares: retries, rate limits, timeouts, bounded answers, pages by Link, secrets kept out of messages; GITHUB_API_URL; permissions'
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
    owns: 'which files an event changed (one rule per event), the GitHub queries that list them, url_map'
  },
  {
    name: 'publish',
    path: 'src/publish/',
    layer: 'features',
    owns: 'what a run writes on GitHub besides its job: the comment on the pull request, found by its marker and updated in place, and the commit status'
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
    owns: 'the pages a purge selects, checked per device at the edge: judge, loop, rate, shards'
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
    owns: 'raw input strings to one typed settings value, then to the plan of requests (pure)'
  },
  {
    name: 'report',
    path: 'src/report/',
    layer: 'run',
    owns: 'the run report, its outputs, the job summary and the status line (pure)'
  },
  {
    name: 'steps',
    path: 'src/steps/',
    layer: 'run',
    owns: 'one module per step of a run and the io they share; no step imports another'
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
 * Folders whose files stand side by side and may not import each other, but for the files they
 * all share: what two of them need besides moves below the folder.
 */
export const SIBLINGS_APART = [{ folder: 'src/steps/', shared: ['io.ts'] }]

/** The path as a regular expression that matches it and what lies under it. */
export function pathPattern(path) {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return `^${escaped}${path.endsWith('/') ? '' : '$'}`
}
