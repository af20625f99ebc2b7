export const id = 783;
export const ids = [783];
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

/***/ 4543:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   z: () => (/* binding */ reasonsOf)
/* harmony export */ });
/* harmony import */ var _pcre2_pcre2_mjs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5095);
/**
 * How messages name the ways PHP's preg_match() gives up on a path (it returns false, and the
 * service purges nothing for that path).
 */

/** "Backtrack limit exhausted at pcre.backtrack_limit", for each reason once. */
function reasonsOf(gaveUp) {
    return [...new Set(gaveUp.map(({ reason }) => reason))].map(reasonText).join('; ');
}
function reasonText(reason) {
    const setting = reason === 'backtrack-limit'
        ? ' at pcre.backtrack_limit'
        : reason === 'recursion-limit'
            ? ' at pcre.recursion_limit'
            : '';
    return `${_pcre2_pcre2_mjs__WEBPACK_IMPORTED_MODULE_0__/* .GIVE_UP_MESSAGES */ .B4[reason]}${setting}`;
}


/***/ }),

/***/ 2720:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Wl: () => (/* binding */ PREVIEW_FIRST),
/* harmony export */   lh: () => (/* binding */ selectPages),
/* harmony export */   mR: () => (/* binding */ firstInOrder)
/* harmony export */ });
/* unused harmony exports spreadSample, pageHasFolderTag */
/* harmony import */ var _pattern_give_up_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4543);
/* harmony import */ var _shard_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4453);


const PREVIEW_FIRST = 20;
/** Paths named in the warning about paths where PHP gives up. */
const GAVE_UP_NAMED = 5;
function selectPages(input) {
    const chosen = new Map();
    // A pattern may select a million pages: a new page's list is made at its size (an empty
    // array grown by push reserves room for 16), grown only for a page a second target selects too.
    const add = (path, target) => {
        const refs = chosen.get(path);
        if (refs === undefined)
            chosen.set(path, target ? [target] : []);
        else if (target)
            refs.push(target);
    };
    const notes = [];
    const warnings = [];
    const bySitemap = [];
    const uncheckedTags = [];
    const sitemap = input.sitemapPages;
    for (const url of input.targets.urls)
        add(url, { kind: 'url', item: url });
    for (const pattern of input.targets.patterns) {
        const target = { kind: 'pattern', item: pattern };
        if (sitemap === undefined) {
            notes.push(input.sitemapOff
                ? `Pattern ${pattern}: sitemaps are turned off (sitemap: none), so its pages could not be chosen; list them in verify_urls.`
                : `Pattern ${pattern}: no sitemap, so its pages could not be chosen.`);
            continue;
        }
        const started = performance.now();
        const match = input.matchPattern(pattern, sitemap);
        const matchMs = performance.now() - started;
        if (match.kind === 'refused') {
            notes.push(`Pattern ${pattern}: PCRE2 cannot compile it (${match.reason}).`);
            continue;
        }
        warnings.push(...patternWarnings(pattern, match, sitemap.size));
        for (const path of match.paths)
            add(path, target);
        bySitemap.push({
            target,
            count: match.paths.length,
            first: firstInOrder(match.paths, PREVIEW_FIRST),
            matchMs
        });
    }
    for (const tag of input.targets.tags) {
        const folder = folderOfTag(tag);
        if (folder === undefined || sitemap === undefined) {
            uncheckedTags.push(tag);
            continue;
        }
        const target = { kind: 'tag', item: tag };
        const paths = [];
        for (const path of sitemap)
            if (pageHasFolderTag(path, tag))
                paths.push(path);
        for (const path of paths)
            add(path, target);
        bySitemap.push({ target, count: paths.length, first: firstInOrder(paths, PREVIEW_FIRST) });
    }
    const extras = new Set(input.extraPages);
    for (const page of input.extraPages)
        add(page);
    // Split before the sample, so that the limit applies to this job's part; by path (the keys
    // are unique), so that only the pages kept become objects.
    const { shard } = input;
    const paths = [...chosen.keys()];
    const part = shard === undefined ? paths : paths.filter(path => (0,_shard_js__WEBPACK_IMPORTED_MODULE_1__/* .inShard */ .Iw)(path, shard));
    const kept = spreadSample(part, input.limit, path => extras.has(path));
    const pages = kept.map(path => ({ path, purgedBy: chosen.get(path) ?? [] }));
    let sitemapPagesPurged = 0;
    if (sitemap !== undefined) {
        for (const [path, refs] of chosen)
            if (refs.length > 0 && sitemap.has(path))
                sitemapPagesPurged++;
    }
    return {
        pages,
        selectedCount: chosen.size,
        ...(sitemap !== undefined && { sitemapPagesPurged }),
        ...(shard && { shard }),
        inShard: part.length,
        leftOut: part.length - pages.length,
        bySitemap,
        uncheckedTags,
        urlsNotInSitemap: sitemap ? input.targets.urls.filter(url => !sitemap.has(url)) : [],
        notes,
        ...(warnings.length > 0 && { warnings })
    };
}
/**
 * The `count` smallest paths in code-unit order, without sorting them all (a pattern may select
 * a million): a sorted window of `count`, each path tried against its last.
 */
