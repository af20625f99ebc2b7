export const id = 584;
export const ids = [584];
export const modules = {

/***/ 6584:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GitHubClient: () => (/* binding */ GitHubClient)
/* harmony export */ });
/* unused harmony exports GitHubApiError, DEFAULT_RETRY, GITHUB_REQUEST_TIMEOUT_MS, GITHUB_MAX_RESPONSE_BYTES, MAX_PAGES, boundedFetch, hasNextPage, announcesNextPage */
/* harmony import */ var _text_log_safety_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1136);
/* harmony import */ var _http_backoff_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(1012);
/* harmony import */ var _http_headers_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9718);
/* harmony import */ var _http_retry_after_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7821);
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1351);
/* harmony import */ var _actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6809);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7997);
/* harmony import */ var _time_clock_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3355);
/**
 * EDGE: a client for the GitHub REST API that knows GitHub's HTTP habits (retries, rate limits,
 * pages by `Link`, timeouts, a bounded answer body, secrets kept out of messages) and nothing of
 * what is asked: the features that talk to GitHub (the changed-files reader's queries and
 * lookups) ask it for what they need. It holds the @actions/github import, so only lazily
 * loaded chunks (changed-files/github-changes.ts, `await import(...)` by its step) may import
 * it: a plain purge never loads the toolkit's Octokit.
 *
 * Rules (documented in the README):
 * - `requests` counts the HTTP requests sent, retries included.
 * - Requests are sent one at a time (GitHub's advice to avoid secondary rate limits).
 * - Writes (POST, PATCH, DELETE) carry a JSON body (DELETE none) and are retried as reads are,
 *   but for one that must not happen twice (creating a comment): a lost answer or a 5xx may
 *   come after GitHub did it, so only 429 and rate limits, which say it was not done, are
 *   retried.
 * - One GraphQL query (`graphql()`), sent to GITHUB_API_URL's GraphQL endpoint: `/graphql`
 *   under it, or `/api/graphql` beside GitHub Enterprise Server's `/api/v3`.
 * - Retried: network errors, 5xx, 429, and 403 that is a rate limit (`retry-after`,
 *   `x-ratelimit-remaining: 0`, or a "secondary rate limit" message), while the wait GitHub asks
 *   for fits in `retry.maxDelayMs`. Not retried: other 4xx.
 * - The token is sent only to `apiUrl` (pages are requested by number on our own URL, not by
 *   following `Link` URLs) and never appears in an error message; neither do credentials
 *   written into GITHUB_API_URL (see api-url.ts).
 * - An answer body larger than `GITHUB_MAX_RESPONSE_BYTES` is cut off and fails the run:
 *   a server that never stops sending must not fill the runner's memory.
 * - Errors name the permission the token lacks on 403/404 (each caller passes the hint for its
 *   endpoint: `contents: read`, `pull-requests: read`, `deployments: read`, `actions: read`),
 *   and a 401 with a token that looks like an unexpanded `${{ … }}` expression says so.
 * - Every failure is one error, made by the caller's `errorOf` (a `GitHubApiError` by default):
 *   the changed-files reader makes it a `ChangedFilesError`, since an answer GitHub does not
 *   give leaves the changed files unknown, and nothing may be purged then.
 */








/** A request to the GitHub API that failed (after its retries); `status` is GitHub's answer. */
class GitHubApiError extends Error {
    status;
    name = 'GitHubApiError';
    constructor(message, status) {
        super(message);
        this.status = status;
    }
}
const DEFAULT_RETRY = {
    maxAttempts: 4,
    baseDelayMs: 1000,
    maxDelayMs: _http_retry_after_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_RETRY_AFTER_MS */ .yL
};
/** The longest one GitHub API request may take before it is retried as a network error. */
const GITHUB_REQUEST_TIMEOUT_MS = 30_000;
/**
 * The largest answer body read from the GitHub API. A compare of 300 files with their patches
 * and 250 commits runs to a few MiB; 32 MiB leaves room for the biggest real answers while a
 * server that never stops sending is cut off long before it hurts the runner.
 */
