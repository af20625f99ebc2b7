/**
 * EDGE: turns a `RangeLookup` ("since the previous successful deployment / run / release")
 * into the commits to compare, asking the GitHub REST API through the client of
 * github/client.ts (same retry, timeout, body limit and error habits; pages by `Link`).
 *
 * Definitions (docs/events.md):
 * - A successful deployment is one whose newest status other than `inactive` is `success`
 *   (GitHub marks older deployments inactive when a newer one succeeds, which says nothing of
 *   this one). `success` then `failure` or `error` is a failed deployment, as GitHub shows it:
 *   its content may have been rolled back, so the range reaches past it (purging more is the
 *   safe side).
 * - "Previous" is created (published, for releases) before the one being handled, and never
 *   the one being handled itself.
 * - A release counts when published and not a draft; a prerelease only counts as the previous
 *   one of a prerelease. A tag push takes its prerelease flag and date from the tag's release,
 *   if it has one.
 * - Tags are followed to their commit, annotated tags (tag objects) included.
 */
import type { BaseLookup, ChangeQuery, HeadRef, RangeLookup } from './change-source.js'
import { shortSha } from '../text/format.js'
import type { GitHubClient } from '../github/client.js'
import { permissionHint, PERMISSIONS } from '../github/permissions.js'
import { asRecord } from '../github/records.js'

export interface ResolvedRange {
  queries: ChangeQuery[]
  /** The range and why: "deployment_status success for production: a...b, since deployment #812 (success)". */
  description: string
  /** Set when there was no previous one and the head commit's files are taken instead. */
  notice?: string
}

interface Previous {
  sha: string
  /** e.g. `deployment #812 (success)`, `run #41`, `release v1.2.0`. */
  label: string
}

/** Deployments examined (each costs a statuses request) before giving up on finding one. */
export const MAX_DEPLOYMENTS_EXAMINED = 100
/** Nested annotated tags followed before giving up. */
const MAX_TAG_DEPTH = 5

const PAGE = 100

function time(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined
  const parsed = Date.parse(value)
  return Number.isNaN(parsed) ? undefined : parsed
}

function sha(value: unknown): string | undefined {
  return typeof value === 'string' && /^[0-9a-f]{40}$/i.test(value)
    ? value.toLowerCase()
    : undefined
}

/** True when `candidate` came strictly before `limit`; unknown times do not exclude. */
function before(candidate: unknown, limit: string | undefined): boolean {
  const at = time(candidate)
  const end = time(limit)
  return at === undefined || end === undefined || at < end
}

/** Tag names may hold '/': encode each part, keep the slashes. */
function encodeRef(ref: string): string {
  return ref.split('/').map(encodeURIComponent).join('/')
}

export async function resolveLookup(
  client: GitHubClient,
  lookup: RangeLookup
): Promise<ResolvedRange> {
  const head = await resolveHead(client, lookup.head)
  const previous = await findPrevious(client, lookup.base)
  const what = describeWanted(lookup.base)
  if (previous === undefined) {
    switch (lookup.whenNoPrevious.kind) {
      case 'head-commit': {
        const notice = `Changed files: no ${what} was found (a first one?), so only the files of the head commit ${shortSha(head)} are purged.`
        return {
          queries: [{ kind: 'commit', sha: head }],
          description: `${lookup.label}: commit ${shortSha(head)}, no ${what} found`,
          notice
        }
      }
      case 'base-sha': {
        const base = lookup.whenNoPrevious.sha
        return {
          queries: [{ kind: 'compare', base, head }],
          description: `${lookup.label}: ${shortSha(base)}...${shortSha(head)}, from base_sha (no ${what} found)`
        }
      }
      case 'fail':
        client.fail(
          `since: ${lookup.whenNoPrevious.value} found no ${what} (a first deploy?), so what changed since then is not known and nothing was purged. Set base_sha as the fallback for this case (it is used only when nothing is found), or purge by tag or pattern.`
        )
    }
  }
  const range = `${shortSha(previous.sha)}...${shortSha(head)}`
  if (previous.sha === head) {
    return {
      queries: [],
      description: `${lookup.label}: ${range}, since ${previous.label}: the same commit, nothing changed`
    }
  }
  return {
    queries: [{ kind: 'compare', base: previous.sha, head }],
    description: `${lookup.label}: ${range}, since ${previous.label}`
  }
}

