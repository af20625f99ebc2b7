export const id = 397;
export const ids = [397];
export const modules = {

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

/***/ 5397:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  cachedOriginProblem: () => (/* reexport */ describe_look/* cachedOriginProblem */.O),
  describeLook: () => (/* reexport */ describe_look/* describeLook */.F),
  relationsOf: () => (/* binding */ relationsOf),
  runOriginWait: () => (/* binding */ runOriginWait)
});

// EXTERNAL MODULE: ./src/time/clock.ts
var time_clock = __webpack_require__(3355);
// EXTERNAL MODULE: ./src/build/build-id.ts
var build_id = __webpack_require__(6652);
// EXTERNAL MODULE: ./src/core/constants.ts
var constants = __webpack_require__(6214);
// EXTERNAL MODULE: ./src/http/read-body.ts
var read_body = __webpack_require__(1175);
// EXTERNAL MODULE: ./src/http/headers.ts
var headers = __webpack_require__(9718);
// EXTERNAL MODULE: ./src/http/redirect.ts
var redirect = __webpack_require__(6790);
// EXTERNAL MODULE: ./src/http/site-client.ts
var site_client = __webpack_require__(7549);
;// CONCATENATED MODULE: ./src/origin/origin-client.ts
/**
 * The client for origin_url: the site's client (http/site-client.ts: GET only, no cookie,
 * no credential, the runner's proxy), never the purge client, so neither the API key nor a
 * token can reach the origin. It follows redirects by the one rule (http/redirect.ts: at most
 * 5, never from https down to http, never back to a URL of the chain) on the same host name
 * only, asks caches on the way for a checked answer (`Cache-Control: no-cache`), and reads the
 * first MAX_ORIGIN_BODY_BYTES of the body, decoded.
 */






/** The part of the origin's body searched for the build. */
const MAX_ORIGIN_BODY_BYTES = 1024 * 1024;
/** No answer: the request timed out or the connection failed. */
class OriginRequestError extends Error {
    kind;
    constructor(kind, message) {
        super(message);
        this.kind = kind;
        this.name = 'OriginRequestError';
    }
}
/** `clock`: the runner's clock, which one look's budget counts on. */
function createOriginClient(clock = time_clock/* systemClock */.m, transport = (0,site_client/* createSiteClient */.nJ)(1)) {
    return {
        look: (url, timeoutMs) => look(transport, clock, url, timeoutMs),
        close: () => transport.close()
    };
}
async function look(transport, clock, first, timeoutMs) {
    const deadline = clock.now() + timeoutMs;
    const followed = await (0,redirect/* followRedirects */.FE)(first, url => origin_client_open(transport, url, Math.max(1, deadline - clock.now())), originRules(first));
    const { answer, at: url, redirects, refused } = followed;
    return {
        ...(await readAnswer(answer)),
        url,
        redirects,
        ...(refused !== undefined && { redirectRefused: refusalWords(refused) })
    };
}
/** Where origin_url's redirects may go: its own host name, plain http only from http. */
function originRules(first) {
    return { plainHttp: 'from-http', scope: { hostname: first.hostname } };
}
async function origin_client_open(transport, url, timeoutMs) {
    try {
        return await transport.open(url, constants/* USER_AGENT */._O, timeoutMs, {
            accept: '*/*',
            acceptEncoding: read_body/* ACCEPTED_ENCODINGS */.di,
            noCache: true
        });
    }
    catch (error) {
        if (error instanceof site_client/* SiteRequestError */.bW)
            throw new OriginRequestError(error.kind, error.message);
        throw error;
    }
}
/**
 * Why the redirect from `from` (reached from origin_url `first` after `redirects` redirects) to
 * `location` is not followed, in the origin's words; undefined when it may be.
 */
