/**
 * Names that form the action's interface, in one place (as actions/cache does), so a rename
 * is one edit and the code never spells an input name twice.
 */

export const ACTION_NAME = 'render-cache-purge-action'
/** Kept equal to package.json's version by a unit test; sent in the User-Agent. */
export const ACTION_VERSION = '1.0.0'
export const USER_AGENT = `${ACTION_NAME}/${ACTION_VERSION}`

export const Input = {
  ApiKey: 'api_key',
  BaseUrl: 'base_url',
  Mode: 'mode',
  Tags: 'tags',
  Urls: 'urls',
  TagsFile: 'tags_file',
  UrlsFile: 'urls_file',
  Pattern: 'pattern',
  Country: 'country',
  DryRun: 'dry_run',
  BatchSize: 'batch_size',
  TimeoutSeconds: 'timeout_seconds',
  MaxAttempts: 'max_attempts',
  Concurrency: 'concurrency',
  AllowPurgeAll: 'allow_purge_all',
  ChangedFiles: 'changed_files',
  UrlMap: 'url_map',
  BaseSha: 'base_sha',
  HeadSha: 'head_sha',
  GithubToken: 'github_token',
  Since: 'since',
  Environment: 'environment',
  SiteUrl: 'site_url',
  Verify: 'verify',
  VerifyTimeoutSeconds: 'verify_timeout_seconds',
  Devices: 'devices',
  VerifyUrls: 'verify_urls',
  VerifyLimit: 'verify_limit',
  Sitemap: 'sitemap',
  OriginUrl: 'origin_url',
  BuildId: 'build_id',
  OriginTimeoutSeconds: 'origin_timeout_seconds',
  PurgedAt: 'purged_at',
  Shard: 'shard',
  Rate: 'rate',
  VerifyContent: 'verify_content',
  RepurgeOldContent: 'repurge_old_content',
  VerifyAssets: 'verify_assets',
  AssetHosts: 'asset_hosts',
  VerifyRenders: 'verify_renders',
  RenderExpected: 'render_expected',
  PrComment: 'pr_comment',
  CommitStatus: 'commit_status'
} as const
export type InputName = (typeof Input)[keyof typeof Input]

export const Output = {
  Status: 'status',
  Tags: 'tags',
  Urls: 'urls',
  Pattern: 'pattern',
  Count: 'count',
  Failed: 'failed',
  ChangedFiles: 'changed_files',
  UnmappedFiles: 'unmapped_files',
  FullListsFile: 'full_lists_file',
  VerifyStatus: 'verify_status',
  Stale: 'stale',
  VerifySeconds: 'verify_seconds',
  Warm: 'warm',
  Preview: 'preview',
  OriginSeconds: 'origin_seconds',
  SupersededBy: 'superseded_by',
  AcceptedAt: 'accepted_at',
  Shard: 'shard',
  PagesSelected: 'pages_selected',
  PagesChecked: 'pages_checked',
  BrokenAssets: 'broken_assets',
  WholeSeconds: 'whole_seconds',
  RenderProblems: 'render_problems',
  RenderChanges: 'render_changes'
} as const

/**
 * The `verify_status` output: what the check of the purged pages at the edge found. `broken`:
 * every page fresh, but an asset a fresh page references is broken. `bad-render`: every page
 * fresh and whole, but a new render is not what a crawler should get (blank, an unrendered
 * shell, a soft 404, or a noindex, canonical or structured data the build broke).
 * `rolled-back`: origin_url went back to an older commit after this run's build was live, so
 * this run's build is no longer what the site serves; the checks ended at once.
 */
export type VerifyStatus =
  'fresh' | 'stale' | 'broken' | 'bad-render' | 'rolled-back' | 'failed' | 'skipped'

/**
 * Every page was proven fresh: `fresh`, and `broken` and `bad-render`, whose pages are all fresh
 * though an asset or a new render of one is not what the deploy should serve.
 */
export function everyPageFresh(status: VerifyStatus): boolean {
  return status === 'fresh' || status === 'broken' || status === 'bad-render'
}

export type RunStatus = 'purged' | 'dry-run' | 'nothing-to-purge' | 'failed' | 'verify-only'

/** The three purge operations of the service, by the name users give them in `mode`. */
export type PurgeKind = 'tag' | 'url' | 'pattern'
export const PURGE_KINDS: readonly PurgeKind[] = ['tag', 'url', 'pattern']

/** The `mode` input: one purge kind, or `verify` (nothing purged; the targets select pages). */
export type RunMode = PurgeKind | 'verify'

export const ENDPOINT_PATHS: Readonly<Record<PurgeKind, string>> = {
  tag: '/api/v1/cache/purge/tag',
  url: '/api/v1/cache/purge',
  pattern: '/api/v1/cache/purge/pattern'
}

/** The service's own words: a purge is accepted, not finished, when it answers. */
export const PROPAGATION_NOTE =
  'The service accepted these purges; they can take a few minutes to propagate to all data centers.'