function describeWanted(base: BaseLookup): string {
  switch (base.kind) {
    case 'previous-deployment':
      return `earlier successful deployment of ${JSON.stringify(base.environment)}`
    case 'previous-run':
      return 'earlier successful run of the workflow'
    case 'previous-release':
      return `earlier published ${base.prerelease === true ? 'release or prerelease' : 'release'}`
  }
}

async function resolveHead(client: GitHubClient, head: HeadRef): Promise<string> {
  return head.kind === 'sha' ? head.sha : resolveTag(client, head.tag)
}

/** A tag's commit: `git/ref/tags/X`, then through tag objects (annotated tags) to the commit. */
export async function resolveTag(client: GitHubClient, tag: string): Promise<string> {
  const path = `${client.repoPath}/git/ref/tags/${encodeRef(tag)}`
  const hint = (status: number): string | undefined =>
    status === 404
      ? `The tag ${JSON.stringify(tag)} was not found, or the token lacks \`${PERMISSIONS.contents}\`.`
      : permissionHint(PERMISSIONS.contents)(status)
  let object = asRecord(asRecord((await client.get(path, {}, hint)).data)?.['object'])
  for (let depth = 0; depth <= MAX_TAG_DEPTH; depth++) {
    const objectSha = sha(object?.['sha'])
    const type = object?.['type']
    if (objectSha === undefined) break
    if (type === 'commit') return objectSha
    if (type !== 'tag') {
      client.fail(
        `The tag ${JSON.stringify(tag)} points to a ${String(type)}, not a commit, so it has no changed files.`
      )
    }
    const tagObject = await client.get(
      `${client.repoPath}/git/tags/${objectSha}`,
      {},
      permissionHint(PERMISSIONS.contents)
    )
    object = asRecord(asRecord(tagObject.data)?.['object'])
  }
  return client.fail(`GitHub's answer for the tag ${JSON.stringify(tag)} names no commit.`)
}

function findPrevious(client: GitHubClient, base: BaseLookup): Promise<Previous | undefined> {
  switch (base.kind) {
    case 'previous-deployment':
      return previousDeployment(client, base)
    case 'previous-run':
      return previousRun(client, base)
    case 'previous-release':
      return previousRelease(client, base)
  }
}

async function previousDeployment(
  client: GitHubClient,
  base: Extract<BaseLookup, { kind: 'previous-deployment' }>
): Promise<Previous | undefined> {
  const hint = permissionHint(PERMISSIONS.deployments)
  let examined = 0
  // Newest first, as GitHub lists them.
  for await (const data of client.pages(
    `${client.repoPath}/deployments`,
    { environment: base.environment, per_page: PAGE },
    hint
  )) {
    if (!Array.isArray(data)) client.fail('Unexpected answer listing deployments: not a list.')
    if (data.length === 0) break
    for (const entry of data) {
      const deployment = asRecord(entry)
      const id = deployment?.['id']
      const deploymentSha = sha(deployment?.['sha'])
      if (typeof id !== 'number' || deploymentSha === undefined) continue
      if (id === base.excludeId) continue
      if (base.createdBefore !== undefined) {
        // Created in the same second as the handled one: ids say which came first.
        const sameSecond = time(deployment?.['created_at']) === time(base.createdBefore)
        const earlier = sameSecond
          ? base.excludeId === undefined || id < base.excludeId
          : before(deployment?.['created_at'], base.createdBefore)
        if (!earlier) continue
      } else if (base.excludeId !== undefined && id > base.excludeId) continue
      if (++examined > MAX_DEPLOYMENTS_EXAMINED) {
        // Not "none found": that would purge the head commit alone, or call this a first deploy.
        client.fail(
          `no successful deployment of '${base.environment}' among the ${MAX_DEPLOYMENTS_EXAMINED} deployments before this one, so the range is not known and nothing was purged. Set base_sha to the last deployed commit, or purge by tag or pattern.`
        )
      }
      if ((await latestActiveState(client, id)) === 'success') {
        return { sha: deploymentSha, label: `deployment #${id} (success)` }
      }
    }
  }
  return undefined
}

/**
 * The state of the deployment's newest status other than `inactive`, by creation time (then id:
 * the order GitHub lists them in is not documented); undefined without one.
 */
