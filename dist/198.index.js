export const id = 198;
export const ids = [198];
export const modules = {

/***/ 3198:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  describeLook: () => (/* reexport */ readiness/* describeLook */.Fd),
  runOriginWait: () => (/* binding */ runOriginWait),
  seconds: () => (/* binding */ seconds)
});

// EXTERNAL MODULE: ./src/clock.ts
var clock = __webpack_require__(9373);
// EXTERNAL MODULE: ./src/build/build-id.ts
var build_id = __webpack_require__(6652);
// EXTERNAL MODULE: ./src/constants.ts
var constants = __webpack_require__(7242);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
;// CONCATENATED MODULE: ./src/build/read-body.ts

/** The body could not be read whole up to the point needed: why, in words. */
class BodyReadError extends Error {
    kind;
    constructor(kind, message) {
        super(message);
        this.kind = kind;
        this.name = 'BodyReadError';
    }
}
/** The codings of a `Content-Encoding` value, in the order they were applied; undefined if one is unknown. */
function contentCodings(value) {
    const codings = [];
    for (const part of (value ?? '').split(',')) {
        const coding = part.trim().toLowerCase();
        if (coding === '' || coding === 'identity')
            continue;
        if (coding === 'gzip' || coding === 'x-gzip')
            codings.push('gzip');
        else if (coding === 'deflate' || coding === 'br')
            codings.push(coding);
        else
            return { unknown: part.trim() };
    }
    return { codings };
}
/** The codings this reader decodes, for an `Accept-Encoding` request header. */
const ACCEPTED_ENCODINGS = 'gzip, deflate, br';
function readBody(body, options) {
    return new Promise((resolve, reject) => {
        const parsed = contentCodings(options.contentEncoding);
        if ('unknown' in parsed) {
            drain(body, options.maxDrainBytes);
            reject(new BodyReadError('encoding', `the answer is encoded with ${JSON.stringify(parsed.unknown)}, which is not read (only ${ACCEPTED_ENCODINGS})`));
            return;
        }
        let bytes = 0;
        let settled = false;
        // The last coding applied is undone first.
        const decoders = [...parsed.codings].reverse().map(coding => new Decoder(coding));
        const finish = () => {
            settled = true;
            for (const decoder of decoders)
                decoder.destroy();
        };
        const stop = (end) => {
            if (settled)
                return;
            finish();
            if (end !== 'end')
                drain(body, options.maxDrainBytes);
            resolve({ end, bytes });
        };
        const fail = (error) => {
            if (settled)
                return;
            finish();
            body.destroy();
            reject(error);
        };
        const take = (chunk) => {
            if (settled)
                return;
            const room = options.maxBytes - bytes;
            const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
            bytes += part.length;
            if (options.onChunk(part))
                stop('enough');
            else if (bytes >= options.maxBytes)
                stop('cap');
        };
        // Raw body -> decoders[0] -> ... -> the last decoder -> take.
        let write = take;
        let end = () => stop('end');
        for (const decoder of [...decoders].reverse()) {
            decoder.onData = write;
            decoder.onEnd = end;
            decoder.onError = error => fail(new BodyReadError('decode', `the ${parsed.codings.join(', ')} body could not be decoded (${error.code ?? error.message})`));
            write = chunk => decoder.write(chunk);
            end = () => decoder.end();
        }
        const writeRaw = write;
        const endRaw = end;
        body.on('data', (chunk) => {
            if (!settled)
                writeRaw(chunk);
        });
        body.on('end', () => {
            if (!settled)
                endRaw();
        });
        body.on('error', error => {
            fail(new BodyReadError('transport', `the body could not be read whole: ${error.message}`));
        });
        body.on('close', () => {
            // Closed before its end without an error event (the server cut it short).
            if (!body.readableEnded) {
                fail(new BodyReadError('transport', 'the connection closed before the body ended'));
            }
        });
    });
}
/**
 * One coding undone by node:zlib. "deflate" is zlib-wrapped by the standard (RFC 9110
 * §8.4.1.2), but some servers send raw deflate: the first two bytes (a zlib header has CM 8
 * and a header checksum) say which, so its decoder is made once they have arrived.
 */
