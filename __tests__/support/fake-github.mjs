// A local fake of the parts of the GitHub REST API that list changed files, for unit tests and
// for end-to-end tests that run the bundled action with GITHUB_API_URL pointing here.
// Plain JS ESM on node:http; no framework.
//
// Shapes and limits follow GitHub's documentation:
// - GET /repos/{o}/{r}/compare/{base}...{head}: `{ status, ahead_by, behind_by, total_commits,
//   commits: [{ sha, ... }], files: [...] }`. Files are cut at 300, silently. Without `page` or
//   `per_page` the commits are the last 250; with either, commits are paginated (`per_page`
//   default 30, max 100, `Link` header) and files come on page 1 only. A `total_commits` larger
//   than the commits given emulates a comparison whose commits GitHub cannot all list.
// - GET /repos/{o}/{r}/commits/{ref}: `{ sha, commit, files }`, files paginated 300 a page by
//   default (`per_page` honoured up to 300, an assumption) with `Link`, at most 3,000 in all.
// - GET /repos/{o}/{r}/pulls/{n}/files: an array, `per_page` default 30, max 100, `Link`, at most
//   3,000 in all.
// - GET /repos/{o}/{r}/deployments?environment=&per_page=&page= : newest first (created_at, then
//   id); GET .../deployments/{id}/statuses: newest first. `Link` pagination, per_page max 100.
// - GET /repos/{o}/{r}/actions/runs/{id}: one run; GET .../actions/workflows/{id}/runs?branch=
//   &event=&status=: `{ total_count, workflow_runs }`, newest first; `status` matches the status
//   or the conclusion, as GitHub's filter does.
// - GET /repos/{o}/{r}/releases: newest first by created_at (drafts included, as for a token
//   with push access). GET .../git/ref/tags/{tag}: `{ ref, object: { type, sha } }` (type `tag`
//   for an annotated tag); GET .../git/tags/{sha}: the tag object, `{ tag, sha, object }`.
// - Pull requests and what is written on them (pr_comment, commit_status):
//   GET /repos/{o}/{r}/issues/{n}/comments: oldest first, `per_page` default 30, max 100, `Link`;
//   POST the same path `{ body }`: 201 with the comment (by `github-actions[bot]`, a Bot);
//   PATCH /repos/{o}/{r}/issues/comments/{id} `{ body }`: 200; DELETE the same path: 204 with
//   no body, 404 when there is no such comment. A body over 65,536 characters answers 422, as
//   GitHub does. An issue number not added answers 404. A comment's `user` is `{ login, id,
//   type }` (`type` `Bot` or `User`).
// - Who the token is: GET /user answers the user of a user's token (`user` option: a personal
//   access token) with `{ login, id, type }`; for an installation token (the workflow's
//   GITHUB_TOKEN, a GitHub App's token: the default) it answers 403 `Resource not accessible by
//   integration`, as GitHub does. POST /graphql `{ query }` with `viewer` answers `{ data: {
//   viewer: { login, databaseId, __typename } } }` for both (the installation's bot: by default
//   `github-actions[bot]`, id 41898282, a `Bot`; the `bot` option names another app's);
//   `viewer: false` makes it answer 200 with `errors` and no data, as GitHub answers a query it
//   refuses. Served at `{prefix}/graphql`, and at `/api/graphql` under an `/api/v3` prefix, as
//   GitHub Enterprise Server does. Comments are created by that identity.
//   GET /repos/{o}/{r}/commits/{sha}/pulls: the pull requests associated with the commit.
//   POST /repos/{o}/{r}/statuses/{sha} `{ state, context, description, target_url }`: 201; a
//   state GitHub does not know, a description over 140 characters, or a 1,001st status for one
//   commit and context answers 422; a status without a context is `default`.
// - Authentication: `Authorization: token X` or `Bearer X` is required (401 otherwise); with the
//   `token` option only that token is accepted. With `readOnly`, the token is a fork's: every
//   write answers 403 `Resource not accessible by integration`. Unknown routes and objects
//   answer 404 `{"message":"Not Found"}`.

import http from 'node:http'

