export const id = 71;
export const ids = [71];
export const modules = {

/***/ 1009:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  s: () => (/* binding */ AdaptiveInFlight),
  j: () => (/* binding */ Semaphore)
});

;// CONCATENATED MODULE: ./src/http/backpressure.ts
/**
 * The action's one backpressure rule: how many requests may be in flight while a server says it
 * is overloaded (the purge service's 429, the public site's 429 or 5xx with `Retry-After`). The
 * purge sender (send/adaptive-limiter.ts) and every reader of the public site (through
 * verify/pace/site-backpressure.ts) follow it; each makes its requests wait in its own way.
 *
 * - An overload halves the limit (never below 1) and holds every request until the time it
 *   asked for: the server is asking the whole job to slow down, not one request.
 * - One overload, one halving: answers that arrive during its hold answer requests sent before
 *   it, so they may lengthen the hold but halve and count nothing.
 * - Each run of other answers as long as the current limit raises it by one, up to the maximum
 *   (additive increase, multiplicative decrease, as TCP does): a rate-limited server is not
 *   hammered, yet a passing burst does not slow the run.
 * - A run as long as the full limit means the server has recovered: the count of overloads in a
 *   row, which a caller's backoff grows with, starts over.
 *
 * Pure: the caller gives the time and says what each answer was.
 */
class BackpressureRule {
    maxLimit;
    currentLimit;
    /** Other answers since the limit last changed (or since the last full run). */
    answeredInARow = 0;
    holdUntil = Number.NEGATIVE_INFINITY;
    overloadsSinceRecovery = 0;
    constructor(maxLimit) {
        this.maxLimit = maxLimit;
        this.currentLimit = maxLimit;
    }
    /** The most requests that may be in flight now. */
    get limit() {
        return this.currentLimit;
    }
    /** No request should leave before this time (the caller's clock); -Infinity when never held. */
    get heldUntil() {
        return this.holdUntil;
    }
    /** Overloads (each counted once) since the server last recovered: 0, 1, 2, ... */
    get overloadsInARow() {
        return this.overloadsSinceRecovery;
    }
    /** An answer that was no overload. True when it raised the limit (by one). */
    answered() {
        this.answeredInARow++;
        if (this.answeredInARow < this.currentLimit)
            return false;
        this.answeredInARow = 0;
        if (this.currentLimit < this.maxLimit) {
            this.currentLimit++;
            return true;
        }
        this.overloadsSinceRecovery = 0;
        return false;
    }
    /**
     * An overload answered at `now`, asking that no request leave before `until`. True when it is
     * a new one, which halved the limit; false when it arrived during an earlier one's hold (it
     * answers a request sent before that hold: it may only lengthen it).
     */
    overloaded(now, until) {
        const isNew = now >= this.holdUntil;
        if (isNew) {
            this.currentLimit = Math.max(1, Math.floor(this.currentLimit / 2));
            this.answeredInARow = 0;
            this.overloadsSinceRecovery++;
        }
        if (until > this.holdUntil)
            this.holdUntil = until;
        return isNew;
    }
}

;// CONCATENATED MODULE: ./src/http/in-flight.ts
/**
 * The requests in flight under backpressure, for everything that sends in parallel (the purge
 * sender, send/adaptive-limiter.ts; the site's readers, verify/pace/site-backpressure.ts): the
 * rule (backpressure.ts) says how many may be in flight, AdaptiveInFlight holds the slots to that
 * number. How a request waits out an overload's hold stays with each caller: the sender sleeps
 * on its clock, the site's readers wait on a rate gate.
 */

/**
 * A semaphore: at most `size` holders at once, the others wait in arrival order. Waiters
 * are released by close(), not by an abort signal: a run with thousands of waiting checks must
 * not hang a listener per waiter on one shared signal (Node warns beyond ten). The size may be
 * changed while it is held (AdaptiveInFlight halves it on an overload): a smaller
 * size takes effect as holders release, a larger one lets waiters in at once.
 */