class Decoder {
    coding;
    onData = () => { };
    onEnd = () => { };
    onError = () => { };
    stream;
    head = Buffer.alloc(0);
    destroyed = false;
    constructor(coding) {
        this.coding = coding;
        if (coding === 'gzip')
            this.attach(external_node_zlib_.createGunzip());
        else if (coding === 'br')
            this.attach(external_node_zlib_.createBrotliDecompress());
    }
    write(chunk) {
        if (this.destroyed)
            return;
        if (this.stream !== undefined) {
            this.stream.write(chunk);
            return;
        }
        this.head = Buffer.concat([this.head, chunk]);
        if (this.head.length >= 2)
            this.chooseDeflate();
    }
    end() {
        if (this.destroyed)
            return;
        if (this.stream === undefined)
            this.chooseDeflate();
        this.stream?.end();
    }
    destroy() {
        this.destroyed = true;
        this.stream?.destroy();
    }
    chooseDeflate() {
        const [cmf = 0, flg = 0] = this.head;
        const wrapped = (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0;
        this.attach(wrapped ? external_node_zlib_.createInflate() : external_node_zlib_.createInflateRaw());
        if (this.head.length > 0)
            this.stream?.write(this.head);
        this.head = Buffer.alloc(0);
    }
    attach(stream) {
        this.stream = stream;
        stream.on('data', (chunk) => {
            if (!this.destroyed)
                this.onData(chunk);
        });
        stream.on('end', () => {
            if (!this.destroyed)
                this.onEnd();
        });
        stream.on('error', (error) => {
            if (!this.destroyed)
                this.onError(error);
        });
    }
}
/** Reads and drops the rest of a raw body, up to `maxBytes`, then closes it. */
function drain(body, maxBytes) {
    let size = 0;
    body.removeAllListeners('data');
    body.on('error', () => { });
    body.on('data', (chunk) => {
        size += chunk.length;
        if (size > maxBytes)
            body.destroy();
    });
    body.resume();
}

// EXTERNAL MODULE: ./src/verify/judge.ts
var judge = __webpack_require__(7746);
// EXTERNAL MODULE: ./src/verify/site-transport.ts
var site_transport = __webpack_require__(4914);
;// CONCATENATED MODULE: ./src/origin/origin-client.ts
/**
 * The client for origin_url: the site's client (verify/site-transport.ts: GET only, no cookie,
 * no credential, the runner's proxy), never the purge client, so neither the API key nor a
 * token can reach the origin. It follows redirects on the same host only (at most 5; never
 * from https down to http), asks caches on the way for a checked answer (`Cache-Control:
 * no-cache`), and reads the first MAX_ORIGIN_BODY_BYTES of the body, decoded.
 */




/** The part of the origin's body searched for the build. */
const MAX_ORIGIN_BODY_BYTES = 1024 * 1024;
const MAX_ORIGIN_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** No answer: the request timed out or the connection failed. */
class OriginRequestError extends Error {
    kind;
    constructor(kind, message) {
        super(message);
        this.kind = kind;
        this.name = 'OriginRequestError';
    }
}
function createOriginClient(transport = (0,site_transport/* createSiteTransport */.bK)(1)) {
    return {
        look: (url, timeoutMs) => look(transport, url, timeoutMs),
        close: () => transport.close()
    };
}
async function look(transport, first, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    let url = first;
    for (let redirects = 0;; redirects++) {
        const answer = await origin_client_open(transport, url, Math.max(1, deadline - Date.now()));
        const location = (0,judge/* headerValue */.Z)(answer.headers, 'location');
        if (!REDIRECTS.has(answer.status) || location === undefined) {
            return { ...(await readAnswer(answer)), url, redirects };
        }
        const refused = refuseRedirect(first, url, location, redirects);
        if (refused !== undefined) {
            return { ...(await readAnswer(answer)), url, redirects, redirectRefused: refused };
        }
        answer.body.resume();
        url = new URL(location, url);
    }
}
async function origin_client_open(transport, url, timeoutMs) {
    try {
        return await transport.open(url, constants/* USER_AGENT */._O, timeoutMs, {
            accept: '*/*',
            acceptEncoding: ACCEPTED_ENCODINGS,
            noCache: true
        });
    }
    catch (error) {
        if (error instanceof site_transport/* SiteTransportError */.v_)
            throw new OriginRequestError(error.kind, error.message);
        throw error;
    }
}
/** Why a redirect is not followed, or undefined when it may be. */
function refuseRedirect(first, from, location, redirects) {
    if (redirects >= MAX_ORIGIN_REDIRECTS)
        return `more than ${MAX_ORIGIN_REDIRECTS} redirects`;
    if (!URL.canParse(location, from.href))
        return `a Location that is not a URL`;
    const next = new URL(location, from);
    if (next.protocol !== 'https:' && next.protocol !== 'http:') {
        return `a redirect to a ${next.protocol} URL`;
    }
    if (next.username !== '' || next.password !== '')
        return 'a redirect that carries credentials';
    if (next.hostname !== first.hostname) {
        return `a redirect to another host (${next.host}), which is not followed`;
    }
    if (from.protocol === 'https:' && next.protocol === 'http:') {
        return 'a redirect from https down to http';
    }
    return undefined;
}
async function readAnswer(answer) {
    const chunks = [];
    const base = { status: answer.status, headers: answer.headers };
    try {
        await readBody(answer.body, {
            contentEncoding: (0,judge/* headerValue */.Z)(answer.headers, 'content-encoding'),
            maxBytes: MAX_ORIGIN_BODY_BYTES,
            maxDrainBytes: site_transport/* MAX_PAGE_BYTES */.rd,
            onChunk: chunk => {
                chunks.push(chunk);
                return false;
            }
        });
        return { ...base, body: Buffer.concat(chunks).toString('latin1') };
    }
    catch (error) {
        if (!(error instanceof BodyReadError || error instanceof site_transport/* SiteTransportError */.v_))
            throw error;
        // What arrived is still searched: a version file cut after the id still shows it.
        return {
            ...base,
            body: Buffer.concat(chunks).toString('latin1'),
            bodyProblem: error.message
        };
    }
}

// EXTERNAL MODULE: ./src/origin/readiness.ts
var readiness = __webpack_require__(3354);
// EXTERNAL MODULE: ./src/retry-after.ts
var retry_after = __webpack_require__(4390);
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
function backoffMs(policy, misses, random) {
    const base = policy.firstMs * policy.factor ** Math.max(0, misses - 1);
    const jitter = 1 + policy.jitter * (2 * random - 1);
    // Jitter first, then the cap: a wait never exceeds the maximum.
    return Math.round(Math.min(policy.maxMs, base * jitter));
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




async function waitForBuild(input) {
    const { clock } = input;
    const policy = input.policy ?? ORIGIN_WAIT_POLICY;
    const random = input.random ?? Math.random;
    const started = clock.now();
    const deadline = started + input.timeoutMs;
    let looks = 0;
    let last;
    const done = new AbortController();
    const progress = (async () => {
        for (;;) {
            await clock.sleep(policy.progressEveryMs, done.signal);
            if (done.signal.aborted)
                return;
            input.onProgress?.({ elapsedMs: clock.now() - started, looks, ...(last && { last }) });
        }
    })();
    const finish = async (result) => {
        done.abort();
        await progress;
        return result;
    };
    for (;;) {
        const sentAt = clock.now();
        const timeout = lookTimeoutMs(policy, input.requestTimeoutMs, deadline - sentAt);
        last = await lookOnce(input, timeout);
        looks++;
        const elapsedMs = clock.now() - started;
        if (last.ready)
            return finish({ ready: true, elapsedMs, looks, last });
        if (input.once)
            return finish({ ready: false, elapsedMs, looks, last, stopped: 'once' });
        const now = clock.now();
        // A Retry-After date is in the origin's clock: its own Date says where that clock is.
        const originNow = last.date !== undefined ? Date.parse(last.date) : Number.NaN;
        const asked = (0,retry_after/* retryAfterMs */.V)(last.retryAfter, Number.isNaN(originNow) ? now : originNow);
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
        await clock.sleep(next.ms);
    }
}
async function lookOnce(input, timeoutMs) {
    try {
        return (0,readiness/* judgeOriginAnswer */.UF)(await input.look(input.url, timeoutMs), input.build);
    }
    catch (error) {
        if (!(error instanceof OriginRequestError))
            throw error;
        return (0,readiness/* failedLook */.Zx)(error.kind === 'timeout' ? error.message : `connection failed: ${error.message}`);
    }
}

;// CONCATENATED MODULE: ./src/origin/index.ts
/**
 * The wait for the origin, wired: the origin's own client, the wait loop, the log lines. Loaded
 * only by runs that give origin_url (steps/origin.ts imports it on demand).
 */






async function runOriginWait(run) {
    const { settings, log } = run;
    const client = run.client ?? createOriginClient();
    const build = `${(0,build_id/* shortBuild */.NB)(settings.build)} (${settings.build.source})`;
    log.info(run.once
        ? `Origin: looking once at ${settings.url.href} for build ${build} (dry run).`
        : `Origin: waiting for ${settings.url.href} to show build ${build}, up to ${seconds(settings.timeoutMs)} before purging.`);
    try {
        const wait = await waitForBuild({
            url: settings.url,
            build: settings.build,
            timeoutMs: settings.timeoutMs,
            requestTimeoutMs: run.requestTimeoutMs,
            look: (url, timeoutMs) => client.look(url, timeoutMs),
            clock: run.clock ?? clock/* systemClock */.m,
            once: run.once,
            onProgress: progress => log.info(`Origin: not build ${(0,build_id/* shortBuild */.NB)(settings.build)} yet after ${seconds(progress.elapsedMs)} (${progress.looks} look(s); last: ${progress.last ? (0,readiness/* describeLook */.Fd)(progress.last) : 'none yet'}).`)
        });
        const last = wait.last ? (0,readiness/* describeLook */.Fd)(wait.last) : 'no answer';
        if (wait.ready) {
            log.info(`Origin: build ${(0,build_id/* shortBuild */.NB)(settings.build)} is live after ${seconds(wait.elapsedMs)} (${wait.looks} look(s)).`);
        }
        else if (run.once) {
            log.info(`Origin: build ${(0,build_id/* shortBuild */.NB)(settings.build)} is not live yet (${last}).`);
        }
        return wait;
    }
    finally {
        if (!run.client)
            client.close();
    }
}
function seconds(ms) {
    return `${(ms / 1000).toFixed(1)} s`;
}


/***/ }),