/**
 * @typedef {'added'|'removed'|'modified'|'renamed'|'copied'|'changed'|'unchanged'} FileStatus
 * @typedef {{ filename: string, status?: FileStatus, previous_filename?: string }} FileInput
 * @typedef {string | FileInput} FileSpec  a bare string is a modified file
 * @typedef {string | { sha: string }} CommitSpec
 * @typedef {{ files?: FileSpec[], commits?: CommitSpec[], total_commits?: number,
 *   omitFiles?: boolean, omitTotal?: boolean, status?: 'ahead'|'behind'|'diverged'|'identical',
 *   behind_by?: number }} CompareSpec  omitFiles: answer without `files`
 *   (as GitHub does for very large comparisons); omitTotal: without `total_commits`
 * @typedef {{
 *   method: string, url: string, path: string, query: Record<string, string>,
 *   authorization: string | undefined, userAgent: string | undefined, status: number,
 *   body?: unknown
 * }} RecordedRequest
 * @typedef {{
 *   matcher: RegExp | string, status: number, times: number, body: unknown,
 *   headers: Record<string, string>
 * }} FailureRule
 * @typedef {{
 *   compares: Map<string, { files: FileInput[], commits: string[], total_commits: number,
 *     omitFiles: boolean, omitTotal: boolean }>,
 *   commits: Map<string, FileInput[]>,
 *   pulls: Map<number, FileInput[]>,
 *   deployments: Array<Record<string, unknown> & { statuses: Array<Record<string, unknown>> }>,
 *   runs: Array<Record<string, unknown>>,
 *   releases: Array<Record<string, unknown>>,
 *   tagRefs: Map<string, { type: string, sha: string }>,
 *   tagObjects: Map<string, { tag: string, object: { type: string, sha: string } }>,
 *   issues: Map<number, Array<Record<string, unknown>>>,
 *   commitPulls: Map<string, Array<Record<string, unknown>>>,
 *   statuses: Array<Record<string, unknown>>
 * }} RepoState
 */

/** GitHub's limits for what is written: a comment's body, a status's description. */
export const WRITE_LIMITS = Object.freeze({
  commentBody: 65_536,
  statusDescription: 140,
  statusesPerContext: 1000
})
const STATUS_STATES = new Set(['pending', 'success', 'failure', 'error'])

export const LIMITS = Object.freeze({
  compareFiles: 300,
  compareCommitsUnpaged: 250,
  commitFiles: 3000,
  commitFilesPerPage: 300,
  pullFiles: 3000,
  pageSizeMax: 100,
  pageSizeDefault: 30
})

const DOCS = 'https://docs.github.com/rest'

/** @param {FileSpec} spec @returns {FileInput} */
function normalizeFile(spec) {
  if (typeof spec === 'string') return { filename: spec, status: 'modified' }
  return { status: 'modified', ...spec }
}

/** @param {FileInput} file */
function renderFile(file) {
  /** @type {Record<string, unknown>} */
  const rendered = {
    sha: 'f'.repeat(40),
    filename: file.filename,
    status: file.status ?? 'modified',
    additions: 1,
    deletions: 1,
    changes: 2
  }
  if (file.previous_filename !== undefined) rendered.previous_filename = file.previous_filename
  return rendered
}

/** @param {string} sha */
function renderCommitSummary(sha) {
  return { sha, commit: { message: `commit ${sha.slice(0, 7)}` }, parents: [] }
}

/**
 * @param {string} value
 * @param {number} fallback
 * @param {number} max
 */
function pageNumber(value, fallback, max) {
  const n = Number.parseInt(value ?? '', 10)
  if (!Number.isFinite(n) || n < 1) return fallback
  return Math.min(n, max)
}

/** The workflow's GITHUB_TOKEN writes as this bot (its REST id). */
export const GITHUB_ACTIONS_BOT = Object.freeze({
  login: 'github-actions[bot]',
  id: 41898282,
  type: 'Bot'
})

/**
 * @typedef {{ login: string, id: number, type: string }} Account
 * @param {{
 *   repos?: string[],
 *   token?: string,
 *   pathPrefix?: string,
 *   host?: string,
 *   readOnly?: boolean,
 *   user?: Account,
 *   bot?: Account,
 *   viewer?: boolean
 * }} [options]
 *   repos: the `owner/repo` names served (default `['octo-org/octo-site']`; the first is the
 *   default for the setters); token: the only token accepted (default: any); pathPrefix: served
 *   under this path, e.g. `/api/v3` like GitHub Enterprise Server; readOnly: the token of a
 *   fork's pull request, which may read but not write; user: the token is this user's (a
 *   personal access token), else an installation token writing as `bot` (default
 *   GITHUB_ACTIONS_BOT); viewer: false: GraphQL refuses to say who the token is.
 */