class Semaphore {
    currentSize;
    active = 0;
    closed = false;
    waiting = [];
    constructor(currentSize) {
        this.currentSize = currentSize;
    }
    get size() {
        return this.currentSize;
    }
    /** Resolves true once a slot is held, false when the semaphore was closed first. */
    acquire() {
        if (this.closed)
            return Promise.resolve(false);
        if (this.active < this.currentSize) {
            this.active++;
            return Promise.resolve(true);
        }
        return new Promise(resolve => this.waiting.push(resolve));
    }
    release() {
        // Shrunk meanwhile: the slot is given up rather than passed on.
        const next = this.active > this.currentSize ? undefined : this.waiting.shift();
        // The slot passes straight to the next waiter: `active` stays the same.
        if (next)
            next(true);
        else
            this.active--;
    }
    /** At most `size` holders from now on (at least 1). */
    resize(size) {
        this.currentSize = Math.max(1, size);
        while (this.active < this.currentSize && this.waiting.length > 0) {
            this.active++;
            this.waiting.shift()?.(true);
        }
    }
    /** Every waiter, and every later acquire(), gets false; holders still release. */
    close() {
        this.closed = true;
        for (const waiter of this.waiting.splice(0))
            waiter(false);
    }
}
/** Slots whose size follows the backpressure rule: halved by an overload, grown back by answers. */
class AdaptiveInFlight {
    slots;
    rule;
    /** `slots`: its size now is the most ever allowed in flight. */
    constructor(slots) {
        this.slots = slots;
        this.rule = new BackpressureRule(slots.size);
    }
    /** The most requests that may be in flight now. */
    get limit() {
        return this.rule.limit;
    }
    /** No request should leave before this time (the caller's clock); -Infinity when never held. */
    get heldUntil() {
        return this.rule.heldUntil;
    }
    /** Overloads (each counted once) since the server last recovered. */
    get overloadsInARow() {
        return this.rule.overloadsInARow;
    }
    /** An answer that was no overload; a run of them lets one more request in. */
    answered() {
        if (this.rule.answered())
            this.slots.resize(this.rule.limit);
    }
    /**
     * An overload answered at `now`, asking that nothing leave before `until`. True when it is a
     * new one, which halved the slots; false when it belongs to an earlier one (see the rule).
     */
    overloaded(now, until) {
        const isNew = this.rule.overloaded(now, until);
        if (isNew)
            this.slots.resize(this.rule.limit);
        return isNew;
    }
}


/***/ }),

/***/ 9071:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  sendPlan: () => (/* binding */ sendPlan),
  sharedLimiter: () => (/* binding */ sharedLimiter)
});

// UNUSED EXPORTS: endpointUrl

// EXTERNAL MODULE: ./src/send/describe-failure.ts
var describe_failure = __webpack_require__(6566);
// EXTERNAL MODULE: ./src/core/constants.ts
var constants = __webpack_require__(6214);
// EXTERNAL MODULE: ./src/send/request-body.ts
var request_body = __webpack_require__(1436);
// EXTERNAL MODULE: ./src/time/clock.ts
var time_clock = __webpack_require__(3355);
// EXTERNAL MODULE: ./src/http/in-flight.ts + 1 modules
var in_flight = __webpack_require__(1009);
;// CONCATENATED MODULE: ./src/send/adaptive-limiter.ts
/**
 * How many purge requests may be in flight, adapted to the service's answers: a 429 halves the
 * limit and pauses new requests for the wait the service asked, runs of successes raise it again
 * (the action's one backpressure rule, http/backpressure.ts, over the slots of
 * http/in-flight.ts). This class adds the sender's way of waiting out a pause: on its clock.
 */