/***/ 3354:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fd: () => (/* binding */ describeLook),
/* harmony export */   UF: () => (/* binding */ judgeOriginAnswer),
/* harmony export */   Zx: () => (/* binding */ failedLook)
/* harmony export */ });
/* harmony import */ var _build_build_id_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6652);
/* harmony import */ var _log_safety_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8224);
/**
 * Whether one answer of origin_url shows the expected build, and what it showed otherwise, for
 * the log and the summary. Pure: the answer's status, headers and the first part of its body
 * go in.
 */


/** Header names whose values may name a build (others, like ETag, hold hashes of content). */
const VERSION_HEADER = /version|build|commit|revision|release|sha|deploy/i;
const MAX_EXCERPT_BODY = 200;
function judgeOriginAnswer(answer, build) {
    const headerLines = Object.entries(answer.headers).flatMap(([name, value]) => value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(v => `${name}: ${v}`));
    const ok = answer.status >= 200 && answer.status <= 299;
    const shown = headerLines.some(line => (0,_build_build_id_js__WEBPACK_IMPORTED_MODULE_0__/* .showsBuild */ .ri)(line, build)) || (0,_build_build_id_js__WEBPACK_IMPORTED_MODULE_0__/* .showsBuild */ .ri)(answer.body, build);
    const versionHeaders = headerLines.filter(line => VERSION_HEADER.test(line.split(':')[0] ?? ''));
    const otherIds = (0,_build_build_id_js__WEBPACK_IMPORTED_MODULE_0__/* .otherCommitLikeIds */ .P4)([...versionHeaders, answer.body].join('\n'), build);
    const retryable = answer.status === 429 || (answer.status >= 500 && answer.status <= 599);
    const retryAfter = retryable ? header(answer.headers, 'retry-after') : undefined;
    const date = header(answer.headers, 'date');
    const excerpt = answer.body.length <= MAX_EXCERPT_BODY
        ? (0,_log_safety_js__WEBPACK_IMPORTED_MODULE_1__/* .linePreview */ .Ns)(Buffer.from(answer.body, 'latin1').toString('utf8'), 80)
        : undefined;
    const problem = answer.redirectRefused ?? answer.bodyProblem;
    return {
        ready: ok && shown,
        status: answer.status,
        otherIds,
        ...(excerpt !== undefined && { excerpt }),
        ...(problem !== undefined && { problem }),
        ...(retryAfter !== undefined && { retryAfter }),
        ...(date !== undefined && { date })
    };
}
/** A look that got no answer at all. */
function failedLook(problem) {
    return { ready: false, otherIds: [], problem };
}
/** One line for the log: `HTTP 200, shows abc1234def0 (another build)`. */
function describeLook(look) {
    if (look.status === undefined)
        return look.problem ?? 'no answer';
    const parts = [`HTTP ${look.status}`];
    if (look.otherIds.length > 0) {
        parts.push(`shows ${look.otherIds.join(', ')} (another build)`);
    }
    else if (look.excerpt !== undefined) {
        parts.push(`says ${JSON.stringify(look.excerpt)}`);
    }
    else if (look.status >= 200 && look.status <= 299) {
        parts.push('no commit-like id in it');
    }
    if (look.problem !== undefined)
        parts.push(look.problem);
    return parts.join(', ');
}
function header(headers, name) {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
}


