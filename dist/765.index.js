export const id = 765;
export const ids = [765];
export const modules = {

/***/ 3591:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D: () => (/* binding */ BuildScanner),
/* harmony export */   r: () => (/* binding */ showsBuild)
/* harmony export */ });
/* harmony import */ var _build_id_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6652);
/**
 * The build-id rule over bytes, as they arrive: a page is read as a stream and the reading stops
 * at the first match, so a marker split between two chunks (or a hex run that goes on in the
 * next one) must be judged as the whole text would be. Pure: bytes in, found or not out, and
 * nothing allocated per chunk beyond a few dozen bytes (a page of 2 MiB is scanned without a
 * copy of it). The rule itself is build-id.ts's:
 *
 * - a literal id: its UTF-8 bytes, anywhere;
 * - a commit: the full SHA anywhere, or a whole hex run of 7 to 12 digits that is the SHA's
 *   start; in lower case (as git prints it) or upper case. Both start with the SHA's first 7
 *   digits, so the bytes are searched natively (Buffer#indexOf) for those, and only there is
 *   anything compared byte by byte.
 */

/**
 * Bytes kept from one chunk to the next (at least): a candidate there may need the next chunk to
 * be judged (a commit needs at most 41 bytes from its start; a literal, its length less one).
 */
const CARRY_BYTES = 64;
const IS_HEX = (() => {
    const table = new Uint8Array(256);
    for (const digit of '0123456789abcdefABCDEF')
        table[digit.charCodeAt(0)] = 1;
    return table;
})();
class BuildScanner {
    build;
    matched = false;
    /** The needles: a literal's UTF-8 bytes; a commit's full SHA, lower and upper case. */
    forms;
    /** A commit's first 7 digits, lower and upper case (one form when they are all digits). */
    starts;
    /** The last bytes seen, for what crosses a chunk boundary, and the byte before them. */
    carry = Buffer.alloc(0);
    beforeCarry = -1;
    carryBytes;
    constructor(build) {
        this.build = build;
        if (build.kind === 'literal') {
            this.forms = [Buffer.from(build.text, 'utf8')];
            this.starts = [];
        }
        else {
            const lower = build.text.toLowerCase();
            const upper = build.text.toUpperCase();
            this.forms = lower === upper ? [Buffer.from(lower)] : [Buffer.from(lower), Buffer.from(upper)];
            this.starts = [
                ...new Set([lower, upper].map(form => form.slice(0, _build_id_js__WEBPACK_IMPORTED_MODULE_0__/* .SHORT_SHA_LENGTHS */ .Mg.min)))
            ].map(start => Buffer.from(start));
        }
        this.carryBytes = Math.max(CARRY_BYTES, ...this.forms.map(form => form.length));
    }
    get found() {
        return this.matched;
    }
    /** Feeds the next chunk; true once the build was found (then more chunks change nothing). */
    push(chunk) {
        if (this.matched || chunk.length === 0)
            return this.matched;
        this.matched = this.build.kind === 'literal' ? this.scanLiteral(chunk) : this.scanCommit(chunk);
        this.keep(chunk);
        return this.matched;
    }
    /** The body ended: what waited for more bytes (a run at the very end) is whole now. */
    end() {
        if (!this.matched && this.build.kind === 'commit') {
            this.matched = this.scanWindow(this.carry, this.beforeCarry, this.carry.length, true);
        }
        return this.matched;
    }
    scanLiteral(chunk) {
        const [needle] = this.forms;
        if (this.carry.length > 0) {
            const across = Buffer.concat([this.carry, chunk.subarray(0, needle.length - 1)]);
            if (across.indexOf(needle) >= 0)
                return true;
        }
        return chunk.indexOf(needle) >= 0;
    }
    scanCommit(chunk) {
        // Candidates that start in the bytes kept from before, now with what follows them (a
        // candidate needs at most 41 bytes, so CARRY_BYTES of the chunk are enough).
        if (this.carry.length > 0) {
            const window = Buffer.concat([this.carry, chunk.subarray(0, CARRY_BYTES)]);
            if (this.scanWindow(window, this.beforeCarry, this.carry.length, false))
                return true;
        }
        const before = this.carry.length > 0 ? this.carry[this.carry.length - 1] : this.beforeCarry;
        return this.scanWindow(chunk, before, chunk.length, false);
    }
    /**
     * Judges the candidates that start in `view` before `startsBefore`; `before` is the byte before
     * the view (-1 at the body's start). A candidate that needs bytes past the view's end waits for
     * the next chunk (it is within the bytes kept), unless `final`.
     */
    scanWindow(view, before, startsBefore, final) {
        for (const start of this.starts) {
            for (let at = view.indexOf(start); at >= 0 && at < startsBefore; at = view.indexOf(start, at + 1)) {
                const previous = at > 0 ? view[at - 1] : before;
                if (this.judge(view, at, previous, final) === 'match')
                    return true;
            }
        }
        return false;
    }
    /** A candidate at `at` (it starts with the SHA's first 7 digits, in one case). */
    judge(view, at, previous, final) {
        let more = false;
        // The full SHA, anywhere.
        for (const form of this.forms) {
            const available = Math.min(form.length, view.length - at);
            if (view.compare(form, 0, available, at, at + available) !== 0)
                continue;
            if (available === form.length)
                return 'match';
            if (!final)
                more = true;
        }
        // A whole run of 7 to 12 digits that is the SHA's start.
        if (previous >= 0 && IS_HEX[previous] === 1)
            return more ? 'more' : 'no';
        let length = 0;
        while (at + length < view.length && length <= _build_id_js__WEBPACK_IMPORTED_MODULE_0__/* .SHORT_SHA_LENGTHS */ .Mg.max) {
            if (IS_HEX[view[at + length]] !== 1)
                break;
            length++;
        }
        const runGoesOn = at + length === view.length && !final && length <= _build_id_js__WEBPACK_IMPORTED_MODULE_0__/* .SHORT_SHA_LENGTHS */ .Mg.max;
        if (runGoesOn)
            return 'more';
        if (length >= _build_id_js__WEBPACK_IMPORTED_MODULE_0__/* .SHORT_SHA_LENGTHS */ .Mg.min && length <= _build_id_js__WEBPACK_IMPORTED_MODULE_0__/* .SHORT_SHA_LENGTHS */ .Mg.max) {
            for (const form of this.forms) {
                if (view.compare(form, 0, length, at, at + length) === 0)
                    return 'match';
            }
        }
        return more ? 'more' : 'no';
    }
    /** Keeps the last bytes seen (and the byte before them). */
    keep(chunk) {
        const size = this.carryBytes;
        if (chunk.length >= size) {
            const from = chunk.length - size;
            this.beforeCarry =
                from > 0
                    ? chunk[from - 1]
                    : this.carry.length > 0
                        ? this.carry[this.carry.length - 1]
                        : this.beforeCarry;
            this.carry = Buffer.from(chunk.subarray(from));
            return;
        }
        const joined = Buffer.concat([this.carry, chunk]);
        const from = Math.max(0, joined.length - size);
        if (from > 0)
            this.beforeCarry = joined[from - 1];
        this.carry = joined.subarray(from);
    }
}
/**
 * Whether a whole text shows the build. `text` holds one character per byte (latin1), as Node
 * gives header values and as the origin's client gives its body.
 */