async function latestActiveState(client: GitHubClient, id: number): Promise<string | undefined> {
  let newest: { state: string; at: number; id: number } | undefined
  for await (const data of client.pages(
    `${client.repoPath}/deployments/${id}/statuses`,
    { per_page: PAGE },
    permissionHint(PERMISSIONS.deployments)
  )) {
    if (!Array.isArray(data)) client.fail('Unexpected answer listing deployment statuses.')
    if (data.length === 0) break
    for (const entry of data) {
      const status = asRecord(entry)
      const state = status?.['state']
      if (typeof state !== 'string' || state === 'inactive') continue
      const at = Date.parse(String(status?.['created_at']))
      const statusId = typeof status?.['id'] === 'number' ? status['id'] : 0
      const time = Number.isNaN(at) ? 0 : at
      if (
        newest === undefined ||
        time > newest.at ||
        (time === newest.at && statusId > newest.id)
      ) {
        newest = { state, at: time, id: statusId }
      }
    }
  }
  return newest?.state
}

async function previousRun(
  client: GitHubClient,
  base: Extract<BaseLookup, { kind: 'previous-run' }>
): Promise<Previous | undefined> {
  const hint = permissionHint(PERMISSIONS.actions)
  let { workflowId, branch, createdBefore } = base
  if (workflowId === undefined) {
    // since: last-successful-run: the current run tells its workflow, branch and start.
    if (base.excludeRunId === undefined) {
      client.fail(
        'since: last-successful-run needs GITHUB_RUN_ID (set by the runner) to find the current workflow; set base_sha instead outside GitHub Actions.'
      )
    }
    const current = asRecord(
      (await client.get(`${client.repoPath}/actions/runs/${base.excludeRunId}`, {}, hint)).data
    )
    const id = current?.['workflow_id']
    if (typeof id !== 'number')
      client.fail('Unexpected answer for the current run: no workflow_id.')
    workflowId = id
    if (typeof current?.['head_branch'] === 'string') branch = current['head_branch']
    if (typeof current?.['created_at'] === 'string') createdBefore = current['created_at']
  }
  const query: Record<string, string | number> = { status: 'success', per_page: PAGE }
  if (branch !== undefined) query['branch'] = branch
  if (base.event !== undefined) query['event'] = base.event
  for await (const data of client.pages(
    `${client.repoPath}/actions/workflows/${workflowId}/runs`,
    query,
    hint
  )) {
    const runs = asRecord(data)?.['workflow_runs']
    if (!Array.isArray(runs)) client.fail('Unexpected answer listing workflow runs.')
    if (runs.length === 0) break
    for (const entry of runs) {
      const run = asRecord(entry)
      const headSha = sha(run?.['head_sha'])
      if (run === undefined || headSha === undefined) continue
      if (run['id'] === base.excludeRunId || run['conclusion'] !== 'success') continue
      if (!before(run['created_at'], createdBefore)) continue
      const number =
        typeof run['run_number'] === 'number' ? `#${run['run_number']}` : `${run['id']}`
      return { sha: headSha, label: `run ${number} (success)` }
    }
  }
  return undefined
}

async function previousRelease(
  client: GitHubClient,
  base: Extract<BaseLookup, { kind: 'previous-release' }>
): Promise<Previous | undefined> {
  const releases: Record<string, unknown>[] = []
  for await (const data of client.pages(
    `${client.repoPath}/releases`,
    { per_page: PAGE },
    permissionHint(PERMISSIONS.contents)
  )) {
    if (!Array.isArray(data)) client.fail('Unexpected answer listing releases: not a list.')
    if (data.length === 0) break
    for (const entry of data) {
      const release = asRecord(entry)
      if (release !== undefined) releases.push(release)
    }
  }
  // A tag push: the tag's own release (if any) gives the prerelease flag and the date.
  const own = releases.find(release => release['tag_name'] === base.tag)
  const prerelease = base.prerelease ?? own?.['prerelease'] === true
  const limit =
    base.publishedBefore ??
    (typeof own?.['published_at'] === 'string' ? own['published_at'] : undefined)
  const publishedAt = (release: Record<string, unknown>): unknown =>
    release['published_at'] ?? release['created_at']
  const candidates = releases.filter(
    release =>
      release['draft'] !== true &&
      typeof release['published_at'] === 'string' &&
      typeof release['tag_name'] === 'string' &&
      release['tag_name'] !== base.tag &&
      release['id'] !== base.excludeReleaseId &&
      (prerelease || release['prerelease'] !== true) &&
      before(publishedAt(release), limit)
  )
  candidates.sort((a, b) => (time(publishedAt(b)) ?? 0) - (time(publishedAt(a)) ?? 0))
  const previous = candidates[0]
  if (previous === undefined) return undefined
  const tag = String(previous['tag_name'])
  return { sha: await resolveTag(client, tag), label: `release ${tag}` }
}