/***/ }),

/***/ 2097:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ parseEdgeDate)
/* harmony export */ });
/**
 * Reading the edge's timestamps: the cache date (`<Prefix>-Kc-Date`, e.g.
 * `2026-11-23T09:14:07.Z (GMT) (2h 3m 11s of 7d)`, UTC, fraction empty, present or absent) and
 * the `Date` header (an HTTP-date, one-second resolution). Both are instants in the edge's
 * clock, with how coarse they are, since a time without a fraction may be up to 1 s later.
 */
const CACHE_DATE = /^\s*(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d*))?\s*(?:Z|\+00:?00|UTC|GMT)/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** IMF-fixdate, the form RFC 9110 requires senders to use: `Sun, 06 Nov 1994 08:49:37 GMT`. */
const HTTP_DATE = /^\s*[A-Za-z]{3},\s+(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})\s+(\d{2}):(\d{2}):(\d{2})\s+GMT\s*$/;
/** Parses a cache date or an HTTP-date; undefined when it is neither. */
function parseEdgeDate(text) {
    if (text === undefined)
        return undefined;
    const iso = CACHE_DATE.exec(text);
    if (iso) {
        const [, year, month, day, hour, minute, second, fraction = ''] = iso;
        const digits = fraction.slice(0, 3);
        const ms = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), digits === '' ? 0 : Number(digits.padEnd(3, '0')));
        return validInstant(ms, fraction === '' ? 1000 : Math.max(1, 10 ** (3 - digits.length)));
    }
    const http = HTTP_DATE.exec(text);
    if (http) {
        const [, day, monthName = '', year, hour, minute, second] = http;
        const month = MONTHS.indexOf(monthName.toLowerCase());
        if (month < 0)
            return undefined;
        const ms = Date.UTC(Number(year), month, Number(day), Number(hour), Number(minute), Number(second));
        return validInstant(ms, 1000);
    }
    return undefined;
}
function validInstant(ms, resolutionMs) {
    return Number.isFinite(ms) ? { ms, resolutionMs } : undefined;
}