function refuseRedirect(first, from, location, redirects) {
    const hop = nextHop(location, { url: from, redirects, asked: [first, from] }, originRules(first));
    return hop instanceof URL ? undefined : refusalWords(hop);
}
/** A redirect not followed, as the wait's log and summary say it after the answer's status. */
function refusalWords(refused) {
    switch (refused.reason) {
        case 'too-many-redirects':
            return `more than ${redirect/* MAX_REDIRECTS */.NX} redirects`;
        case 'not-a-url':
            return 'a Location that is not a URL';
        case 'not-http':
            return `a redirect to a ${refused.to.protocol} URL`;
        case 'credentials':
            return 'a redirect that carries credentials';
        case 'plain-http':
            return 'a redirect from https down to http';
        // The runner itself is another host than origin_url's: out of scope as well.
        case 'this-machine':
        case 'out-of-scope':
            return `a redirect to another host (${refused.to.host}), which is not followed`;
        case 'loop':
            return 'a redirect back to a URL of its own chain (a loop)';
    }
}
async function readAnswer(answer) {
    const chunks = [];
    const base = { status: answer.status, headers: answer.headers };
    try {
        await (0,read_body/* readBody */.x8)(answer.body, {
            contentEncoding: (0,headers/* headerValue */.Z)(answer.headers, 'content-encoding'),
            maxBytes: MAX_ORIGIN_BODY_BYTES,
            maxDrainBytes: site_client/* MAX_PAGE_BYTES */.rd,
            onChunk: chunk => {
                chunks.push(chunk);
                return false;
            }
        });
        return { ...base, body: Buffer.concat(chunks).toString('latin1') };
    }
    catch (error) {
        if (!(error instanceof read_body/* BodyReadError */.NA || error instanceof site_client/* SiteRequestError */.bW))
            throw error;
        // What arrived is still searched: a version file cut after the id still shows it.
        return {
            ...base,
            body: Buffer.concat(chunks).toString('latin1'),
            bodyProblem: error.message
        };
    }
}

// EXTERNAL MODULE: ./src/origin/describe-look.ts
var describe_look = __webpack_require__(8673);
// EXTERNAL MODULE: ./src/http/retry-after.ts
var retry_after = __webpack_require__(7821);
// EXTERNAL MODULE: ./src/build/build-scanner.ts
var build_scanner = __webpack_require__(3591);
// EXTERNAL MODULE: ./src/text/log-safety.ts
var log_safety = __webpack_require__(1136);
// EXTERNAL MODULE: ./src/http/edge-headers.ts
var edge_headers = __webpack_require__(6304);
// EXTERNAL MODULE: ./src/http/statuses.ts
var statuses = __webpack_require__(7276);
;// CONCATENATED MODULE: ./src/origin/readiness.ts
/**
 * Whether one answer of origin_url shows the expected build, and what it showed otherwise, for
 * the log and the summary. Pure: the answer's status, headers and the first part of its body
 * go in.
 */






/**
 * Header names whose values may name a build (`X-Build`, `X-App-Version`, `X-Git-Rev`). The
 * others hold dates, sizes, timeouts and hashes of content (`Date`, `Content-Length`,
 * `Keep-Alive: timeout=30`, `ETag`), where a literal build id such as a build number shows by
 * chance: searched, they would call the origin ready while it serves another build.
 */
const VERSION_HEADER = /version|build|commit|rev|release|sha|deploy|git/i;
const MAX_EXCERPT_BODY = 200;
function judgeOriginAnswer(answer, build) {
    const versionHeaders = Object.entries(answer.headers).flatMap(([name, value]) => value === undefined || !VERSION_HEADER.test(name) ? [] : Array.isArray(value) ? value : [value]);
    const ok = answer.status >= 200 && answer.status <= 299;
    const shown = versionHeaders.some(value => (0,build_scanner/* showsBuild */.r)(value, build)) || (0,build_scanner/* showsBuild */.r)(answer.body, build);
    const searched = [...versionHeaders, answer.body].join('\n');
    const longPrefix = (0,build_id/* longPrefixOf */.gu)(searched, build);
    const otherIds = (0,build_id/* otherCommitLikeIds */.P4)(searched, id => (0,build_scanner/* showsBuild */.r)(id, build) || (build.kind === 'commit' && build.text.startsWith(id)));
    const retryAfter = (0,statuses/* isRetryableSiteStatus */.S)(answer.status)
        ? (0,headers/* headerValue */.Z)(answer.headers, 'retry-after')
        : undefined;
    const date = (0,headers/* headerValue */.Z)(answer.headers, 'date');
    const excerpt = answer.body.length <= MAX_EXCERPT_BODY
        ? (0,log_safety/* linePreview */.Ns)(Buffer.from(answer.body, 'latin1').toString('utf8'), 80)
        : undefined;
    const problem = answer.redirectRefused ?? answer.bodyProblem;
    const prefix = (0,edge_headers/* edgeHeaderPrefix */.zT)(answer.headers);
    const cacheStatus = prefix === undefined ? undefined : (0,headers/* headerValue */.Z)(answer.headers, `${prefix}-kc-status`);
    const servedFromCache = (0,edge_headers/* servedFromCacheHeader */.b8)(answer.headers);
    return {
        ready: ok && shown,
        status: answer.status,
        otherIds,
        ...(excerpt !== undefined && { excerpt }),
        ...(problem !== undefined && { problem }),
        ...(retryAfter !== undefined && { retryAfter }),
        ...(date !== undefined && { date }),
        ...(cacheStatus !== undefined && { throughCache: `${prefix}-kc-status: ${cacheStatus}` }),
        ...(servedFromCache !== undefined && { servedFromCache }),
        ...(longPrefix !== undefined && { longPrefix })
    };
}
/** A look that got no answer at all. */
function failedLook(problem) {
    return { ready: false, otherIds: [], problem };
}