function firstInOrder(paths, count) {
    const first = [];
    for (const path of paths) {
        if (first.length === count && path >= (first[count - 1] ?? ''))
            continue;
        let low = 0;
        let high = first.length;
        while (low < high) {
            const middle = (low + high) >> 1;
            if ((first[middle] ?? '') < path)
                low = middle + 1;
            else
                high = middle;
        }
        first.splice(low, 0, path);
        if (first.length > count)
            first.pop();
    }
    return first;
}
/** Paths where PHP gives up, and a pattern that selects most of the sitemap. */
function patternWarnings(pattern, match, sitemapSize) {
    const warnings = [];
    const { gaveUp } = match;
    if (gaveUp.length > 0) {
        const named = gaveUp.slice(0, GAVE_UP_NAMED).map(({ path }) => path);
        const more = gaveUp.length > named.length ? ` and ${gaveUp.length - named.length} more` : '';
        warnings.push(`Pattern ${pattern}: PHP's preg_match() gives up on ${gaveUp.length} of the sitemap's paths (${(0,_pattern_give_up_js__WEBPACK_IMPORTED_MODULE_0__/* .reasonsOf */ .z)(gaveUp)}): the service does not purge them, and they are not checked: ${named.join(', ')}${more}.`);
    }
    if (sitemapSize > 0 && match.paths.length * 2 > sitemapSize) {
        const share = Math.round((match.paths.length / sitemapSize) * 100);
        warnings.push(`Pattern ${pattern} selects ${match.paths.length} of the sitemap's ${sitemapSize} pages (${share}%): most of the site is purged.`);
    }
    return warnings;
}
/**
 * At most `limit` items: every `keep` item, and the others evenly spread over the list (so a
 * sample of a long section still covers its start, middle and end), in list order.
 */
function spreadSample(items, limit, keep) {
    if (items.length <= limit)
        return [...items];
    const kept = new Set(items.filter(keep));
    const rest = items.filter(item => !kept.has(item));
    const room = Math.max(0, limit - kept.size);
    for (let i = 0; i < room; i++) {
        const picked = rest[Math.floor((i * rest.length) / room)];
        if (picked !== undefined)
            kept.add(picked);
    }
    return items.filter(item => kept.has(item));
}
/** `folder-A-f-B` -> true for a tag of that shape. */
function folderOfTag(tag) {
    return /^folder-./.test(tag) ? tag : undefined;
}
/**
 * Whether a page carries a folder tag: `/A/B/C/page` has `folder-A`, `folder-A-f-B` and
 * `folder-A-f-B-f-C` (the last segment is the page; the query is ignored). Segments are
 * compared as written and percent-decoded, since either may be what the backend tagged.
 */
function pageHasFolderTag(path, tag) {
    const query = path.indexOf('?');
    const segments = (query < 0 ? path : path.slice(0, query)).split('/').slice(1, -1);
    if (segments.some(segment => segment === ''))
        return false;
    for (const decode of [false, true]) {
        let current = 'folder';
        for (const [index, segment] of segments.entries()) {
            current += `${index === 0 ? '-' : '-f-'}${decode ? safeDecode(segment) : segment}`;
            if (current === tag)
                return true;
            if (!tag.startsWith(current))
                break;
        }
    }
    return false;
}
function safeDecode(segment) {
    try {
        return decodeURIComponent(segment);
    }
    catch {
        return segment;
    }
}