function showsBuild(text, build) {
    const scanner = new BuildScanner(build);
    scanner.push(Buffer.from(text, 'latin1'));
    return scanner.end();
}


/***/ }),

/***/ 6304:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   _f: () => (/* binding */ edgeIds),
/* harmony export */   zT: () => (/* binding */ edgeHeaderPrefix)
/* harmony export */ });
/* unused harmony export edgeCacheStatus */
/* harmony import */ var _headers_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9718);
/**
 * What the service's edge tells in its headers (docs/service.md, "The public site"): every
 * answer of a site behind it carries headers whose names start with the customer's brand, a
 * prefix found from the one header that ends in `-kc-status`. Read by the verification (the
 * judge), by the origin wait (an origin_url answered by the cache) and by the tag reader.
 */

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
/** The edge's cache status (`HIT`, `EXTRACTING`, ...), upper case; undefined without one. */
function edgeCacheStatus(headers) {
    const prefix = edgeHeaderPrefix(headers);
    if (prefix === undefined)
        return undefined;
    return (headerValue(headers, `${prefix}${STATUS_SUFFIX}`) ?? '').trim().toUpperCase();
}
/** The edge's request and transaction ids, which support asks for. */
function edgeIds(headers) {
    const prefix = edgeHeaderPrefix(headers);
    if (prefix === undefined)
        return undefined;
    const ids = [
        (0,_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .headerValue */ .Z)(headers, `${prefix}-req`),
        (0,_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .headerValue */ .Z)(headers, `${prefix}-transaction`)
    ].filter((id) => id !== undefined && id !== '');
    return ids.length > 0 ? ids.join(' / ') : undefined;
}


