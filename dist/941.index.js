export const id = 941;
export const ids = [941];
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

/***/ 3354:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fd: () => (/* binding */ describeLook),
/* harmony export */   UF: () => (/* binding */ judgeOriginAnswer),
/* harmony export */   Zx: () => (/* binding */ failedLook)
/* harmony export */ });
/* harmony import */ var _build_build_id_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6652);
/* harmony import */ var _build_build_scanner_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3591);
/* harmony import */ var _log_safety_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8224);
/* harmony import */ var _verify_judge_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7746);
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
    const retryAfter = (0,_verify_judge_js__WEBPACK_IMPORTED_MODULE_2__/* .isRetryableStatus */ .PS)(answer.status)
        ? (0,_verify_judge_js__WEBPACK_IMPORTED_MODULE_2__/* .headerValue */ .Z)(answer.headers, 'retry-after')
        : undefined;
    const date = (0,_verify_judge_js__WEBPACK_IMPORTED_MODULE_2__/* .headerValue */ .Z)(answer.headers, 'date');
    const excerpt = answer.body.length <= MAX_EXCERPT_BODY
        ? (0,_log_safety_js__WEBPACK_IMPORTED_MODULE_3__/* .linePreview */ .Ns)(Buffer.from(answer.body, 'latin1').toString('utf8'), 80)
        : undefined;
    const problem = answer.redirectRefused ?? answer.bodyProblem;
    const prefix = (0,_verify_judge_js__WEBPACK_IMPORTED_MODULE_2__/* .edgeHeaderPrefix */ .zT)(answer.headers);
    const cacheStatus = prefix === undefined ? undefined : (0,_verify_judge_js__WEBPACK_IMPORTED_MODULE_2__/* .headerValue */ .Z)(answer.headers, `${prefix}-kc-status`);
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


/***/ }),

/***/ 7941:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   renderOriginSection: () => (/* binding */ renderOriginSection),
/* harmony export */   renderOriginTimeout: () => (/* binding */ renderOriginTimeout)
/* harmony export */ });
/* harmony import */ var _origin_readiness_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3354);
/* harmony import */ var _html_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6433);