/***/ }),

/***/ 5095:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B4: () => (/* binding */ GIVE_UP_MESSAGES),
/* harmony export */   HI: () => (/* binding */ readPhpPattern),
/* harmony export */   ST: () => (/* binding */ PHP_MODIFIERS),
/* harmony export */   W5: () => (/* binding */ PCRE2_VERSION),
/* harmony export */   m6: () => (/* binding */ compilePhpPattern),
/* harmony export */   rv: () => (/* binding */ pcre2)
/* harmony export */ });
/* unused harmony exports PHP_BACKTRACK_LIMIT, PHP_RECURSION_LIMIT, createPcre2, CompiledPattern */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/**
 * PCRE2 10.42 as the service's PHP runs it: the one module that touches the WebAssembly engine
 * (pcre2.wasm, built by build.sh from Debian's source of PCRE2). Plain JavaScript with its types
 * in pcre2.d.mts, so that the TypeScript action (bundled into dist/) and the emulator (run as
 * is) load the same code and the same engine, and cannot disagree.
 *
 * What PHP does before PCRE2 is done here as php_pcre.c does it (PHP 8.2 and 8.3): the leading
 * white space, the delimiters (bracket pairs included), the modifiers and the options they set.
 * What PHP does after is here too: the match and recursion limits (pcre.backtrack_limit,
 * pcre.recursion_limit) and the UTF-8 check of a subject under `u`, where preg_match() returns
 * false. Everything in between is PCRE2's own code.
 */


const PCRE2_VERSION = '10.42'
/** php.ini's pcre.backtrack_limit default, which PHP passes to pcre2_set_match_limit. */
const PHP_BACKTRACK_LIMIT = 1_000_000
/** php.ini's pcre.recursion_limit default, which PHP passes to pcre2_set_depth_limit. */
const PHP_RECURSION_LIMIT = 100_000

// pcre2.h
const PCRE2_ANCHORED = 0x80000000
const PCRE2_NO_UTF_CHECK = 0x40000000
const PCRE2_CASELESS = 0x00000008
const PCRE2_DOLLAR_ENDONLY = 0x00000010
const PCRE2_DOTALL = 0x00000020
const PCRE2_DUPNAMES = 0x00000040
const PCRE2_EXTENDED = 0x00000080
const PCRE2_MULTILINE = 0x00000400
const PCRE2_NO_AUTO_CAPTURE = 0x00002000
const PCRE2_UCP = 0x00020000
const PCRE2_UNGREEDY = 0x00040000
const PCRE2_UTF = 0x00080000
const PCRE2_EXTRA_ALLOW_LOOKAROUND_BSK = 0x00000040
const PCRE2_ERROR_NOMATCH = -1
const PCRE2_ERROR_UTF8_ERR1 = -3
const PCRE2_ERROR_UTF8_ERR21 = -23
const PCRE2_ERROR_MATCHLIMIT = -47
const PCRE2_ERROR_DEPTHLIMIT = -53

/**
 * PHP's modifiers and the compile options they set (php_pcre.c,
 * pcre_get_compiled_regex_cache_ex). S and X are accepted and do nothing since PHP 7.3; space
 * and line breaks are skipped; `u` also sets UCP, so \d, \w, [[:alpha:]] and friends follow
 * Unicode. Any other character is refused ("Unknown modifier").
 */
const PHP_MODIFIERS = Object.freeze({
  i: PCRE2_CASELESS,
  m: PCRE2_MULTILINE,
  n: PCRE2_NO_AUTO_CAPTURE,
  s: PCRE2_DOTALL,
  x: PCRE2_EXTENDED,
  A: PCRE2_ANCHORED,
  D: PCRE2_DOLLAR_ENDONLY,
  S: 0,
  X: 0,
  U: PCRE2_UNGREEDY,
  u: PCRE2_UTF | PCRE2_UCP,
  J: PCRE2_DUPNAMES,
  ' ': 0,
  '\n': 0,
  '\r': 0
})
/** The compile context's extra options PHP sets (php_pcre_init_pcre2), for PCRE2 10.38 on. */
const PHP_EXTRA_OPTIONS = PCRE2_EXTRA_ALLOW_LOOKAROUND_BSK