/***/ }),

/***/ 9718:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ headerValue)
/* harmony export */ });
/* unused harmony export singleHeaderValue */
/**
 * Reading an answer's headers, one way everywhere: by name whatever its case (Node gives lower
 * case, a test or a proxy may not), a repeated header as RFC 9110 §5.3 combines it.
 */
/** A header's value, whatever the case of its name; a repeated header's values joined by ", ". */
function headerValue(headers, name) {
    const wanted = name.toLowerCase();
    for (const [key, value] of Object.entries(headers)) {
        if (key.toLowerCase() !== wanted || value === undefined)
            continue;
        return Array.isArray(value) ? value.join(', ') : value;
    }
    return undefined;
}
/**
 * The first value of a header that holds one (Content-Type, Location, Retry-After), trimmed;
 * undefined when it is absent or empty. A repeated one-value header is a server's mistake: the
 * first is what Node's own parser keeps for these names.
 */
function singleHeaderValue(headers, name) {
    const wanted = name.toLowerCase();
    for (const [key, value] of Object.entries(headers)) {
        if (key.toLowerCase() !== wanted || value === undefined)
            continue;
        const text = (Array.isArray(value) ? value[0] : value)?.trim();
        return text === '' ? undefined : text;
    }
    return undefined;
}


/***/ }),

/***/ 1175:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   NA: () => (/* binding */ BodyReadError),
/* harmony export */   di: () => (/* binding */ ACCEPTED_ENCODINGS),
/* harmony export */   x8: () => (/* binding */ readBody)
/* harmony export */ });
/* unused harmony export contentCodings */
/* harmony import */ var node_zlib__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8522);
/* harmony import */ var node_zlib__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_zlib__WEBPACK_IMPORTED_MODULE_0__);

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
            this.attach(node_zlib__WEBPACK_IMPORTED_MODULE_0__.createGunzip());
        else if (coding === 'br')
            this.attach(node_zlib__WEBPACK_IMPORTED_MODULE_0__.createBrotliDecompress());
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
        this.attach(wrapped ? node_zlib__WEBPACK_IMPORTED_MODULE_0__.createInflate() : node_zlib__WEBPACK_IMPORTED_MODULE_0__.createInflateRaw());
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


/***/ }),

/***/ 7549:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LL: () => (/* binding */ discardBody),
/* harmony export */   bW: () => (/* binding */ SiteRequestError),
/* harmony export */   nJ: () => (/* binding */ createSiteClient),
/* harmony export */   rd: () => (/* binding */ MAX_PAGE_BYTES)
/* harmony export */ });
/* harmony import */ var _actions_http_client__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4942);
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7067);
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_http__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_https__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4708);
/* harmony import */ var node_https__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_https__WEBPACK_IMPORTED_MODULE_2__);
/**
 * The HTTP client for the public site and the origin (verification, sitemaps, origin_url): never
 * the purge client, so the API key and the GitHub token have no way to reach them. GET only, no
 * cookies, no credentials, redirects not followed (a 3xx is judged by its headers), the exact
 * User-Agent of the device. The agent comes from @actions/http-client, so the runner's proxy
 * settings apply. A page's body is read and thrown away (getPage), or handed to the caller as a
 * stream (open).
 */