export async function startFakeGitHub(options = {}) {
  const repoNames = options.repos ?? ['octo-org/octo-site']
  const prefix = (options.pathPrefix ?? '').replace(/\/+$/, '')
  /** @type {Account} */
  const account = options.user ?? options.bot ?? GITHUB_ACTIONS_BOT
  const graphqlPaths = new Set([`${prefix}/graphql`, `${prefix.replace(/\/v3$/, '')}/graphql`])
  /** @type {Map<string, RepoState>} */
  const repos = new Map(
    repoNames.map(name => [
      name.toLowerCase(),
      {
        compares: new Map(),
        commits: new Map(),
        pulls: new Map(),
        deployments: [],
        runs: [],
        releases: [],
        tagRefs: new Map(),
        tagObjects: new Map(),
        issues: new Map(),
        commitPulls: new Map(),
        statuses: []
      }
    ])
  )
  /** @type {RecordedRequest[]} */
  const requests = []
  /** @type {FailureRule[]} */
  const failures = []
  /** @type {Array<{ matcher: RegExp | string }>} */
  const endless = []
  let nextCommentId = 1000
  let clock = Date.parse('2026-11-24T12:00:00Z')
  /** A later time each call: created_at and updated_at that order as GitHub's do. */
  const now = () => new Date((clock += 1000)).toISOString()

  /** @param {string | undefined} repo */
  function state(repo) {
    const name = (repo ?? repoNames[0] ?? '').toLowerCase()
    const found = repos.get(name)
    if (found === undefined) throw new Error(`fake GitHub: unknown repository ${name}`)
    return found
  }

  /**
   * @param {http.ServerResponse} res
   * @param {number} status
   * @param {unknown} body
   * @param {Record<string, string>} [headers]
   */
  function send(res, status, body, headers = {}) {
    const text = JSON.stringify(body)
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'x-github-api-version-selected': '2022-11-28',
      ...headers
    })
    res.end(text)
  }

  /**
   * @param {string} baseUrl  origin + path of the listing, without query
   * @param {Record<string, string>} query  the request's query, without `page`
   * @param {number} page
   * @param {number} lastPage
   */
  function linkHeader(baseUrl, query, page, lastPage) {
    /** @param {number} n */
    const at = n => `<${baseUrl}?${new URLSearchParams({ ...query, page: String(n) })}>`
    const parts = []
    if (page > 1) parts.push(`${at(page - 1)}; rel="prev"`)
    if (page < lastPage) parts.push(`${at(page + 1)}; rel="next"`, `${at(lastPage)}; rel="last"`)
    if (page > 1) parts.push(`${at(1)}; rel="first"`)
    return parts.join(', ')
  }

  /**
   * Slices `items` into the requested page and builds the Link header.
   * @template T
   * @param {T[]} items
   * @param {{ baseUrl: string, query: Record<string, string>, perPage: number, page: number }} p
   */
  function paginate(items, p) {
    const lastPage = Math.max(1, Math.ceil(items.length / p.perPage))
    const slice = items.slice((p.page - 1) * p.perPage, p.page * p.perPage)
    /** @type {Record<string, string>} */
    const rest = { ...p.query }
    delete rest.page
    const link = linkHeader(p.baseUrl, rest, p.page, lastPage)
    return { slice, headers: link === '' ? {} : { link } }
  }

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {unknown} body  the request's JSON body, parsed (undefined without one)
   */
  function handle(req, res, body) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`)
    /** @type {Record<string, string>} */
    const query = Object.fromEntries(url.searchParams)
    const authorization = req.headers.authorization
    /** @type {RecordedRequest} */
    const record = {
      method: req.method ?? 'GET',
      url: `${url.pathname}${url.search}`,
      path: url.pathname,
      query,
      authorization,
      userAgent: req.headers['user-agent'],
      status: 0,
      ...(body !== undefined && { body })
    }
    requests.push(record)
    /** @type {typeof send} */
    const reply = (r, status, body, headers) => {
      record.status = status
      send(r, status, body, headers)
    }

    // An answer that never ends: 64 KiB chunks until the client hangs up.
    const never = endless.findIndex(e =>
      typeof e.matcher === 'string' ? record.url.includes(e.matcher) : e.matcher.test(record.url)
    )
    if (never !== -1) {
      endless.splice(never, 1)
      record.status = 200
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) {
          /* keep writing until write() reports backpressure, then wait for drain */
        }
        if (!res.destroyed) res.once('drain', pump)
      }
      res.write('{"files":[')
      pump()
      return
    }

    // Injected failures come first, so they also hit unknown routes.
    const rule = failures.find(f =>
      typeof f.matcher === 'string' ? record.url.includes(f.matcher) : f.matcher.test(record.url)
    )
    if (rule !== undefined) {
      rule.times--
      if (rule.times <= 0) failures.splice(failures.indexOf(rule), 1)
      if (rule.status === 0) {
        record.status = 0
        req.socket.destroy() // a network error: no answer at all
        return
      }
      reply(
        res,
        rule.status,
        rule.body ?? { message: http.STATUS_CODES[rule.status] ?? 'Error' },
        rule.headers
      )
      return
    }

    const credentials = /^(?:token|bearer)\s+(\S+)$/i.exec(authorization ?? '')
    if (credentials === null) {
      reply(res, 401, { message: 'Requires authentication', documentation_url: DOCS })
      return
    }
    if (options.token !== undefined && credentials[1] !== options.token) {
      reply(res, 401, { message: 'Bad credentials', documentation_url: DOCS })
      return
    }
    const notFound = () => reply(res, 404, { message: 'Not Found', documentation_url: DOCS })
    if (req.method === 'POST' && graphqlPaths.has(url.pathname)) {
      return graphql(res, body, reply)
    }
    if (!url.pathname.startsWith(`${prefix}/`)) return notFound()
    if (req.method === 'GET' && url.pathname === `${prefix}/user`) {
      if (options.user === undefined) {
        return reply(res, 403, {
          message: 'Resource not accessible by integration',
          documentation_url: `${DOCS}/users/users#get-the-authenticated-user`,
          status: '403'
        })
      }
      const { login, id, type } = options.user
      return reply(res, 200, { login, id, type, site_admin: false })
    }
    if (req.method !== 'GET') return write(req, res, url, body, reply, notFound, record)

    const segments = url.pathname
      .slice(prefix.length + 1)
      .split('/')
      .map(s => decodeURIComponent(s))
    if (segments[0] !== 'repos' || segments.length < 4) return notFound()
    const repo = repos.get(`${segments[1]}/${segments[2]}`.toLowerCase())
    if (repo === undefined) return notFound()
    const baseUrl = `${url.origin}${url.pathname}`
    const resource = segments[3]

    if (resource === 'compare' && segments.length === 5) {
      const basehead = segments[4] ?? ''
      const compare = repo.compares.get(basehead)
      if (compare === undefined) return notFound()
      const paged = query.page !== undefined || query.per_page !== undefined
      const total = compare.total_commits
      /** @type {Record<string, unknown>} */
      const body = {
        url: baseUrl,
        status: compare.status ?? (total === 0 ? 'identical' : 'ahead'),
        ahead_by: total,
        behind_by: compare.behind_by,
        total_commits: total
      }
      /** @type {Record<string, string>} */
      let headers = {}
      let page = 1
      if (paged) {
        const perPage = pageNumber(query.per_page, LIMITS.pageSizeDefault, LIMITS.pageSizeMax)
        page = pageNumber(query.page, 1, Number.MAX_SAFE_INTEGER)
        // Pages are computed on total_commits, as GitHub does; only the given commits exist.
        const lastPage = Math.max(1, Math.ceil(total / perPage))
        const rest = { ...query }
        delete rest.page
        const link = linkHeader(baseUrl, rest, page, lastPage)
        headers = link === '' ? {} : { link }
        body.commits = compare.commits
          .slice((page - 1) * perPage, page * perPage)
          .map(renderCommitSummary)
      } else {
        body.commits = compare.commits.slice(-LIMITS.compareCommitsUnpaged).map(renderCommitSummary)
      }
      if (page === 1 && !compare.omitFiles) {
        body.files = compare.files.slice(0, LIMITS.compareFiles).map(renderFile)
      }
      if (compare.omitTotal) delete body.total_commits
      return reply(res, 200, body, headers)
    }

    if (resource === 'commits' && segments.length === 6 && segments[5] === 'pulls') {
      return reply(res, 200, repo.commitPulls.get(segments[4] ?? '') ?? [])
    }
    if (resource === 'issues' && segments.length === 6 && segments[5] === 'comments') {
      const comments = repo.issues.get(Number(segments[4]))
      if (comments === undefined) return notFound()
      const perPage = pageNumber(query.per_page, LIMITS.pageSizeDefault, LIMITS.pageSizeMax)
      const page = pageNumber(query.page, 1, Number.MAX_SAFE_INTEGER)
      const { slice, headers } = paginate(comments, { baseUrl, query, perPage, page })
      return reply(res, 200, slice, headers)
    }

    if (resource === 'commits' && segments.length === 5) {
      const sha = segments[4] ?? ''
      const files = repo.commits.get(sha)
      if (files === undefined) {
        return reply(res, 422, {
          message: `No commit found for SHA: ${sha}`,
          documentation_url: DOCS
        })
      }
      const perPage = pageNumber(
        query.per_page,
        LIMITS.commitFilesPerPage,
        LIMITS.commitFilesPerPage
      )
      const page = pageNumber(query.page, 1, Number.MAX_SAFE_INTEGER)
      const listed = files.slice(0, LIMITS.commitFiles)
      const { slice, headers } = paginate(listed, { baseUrl, query, perPage, page })
      return reply(
        res,
        200,
        { sha, commit: { message: `commit ${sha.slice(0, 7)}` }, files: slice.map(renderFile) },
        headers
      )
    }

    if (resource === 'pulls' && segments.length === 6 && segments[5] === 'files') {
      const number = Number(segments[4])
      const files = repo.pulls.get(number)
      if (files === undefined) return notFound()
      const perPage = pageNumber(query.per_page, LIMITS.pageSizeDefault, LIMITS.pageSizeMax)
      const page = pageNumber(query.page, 1, Number.MAX_SAFE_INTEGER)
      const listed = files.slice(0, LIMITS.pullFiles)
      const { slice, headers } = paginate(listed, { baseUrl, query, perPage, page })
      return reply(res, 200, slice.map(renderFile), headers)
    }

    const perPage = pageNumber(query.per_page, LIMITS.pageSizeDefault, LIMITS.pageSizeMax)
    const page = pageNumber(query.page, 1, Number.MAX_SAFE_INTEGER)
    /** @param {unknown[]} items @param {(slice: unknown[]) => unknown} [wrap] */
    const listing = (items, wrap = slice => slice) => {
      const { slice, headers } = paginate(items, { baseUrl, query, perPage, page })
      return reply(res, 200, wrap(slice), headers)
    }
    /** @param {Record<string, unknown>} item */
    const newest = (a, b) =>
      String(b.created_at).localeCompare(String(a.created_at)) || Number(b.id) - Number(a.id)

    if (resource === 'deployments' && segments.length === 4) {
      const items = repo.deployments
        .filter(d => query.environment === undefined || d.environment === query.environment)
        .sort(newest)
        .map(({ statuses: _statuses, ...deployment }) => deployment)
      return listing(items)
    }
    if (resource === 'deployments' && segments.length === 6 && segments[5] === 'statuses') {
      const deployment = repo.deployments.find(d => String(d.id) === segments[4])
      if (deployment === undefined) return notFound()
      return listing([...deployment.statuses].sort(newest))
    }
    if (resource === 'actions' && segments[4] === 'runs' && segments.length === 6) {
      const run = repo.runs.find(r => String(r.id) === segments[5])
      return run === undefined ? notFound() : reply(res, 200, run)
    }
    if (
      resource === 'actions' &&
      segments[4] === 'workflows' &&
      segments[6] === 'runs' &&
      segments.length === 7
    ) {
      const runs = repo.runs
        .filter(r => String(r.workflow_id) === segments[5])
        .filter(r => query.branch === undefined || r.head_branch === query.branch)
        .filter(r => query.event === undefined || r.event === query.event)
        .filter(
          r =>
            query.status === undefined || r.status === query.status || r.conclusion === query.status
        )
        .sort(newest)
      return listing(runs, slice => ({ total_count: runs.length, workflow_runs: slice }))
    }
    if (resource === 'releases' && segments.length === 4) {
      return listing([...repo.releases].sort(newest))
    }
    if (resource === 'git' && segments[4] === 'ref' && segments[5] === 'tags') {
      const tag = segments.slice(6).join('/')
      const object = repo.tagRefs.get(tag)
      if (object === undefined) return notFound()
      return reply(res, 200, { ref: `refs/tags/${tag}`, object })
    }
    if (resource === 'git' && segments[4] === 'tags' && segments.length === 6) {
      const tagObject = repo.tagObjects.get(segments[5] ?? '')
      if (tagObject === undefined) return notFound()
      return reply(res, 200, { sha: segments[5], ...tagObject })
    }

    return notFound()
  }

  /**
   * GraphQL: only `viewer`, which tells who the token is (an installation's bot too).
   * @param {http.ServerResponse} res @param {unknown} body @param {typeof send} reply
   */
  function graphql(res, body, reply) {
    const query = /** @type {{ query?: unknown }} */ (body ?? {}).query
    if (typeof query !== 'string' || !query.includes('viewer')) {
      return reply(res, 200, { errors: [{ message: 'fake GitHub: only viewer is answered' }] })
    }
    if (options.viewer === false) {
      return reply(res, 200, {
        errors: [{ type: 'FORBIDDEN', message: 'Resource not accessible by integration' }]
      })
    }
    const typename = options.user === undefined ? 'Bot' : 'User'
    return reply(res, 200, {
      data: { viewer: { login: account.login, databaseId: account.id, __typename: typename } }
    })
  }

  /**
   * The writes: comments created, updated and deleted, statuses set. A read-only token (a fork's) may
   * not write anything.
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {URL} url
   * @param {unknown} body
   * @param {typeof send} reply
   * @param {() => void} notFound
   * @param {RecordedRequest} record
   */
  function write(req, res, url, body, reply, notFound, record) {
    if (options.readOnly) {
      return reply(res, 403, {
        message: 'Resource not accessible by integration',
        documentation_url: DOCS
      })
    }
    const segments = url.pathname
      .slice(prefix.length + 1)
      .split('/')
      .map(s => decodeURIComponent(s))
    const repo = repos.get(`${segments[1]}/${segments[2]}`.toLowerCase())
    if (segments[0] !== 'repos' || repo === undefined) return notFound()
    const fields = /** @type {Record<string, unknown>} */ (
      typeof body === 'object' && body !== null ? body : {}
    )
    const invalid = (/** @type {string} */ message) =>
      reply(res, 422, {
        message: 'Validation Failed',
        errors: [{ message }],
        documentation_url: DOCS
      })
    const resource = segments[3]
    if (resource === 'issues' && segments[5] === 'comments' && req.method === 'POST') {
      const comments = repo.issues.get(Number(segments[4]))
      if (comments === undefined) return notFound()
      if (typeof fields.body !== 'string') return invalid('body is missing')
      if (fields.body.length > WRITE_LIMITS.commentBody) {
        return invalid(`Body is too long (maximum is ${WRITE_LIMITS.commentBody} characters)`)
      }
      const comment = commentOf(`${url.origin}`, segments, Number(segments[4]), fields.body)
      comments.push(comment)
      return reply(res, 201, comment)
    }
    if (resource === 'issues' && segments[4] === 'comments' && req.method === 'PATCH') {
      const comment = [...repo.issues.values()].flat().find(c => String(c.id) === segments[5])
      if (comment === undefined) return notFound()
      if (typeof fields.body !== 'string') return invalid('body is missing')
      if (fields.body.length > WRITE_LIMITS.commentBody) {
        return invalid(`Body is too long (maximum is ${WRITE_LIMITS.commentBody} characters)`)
      }
      comment.body = fields.body
      comment.updated_at = now()
      return reply(res, 200, comment)
    }
    if (resource === 'issues' && segments[4] === 'comments' && req.method === 'DELETE') {
      for (const comments of repo.issues.values()) {
        const index = comments.findIndex(c => String(c.id) === segments[5])
        if (index === -1) continue
        comments.splice(index, 1)
        record.status = 204
        res.writeHead(204, { 'x-github-api-version-selected': '2022-11-28' })
        res.end()
        return
      }
      return notFound()
    }
    if (resource === 'statuses' && segments.length === 5 && req.method === 'POST') {
      if (!STATUS_STATES.has(String(fields.state))) return invalid('state is not valid')
      const description = fields.description
      if (typeof description === 'string' && description.length > WRITE_LIMITS.statusDescription) {
        return invalid('description is too long (maximum is 140 characters)')
      }
      // GitHub names a status without a context `default`, and keeps at most 1,000 per
      // commit and context (case-insensitive): the next one answers 422.
      const context = typeof fields.context === 'string' ? fields.context : 'default'
      const same = repo.statuses.filter(
        s => s.sha === segments[4] && String(s.context).toLowerCase() === context.toLowerCase()
      )
      if (same.length >= WRITE_LIMITS.statusesPerContext) {
        return invalid('This SHA and context has reached the maximum number of statuses.')
      }
      const status = {
        id: repo.statuses.length + 1,
        sha: segments[4],
        ...fields,
        context,
        created_at: now()
      }
      repo.statuses.push(status)
      return reply(res, 201, status)
    }
    return notFound()
  }

  /**
   * A comment as GitHub answers it, written by the token's account.
   * @param {string} origin @param {string[]} segments @param {number} number @param {string} body
   */
  function commentOf(origin, segments, number, body) {
    const id = nextCommentId++
    const at = now()
    return {
      id,
      html_url: `${origin}/${segments[1]}/${segments[2]}/pull/${number}#issuecomment-${id}`,
      body,
      user: { login: account.login, id: account.id, type: account.type },
      author_association: 'NONE',
      created_at: at,
      updated_at: at
    }
  }

  /** A stable id for a login the test names without one. @param {string} login */
  function idOf(login) {
    if (login.toLowerCase() === account.login.toLowerCase()) return account.id
    let hash = 7
    for (const character of login.toLowerCase()) hash = (hash * 31 + character.charCodeAt(0)) % 1e8
    return 1e8 + hash
  }

  const server = http.createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = []
    req.on('data', chunk => chunks.push(chunk))
    req.on('end', () => {
      try {
        const text = Buffer.concat(chunks).toString('utf8')
        handle(req, res, text === '' ? undefined : JSON.parse(text))
      } catch (error) {
        send(res, 500, { message: `fake GitHub: ${String(error)}` })
      }
    })
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, options.host ?? '127.0.0.1', () => resolve(undefined))
  })
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())
  const url = `http://${options.host ?? '127.0.0.1'}:${address.port}${prefix}`

  return {
    /** The API base URL (what GITHUB_API_URL should be), without a trailing slash. */
    url,
    /** Every request received, in order. */
    requests,
    /** @returns {Promise<void>} */
    close() {
      return new Promise((resolve, reject) => {
        server.closeAllConnections()
        server.close(error => (error ? reject(error) : resolve()))
      })
    },
    /**
     * @param {string} base
     * @param {string} head
     * @param {CompareSpec} spec
     * @param {string} [repo]
     */
    setCompare(base, head, spec, repo) {
      const commits = (spec.commits ?? []).map(c => (typeof c === 'string' ? c : c.sha))
      state(repo).compares.set(`${base}...${head}`, {
        files: (spec.files ?? []).map(normalizeFile),
        commits,
        total_commits: spec.total_commits ?? commits.length,
        omitFiles: spec.omitFiles === true,
        omitTotal: spec.omitTotal === true,
        status: spec.status,
        behind_by: spec.behind_by ?? 0
      })
    },
    /**
     * A deployment with its statuses (states, oldest first as they happened).
     * @param {{ id: number, sha: string, environment?: string, created_at: string,
     *   states?: string[] }} spec
     * @param {string} [repo]
     */
    addDeployment(spec, repo) {
      const { states = [], ...rest } = spec
      state(repo).deployments.push({
        environment: 'production',
        ref: 'main',
        task: 'deploy',
        ...rest,
        statuses: states.map((s, i) => ({
          id: spec.id * 100 + i,
          state: s,
          environment: rest.environment ?? 'production',
          created_at: new Date(Date.parse(spec.created_at) + (i + 1) * 60_000).toISOString()
        }))
      })
    },
    /**
     * A workflow run: { id, workflow_id, head_sha, head_branch, event, status, conclusion,
     * created_at, run_number }.
     * @param {Record<string, unknown>} run
     * @param {string} [repo]
     */
    addRun(run, repo) {
      state(repo).runs.push({ status: 'completed', event: 'push', head_branch: 'main', ...run })
    },
    /**
     * A release: { id, tag_name, draft, prerelease, created_at, published_at }.
     * @param {Record<string, unknown>} release
     * @param {string} [repo]
     */
    addRelease(release, repo) {
      state(repo).releases.push({ draft: false, prerelease: false, ...release })
    },
    /**
     * A lightweight tag (points to `sha`), or with `annotated` an annotated tag: the ref points
     * to a tag object, which points to the commit.
     * @param {string} tag
     * @param {string} sha
     * @param {{ annotated?: boolean, repo?: string }} [options]
     */
    setTag(tag, sha, options = {}) {
      const repoState = state(options.repo)
      if (!options.annotated) {
        repoState.tagRefs.set(tag, { type: 'commit', sha })
        return
      }
      const objectSha = sha.split('').reverse().join('').replace(/^./, 'e')
      repoState.tagObjects.set(objectSha, { tag, object: { type: 'commit', sha } })
      repoState.tagRefs.set(tag, { type: 'tag', sha: objectSha })
    },
    /**
     * The next request whose path+query matches answers 200 with a body that never ends.
     * @param {RegExp | string} matcher
     */
    answerEndlessly(matcher) {
      endless.push({ matcher })
    },
    /**
     * @param {string} sha
     * @param {FileSpec[]} files
     * @param {string} [repo]
     */
    setCommit(sha, files, repo) {
      state(repo).commits.set(sha, files.map(normalizeFile))
    },
    /**
     * @param {number} number
     * @param {FileSpec[]} files
     * @param {string} [repo]
     */
    setPullFiles(number, files, repo) {
      state(repo).pulls.set(number, files.map(normalizeFile))
    },
    /**
     * A pull request (an issue number that takes comments), merged when `merge_commit_sha` is
     * given, and listed as associated with `commits` (its merge commit by default).
     * @param {{ number: number, merge_commit_sha?: string, merged_at?: string,
     *   head_sha?: string, commits?: string[] }} spec
     * @param {string} [repo]
     */
    addPullRequest(spec, repo) {
      const repoState = state(repo)
      if (!repoState.issues.has(spec.number)) repoState.issues.set(spec.number, [])
      const merged = spec.merge_commit_sha !== undefined
      const pull = {
        number: spec.number,
        state: merged ? 'closed' : 'open',
        merged_at: merged ? (spec.merged_at ?? now()) : null,
        merge_commit_sha: spec.merge_commit_sha ?? null,
        head: { sha: spec.head_sha ?? 'f'.repeat(40) }
      }
      const commits =
        spec.commits ?? (merged ? [/** @type {string} */ (spec.merge_commit_sha)] : [])
      for (const sha of commits) {
        repoState.commitPulls.set(sha, [...(repoState.commitPulls.get(sha) ?? []), pull])
      }
    },
    /**
     * Comments already on a pull request, oldest first: by default `count` comments of people.
     * @param {number} number
     * @param {Array<{ body: string, login?: string, id?: number, type?: string,
     *   author_association?: string }>} comments  `login` defaults to `octocat` (id 583231)
     * @param {string} [repo]
     */
    addComments(number, comments, repo) {
      const list = state(repo).issues.get(number)
      if (list === undefined) throw new Error(`fake GitHub: no pull request #${number}`)
      for (const comment of comments) {
        const at = now()
        const id = nextCommentId++
        list.push({
          id,
          html_url: `https://github.com/${repoNames[0]}/pull/${number}#issuecomment-${id}`,
          body: comment.body,
          user: {
            login: comment.login ?? 'octocat',
            id: comment.id ?? (comment.login === undefined ? 583231 : idOf(comment.login)),
            type: comment.type ?? 'User'
          },
          author_association: comment.author_association ?? 'CONTRIBUTOR',
          created_at: at,
          updated_at: at
        })
      }
    },
    /**
     * The comments on a pull request, oldest first.
     * @param {number} number @param {string} [repo]
     */
    comments(number, repo) {
      return state(repo).issues.get(number) ?? []
    },
    /**
     * The commit statuses set, in order.
     * @param {string} [repo]
     */
    statuses(repo) {
      return state(repo).statuses
    },
    /**
     * The next `times` requests whose path+query matches (substring or RegExp) answer `status`
     * with `body` (default `{ message: <reason phrase> }`) and `headers`. Status 0 drops the
     * connection without an answer (a network error).
     * @param {RegExp | string} matcher
     * @param {number} status
     * @param {number} [times]
     * @param {unknown} [body]
     * @param {Record<string, string>} [headers]
     */
    failNext(matcher, status, times = 1, body = undefined, headers = {}) {
      failures.push({ matcher, status, times, body, headers })
    }
  }
}

/** @typedef {Awaited<ReturnType<typeof startFakeGitHub>>} FakeGitHub */