/** What preg_last_error_msg() says when preg_match() returns false for a subject. */
const GIVE_UP_MESSAGES = Object.freeze({
  'backtrack-limit': 'Backtrack limit exhausted',
  'recursion-limit': 'Recursion limit exhausted',
  'bad-utf8': 'Malformed UTF-8 characters, possibly incorrectly encoded',
  internal: 'Internal error'
})

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * Reads a pattern as PHP does before compiling it: white space skipped, the first character is
 * the delimiter (the closing one of a bracket pair), the body runs to the first unescaped end
 * delimiter (bracket pairs nest), and modifiers follow. PHP works on bytes, so this does too:
 * offsets are in bytes of the UTF-8 text.
 *
 * @param {string} pattern
 * @returns {import('./pcre2.d.mts').PhpReading}
 */
function readPhpPattern(pattern) {
  const bytes = encoder.encode(pattern)
  let at = 0
  while (at < bytes.length && isCSpace(bytes[at])) at++
  if (at >= bytes.length) return { ok: false, message: 'Empty regular expression' }
  const start = bytes[at++]
  if (isCAlnum(start) || start === 0x5c || start === 0) {
    return { ok: false, message: 'Delimiter must not be alphanumeric, backslash, or NUL' }
  }
  const pair = '([{<'.indexOf(String.fromCharCode(start))
  const end = pair >= 0 ? ')]}>'.charCodeAt(pair) : start
  const bodyStart = at
  let depth = 1
  for (; at < bytes.length; at++) {
    if (bytes[at] === 0x5c && at + 1 < bytes.length) at++
    else if (bytes[at] === end && (start === end || --depth <= 0)) break
    else if (bytes[at] === start && start !== end) depth++
  }
  if (at >= bytes.length) {
    const which = start === end ? '' : 'matching '
    return { ok: false, message: `No ending ${which}delimiter '${byteChar(end)}' found` }
  }
  const body = bytes.subarray(bodyStart, at)
  let options = 0
  const modifiers = decoder.decode(bytes.subarray(at + 1))
  for (const modifier of modifiers) {
    const option = Object.hasOwn(PHP_MODIFIERS, modifier) ? PHP_MODIFIERS[modifier] : undefined
    if (option === undefined) {
      return {
        ok: false,
        message:
          modifier === '\0' ? 'NUL is not a valid modifier' : `Unknown modifier '${modifier}'`,
        modifier,
        endDelimiterAt: at
      }
    }
    options |= option
  }
  return {
    ok: true,
    delimiter: byteChar(start),
    endDelimiter: byteChar(end),
    body: decoder.decode(body),
    bodyBytes: body,
    bodyStart,
    modifiers,
    options
  }
}

/** C's isspace() in the "C" locale. */
function isCSpace(byte) {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d)
}

/** C's isalnum() in the "C" locale: bytes from 0x80 up are not letters there. */
function isCAlnum(byte) {
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a)
  )
}

function byteChar(byte) {
  return byte < 0x80 ? String.fromCharCode(byte) : `\\x${byte.toString(16)}`
}