// EXTERNAL MODULE: ./src/http/backoff.ts
var backoff = __webpack_require__(1012);
;// CONCATENATED MODULE: ./src/origin/wait-policy.ts
/**
 * When to look at origin_url again: a backoff growing from 2 s to 15 s with jitter, longer
 * when the origin asks for it (`Retry-After` on a 429 or 5xx), never past the deadline (the last
 * look is made at the deadline). Pure: the caller's clock and random numbers go in.
 */

const ORIGIN_WAIT_POLICY = {
    firstMs: 2000,
    maxMs: 15_000,
    factor: 1.5,
    jitter: 0.2,
    progressEveryMs: 15_000,
    minLookTimeoutMs: 5000
};
/** The wait after `misses` looks that did not show the build (1 after the first). */
function backoffMs(policy, misses, random) {
    return (0,backoff/* backoffDelay */.E)(policy, misses - 1, random);
}
function nextLook(policy, input) {
    const remaining = input.deadline - input.now;
    if (remaining <= 0)
        return { kind: 'stop', reason: 'deadline' };
    const backoff = backoffMs(policy, input.misses, input.random);
    const asked = input.retryAfterMs;
    // Asked not to come back before the deadline: no look is left to make.
    if (asked !== undefined && asked > remaining)
        return { kind: 'stop', reason: 'retry-after' };
    const wanted = asked === undefined ? backoff : Math.max(backoff, asked);
    return { kind: 'wait', ms: Math.min(wanted, remaining) };
}
/** A look's request timeout: timeout_seconds, cut near the deadline but never below the minimum. */
function lookTimeoutMs(policy, requestTimeoutMs, remainingMs) {
    return Math.min(requestTimeoutMs, Math.max(remainingMs, policy.minLookTimeoutMs));
}

;// CONCATENATED MODULE: ./src/origin/wait.ts




/**
 * How long, and on how many looks in a row, an older build must be all the origin shows before
 * it counts as a rollback: one look at it may be an instance a rolling deploy has not replaced
 * yet (each look is made on a new connection then, so that a load balancer that keeps one
 * connection on one instance shows the others).
 */