/** The section of a run that waited (or, on a dry run, looked once). */
function renderOriginSection(report) {
    const { wait } = report;
    const build = (0,_html_js__WEBPACK_IMPORTED_MODULE_1__/* .code */ .aY)(report.build.text);
    const title = wait.ready
        ? `✅ build ${build} is live`
        : `⏳ build ${build} is not live yet (dry run)`;
    const rows = detailRows(report);
    const note = wait.ready
        ? `<p>The purges were sent once the origin showed the build: ${seconds(wait.elapsedMs)} after the wait began.</p>\n`
        : '<p>Dry run: the origin was looked at once. A real run would wait for it (up to <code>origin&#95;timeout&#95;seconds</code>) before purging.</p>\n';
    return `<h3>Origin: ${title}</h3>\n${note}${(0,_html_js__WEBPACK_IMPORTED_MODULE_1__/* .table */ .tp)(['origin', 'value'], rows)}`;
}
/** The summary of a run that stopped because the origin never showed the build. */
function renderOriginTimeout(report, targets) {
    const { wait } = report;
    const what = wait.stopped === 'retry-after'
        ? `origin_url asked (Retry-After) to be asked again after the deadline (${seconds(report.timeoutMs)} from the first look), so the wait stopped after ${seconds(wait.elapsedMs)}`
        : `origin_url was looked at ${wait.looks} time(s) in ${seconds(wait.elapsedMs)} (origin_timeout_seconds) and never showed the build`;
    const parts = [
        `<h2>Cache purge: failed: the origin does not serve build ${(0,_html_js__WEBPACK_IMPORTED_MODULE_1__/* .code */ .aY)(report.build.text)}, nothing was purged</h2>\n`,
        `<p>${(0,_html_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeHtml */ .ZD)(`${what}. Nothing was purged: a purge now would make the service render and cache the previous build again.`)}</p>\n`,
        (0,_html_js__WEBPACK_IMPORTED_MODULE_1__/* .table */ .tp)(['origin', 'value'], detailRows(report)),
        `<h3>What to do</h3>\n<ul>\n${advice(report)
            .map(item => `<li>${(0,_html_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeHtml */ .ZD)(item)}</li>`)
            .join('\n')}\n</ul>\n`,
        (0,_html_js__WEBPACK_IMPORTED_MODULE_1__/* .foldedList */ .H8)('Not purged', [...targets.tags, ...targets.urls, ...targets.patterns], 1000)
    ];
    return parts.join('');
}
function detailRows(report) {
    const { wait } = report;
    const rows = [
        ['polled', (0,_html_js__WEBPACK_IMPORTED_MODULE_1__/* .code */ .aY)(report.url)],
        ['expected build', `${(0,_html_js__WEBPACK_IMPORTED_MODULE_1__/* .code */ .aY)(report.build.text)} (${(0,_html_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeHtml */ .ZD)(buildSource(report.build))})`],
        ['looks', `${wait.looks} in ${seconds(wait.elapsedMs)}`]
    ];
    if (wait.last !== undefined)
        rows.push(['last answer', (0,_html_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeHtml */ .ZD)(lastAnswer(wait.last))]);
    return rows;
}
function buildSource(build) {
    const rule = build.kind === 'commit'
        ? 'a commit: its full SHA or a 7- to 12-character prefix'
        : 'matched as literal text';
    return `from ${build.source}; ${rule}`;
}
function lastAnswer(look) {
    const described = (0,_origin_readiness_js__WEBPACK_IMPORTED_MODULE_0__/* .describeLook */ .Fd)(look);
    if (look.ready || look.status === undefined || look.otherIds.length > 0)
        return described;
    if (look.longPrefix !== undefined)
        return described;
    return look.status >= 200 && look.status <= 299
        ? `${described}; no other commit-like id either`
        : described;
}
function advice(report) {
    const last = report.wait.last;
    const items = [];
    if (last?.throughCache !== undefined) {
        items.push(`origin_url is answered by the rendering service’s edge (${last.throughCache}), which serves the page it cached: the previous build until a purge, which this wait holds back. Point origin_url at the origin itself (its own address, not the public site).`);
    }
    else if (last?.longPrefix !== undefined) {
        items.push(`origin_url shows ${last.longPrefix}, the build’s first ${last.longPrefix.length} digits: only the full SHA or its first 7 to 12 digits count. Write one of those, or give build_id: ${last.longPrefix}.`);
    }
    else if (last?.otherIds.length) {
        items.push(`The origin still shows ${last.otherIds.join(', ')}: the deploy has not reached it yet, or it deployed another build than ${report.build.text} (${report.build.source}). Check the deploy, or give build_id.`);
    }
    else if (last?.status !== undefined && last.status >= 200 && last.status <= 299) {
        items.push('origin_url answered without any build id: make it show one (a version file, or a meta tag in a page; see docs/verify.md), or point origin_url at what does.');
    }
    else {
        items.push('origin_url did not answer with a 2xx: check the address, and that it is reachable from the runner without credentials.');
    }
    items.push(`If your rollout takes longer than ${seconds(report.timeoutMs)}, raise origin_timeout_seconds.`);
    items.push('Run the workflow again once the origin serves the build: the purge is sent then.');
    return items;
}
function seconds(ms) {
    return `${(ms / 1000).toFixed(1)} s`;
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
 * With `proveContent`, fresh also needs the build in the body of a 2xx answer (`answer.content`):
 * a HIT fresh by its date without it is stale, old content; EXTRACTING without it is
 * `rendering`; a body that could not be read is asked again. A cached redirect is judged by its
 * date alone.
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
    // Only a page shows a build: a cached redirect (3xx) or another non-2xx answer has no body
    // to prove (the transport reads none), so its cache date alone judges it, as without the proof.
    const proving = proveContent && answer.status >= 200 && answer.status <= 299;
    switch (status) {
        case 'EXTRACTING':
            if (!proving || answer.content?.kind === 'found')
                return { kind: 'fresh', warm: false };
            return { kind: 'rendering' };
        case 'MISS':
            return { kind: 'not-cacheable' };
        case 'HIT':
            return judgeHit(answer, prefix, purgeAcceptedAt, skew, proving);
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


/***/ })

};