/** The engine: one WebAssembly instance, its shared match context and match data. */
class Engine {
  /**
   * @param {BufferSource} bytes the module
   * @param {{ matchLimit?: number, depthLimit?: number }} limits PHP's unless given
   */
  constructor(bytes, limits = {}) {
    // V8 runs PCRE2's match() (one 80 KB function) on its baseline code first and optimizes it
    // in the background after a few dozen matches. Node waits for that compile (some 80 ms of
    // CPU) when the process ends right after, as a dry run without a sitemap does; in other runs
    // it overlaps the requests. Changing V8's flags to avoid it is undefined behaviour in Node
    // (and could not be tested on the runtime that matters), so it is left to V8: see
    // docs/benchmarks.md.
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), {})
    /** @type {Record<string, Function> & { memory: WebAssembly.Memory }} */
    this.exports = /** @type {any} */ (instance.exports)
    const matchLimit = limits.matchLimit ?? PHP_BACKTRACK_LIMIT
    const depthLimit = limits.depthLimit ?? PHP_RECURSION_LIMIT
    if (this.exports.pp_init(matchLimit, depthLimit) !== 1) {
      throw new Error('PCRE2 could not allocate its match context')
    }
    this.subjectCapacity = 0
    this.subjectPointer = 0
    this.bytes = new Uint8Array(this.exports.memory.buffer)
  }

  /** How many bytes of memory the instance holds (it grows, never shrinks). */
  memoryBytes() {
    return this.exports.memory.buffer.byteLength
  }

  /** The memory as bytes; a view is replaced after the memory grew (its buffer then changes). */
  memory() {
    if (this.bytes.buffer !== this.exports.memory.buffer) {
      this.bytes = new Uint8Array(this.exports.memory.buffer)
    }
    return this.bytes
  }

  /** The subject buffer, kept from path to path and grown only for a longer path. */
  subjectBuffer(length) {
    if (length > this.subjectCapacity) {
      if (this.subjectPointer !== 0) this.exports.pp_free(this.subjectPointer)
      this.subjectCapacity = Math.max(length, 4096)
      this.subjectPointer = this.exports.pp_malloc(this.subjectCapacity)
      if (this.subjectPointer === 0) throw new Error('PCRE2 ran out of memory for a subject')
    }
    return this.subjectPointer
  }

  /** Copies a string's UTF-8 into the subject buffer; its length in bytes. */
  writeSubject(subject) {
    const pointer = this.subjectBuffer(subject.length * 3)
    const memory = this.memory()
    let at = pointer
    for (let index = 0; index < subject.length; index++) {
      const code = subject.charCodeAt(index)
      if (code >= 0x80) {
        return at - pointer + encoder.encodeInto(subject.slice(index), memory.subarray(at)).written
      }
      memory[at++] = code
    }
    return at - pointer
  }

  writeBytes(bytes) {
    const pointer = this.subjectBuffer(bytes.length)
    this.memory().set(bytes, pointer)
    return bytes.length
  }

  /**
   * Compiles a delimited pattern exactly as preg_match() would.
   *
   * @param {string} pattern
   */
  compilePhpPattern(pattern) {
    const reading = readPhpPattern(pattern)
    if (!reading.ok) return { ok: false, stage: 'delimiters', message: reading.message }
    const compiled = this.compileBody(reading.bodyBytes, reading.options, reading)
    if (compiled.ok) return compiled
    const before = encoder.encode(pattern).subarray(0, reading.bodyStart + compiled.byteOffset)
    return { ...compiled, patternOffset: decoder.decode(before).length }
  }

  /**
   * Compiles an expression with PCRE2 options as given (no delimiters, no modifiers), with the
   * extra options PHP sets.
   *
   * @param {Uint8Array} body
   * @param {number} options
   */
  compileBody(body, options, reading = undefined) {
    const pointer = this.exports.pp_malloc(Math.max(1, body.length))
    this.memory().set(body, pointer)
    const code = this.exports.pp_compile(pointer, body.length, options >>> 0, PHP_EXTRA_OPTIONS)
    this.exports.pp_free(pointer)
    if (code === 0) {
      const error = this.exports.pp_error_code()
      const byteOffset = this.exports.pp_error_offset()
      return {
        ok: false,
        stage: 'compile',
        message: this.errorMessage(error),
        code: error,
        // PCRE2 counts code units (bytes); people count characters.
        offset: decoder.decode(body.subarray(0, byteOffset)).length,
        byteOffset
      }
    }
    return { ok: true, pattern: new CompiledPattern(this, code, options, reading) }
  }

  errorMessage(code) {
    const pointer = this.exports.pp_malloc(256)
    const length = this.exports.pp_error_message(code, pointer, 256)
    const text = decoder.decode(this.memory().subarray(pointer, pointer + Math.max(0, length)))
    this.exports.pp_free(pointer)
    return text
  }
}

