export const id = 636;
export const ids = [636];
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
/* harmony export */   BN: () => (/* binding */ fromKeptEntry),
/* harmony export */   _5: () => (/* binding */ readEdgeHeaders),
/* harmony export */   _f: () => (/* binding */ edgeIds),
/* harmony export */   b8: () => (/* binding */ servedFromCacheHeader),
/* harmony export */   zT: () => (/* binding */ edgeHeaderPrefix)
/* harmony export */ });
/* harmony import */ var _headers_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9718);
/**
 * What the service's edge tells in its headers (docs/service.md, "The public site"): every
 * answer of a site behind it carries headers whose names start with the customer's brand, a
 * prefix found from the one header that ends in `-kc-status`. An answer that bypassed the cache
 * may carry `<Prefix>-Bypass` and no status at all (a cache that was not consulted has none to
 * give): its prefix is then vouched for by its other brand headers, or by the prefix the site's
 * earlier answers showed. Read by the verification (the judge), by the origin wait (an
 * origin_url answered by the cache, which fails it at once) and by the tag reader.
 */

const STATUS_SUFFIX = '-kc-status';
const BYPASS_SUFFIX = '-bypass';
const CACHE_DATE_SUFFIX = '-kc-date';
/** Other headers of the edge (docs/service.md): one of them vouches for a bypass's prefix. */
const BRAND_SUFFIXES = ['-req', '-transaction', CACHE_DATE_SUFFIX, '-tags'];
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
/**
 * The edge's reading of an answer: its prefix, status and bypass reason; undefined when the
 * answer shows no brand header the edge is known by (an origin server's answer). Without a
 * status header, a non-empty `<Prefix>-Bypass` counts when another header of the same prefix
 * (`-Req`, `-Transaction`, `-Kc-Date`, `-Tags`) or `knownPrefix` (what the site's earlier
 * answers showed) vouches for it: a lone `X-Bypass` is some other server's.
 */
function readEdgeHeaders(headers, knownPrefix) {
    const prefix = edgeHeaderPrefix(headers);
    if (prefix !== undefined) {
        const status = ((0,_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .headerValue */ .Z)(headers, `${prefix}${STATUS_SUFFIX}`) ?? '').trim().toUpperCase();
        const bypass = (0,_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .headerValue */ .Z)(headers, `${prefix}${BYPASS_SUFFIX}`)?.trim();
        const cacheDate = (0,_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .headerValue */ .Z)(headers, `${prefix}${CACHE_DATE_SUFFIX}`)?.trim();
        return { prefix, status, ...(bypass && { bypass }), ...(cacheDate && { cacheDate }) };
    }
    return bypassWithoutStatus(headers, knownPrefix);
}
/** The rare answer without a status: a bypass whose prefix something vouches for. */
function bypassWithoutStatus(headers, knownPrefix) {
    for (const [name, value] of Object.entries(headers)) {
        const lower = name.toLowerCase();
        if (!lower.endsWith(BYPASS_SUFFIX) || lower.length <= BYPASS_SUFFIX.length)
            continue;
        const bypass = (Array.isArray(value) ? value.join(', ') : (value ?? '')).trim();
        if (bypass === '')
            continue;
        const prefix = lower.slice(0, -BYPASS_SUFFIX.length);
        const vouched = prefix === knownPrefix ||
            BRAND_SUFFIXES.some(suffix => Boolean((0,_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .headerValue */ .Z)(headers, `${prefix}${suffix}`)?.trim()));
        if (vouched)
            return { prefix, bypass };
    }
    return undefined;
}
/**
 * Whether the edge served the answer from an entry its cache kept: a HIT that it did not bypass.
 * Such an answer shows what was cached, whatever the origin serves now, and a purge changes it;
 * any other (EXTRACTING rendered from the origin, MISS, a bypassed answer passed through to it)
 * shows what the origin serves.
 */
function fromKeptEntry(reading) {
    return reading?.status === 'HIT' && reading.bypass === undefined;
}
/** The status header as sent (`acme-kc-status: HIT`) when fromKeptEntry; else undefined. */
function servedFromCacheHeader(headers) {
    const reading = readEdgeHeaders(headers);
    if (!fromKeptEntry(reading))
        return undefined;
    return `${reading.prefix}${STATUS_SUFFIX}: ${(0,_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .headerValue */ .Z)(headers, `${reading.prefix}${STATUS_SUFFIX}`)?.trim()}`;
}
/**
 * The edge's request and transaction ids, which support asks for; `knownPrefix` finds them on
 * an answer that has no status header (a bypass).
 */
function edgeIds(headers, knownPrefix) {
    const prefix = edgeHeaderPrefix(headers) ?? bypassWithoutStatus(headers, knownPrefix)?.prefix;
    if (prefix === undefined)
        return undefined;
    const ids = [
        (0,_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .headerValue */ .Z)(headers, `${prefix}-req`),
        (0,_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .headerValue */ .Z)(headers, `${prefix}-transaction`)
    ].filter((id) => id !== undefined && id !== '');
    return ids.length > 0 ? ids.join(' / ') : undefined;
}


/***/ }),

/***/ 1175:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   NA: () => (/* binding */ BodyReadError),
/* harmony export */   bl: () => (/* binding */ contentCodings),
/* harmony export */   di: () => (/* binding */ ACCEPTED_ENCODINGS),
/* harmony export */   lE: () => (/* binding */ tooManyCodings),
/* harmony export */   x8: () => (/* binding */ readBody)
/* harmony export */ });
/* unused harmony export MAX_CONTENT_CODINGS */
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
/**
 * The most content codings one answer may list. A server compresses once; twice happens (a
 * `.gz` file served with `Content-Encoding: gzip`, as the sitemap reader allows). More is no
 * server's doing but a hostile one's: each coding is a decoder, and 5,000 of them fit in a
 * 15 KB header (about 15 MB of brotli state per answer).
 */
const MAX_CONTENT_CODINGS = 2;
/** The codings of a `Content-Encoding` value, in the order they were applied. */
function contentCodings(value) {
    const codings = [];
    let unknown;
    let count = 0;
    for (const part of (value ?? '').split(',')) {
        const coding = part.trim().toLowerCase();
        if (coding === '' || coding === 'identity')
            continue;
        count++;
        if (coding === 'gzip' || coding === 'x-gzip')
            codings.push('gzip');
        else if (coding === 'deflate' || coding === 'br')
            codings.push(coding);
        else
            unknown ??= part.trim();
    }
    if (count > MAX_CONTENT_CODINGS)
        return { tooMany: count };
    return unknown === undefined ? { codings } : { unknown };
}
/** Why an answer with too many codings is not read: the same words wherever it is refused. */
function tooManyCodings(count) {
    return `the answer lists ${count} content codings; at most ${MAX_CONTENT_CODINGS} are decoded`;
}
/** The codings this reader decodes, for an `Accept-Encoding` request header. */
const ACCEPTED_ENCODINGS = 'gzip, deflate, br';
function readBody(body, options) {
    return new Promise((resolve, reject) => {
        const parsed = contentCodings(options.contentEncoding);
        if (!('codings' in parsed)) {
            drain(body, options.maxDrainBytes);
            reject(new BodyReadError('encoding', 'tooMany' in parsed
                ? tooManyCodings(parsed.tooMany)
                : `the answer is encoded with ${JSON.stringify(parsed.unknown)}, which is not read (only ${ACCEPTED_ENCODINGS})`));
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
        if (options.origin !== undefined)
            headers['Origin'] = options.origin;
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


/***/ })

};