const ROLLBACK_CONFIRM_MS = 5_000;
const ROLLBACK_CONFIRM_LOOKS = 3;
async function waitForBuild(input) {
    const { clock } = input;
    const policy = input.policy ?? ORIGIN_WAIT_POLICY;
    const random = input.random ?? Math.random;
    const started = clock.now();
    const deadline = started + input.timeoutMs;
    let looks = 0;
    let last;
    /** The older commit every 2xx look has shown since `at`, on `looks` looks (watchRollback). */
    let older;
    const done = new AbortController();
    const progress = (async () => {
        for (;;) {
            await clock.sleep(policy.progressEveryMs, done.signal);
            if (done.signal.aborted)
                return;
            input.onProgress?.({ elapsedMs: clock.now() - started, looks, ...(last && { last }) });
        }
    })();
    const aborted = () => ({
        ready: false,
        elapsedMs: clock.now() - started,
        looks,
        ...(last && { last }),
        stopped: 'aborted'
    });
    const finish = async (result) => {
        done.abort();
        await progress;
        const others = input.relations?.known() ?? [];
        return others.length === 0 ? result : { ...result, others };
    };
    for (;;) {
        const sentAt = clock.now();
        const timeout = lookTimeoutMs(policy, input.requestTimeoutMs, deadline - sentAt);
        last = await lookOnce(input, timeout);
        looks++;
        // Ended while the look was under way: what it showed is no one's to act on.
        if (input.signal?.aborted === true)
            return finish(aborted());
        const elapsedMs = clock.now() - started;
        if (last.ready)
            return finish({ ready: true, elapsedMs, looks, last });
        const newer = isAnswer(last) ? await firstRelated(input, last, 'newer') : undefined;
        if (newer !== undefined) {
            return finish({
                ready: true,
                elapsedMs: clock.now() - started,
                looks,
                last,
                supersededBy: newer
            });
        }
        if (input.watchRollback === true && isAnswer(last)) {
            const id = await firstRelated(input, last, 'older');
            older =
                id === undefined
                    ? undefined
                    : older?.id === id
                        ? { ...older, looks: older.looks + 1 }
                        : { id, at: clock.now(), looks: 1 };
            if (older !== undefined &&
                older.looks >= ROLLBACK_CONFIRM_LOOKS &&
                clock.now() - older.at >= ROLLBACK_CONFIRM_MS) {
                return finish({
                    ready: false,
                    elapsedMs: clock.now() - started,
                    looks,
                    last,
                    stopped: 'rolled-back',
                    rolledBackTo: older.id
                });
            }
        }
        // A cached answer changes only with a purge, and the purge waits for this: no later look can
        // show the build, so none is made (a dry run says so too).
        if (last.servedFromCache !== undefined) {
            return finish({ ready: false, elapsedMs, looks, last, stopped: 'cached' });
        }
        if (input.once)
            return finish({ ready: false, elapsedMs, looks, last, stopped: 'once' });
        const now = clock.now();
        // A Retry-After date is in the origin's clock: its own Date says where that clock is.
        const asked = (0,retry_after/* retryAfterMs */.Vs)(last.retryAfter, (0,retry_after/* answerNow */.FQ)(last.date, now));
        const next = nextLook(policy, {
            misses: looks,
            now,
            deadline,
            ...(asked !== undefined && { retryAfterMs: asked }),
            random: random()
        });
        if (next.kind === 'stop') {
            return finish({ ready: false, elapsedMs: now - started, looks, last, stopped: next.reason });
        }
        await clock.sleep(next.ms, input.signal);
        if (input.signal?.aborted)
            return finish(aborted());
    }
}
async function lookOnce(input, timeoutMs) {
    try {
        return judgeOriginAnswer(await input.look(input.url, timeoutMs), input.build);
    }
    catch (error) {
        if (!(error instanceof OriginRequestError))
            throw error;
        return failedLook(error.kind === 'timeout' ? error.message : `connection failed: ${error.message}`);
    }
}
/**
 * The first commit a look showed that relates to the build as `kind` (each asked about once a
 * run); undefined when none does. Only a 2xx look's ids say which build the origin serves: the
 * caller asks of those alone.
 */
async function firstRelated(input, look, kind) {
    if (input.relations === undefined)
        return undefined;
    for (const id of look.otherIds) {
        if ((await input.relations.of(id)).kind === kind)
            return id;
    }
    return undefined;
}
/** A 2xx look: the origin's own page, whose ids say which build it serves. */
function isAnswer(look) {
    return look.status !== undefined && look.status >= 200 && look.status <= 299;
}

// EXTERNAL MODULE: ./src/text/format.ts
var format = __webpack_require__(8488);
// EXTERNAL MODULE: ./src/build/commit-relation.ts
var commit_relation = __webpack_require__(5468);
// EXTERNAL MODULE: ./src/github/api-url.ts
var api_url = __webpack_require__(7019);
// EXTERNAL MODULE: ./src/github/open-client.ts
var open_client = __webpack_require__(615);
// EXTERNAL MODULE: ./src/github/records.ts
var records = __webpack_require__(7997);
;// CONCATENATED MODULE: ./src/origin/commit-compare.ts