class AdaptiveLimiter {
    clock;
    inFlight;
    constructor(maxLimit, clock) {
        this.clock = clock;
        this.inFlight = new in_flight/* AdaptiveInFlight */.s(new in_flight/* Semaphore */.j(maxLimit));
    }
    get limit() {
        return this.inFlight.limit;
    }
    /**
     * Waits for a free slot and for any pause a 429 asked for; the caller must release() it.
     * Once `signal` aborts it stops waiting out a pause: the caller checks why and gives up.
     */
    async acquire(signal) {
        for (;;) {
            const pause = this.inFlight.heldUntil - this.clock.now();
            if (pause > 0 && !signal?.aborted) {
                await this.clock.sleep(pause, signal);
                continue;
            }
            // The sender's semaphore is never closed: it always grants.
            await this.inFlight.slots.acquire();
            // A 429 may have begun a pause while this waited for the slot: nothing leaves during it.
            if (this.inFlight.heldUntil > this.clock.now() && !signal?.aborted) {
                this.inFlight.slots.release();
                continue;
            }
            return;
        }
    }
    release() {
        this.inFlight.slots.release();
    }
    onSuccess() {
        this.inFlight.answered();
    }
    onRateLimited(waitMs) {
        const now = this.clock.now();
        // 429s that arrive during a pause answer requests sent before it: one event, one halving.
        this.inFlight.overloaded(now, now + waitMs);
    }
}

// EXTERNAL MODULE: ./src/text/log-safety.ts
var log_safety = __webpack_require__(1136);
// EXTERNAL MODULE: ./src/http/headers.ts
var http_headers = __webpack_require__(9718);
// EXTERNAL MODULE: ./src/http/retry-after.ts
var retry_after = __webpack_require__(7821);
;// CONCATENATED MODULE: ./src/send/answer.ts
/**
 * Reading the service's answer: success or not, its message, its request id, and how long it
 * asks us to wait. Pure functions of an HttpAnswer.
 */



const MESSAGE_PREVIEW_LENGTH = 300;
const REQUEST_ID_LENGTH = 100;
/** A denying member's value quoted when the service gave no message: enough to recognise it. */
const VALUE_PREVIEW_LENGTH = 120;
/**
 * Service text reaches the log: it is made one line (it cannot start a workflow command of its
 * own, see log-safety.ts) and cut, with an ellipsis so the redactor recognises a cut secret.
 * The body was already read up to a cap (http-transport.ts), so parsing it is bounded too.
 */
function readAnswer(answer) {
    const json = parseJson(answer.body);
    const is2xx = answer.status >= 200 && answer.status < 300;
    const verdict = is2xx ? judge(json, answer.body) : undefined;
    const message = serviceMessage(json, answer.body);
    const note = verdict === 'not-the-service'
        ? "The answer is not the service's JSON, so the purge is not confirmed"
        : verdict === 'denied' && message === undefined
            ? denial(json)
            : undefined;
    const requestId = findRequestId(answer.headers);
    const htmlPage = !isRecord(json) && isHtmlPage(answer);
    return {
        success: verdict === 'confirmed' || verdict === 'unconfirmed',
        ...(verdict && { verdict }),
        ...(message && { message }),
        ...(note && { note }),
        ...(requestId && { requestId }),
        ...(htmlPage && { htmlPage }),
        ...(isRecord(json) && { jsonBody: true })
    };
}
/**
 * A 2xx body's verdict (see Verdict). The service's documentation calls every 2xx a success, so
 * a body that says nothing (empty, as a 204 is) denies nothing: purged, not confirmed. But a
 * catch-all web server or proxy at base_url answers 200 with a page or an "OK" to anything, so a
 * body that is there and is not the service's JSON confirms nothing: not the service. Any sign
 * in the JSON that the purge failed wins over the status, since claiming a purge that did not
 * happen is the worse mistake.
 */