/** Bodies of pages are read and thrown away; a page longer than this is cut off. */
const MAX_PAGE_BYTES = 4 * 1024 * 1024;
/** No HTTP answer: the request timed out or the connection failed. */
class SiteRequestError extends Error {
    kind;
    constructor(kind, message) {
        super(message);
        this.kind = kind;
        this.name = 'SiteRequestError';
    }
}
function createSiteClient(maxSockets) {
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
            const error = new SiteRequestError('timeout', body === undefined
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
            reject(error instanceof SiteRequestError
                ? error
                : new SiteRequestError('connection', error.message));
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


/***/ }),

/***/ 9765:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  describeLook: () => (/* reexport */ readiness/* describeLook */.Fd),
  runOriginWait: () => (/* binding */ runOriginWait)
});

// EXTERNAL MODULE: ./src/time/clock.ts
var clock = __webpack_require__(3355);
// EXTERNAL MODULE: ./src/build/build-id.ts
var build_id = __webpack_require__(6652);
// EXTERNAL MODULE: ./src/core/constants.ts
var constants = __webpack_require__(6214);
// EXTERNAL MODULE: ./src/http/read-body.ts
var read_body = __webpack_require__(1175);
// EXTERNAL MODULE: ./src/http/headers.ts
var headers = __webpack_require__(9718);
// EXTERNAL MODULE: ./src/http/site-client.ts
var site_client = __webpack_require__(7549);
;// CONCATENATED MODULE: ./src/origin/origin-client.ts
/**
 * The client for origin_url: the site's client (http/site-client.ts: GET only, no cookie,
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
function createOriginClient(transport = (0,site_client/* createSiteClient */.nJ)(1)) {
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
        const location = (0,headers/* headerValue */.Z)(answer.headers, 'location');
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

// EXTERNAL MODULE: ./src/origin/readiness.ts
var readiness = __webpack_require__(3354);
// EXTERNAL MODULE: ./src/http/retry-after.ts
var retry_after = __webpack_require__(7821);
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
        await clock.sleep(next.ms, input.signal);
        if (input.signal?.aborted) {
            return finish({
                ready: false,
                elapsedMs: clock.now() - started,
                looks,
                last,
                stopped: 'aborted'
            });
        }
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

// EXTERNAL MODULE: ./src/text/format.ts
var format = __webpack_require__(8488);
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
        : `Origin: waiting for ${settings.url.href} to show build ${build}, up to ${(0,format/* tenths */.TP)(settings.timeoutMs)} before ${run.before ?? 'purging'}.`);
    try {
        const wait = await waitForBuild({
            url: settings.url,
            build: settings.build,
            timeoutMs: settings.timeoutMs,
            requestTimeoutMs: run.requestTimeoutMs,
            look: (url, timeoutMs) => client.look(url, timeoutMs),
            clock: run.clock ?? clock.systemClock,
            once: run.once,
            ...(run.signal && { signal: run.signal }),
            onProgress: progress => log.info(`Origin: not build ${(0,build_id/* shortBuild */.NB)(settings.build)} yet after ${(0,format/* tenths */.TP)(progress.elapsedMs)} (${progress.looks} look(s); last: ${progress.last ? (0,readiness/* describeLook */.Fd)(progress.last) : 'none yet'}).`)
        });
        const last = wait.last ? (0,readiness/* describeLook */.Fd)(wait.last) : 'no answer';
        if (wait.ready) {
            log.info(`Origin: build ${(0,build_id/* shortBuild */.NB)(settings.build)} is live after ${(0,format/* tenths */.TP)(wait.elapsedMs)} (${wait.looks} look(s)).`);
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


/***/ }),

/***/ 3354:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fd: () => (/* binding */ describeLook),
/* harmony export */   UF: () => (/* binding */ judgeOriginAnswer),
/* harmony export */   Zx: () => (/* binding */ failedLook)
/* harmony export */ });
/* harmony import */ var _build_build_id_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6652);
/* harmony import */ var _build_build_scanner_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3591);
/* harmony import */ var _text_log_safety_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1136);
/* harmony import */ var _http_edge_headers_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6304);
/* harmony import */ var _http_headers_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9718);
/* harmony import */ var _http_statuses_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7276);
/**
 * Whether one answer of origin_url shows the expected build, and what it showed otherwise, for
 * the log and the summary. Pure: the answer's status, headers and the first part of its body
 * go in.
 */






