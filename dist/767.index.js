export const id = 767;
export const ids = [767];
export const modules = {

/***/ 3767:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ChangedFilesError: () => (/* binding */ ChangedFilesError),
/* harmony export */   DEFAULT_MAX_COMMITS: () => (/* binding */ DEFAULT_MAX_COMMITS),
/* harmony export */   DEFAULT_RETRY: () => (/* binding */ DEFAULT_RETRY),
/* harmony export */   GITHUB_LIMITS: () => (/* binding */ GITHUB_LIMITS),
/* harmony export */   GITHUB_REQUEST_TIMEOUT_MS: () => (/* binding */ GITHUB_REQUEST_TIMEOUT_MS),
/* harmony export */   hasNextPage: () => (/* binding */ hasNextPage),
/* harmony export */   listChangedFiles: () => (/* binding */ listChangedFiles),
/* harmony export */   pathsOfFileEntry: () => (/* binding */ pathsOfFileEntry)
/* harmony export */ });
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(157);
/**
 * EDGE: runs the queries decided by `change-source.ts` against the GitHub REST API and returns
 * the union of the changed paths. Loaded lazily by the entry (`await import(...)`), so the
 * @actions/github import stays in this file.
 *
 * Rules (documented in the README):
 * - Never purge half silently: whenever GitHub may have cut a listing (a pull request or a
 *   commit with exactly 3,000 files, a comparison whose commits cannot all be listed), or GitHub
 *   answers with an error after retries, this throws `ChangedFilesError` before anything is
 *   purged.
 * - Compare lists at most 300 files and says nothing when it cuts. When it returns 300 or more,
 *   the comparison's commits are listed (compare paginates commits with `per_page`/`page`; the
 *   files come on page 1 only) and the files of every commit are taken one by one. The union of
 *   the commits' files is a superset of the comparison's files (a file added then deleted inside
 *   the range is included too): purging a page too many is harmless, one too few is not.
 * - Statuses: added, modified, removed, changed, copied → `filename`; renamed → both
 *   `previous_filename` and `filename`; unchanged → nothing; an unknown status → `filename`
 *   (and `previous_filename` when given), erring on the side of purging.
 * - The result is deduplicated and sorted by UTF-16 code units, so it is the same whatever order
 *   GitHub lists files in.
 * - `requests` counts the HTTP requests sent, retries included.
 * - Requests are sent one at a time (GitHub's advice to avoid secondary rate limits).
 * - Retried: network errors, 5xx, 429, and 403 that is a rate limit (`retry-after`,
 *   `x-ratelimit-remaining: 0`, or a "secondary rate limit" message), while the wait GitHub asks
 *   for fits in `retry.maxDelayMs`. Not retried: other 4xx.
 * - File names are data: they are only collected into strings, never given to a shell.
 * - The token is sent only to `apiUrl` (pages are requested by number on our own URL, not by
 *   following `Link` URLs) and never appears in an error message.
 */