function judge(json, body) {
    if (body.trim() === '')
        return 'unconfirmed';
    if (!isRecord(json))
        return 'not-the-service';
    if (denyingMember(json) !== undefined)
        return 'denied';
    return json['result'] === true ? 'confirmed' : 'unconfirmed';
}
/** The member that denies the purge: `error`, then `result`, then `success`. */
function denyingMember(json) {
    if (Object.hasOwn(json, 'error') && saysSomething(json['error']))
        return 'error';
    for (const name of ['result', 'success']) {
        if (Object.hasOwn(json, name) && json[name] !== true)
            return name;
    }
    return undefined;
}
/** An `error` of `null`, `false`, `0`, `""`, `{}` or `[]` is the absence of one. */
function saysSomething(value) {
    if (value === null || value === false || value === 0 || value === '')
        return false;
    if (Array.isArray(value))
        return value.length > 0;
    if (isRecord(value))
        return Object.keys(value).length > 0;
    return true;
}
/** What denied the purge, when the service said nothing: `The answer says "result": 0, not true`. */
function denial(json) {
    if (!isRecord(json))
        return 'The answer says the purge failed';
    const name = denyingMember(json) ?? 'result';
    const value = preview(valueText(json[name]), VALUE_PREVIEW_LENGTH) ?? '""';
    return name === 'error'
        ? `The answer says "error": ${value}`
        : `The answer says "${name}": ${value}, not true`;
}
/** A JSON value as JSON text; one too deep to write again (a hostile body) as its kind. */
function valueText(value) {
    try {
        return JSON.stringify(value) ?? String(value);
    }
    catch {
        return Array.isArray(value) ? '[…]' : '{…}';
    }
}
function isHtmlPage(answer) {
    const type = (0,http_headers/* singleHeaderValue */.fh)(answer.headers, 'content-type') ?? '';
    return /^\s*text\/html\b/i.test(type) || /^\s*(<!doctype html|<html)/i.test(answer.body);
}
/**
 * What a failed answer says about `base_url`: a redirect, 404 or 405, or an HTML page (not a
 * server error's) means the address is a website, not the purge API; a 404 or 405 in JSON, a
 * server with no purge endpoint under that path (`…/api` pasted). The address is quoted without
 * credentials; the key is never part of it (it is added to each request's query).
 */
function baseUrlHint(answer, baseUrl, quote) {
    const { status } = answer;
    if (status === undefined)
        return undefined;
    const redirect = status >= 300 && status < 400;
    const notHere = status === 404 || status === 405;
    const page = answer.htmlPage === true && status < 500 && status !== 429;
    if (!redirect && !notHere && !page)
        return undefined;
    if (notHere && answer.jsonBody === true) {
        return `base_url ${quote(baseUrl.href)} is not the purge API's address: the server there answered HTTP ${status} in JSON, so it has no purge endpoint under that path. The action adds the API's path (/api/v1/cache/purge…) to base_url itself: set base_url to the API's address from the service's documentation.`;
    }
    const what = page ? 'an HTML page' : redirect ? `a redirect (HTTP ${status})` : `HTTP ${status}`;
    return `base_url ${quote(baseUrl.href)} looks like a website, not the purge API: it answered ${what} where the service answers JSON. Set base_url to the API's address from the service's documentation, not the public site's.`;
}
/**
 * What a 400 about `country` means for a request that sent none: the site uses Cache By Country
 * (the contract: "Required by websites that use Cache By Country"), so each purge must name the
 * countries whose entries it empties. Undefined for any other answer.
 */
function countryHint(answer, request) {
    if (answer.status !== 400 || request.country !== undefined)
        return undefined;
    if (!/\bcountry\b/i.test(answer.message ?? ''))
        return undefined;
    return "The site uses Cache By Country: set 'country' to the countries whose cached pages to purge: ALL for every one, or codes such as IT, FR.";
}
/**
 * The service's message: the first non-blank string of `error.message`, `error` (a string) and
 * `message` of a JSON object body (anything else in it, a number or an object, is not a
 * message); the start of the body when it is not a JSON object.
 */
function serviceMessage(json, body) {
    if (!isRecord(json))
        return preview(body);
    const error = json['error'];
    const candidates = [isRecord(error) ? error['message'] : undefined, error, json['message']];
    for (const candidate of candidates) {
        const shown = typeof candidate === 'string' ? preview(candidate) : undefined;
        if (shown !== undefined)
            return shown;
    }
    return undefined;
}
function preview(text, length = MESSAGE_PREVIEW_LENGTH) {
    return (0,log_safety/* linePreview */.Ns)(text, length);
}
/** The service sends `x-<brand>-requestid`; any header ending in requestid or request-id counts. */
function findRequestId(headers) {
    for (const [name, value] of Object.entries(headers)) {
        const lower = name.toLowerCase();
        if (lower.endsWith('requestid') || lower.endsWith('request-id')) {
            const first = Array.isArray(value) ? value[0] : value;
            const shown = first === undefined ? undefined : preview(first, REQUEST_ID_LENGTH);
            if (shown)
                return shown;
        }
    }
    return undefined;
}
/**
 * The wait a 429 or 503 asks for, in milliseconds: `Retry-After` (read strictly, see
 * retry-after.ts; a date against the answer's own `Date`, the runner's `now` without one) or
 * `X-RateLimit-Reset` (milliseconds until a new request is allowed, per the service's docs).
 * Anything else is ignored, so the normal backoff applies.
 */