/**
 * Header names whose values may name a build (`X-Build`, `X-App-Version`, `X-Git-Rev`). The
 * others hold dates, sizes, timeouts and hashes of content (`Date`, `Content-Length`,
 * `Keep-Alive: timeout=30`, `ETag`), where a literal build id such as a build number shows by
 * chance: searched, they would call the origin ready while it serves the previous build.
 */
const VERSION_HEADER = /version|build|commit|rev|release|sha|deploy|git/i;
const MAX_EXCERPT_BODY = 200;
function judgeOriginAnswer(answer, build) {
    const versionHeaders = Object.entries(answer.headers).flatMap(([name, value]) => value === undefined || !VERSION_HEADER.test(name) ? [] : Array.isArray(value) ? value : [value]);
    const ok = answer.status >= 200 && answer.status <= 299;
    const shown = versionHeaders.some(value => (0,_build_build_scanner_js__WEBPACK_IMPORTED_MODULE_1__/* .showsBuild */ .r)(value, build)) || (0,_build_build_scanner_js__WEBPACK_IMPORTED_MODULE_1__/* .showsBuild */ .r)(answer.body, build);
    const searched = [...versionHeaders, answer.body].join('\n');
    const longPrefix = (0,_build_build_id_js__WEBPACK_IMPORTED_MODULE_0__/* .longPrefixOf */ .gu)(searched, build);
    const otherIds = (0,_build_build_id_js__WEBPACK_IMPORTED_MODULE_0__/* .otherCommitLikeIds */ .P4)(searched, id => (0,_build_build_scanner_js__WEBPACK_IMPORTED_MODULE_1__/* .showsBuild */ .r)(id, build) || (build.kind === 'commit' && build.text.startsWith(id)));
    const retryAfter = (0,_http_statuses_js__WEBPACK_IMPORTED_MODULE_2__/* .isRetryableSiteStatus */ .S)(answer.status)
        ? (0,_http_headers_js__WEBPACK_IMPORTED_MODULE_3__/* .headerValue */ .Z)(answer.headers, 'retry-after')
        : undefined;
    const date = (0,_http_headers_js__WEBPACK_IMPORTED_MODULE_3__/* .headerValue */ .Z)(answer.headers, 'date');
    const excerpt = answer.body.length <= MAX_EXCERPT_BODY
        ? (0,_text_log_safety_js__WEBPACK_IMPORTED_MODULE_4__/* .linePreview */ .Ns)(Buffer.from(answer.body, 'latin1').toString('utf8'), 80)
        : undefined;
    const problem = answer.redirectRefused ?? answer.bodyProblem;
    const prefix = (0,_http_edge_headers_js__WEBPACK_IMPORTED_MODULE_5__/* .edgeHeaderPrefix */ .zT)(answer.headers);
    const cacheStatus = prefix === undefined ? undefined : (0,_http_headers_js__WEBPACK_IMPORTED_MODULE_3__/* .headerValue */ .Z)(answer.headers, `${prefix}-kc-status`);
    return {
        ready: ok && shown,
        status: answer.status,
        otherIds,
        ...(excerpt !== undefined && { excerpt }),
        ...(problem !== undefined && { problem }),
        ...(retryAfter !== undefined && { retryAfter }),
        ...(date !== undefined && { date }),
        ...(cacheStatus !== undefined && { throughCache: `${prefix}-kc-status: ${cacheStatus}` }),
        ...(longPrefix !== undefined && { longPrefix })
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
    if (look.ready)
        return `HTTP ${look.status}, shows the build`;
    const parts = [`HTTP ${look.status}`];
    if (look.longPrefix !== undefined) {
        parts.push(`shows ${look.longPrefix}, the build's first ${look.longPrefix.length} digits (only the full SHA or its first 7 to 12 digits count)`);
    }
    else if (look.otherIds.length > 0) {
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
    if (look.throughCache !== undefined) {
        parts.push(`answered through the rendering cache (${look.throughCache}), not by the origin`);
    }
    return parts.join(', ');
}


/***/ })

};