/***/ }),

/***/ 7746:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PS: () => (/* binding */ isRetryableStatus),
/* harmony export */   S4: () => (/* binding */ judge),
/* harmony export */   Z: () => (/* binding */ headerValue),
/* harmony export */   _f: () => (/* binding */ edgeIds),
/* harmony export */   zT: () => (/* binding */ edgeHeaderPrefix)
/* harmony export */ });
/* harmony import */ var _edge_date_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2097);

const STATUS_SUFFIX = '-kc-status';
/** The brand prefix of the edge's headers, found from the one header ending in -kc-status. */
function edgeHeaderPrefix(headers) {
    for (const name of Object.keys(headers)) {
        const lower = name.toLowerCase();
        if (lower.endsWith(STATUS_SUFFIX) && lower.length > STATUS_SUFFIX.length) {
            return lower.slice(0, -STATUS_SUFFIX.length);
        }
    }
    return undefined;
}
/** A header's value, whatever the case of its name; repeated headers are joined. */
function headerValue(headers, name) {
    const wanted = name.toLowerCase();
    for (const [key, value] of Object.entries(headers)) {
        if (key.toLowerCase() !== wanted || value === undefined)
            continue;
        return Array.isArray(value) ? value.join(', ') : value;
    }
    return undefined;
}
/** Status codes retried whatever headers they carry: the site is busy or failing. */
function isRetryableStatus(status) {
    return status === 429 || (status >= 500 && status <= 599);
}
/**
 * `purgeAcceptedAt` is the runner's time of the answer that accepted the purge of this page;
 * `skew` says how far the edge's clock is from the runner's. The cache date is compared with
 * the acceptance in the edge's clock, giving the benefit of the doubt the clocks' resolution
 * leaves (an entry cached within about a second of the acceptance counts as fresh). Without a
 * purge time (a warm-up of pages nothing purged), any HIT is fresh and warm.
 *
 * With `proveContent`, fresh also needs the build in the body (`answer.content`): a HIT fresh by
 * its date without it is stale, old content; EXTRACTING without it is `rendering`; a body that
 * could not be read is asked again.
 */