/** Hex only: what goes into the path is a commit id, never a branch or an expression. */
const COMMIT_ID = /^[0-9a-f]{7,64}$/i;
/** A failure of the compare (after the client's retries); `status`: GitHub's answer, if one came. */
class CompareError extends Error {
    status;
    constructor(message, status) {
        super(message);
        this.status = status;
    }
}
const STATUSES = {
    ahead: { kind: 'newer' },
    behind: { kind: 'older' },
    identical: { kind: 'same' },
    diverged: { kind: 'diverged' }
};
/** `ours`: this run's commit. The client is opened at the first question, not before. */
function relateByGitHub(access, ours) {
    let client;
    return async (other) => {
        if (!COMMIT_ID.test(other))
            return { kind: 'unknown', why: 'not a commit id' };
        try {
            client ??= (0,open_client/* openGitHubClient */.L)({
                token: access.token,
                repository: access.repository,
                errorOf: (message, status) => new CompareError(message, status)
            }, (0,api_url/* checkGitHubApiUrl */.FO)(access.apiUrl, 'GitHub cannot be asked how two commits relate'));
            const opened = await client;
            const basehead = `${encodeURIComponent(ours)}...${encodeURIComponent(other)}`;
            const answer = await opened.get(`${opened.repoPath}/compare/${basehead}`, { per_page: 1 });
            const status = (0,records/* asRecord */.q)(answer.data)?.['status'];
            const relation = typeof status === 'string' ? STATUSES[status] : undefined;
            return relation ?? { kind: 'unknown', why: `GitHub's compare answered no known status` };
        }
        catch (error) {
            if (error instanceof api_url/* GitHubApiUrlError */.vi)
                return { kind: 'unknown', why: error.message };
            if (!(error instanceof CompareError))
                throw error;
            if (error.status === 404) {
                const { owner, repo } = access.repository;
                return { kind: 'unknown', why: `GitHub knows no such commit in ${owner}/${repo}` };
            }
            return { kind: 'unknown', why: `GitHub's compare failed: ${error.message}` };
        }
    };
}

// EXTERNAL MODULE: ./src/git/git-command.ts + 1 modules
var git_command = __webpack_require__(2534);
;// CONCATENATED MODULE: ./src/origin/commit-history.ts
/**
 * How another commit relates to this run's, asked of the checkout's git history (their merge
 * base: this run's commit when the other holds it, the other when this run's holds it): no
 * request leaves the runner. A repository that lacks either commit (a shallow clone, a commit
 * from elsewhere), no repository, no git: the relation is unknown, with why, and the run stays
 * careful (build/commit-relation.ts).
 */


/** Hex only: what goes to git is a commit id, never an option or a revision expression. */
const commit_history_COMMIT_ID = /^[0-9a-f]{7,64}$/i;
/** `ours`: this run's commit (a full SHA); `cwd`: where git finds the checkout. */
function relateByHistory(cwd, ours) {
    return async (other) => {
        if (!commit_history_COMMIT_ID.test(other))
            return { kind: 'unknown', why: 'not a commit id' };
        const [otherSha, oursSha] = await Promise.all([
            (0,git_command/* resolveCommit */.WL)(cwd, other),
            (0,git_command/* resolveCommit */.WL)(cwd, ours)
        ]);
        if (otherSha === undefined || oursSha === undefined) {
            const lacking = otherSha === undefined ? 'it' : "this run's commit";
            return { kind: 'unknown', why: await whyLacking(cwd, lacking) };
        }
        // Exit 1 without output: no common history at all (another line).
        const base = await (0,git_command/* runGit */.EO)(cwd, ['merge-base', oursSha, otherSha]);
        if (base.code !== 0 && base.code !== 1) {
            return { kind: 'unknown', why: `git merge-base failed: ${base.stderr.trim()}` };
        }
        const mergeBase = base.stdout.trim();
        return (0,commit_relation/* relationFromAncestry */.kR)(mergeBase === oursSha, mergeBase === otherSha);
    };
}
/** Why the checkout's history lacks `what`: a shallow clone (and the fix), or no history. */
async function whyLacking(cwd, what) {
    const shallow = await (0,git_command/* isShallowClone */.We)(cwd);
    if (shallow === undefined)
        return 'no git repository at the checkout';
    return shallow
        ? `the checkout is a shallow clone, which does not hold ${what}: ${git_command/* DEEPEN_ADVICE */.tK}`
        : `the checkout's history does not hold ${what} (from another repository, or rewritten?)`;
}

