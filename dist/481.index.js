export const id = 481;
export const ids = [481];
export const modules = {

/***/ 5481:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  GitHubWriter: () => (/* binding */ GitHubWriter)
});

// UNUSED EXPORTS: PublishError

// EXTERNAL MODULE: ./src/github/api-url.ts
var api_url = __webpack_require__(7019);
// EXTERNAL MODULE: ./src/github/open-client.ts
var open_client = __webpack_require__(615);
// EXTERNAL MODULE: ./src/github/permissions.ts
var permissions = __webpack_require__(5435);
// EXTERNAL MODULE: ./src/github/records.ts
var records = __webpack_require__(7997);
;// CONCATENATED MODULE: ./src/comment/write/author.ts
/**
 * Whose a comment is (PURE). A comment is this action's only when the account github_token
 * writes as wrote it: anyone else, a maintainer or another bot, can post a comment that holds a
 * copy of the marker, and the action must never edit or delete it. GitHub tells who the token
 * is (github-writer.ts asks): GET /user for a person's token; for an installation token (the
 * workflow's GITHUB_TOKEN, a GitHub App's), which GET /user refuses, GraphQL's `viewer`, which
 * names the installation's bot (`github-actions[bot]`, `<app-slug>[bot]`).
 */

/** The account of a REST user object (a comment's `user`, GET /user's answer), if it has one. */
function accountOf(value) {
    const user = (0,records/* asRecord */.q)(value);
    const login = user?.['login'];
    if (typeof login !== 'string' || login === '')
        return undefined;
    const id = user?.['id'];
    const type = user?.['type'];
    return {
        login,
        ...(typeof id === 'number' && Number.isSafeInteger(id) && { id }),
        ...(typeof type === 'string' && { type })
    };
}
/** The account of GraphQL's `viewer` (`login`, `__typename`), if it names one. */
function viewerAccountOf(data) {
    const viewer = (0,records/* asRecord */.q)((0,records/* asRecord */.q)((0,records/* asRecord */.q)(data)?.['data'])?.['viewer']);
    const login = viewer?.['login'];
    if (typeof login !== 'string' || login === '')
        return undefined;
    const type = viewer?.['__typename'];
    return { login, ...(typeof type === 'string' && { type }) };
}
/**
 * Whether `author` is `token`'s account: the same id when both are known (a login can be
 * renamed and taken by another), else the same login (GitHub's logins ignore case); and the
 * same type when both are known (`x` the user is not `x[bot]`, but the type says it too).
 */
function sameAccount(token, author) {
    if (token.type !== undefined && author.type !== undefined && token.type !== author.type) {
        return false;
    }
    if (token.id !== undefined && author.id !== undefined)
        return token.id === author.id;
    return token.login.toLowerCase() === author.login.toLowerCase();
}

// EXTERNAL MODULE: ./src/comment/write/marker.ts
var write_marker = __webpack_require__(9043);
;// CONCATENATED MODULE: ./src/comment/write/github-writer.ts
/**
 * EDGE: the one GitHub writer, beside the changed-files reader and on the same client
 * (github/client.ts: retries, timeouts, bounded answers, pages by `Link`, the token kept out of
 * messages). It finds the pull request a commit merged, finds this run's comment among any
 * number by its marker and writes it in place (or creates it once), and sets commit statuses.
 * Loaded lazily, through open-writer.ts, by the publish steps: it brings in @actions/github.
 *
 * Rules:
 * - A comment counts as this run's only when the account github_token writes as wrote it
 *   (author.ts: GET /user, else GraphQL's `viewer` for an installation token) and its first
 *   line is a marker with the run's key (workflow, job, leg): anyone else, a maintainer or
 *   another bot, can post a comment holding a copy of the marker, and it must never be edited
 *   or deleted. When GitHub will not say who the token is, no comment is anyone's: a new one is
 *   posted, and nothing is edited or deleted.
 * - Of several of ours (two runs at once each posted one), the oldest is kept up to date and
 *   the others are deleted, so that none shows an old plan; one already gone is no failure.
 * - A comment is created at most once: a create whose answer was lost is not sent again
 *   blindly; the comments are listed again first, and the one found is updated instead.
 * - Every failure is a PublishError with GitHub's status: the steps turn it into a notice or
 *   a warning, never a failed step.
 */