function judge(answer, purgeAcceptedAt, skew, proveContent = false) {
    if (isRetryableStatus(answer.status)) {
        return { kind: 'retry', reason: `HTTP ${answer.status}` };
    }
    const prefix = edgeHeaderPrefix(answer.headers);
    const gone = answer.status === 404 || answer.status === 410;
    // A 404 without the header is what an origin server (a wrong site_url) answers: the loop
    // stops on it unless the site has already shown the header, and then takes it as gone.
    if (prefix === undefined)
        return { kind: 'no-status-header', gone };
    if (gone)
        return { kind: 'gone' };
    const status = (headerValue(answer.headers, `${prefix}${STATUS_SUFFIX}`) ?? '')
        .trim()
        .toUpperCase();
    if (status === 'DYNAMIC')
        return { kind: 'unverifiable' };
    // Not served from the cache, whatever else it says: neither fresh nor stale.
    const bypass = headerValue(answer.headers, `${prefix}-bypass`)?.trim();
    if (bypass)
        return { kind: 'bypassed', reason: bypass };
    switch (status) {
        case 'EXTRACTING':
            if (!proveContent || answer.content?.kind === 'found')
                return { kind: 'fresh', warm: false };
            return { kind: 'rendering' };
        case 'MISS':
            return { kind: 'not-cacheable' };
        case 'HIT':
            return judgeHit(answer, prefix, purgeAcceptedAt, skew, proveContent);
        default:
            return { kind: 'retry', reason: `unknown cache status ${JSON.stringify(status)}` };
    }
}
function judgeHit(answer, prefix, purgeAcceptedAt, skew, proveContent) {
    const text = headerValue(answer.headers, `${prefix}-kc-date`);
    const cacheDate = (text ?? '').trim();
    if (purgeAcceptedAt !== undefined) {
        const cached = (0,_edge_date_js__WEBPACK_IMPORTED_MODULE_0__/* .parseEdgeDate */ .h)(text);
        if (cached === undefined) {
            return {
                kind: 'retry',
                reason: `HIT without a readable cache date (${JSON.stringify(text ?? '')})`
            };
        }
        // The earliest the acceptance can be in the edge's clock, against the latest the entry can
        // have been cached: a fresh entry is never called stale, whatever the clocks' resolution.
        const acceptedAtEdge = purgeAcceptedAt + skew.lowMs;
        if (cached.ms + cached.resolutionMs <= acceptedAtEdge) {
            return { kind: 'stale', reason: 'not-purged-yet', cacheDate };
        }
    }
    if (!proveContent)
        return { kind: 'fresh', warm: true };
    const content = answer.content ?? { kind: 'not-read', reason: 'the body was not read' };
    switch (content.kind) {
        case 'found':
            return { kind: 'fresh', warm: true };
        case 'not-found':
            return {
                kind: 'stale',
                reason: 'old-content',
                cacheDate,
                detail: content.capped
                    ? `the build is not in the first ${content.bytes / (1024 * 1024)} MiB of the page`
                    : 'the build is not in the page'
            };
        case 'not-read':
            return { kind: 'retry', reason: `HIT, but the page could not be read: ${content.reason}` };
    }
}
/** The edge's request and transaction ids, which support asks for. */
function edgeIds(headers) {
    const prefix = edgeHeaderPrefix(headers);
    if (prefix === undefined)
        return undefined;
    const ids = [
        headerValue(headers, `${prefix}-req`),
        headerValue(headers, `${prefix}-transaction`)
    ].filter((id) => id !== undefined && id !== '');
    return ids.length > 0 ? ids.join(' / ') : undefined;
}


/***/ }),