function requestedWaitMs(headers, now) {
    const serviceNow = (0,retry_after/* answerNow */.FQ)((0,http_headers/* singleHeaderValue */.fh)(headers, 'date'), now);
    const asked = (0,retry_after/* retryAfterMs */.Vs)((0,http_headers/* singleHeaderValue */.fh)(headers, 'retry-after'), serviceNow);
    if (asked !== undefined)
        return asked;
    const reset = (0,http_headers/* singleHeaderValue */.fh)(headers, 'x-ratelimit-reset')?.trim();
    if (reset && /^\d+(\.\d+)?$/.test(reset))
        return Number(reset);
    return undefined;
}
function parseJson(body) {
    try {
        return JSON.parse(body);
    }
    catch {
        return undefined;
    }
}
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// EXTERNAL MODULE: ./src/core/diagnostics.ts
var diagnostics = __webpack_require__(7135);
// EXTERNAL MODULE: ./src/send/retry-policy.ts
var retry_policy = __webpack_require__(5303);
// EXTERNAL MODULE: ./src/send/transport.ts
var send_transport = __webpack_require__(2035);
// EXTERNAL MODULE: ./src/http/statuses.ts
var statuses = __webpack_require__(7276);
// EXTERNAL MODULE: ./src/text/trailing-run.ts
var trailing_run = __webpack_require__(7043);
;// CONCATENATED MODULE: ./src/send/send-plan.ts
/**
 * Sends a plan's requests to the service: the only code that talks to it. Requests go out in
 * parallel up to the concurrency, each retried on its own by the retry policy; a 401 or 403
 * stops every request not yet sent. Results come back in the order of `requests`, whatever the
 * timing.
 */