let shared

/**
 * The engine of this process, instantiated on first use from the module beside this file (in
 * dist/ once bundled): one instance per process, however many patterns.
 *
 * @returns {Engine}
 */
function pcre2() {
  shared ??= new Engine((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(besideThisFile('pcre2.wasm')))
  return shared
}

/**
 * A file next to this module. The name is a parameter on purpose: a bundler that sees a literal
 * `new URL('./x.wasm', import.meta.url)` rewrites the module into its own loader; this one is
 * copied beside the bundle as it is (see the bundle script).
 */
function besideThisFile(name) {
  return new URL(name, import.meta.url)
}

/**
 * An engine made from other bytes than the shipped module, or with other limits than PHP's (the
 * build script tests a new build this way, with pcre2test's limits, before it replaces the
 * committed one).
 *
 * @param {BufferSource} module
 * @param {{ matchLimit?: number, depthLimit?: number }} [limits]
 */
function createPcre2(module, limits) {
  return new Engine(module, limits)
}

/** Compiles a delimited pattern exactly as preg_match() would, on the shared engine. */
function compilePhpPattern(pattern) {
  return pcre2().compilePhpPattern(pattern)
}

/** A compiled pattern. Call free() when done: its code lives in the engine's memory. */
class CompiledPattern {
  constructor(pcre, code, options, reading) {
    this.pcre = pcre
    this.code = code
    this.utf = (options & PCRE2_UTF) !== 0
    this.reading = reading
    const anchoring = pcre.exports.pp_anchoring(code)
    this.anchoredAtStart = (anchoring & 1) !== 0
    this.anchoredAtEnd = (anchoring & 2) !== 0
    this.anchoredSomewhere = (anchoring & 4) !== 0
  }

  /**
   * preg_match()'s answer for one subject: 'match', 'no-match', or why PHP gives up (it returns
   * false then, and the service purges nothing for that path).
   *
   * @param {string} subject
   */
  test(subject) {
    return this.outcome(this.run(this.pcre.writeSubject(subject)))
  }

  /** @param {Uint8Array} subject */
  testBytes(subject) {
    return this.outcome(this.run(this.pcre.writeBytes(subject)))
  }

  /**
   * Where the match is in a string subject, in UTF-16 code units (string indices), or the
   * outcome when there is none.
   *
   * @param {string} subject
   */
  exec(subject) {
    const length = this.pcre.writeSubject(subject)
    const rc = this.run(length)
    if (rc < 0) return this.outcome(rc)
    const bytes = this.pcre
      .memory()
      .subarray(this.pcre.subjectPointer, this.pcre.subjectPointer + length)
    const at = offset => decoder.decode(bytes.subarray(0, offset)).length
    return {
      start: at(this.pcre.exports.pp_match_start()),
      end: at(this.pcre.exports.pp_match_end())
    }
  }

  /** Byte offsets of the last match (after test/testBytes returned 'match'). */
  lastMatch() {
    return { start: this.pcre.exports.pp_match_start(), end: this.pcre.exports.pp_match_end() }
  }

  run(length) {
    if (this.code === 0) throw new Error('This pattern was freed')
    // PHP checks the subject's UTF-8 under `u` (it cannot know it valid yet), never otherwise.
    const options = this.utf ? 0 : PCRE2_NO_UTF_CHECK
    return this.pcre.exports.pp_match(this.code, this.pcre.subjectPointer, length, options)
  }

  outcome(rc) {
    if (rc >= 0) return 'match'
    if (rc === PCRE2_ERROR_NOMATCH) return 'no-match'
    if (rc === PCRE2_ERROR_MATCHLIMIT) return 'backtrack-limit'
    if (rc === PCRE2_ERROR_DEPTHLIMIT) return 'recursion-limit'
    if (rc <= PCRE2_ERROR_UTF8_ERR1 && rc >= PCRE2_ERROR_UTF8_ERR21) return 'bad-utf8'
    return 'internal'
  }

  free() {
    if (this.code !== 0) this.pcre.exports.pp_code_free(this.code)
    this.code = 0
  }
}


/***/ })

};