;// CONCATENATED MODULE: ./src/origin/index.ts
/**
 * The wait for the origin, wired: the origin's own client, the wait loop, the log lines. Loaded
 * only by runs that give origin_url (steps/origin.ts imports it on demand).
 */










async function runOriginWait(run) {
    const { settings, log } = run;
    const clock = run.clock ?? time_clock/* systemClock */.m;
    const client = run.client ?? createOriginClient(clock);
    const build = `${(0,build_id/* shortBuild */.NB)(settings.build)} (${settings.build.source})`;
    const { relations } = run;
    log.info(run.once
        ? `Origin: looking once at ${settings.url.href} for build ${build} (dry run).`
        : `Origin: waiting for ${settings.url.href} to show build ${build}, up to ${(0,format/* tenths */.TP)(settings.timeoutMs)} before ${run.before ?? 'purging'}.`);
    try {
        const wait = await waitForBuild({
            url: settings.url,
            build: settings.build,
            timeoutMs: settings.timeoutMs,
            requestTimeoutMs: run.requestTimeoutMs,
            look: run.watchRollback === true && run.client === undefined
                ? (url, timeoutMs) => lookOnNewConnection(clock, url, timeoutMs)
                : (url, timeoutMs) => client.look(url, timeoutMs),
            clock,
            once: run.once,
            ...(run.signal && { signal: run.signal }),
            ...(relations && { relations }),
            ...(run.watchRollback === true && { watchRollback: true }),
            onProgress: progress => log.info(`Origin: not build ${(0,build_id/* shortBuild */.NB)(settings.build)} yet after ${(0,format/* tenths */.TP)(progress.elapsedMs)} (${progress.looks} look(s); last: ${progress.last ? (0,describe_look/* describeLook */.F)(progress.last) : 'none yet'}).`)
        });
        const last = wait.last ? (0,describe_look/* describeLook */.F)(wait.last) : 'no answer';
        if (wait.supersededBy !== undefined) {
            log.info(`Origin: ${settings.url.href} shows ${(0,commit_relation/* otherBuildWords */.W6)(wait.supersededBy, { kind: 'newer' })}: this run's changes are live in it, so ${run.before === undefined ? 'the purge is sent now' : 'the wait ends'} (after ${(0,format/* tenths */.TP)(wait.elapsedMs)}, ${wait.looks} look(s)).`);
        }
        else if (wait.rolledBackTo !== undefined) {
            log.info(`Origin: ${settings.url.href} shows ${(0,commit_relation/* otherBuildWords */.W6)(wait.rolledBackTo, { kind: 'older' })} on every look for ${(0,format/* tenths */.TP)(ROLLBACK_CONFIRM_MS)} or more: the deploy was rolled back (${wait.looks} look(s) in ${(0,format/* tenths */.TP)(wait.elapsedMs)}).`);
        }
        else if (wait.ready) {
            log.info(`Origin: build ${(0,build_id/* shortBuild */.NB)(settings.build)} is live after ${(0,format/* tenths */.TP)(wait.elapsedMs)} (${wait.looks} look(s)).`);
        }
        else if (run.once && wait.stopped !== 'cached') {
            log.info(`Origin: build ${(0,build_id/* shortBuild */.NB)(settings.build)} is not live yet (${last}).`);
        }
        return wait;
    }
    finally {
        if (!run.client)
            client.close();
    }
}
/**
 * One look on a connection of its own: while a rollback is watched for, a load balancer that
 * keeps a connection on one instance would show that instance only.
 */
async function lookOnNewConnection(clock, url, timeoutMs) {
    const client = createOriginClient(clock);
    try {
        return await client.look(url, timeoutMs);
    }
    finally {
        client.close();
    }
}
/**
 * How other commits relate to the build's, from the sources given (the checkout's history
 * first, which costs no request); none for a build that is no commit. One a run, shared by its
 * waits, so that each commit is asked about once.
 */
function relationsOf(build, relatedBy) {
    if (build.kind !== 'commit')
        return undefined;
    const { checkout, github } = relatedBy;
    const sources = [
        ...(checkout === undefined ? [] : [relateByHistory(checkout, build.text)]),
        ...(github === undefined ? [] : [relateByGitHub(github, build.text)])
    ];
    return sources.length === 0 ? undefined : new commit_relation/* CommitRelations */.tq((0,commit_relation/* firstKnown */.ec)(sources));
}


/***/ })

};