/** A limiter the purges of one run share: at most `concurrency` requests in flight in all. */
function sharedLimiter(concurrency, clock = time_clock/* systemClock */.m) {
    return new AdaptiveLimiter(concurrency, clock);
}
/** Where one request goes: the endpoint, with the key URL-encoded in the query string. */
function endpointUrl(baseUrl, request, apiKey) {
    const url = new URL(baseUrl.href);
    url.pathname = `${(0,trailing_run/* withoutTrailing */.hT)(baseUrl.pathname, '/')}${constants/* ENDPOINT_PATHS */.dz[request.kind]}`;
    url.search = `?api_key=${encodeURIComponent(apiKey)}`;
    return url;
}
async function sendPlan(requests, transport, options) {
    const clock = options.clock ?? time_clock/* systemClock */.m;
    const limiter = options.limiter ?? new AdaptiveLimiter(options.concurrency, clock);
    const results = new Array(requests.length);
    let stopReason;
    // Wakes every request that is waiting out a backoff or a 429 pause when the run stops.
    const stopped = new AbortController();
    const stop = (reason) => {
        if (stopReason !== undefined)
            return;
        stopReason = reason;
        stopped.abort();
        options.observer?.onStop?.(reason);
    };
    const context = {
        transport,
        options,
        clock,
        limiter,
        random: options.random ?? Math.random,
        stopReason: () => stopReason,
        stopSignal: stopped.signal,
        stop
    };
    // A fixed pool of workers taking requests in plan order; the limiter decides how many of
    // them may actually have a request in flight.
    let next = 0;
    const worker = async () => {
        while (next < requests.length) {
            const position = next++;
            const request = requests[position];
            const result = await sendOne(request, context);
            results[position] = result;
            options.observer?.onResult?.(result);
        }
    };
    const workers = Math.min(options.concurrency, requests.length);
    await Promise.all(Array.from({ length: workers }, worker));
    return results;
}
function notSent(request, message) {
    return { request, outcome: 'not-sent', attempts: 0, history: [], durationMs: 0, message };
}
async function sendOne(request, context) {
    const { transport, options, clock, limiter } = context;
    const url = endpointUrl(options.baseUrl, request, options.apiKey);
    const body = JSON.stringify((0,request_body/* requestBody */.I)(request));
    const started = clock.now();
    const backoff = options.backoff ?? retry_policy/* DEFAULT_BACKOFF */.VU;
    let attempts = 0;
    const history = [];
    for (;;) {
        await limiter.acquire(context.stopSignal);
        // Checked after the wait for a slot: a 401 may have arrived meanwhile, and then no new
        // request goes out, even one that was already queued.
        const stopReason = context.stopReason();
        if (stopReason !== undefined) {
            limiter.release();
            return attempts === 0
                ? notSent(request, `not sent: ${stopReason}`)
                : {
                    request,
                    outcome: 'failed',
                    attempts,
                    history,
                    durationMs: clock.now() - started,
                    message: `not retried: ${stopReason}`
                };
        }
        attempts++;
        let attempt;
        try {
            attempt = await attemptOnce(transport, url, body, options.timeoutMs, clock);
        }
        finally {
            limiter.release();
        }
        const elapsed = () => clock.now() - started;
        const hint = [
            attempt.note,
            attempt.success ? undefined : baseUrlHint(attempt, options.baseUrl, diagnostics/* quoteValue */.cl),
            attempt.success ? undefined : countryHint(attempt, request)
        ]
            .filter(Boolean)
            .join('. ');
        const record = {
            ...(attempt.status !== undefined && { status: attempt.status }),
            ...(attempt.message !== undefined && { message: attempt.message }),
            ...(hint !== '' && { hint }),
            ...(attempt.requestId !== undefined && { requestId: attempt.requestId }),
            ...(attempt.verdict !== undefined && { verdict: attempt.verdict })
        };
        history.push(record);
        const base = { request, attempts, history, ...record };
        if (attempt.success) {
            limiter.onSuccess();
            return { ...base, outcome: 'purged', durationMs: elapsed() };
        }
        if (attempt.status !== undefined && (0,retry_policy/* isAuthFailure */.Xg)(attempt.status)) {
            context.stop(`the service answered ${attempt.status} (the API key is missing, wrong or not allowed for this site)`);
            return { ...base, outcome: 'failed', durationMs: elapsed() };
        }
        const retryable = attempt.status === undefined || (0,statuses/* isRetryableApiStatus */.v)(attempt.status);
        if (!retryable || attempts >= options.maxAttempts) {
            return { ...base, outcome: 'failed', durationMs: elapsed() };
        }
        const delayMs = (0,retry_policy/* retryDelayMs */.qO)(attempts, backoff, context.random(), attempt.status, attempt.requestedWaitMs);
        // Rate limiting is per account: everyone slows down and waits, not just this request.
        if (attempt.status === 429)
            limiter.onRateLimited(delayMs);
        options.observer?.onRetry?.(request, attempts, (0,describe_failure/* describeFailure */.I)(attempt), delayMs);
        await clock.sleep(delayMs, context.stopSignal);
    }
}
async function attemptOnce(transport, url, body, timeoutMs, clock) {
    try {
        const answer = await transport.post(url, body, timeoutMs);
        const reading = readAnswer(answer);
        const wait = requestedWaitMs(answer.headers, clock.now());
        return {
            ...reading,
            status: answer.status,
            ...(wait !== undefined && { requestedWaitMs: wait })
        };
    }
    catch (error) {
        if (error instanceof send_transport/* TransportError */.w) {
            const what = error.kind === 'timeout' ? 'timed out' : 'connection failed';
            return { success: false, message: `${what}: ${error.message}` };
        }
        throw error;
    }
}


/***/ })

};