/** A write on GitHub that failed; `status` is GitHub's answer, when there was one. */
class PublishError extends Error {
    status;
    name = 'PublishError';
    constructor(message, status) {
        super(message);
        this.status = status;
    }
}
const PAGE_SIZE = 100;
/** Who an installation token is: GraphQL names its bot, which GET /user refuses to. */
const VIEWER_QUERY = 'query { viewer { login __typename } }';
class GitHubWriter {
    client;
    author;
    /** The writer on its own client; throws PublishError when GITHUB_API_URL may not get the token. */
    static async open(options) {
        let api;
        try {
            api = (0,api_url/* checkGitHubApiUrl */.FO)(options.apiUrl, 'nothing can be written on GitHub');
        }
        catch (error) {
            if (error instanceof api_url/* GitHubApiUrlError */.vi)
                throw new PublishError(error.message, undefined);
            throw error;
        }
        const client = await (0,open_client/* openGitHubClient */.L)({
            token: options.token,
            repository: options.repository,
            userAgent: options.userAgent,
            ...(options.retry && { retry: options.retry }),
            errorOf: (message, status) => new PublishError(message, status)
        }, api);
        return new GitHubWriter(client);
    }
    constructor(client) {
        this.client = client;
    }
    /** HTTP requests sent so far, retries included. */
    get requests() {
        return this.client.requests;
    }
    /**
     * The pull request that merged `sha` (GitHub's "pull requests associated with a commit"):
     * the one whose merge commit it is, else the one merged with it; undefined when none was.
     */
    async pullRequestMerging(sha) {
        const path = `${this.client.repoPath}/commits/${encodeURIComponent(sha)}/pulls`;
        const { data } = await this.client.get(path, { per_page: PAGE_SIZE }, (0,permissions/* permissionHint */.f)(permissions/* PERMISSIONS */.J.pullRequests));
        if (!Array.isArray(data)) {
            this.client.fail(`Unexpected answer from GitHub API GET ${path}: not a list.`);
        }
        const merged = data
            .map(item => (0,records/* asRecord */.q)(item))
            .filter(pull => typeof pull?.['merged_at'] === 'string');
        const byMergeCommit = merged.find(pull => pull?.['merge_commit_sha'] === sha);
        const number = (byMergeCommit ?? merged[0])?.['number'];
        return typeof number === 'number' && Number.isSafeInteger(number) ? number : undefined;
    }
    /**
     * The account github_token writes as, asked once: GET /user for a person's token; for an
     * installation token (GitHub answers 403 there) GraphQL's `viewer`. Undefined when GitHub
     * says neither: then no comment is ours.
     */
    tokenAccount() {
        this.author ??= this.askTokenAccount();
        return this.author;
    }
    async askTokenAccount() {
        try {
            const { data } = await this.client.get('/user', {});
            const account = accountOf(data);
            if (account !== undefined)
                return account;
        }
        catch (error) {
            // 403 "Resource not accessible by integration": an installation token. Anything else
            // (a 401 is the token itself, which the comment's writes will say): not known.
            if (!(error instanceof PublishError) || error.status !== 403)
                return undefined;
        }
        try {
            return viewerAccountOf((await this.client.graphql(VIEWER_QUERY)).data);
        }
        catch {
            return undefined;
        }
    }
    /**
     * This run's comment on the pull request: the oldest of ours with the run's key, and the
     * others as duplicates to delete. Undefined when there is none, or when the token's account
     * is not known (then nothing is ours).
     */
    async findComment(number, key) {
        const account = await this.tokenAccount();
        if (account === undefined)
            return undefined;
        const path = `${this.client.repoPath}/issues/${number}/comments`;
        let oldest;
        const duplicates = [];
        for await (const data of this.client.pages(path, { per_page: PAGE_SIZE }, (0,permissions/* permissionHint */.f)(permissions/* PERMISSIONS */.J.pullRequests))) {
            if (!Array.isArray(data)) {
                this.client.fail(`Unexpected answer from GitHub API GET ${path}: not a list of comments.`);
            }
            for (const item of data) {
                const comment = (0,records/* asRecord */.q)(item);
                const body = comment?.['body'];
                const id = comment?.['id'];
                if (typeof body !== 'string' || typeof id !== 'number')
                    continue;
                const author = accountOf(comment?.['user']);
                if (author === undefined || !sameAccount(account, author))
                    continue;
                const marker = (0,write_marker/* readMarker */.t7)(body);
                if (marker === undefined || !(0,write_marker/* sameKey */.el)(marker, key))
                    continue;
                if (oldest !== undefined) {
                    duplicates.push(id);
                    continue;
                }
                const url = comment?.['html_url'];
                oldest = { id, marker, ...(typeof url === 'string' && { url }) };
            }
            if (data.length < PAGE_SIZE)
                break;
        }
        return oldest === undefined ? undefined : { ...oldest, duplicates };
    }
    /**
     * Updates `existing` with `body`, or creates the comment. A create that may have happened
     * (no answer, a 5xx) is checked by listing again, so that a retry never posts it twice.
     */
    async writeComment(number, key, body, existing) {
        const authorUnknown = (await this.tokenAccount()) === undefined;
        if (existing !== undefined)
            return this.updateComment(existing, body);
        const path = `${this.client.repoPath}/issues/${number}/comments`;
        const create = async () => {
            const { data } = await this.client.write('POST', path, { body }, { hint: (0,permissions/* permissionHint */.f)(permissions/* PERMISSIONS */.J.writePullRequests), once: true });
            return { ...commentOf(data), created: true, deleted: 0, authorUnknown };
        };
        try {
            return await create();
        }
        catch (error) {
            const uncertain = error instanceof PublishError && (error.status === undefined || error.status >= 500);
            if (!uncertain)
                throw error;
            const found = await this.findComment(number, key);
            if (found !== undefined)
                return this.updateComment(found, body);
            // Without the token's account, a lost create cannot be found again: better none than two.
            if (authorUnknown)
                throw error;
            return await create();
        }
    }
    /** Updates the oldest of ours, then deletes the duplicates (ours only: findComment's). */
    async updateComment(existing, body) {
        const { id } = existing;
        const { data } = await this.client.write('PATCH', `${this.client.repoPath}/issues/comments/${id}`, { body }, { hint: (0,permissions/* permissionHint */.f)(permissions/* PERMISSIONS */.J.writePullRequests) });
        let deleted = 0;
        const failures = [];
        for (const duplicate of existing.duplicates) {
            try {
                await this.client.write('DELETE', `${this.client.repoPath}/issues/comments/${duplicate}`, {}, { hint: (0,permissions/* permissionHint */.f)(permissions/* PERMISSIONS */.J.writePullRequests) });
                deleted++;
            }
            catch (error) {
                // Already gone: a run beside this one deleted it first.
                if (error instanceof PublishError && error.status === 404)
                    deleted++;
                else
                    failures.push(error instanceof Error ? error.message : String(error));
            }
        }
        return {
            ...commentOf(data),
            id,
            created: false,
            deleted,
            ...(failures.length > 0 && { notDeleted: failures.join(' ') }),
            authorUnknown: false
        };
    }
    /** Sets the commit status `context` on `sha`. */
    async setStatus(sha, status) {
        await this.client.write('POST', `${this.client.repoPath}/statuses/${encodeURIComponent(sha)}`, {
            state: status.state,
            context: status.context,
            description: status.description,
            ...(status.targetUrl !== undefined && { target_url: status.targetUrl })
        }, { hint: (0,permissions/* permissionHint */.f)(permissions/* PERMISSIONS */.J.writeStatuses) });
    }
}
function commentOf(data) {
    const record = (0,records/* asRecord */.q)(data);
    const id = record?.['id'];
    const url = record?.['html_url'];
    return {
        id: typeof id === 'number' ? id : 0,
        ...(typeof url === 'string' && { url })
    };
}