const GITHUB_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
/** Safety net against a server that always says there is a next page. */
const MAX_PAGES = 200;
/** `${{ github.token }}` left as text: what `npx @github/local-action` passes from action.yml. */
const UNEXPANDED_EXPRESSION = /\$\{\{[^}]*\}\}/;
/** Statuses whose response never has a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
/**
 * Wraps fetch so that no answer body grows past `maxBytes`: a declared larger length fails at
 * once, and a stream that keeps going is cut off. `onTooLarge` tells the reader, whose error
 * then says so instead of "network error, retry".
 */
function boundedFetch(inner, maxBytes, onTooLarge) {
    return async (url, init) => {
        const response = await inner(url, init);
        if (response.body === null || NULL_BODY_STATUSES.has(response.status))
            return response;
        const declared = Number(response.headers.get('content-length') ?? Number.NaN);
        if (Number.isFinite(declared) && declared > maxBytes) {
            onTooLarge();
            await response.body.cancel().catch(() => undefined);
            throw new Error(`the answer is ${declared} bytes long, over the ${maxBytes}-byte limit`);
        }
        let seen = 0;
        const limited = response.body.pipeThrough(new TransformStream({
            transform(chunk, controller) {
                seen += chunk.byteLength;
                if (seen > maxBytes) {
                    onTooLarge();
                    controller.error(new Error(`the answer is over the ${maxBytes}-byte limit`));
                    return;
                }
                controller.enqueue(chunk);
            }
        }));
        const bounded = new globalThis.Response(limited, {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers
        });
        Object.defineProperty(bounded, 'url', { value: response.url });
        return bounded;
    };
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
/** True when the answer's `Link` header announces a next page. */
function announcesNextPage(response) {
    return hasNextPage((0,_http_headers_js__WEBPACK_IMPORTED_MODULE_4__/* .headerValue */ .Z)(response.headers, 'link'));
}
function githubMessage(error) {
    const data = error.response?.data;
    const record = (0,_records_js__WEBPACK_IMPORTED_MODULE_5__/* .asRecord */ .q)(data);
    if (record !== undefined && typeof record['message'] === 'string')
        return record['message'];
    if (typeof data === 'string') {
        // Cut with an ellipsis, so the redactor can hide a token's prefix left at the cut.
        const preview = (0,_text_log_safety_js__WEBPACK_IMPORTED_MODULE_6__/* .linePreview */ .Ns)(data, 200);
        if (preview !== undefined)
            return preview;
    }
    return typeof error.message === 'string' ? error.message : String(error);
}
/**
 * How long to wait before retrying, or undefined when the error is not worth retrying.
 * `mayRepeat` is false for a write that must not happen twice (creating a comment): a lost
 * answer or a 5xx may come after GitHub did it, so only the answers that say it was not done
 * (429, a rate limit) are retried.
 */
function retryDelay(error, attempt, retry, mayRepeat, 
/** The runner's clock, now. */
runnerNow) {
    const backoff = (0,_http_backoff_js__WEBPACK_IMPORTED_MODULE_7__/* .backoffDelay */ .E)((0,_http_backoff_js__WEBPACK_IMPORTED_MODULE_7__/* .equalJitter */ .J)(retry.baseDelayMs, retry.maxDelayMs), attempt - 1, Math.random());
    const response = error.response;
    const status = typeof error.status === 'number' ? error.status : 0;
    if (response === undefined)
        return mayRepeat ? backoff : undefined; // no answer at all
    if (status >= 500)
        return mayRepeat ? backoff : undefined;
    if (status !== 403 && status !== 429)
        return undefined;
    const headers = response.headers ?? {};
    // GitHub's wait is granted up to the longest wait, never cut: a quota that comes back in
    // an hour fails the request now rather than after a minute's wait that cannot help.
    const cap = { maxMs: retry.maxDelayMs, beyond: 'refuse' };
    // A Retry-After date and x-ratelimit-reset are GitHub's time: read them against its Date.
    const now = (0,_http_retry_after_js__WEBPACK_IMPORTED_MODULE_3__/* .answerNow */ .FQ)((0,_http_headers_js__WEBPACK_IMPORTED_MODULE_4__/* .headerValue */ .Z)(headers, 'date'), runnerNow);
    const retryAfter = (0,_http_retry_after_js__WEBPACK_IMPORTED_MODULE_3__/* .retryAfterMs */ .Vs)((0,_http_headers_js__WEBPACK_IMPORTED_MODULE_4__/* .headerValue */ .Z)(headers, 'retry-after'), now);
    if (retryAfter !== undefined)
        return (0,_http_retry_after_js__WEBPACK_IMPORTED_MODULE_3__/* .waitBeforeRetryMs */ .lH)(retryAfter, backoff, cap);
    if ((0,_http_headers_js__WEBPACK_IMPORTED_MODULE_4__/* .headerValue */ .Z)(headers, 'x-ratelimit-remaining') === '0') {
        const reset = Number((0,_http_headers_js__WEBPACK_IMPORTED_MODULE_4__/* .headerValue */ .Z)(headers, 'x-ratelimit-reset'));
        if (!Number.isFinite(reset))
            return undefined;
        return (0,_http_retry_after_js__WEBPACK_IMPORTED_MODULE_3__/* .waitBeforeRetryMs */ .lH)(Math.max(0, reset * 1000 - now), backoff, cap);
    }
    if (/secondary rate limit/i.test(githubMessage(error))) {
        // GitHub: "wait for at least one minute before retrying".
        return (0,_http_retry_after_js__WEBPACK_IMPORTED_MODULE_3__/* .waitBeforeRetryMs */ .lH)(Math.min(60_000, retry.maxDelayMs), backoff, cap);
    }
    return status === 429 ? backoff : undefined;
}
class GitHubClient {
    options;
    api;
    requests = 0;
    octokit;
    retry;
    fetch;
    clock;
    tooLarge = false;
    /** The errors fail() threw, so that a retry loop passes them on instead of retrying. */
    ownErrors = new WeakSet();
    constructor(options, api) {
        this.options = options;
        this.api = api;
        this.clock = options.clock ?? _time_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .systemClock */ .m;
        this.retry = { ...DEFAULT_RETRY, ...options.retry };
        this.retry.maxAttempts = Math.max(1, Math.floor(this.retry.maxAttempts));
        // The toolkit's fetch goes through the runner's proxy settings: keep it, only bounded.
        const inner = (_actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_1__/* .defaults */ .NT.request?.fetch ?? globalThis.fetch);
        this.fetch = boundedFetch(inner, options.maxResponseBytes ?? GITHUB_MAX_RESPONSE_BYTES, () => (this.tooLarge = true));
        this.octokit = (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(options.token, {
            baseUrl: api.baseUrl,
            ...(options.userAgent !== undefined ? { userAgent: options.userAgent } : {})
        });
    }
    get repository() {
        return this.options.repository;
    }
    get repoPath() {
        const { owner, repo } = this.options.repository;
        return `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
    }
    /** Removes the token and GITHUB_API_URL's credentials from a text bound for a message. */
    scrub(text) {
        let scrubbed = text;
        for (const secret of [this.options.token, ...this.api.secrets]) {
            if (secret.length >= 4)
                scrubbed = scrubbed.split(secret).join('***');
        }
        return scrubbed;
    }
    /** Throws the caller's error with this message, secrets scrubbed. */
    fail(message, status) {
        const text = this.scrub(message);
        const error = this.options.errorOf?.(text, status) ?? new GitHubApiError(text, status);
        this.ownErrors.add(error);
        throw error;
    }
    /** Whether the error is one this client threw (its message already says what failed). */
    thrownHere(error) {
        return error instanceof Error && this.ownErrors.has(error);
    }
    /** GET `path` (already encoded) with `query`, retrying what is worth retrying. */
    async get(path, query, hint) {
        const search = new URLSearchParams();
        for (const [name, value] of Object.entries(query))
            search.set(name, String(value));
        const shown = `GET ${path}${search.size > 0 ? `?${search.toString()}` : ''}`;
        return this.request('GET', path, query, { shown, ...(hint && { hint }) });
    }
    /**
     * POST, PATCH or DELETE `path` (already encoded) with a JSON body (none for DELETE), retrying
     * as get() does. A write that must not happen twice (`once: true`, creating a comment) is
     * retried only on the answers that say it was not done: a lost answer may come after GitHub
     * did it.
     */
    async write(method, path, body, options = {}) {
        return this.request(method, path, body, {
            shown: `${method} ${path}`,
            ...(options.hint && { hint: options.hint }),
            mayRepeat: options.once !== true
        });
    }
    /**
     * One GraphQL query (a read: retried as get() is). GitHub answers a query it refuses with
     * 200 and `errors`: the caller reads `data` and `errors` itself.
     */
    async graphql(query) {
        // GitHub Enterprise Server serves REST under /api/v3 and GraphQL at /api/graphql.
        const baseUrl = this.api.baseUrl.replace(/\/api\/v3$/, '/api');
        return this.request('POST', '/graphql', { query }, { shown: 'POST /graphql', baseUrl });
    }
    async request(method, path, params, { shown, hint, mayRepeat = true, baseUrl }) {
        for (let attempt = 1;; attempt++) {
            this.requests++;
            try {
                // A hung connection must not hold the job until its own timeout: give up, and retry.
                this.tooLarge = false;
                // Octokit sends the parameters as the query of a GET and as the JSON body of a write.
                const response = await this.octokit.request(`${method} ${path}`, {
                    ...params,
                    ...(baseUrl !== undefined && { baseUrl }),
                    request: { signal: AbortSignal.timeout(GITHUB_REQUEST_TIMEOUT_MS), fetch: this.fetch }
                });
                // Octokit swallows a body that failed to read (it returns the text so far): check.
                if (this.tooLarge)
                    this.failTooLarge(shown);
                return { data: response.data, headers: response.headers };
            }
            catch (caught) {
                const error = (typeof caught === 'object' && caught !== null ? caught : { message: String(caught) });
                if (this.thrownHere(caught))
                    throw caught;
                if (this.tooLarge)
                    this.failTooLarge(shown);
                const delay = attempt < this.retry.maxAttempts
                    ? retryDelay(error, attempt, this.retry, mayRepeat, this.clock.now())
                    : undefined;
                if (delay !== undefined) {
                    await this.clock.sleep(delay);
                    continue;
                }
                const status = error.response !== undefined && typeof error.status === 'number'
                    ? error.status
                    : undefined;
                const what = status !== undefined ? `answered ${status}` : 'failed (no answer)';
                const attempts = attempt === 1 ? '1 attempt' : `${attempt} attempts`;
                const extra = status !== undefined ? (hint?.(status) ?? this.statusHint(status)) : undefined;
                const message = `GitHub API ${shown} ${what}: ${githubMessage(error)} (after ${attempts}).`;
                this.fail(extra !== undefined ? `${message} ${extra}` : message, status);
            }
        }
    }
    failTooLarge(shown) {
        const limit = (this.options.maxResponseBytes ?? GITHUB_MAX_RESPONSE_BYTES) / 1024 / 1024;
        const advice = this.options.tooLargeAdvice;
        this.fail(`GitHub API ${shown} sent an answer larger than ${limit} MiB, so it was not read.${advice === undefined ? '' : ` If ${this.api.shown} is really the GitHub API, ${advice}.`}`);
    }
    /** What every endpoint's error may add: a token that was never a token. */
    statusHint(status) {
        if (status !== 401)
            return undefined;
        if (UNEXPANDED_EXPRESSION.test(this.options.token)) {
            return 'github_token looks like an unexpanded ${{ … }} expression, not a token: outside GitHub Actions (e.g. npx @github/local-action) set INPUT_GITHUB_TOKEN to a real token.';
        }
        return 'Check github_token: it is missing, expired or not a GitHub token.';
    }
    /**
     * Whether `page` may be asked: the answer before it announces it (`Link`) and it is within
     * MAX_PAGES. For a caller that pages by hand (it read the first page for its counts); the
     * feature modules ask the client, not client.ts, so that the module ships in one chunk.
     */
    announces(previous, page) {
        return page <= MAX_PAGES && announcesNextPage(previous);
    }
    /** Pages through a listing by `page` number while `Link` says there is a next page. */
    async *pages(path, query, hint) {
        for (let page = 1; page <= MAX_PAGES; page++) {
            const response = await this.get(path, { ...query, page }, hint);
            yield response.data;
            if (!announcesNextPage(response))
                return;
        }
        this.fail(`GitHub API GET ${path} kept announcing more pages after ${MAX_PAGES}.`);
    }
}


/***/ })

};