/***/ 4914:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   bK: () => (/* binding */ createSiteTransport),
/* harmony export */   rd: () => (/* binding */ MAX_PAGE_BYTES),
/* harmony export */   v_: () => (/* binding */ SiteTransportError)
/* harmony export */ });
/* harmony import */ var _actions_http_client__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4942);
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7067);
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_http__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_https__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4708);
/* harmony import */ var node_https__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_https__WEBPACK_IMPORTED_MODULE_2__);
/**
 * The verification's own HTTP client for the public site: never the purge client, so the API
 * key and the GitHub token have no way to reach the site. GET only, no cookies, no credentials,
 * redirects not followed (a 3xx is judged by its headers), the exact User-Agent of the device.
 * The agent comes from @actions/http-client, so the runner's proxy settings apply.
 */



/** Bodies of pages are read and thrown away; a page longer than this is cut off. */
const MAX_PAGE_BYTES = 4 * 1024 * 1024;
/** No HTTP answer: the request timed out or the connection failed. */
class SiteTransportError extends Error {
    kind;
    constructor(kind, message) {
        super(message);
        this.kind = kind;
        this.name = 'SiteTransportError';
    }
}
function createSiteTransport(maxSockets) {
    // Used only for their agents (proxy and keep-alive); requests go out through node:http(s) so
    // that nothing but the headers written here is sent. One client a scheme: a client keeps the
    // first agent it makes, and an http agent cannot carry an https request (a loopback site
    // over http can list a sitemap on an https host).
    const agents = {
        'http:': new _actions_http_client__WEBPACK_IMPORTED_MODULE_0__/* .HttpClient */ .Qq('unused', [], { keepAlive: true, maxSockets }),
        'https:': new _actions_http_client__WEBPACK_IMPORTED_MODULE_0__/* .HttpClient */ .Qq('unused', [], { keepAlive: true, maxSockets })
    };
    const open = (url, userAgent, timeoutMs, options = {}) => new Promise((resolve, reject) => {
        const secure = url.protocol === 'https:';
        const module = secure ? node_https__WEBPACK_IMPORTED_MODULE_2__ : node_http__WEBPACK_IMPORTED_MODULE_1__;
        const headers = {
            'User-Agent': userAgent,
            Accept: options.accept ?? 'text/html',
            'Accept-Encoding': options.acceptEncoding ?? 'identity'
        };
        if (options.noCache)
            headers['Cache-Control'] = 'no-cache';
        const request = module.request(url, {
            method: 'GET',
            agent: agents[secure ? 'https:' : 'http:'].getAgent(url.href),
            headers
        });
        // One budget for the whole answer, body included: a server that sends its headers and
        // then drips (a sitemap one byte a second) must not hold the step past it.
        let body;
        const timer = setTimeout(() => {
            const error = new SiteTransportError('timeout', body === undefined
                ? `no answer within ${timeoutMs / 1000} s`
                : `the answer did not end within ${timeoutMs / 1000} s`);
            if (body === undefined)
                request.destroy(error);
            else
                body.destroy(error);
        }, timeoutMs);
        request.on('response', message => {
            body = message;
            message.once('close', () => clearTimeout(timer));
            resolve({ status: message.statusCode ?? 0, headers: message.headers, body: message });
        });
        request.on('error', error => {
            clearTimeout(timer);
            reject(error instanceof SiteTransportError
                ? error
                : new SiteTransportError('connection', error.message));
        });
        request.end();
    });
    return {
        open,
        async getPage(url, userAgent, timeoutMs) {
            const answer = await open(url, userAgent, timeoutMs);
            await discardBody(answer.body, MAX_PAGE_BYTES);
            return { status: answer.status, headers: answer.headers };
        },
        close() {
            agents['http:'].dispose();
            agents['https:'].dispose();
        }
    };
}
/**
 * Reads and drops a body up to `maxBytes` (then closes the connection). A body cut mid-way
 * is not an error: the headers, which carry the verdict, arrived whole. A body that drips is
 * ended by open()'s timer, which covers the whole answer.
 */
function discardBody(body, maxBytes) {
    return new Promise(resolve => {
        let size = 0;
        const finish = () => {
            body.removeAllListeners('data');
            resolve();
        };
        body.on('data', (chunk) => {
            size += chunk.length;
            if (size > maxBytes) {
                body.destroy();
                finish();
            }
        });
        body.on('end', finish);
        body.on('close', finish);
        body.on('error', finish);
    });
}


/***/ })

};