/***/ }),

/***/ 615:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ openGitHubClient)
/* harmony export */ });
async function openGitHubClient(options, api) {
    const { GitHubClient } = await Promise.all(/* import() */[__webpack_require__.e(351), __webpack_require__.e(584)]).then(__webpack_require__.bind(__webpack_require__, 6584));
    return new GitHubClient(options, api);
}


/***/ }),

/***/ 5435:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ PERMISSIONS),
/* harmony export */   f: () => (/* binding */ permissionHint)
/* harmony export */ });
/**
 * The token permissions the GitHub reads and writes need, as the docs and the error messages
 * name them: one place, so that a message never names a permission the docs do not.
 */
/** Permissions, as `permissions:` in a workflow writes them, named in 403/404 errors. */
const PERMISSIONS = {
    contents: 'contents: read',
    pullRequests: 'pull-requests: read',
    deployments: 'deployments: read',
    actions: 'actions: read',
    /** Comments on a pull request (the issue-comments API accepts it for pull requests). */
    writePullRequests: 'pull-requests: write',
    writeStatuses: 'statuses: write'
};
/** A hint for a 403/404 that names the permission the endpoint needs. */
function permissionHint(permission) {
    return status => status === 403 || status === 404
        ? `The token may lack the \`${permission}\` permission: add it under \`permissions:\` in the workflow (GitHub answers 404 instead of 403 for what a token may not see).`
        : undefined;
}


/***/ })

};