/** A listing of changed files that failed or may be incomplete; nothing must be purged. */
class ChangedFilesError extends Error {
    name = 'ChangedFilesError';
}
/** GitHub's documented limits. */
const GITHUB_LIMITS = {
    /** Compare lists at most this many files, silently. */
    compareFiles: 300,
    /** List pull request files lists at most this many files. */
    pullRequestFiles: 3000,
    /** Get a commit lists at most this many files (across its pages). */
    commitFiles: 3000,
    /** Largest `per_page` for pull request files and compare commits. */
    pageSize: 100
};
const DEFAULT_RETRY = {
    maxAttempts: 4,
    baseDelayMs: 1000,
    maxDelayMs: 60_000
};
const DEFAULT_MAX_COMMITS = 500;
/** The longest one GitHub API request may take before it is retried as a network error. */
const GITHUB_REQUEST_TIMEOUT_MS = 30_000;
/** Safety net against a server that always says there is a next page. */
const MAX_PAGES = 200;
const NARROWER = 'set base_sha/head_sha to a narrower range, or purge by pattern or tag instead';
/** The paths of one file entry of compare, get-a-commit or pull request files. */
function pathsOfFileEntry(entry) {
    const filename = typeof entry.filename === 'string' ? entry.filename : undefined;
    const previous = typeof entry.previous_filename === 'string' ? entry.previous_filename : undefined;
    switch (entry.status) {
        case 'unchanged':
            return [];
        case 'added':
        case 'modified':
        case 'removed':
        case 'changed':
        case 'copied':
            return filename === undefined ? [] : [filename];
        default: // 'renamed', and any status GitHub may add later: both paths when given
            return [previous, filename].filter((path) => path !== undefined);
    }
}
function header(headers, name) {
    const value = headers?.[name];
    return value === undefined ? undefined : String(value);
}
/** True when a `Link` header has a `rel="next"` entry. */
function hasNextPage(link) {
    if (link === undefined)
        return false;
    return link.split(',').some(part => {
        const rel = /;\s*rel\s*=\s*"?([^";]*)"?/i.exec(part)?.[1];
        return rel !== undefined && rel.trim().split(/\s+/).includes('next');
    });
}
function sleep(ms) {
    return new Promise(resolve => setTimeout(resolve, ms));
}
function asRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? value
        : undefined;
}
function githubMessage(error) {
    const data = error.response?.data;
    const record = asRecord(data);
    if (record !== undefined && typeof record['message'] === 'string')
        return record['message'];
    if (typeof data === 'string' && data.trim() !== '')
        return data.trim().slice(0, 200);
    return typeof error.message === 'string' ? error.message : String(error);
}
/** How long to wait before retrying, or undefined when the error is not worth retrying. */
function retryDelay(error, attempt, retry) {
    const backoff = Math.min(retry.baseDelayMs * 2 ** (attempt - 1), retry.maxDelayMs);
    const response = error.response;
    const status = typeof error.status === 'number' ? error.status : 0;
    if (response === undefined)
        return backoff; // network error: no answer at all
    if (status >= 500)
        return backoff;
    if (status !== 403 && status !== 429)
        return undefined;
    const fits = (ms) => ms <= retry.maxDelayMs ? Math.max(ms, backoff) : undefined;
    const retryAfter = Number(header(response.headers, 'retry-after'));
    if (header(response.headers, 'retry-after') !== undefined && Number.isFinite(retryAfter)) {
        return fits(Math.max(0, retryAfter) * 1000);
    }
    if (header(response.headers, 'x-ratelimit-remaining') === '0') {
        const reset = Number(header(response.headers, 'x-ratelimit-reset'));
        if (!Number.isFinite(reset))
            return undefined;
        return fits(Math.max(0, reset * 1000 - Date.now()));
    }
    if (/secondary rate limit/i.test(githubMessage(error))) {
        // GitHub: "wait for at least one minute before retrying".
        return fits(Math.min(60_000, retry.maxDelayMs));
    }
    return status === 429 ? backoff : undefined;
}
class GitHubReader {
    options;
    requests = 0;
    octokit;
    retry;
    commitFiles = new Map();
    constructor(options) {
        this.options = options;
        this.retry = { ...DEFAULT_RETRY, ...options.retry };
        this.retry.maxAttempts = Math.max(1, Math.floor(this.retry.maxAttempts));
        const baseUrl = options.apiUrl.replace(/\/+$/, '');
        this.octokit = (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(options.token, {
            baseUrl,
            ...(options.userAgent !== undefined ? { userAgent: options.userAgent } : {})
        });
    }
    get repoPath() {
        const { owner, repo } = this.options.repository;
        return `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
    }
    /** Removes the token from a text bound for a message, whatever its source. */
    scrub(text) {
        const token = this.options.token;
        return token.length >= 4 ? text.split(token).join('***') : text;
    }
    fail(message) {
        throw new ChangedFilesError(this.scrub(message));
    }
    /** GET `path` (already encoded) with `query`, retrying what is worth retrying. */
    async get(path, query, hint) {
        const search = new URLSearchParams();
        for (const [name, value] of Object.entries(query))
            search.set(name, String(value));
        const shown = `GET ${path}${search.size > 0 ? `?${search.toString()}` : ''}`;
        for (let attempt = 1;; attempt++) {
            this.requests++;
            try {
                // A hung connection must not hold the job until its own timeout: give up, and retry.
                const response = await this.octokit.request(`GET ${path}`, {
                    ...query,
                    request: { signal: AbortSignal.timeout(GITHUB_REQUEST_TIMEOUT_MS) }
                });
                return { data: response.data, headers: response.headers };
            }
            catch (caught) {
                const error = (typeof caught === 'object' && caught !== null ? caught : { message: String(caught) });
                const delay = attempt < this.retry.maxAttempts ? retryDelay(error, attempt, this.retry) : undefined;
                if (delay !== undefined) {
                    await sleep(delay);
                    continue;
                }
                const status = error.response !== undefined && typeof error.status === 'number'
                    ? error.status
                    : undefined;
                const what = status !== undefined ? `answered ${status}` : 'failed (no answer)';
                const attempts = attempt === 1 ? '1 attempt' : `${attempt} attempts`;
                const extra = status !== undefined ? hint?.(status) : undefined;
                const message = `GitHub API ${shown} ${what}: ${githubMessage(error)} (after ${attempts}).`;
                this.fail(extra !== undefined ? `${message} ${extra}` : message);
            }
        }
    }
    /** Pages through a listing by `page` number while `Link` says there is a next page. */
    async *pages(path, query, hint) {
        for (let page = 1; page <= MAX_PAGES; page++) {
            const response = await this.get(path, { ...query, page }, hint);
            yield response.data;
            if (!hasNextPage(header(response.headers, 'link')))
                return;
        }
        this.fail(`GitHub API GET ${path} kept announcing more pages after ${MAX_PAGES}.`);
    }
    async pullRequestFiles(number) {
        const path = `${this.repoPath}/pulls/${number}/files`;
        const paths = [];
        let count = 0;
        for await (const data of this.pages(path, { per_page: GITHUB_LIMITS.pageSize }, status => status === 404
            ? `Pull request #${number} was not found in ${this.options.repository.owner}/${this.options.repository.repo}.`
            : undefined)) {
            if (!Array.isArray(data))
                this.fail(`Unexpected answer from GitHub API GET ${path}: not a list of files.`);
            if (data.length === 0)
                break;
            count += data.length;
            for (const entry of data)
                paths.push(...pathsOfFileEntry(asRecord(entry) ?? {}));
        }
        if (count >= GITHUB_LIMITS.pullRequestFiles) {
            this.fail(`Pull request #${number} lists ${count} files, GitHub's maximum for a pull request: the list may be cut, so the changed files are not known for sure. To purge anyway, ${NARROWER}.`);
        }
        return paths;
    }
    async commitFilesOf(sha) {
        const cached = this.commitFiles.get(sha);
        if (cached !== undefined)
            return cached;
        const path = `${this.repoPath}/commits/${encodeURIComponent(sha)}`;
        const paths = [];
        let count = 0;
        for await (const data of this.pages(path, {}, status => status === 404 || status === 422
            ? `Commit ${sha} was not found; check base_sha/head_sha.`
            : undefined)) {
            const record = asRecord(data);
            if (record === undefined)
                this.fail(`Unexpected answer from GitHub API GET ${path}: not a commit.`);
            const files = record['files'];
            if (files === undefined)
                break; // a commit without changes
            if (!Array.isArray(files))
                this.fail(`Unexpected answer from GitHub API GET ${path}: "files" is not a list.`);
            if (files.length === 0)
                break;
            count += files.length;
            for (const entry of files)
                paths.push(...pathsOfFileEntry(asRecord(entry) ?? {}));
        }
        if (count >= GITHUB_LIMITS.commitFiles) {
            this.fail(`Commit ${sha} lists ${count} files, GitHub's maximum for a commit: the list may be cut, so the changed files are not known for sure. To purge anyway, ${NARROWER}.`);
        }
        this.commitFiles.set(sha, paths);
        return paths;
    }
    async compareFiles(base, head) {
        const basehead = `${encodeURIComponent(base)}...${encodeURIComponent(head)}`;
        const path = `${this.repoPath}/compare/${basehead}`;
        const hint = (status) => status === 404
            ? `One of the commits ${base} and ${head} does not exist in ${this.options.repository.owner}/${this.options.repository.repo} (after a force push or a history rewrite the "before" commit may be gone). Set base_sha (and head_sha) to commits that exist, or purge by pattern or tag.`
            : undefined;
        const pageSize = GITHUB_LIMITS.pageSize;
        const first = await this.get(path, { per_page: pageSize, page: 1 }, hint);
        const data = asRecord(first.data);
        if (data === undefined)
            this.fail(`Unexpected answer from GitHub API GET ${path}: not a comparison.`);
        const rawFiles = data['files'] ?? [];
        if (!Array.isArray(rawFiles))
            this.fail(`Unexpected answer from GitHub API GET ${path}: "files" is not a list.`);
        const paths = rawFiles.flatMap(entry => pathsOfFileEntry(asRecord(entry) ?? {}));
        if (rawFiles.length < GITHUB_LIMITS.compareFiles)
            return paths;
        // 300 files: the comparison may be cut. List its commits and take their files one by one.
        const shas = [];
        const addCommits = (commits) => {
            if (!Array.isArray(commits))
                return 0;
            let added = 0;
            for (const commit of commits) {
                const sha = asRecord(commit)?.['sha'];
                if (typeof sha === 'string' && !shas.includes(sha)) {
                    shas.push(sha);
                    added++;
                }
            }
            return added;
        };
        addCommits(data['commits']);
        const totalRaw = data['total_commits'];
        const total = typeof totalRaw === 'number' && Number.isFinite(totalRaw) ? totalRaw : shas.length;
        const maxCommits = this.options.maxCommits ?? DEFAULT_MAX_COMMITS;
        const range = `${base.slice(0, 7)}...${head.slice(0, 7)}`;
        if (total > maxCommits) {
            this.fail(`The comparison ${range} changes ${GITHUB_LIMITS.compareFiles} files or more (GitHub cuts the list there), and it has ${total} commits, more than the ${maxCommits} whose files this action lists one by one. To purge anyway, ${NARROWER}.`);
        }
        let link = header(first.headers, 'link');
        for (let page = 2; shas.length < total && hasNextPage(link) && page <= MAX_PAGES; page++) {
            const next = await this.get(path, { per_page: pageSize, page }, hint);
            link = header(next.headers, 'link');
            if (addCommits(asRecord(next.data)?.['commits']) === 0)
                break;
        }
        if (shas.length < total) {
            this.fail(`The comparison ${range} changes ${GITHUB_LIMITS.compareFiles} files or more (GitHub cuts the list there), and GitHub listed only ${shas.length} of its ${total} commits, so its files cannot all be found. To purge anyway, ${NARROWER}.`);
        }
        for (const sha of shas)
            paths.push(...(await this.commitFilesOf(sha)));
        return paths;
    }
    async run(query) {
        switch (query.kind) {
            case 'compare':
                return this.compareFiles(query.base, query.head);
            case 'commit':
                return this.commitFilesOf(query.sha);
            case 'pull-request':
                return this.pullRequestFiles(query.number);
        }
    }
}
/**
 * Lists the files changed according to `source`: the union of every query's files, deduplicated
 * and sorted. Throws `ChangedFilesError` when GitHub fails or a listing may be incomplete.
 */
async function listChangedFiles(source, options) {
    if (source.queries.length === 0)
        return { files: [], requests: 0 };
    if (!/^https?:\/\/[^/]/i.test(options.apiUrl)) {
        throw new ChangedFilesError(`GITHUB_API_URL ${JSON.stringify(options.apiUrl)} is not an http(s) URL, so the changed files cannot be listed.`);
    }
    if (options.token === '') {
        throw new ChangedFilesError('No GitHub token was given, so the changed files cannot be listed.');
    }
    const reader = new GitHubReader(options);
    const files = new Set();
    for (const query of source.queries) {
        for (const path of await reader.run(query))
            files.add(path);
    }
    return { files: [...files].sort(), requests: reader.requests };
}


/***/ })

};
