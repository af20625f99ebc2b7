export const id = 786;
export const ids = [786,543];
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

/***/ 4543:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   z: () => (/* binding */ reasonsOf)
/* harmony export */ });
/** What PHP's preg_last_error_msg() says when preg_match() returns false for a subject. */
const GIVE_UP_MESSAGES = {
    'backtrack-limit': 'Backtrack limit exhausted',
    'recursion-limit': 'Recursion limit exhausted',
    'bad-utf8': 'Malformed UTF-8 characters, possibly incorrectly encoded',
    internal: 'Internal error'
};
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
    return `${GIVE_UP_MESSAGES[reason]}${setting}`;
}


/***/ }),

/***/ 4786:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  choosePages: () => (/* reexport */ choosePages),
  countryLimitWarning: () => (/* reexport */ countryLimitWarning),
  describeEnd: () => (/* binding */ describeEnd),
  describeEndedEarly: () => (/* binding */ describeEndedEarly),
  describeProgress: () => (/* binding */ describeProgress),
  goneWarning: () => (/* reexport */ goneWarning),
  readOldRenders: () => (/* binding */ readOldRenders),
  runPreview: () => (/* binding */ runPreview),
  runVerification: () => (/* binding */ runVerification),
  targetKey: () => (/* binding */ targetKey),
  whyNothingChecked: () => (/* reexport */ whyNothingChecked),
  whyTagsUnproven: () => (/* reexport */ whyTagsUnproven)
});

// EXTERNAL MODULE: ./src/time/clock.ts
var time_clock = __webpack_require__(3355);
// EXTERNAL MODULE: ./src/text/format.ts
var format = __webpack_require__(8488);
// EXTERNAL MODULE: ./src/text/list-outputs.ts
var list_outputs = __webpack_require__(2448);
// EXTERNAL MODULE: ./src/core/constants.ts
var constants = __webpack_require__(6214);
// EXTERNAL MODULE: ./src/http/site-client.ts
var site_client = __webpack_require__(7549);
// EXTERNAL MODULE: ./src/text/trailing-run.ts
var trailing_run = __webpack_require__(7043);
;// CONCATENATED MODULE: ./src/sitemap/messages.ts
/**
 * The words the sitemap reader's warnings share: what a file is, an error's message, and one
 * sentence out of parts that may end in a period of their own.
 */

/** What a file is, for the messages. */
const KIND_WORDS = {
    urlset: 'a sitemap',
    sitemapindex: 'a sitemap index',
    text: 'a text sitemap',
    rss: 'an RSS feed',
    atom: 'an Atom feed'
};
/**
 * One sentence: the text and a single final period, whatever the parts ended with. The parts
 * quote what a server sent, so the ending is cut by a loop (src/text/trailing-run.ts), not by
 * a regex that is quadratic in a long run of spaces followed by something else.
 */
function sentence(text) {
    return `${(0,trailing_run/* withoutTrailing */.hT)(text, `${trailing_run/* WHITESPACE */.cv}.`)}.`;
}
function messageOf(error) {
    return error instanceof Error ? error.message : String(error);
}

// EXTERNAL MODULE: ./src/http/loopback.ts
var loopback = __webpack_require__(507);
// EXTERNAL MODULE: ./src/http/redirect.ts
var http_redirect = __webpack_require__(6790);
;// CONCATENATED MODULE: ./src/sitemap/open-file.ts


/** Why a file was not fetched or a redirect not followed; the caller words the warning. */
class FetchRefused extends Error {
}
/**
 * The URL a file is fetched from: plain http only between loopback hosts (the local
 * emulator); anywhere else a listed `http://` is read over https, so that nobody on the way
 * can rewrite which pages are chosen. Sites and buckets serve their sitemaps on https.
 */
function secureUrl(url, listedBy) {
    if (url.protocol !== 'http:')
        return url;
    if ((0,loopback/* isLoopbackHost */.c)(url.hostname) && (0,loopback/* isLoopbackHost */.c)(listedBy.hostname))
        return url;
    const secure = new URL(url.href);
    secure.protocol = 'https:';
    return secure;
}
/** Whether a file listed by `listedBy` may be fetched from `url` at all (undefined: yes). */
function refusalOf(url, listedBy) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return 'not an http(s) URL';
    if (url.username !== '' || url.password !== '')
        return 'credentials in the URL';
    if ((0,loopback/* reachesThisMachine */.j)(url.hostname) && !(0,loopback/* reachesThisMachine */.j)(listedBy.hostname)) {
        return 'a loopback address, listed by a file that is not on one';
    }
    return undefined;
}
/**
 * GETs a file, following redirects. Returns the last answer and its URL, or undefined when a
 * redirect leads to a file already read; a redirect not followed throws FetchRefused.
 */
async function openFollowing(fetcher, url, rules) {
    const deadline = rules.clock.now() + rules.timeoutMs;
    const budget = { ...rules, deadline };
    const followed = await (0,http_redirect/* followRedirects */.FE)(url, (at, redirects) => openWithin(fetcher, at, budget, redirects), {
        plainHttp: 'between-loopback-hosts',
        scope: rules.host === undefined ? 'any-host' : { host: rules.host },
        alreadyRead: rules.alreadyRead
    });
    if ('alreadyRead' in followed)
        return undefined;
    const { answer, at, refused } = followed;
    if (refused === undefined)
        return { answer, at };
    answer.body.destroy();
    throw new FetchRefused(refusalWords(refused, answer.status, rules.host));
}
/** A redirect not followed, as the sitemap warnings say it. */
function refusalWords(refused, status, host) {
    switch (refused.reason) {
        case 'too-many-redirects':
            return `more than ${http_redirect/* MAX_REDIRECTS */.NX} redirects`;
        case 'not-a-url':
            return `HTTP ${status} to an unreadable Location`;
        case 'credentials':
            return `HTTP ${status} to a URL with credentials in it (on ${refused.to.host}); not followed`;
        case 'not-http':
        case 'plain-http': {
            const { protocol, host: to, pathname } = refused.to;
            return `HTTP ${status} to ${protocol}//${to}${pathname}, not followed (https only)`;
        }
        case 'this-machine':
            return `HTTP ${status} to ${refused.to.host}, a loopback address; not followed`;
        case 'out-of-scope':
            return `HTTP ${status} to ${refused.to.href}, on another host than ${host}; not followed (is site_url the public address of the site?)`;
        case 'loop':
            return `HTTP ${status} back to ${refused.to.href}, a URL of its own chain (a loop); not followed`;
    }
}
/**
 * One GET within what is left of the file's budget; a timeout after a redirect says so. What is
 * left is counted on the run's clock; the GET's own timer, in the transport, stays wall-clock
 * on purpose: it bounds a real socket, which fake time in a test must not cut short. The first
 * GET, which starts as the budget does, gets it whole: its timeout then says the budget
 * (`0.3 s`), not the budget less the moment the reading took to start (`0.299 s`).
 */
async function openWithin(fetcher, url, budget, hop) {
    const remaining = hop === 0 ? budget.timeoutMs : budget.deadline - budget.clock.now();
    const outOfTime = () => new FetchRefused(`no whole answer within ${budget.timeoutMs / 1000} s, its ${hop} redirect(s) included`);
    if (remaining <= 0)
        throw outOfTime();
    try {
        return await fetcher.open(url, remaining);
    }
    catch (error) {
        const timedOut = error?.kind === 'timeout';
        throw hop > 0 && timedOut ? outOfTime() : error;
    }
}

// EXTERNAL MODULE: ./src/http/headers.ts
var http_headers = __webpack_require__(9718);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ./src/http/read-body.ts
var read_body = __webpack_require__(1175);
// EXTERNAL MODULE: ./node_modules/saxes/saxes.js
var saxes = __webpack_require__(9800);
;// CONCATENATED MODULE: ./src/sitemap/url-text.ts
/**
 * The text of one URL as it arrives in pieces: a text sitemap's line, a `<loc>`'s or a feed
 * link's text. Only the trimmed text must fit in MAX_LOC_CHARS (spaces and newlines around a
 * URL are allowed), yet what is kept stays that small whatever comes: a gzip file of a few
 * kilobytes can unpack to a line of 50 MB of spaces, and trimming all that again for every
 * piece took minutes.
 */
/**
 * The longest URL read: the protocol's "less than 2,048 characters" (sitemap.js accepts
 * exactly 2,048, and so does this reader); browsers and servers stop near there too.
 */
const MAX_LOC_CHARS = 2048;
/** Room for the spaces around a URL before what was collected is looked at again. */
const SLACK = 1024;
class UrlText {
    text = '';
    overlong = false;
    append(part) {
        if (this.overlong)
            return;
        this.text += part;
        if (this.text.length <= MAX_LOC_CHARS + SLACK)
            return;
        const kept = this.text.trimStart();
        const url = kept.trimEnd();
        if (url.length > MAX_LOC_CHARS) {
            this.overlong = true;
            this.text = '';
            return;
        }
        // A long run of spaces after the URL: anything but spaces after it makes the trimmed text
        // longer than any URL. MAX_LOC_CHARS + 1 characters say that as well as the whole run.
        this.text = kept.length > MAX_LOC_CHARS + SLACK ? url.padEnd(MAX_LOC_CHARS + 1) : kept;
    }
    /** The trimmed text (undefined when longer than MAX_LOC_CHARS), and a fresh start. */
    take() {
        const url = this.overlong ? undefined : this.text.trim();
        this.text = '';
        this.overlong = false;
        return url !== undefined && url.length <= MAX_LOC_CHARS ? url : undefined;
    }
}

;// CONCATENATED MODULE: ./src/sitemap/sitemap-xml.ts
/**
 * A streaming reader of one XML sitemap file, on saxes (a maintained, non-validating streaming
 * XML parser): text goes in by chunks, each entry comes out as it closes, and nothing else is
 * kept, so memory stays flat whatever the file's size. It reads what search engines read:
 *
 * - `<urlset>`: a page is the `<loc>` child of a `<url>` child of the root, each in the
 *   sitemap namespace (or none). Extension elements (`image:loc`, `video:content_loc`,
 *   `xhtml:link`, `news:*`) sit deeper or in their own namespaces, so they are never pages.
 * - `<sitemapindex>`: a child sitemap is the `<loc>` of a `<sitemap>`; a `<sitemap>` without
 *   `<loc>` whose own text is an absolute http(s) URL is read as that URL.
 * - RSS 2.0 (`rss/channel/item/link`, else a permalink `guid`), RSS 1.0 (`RDF/item/link`) and
 *   Atom 1.0 or 0.3 (`feed/entry/link` with `rel="alternate"` or no `rel`): one page an item.
 *
 * An entry counts when its element closes: a file cut in the middle of an entry keeps the
 * entries before it. Anything else is not a sitemap (an HTML page, another XML document) and
 * says what it is; XML that breaks the rules is malformed, with its line and column.
 */



/** A file that claims to be XML (or gzip) and breaks its rules: its line and column when known. */
class MalformedSitemap extends Error {
    constructor(message) {
        super(message);
        this.name = 'MalformedSitemap';
    }
}
/** A file read whole enough to tell that it is something else: `what` says what it is. */
class NotASitemap extends Error {
    what;
    constructor(what) {
        super(what);
        this.what = what;
        this.name = 'NotASitemap';
    }
}
/** Text without any tag for this long is not a sitemap: stop before it fills the memory. */
const MAX_TEXT_WITHOUT_TAG = 1024 * 1024;
/**
 * Elements nested deeper than this are not a sitemap or a feed (those nest a few levels; an
 * Atom entry's XHTML content some more). Without a bound, a gzip file of a few kilobytes that
 * opens millions of elements fills the memory with their stack until the process dies.
 */
const MAX_DEPTH = 100;
/** Text is handed to saxes at most this much at a time (see write()). */
const WRITE_SLICE = 64 * 1024;
/** The sitemap protocol's namespace, and Google's older ones (http or https, any version). */
const SITEMAP_NAMESPACE = /^https?:\/\/www\.(?:sitemaps\.org|google\.com)\/schemas\/sitemap\//;
const ATOM_NAMESPACES = new Set(['http://www.w3.org/2005/Atom', 'http://purl.org/atom/ns#']);
const RSS1_NAMESPACE = 'http://purl.org/rss/1.0/';
class SitemapXmlReader {
    events;
    parser = new saxes/* SaxesParser */.wT({ xmlns: false, position: true });
    kind;
    rootNamespace = '';
    /**
     * The open elements, root first: their local names, and whether each is in the file's own
     * vocabulary (no namespace, the root's, the sitemap's) rather than an extension's. Two
     * arrays rather than an object per element: a big sitemap opens millions of them.
     */
    open = [];
    ours = [];
    /** RSS items sit at depth 3 (rss > channel > item), RSS 1.0 ones at depth 2 (RDF > item). */
    itemDepth = 3;
    scopes = [];
    failure;
    sinceLastTag = 0;
    /** Newlines and the last line's length of what was skipped before the XML, for positions. */
    lineOffset = 0;
    columnOffset = 0;
    /** The entry being read: its URLs so far, and text for a `<sitemap>` without `<loc>`. */
    entryUrls = [];
    entryText = '';
    entryHasLoc = false;
    entries = 0;
    /** Collecting a URL's text (a `<loc>` or feed `<link>`). */
    collecting = false;
    collected = new UrlText();
    /** Atom: the chosen link of the entry; RSS: the guid fallback. */
    fallback;
    guidIsPermalink = true;
    /** How many URLs were longer than MAX_LOC_CHARS and skipped. */
    skippedLongLocs = 0;
    /** How many `<url>` (or feed items) named no page. */
    entriesWithoutUrl = 0;
    constructor(events) {
        this.events = events;
        this.parser.on('error', error => {
            this.failure ??= new MalformedSitemap(this.at(error.message));
        });
        this.parser.on('doctype', doctype => {
            // An internal subset declares entities: sitemaps never need them, and they are how
            // XXE and "billion laughs" files attack parsers (saxes expands none; refusing is clearer).
            if (doctype.includes('[')) {
                this.failure ??= new NotASitemap('an XML document whose DOCTYPE declares entities, which a sitemap never needs (refused, as crawlers do)');
            }
        });
        this.parser.on('opentag', tag => this.openTag(tag));
        this.parser.on('closetag', () => this.closeTag());
        this.parser.on('text', text => this.text(text));
        this.parser.on('cdata', text => this.text(text));
    }
    /** The kind of file, once its root element was read. */
    get fileKind() {
        return this.kind;
    }
    /** Where the XML starts in the file, when whitespace or a byte-order mark came before it. */
    skipped(prefix) {
        const lines = prefix.split(/\r\n|\r|\n/);
        this.lineOffset += lines.length - 1;
        this.columnOffset = lines.length > 1 ? (lines.at(-1)?.length ?? 0) : this.columnOffset;
    }
    write(text) {
        // By slices: the count of text since the last tag is reset by the tags inside a slice, so
        // a big chunk full of tags is fine, and a run of text without any is stopped early.
        for (let start = 0; start < text.length; start += WRITE_SLICE) {
            const slice = start === 0 && text.length <= WRITE_SLICE ? text : text.slice(start, start + WRITE_SLICE);
            this.sinceLastTag += slice.length;
            if (this.sinceLastTag > MAX_TEXT_WITHOUT_TAG) {
                throw new MalformedSitemap(this.at(`more than ${MAX_TEXT_WITHOUT_TAG / 1024 / 1024} MiB of text without a tag`));
            }
            this.parser.write(slice);
            this.throwIfFailed();
        }
    }
    close() {
        this.parser.close();
        this.throwIfFailed();
        if (this.kind === undefined)
            throw new NotASitemap('an XML document without a root element');
    }
    throwIfFailed() {
        if (this.failure)
            throw this.failure;
    }
    /** saxes says `line:column: message`; this says it in words, on the file's own lines. */
    at(message) {
        const text = message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
        const line = this.parser.line + this.lineOffset;
        const column = this.parser.line === 1 ? this.parser.column + this.columnOffset : this.parser.column;
        return `line ${line}, column ${column}: ${text}`;
    }
    openTag(tag) {
        this.sinceLastTag = 0;
        if (this.failure)
            return;
        const depth = this.open.length + 1;
        if (depth > MAX_DEPTH) {
            this.failure = new MalformedSitemap(this.at(`more than ${MAX_DEPTH} elements nested in one another`));
            return;
        }
        this.declare(tag, depth);
        const colon = tag.name.indexOf(':');
        const local = colon < 0 ? tag.name : tag.name.slice(colon + 1);
        const namespace = this.namespaceOf(colon < 0 ? '' : tag.name.slice(0, colon));
        if (depth === 1) {
            this.rootNamespace = namespace;
            const kind = this.rootKind(local, namespace);
            this.open.push(local);
            this.ours.push(true);
            if (kind instanceof NotASitemap) {
                this.failure ??= kind;
                return;
            }
            this.kind = kind;
            if (local === 'RDF')
                this.itemDepth = 2;
            this.events.onKind(kind);
            return;
        }
        const ours = namespace === '' ||
            namespace === this.rootNamespace ||
            namespace === RSS1_NAMESPACE ||
            SITEMAP_NAMESPACE.test(namespace);
        const parentOurs = this.ours[depth - 2] === true;
        const parent = this.open[depth - 2] ?? '';
        this.open.push(local);
        this.ours.push(ours);
        if (!ours || !parentOurs)
            return;
        switch (this.kind) {
            case 'urlset':
            case 'sitemapindex':
                this.openInSitemap(local, parent, depth);
                break;
            case 'rss':
                this.openInRss(local, parent, depth, tag);
                break;
            case 'atom':
                this.openInAtom(local, parent, depth, tag);
                break;
        }
    }
    rootKind(local, namespace) {
        if (local === 'urlset' || local === 'sitemapindex')
            return local;
        if (local === 'rss' || local === 'RDF')
            return 'rss';
        if (local === 'feed' && (namespace === '' || ATOM_NAMESPACES.has(namespace)))
            return 'atom';
        if (local.toLowerCase() === 'html')
            return new NotASitemap('an HTML page');
        return new NotASitemap(`an XML document whose root element is <${local}>, not <urlset>, <sitemapindex>, <rss> or <feed>`);
    }
    openInSitemap(local, parent, depth) {
        const entry = this.kind === 'urlset' ? 'url' : 'sitemap';
        if (depth === 2 && local === entry)
            this.startEntry();
        else if (depth === 3 && local === 'loc' && parent === entry)
            this.startCollecting();
    }
    openInRss(local, parent, depth, tag) {
        const itemDepth = this.itemDepth;
        if (depth === itemDepth && local === 'item') {
            this.startEntry();
            this.fallback = undefined;
        }
        else if (depth === itemDepth + 1 && parent === 'item') {
            if (local === 'link')
                this.startCollecting();
            else if (local === 'guid') {
                this.guidIsPermalink = attribute(tag, 'isPermaLink')?.trim().toLowerCase() !== 'false';
                this.startCollecting();
            }
        }
    }
    openInAtom(local, parent, depth, tag) {
        if (depth === 2 && local === 'entry') {
            this.startEntry();
            this.fallback = undefined;
        }
        else if (depth === 3 && local === 'link' && parent === 'entry') {
            const rel = attribute(tag, 'rel')?.trim().toLowerCase();
            const href = attribute(tag, 'href')?.trim();
            // The page is the entry's alternate link (no rel means alternate); self, edit,
            // enclosure and related links are not the page. The first one wins.
            if (href && (rel === undefined || rel === '' || rel === 'alternate'))
                this.fallback ??= href;
        }
    }
    startEntry() {
        this.entries++;
        // Emptied, not replaced: a big sitemap starts a million entries.
        this.entryUrls.length = 0;
        this.entryText = '';
        this.entryHasLoc = false;
    }
    startCollecting() {
        this.collecting = true;
        this.collected.take();
    }
    closeTag() {
        this.sinceLastTag = 0;
        const depth = this.open.length;
        const local = this.open.pop();
        const ours = this.ours.pop();
        if (this.scopes.at(-1)?.depth === depth)
            this.scopes.pop();
        // After an error saxes goes on, guessing: nothing it reads then is trusted.
        if (local === undefined || this.failure || ours !== true)
            return;
        if (this.collecting && this.isCollector(local, depth)) {
            this.endCollecting(local);
            return;
        }
        if (depth > 1 && this.ours[depth - 2] !== true)
            return;
        if (this.isEntry(local, depth))
            this.endEntry();
    }
    isCollector(local, depth) {
        if (this.kind === 'urlset' || this.kind === 'sitemapindex')
            return depth === 3 && local === 'loc';
        return depth === this.itemDepth + 1 && (local === 'link' || local === 'guid');
    }
    isEntry(local, depth) {
        switch (this.kind) {
            case 'urlset':
                return depth === 2 && local === 'url';
            case 'sitemapindex':
                return depth === 2 && local === 'sitemap';
            case 'rss':
                return depth === this.itemDepth && local === 'item';
            case 'atom':
                return depth === 2 && local === 'entry';
            default:
                return false;
        }
    }
    endCollecting(local) {
        this.collecting = false;
        const url = this.collected.take();
        if (url === undefined) {
            // Counted as too long, not as an entry without a URL.
            this.skippedLongLocs++;
            this.entryHasLoc = true;
            return;
        }
        if (url === '')
            return;
        if (local === 'guid') {
            if (this.guidIsPermalink)
                this.fallback ??= url;
        }
        else if (this.kind === 'sitemapindex') {
            // A child sitemap counts as soon as its <loc> closes: an index cut short (or with two
            // <loc> in one <sitemap>) still gives the sitemaps it names, as crawler-commons reads it.
            this.entryHasLoc = true;
            this.events.onSitemap(url);
        }
        else
            this.entryUrls.push(url);
    }
    endEntry() {
        const kind = this.kind;
        if (kind === undefined)
            return;
        if (kind === 'sitemapindex') {
            if (this.entryHasLoc)
                return;
            const own = this.entryText.trim();
            if (/^https?:\/\/\S+$/i.test(own))
                this.events.onSitemap(own);
            else
                this.events.onEntryProblem({ entry: this.entries, text: own.slice(0, 80) });
            return;
        }
        // A feed item: its link, else (RSS) a permalink guid or (Atom) its alternate link.
        if (kind !== 'urlset' && this.entryUrls.length === 0 && this.fallback !== undefined) {
            this.entryUrls.push(this.fallback);
        }
        // One page an item, as crawlers read feeds: the first link.
        if (this.entryUrls.length > 1)
            this.entryUrls.length = 1;
        if (this.entryUrls.length === 0 && !this.entryHasLoc)
            this.entriesWithoutUrl++;
        for (const url of this.entryUrls)
            this.events.onPage(url, kind);
    }
    text(text) {
        if (this.collecting) {
            this.collected.append(text);
            return;
        }
        // The own text of an index's <sitemap> (only there: it is the "no <loc>" form).
        if (this.kind === 'sitemapindex' && this.open.length === 2 && this.entryText.length < 4096) {
            this.entryText += text;
        }
    }
    /** Records the namespaces an element declares, for it and the elements inside it. */
    declare(tag, depth) {
        let bindings;
        for (const name in tag.attributes) {
            if (name !== 'xmlns' && !name.startsWith('xmlns:'))
                continue;
            bindings ??= new Map();
            bindings.set(name === 'xmlns' ? '' : name.slice(6), tag.attributes[name] ?? '');
        }
        if (bindings)
            this.scopes.push({ depth, bindings });
    }
    namespaceOf(prefix) {
        for (let i = this.scopes.length - 1; i >= 0; i--) {
            const uri = this.scopes[i]?.bindings.get(prefix);
            if (uri !== undefined)
                return uri;
        }
        // An undeclared prefix is nobody's namespace, so never the sitemap's.
        return prefix === '' ? '' : `undeclared:${prefix}`;
    }
}
function attribute(tag, name) {
    return tag.attributes[name];
}

;// CONCATENATED MODULE: ./src/sitemap/file-content.ts
/**
 * A sitemap file's bytes as text, whatever its name or Content-Type says: decompressed (gzip
 * by its magic bytes, once or twice, since a `.gz` file served with `Content-Encoding: gzip`
 * arrives gzipped twice; deflate or brotli when the server says so although it was asked for
 * none), then decoded by its byte-order mark (UTF-8 without one). All as a stream: nothing is
 * kept but the chunk at hand. An answer listing more content codings than any server applies
 * is not read at all (the rule of http/read-body.ts).
 */





/** A decompression layer beyond this is not a sitemap anyone serves (or a bomb). */
const MAX_GZIP_LAYERS = 2;
/** The decoded text of a body, chunk by chunk. */
async function* decodedText(body, contentEncoding) {
    const bytes = decompressed(body, contentEncoding);
    let decoder;
    let size = 0;
    for await (const chunk of withHead(bytes, 3)) {
        decoder ??= decoderFor(chunk);
        size += chunk.length;
        const text = decoder.decode(chunk, { stream: true });
        if (text !== '')
            yield { text, bytes: size };
    }
    const rest = decoder?.decode() ?? '';
    if (rest !== '')
        yield { text: rest, bytes: size };
}
/** The answer lists more content codings than any server applies: nothing of it is read. */
class TooManyCodings extends Error {
}
/**
 * A body's bytes as the server meant them: brotli or deflate undone when Content-Encoding says
 * so (the last one applied first), gzip (and x-gzip) by its magic bytes, like a .gz file. An
 * unknown coding is left to the sniffing (servers write odd things there, `UTF-8` among them);
 * more than two codings throw TooManyCodings before any decoder is made. robots.txt is read
 * through it too.
 */
function decompressed(body, contentEncoding) {
    const declared = (0,read_body/* contentCodings */.bl)(contentEncoding);
    if ('tooMany' in declared)
        return refused(new TooManyCodings((0,read_body/* tooManyCodings */.lE)(declared.tooMany)));
    let bytes = body;
    let gzipLayers = MAX_GZIP_LAYERS;
    const codings = 'codings' in declared ? declared.codings : [];
    for (const coding of [...codings].reverse()) {
        if (coding === 'br')
            bytes = through(bytes, (0,external_node_zlib_.createBrotliDecompress)(), 'brotli');
        else if (coding === 'deflate')
            bytes = through(bytes, (0,external_node_zlib_.createInflate)(), 'deflate');
        else if (gzipLayers > 0) {
            // Declared gzip is still recognized by its magic bytes: some servers say gzip and send
            // the bytes as they are.
            bytes = gunzipped(bytes, 1);
            gzipLayers--;
        }
    }
    return gunzipped(bytes, gzipLayers);
}
// eslint-disable-next-line require-yield -- it only throws, when the reading starts
async function* refused(error) {
    throw error;
}
/** UTF-16 only with its byte-order mark (which the decoder drops, as it does UTF-8's). */
function decoderFor(head) {
    if (head[0] === 0xff && head[1] === 0xfe)
        return new external_node_util_.TextDecoder('utf-16le');
    if (head[0] === 0xfe && head[1] === 0xff)
        return new external_node_util_.TextDecoder('utf-16be');
    return new external_node_util_.TextDecoder('utf-8');
}
/** Gunzips while the bytes start with gzip's magic number, at most `layers` times. */
async function* gunzipped(source, layers) {
    const headed = withHead(source, 2);
    const iterator = headed[Symbol.asyncIterator]();
    const first = await iterator.next();
    if (first.done)
        return;
    const rest = rejoin(first.value, iterator);
    const head = first.value;
    if (layers === 0 || head[0] !== 0x1f || head[1] !== 0x8b) {
        yield* rest;
        return;
    }
    yield* gunzipped(through(rest, (0,external_node_zlib_.createGunzip)(), 'gzip'), layers - 1);
}
/** The first chunk holds at least `size` bytes (unless the body is shorter): enough to sniff. */
async function* withHead(source, size) {
    let head;
    for await (const chunk of source) {
        if (head !== undefined && head.length >= size) {
            yield chunk;
            continue;
        }
        head = head === undefined ? chunk : Buffer.concat([head, chunk]);
        if (head.length >= size)
            yield head;
    }
    if (head !== undefined && head.length < size && head.length > 0)
        yield head;
}
async function* rejoin(first, rest) {
    yield first;
    for (let next = await rest.next(); !next.done; next = await rest.next())
        yield next.value;
}
/**
 * Pipes bytes through a decompressor; stopping early destroys both. Bad compressed data is the
 * file's fault (malformed); a body that stopped arriving is not, and keeps its own error.
 */
async function* through(source, transform, format) {
    const input = external_node_stream_.Readable.from(source);
    let inputFailure;
    input.on('error', error => {
        inputFailure = { error };
        transform.destroy(error);
    });
    input.pipe(transform);
    try {
        for await (const chunk of transform)
            yield chunk;
    }
    catch (error) {
        if (inputFailure !== undefined || error instanceof MalformedSitemap) {
            throw inputFailure?.error ?? error;
        }
        const reason = error instanceof Error ? error.message : String(error);
        throw new MalformedSitemap(`not valid ${format} data (${reason})`);
    }
    finally {
        input.destroy();
        transform.destroy();
    }
}

;// CONCATENATED MODULE: ./src/sitemap/sitemap-text.ts
/**
 * A streaming reader of a text sitemap (sitemaps.org's text format): one absolute URL a line,
 * UTF-8, LF or CRLF (a lone CR too). Blank lines and the spaces around a URL are ignored; a
 * line that is not an http(s) URL is skipped and counted, as crawlers do, so that the warning
 * can name the first one. Only the line being read is kept: memory stays flat.
 */

class SitemapTextReader {
    onPage;
    /** The line being read. */
    partial = new UrlText();
    line = 0;
    /** The last chunk ended with CR: an LF starting the next one ends nothing. */
    afterCr = false;
    /** Lines that are not an absolute http(s) URL, and the first of them. */
    notUrls = 0;
    firstNotUrl;
    /** Lines longer than MAX_LOC_CHARS. */
    skippedLongLocs = 0;
    constructor(onPage) {
        this.onPage = onPage;
    }
    write(text) {
        let start = 0;
        if (this.afterCr && text.startsWith('\n'))
            start = 1;
        this.afterCr = false;
        // Where the next CR is, kept between lines: searching for it again from every line would
        // scan the rest of the chunk once a line when the file has none (most files).
        let cr = text.indexOf('\r', start);
        for (;;) {
            if (cr !== -1 && cr < start)
                cr = text.indexOf('\r', start);
            const lf = text.indexOf('\n', start);
            const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(lf, cr);
            if (end < 0) {
                this.partial.append(text.slice(start));
                return;
            }
            this.partial.append(text.slice(start, end));
            this.endLine();
            if (text.charCodeAt(end) === 13 /* CR */) {
                if (end + 1 === text.length) {
                    this.afterCr = true;
                    return;
                }
                start = text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
            }
            else
                start = end + 1;
        }
    }
    close() {
        // The last line, when the file does not end with a line break.
        this.endLine();
    }
    endLine() {
        this.line++;
        const text = this.partial.take();
        if (text === undefined) {
            this.skippedLongLocs++;
            return;
        }
        if (text === '')
            return;
        if (/^https?:\/\/\S/i.test(text)) {
            this.onPage(text);
            return;
        }
        this.notUrls++;
        this.firstNotUrl ??= { line: this.line, text: text.slice(0, 60) };
    }
}

;// CONCATENATED MODULE: ./src/sitemap/sitemap-file.ts
/**
 * One sitemap file's text, recognized by its content (never by its name or Content-Type, which
 * sites get wrong): XML (a sitemap, an index, an RSS or Atom feed) goes to the XML reader, one
 * URL a line to the text reader. Anything else (an HTML page, such as the shell a single-page
 * app answers for every path; JSON; an empty answer; a robots.txt; other text) is not a
 * sitemap, and says what it is.
 */


/** How much of the start is looked at before deciding: enough for a doctype and a comment. */
const SNIFF_CHARS = 4096;
/** Whitespace (and stray byte-order marks) that may come before the content. */
const LEADING_SPACE = /^[\s\uFEFF]*/;
/**
 * More blank space than this before any content is not a sitemap: a gzip file of a few
 * kilobytes unpacks to 50 MB of it, which must neither fill the memory nor be scanned again
 * for every chunk.
 */
const MAX_LEADING_SPACE = 1024 * 1024;
class SitemapFileReader {
    events;
    /** The blank space before the content, and the content's start, until the kind is known. */
    space = '';
    start = '';
    reader;
    constructor(events) {
        this.events = events;
    }
    /** URLs longer than the protocol's limit, skipped. */
    get skippedLongLocs() {
        return this.reader?.skippedLongLocs ?? 0;
    }
    /** `<url>` or feed items that named no page. */
    get entriesWithoutUrl() {
        return this.reader instanceof SitemapXmlReader ? this.reader.entriesWithoutUrl : 0;
    }
    /** Text sitemap lines that are not URLs: how many, and the first. */
    get linesNotUrls() {
        return this.reader instanceof SitemapTextReader
            ? { count: this.reader.notUrls, first: this.reader.firstNotUrl }
            : { count: 0, first: undefined };
    }
    write(text) {
        if (this.reader) {
            this.reader.write(text);
            return;
        }
        if (this.start === '') {
            // Only the new text is scanned for where the space ends: never all of it again.
            const space = LEADING_SPACE.exec(text)?.[0] ?? '';
            this.space += space;
            if (this.space.length > MAX_LEADING_SPACE) {
                throw new NotASitemap(`an answer that starts with more than ${MAX_LEADING_SPACE / 1024 / 1024} MiB of blank space`);
            }
            this.start = text.slice(space.length);
        }
        else
            this.start += text;
        this.decide(false);
    }
    close() {
        if (!this.reader)
            this.decide(true);
        this.reader?.close();
    }
    decide(complete) {
        const { space, start: content } = this;
        if (content === '') {
            if (complete)
                throw new NotASitemap(space === '' ? 'an empty answer' : 'a blank answer');
            return;
        }
        const first = content.charAt(0);
        if (first === '<')
            this.startXml(space, content, complete);
        else if (first === '{' || first === '[')
            throw new NotASitemap('JSON');
        else
            this.startText(space, content, complete);
    }
    startXml(space, content, complete) {
        if (!complete && content.length < SNIFF_CHARS && !/<[A-Za-z]/.test(afterPrologue(content))) {
            return;
        }
        if (HTML_START.test(afterPrologue(content)))
            throw new NotASitemap('an HTML page');
        const reader = new SitemapXmlReader(this.events);
        this.reader = reader;
        this.space = '';
        this.start = '';
        reader.skipped(space);
        reader.write(content);
    }
    /**
     * A text sitemap when a line of its start is an absolute http(s) URL: the lines around it
     * that are not URLs are skipped with a warning, as crawlers skip them.
     */
    startText(space, content, complete) {
        const window = content.slice(0, SNIFF_CHARS);
        // The last line too, though it may not have ended yet: a line that starts as a URL makes
        // the file a text sitemap whatever follows (a first line longer than the window included).
        const lines = window.split(/\r\n|\r|\n/).map(line => line.trim());
        if (!lines.some(line => /^https?:\/\/\S/i.test(line))) {
            if (!complete && content.length < SNIFF_CHARS)
                return;
            throw new NotASitemap(describeText(lines.find(line => line !== '') ?? window.trim()));
        }
        const reader = new SitemapTextReader(url => this.events.onPage(url, 'text'));
        this.reader = reader;
        this.space = '';
        this.start = '';
        this.events.onKind('text');
        // From the very start, blank lines included, so that line numbers are the file's.
        reader.write(space + content);
    }
}
/**
 * The start of an HTML page or of a bare HTML fragment (`<div id=root>`, `<script src=…>`, as
 * some servers answer for any path). HTML is not XML: read as XML it would be called malformed
 * at its first unquoted attribute, when the user's mistake is the URL. No sitemap or feed has
 * an element of these names at its root.
 */
const HTML_START = /^<(?:!doctype\s+html|(?:html|head|body|meta|link|title|base|style|script|noscript|template|div|span|p|a|main|header|nav|section|article|footer|form|table|iframe|img|h[1-6])(?=[\s/>]))/i;
/** The content after an XML declaration, processing instructions, comments and whitespace. */
function afterPrologue(content) {
    return content.replace(/^(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|\s+)*/, '');
}
/** What a text that does not start with a URL is, in a few words. */
function describeText(line) {
    if (line.includes('\u0000') || line.includes('\uFFFD'))
        return 'binary data';
    if (/^(?:user-agent|disallow|allow|sitemap|site-map)\s*:/i.test(line)) {
        return 'a robots.txt file';
    }
    return `text whose first line is not a URL ("${line.slice(0, 60)}")`;
}

// EXTERNAL MODULE: ./src/text/own-copy.ts
var own_copy = __webpack_require__(6837);
;// CONCATENATED MODULE: ./src/sitemap/seen-pages.ts
/**
 * Which pages the sitemaps listed already, for up to a million of them, without keeping them:
 * a page is its 64-bit fingerprint (two 32-bit hashes of its UTF-16 code units) in an
 * open-addressing table, at most half full. The reader keeps no page itself (the selection
 * keeps the few it needs as they stream), so a million pages of 2,000 characters cost 16 MiB
 * here instead of 2 GiB of strings. Two different pages share a fingerprint with a chance of
 * about n² / 2⁶⁵: 3 in 100 million for a million pages; the second one would then be taken for
 * a repeat and not counted.
 */
/** Slots to start with: pairs of 32-bit halves. */
const FIRST_SLOTS = 1024;
/**
 * Math.imul, read once: the hash's loop calls it for every byte of every page. Where `Math` is
 * a global looked up through an interceptor (a vm context, as under Jest), each lookup cost about
 * 30 times the multiplication (a 2,000-character page took 1 ms instead of 30 µs); a module
 * constant is read directly everywhere.
 */
const imul = Math.imul;
class SeenPages {
    /** Slot i holds [2i] and [2i + 1]; both 0 is an empty slot. */
    slots = new Int32Array(FIRST_SLOTS * 2);
    count = 0;
    get size() {
        return this.count;
    }
    /** Records a page; true when it was not seen before. */
    add(page) {
        if ((this.count + 1) * 2 > this.slots.length / 2)
            this.grow();
        const [high, low] = fingerprintOf(page);
        const mask = this.slots.length / 2 - 1;
        for (let slot = high & mask;; slot = (slot + 1) & mask) {
            const h = this.slots[2 * slot] ?? 0;
            const l = this.slots[2 * slot + 1] ?? 0;
            if (h === 0 && l === 0) {
                this.slots[2 * slot] = high;
                this.slots[2 * slot + 1] = low;
                this.count++;
                return true;
            }
            if (h === high && l === low)
                return false;
        }
    }
    grow() {
        const old = this.slots;
        this.slots = new Int32Array(old.length * 2);
        const mask = this.slots.length / 2 - 1;
        for (let at = 0; at < old.length; at += 2) {
            const high = old[at] ?? 0;
            const low = old[at + 1] ?? 0;
            if (high === 0 && low === 0)
                continue;
            let slot = high & mask;
            while (this.slots[2 * slot] !== 0 || this.slots[2 * slot + 1] !== 0)
                slot = (slot + 1) & mask;
            this.slots[2 * slot] = high;
            this.slots[2 * slot + 1] = low;
        }
    }
}
/**
 * FNV-1a and a multiply-rotate hash over the code units, each through MurmurHash3's finalizer
 * so that pages differing in their last character land far apart. Never both 0 (the empty slot).
 */
function fingerprintOf(page) {
    let a = 0x811c9dc5;
    let b = 0x9747b28c ^ page.length;
    for (let i = 0; i < page.length; i++) {
        const code = page.charCodeAt(i);
        a = imul(a ^ code, 0x01000193);
        b = imul(b ^ code, 0x5bd1e995);
        b = (b << 13) | (b >>> 19);
    }
    const high = mix(a);
    const low = mix(b);
    return high === 0 && low === 0 ? [0, 1] : [high, low];
}
function mix(value) {
    let hash = value;
    hash ^= hash >>> 16;
    hash = imul(hash, 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
    return hash | 0;
}

;// CONCATENATED MODULE: ./src/sitemap/site-pages.ts
/**
 * The pages the sitemaps list, as they stream: each `<loc>` (or line, or feed link) becomes the
 * path and query of a page on the site's host, exactly as WHATWG URL gives them, and is handed
 * on once (repeats are dropped by their fingerprint, seen-pages.ts); URLs on other hosts and
 * entries that are not absolute http(s) URLs are counted for the warnings. Nothing is kept
 * here but the counts: whoever receives a page keeps it if it needs it.
 */


class SitePages {
    siteUrl;
    maxPages;
    sink;
    seen = new SeenPages();
    /** The site's origin, under both schemes: sitemaps often list http:// for an https:// site. */
    origins;
    /** URLs skipped because they name another host, and the first of them. */
    foreignUrls = 0;
    firstForeign;
    /** In the current file: entries that are not absolute http(s) URLs, and the first of them. */
    invalidInFile = 0;
    firstInvalid = '';
    /** The limit of pages was reached: the rest are not read. */
    cut = false;
    constructor(siteUrl, maxPages, sink) {
        this.siteUrl = siteUrl;
        this.maxPages = maxPages;
        this.sink = sink;
        this.origins = [`https://${siteUrl.host}`, `http://${siteUrl.host}`];
    }
    /** Pages on the site's host, each counted once. */
    get count() {
        return this.seen.size;
    }
    /** A new file: its own count of entries that are not URLs. */
    startFile() {
        this.invalidInFile = 0;
        this.firstInvalid = '';
    }
    /**
     * Takes one URL; false when the limit of pages stops the reading here (the caller warns).
     * A repeat, another host's URL or no URL at all is counted and passed over.
     */
    add(loc) {
        const path = this.pathOnSite(loc);
        if (path === undefined)
            return true;
        if (this.seen.size >= this.maxPages) {
            this.cut = true;
            return false;
        }
        if (this.seen.add(path))
            this.sink(path);
        return true;
    }
    /**
     * Path and query of a page URL on the site, exactly as WHATWG URL would give them; undefined
     * for another host (counted) or no http(s) URL at all (counted: the protocol wants absolute
     * URLs, so a relative one is a mistake, not a page to guess). Parsing a million URLs is most
     * of a big sitemap's reading time, so plain ones on the site's origin take a shortcut that
     * gives the same result.
     */
    pathOnSite(loc) {
        for (const origin of this.origins) {
            if (!loc.startsWith(origin))
                continue;
            const rest = loc.slice(origin.length);
            if (PLAIN_PATH.test(rest) && !DOT_SEGMENT.test(rest) && !rest.endsWith('?'))
                return rest;
            break;
        }
        let page;
        try {
            page = new URL(loc);
        }
        catch {
            page = undefined;
        }
        if (page === undefined || !/^https?:$/.test(page.protocol)) {
            this.invalidInFile++;
            if (this.invalidInFile === 1)
                this.firstInvalid = (0,own_copy/* ownCopy */.S)(loc.slice(0, 80));
            return undefined;
        }
        if (page.host !== this.siteUrl.host) {
            this.foreignUrls++;
            this.firstForeign ??= page.href.slice(0, 120);
            return undefined;
        }
        return `${page.pathname}${page.search}`;
    }
}
/** Characters WHATWG URL leaves as they are in a path and a query (no ', space, #, \\, ...). */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@%/?]*$/;
/** `.` and `..` segments (`%2e` is a dot there too), which WHATWG URL resolves. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?]|$)/i;
/** A feed's link, resolved against the feed's URL when it is relative. */
function resolved(loc, base) {
    if (/^https?:\/\//i.test(loc) || !URL.canParse(loc, base.href))
        return loc;
    return new URL(loc, base).href;
}

;// CONCATENATED MODULE: ./src/sitemap/read-file.ts







/** Reads one file; returns the sitemaps an index lists and where the file was read from. */
async function readSitemapFile(context, listed, admitted) {
    const children = [];
    const { url } = admitted;
    // One budget for the file: its redirects, its bytes arriving, and reading them (a gzip
    // file arrives at once, then unpacks to 50 MB of work).
    const deadline = context.clock.now() + context.timeoutMs;
    let opened;
    try {
        opened = await openFollowing(context.fetcher, url, {
            host: admitted.host,
            timeoutMs: context.timeoutMs,
            clock: context.clock,
            alreadyRead: next => context.fetched.has(next.href)
        });
    }
    catch (error) {
        context.warn(`Sitemap ${url.href} could not be read: ${messageOf(error)}`);
        return { children, at: url };
    }
    // Redirected to a file already read: its pages are known.
    if (opened === undefined)
        return { children, at: url };
    const { answer, at } = opened;
    context.fetched.add(at.href);
    if (answer.status !== 200) {
        answer.body.destroy();
        if (listed.source === 'guessed' && (answer.status === 404 || answer.status === 410)) {
            context.notice(`No sitemap found for ${context.siteUrl.origin}: robots.txt lists none and /sitemap.xml answers HTTP ${answer.status}`);
        }
        else {
            context.warn(`Sitemap ${at.href} answered HTTP ${answer.status}; not read`);
        }
        return { children, at };
    }
    await new FileReading(context, at, listed, children).read(answer.body, (0,http_headers/* headerValue */.Z)(answer.headers, 'content-encoding'), deadline);
    return { children, at };
}
/** The reading of one answer's body: its counts, cuts and problems, said when it is over. */
class FileReading {
    context;
    at;
    listed;
    children;
    kind;
    urls = 0;
    cut = false;
    /** Index entries that name no sitemap: how many, and the first (for the warning). */
    problems = 0;
    firstProblem;
    constructor(context, at, listed, children) {
        this.context = context;
        this.at = at;
        this.listed = listed;
        this.children = children;
    }
    async read(body, contentEncoding, deadline) {
        const { context, at } = this;
        context.pages.startFile();
        const reader = new SitemapFileReader({
            onKind: kind => this.onKind(kind),
            onPage: (loc, kind) => this.onPage(loc, kind),
            onSitemap: loc => this.onSitemap(loc),
            onEntryProblem: problem => this.onProblem(problem)
        });
        try {
            let ended = 'complete';
            for await (const chunk of decodedText(body, contentEncoding)) {
                if (chunk.bytes > context.bytesPerFile) {
                    ended = 'too-large';
                    break;
                }
                reader.write(chunk.text);
                if (this.cut || context.pages.cut) {
                    ended = 'stopped';
                    break;
                }
                if (context.clock.now() > deadline) {
                    throw new Error(`it took more than ${context.timeoutMs / 1000} s`);
                }
            }
            if (ended === 'complete')
                reader.close();
            if (ended === 'too-large') {
                context.warn(`Sitemap ${at.href} is larger than ${context.bytesPerFile / 1024 / 1024} MiB (the protocol's limit is 50 MB); only its start was read`);
            }
        }
        catch (error) {
            context.warn(this.failureMessage(error));
        }
        finally {
            body.destroy();
        }
        this.fileWarnings(reader);
    }
    onKind(kind) {
        this.kind = kind;
        this.context.onSitemapFile(this.at);
        if (kind === 'rss' || kind === 'atom') {
            this.context.notice(`Sitemap ${this.at.href} is ${KIND_WORDS[kind]}: a feed lists only recent pages, so older pages are not chosen from it`);
        }
    }
    onPage(loc, kind) {
        const { context } = this;
        if (this.cut || context.pages.cut)
            return;
        if (this.urls >= context.urlsPerFile) {
            this.cut = true;
            context.warn(`Sitemap ${this.at.href} lists more than ${context.urlsPerFile} URLs (the protocol's limit for one file); the rest of it was not read`);
            return;
        }
        this.urls++;
        // Feeds may give relative links (resolved against the feed); sitemaps must not.
        if (!context.pages.add(kind === 'rss' || kind === 'atom' ? resolved(loc, this.at) : loc)) {
            context.warn(`Sitemaps: more than ${context.totalUrls} pages; only the first ${context.totalUrls} are considered`);
        }
    }
    onSitemap(loc) {
        if (this.cut)
            return;
        const { children, context, at } = this;
        if (children.length + this.problems >= context.urlsPerFile) {
            this.cut = true;
            context.warn(`Sitemap index ${at.href} lists more than ${context.urlsPerFile} sitemaps (the protocol's limit for one index); the rest of it was not read`);
            return;
        }
        if (!URL.canParse(loc, at.href)) {
            this.onProblem({ entry: children.length + this.problems + 1, text: loc.slice(0, 80) });
            return;
        }
        const child = new URL(loc, at);
        child.hash = '';
        children.push(child);
    }
    onProblem(problem) {
        this.firstProblem ??= problem;
        this.problems++;
    }
    failureMessage(error) {
        const { at, listed, kind } = this;
        const kept = this.urls > 0 ? ` (the ${this.urls} URL(s) read before it were kept)` : '';
        if (error instanceof NotASitemap) {
            const shell = error.what === 'an HTML page' ? ' (a single-page app answers every path with its page)' : '';
            const robots = listed.source === 'guessed'
                ? `; robots.txt lists no sitemap${this.context.robotsIsHtml ? ' and is an HTML page too' : ''}`
                : '';
            const fix = listed.source === 'named'
                ? 'check the URL in the sitemap input, or set sitemap: none'
                : "set the sitemap input to the URL of the site's sitemap (XML, text, RSS or Atom), or to none";
            return `Sitemap ${at.href} is not a sitemap: it is ${error.what}${shell}${robots}. To fix it, ${fix}`;
        }
        if (error instanceof TooManyCodings)
            return `Sitemap ${at.href} could not be read: ${error.message}`;
        if (error instanceof MalformedSitemap || isZlibError(error)) {
            const what = kind === undefined || kind === 'urlset' ? '' : ` (${KIND_WORDS[kind]})`;
            return `Sitemap ${at.href}${what} is malformed: ${messageOf(error)}${kept}`;
        }
        // A body that stopped arriving (a timeout, a reset) is not the file's fault.
        return `Sitemap ${at.href} could not be read whole: ${messageOf(error)}${kept}`;
    }
    /** The warnings about parts of a file that were skipped. */
    fileWarnings(reader) {
        const { at, kind, context } = this;
        if (reader.skippedLongLocs > 0) {
            context.warn(`Sitemap ${at.href}: ${reader.skippedLongLocs} URL(s) longer than ${MAX_LOC_CHARS} characters (the protocol's limit) skipped`);
        }
        const lines = reader.linesNotUrls;
        if (lines.count > 0 && lines.first !== undefined) {
            context.warn(`Sitemap ${at.href}: ${lines.count} line(s) that are not URLs skipped (the first, line ${lines.first.line}: "${lines.first.text}")`);
        }
        const { invalidInFile, firstInvalid } = context.pages;
        if (invalidInFile > 0) {
            context.warn(`Sitemap ${at.href}: ${invalidInFile} entr${invalidInFile === 1 ? 'y' : 'ies'} not an absolute http(s) URL skipped (the first: "${firstInvalid}")`);
        }
        if (reader.entriesWithoutUrl > 0) {
            const what = kind === 'urlset' ? '<url> without <loc>' : 'feed item(s) without a link';
            context.warn(`Sitemap ${at.href}: ${reader.entriesWithoutUrl} ${what} skipped`);
        }
        const first = this.firstProblem;
        if (first !== undefined) {
            const held = first.text === '' ? 'it is empty' : `it holds "${first.text}"`;
            const more = this.problems > 1 ? ` (${this.problems - 1} more like it)` : '';
            context.warn(`Sitemap index ${at.href}: entry ${first.entry} names no sitemap (${held}); skipped${more}`);
        }
    }
}
/** zlib's own errors (a gzip file cut short or corrupt): the file's fault. */
function isZlibError(error) {
    const code = error?.code;
    return typeof code === 'string' && code.startsWith('Z_');
}

;// CONCATENATED MODULE: ./src/sitemap/robots-txt.ts
/**
 * The `Sitemap:` lines of a robots.txt, read as crawlers read them (google/robotstxt's parser
 * and RFC 9309): a UTF-8 byte-order mark (even a partial one) is skipped, and a UTF-16 file
 * with its mark is decoded; lines end with LF, CR or CRLF; `#` starts a comment; field names
 * are in any case and may be followed by more letters (`Sitemaps:`), `Site-map` is accepted,
 * and so is a missing colon (`Sitemap https://…`); the lines may be anywhere in the file, in a
 * group or not. Relative URLs resolve against where robots.txt was read. A line that is only
 * a URL naming a sitemap is read too, as crawler-commons does, with a warning: Google ignores it.
 */


/** robots.txt bytes as text: UTF-16 by its byte-order mark, else UTF-8 without its mark. */
function decodeRobotsTxt(bytes) {
    if (bytes[0] === 0xff && bytes[1] === 0xfe)
        return new external_node_util_.TextDecoder('utf-16le').decode(bytes);
    if (bytes[0] === 0xfe && bytes[1] === 0xff)
        return new external_node_util_.TextDecoder('utf-16be').decode(bytes);
    // The UTF-8 mark, or the start of it (google/robotstxt skips a partial one too).
    const mark = [0xef, 0xbb, 0xbf];
    let skip = 0;
    while (skip < mark.length && bytes[skip] === mark[skip])
        skip++;
    return new external_node_util_.TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(skip));
}
function sitemapsInRobotsTxt(text, base) {
    const urls = [];
    const seen = new Set();
    const bareUrlLines = [];
    const unreadable = [];
    const add = (value, line) => {
        const url = URL.canParse(value, base.href) ? new URL(value, base) : undefined;
        if (url === undefined || !/^https?:$/.test(url.protocol)) {
            unreadable.push({ line, value: value.slice(0, 80) });
            return;
        }
        url.hash = '';
        if (seen.has(url.href))
            return;
        seen.add(url.href);
        urls.push(url);
    };
    const lines = text.split(/\r\n|\r|\n/);
    for (const [index, raw] of lines.entries()) {
        const line = index + 1;
        const hash = raw.indexOf('#');
        const content = asciiTrim(hash < 0 ? raw : raw.slice(0, hash));
        if (content === '')
            continue;
        const field = fieldOf(content);
        if (field !== undefined) {
            if (isSitemapKey(field.key) && field.value !== '')
                add(field.value, line);
            else if (field.key.toLowerCase() === 'http' || field.key.toLowerCase() === 'https') {
                // `https://example.com/sitemap.xml` alone on its line: a Sitemap: line missing its name.
                if (/^https?:\/\/\S+$/i.test(content) && /sitemap/i.test(content)) {
                    bareUrlLines.push(line);
                    add(content, line);
                }
            }
        }
    }
    return { urls, bareUrlLines, unreadable };
}
/**
 * `key: value`, as google/robotstxt splits a line: at the first colon, or, with no colon in
 * the name, at the first run of spaces when the line has exactly two words.
 */
function fieldOf(content) {
    const colon = content.indexOf(':');
    const space = content.search(/[ \t]/);
    // A name never holds a space: `Sitemap https://…` is a missing colon, not the name
    // "Sitemap https" (google/robotstxt would read it so, and lose the URL's scheme).
    if (space >= 0 && (colon < 0 || space < colon)) {
        const key = content.slice(0, space);
        const value = asciiTrim(content.slice(space));
        if (value.startsWith(':'))
            return { key, value: asciiTrim(value.slice(1)) };
        if (/[ \t]/.test(value))
            return undefined;
        return { key, value };
    }
    if (colon < 0)
        return undefined;
    return { key: asciiTrim(content.slice(0, colon)), value: asciiTrim(content.slice(colon + 1)) };
}
/** `sitemap` (and what starts with it, as `sitemaps`) or `site-map`, in any case. */
function isSitemapKey(key) {
    const lower = key.toLowerCase();
    return lower.startsWith('sitemap') || lower.startsWith('site-map');
}
/** The spaces google/robotstxt trims: ASCII ones only. */
const ASCII_SPACES = ' \t\v\f';
/**
 * Trims ASCII spaces only, as google/robotstxt does: a byte-order mark in the middle of the
 * file is not a space, so it spoils its line (JavaScript's trim() would remove it). By a loop
 * (src/text/trailing-run.ts): a line of many spaces then a letter is quadratic for a regex.
 */
function asciiTrim(text) {
    return (0,trailing_run/* trimmedOf */.g3)(text, ASCII_SPACES);
}

;// CONCATENATED MODULE: ./src/sitemap/robots-file.ts





async function readRobotsFile(fetcher, siteUrl, options) {
    const robotsUrl = new URL('/robots.txt', siteUrl);
    const warnings = [];
    const nothing = { sitemaps: [], isHtml: false, warnings };
    let bytes;
    let base;
    try {
        const opened = await openFollowing(fetcher, robotsUrl, {
            host: siteUrl.host,
            timeoutMs: options.timeoutMs,
            clock: options.clock,
            alreadyRead: () => false
        });
        if (opened === undefined)
            return nothing;
        const { answer } = opened;
        base = opened.at;
        if (answer.status !== 200) {
            answer.body.destroy();
            // No robots.txt is common (404, 410); another answer hides the Sitemap: lines it has.
            if (answer.status !== 404 && answer.status !== 410) {
                warnings.push(`Sitemaps: ${base.href} answered HTTP ${answer.status}; /sitemap.xml was tried instead of its Sitemap: lines`);
            }
            return nothing;
        }
        // A server may compress robots.txt although nothing asked it to (as sitemaps).
        bytes = await readBytes(answer.body, decompressed(answer.body, (0,http_headers/* headerValue */.Z)(answer.headers, 'content-encoding')), options.maxBytes);
    }
    catch (error) {
        warnings.push(`Sitemaps: could not read ${robotsUrl.href}: ${messageOf(error)}`);
        return nothing;
    }
    const text = decodeRobotsTxt(bytes);
    const found = sitemapsInRobotsTxt(text, base);
    for (const line of found.bareUrlLines) {
        warnings.push(`${base.href} line ${line} is only a URL; it was read as a Sitemap: line (search engines may ignore it: write "Sitemap: <url>")`);
    }
    for (const { line, value } of found.unreadable) {
        warnings.push(`${base.href} line ${line}: Sitemap: "${value}" is not an http(s) URL; ignored`);
    }
    return { sitemaps: found.urls, isHtml: /^\s*</.test(text), warnings };
}
/** At most `maxBytes` of `bytes` (read from `body`, perhaps decompressed); the body is closed. */
async function readBytes(body, bytes, maxBytes) {
    const chunks = [];
    let size = 0;
    try {
        for await (const chunk of bytes) {
            chunks.push(chunk);
            size += chunk.length;
            if (size >= maxBytes)
                break;
        }
    }
    finally {
        body.destroy();
    }
    return Buffer.concat(chunks).subarray(0, maxBytes);
}

;// CONCATENATED MODULE: ./src/sitemap/read-sitemaps.ts
/**
 * Finds and reads a site's sitemaps the way search engines do: the `Sitemap:` lines of
 * robots.txt (else /sitemap.xml), or the one given in the `sitemap` input; sitemap indexes;
 * XML, text, RSS and Atom files, plain or gzip, recognized by their content (read-file.ts).
 * A `Sitemap:` line may name another host (a CDN, a storage bucket: sitemaps.org's "cross
 * submit"); that file and the children its index lists on its own host are read, and only the
 * pages on the site's host are handed on, as path and query, each once, as they are parsed:
 * nothing here keeps the pages, so memory stays flat whatever the sitemaps list (the caller
 * keeps what it needs). Bounded: 50,000 URLs and 50 MiB a file (the protocol's limits, for
 * every format), 50 files, 1,000,000 pages in all; a cut says so in a warning. A file that
 * cannot be read, or is not a sitemap, is one warning naming it and saying what to do. Pages
 * themselves are never fetched from here.
 */






const SITEMAP_LIMITS = {
    urlsPerFile: 50_000,
    files: 50,
    totalUrls: 1_000_000,
    bytesPerFile: 50 * 1024 * 1024,
    robotsBytes: 512 * 1024
};
async function readSitemaps(request, siteUrl, fetcher, options) {
    const reading = new Reading(siteUrl, fetcher, options);
    if (request.kind === 'none')
        return reading.result(true);
    if (request.kind === 'url')
        await reading.readAll([{ url: request.url, source: 'named' }]);
    else
        await reading.readAll(await reading.discover());
    return reading.result(false);
}
class Reading {
    siteUrl;
    fetcher;
    options;
    limits;
    clock;
    pages;
    files = [];
    fetched = new Set();
    warnings = [];
    notices = [];
    found = false;
    /** robots.txt answered 200 with an HTML page (a single-page app's shell). */
    robotsIsHtml = false;
    constructor(siteUrl, fetcher, options) {
        this.siteUrl = siteUrl;
        this.fetcher = fetcher;
        this.options = options;
        this.limits = options.limits ?? SITEMAP_LIMITS;
        this.clock = options.clock ?? time_clock/* systemClock */.m;
        this.pages = new SitePages(siteUrl, this.limits.totalUrls, options.onPage);
    }
    result(turnedOff) {
        const { foreignUrls, firstForeign } = this.pages;
        if (foreignUrls > 0) {
            const example = firstForeign === undefined ? '' : ` (the first: ${firstForeign})`;
            this.warnings.push(`Sitemaps: ${foreignUrls} URL(s) on hosts other than ${this.siteUrl.host} were skipped${example}; only pages of site_url are checked.`);
        }
        return {
            found: this.found,
            turnedOff,
            files: this.files,
            pageCount: this.pages.count,
            foreignUrls,
            warnings: this.warnings.map(sentence),
            notices: this.notices.map(sentence)
        };
    }
    /** robots.txt's `Sitemap:` lines, else /sitemap.xml, a guess that may not exist. */
    async discover() {
        const robots = await readRobotsFile(this.fetcher, this.siteUrl, {
            timeoutMs: this.options.timeoutMs,
            clock: this.clock,
            maxBytes: this.limits.robotsBytes
        });
        this.warnings.push(...robots.warnings);
        this.robotsIsHtml = robots.isHtml;
        if (robots.sitemaps.length > 0)
            return robots.sitemaps.map(url => ({ url, source: 'robots' }));
        return [{ url: new URL('/sitemap.xml', this.siteUrl), source: 'guessed' }];
    }
    /** Reads the start files and the sitemaps their indexes list. */
    async readAll(start) {
        const queue = [...start];
        const seen = new Set(start.map(listed => listed.url.href));
        // Files asked for, whatever they answered (missing, not a sitemap): the limit is on
        // requests, or an index of 50,000 missing files would be 50,000 requests and warnings.
        let asked = 0;
        // Listed files not read: the queue holds only as many as the limit lets be asked for.
        let notRead = 0;
        const context = this.fileContext();
        while (queue.length > 0 && !this.pages.cut) {
            const listed = queue.shift();
            if (listed === undefined)
                break;
            const admitted = this.admit(listed);
            if (admitted === undefined)
                continue;
            // Already read, through a redirect from another file.
            if (this.fetched.has(admitted.url.href))
                continue;
            if (asked >= this.limits.files) {
                notRead += queue.length + 1;
                break;
            }
            asked++;
            const { children, at } = await readSitemapFile(context, listed, admitted);
            for (const child of children) {
                if (seen.has(child.href))
                    continue;
                if (asked + queue.length >= this.limits.files) {
                    notRead++;
                    continue;
                }
                seen.add(child.href);
                queue.push({ url: child, source: 'index', index: at });
            }
        }
        if (notRead > 0) {
            this.warnings.push(`Sitemaps: more than ${this.limits.files} sitemap files; ${notRead} were not read`);
        }
    }
    fileContext() {
        const { limits } = this;
        return {
            fetcher: this.fetcher,
            siteUrl: this.siteUrl,
            timeoutMs: this.options.timeoutMs,
            clock: this.clock,
            urlsPerFile: limits.urlsPerFile,
            bytesPerFile: limits.bytesPerFile,
            totalUrls: limits.totalUrls,
            fetched: this.fetched,
            pages: this.pages,
            robotsIsHtml: this.robotsIsHtml,
            warn: text => this.warnings.push(text),
            notice: text => this.notices.push(text),
            onSitemapFile: at => {
                this.found = true;
                this.files.push(at.href);
            }
        };
    }
    /**
     * Where a listed file may be read from, and where its redirects may go (one host, or any);
     * undefined, with a warning, when it may not be read. The site's own files stay on its host.
     * robots.txt may name another host (sitemaps.org's cross submit: the site owner says so);
     * an index lists sitemaps on its own host or the site's, as the protocol asks.
     */
    admit(listed) {
        const { url, source } = listed;
        const site = this.siteUrl;
        if (source === 'named')
            return { url, host: undefined };
        const listedBy = listed.index ?? site;
        const refusal = refusalOf(url, listedBy);
        if (refusal !== undefined) {
            this.warnings.push(`Sitemap ${url.href} is not read: ${refusal}`);
            return undefined;
        }
        const secure = secureUrl(url, listedBy);
        if (url.host === site.host)
            return { url: secure, host: site.host };
        if (source === 'robots')
            return { url: secure, host: undefined };
        if (source === 'index' && listed.index !== undefined && url.host === listed.index.host) {
            return { url: secure, host: undefined };
        }
        const by = listed.index?.href ?? site.href;
        this.warnings.push(`Sitemap ${url.href}, listed by ${by}, is on another host than the index and ${site.host}; not read (an index lists sitemaps on its own host: name it in robots.txt with a Sitemap: line, or in the sitemap input)`);
        return undefined;
    }
}

// EXTERNAL MODULE: ./src/verify/choose/first-in-order.ts
var first_in_order = __webpack_require__(4792);
;// CONCATENATED MODULE: ./src/verify/tags/trace-state.ts
/**
 * Tracing tags to pages (pure): what the reads of `<Prefix>-Tags` found so far, and whether the
 * reading may stop. It stops as soon as it has what the verification needs (verify_limit pages
 * of each tag), or at the budget below, whichever comes first; read-at-edge.ts does the reading.
 * A page whose tags cannot be read is counted by reason, never taken to carry or lack a tag.
 */

/**
 * The most pages one job reads before a purge: at `rate: 100`, 100 s. Reading costs the site
 * a request a page (and a render for a page not cached), so it is bounded apart from the
 * verification's own budget.
 */
const TAG_READS_MAX = 10_000;
/** The longest one job reads tags before a purge, however many pages are left. */
const TAG_READ_MAX_MS = 180_000;
class TagTrace {
    tags;
    limits;
    candidates;
    found;
    pages = new Map();
    read = 0;
    requests = 0;
    unreadable = 0;
    unreadableBy = {};
    constructor(tags, limits, candidates) {
        this.tags = tags;
        this.limits = limits;
        this.candidates = candidates;
        this.found = new Map(tags.map(tag => [tag, { count: 0, first: new first_in_order/* FirstInOrder */.Cd(first_in_order/* PREVIEW_FIRST */.Wl) }]));
    }
    /** Every tag has its verify_limit pages: reading more would only cost the site. */
    get enough() {
        if (!Number.isFinite(this.limits.perTag))
            return false;
        for (const { count } of this.found.values())
            if (count < this.limits.perTag)
                return false;
        return true;
    }
    /** A read may still leave: under the budget of requests. */
    get mayRead() {
        return this.requests < this.limits.maxReads;
    }
    /** A request for a page is leaving. */
    asked() {
        this.requests++;
    }
    /** What the answer for `path` told. */
    record(path, reading) {
        this.read++;
        if (reading.kind === 'unreadable') {
            this.unreadable++;
            this.unreadableBy[reading.why] = (this.unreadableBy[reading.why] ?? 0) + 1;
            return;
        }
        const carried = this.tags.filter(tag => reading.tags.includes(tag));
        if (carried.length === 0)
            return;
        this.pages.set(path, carried);
        for (const tag of carried) {
            const state = this.found.get(tag);
            if (state === undefined)
                continue;
            state.count++;
            state.first.offer(path);
        }
    }
    result(stoppedBy, durationMs) {
        return {
            tags: this.tags.map(tag => {
                const state = this.found.get(tag);
                return { tag, found: state?.count ?? 0, first: state?.first.paths ?? [] };
            }),
            pages: this.pages,
            read: this.read,
            requests: this.requests,
            candidates: this.candidates,
            unreadable: this.unreadable,
            unreadableBy: { ...this.unreadableBy },
            stoppedBy,
            exact: this.read >= this.candidates && this.unreadable === 0,
            durationMs
        };
    }
}

// EXTERNAL MODULE: ./src/verify/judge/edge-clock-skew.ts
var edge_clock_skew = __webpack_require__(3958);
;// CONCATENATED MODULE: ./src/verify/judge/edge-date.ts
/**
 * Reading the edge's timestamps: the cache date (`<Prefix>-Kc-Date`, e.g.
 * `2026-11-23T09:14:07.Z (GMT) (2h 3m 11s of 7d)`, UTC, fraction empty, present or absent) and
 * the `Date` header (an HTTP-date, one-second resolution). Both are instants in the edge's
 * clock, with how coarse they are, since a time without a fraction may be up to 1 s later. A
 * date that does not exist (month 13, hour 99, 30 February) is unreadable, not rolled over.
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
        const ms = utcInstant(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), digits === '' ? 0 : Number(digits.padEnd(3, '0')));
        return validInstant(ms, fraction === '' ? 1000 : Math.max(1, 10 ** (3 - digits.length)));
    }
    const http = HTTP_DATE.exec(text);
    if (http) {
        const [, day, monthName = '', year, hour, minute, second] = http;
        const month = MONTHS.indexOf(monthName.toLowerCase());
        if (month < 0)
            return undefined;
        const ms = utcInstant(Number(year), month, Number(day), Number(hour), Number(minute), Number(second), 0);
        return validInstant(ms, 1000);
    }
    return undefined;
}
/**
 * The instant a UTC date and time name, or NaN when they name none. Date.UTC rolls every field
 * over (month 13 is next January, hour 99 four days later), which would read a broken header as
 * some other real date; each field is held to its range instead. Second 60 is a leap second
 * (RFC 9110 allows it in an HTTP-date): the instant it ends on.
 */
function utcInstant(year, monthIndex, day, hour, minute, second, ms) {
    if (monthIndex < 0 || monthIndex > 11 || day < 1 || hour > 23 || minute > 59 || second > 60) {
        return Number.NaN;
    }
    // Day 0 of the next month is the last day of this one (asked only past the 28th: it is rare).
    if (day > 28 && day > new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate())
        return Number.NaN;
    return Date.UTC(year, monthIndex, day, hour, minute, second, ms);
}
function validInstant(ms, resolutionMs) {
    return Number.isFinite(ms) ? { ms, resolutionMs } : undefined;
}

// EXTERNAL MODULE: ./src/http/edge-headers.ts
var edge_headers = __webpack_require__(6304);
// EXTERNAL MODULE: ./src/http/statuses.ts
var statuses = __webpack_require__(7276);
;// CONCATENATED MODULE: ./src/verify/judge/verdict.ts





/**
 * The skew estimate narrowed by the answer's `Date` header, when it has a readable one; the
 * same estimate otherwise. Every reader of the site (the checks, the tag reading) learns so.
 */
function observeAnswerSkew(estimate, answer) {
    const date = parseEdgeDate((0,http_headers/* headerValue */.Z)(answer.headers, 'date'));
    return date ? (0,edge_clock_skew/* observeSkew */.z1)(estimate, date, answer.sentAt, answer.receivedAt) : estimate;
}
/**
 * `purgeAcceptedAt` is the runner's time of the answer that accepted the purge of this page; `skew`
 * says how far the edge's clock is from the runner's. The cache date is compared with the
 * acceptance in the edge's clock, giving the benefit of the doubt the clocks' resolution leaves (an
 * entry cached within about a second of the acceptance counts as fresh); on an edge whose `Date`
 * cannot place its cache dates (edge-clock-skew.ts, datesUntrusted), in the runner's clock as well.
 * A cache date after its own answer's `Date`, or one that does not exist, is asked again, never
 * fresh. Without a purge time (a warm-up of pages nothing purged), any HIT is fresh and warm.
 *
 * With `proveContent`, fresh also needs the build in the body of a 2xx answer (`answer.content`):
 * a HIT fresh by its date without it is stale, old content; EXTRACTING is `rendering`, even
 * when its body shows the build: what an EXTRACTING answer carries is not documented to be the
 * render that gets cached (the render fetches the origin itself, and in a rolling deploy may reach
 * an instance still on an older build), so only the cached copy, the HIT, proves the content.
 * A body that could not be read is asked again. A cached redirect is judged by its date alone.
 */
function judge(answer, purgeAcceptedAt, skew, proveContent = false, 
/** The brand prefix the site's earlier answers showed: it vouches for a bare `-Bypass`. */
knownPrefix) {
    if ((0,statuses/* isRetryableSiteStatus */.S)(answer.status)) {
        return { kind: 'retry', reason: `HTTP ${answer.status}` };
    }
    const edge = (0,edge_headers/* readEdgeHeaders */._5)(answer.headers, knownPrefix);
    const gone = answer.status === 404 || answer.status === 410;
    // A 404 without the header is what an origin server (a wrong site_url) answers: the loop
    // stops on it unless the site has already shown the header, and then takes it as gone.
    if (edge === undefined)
        return { kind: 'no-status-header', gone };
    if (gone)
        return { kind: 'gone' };
    const { prefix, status = '', bypass } = edge;
    if (status === 'DYNAMIC')
        return { kind: 'unverifiable' };
    // Not served from the cache, whatever else it says (or whether it says a status at all: a
    // cache that was not consulted has none to give): neither fresh nor stale.
    if (bypass !== undefined)
        return { kind: 'bypassed', reason: bypass };
    // Only a page shows a build: a cached redirect (3xx) or another non-2xx answer has no body
    // to prove (the transport reads none), so its cache date alone judges it, as without the proof.
    const proving = proveContent && answer.status >= 200 && answer.status <= 299;
    switch (status) {
        case 'EXTRACTING':
            return proving ? { kind: 'rendering' } : { kind: 'fresh', warm: false };
        case 'MISS':
            return { kind: 'not-cacheable' };
        case 'HIT':
            return judgeHit(answer, prefix, purgeAcceptedAt, skew, proving);
        default:
            return { kind: 'retry', reason: `unknown cache status ${JSON.stringify(status)}` };
    }
}
/**
 * Where an entry cached at `cached` (the edge's clock) stands against the purge accepted at
 * `purgeAcceptedAt` (the runner's clock), `skew` placing one clock in the other: the one rule
 * by which a HIT is after its purge, for pages (judgeHit) and for an asset purged by URL
 * (asset-checks.ts). `headers` are the answer's, for its own `Date`.
 */
function placeCachedAt(headers, cached, purgeAcceptedAt, skew) {
    // One clock cannot cache an entry after the moment it answers with it: a cache date past
    // the answer's own Date (beyond that header's one-second resolution) means the edge's clocks
    // disagree, and neither date can say whether the entry is fresh.
    const answeredAt = parseEdgeDate((0,http_headers/* headerValue */.Z)(headers, 'date'));
    if (answeredAt !== undefined && cached.ms >= answeredAt.ms + answeredAt.resolutionMs) {
        return 'clocks-disagree';
    }
    // The earliest the acceptance can be in the edge's clock, against the latest the entry can
    // have been cached: a fresh entry is never called stale, whatever the clocks' resolution.
    const latestCachedAt = cached.ms + cached.resolutionMs;
    if (latestCachedAt <= purgeAcceptedAt + skew.lowMs)
        return 'before';
    // This edge's cache dates have been seen after its own Date, far from the runner's clock:
    // the skew (from Date) may not be the cache dates' own, so after the purge in the runner's
    // clock too, or not after it.
    if (latestCachedAt <= purgeAcceptedAt && (0,edge_clock_skew/* datesUntrusted */.Ow)(skew))
        return 'before-in-runner-clock';
    return 'after';
}
function judgeHit(answer, prefix, purgeAcceptedAt, skew, proveContent) {
    const text = (0,http_headers/* headerValue */.Z)(answer.headers, `${prefix}-kc-date`);
    const cacheDate = (text ?? '').trim();
    const cached = parseEdgeDate(text);
    const cachedAt = cached === undefined ? {} : { cachedAtMs: cached.ms };
    if (purgeAcceptedAt !== undefined) {
        if (cached === undefined) {
            return {
                kind: 'retry',
                reason: `HIT without a readable cache date (${JSON.stringify(text ?? '')})`
            };
        }
        const place = placeCachedAt(answer.headers, cached, purgeAcceptedAt, skew);
        if (place === 'clocks-disagree') {
            const dateText = (0,http_headers/* headerValue */.Z)(answer.headers, 'date');
            return {
                kind: 'retry',
                cause: 'clocks-disagree',
                reason: `the edge's clocks disagree: its cache date ${JSON.stringify(cacheDate)} is after its own Date ${JSON.stringify((dateText ?? '').trim())}`
            };
        }
        if (place === 'before') {
            return { kind: 'stale', reason: 'not-purged-yet', cacheDate, ...cachedAt };
        }
        if (place === 'before-in-runner-clock') {
            return {
                kind: 'stale',
                reason: 'not-purged-yet',
                cacheDate,
                ...cachedAt,
                staleInRunnerClockOnly: true
            };
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
                ...cachedAt,
                detail: content.capped
                    ? `the build is not in the first ${content.bytes / (1024 * 1024)} MiB of the page`
                    : 'the build is not in the page'
            };
        case 'not-read':
            return { kind: 'retry', reason: `HIT, but the page could not be read: ${content.reason}` };
    }
}
/** A HIT cached after the purge: the render the cache keeps, which proves the page fresh. */
function isFreshHit(verdict) {
    return verdict.kind === 'fresh' && verdict.warm;
}
/** A HIT cached before the purge, by both clocks: the render the purge replaces. */
function isOldRender(verdict) {
    return (verdict.kind === 'stale' &&
        verdict.reason === 'not-purged-yet' &&
        verdict.staleInRunnerClockOnly !== true);
}
/**
 * Whether the edge's dates place a HIT's render after `acceptedAt`, by the pages' rule and clock
 * skew (so that a clock consistently off is placed by its `Date`); undefined for no HIT, no
 * readable cache date, a cache date after its own `Date`, or an edge whose `Date` cannot place
 * its cache dates (datesUntrusted).
 */
function renderedAfter(edge, headers, acceptedAt, skew) {
    if (!(0,edge_headers/* fromKeptEntry */.BN)(edge) || (0,edge_clock_skew/* datesUntrusted */.Ow)(skew))
        return undefined;
    const cached = parseEdgeDate(edge.cacheDate);
    if (cached === undefined)
        return undefined;
    const place = placeCachedAt(headers, cached, acceptedAt, skew);
    return place === 'clocks-disagree' ? undefined : place === 'after';
}

// EXTERNAL MODULE: ./src/http/in-flight.ts + 1 modules
var in_flight = __webpack_require__(1009);
;// CONCATENATED MODULE: ./src/verify/tags/tags-header.ts
/**
 * What one answer of the edge tells of its page's tags (`<Prefix>-Tags`, docs/service.md): the
 * service lists them on a cached answer. An answer that cannot tell (not cached yet, DYNAMIC,
 * past the cache, an error) is unreadable, with the reason, so that the caller counts it
 * rather than take "no header" for "no tag". Pure.
 */


/** `a, b ,c` → `a`, `b`, `c`: the service's list, a comma between tags, spaces not part of them. */
function parseTagList(value) {
    return value
        .split(',')
        .map(tag => tag.trim())
        .filter(tag => tag !== '');
}
/**
 * The tags one answer shows. A HIT that was not bypassed tells them (no header: the page has
 * none); another answer tells them only when it carries the header, since a page not cached
 * has no tags to tell.
 */
function readPageTags(answer) {
    // An error first, whoever sent it: a 429 or a 503 may come from a server without the brand.
    if (answer.status < 200 || answer.status > 399)
        return { kind: 'unreadable', why: 'status' };
    const edge = (0,edge_headers/* readEdgeHeaders */._5)(answer.headers);
    if (edge === undefined)
        return { kind: 'unreadable', why: 'no-edge' };
    if (edge.bypass !== undefined)
        return { kind: 'unreadable', why: 'bypassed' };
    if (edge.status === 'DYNAMIC')
        return { kind: 'unreadable', why: 'dynamic' };
    const header = (0,http_headers/* headerValue */.Z)(answer.headers, `${edge.prefix}-tags`);
    if (header !== undefined && header.trim() !== '') {
        return { kind: 'read', tags: parseTagList(header) };
    }
    return edge.status === 'HIT'
        ? { kind: 'read', tags: [] }
        : { kind: 'unreadable', why: 'not-cached' };
}

// EXTERNAL MODULE: ./src/http/backoff.ts
var http_backoff = __webpack_require__(1012);
;// CONCATENATED MODULE: ./src/verify/pace/poll-schedule.ts
/**
 * When to ask a stale check again. Pure: the loop (verify/check/polling-loop.ts) gives the time and
 * the random numbers, so the rule is tested with a test clock.
 *
 * A purge reaches a data center at one moment and then spreads through it, so the arrival seen
 * on one page says when to expect it on the others. The rule:
 *
 * 1. Before any check was seen going from stale to fresh, each stale check backs off (2 s,
 *    growing by 1.5x to 15 s, jittered), so that thousands of pages do not hammer the edge while
 *    the purge travels; and the run asks the stale check that has waited longest whenever no
 *    stale check was asked for PROBE_EVERY_MS (the probe). So the arrival is seen within about
 *    2 s of happening, however long it took and however few checks there are.
 * 2. When a check goes from stale to fresh (an arrival), every stale check is asked at once.
 * 3. While arrivals keep coming (one within the last SPREAD_MS), a check still stale is asked
 *    every TIGHT_MS (jittered): the purge is spreading here, and each page's time to fresh is
 *    then known to within about 2 s.
 * 4. After SPREAD_MS without an arrival, the stragglers are not on their way (another node, or
 *    a later purge): they back off again from 2 s, and the probe watches for the next arrival.
 *
 * So `verify_seconds` is within a few seconds of when the pages turned fresh, where a schedule
 * that only stretched (the 15 s cap) could see a page fresh up to 15 s late.
 */

const STALE_BACKOFF = { firstMs: 2000, maxMs: 15_000, factor: 1.5, jitter: 0.2 };
/** Rule 3's interval, jittered like the backoff so that thousands of checks do not align. */
const TIGHT = { firstMs: 2000, maxMs: 2000, factor: 1, jitter: 0.2 };
const SPREAD_MS = 30_000;
const PROBE_EVERY_MS = 2000;
/** What the run has seen of the purge's arrival at this data center. */
class PropagationWatch {
    backoff;
    lastArrivalAt;
    firstArrival;
    constructor(backoff = STALE_BACKOFF) {
        this.backoff = backoff;
    }
    /** A check went from stale to fresh at `now`, `afterMs` after its purge was accepted. */
    arrived(now, afterMs) {
        this.lastArrivalAt = now;
        this.firstArrival ??= afterMs;
    }
    /** From a purge's acceptance until the first arrival seen; undefined before. */
    get firstArrivalAfterMs() {
        return this.firstArrival;
    }
    /** Rule 3: an arrival within the last SPREAD_MS. */
    spreading(now) {
        return this.lastArrivalAt !== undefined && now - this.lastArrivalAt < SPREAD_MS;
    }
    /**
     * The wait before asking a check that just answered stale, and the backoff step it is at
     * next: rules 1, 3 and 4 (a tight interval restarts the backoff from its first step).
     */
    staleDelay(now, attempt, random) {
        if (this.spreading(now))
            return { delayMs: (0,http_backoff/* backoffDelay */.E)(TIGHT, 0, random()), nextAttempt: 0 };
        return { delayMs: (0,http_backoff/* backoffDelay */.E)(this.backoff, attempt, random()), nextAttempt: attempt + 1 };
    }
}

;// CONCATENATED MODULE: ./src/verify/pace/rate-queue.ts
class RateGate {
    limiter;
    clock;
    deadline;
    waiting = [];
    pumping = false;
    closed = new AbortController();
    /** No turn is left before the deadline: said once, it stays so (turns only move later). */
    late = false;
    /** `deadline`: the runner's time at and after which no request may leave. */
    constructor(limiter, clock, deadline = Number.POSITIVE_INFINITY) {
        this.limiter = limiter;
        this.clock = clock;
        this.deadline = deadline;
    }
    /** 'pass' when the request may leave (it is counted then), 'closed' once closed, or 'late'. */
    pass() {
        if (this.closed.signal.aborted)
            return Promise.resolve('closed');
        if (this.late)
            return Promise.resolve('late');
        return new Promise(resolve => {
            this.waiting.push(resolve);
            if (!this.pumping)
                void this.pump();
        });
    }
    /**
     * Nobody passes before `at` (an overload's hold); the waiters then pass at the rate again.
     * A pump asleep meets the hold when it wakes: it asks the limiter again before letting anyone
     * through. A hold to the deadline turns every waiter away at once: none can pass before it.
     */
    holdUntil(at) {
        this.limiter.holdUntil(at);
        if (at >= this.deadline)
            this.turnAwayAsLate();
    }
    /** Every waiter, and every later pass(), gets 'closed'. */
    close() {
        this.closed.abort();
        for (const waiter of this.waiting.splice(0))
            waiter('closed');
    }
    turnAwayAsLate() {
        this.late = true;
        for (const waiter of this.waiting.splice(0))
            waiter('late');
    }
    /** Lets the waiters through one by one, as the limiter allows, until the deadline. */
    async pump() {
        this.pumping = true;
        try {
            while (this.waiting.length > 0 && !this.closed.signal.aborted) {
                const now = this.clock.now();
                const wait = this.limiter.take(now);
                if (wait <= 0) {
                    this.waiting.shift()?.('pass');
                }
                else if (now + wait >= this.deadline) {
                    // The next turn is at or past the deadline, and turns only move later: no waiter, now
                    // or later, can leave before it. Told at once rather than after the wait.
                    this.turnAwayAsLate();
                }
                else {
                    await this.clock.sleep(wait, this.closed.signal);
                }
            }
        }
        finally {
            this.pumping = false;
        }
    }
}

;// CONCATENATED MODULE: ./src/verify/pace/rate-spacing.ts
/**
 * The `rate` input: at most so many page requests a second, smoothed. Pure: the caller gives
 * the time (the runner's clock, or a test clock) and sleeps as told.
 *
 * Three rules, on the times requests actually leave:
 * - Spacing: requests follow a schedule one interval (1 s / rate) apart. A request that left up
 *   to SLACK_MS late (a timer fires a little after its time) keeps the schedule, so the rate
 *   holds on average; one later than that (nobody asked for a while) starts a new schedule, so
 *   an idle spell is never made up by a burst.
 * - Window: any one second holds at most ⌈rate⌉ requests, whatever the timers do.
 * - Hold: during an overload's hold (holdUntil), nothing leaves before the time it asked for,
 *   and the schedule starts afresh from the first request after it: the requests that waited
 *   meanwhile leave one interval apart, never together.
 */
/**
 * How late a request may leave and keep the schedule: what late timers, a garbage collection or
 * a busy machine may make up at once (at 1,000 a second, at most 50 requests together).
 */
const SLACK_MS = 50;
class RateLimiter {
    perSecond;
    intervalMs;
    /** Times the last ⌈rate⌉ requests left, oldest at `head`. */
    recent;
    head = 0;
    nextAt = Number.NEGATIVE_INFINITY;
    /** A hold set nextAt: the next request starts a new schedule, whatever its lateness. */
    resuming = false;
    constructor(perSecond) {
        this.perSecond = perSecond;
        if (!(perSecond > 0) || !Number.isFinite(perSecond)) {
            throw new RangeError(`a rate must be a positive number, not ${perSecond}`);
        }
        this.intervalMs = 1000 / perSecond;
        this.recent = new Float64Array(Math.ceil(perSecond)).fill(Number.NEGATIVE_INFINITY);
    }
    /**
     * 0 when a request may leave at `now` (it is then counted as sent at `now`); otherwise how
     * many milliseconds to wait before asking again.
     */
    take(now) {
        const oldest = this.recent[this.head] ?? Number.NEGATIVE_INFINITY;
        const wait = Math.max(this.nextAt - now, oldest + 1000 - now);
        if (wait > 0)
            return wait;
        this.recent[this.head] = now;
        this.head = (this.head + 1) % this.recent.length;
        const keepSchedule = !this.resuming && now - this.nextAt <= SLACK_MS;
        this.nextAt = (keepSchedule ? this.nextAt : now) + this.intervalMs;
        this.resuming = false;
        return 0;
    }
    /** No request leaves before `at` (a later hold than one already set wins). */
    holdUntil(at) {
        if (at <= this.nextAt)
            return;
        this.nextAt = at;
        this.resuming = true;
    }
}

// EXTERNAL MODULE: ./src/verify/settings.ts
var verify_settings = __webpack_require__(4216);
// EXTERNAL MODULE: ./src/http/retry-after.ts
var retry_after = __webpack_require__(7821);
;// CONCATENATED MODULE: ./src/verify/pace/site-answers.ts
/**
 * What a site's answers ask of its readers (PURE): a 429, or a 5xx with a `Retry-After` it can
 * read, asks the whole job to slow down (site-backpressure.ts holds every request for it; the
 * looks before the purge stop); any other 5xx is one page's trouble, asked again after its own
 * wait (retryWaitMs). A `Retry-After` is granted at most MAX_SITE_RETRY_AFTER_MS.
 */



/** The longest wait a site's `Retry-After` is granted: a longer one is cut to this. */
const MAX_SITE_RETRY_AFTER_MS = retry_after/* MAX_RETRY_AFTER_MS */.yL;
/** A site asking for more is cut to the cap, not refused: checking again costs it little. */
const SITE_CAP = {
    maxMs: MAX_SITE_RETRY_AFTER_MS,
    beyond: 'cut'
};
/**
 * The wait before asking one check again after a 429 or 5xx: `backoffMs`, or longer when the
 * site's `Retry-After` asks for it (a date there is in the edge's clock: `edgeNow`), up to
 * MAX_SITE_RETRY_AFTER_MS so that one header cannot park a check for hours; the loop's sleep
 * keeps it inside the deadline anyway.
 */
function retryWaitMs(answer, backoffMs, edgeNow) {
    return (0,retry_after/* waitBeforeRetryMs */.lH)(siteAskedMs(answer, edgeNow), backoffMs, SITE_CAP);
}
/**
 * The site asks the whole job to slow down: a 429, or a 5xx whose `Retry-After` can be read (a
 * 5xx without one is one page's trouble). The rule every reader of the site follows.
 */
function isSiteOverload(answer, edgeNow) {
    if (!(0,statuses/* isRetryableSiteStatus */.S)(answer.status))
        return false;
    return answer.status === 429 || siteRetryAfterMs(answer, edgeNow) !== undefined;
}
/**
 * What a site's answer asks every request to wait by its `Retry-After` (a date there is in the
 * edge's clock: `edgeNow`), cut to MAX_SITE_RETRY_AFTER_MS; undefined when it asks nothing. The
 * header means something only on a 429 or a 5xx: on any other answer it is ignored. One rule
 * for the site's backpressure and one check's retry.
 */
function siteRetryAfterMs(answer, edgeNow) {
    return (0,retry_after/* grantedWaitMs */.$T)(siteAskedMs(answer, edgeNow), SITE_CAP);
}
/** What the site's `Retry-After` asks, uncut; read only on a 429 or a 5xx. */
function siteAskedMs(answer, edgeNow) {
    if (!(0,statuses/* isRetryableSiteStatus */.S)(answer.status))
        return undefined;
    return (0,retry_after/* retryAfterMs */.Vs)((0,http_headers/* headerValue */.Z)(answer.headers, 'retry-after'), edgeNow);
}

;// CONCATENATED MODULE: ./src/verify/pace/site-backpressure.ts
/**
 * Backpressure from the public site. A 429, or a 5xx with a `Retry-After`, is the site asking the
 * whole job to slow down: every request waits what it asked (at most MAX_SITE_RETRY_AFTER_MS) or
 * the backoff, then half as many are in flight, raised again as answers come: the action's one
 * rule (http/backpressure.ts) over the slots in flight (http/in-flight.ts), as for the purge
 * sender. This module turns the site's answers into that rule's events and its hold into a time
 * every reader of the site waits for (`heldUntil`, and the rate gate's hold). What counts as an
 * overload, and how long one check waits after such an answer, is site-answers.ts's.
 */






class SiteBackpressure {
    rate;
    settings;
    inFlight;
    overloads = 0;
    heldBack = 0;
    /** `slots`: the requests in flight, resized as the rule says; `rate`: held while paused. */
    constructor(slots, rate, settings) {
        this.rate = rate;
        this.settings = settings;
        this.inFlight = new in_flight/* AdaptiveInFlight */.s(slots);
    }
    /** No request leaves before this time (runner's clock). */
    get heldUntil() {
        return this.inFlight.heldUntil;
    }
    /** Overloads, each pausing every request (the answers during one's hold count once). */
    get count() {
        return this.overloads;
    }
    /** How long the overloads held the requests back in all (overlapping pauses counted once). */
    get heldBackMs() {
        return this.heldBack;
    }
    /**
     * Every answer, as it arrives: a 429, or a 5xx with `Retry-After`, is an overload; any other
     * answer counts towards raising the limit again, but another 5xx is one page's trouble, with
     * its own backoff (retryWaitMs). `now` is the runner's clock; `skew` places a `Retry-After`
     * date, which is in the edge's.
     */
    noteAnswer(answer, now, skew) {
        if (!(0,statuses/* isRetryableSiteStatus */.S)(answer.status)) {
            this.inFlight.answered();
            return;
        }
        const edgeNow = now + (0,edge_clock_skew/* skewMs */.jk)(skew);
        if (!isSiteOverload(answer, edgeNow))
            return;
        const retryAfter = (0,http_headers/* headerValue */.Z)(answer.headers, 'retry-after');
        const asked = siteRetryAfterMs(answer, edgeNow);
        const pauseMs = asked ??
            (0,http_backoff/* backoffDelay */.E)(this.settings.backoff, this.inFlight.overloadsInARow, this.settings.random());
        const until = Math.min(this.settings.deadline, now + pauseMs);
        const heldUntil = this.inFlight.heldUntil;
        const newOverload = this.inFlight.overloaded(now, until);
        if (newOverload)
            this.overloads++;
        if (until > heldUntil) {
            this.heldBack += until - Math.max(now, heldUntil);
            this.rate?.holdUntil(until);
        }
        if (newOverload) {
            this.settings.onOverload?.({
                status: answer.status,
                ...(asked !== undefined && retryAfter !== undefined && { retryAfter }),
                pauseMs: Math.max(0, until - now),
                inFlight: this.inFlight.limit
            });
        }
    }
}

;// CONCATENATED MODULE: ./src/verify/tags/read-at-edge.ts











/** A page that was not cached is asked again no sooner than this after its first answer. */
const NOT_CACHED_AGAIN_MS = 5000;
async function traceTags(input) {
    const { paths, limits } = input;
    const clock = input.clock ?? time_clock/* systemClock */.m;
    const started = clock.now();
    const deadline = started + limits.maxMs;
    const trace = new TagTrace(input.tags, limits, input.candidates);
    const gate = input.ratePerSecond === undefined
        ? undefined
        : new RateGate(new RateLimiter(input.ratePerSecond), clock, deadline);
    // One slot a request in flight: the site's backpressure halves and raises their number.
    const slots = new in_flight/* Semaphore */.j(Math.max(1, input.concurrency));
    const backpressure = new SiteBackpressure(slots, gate, {
        deadline,
        backoff: STALE_BACKOFF,
        random: input.random ?? Math.random,
        onOverload: input.onOverload
    });
    /** Places a Retry-After date, which is in the edge's clock. */
    let skew = edge_clock_skew/* UNMEASURED_SKEW */.FY;
    let next = 0;
    /** Pages that answered not cached, to ask once more (no sooner than `at`). */
    const again = [];
    let stop;
    /** Whether the reading is over, and why (said once, by the first worker to see it). */
    const over = () => {
        if (trace.enough)
            stop ??= 'enough';
        else if (next >= paths.length && again.length === 0)
            stop ??= paths.length < input.candidates ? 'requests' : 'all-read';
        else if (!trace.mayRead)
            stop ??= 'requests';
        else if (clock.now() >= deadline)
            stop ??= 'time';
        return stop !== undefined;
    };
    const read = async (path, retry) => {
        trace.asked();
        const timeout = Math.max(1, Math.min(input.requestTimeoutMs, deadline - clock.now()));
        const sentAt = clock.now();
        try {
            const head = await input.getPage((0,verify_settings/* pageUrl */.fi)(input.siteUrl, path), input.userAgent, timeout);
            const answer = { ...head, sentAt, receivedAt: clock.now() };
            skew = observeAnswerSkew(skew, answer);
            // Before the slot is released, so that no other request leaves once the site is overloaded.
            backpressure.noteAnswer(answer, answer.receivedAt, skew);
            const reading = readPageTags(head);
            if (!retry && reading.kind === 'unreadable' && reading.why === 'not-cached') {
                again.push({ path, at: clock.now() + NOT_CACHED_AGAIN_MS });
            }
            else {
                trace.record(path, reading);
            }
        }
        catch {
            trace.record(path, { kind: 'unreadable', why: 'error' });
        }
    };
    const worker = async () => {
        while (!over()) {
            if (!(await slots.acquire()))
                return;
            try {
                // The reading may have ended while this worker waited for a slot.
                if (over())
                    return;
                const retry = next >= paths.length ? again.shift() : undefined;
                const path = retry?.path ?? paths[next++];
                /** A page to ask again that this worker cannot ask: back in line (or counted at the end). */
                const giveBack = () => {
                    if (retry !== undefined)
                        again.unshift(retry);
                };
                if (retry !== undefined && clock.now() < retry.at) {
                    if (retry.at >= deadline) {
                        giveBack();
                        stop ??= 'time';
                        return;
                    }
                    await clock.sleep(retry.at - clock.now());
                }
                if (clock.now() < backpressure.heldUntil) {
                    if (backpressure.heldUntil >= deadline) {
                        giveBack();
                        stop ??= 'time';
                        return;
                    }
                    await clock.sleep(backpressure.heldUntil - clock.now());
                }
                if (gate !== undefined && (await gate.pass()) !== 'pass') {
                    giveBack();
                    stop ??= 'time';
                    return;
                }
                // Another worker may have found the last page needed while this one waited for its turn.
                if (trace.enough) {
                    giveBack();
                    continue;
                }
                await read(path, retry !== undefined);
            }
            finally {
                slots.release();
            }
        }
    };
    try {
        await Promise.all(Array.from({ length: slots.size }, worker));
    }
    finally {
        slots.close();
        gate?.close();
    }
    // Not asked again before the reading stopped: still not cached, as far as it knows.
    for (const { path } of again)
        trace.record(path, { kind: 'unreadable', why: 'not-cached' });
    return trace.result(stop ?? 'all-read', clock.now() - started);
}

// EXTERNAL MODULE: ./src/verify/tags/in-words.ts
var in_words = __webpack_require__(4180);
// EXTERNAL MODULE: ./src/verify/check/options.ts
var check_options = __webpack_require__(9472);
// EXTERNAL MODULE: ./src/verify/render/render-words.ts
var render_words = __webpack_require__(6276);
// EXTERNAL MODULE: ./src/verify/devices.ts
var verify_devices = __webpack_require__(4230);
;// CONCATENATED MODULE: ./src/verify/render/read-before-purge.ts









/** (page, device) looks before the purge at most: their facts wait in memory for the checks. */
const MAX_LOOKS_BEFORE_PURGE = 20_000;
/** The longest the purge waits for the looks before it. */
const LOOKS_BEFORE_PURGE_MS = 60_000;
/** The looks before the purge: each check takes its own, once (which frees its memory). */
class LooksBeforePurge {
    looks;
    counts;
    constructor(looks, 
    /** What the looks found and cost, for the report. */
    counts) {
        this.looks = looks;
        this.counts = counts;
    }
    /** The look of `url` on `device`, once: undefined when it had none (or took it already). */
    take(url, device) {
        const key = keyOf(url, device);
        const look = this.looks.get(key);
        this.looks.delete(key);
        return look;
    }
}
function keyOf(url, device) {
    return `${device}\n${url}`;
}
/**
 * Looks at each page on each device before the purge, in the order the checks will run, with
 * `concurrency` in flight (as many workers, one look each at a time) and at most
 * `ratePerSecond` a second.
 */
async function lookBeforePurge(pages, pageCount, options) {
    const { clock, devices } = options;
    const started = clock.now();
    const limitMs = Math.min(LOOKS_BEFORE_PURGE_MS, options.timeoutMs);
    const deadline = started + limitMs;
    const looks = new Map();
    const found = { 'old-render': 0, 'none-cached': 0, 'not-read': 0 };
    let requests = 0;
    let ended;
    const rate = options.ratePerSecond === undefined
        ? undefined
        : new RateGate(new RateLimiter(options.ratePerSecond), clock, deadline);
    const end = (why) => {
        ended ??= why;
        rate?.close();
    };
    let firstAt;
    const lookAt = async (url, device) => {
        const turn = rate === undefined ? 'pass' : await rate.pass();
        const askedAt = clock.now();
        if (turn === 'late' || askedAt >= deadline)
            end('time');
        if (turn !== 'pass' || ended !== undefined)
            return;
        requests++;
        firstAt ??= askedAt;
        const look = await ask(url, device, { askedAt, afterFirstMs: askedAt - firstAt }, options, Math.min(options.requestTimeoutMs, deadline - askedAt));
        if (look === 'overload') {
            end('overload');
            return;
        }
        looks.set(keyOf(url.href, device.name), look);
        found[look.kind]++;
    };
    const pairs = (0,verify_devices/* onEachDevice */.lx)(pages, devices);
    let taken = 0;
    const worker = async () => {
        while (ended === undefined) {
            const pair = pairs.next();
            if (pair.done === true)
                return;
            if (++taken > MAX_LOOKS_BEFORE_PURGE) {
                end('cap');
                return;
            }
            await lookAt(pair.value.page, pair.value.device);
        }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
    return new LooksBeforePurge(looks, {
        oldRenders: found['old-render'],
        noneCached: found['none-cached'],
        notRead: found['not-read'],
        left: pageCount * devices.length - looks.size,
        requests,
        durationMs: clock.now() - started,
        limitMs,
        ...(ended !== undefined && { ended })
    });
}
/** One look: a HIT read for its facts, or what else came back. */
async function ask(url, device, at, options, timeoutMs) {
    try {
        const answer = await options.getPage(url, device.userAgent, timeoutMs, undefined, {
            facts: true,
            // Before the purge, every HIT is the old render.
            wanted: head => ((0,edge_headers/* fromKeptEntry */.BN)((0,edge_headers/* readEdgeHeaders */._5)(head.headers)) ? 'old' : undefined)
        });
        // The site asks the job to slow down (the verification's own rule): the looks end, so that
        // the purge is not held for them.
        const now = options.clock.now();
        if (isSiteOverload(answer, (0,retry_after/* answerNow */.FQ)((0,http_headers/* headerValue */.Z)(answer.headers, 'date'), now))) {
            return 'overload';
        }
        // Read in part, or a 5xx: what the edge holds is not known.
        if (answer.bodyCut !== undefined || (0,statuses/* isRetryableSiteStatus */.S)(answer.status)) {
            return { kind: 'not-read' };
        }
        // Not a HIT, or a HIT that is no HTML page (not 2xx, not HTML): no render to compare with.
        if (answer.facts === undefined)
            return { kind: 'none-cached' };
        return { kind: 'old-render', facts: answer.facts, ...at };
    }
    catch (error) {
        if (error instanceof site_client/* SiteRequestError */.bW)
            return { kind: 'not-read' };
        throw error;
    }
}

// EXTERNAL MODULE: ./src/verify/assets/asset-results.ts
var asset_results = __webpack_require__(9676);
;// CONCATENATED MODULE: ./src/verify/explain.ts
/**
 * What the log says about a verification besides its verdict, as sentences (pure): that a purge
 * limited to some countries cannot be proved from this runner, that the edge's clock is far from
 * the runner's, that the site was overloaded, which pages are not there (404/410), why no page
 * was checked, and how the assets of the fresh pages were found. Each says what to change; the
 * step prints them.
 */





/** Pages named in one warning; the rest are counted (the summary lists them). */
const MAX_NAMED_PAGES = 10;
/**
 * Said before the checks when the purges were limited to countries: the runner reaches one data
 * center and, on a Cache By Country site, is served its own country's entries, so it can prove a
 * purge of other countries' entries neither fresh nor stale.
 */
function countryLimitWarning(countries, mode) {
    if (countries.length === 0 || countries.includes('ALL'))
        return undefined;
    const list = countries.join(', ');
    const where = countries.length === 1 ? `in ${list}` : `in one of ${list}`;
    const instead = mode === 'fail' ? `, or set verify: warn so that stale checks do not fail the step` : '';
    return `The purges were limited to country ${list}, but verification checks from this runner: it reaches one data center and, on a Cache By Country site, is served its own country's entries. Unless the runner is ${where}, those entries were not purged and may stay stale until the deadline, so the purge cannot be proved from here. Verification still runs; to prove it, verify from a runner ${where}${instead}.`;
}
/**
 * Said after the checks when the edge's clock, as its `Date` headers measured it, is more than 5
 * min from the runner's, with whether that changed the verdicts (datesUntrusted,
 * verify/judge/edge-clock-skew.ts); undefined when the clocks are closer or were never measured.
 */
function clockOffsetWarning(skew) {
    if (!(0,edge_clock_skew/* clocksFarApart */.xR)(skew))
        return undefined;
    const offset = (0,edge_clock_skew/* skewMs */.jk)(skew);
    const apart = `The edge's clock is ${(0,format/* elapsed */.vk)(Math.abs(offset))} ${offset > 0 ? 'ahead of' : 'behind'} the runner's (from its Date headers): more than 5 min apart, so one of them is wrong.`;
    const check = `Check the runner's clock (NTP), or report the edge's clock to the service's support.`;
    return (0,edge_clock_skew/* datesUntrusted */.Ow)(skew)
        ? `${apart} Some of its cache dates came after its own Date, so its clocks disagree: a page counted as fresh only when its cache date is after the purge in both clocks, the edge's and the runner's, so pages rendered after the purge may show as stale. ${check}`
        : `${apart} Its cache dates agree with its Date, so each page was placed by the edge's clock. ${check}`;
}
/**
 * Names the pages that answered 404 or 410 (with the status, and the devices when not every
 * device's check did): not there, so nothing stale is served, but not proved fresh either.
 * `listed` are the checks the verification kept (at most a thousand gone ones); `goneChecks`
 * counts them all, and `devices` says how many checks one page has.
 */
function goneWarning(listed, goneChecks, devices) {
    if (goneChecks === 0)
        return undefined;
    const gone = new Map();
    for (const check of listed) {
        if (check.state === 'gone')
            gone.set(check.url, [...(gone.get(check.url) ?? []), check]);
    }
    const named = [...gone].slice(0, MAX_NAMED_PAGES).map(([url, pageChecks]) => {
        const statuses = new Set(pageChecks.map(check => statusText(check)));
        if (statuses.size === 1 && pageChecks.length === devices)
            return `${url} (${[...statuses].join('')})`;
        const each = pageChecks.map(check => `${statusText(check)} on ${check.device}`).join(', ');
        return `${url} (${each})`;
    });
    const namedChecks = [...gone].slice(0, MAX_NAMED_PAGES).reduce((sum, [, c]) => sum + c.length, 0);
    const moreChecks = goneChecks - namedChecks;
    const rest = moreChecks > 0
        ? ` and ${moreChecks} more check(s) (${goneChecks} in all, listed in the job summary)`
        : '';
    const pages = moreChecks > 0
        ? 'Pages answered'
        : gone.size === 1
            ? '1 page answered'
            : `${gone.size} pages answered`;
    return `${pages} 404 or 410 at the edge: ${named.join(', ')}${rest}. Such a page is not there, so nothing stale is served, but it is not counted as fresh either. If a page should exist, check its path (in verify_urls or urls) and site_url.`;
}
function statusText(check) {
    return check.httpStatus === undefined ? '404/410' : `HTTP ${check.httpStatus}`;
}
/** Why the purged targets selected no page to check, and what to change: for the log. */
function whyNothingChecked(input) {
    const { selection } = input;
    const reasons = [];
    const folderTags = selection.uncheckedTags.filter(tag => tag.startsWith('folder-'));
    const otherTags = selection.uncheckedTags.filter(tag => !tag.startsWith('folder-'));
    if (otherTags.length > 0) {
        reasons.push(input.sitemapFound === true
            ? `no page read at the edge carries the tag(s) ${quoteList(otherTags)} (a typo, or pages not in the sitemap)`
            : `the tag(s) ${quoteList(otherTags)} name no pages the action can find without a sitemap`);
    }
    if (input.sitemapFound === false) {
        const why = input.sitemapRequest.kind === 'none'
            ? 'sitemaps are turned off (sitemap: none)'
            : `no sitemap was found for ${input.siteUrl} (name one in sitemap)`;
        const what = [
            input.patterns > 0 ? 'the pattern' : '',
            folderTags.length > 0 ? `the folder tag(s) ${quoteList(folderTags)}` : ''
        ].filter(Boolean);
        if (what.length > 0)
            reasons.push(`${why}, so no page could be chosen for ${what.join(' and ')}`);
    }
    for (const entry of selection.bySitemap) {
        // A traced tag with no page is among the tags above.
        if (entry.count > 0 || entry.trace !== undefined)
            continue;
        const kind = entry.target.kind === 'pattern' ? 'the pattern' : 'the folder tag';
        reasons.push(`${kind} ${entry.target.item} selects none of the sitemap's pages`);
    }
    const { shard, shardsOfSelected } = selection;
    if (shard !== undefined && shardsOfSelected !== undefined) {
        // Not a mistake: the pages are other jobs' part of the matrix.
        const parts = shardsOfSelected.map(index => `${index}/${shard.count}`);
        const where = parts.length === 1 ? `shard ${parts[0]}` : `shards ${(0,format/* andList */.cM)(parts)}`;
        return `no page was checked: this job's part (shard ${shard.index}/${shard.count}) holds none of the ${(0,format/* plural */.LS)(selection.selectedCount, 'selected page')}; ${selection.selectedCount === 1 ? 'it is' : 'they are'} in ${where}, which the other jobs of the matrix check.`;
    }
    if (reasons.length === 0)
        reasons.push('the purged targets select no page');
    return `no page was checked: ${reasons.join('; ')}. List the pages to check in verify_urls.`;
}
/**
 * Pages were checked, but some tag was traced to none: verify_status is skipped rather than
 * fresh, and the log says why.
 */
function whyTagsUnproven(tags, fresh) {
    return `the purge of the tag(s) ${quoteList(tags)} is not proven: no page read carries ${tags.length === 1 ? 'it' : 'them'} (a typo, or pages not in the sitemap; list them in verify_urls), so verify_status is skipped rather than fresh (${fresh} check(s) of the other targets seen fresh).`;
}
function quoteList(items) {
    const shown = items.slice(0, MAX_NAMED_PAGES).map(item => `'${item}'`);
    const more = items.length - shown.length;
    return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
/** `The site answered 429 (Retry-After: 10): every request waits 10 s, then 3 in flight at most.` */
function describeOverload(overload) {
    const why = overload.retryAfter === undefined
        ? `HTTP ${overload.status}`
        : `HTTP ${overload.status} with Retry-After: ${overload.retryAfter}`;
    const pause = (overload.pauseMs / 1000).toFixed(1);
    if (overload.host !== undefined) {
        return `${overload.host} answered ${why}: its requests wait ${pause} s, then at most ${overload.inFlight} in flight to it, raised again as answers come (the site's own requests go on).`;
    }
    return `The site answered ${why}: every request waits ${pause} s, then at most ${overload.inFlight} in flight, raised again as answers come.`;
}
/**
 * The asset checks in one log line: how many assets, how each (asset, device) check ended, and
 * the third parties' references left alone. The broken ones are named by the verdict, the
 * summary and the `broken_assets` output.
 */
function describeAssets(assets) {
    const { counts } = assets;
    const checks = (0,asset_results/* assetChecks */.ml)(assets);
    const ended = [
        `${counts.whole} whole`,
        counts.repaired > 0 ? `${counts.repaired} repaired by a purge` : '',
        counts.broken > 0 ? `${counts.broken} broken` : '',
        counts['not-checked'] > 0 ? `${counts['not-checked']} not checked before the deadline` : ''
    ].filter(Boolean);
    const hosts = assets.hosts.length > 0 ? ` (on the site and ${(0,format/* andList */.cM)(assets.hosts)})` : '';
    const others = assets.otherHosts > 0
        ? `; ${(0,asset_results/* otherHostAssetsPhrase */.zK)(assets)} not requested (a third party's)`
        : '';
    const away = assets.redirectedAway !== undefined && assets.redirectedAway > 0
        ? `; ${(0,format/* plural */.LS)(assets.redirectedAway, 'check')} redirected to other hosts, not requested (${(assets.awayTargets ?? [])
            .map(({ url, to }) => `${url} to ${to}`)
            .join(', ')})`
        : '';
    const cut = (0,asset_results/* cutPagesPhrase */.Ap)(assets);
    const cutPages = cut === undefined ? '' : `; ${cut}`;
    const unproven = (0,asset_results/* unprovenPhrase */.rY)(assets);
    const notProven = unproven === undefined ? '' : `; ${unproven}`;
    const left = (0,asset_results/* leftOutPhrase */.hU)(assets);
    const leftOut = left === undefined ? '' : `; ${left}`;
    const whole = assets.wholeAfterMs === undefined ? '' : `; whole after ${(0,format/* elapsed */.vk)(assets.wholeAfterMs)}`;
    return `Assets of the fresh pages: ${(0,format/* plural */.LS)(assets.assets, 'asset')}${hosts}, ${(0,format/* plural */.LS)(checks, 'check')} over the devices with ${(0,format/* plural */.LS)(assets.requests, 'request')}: ${ended.join(', ')}${others}${away}${cutPages}${leftOut}${notProven}${whole}.`;
}
/** Problems named one by one in the log, at most: the summary and `render_problems` list more. */
const RENDER_PROBLEMS_LOGGED = 10;
/**
 * The render judging in the log: how many new renders were judged and compared with the old
 * one, the problems by reason (the first ones named with page and device), and how many
 * changed for crawlers.
 */
function describeRenders(renders) {
    const byReason = new Map();
    for (const row of renders.listed)
        byReason.set(row.reason, (byReason.get(row.reason) ?? 0) + 1);
    const compared = (0,render_words/* comparedWords */.$z)(renders);
    const problems = renders.badRenders === 0
        ? 'no problem'
        : `${(0,format/* plural */.LS)(renders.badRenders, 'render')} with a problem (${[...byReason]
            .map(([reason, count]) => `${count} ${reason}`)
            .join(', ')}${renders.problems > renders.listed.length ? ', and more' : ''})`;
    const changed = renders.changed > 0 ? `; ${(0,format/* plural */.LS)(renders.changed, 'render')} changed for crawlers` : '';
    const notJudged = renders.notJudged > 0
        ? `; ${(0,format/* plural */.LS)(renders.notJudged, 'fresh check')} not judged (the render read only in part, not HTML, or not read before the checks ended)`
        : '';
    const named = renders.listed
        .slice(0, RENDER_PROBLEMS_LOGGED)
        .map(row => `\n  ${row.url} (${row.device}): ${row.reason}: ${row.detail}${row.old === undefined ? '' : ` (old render: ${row.old})`}`)
        .join('');
    return `Renders of the fresh pages: ${(0,format/* plural */.LS)(renders.judged, 'render')} judged, ${compared}: ${problems}${changed}${notJudged}.${named}`;
}
/**
 * The looks before the purge in the log: `Before the purge, 2,000 (page, device) pairs looked at
 * with 2,000 requests in 3.1 s for the old renders: 1,990 read, 10 with none cached.`, and why
 * they ended early, when they did.
 */
function describeLooksBeforePurge(looks, siteLabel) {
    const looked = looks.oldRenders + looks.noneCached + looks.notRead;
    const found = [
        `${(0,format/* grouped */.zD)(looks.oldRenders)} read`,
        looks.noneCached > 0 ? `${(0,format/* grouped */.zD)(looks.noneCached)} with none cached` : '',
        looks.notRead > 0
            ? `${(0,format/* grouped */.zD)(looks.notRead)} not read (no answer, a 5xx, or read only in part)`
            : ''
    ].filter(Boolean);
    const why = looks.ended === 'cap'
        ? `the looks stop at ${(0,format/* grouped */.zD)(MAX_LOOKS_BEFORE_PURGE)}`
        : looks.ended === 'time'
            ? `the purge waits for them ${Math.round(looks.limitMs / 1000)} s at most`
            : `${siteLabel} pushed back (429, or Retry-After), so the purge is not held for them`;
    const left = looks.left > 0
        ? ` ${(0,format/* plural */.LS)(looks.left, 'other check')} had none (${why}): their first look after the purge reads the old render while the edge still serves it.`
        : '';
    return `Before the purge, ${(0,format/* plural */.LS)(looked, '(page, device) pair')} looked at with ${(0,format/* plural */.LS)(looks.requests, 'request')} in ${(0,format/* elapsed */.vk)(looks.durationMs)} for the old renders: ${found.join(', ')}.${left}`;
}

// EXTERNAL MODULE: ./src/verify/choose/shard.ts
var choose_shard = __webpack_require__(2979);
;// CONCATENATED MODULE: ./src/verify/choose/kept-budget.ts
/**
 * How much of a selection one job may keep in memory, and what to say when its part is more.
 * The sitemaps stream through the selection, which keeps only the pages the run checks: a
 * sample of verify_limit pages (at most 100,000) always fits; `verify_limit: 0` keeps every page
 * of the job's part, which over a million long URLs is gigabytes. Such a run stops before
 * anything is purged, naming `shard` and the numbers, instead of dying of "JavaScript heap out
 * of memory" after the purge with no summary.
 */


/**
 * The most a job keeps of its selected pages: 256 MiB, counting each page as the characters of
 * its path and query plus PAGE_OVERHEAD_BYTES. A runner has 7 GiB or more, and Node's heap is
 * 2 GiB or more on it; with the rest of a run (about 150 MiB) a job stays under 600 MiB. One
 * part of a million 2,000-character pages split in 10 (about 210 MiB) fits; 100,000 pages of
 * the longest URLs the sitemap reader takes (2,048 characters), verify_limit's most, fit too.
 */
const KEPT_PAGES_BUDGET_BYTES = 256 * 1024 * 1024;
/**
 * What keeping a page costs beyond its characters: its copy's two string headers, its entry
 * in the sample, then the page the selection hands over (measured on Node 20 with 100,000 short
 * pages kept: 160 bytes a page in the sample, 210 while both are alive at the end).
 */
const PAGE_OVERHEAD_BYTES = 200;
/** What keeping a page costs, as the budget counts it (URLs are ASCII: a byte a character). */
function keptCost(path) {
    return path.length + PAGE_OVERHEAD_BYTES;
}
const mebibytes = (bytes) => `${(0,format/* grouped */.zD)(Math.ceil(bytes / 2 ** 20))} MiB`;
/**
 * Why the run stops, with the numbers and what to set: `shard` over enough jobs that each part
 * fits with room to spare (parts differ by chance: about 1 % at 100,000 pages a part), or a
 * verify_limit.
 */
function overBudgetMessage(over) {
    const part = over.shard
        ? `this job's part (shard ${over.shard.index}/${over.shard.count})`
        : 'the selection';
    const keeps = over.limit === Number.POSITIVE_INFINITY
        ? `verify_limit: 0 keeps every page of ${part} in memory`
        : `verify_limit: ${(0,format/* grouped */.zD)(over.limit)} keeps that many pages of ${part} in memory`;
    const numbers = `${(0,format/* grouped */.zD)(over.pages)} pages, ${mebibytes(over.bytes)} counted with their URLs, where one job keeps at most ${mebibytes(over.budgetBytes)}`;
    const parts = Math.max((over.shard?.count ?? 1) + 1, Math.ceil(over.selectedBytes / (over.budgetBytes * 0.9)));
    const split = parts <= choose_shard/* MAX_SHARDS */.hH
        ? `set shard to split the ${(0,format/* grouped */.zD)(over.selectedPages)} selected pages across a job matrix of at least ${parts} jobs (shard: \${{ matrix.shard }}/${parts}, about ${mebibytes(over.selectedBytes / parts)} each)`
        : `lower verify_limit (even ${choose_shard/* MAX_SHARDS */.hH} shards, a matrix's most, leave parts over the budget)`;
    const orSample = over.limit === Number.POSITIVE_INFINITY
        ? ', or give verify_limit a number to check a sample'
        : parts <= choose_shard/* MAX_SHARDS */.hH
            ? ', or lower verify_limit'
            : '';
    return `${keeps}: ${numbers}. To check them, ${split}${orSample}.`;
}

;// CONCATENATED MODULE: ./src/verify/tags/folder-tags.ts
/**
 * Folder tags as the service gives them to a page: `/A/B/C/page` has `folder-A`,
 * `folder-A-f-B` and `folder-A-f-B-f-C`. A folder tag's pages can be found in the sitemap;
 * any other tag's cannot.
 */
/** `folder-A`, `folder-A-f-B`, …: a tag of that shape. */
function isFolderTag(tag) {
    return /^folder-./.test(tag);
}
/**
 * Whether a page carries a folder tag (the last segment is the page; the query is ignored).
 * Segments are compared as written and percent-decoded, since either may be what the backend
 * tagged.
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

;// CONCATENATED MODULE: ./src/verify/choose/uniform-sample.ts
/**
 * The pages a job keeps of the selected pages as the sitemaps stream past: every one, or,
 * beyond the room verify_limit leaves, the ones whose sample key (a hash of the path, below) is
 * smallest. That is a uniform sample of the whole selection, chosen without knowing how long
 * the selection is (an even spread by position needs its length, so every page until the
 * sitemaps end), the same whatever order the files arrive in, and stable from run to run: a
 * page stays in the sample as long as no new page beats its key. Memory: the room, as a heap.
 * What is kept is counted against the budget (kept-budget.ts); past it the sample lets go of
 * everything and only says so.
 */



/**
 * The sample key of a page, from its shard hash (shard.ts's hashPath): MurmurHash3's
 * finalizer over it with a salt, so that within one shard (a range of hashPath) the keys are
 * spread over all 32 bits and unrelated to where in the range a page falls.
 */
function sampleKey(shardHash) {
    return (0,choose_shard/* finalMix */.bo)(shardHash ^ 0x9e3779b9);
}
/** Whether `a` goes into a sample before `b`: the smaller key, then the smaller path. */
function sampledBefore(a, b) {
    return a.key < b.key || (a.key === b.key && a.path < b.path);
}
class PageSample {
    room;
    budgetBytes;
    /** A max-heap (by sampledBefore) when the room is finite, so the worst kept page is on top. */
    heap = [];
    bytes = 0;
    /** What had to be kept passed the budget: nothing is kept any more. */
    overBudget = false;
    constructor(
    /** Pages kept at most; Infinity: all of them. */
    room, budgetBytes) {
        this.room = room;
        this.budgetBytes = budgetBytes;
    }
    get pages() {
        return this.heap;
    }
    /** Bytes kept now, as the budget counts them. */
    get keptBytes() {
        return this.bytes;
    }
    offer(page) {
        if (this.overBudget || this.room <= 0)
            return;
        const { heap } = this;
        if (heap.length < this.room) {
            heap.push({ ...page, path: (0,own_copy/* ownCopy */.S)(page.path) });
            this.bytes += keptCost(page.path);
            if (this.bytes > this.budgetBytes) {
                // Keeping on is pointless: the run stops at the end with the numbers.
                this.overBudget = true;
                heap.length = 0;
                return;
            }
            if (Number.isFinite(this.room))
                this.siftUp(heap.length - 1);
            return;
        }
        const worst = heap[0];
        if (worst === undefined || !sampledBefore(page, worst))
            return;
        this.bytes += keptCost(page.path) - keptCost(worst.path);
        heap[0] = { ...page, path: (0,own_copy/* ownCopy */.S)(page.path) };
        this.siftDown(0);
    }
    /**
     * Gives some kept pages other targets (`refs` answers the new list, or undefined to leave the
     * page as it is): the keys, hence the heap's order, stay the same.
     */
    retarget(refs) {
        this.heap.forEach((page, index) => {
            const next = refs(page);
            if (next !== undefined)
                this.heap[index] = { ...page, refs: next };
        });
    }
    siftUp(at) {
        const { heap } = this;
        let child = at;
        while (child > 0) {
            const parent = (child - 1) >> 1;
            const up = heap[child];
            const down = heap[parent];
            if (up === undefined || down === undefined || !sampledBefore(down, up))
                return;
            heap[child] = down;
            heap[parent] = up;
            child = parent;
        }
    }
    siftDown(at) {
        const { heap } = this;
        let parent = at;
        for (;;) {
            let largest = parent;
            for (const child of [2 * parent + 1, 2 * parent + 2]) {
                const candidate = heap[child];
                const current = heap[largest];
                if (candidate !== undefined && current !== undefined && sampledBefore(current, candidate)) {
                    largest = child;
                }
            }
            if (largest === parent)
                return;
            const a = heap[parent];
            const b = heap[largest];
            if (a === undefined || b === undefined)
                return;
            heap[parent] = b;
            heap[largest] = a;
            parent = largest;
        }
    }
}

// EXTERNAL MODULE: ./src/pattern/give-up.ts
var give_up = __webpack_require__(4543);
;// CONCATENATED MODULE: ./src/verify/choose/pattern-target.ts
/**
 * One pattern target as the sitemaps stream through the selector (streaming-selector.ts): what
 * PHP's preg_match() selects of each batch of paths, how many and which first, where PHP gives up,
 * how long matching took, and what the run should say of it once the sitemaps are read.
 */



/** Paths named in the warning about paths where PHP gives up. */
const GAVE_UP_NAMED = 5;
class PatternTarget {
    matchPattern;
    target;
    /** Why PCRE2 cannot compile the pattern; once set, it is asked nothing more. */
    refused;
    /** Whether PCRE2 was asked at all (an empty sitemap asks nothing). */
    asked = false;
    /** Sitemap pages it selects. */
    count = 0;
    first = new first_in_order/* FirstInOrder */.Cd(first_in_order/* PREVIEW_FIRST */.Wl);
    matchMs = 0;
    gaveUpCount = 0;
    /** The first GAVE_UP_NAMED, and the first of every other reason (for the reasons' words). */
    gaveUp = [];
    constructor(pattern, matchPattern) {
        this.matchPattern = matchPattern;
        this.target = { kind: 'pattern', item: pattern };
    }
    /** The paths of one batch it selects (undefined when PCRE2 refuses it). */
    match(paths) {
        if (this.refused !== undefined)
            return undefined;
        this.asked = true;
        const started = performance.now();
        const match = this.matchPattern(this.target.item, paths);
        this.matchMs += performance.now() - started;
        if (match.kind === 'refused') {
            this.refused = match.reason;
            return undefined;
        }
        for (const gaveUp of match.gaveUp) {
            const newReason = !this.gaveUp.some(kept => kept.reason === gaveUp.reason);
            if (this.gaveUp.length < GAVE_UP_NAMED || newReason) {
                this.gaveUp.push({ path: (0,own_copy/* ownCopy */.S)(gaveUp.path), reason: gaveUp.reason });
            }
            this.gaveUpCount++;
        }
        return new Set(match.paths);
    }
    /** The paths of pages selected already, without counting them again (traced pages). */
    selects(paths) {
        if (this.refused !== undefined)
            return new Set();
        const match = this.matchPattern(this.target.item, paths);
        return new Set(match.kind === 'matched' ? match.paths : []);
    }
    /** Counts a sitemap page it selected. */
    selected(path) {
        this.count++;
        this.first.offer(path);
    }
    /** Once the sitemaps are read: a pattern that saw no path still says whether PCRE2 compiles it. */
    finish(sitemap) {
        if (!this.asked && sitemap?.found === true)
            this.match([]);
    }
    /** What it selects in the sitemap, for the preview and the summary (undefined: refused). */
    selection() {
        if (this.refused !== undefined)
            return undefined;
        const { target, count, matchMs } = this;
        return { target, count, first: this.first.paths, matchMs };
    }
    /** Why its pages could not be chosen, if they could not. */
    note(sitemap) {
        const pattern = this.target.item;
        if (sitemap?.found !== true) {
            return sitemap?.turnedOff === true
                ? `Pattern ${pattern}: sitemaps are turned off (sitemap: none), so its pages could not be chosen; list them in verify_urls.`
                : `Pattern ${pattern}: no sitemap, so its pages could not be chosen.`;
        }
        if (this.refused !== undefined)
            return `Pattern ${pattern}: PCRE2 cannot compile it (${this.refused}).`;
        return undefined;
    }
    /**
     * Paths where PHP gives up, and selecting most of a sitemap of `sitemapSize` pages when
     * `purging` (a pattern that only chooses pages to check may select them all).
     */
    warnings(sitemapSize, purging) {
        if (sitemapSize === 0 || this.refused !== undefined)
            return [];
        const pattern = this.target.item;
        const warnings = [];
        if (this.gaveUpCount > 0) {
            const named = this.gaveUp.slice(0, GAVE_UP_NAMED).map(({ path }) => path);
            const more = this.gaveUpCount > named.length ? ` and ${this.gaveUpCount - named.length} more` : '';
            warnings.push(`Pattern ${pattern}: PHP's preg_match() gives up on ${this.gaveUpCount} of the sitemap's paths (${(0,give_up/* reasonsOf */.z)(this.gaveUp)}): the service does not purge them, and they are not checked: ${named.join(', ')}${more}.`);
        }
        if (purging && this.count * 2 > sitemapSize) {
            const share = Math.round((this.count / sitemapSize) * 100);
            warnings.push(`Pattern ${pattern} selects ${this.count} of the sitemap's ${sitemapSize} pages (${share}%): most of the site is purged.`);
        }
        return warnings;
    }
}

;// CONCATENATED MODULE: ./src/verify/choose/streaming-selector.ts







/**
 * Paths matched per call of matchPattern: few enough that they die young (a batch that lives
 * through two of V8's minor collections is moved to the old generation, and 2 GB of sitemap
 * pages moved there is garbage a major collection must find), many enough to be cheap.
 */
const BATCH_SIZE = 256;
class PageSelector {
    input;
    patterns;
    folderTags;
    otherTags;
    /** The pages to read for the traced tags: a sample of this job's part, spread by key. */
    tagCandidates;
    /** Sitemap pages in this job's part: what tracing could read. */
    partPages = 0;
    traced;
    known = new Map();
    /** URL targets the sitemaps listed. */
    listedUrls = new Set();
    sample;
    budgetBytes;
    extrasGroup;
    batch = [];
    /** Sitemap pages so far: a page's position in sitemap order. */
    seen = 0;
    /** Selected sitemap pages that are not URL targets or verify_urls pages. */
    streamedSelected = 0;
    streamedBytes = 0;
    streamedInShard = 0;
    streamedInShardBytes = 0;
    sitemapPagesPurged = 0;
    /** The parts (1-based) the selected pages are in, for an empty part's message. */
    partsSeen;
    busy = 0;
    /**
     * The lists of targets kept pages share: a million pages selected by one pattern hold one
     * list between them, not a million (each an array with room for 16).
     */
    targetLists = new Map();
    constructor(input) {
        this.input = input;
        const { targets } = input;
        this.budgetBytes = input.budgetBytes ?? KEPT_PAGES_BUDGET_BYTES;
        this.patterns = targets.patterns.map(pattern => new PatternTarget(pattern, input.matchPattern));
        this.folderTags = targets.tags.filter(isFolderTag).map(tag => ({
            target: { kind: 'tag', item: tag },
            count: 0,
            first: new first_in_order/* FirstInOrder */.Cd(first_in_order/* PREVIEW_FIRST */.Wl)
        }));
        this.otherTags = targets.tags.filter(tag => !isFolderTag(tag));
        this.extrasGroup = 1 + this.patterns.length + this.folderTags.length + this.otherTags.length;
        this.tagCandidates =
            input.traceTags === true && this.otherTags.length > 0
                ? new PageSample(input.traceReads ?? TAG_READS_MAX, this.budgetBytes)
                : undefined;
        targets.urls.forEach((url, index) => {
            const page = this.known.get(url);
            if (page === undefined)
                this.known.set(url, this.knownPage(url, 0, index, false, url));
            else
                page.refs.push({ kind: 'url', item: url });
        });
        input.extraPages.forEach((path, index) => {
            if (!this.known.has(path))
                this.known.set(path, this.knownPage(path, this.extrasGroup, index, true));
            else
                this.known.set(path, { ...this.known.get(path), extra: true });
        });
        this.partsSeen = new Uint8Array((input.shard?.count ?? 1) + 1);
        // verify_urls pages of this part are kept whatever the sample: they take its room first.
        const extrasHere = [...this.known.values()].filter(page => page.extra && this.inPart(page.hash));
        this.sample = new PageSample(Math.max(0, input.limit - extrasHere.length), this.budgetBytes);
    }
    /** Time spent selecting so far (PCRE2 included), to tell it apart from the reading's. */
    get busyMs() {
        return this.busy;
    }
    /** One page of the sitemaps (path and query), each once, in sitemap order. */
    add(path) {
        this.batch.push(path);
        if (this.batch.length >= BATCH_SIZE)
            this.flush();
    }
    /**
     * Whether this job's part is known not to fit already: what had to be kept passed the
     * budget, which nothing offered later undoes, so finish() will refuse the selection whatever
     * tracing would add.
     */
    overBudgetAlready() {
        this.flush();
        return this.sample.overBudget;
    }
    /** The tags to trace at the edge (none unless `traceTags`). */
    get tagsToTrace() {
        return this.tagCandidates === undefined ? [] : this.otherTags;
    }
    /** The pages to read for the traced tags, in spread order, and how many the part holds. */
    pagesToTrace() {
        this.flush();
        const kept = [...(this.tagCandidates?.pages ?? [])];
        kept.sort((a, b) => (sampledBefore(a, b) ? -1 : 1));
        return { paths: kept.map(page => page.path), candidates: this.partPages };
    }
    /**
     * The pages tracing found (sitemap pages of this part, each once): selected under their tags
     * as a pattern's pages are, merged with what the other targets already selected of them.
     */
    addTraced(traced) {
        this.flush();
        this.traced = traced;
        const paths = [...traced.pages.keys()];
        if (paths.length === 0)
            return;
        // Which of them the patterns and folder tags selected already (counted then, not again).
        const byPattern = this.patterns.map(pattern => pattern.selects(paths));
        const tagGroup = new Map(this.otherTags.map((tag, index) => [tag, index]));
        const groupBase = 1 + this.patterns.length + this.folderTags.length;
        const added = new Map();
        let position = this.seen;
        for (const [path, tags] of traced.pages) {
            position++;
            const refs = tags.map(tag => ({ kind: 'tag', item: tag }));
            const group = groupBase + (tagGroup.get(tags[0] ?? '') ?? 0);
            const known = this.known.get(path);
            const before = byPattern.some(set => set.has(path)) ||
                this.folderTags.some(state => pageHasFolderTag(path, state.target.item));
            if (known !== undefined) {
                if (known.refs.length === 0)
                    this.sitemapPagesPurged++;
                known.refs.push(...refs);
                if (known.group === this.extrasGroup) {
                    known.group = group;
                    known.position = position;
                }
                continue;
            }
            if (before) {
                added.set(path, refs);
                continue;
            }
            this.sitemapPagesPurged++;
            const hash = this.countStreamed(path);
            if (hash === undefined)
                continue;
            this.sample.offer({ path, refs, group, position, key: sampleKey(hash) });
        }
        // Pages a pattern or folder tag selected, and kept: their tags are added to their targets.
        if (added.size > 0) {
            this.sample.retarget(page => {
                const refs = added.get(page.path);
                return refs === undefined ? undefined : [...page.refs, ...refs];
            });
        }
    }
    /** The selection, once the sitemaps were read (undefined: they were not needed). */
    finish(sitemap) {
        this.flush();
        for (const pattern of this.patterns)
            pattern.finish(sitemap);
        const found = sitemap?.found === true;
        const known = [...this.known.values()];
        const knownHere = known.filter(page => this.inPart(page.hash));
        const inShard = this.streamedInShard + knownHere.length;
        const selectedCount = this.streamedSelected + known.length;
        const partBytes = this.streamedInShardBytes + knownHere.reduce((sum, page) => sum + keptCost(page.path), 0);
        const pages = this.chosen(knownHere);
        const keptBytes = pages.reduce((sum, page) => sum + keptCost(page.path), 0);
        if (this.sample.overBudget || keptBytes > this.budgetBytes) {
            const { limit, shard } = this.input;
            return {
                kind: 'over-budget',
                overBudget: {
                    pages: Math.min(limit, inShard),
                    bytes: limit >= inShard ? partBytes : Math.max(keptBytes, this.sample.keptBytes),
                    budgetBytes: this.budgetBytes,
                    selectedPages: selectedCount,
                    selectedBytes: this.streamedBytes + known.reduce((sum, page) => sum + keptCost(page.path), 0),
                    limit,
                    ...(shard && { shard })
                }
            };
        }
        const { shard } = this.input;
        const shardsOfSelected = shard !== undefined && inShard === 0 && selectedCount > 0 ? this.partsOf(known) : undefined;
        const selection = {
            pages: pages.map(page => ({ path: page.path, purgedBy: page.refs })),
            selectedCount,
            ...(found && { sitemapPagesPurged: this.sitemapPagesPurged }),
            ...(shard && { shard }),
            inShard,
            ...(shardsOfSelected && { shardsOfSelected }),
            leftOut: inShard - pages.length,
            bySitemap: found ? this.bySitemap() : [],
            // Without a sitemap, folder tags cannot be told apart from the others.
            uncheckedTags: found ? this.untracedTags() : [...this.input.targets.tags],
            urlsNotInSitemap: found
                ? this.input.targets.urls.filter(url => !this.listedUrls.has(url))
                : [],
            notes: this.notes(sitemap),
            ...this.warnings(found ? (sitemap?.pageCount ?? 0) : 0)
        };
        return { kind: 'selected', selection };
    }
    knownPage(path, group, position, extra, url) {
        return {
            path,
            refs: url === undefined ? [] : [{ kind: 'url', item: url }],
            group,
            position,
            extra,
            hash: (0,choose_shard/* hashPath */.Gv)(path)
        };
    }
    inPart(hash) {
        const { shard } = this.input;
        return shard === undefined || shard.count === 1 || (0,choose_shard/* partOfHash */.F_)(hash, shard.count) === shard.index;
    }
    /** Matches the batch against every pattern, then takes each of its pages in order. */
    flush() {
        if (this.batch.length === 0)
            return;
        const started = performance.now();
        const batch = this.batch;
        this.batch = [];
        const matched = this.patterns.map(pattern => pattern.match(batch));
        for (const path of batch)
            this.take(path, matched);
        this.busy += performance.now() - started;
    }
    take(path, matched) {
        const position = this.seen++;
        if (this.tagCandidates !== undefined) {
            const hash = (0,choose_shard/* hashPath */.Gv)(path);
            if (this.inPart(hash)) {
                this.partPages++;
                this.tagCandidates.offer({ path, refs: [], group: 0, position, key: sampleKey(hash) });
            }
        }
        const refs = [];
        let key = '';
        let group = 0;
        this.patterns.forEach((pattern, index) => {
            if (matched[index]?.has(path) !== true)
                return;
            if (refs.length === 0)
                group = 1 + index;
            refs.push(pattern.target);
            key += `${1 + index},`;
            pattern.selected(path);
        });
        this.folderTags.forEach((state, index) => {
            if (!pageHasFolderTag(path, state.target.item))
                return;
            if (refs.length === 0)
                group = 1 + this.patterns.length + index;
            refs.push(state.target);
            key += `${1 + this.patterns.length + index},`;
            state.count++;
            state.first.offer(path);
        });
        const known = this.known.get(path);
        if (known?.refs[0]?.kind === 'url')
            this.listedUrls.add(path);
        if (refs.length === 0) {
            if (known?.refs[0]?.kind === 'url')
                this.sitemapPagesPurged++;
            return;
        }
        this.sitemapPagesPurged++;
        if (known !== undefined) {
            known.refs.push(...refs);
            // A verify_urls page a target selects goes where that target's pages go.
            if (known.group === this.extrasGroup) {
                known.group = group;
                known.position = position;
            }
            return;
        }
        const hash = this.countStreamed(path);
        if (hash === undefined)
            return;
        let shared = this.targetLists.get(key);
        if (shared === undefined) {
            shared = refs;
            this.targetLists.set(key, refs);
        }
        this.sample.offer({ path, refs: shared, group, position, key: sampleKey(hash) });
    }
    /**
     * Counts a page the stream selected, and the part of the shards it falls in: its hash when it
     * is in this job's part, undefined when another job's.
     */
    countStreamed(path) {
        const cost = keptCost(path);
        this.streamedSelected++;
        this.streamedBytes += cost;
        const hash = (0,choose_shard/* hashPath */.Gv)(path);
        const { shard } = this.input;
        if (shard !== undefined)
            this.partsSeen[(0,choose_shard/* partOfHash */.F_)(hash, shard.count)] = 1;
        if (!this.inPart(hash))
            return undefined;
        this.streamedInShard++;
        this.streamedInShardBytes += cost;
        return hash;
    }
    /**
     * The pages to check, in the selection's order: this part's verify_urls pages, and of the
     * rest (URL targets known from the start and the sample of the stream) the `room` with the
     * smallest sample keys.
     */
    chosen(knownHere) {
        const asKept = (page) => ({
            path: page.path,
            refs: page.refs,
            group: page.group,
            position: page.position,
            key: sampleKey(page.hash)
        });
        const extras = knownHere.filter(page => page.extra).map(asKept);
        const room = Math.max(0, this.input.limit - extras.length);
        const candidates = [...knownHere.filter(page => !page.extra).map(asKept), ...this.sample.pages];
        const sampled = candidates.length <= room
            ? candidates
            : candidates.sort((a, b) => (sampledBefore(a, b) ? -1 : 1)).slice(0, room);
        return [...extras, ...sampled].sort((a, b) => a.group - b.group || a.position - b.position);
    }
    partsOf(known) {
        const count = this.input.shard?.count ?? 1;
        for (const page of known)
            this.partsSeen[(0,choose_shard/* partOfHash */.F_)(page.hash, count)] = 1;
        const parts = [];
        this.partsSeen.forEach((seen, part) => {
            if (seen === 1)
                parts.push(part);
        });
        return parts;
    }
    bySitemap() {
        const patterns = this.patterns.flatMap(pattern => pattern.selection() ?? []);
        const tags = this.folderTags.map(state => ({
            target: state.target,
            count: state.count,
            first: state.first.paths
        }));
        const traced = this.traced;
        if (traced === undefined)
            return [...patterns, ...tags];
        const { tags: tracedTags, pages: _pages, ...facts } = traced;
        const byTrace = tracedTags.map(entry => ({
            target: { kind: 'tag', item: entry.tag },
            count: entry.found,
            first: entry.first,
            trace: facts
        }));
        return [...patterns, ...tags, ...byTrace];
    }
    /** Tags that select no page: not traced, or traced and carried by no page read. */
    untracedTags() {
        const traced = this.traced;
        if (traced === undefined)
            return this.otherTags;
        return traced.tags.filter(entry => entry.found === 0).map(entry => entry.tag);
    }
    notes(sitemap) {
        return this.patterns.flatMap(pattern => pattern.note(sitemap) ?? []);
    }
    /** Paths where PHP gives up, and a pattern that selects most of the sitemap. */
    warnings(sitemapSize) {
        const warnings = this.patterns.flatMap(pattern => pattern.warnings(sitemapSize, this.input.purging));
        return warnings.length > 0 ? { warnings } : {};
    }
}

;// CONCATENATED MODULE: ./src/verify/choose/pattern-matcher.ts
/** `pattern` is the delimited pattern exactly as sent to the service. */
function matchPatternPages(compile, pattern, paths) {
    const matcher = patternMatcher(compile);
    try {
        return matcher.match(pattern, paths);
    }
    finally {
        matcher.free();
    }
}
/**
 * matchPatternPages for a selection that asks batch after batch as the sitemaps stream: each
 * pattern is compiled once (a compile costs as much as matching a thousand short paths), and
 * freed with free().
 */
function patternMatcher(compile) {
    const compiled = new Map();
    return {
        match(pattern, paths) {
            let entry = compiled.get(pattern);
            if (entry === undefined) {
                entry = compile(pattern);
                compiled.set(pattern, entry);
            }
            if (!entry.ok)
                return { kind: 'refused', reason: entry.message };
            const matched = [];
            const gaveUp = [];
            for (const path of paths) {
                const outcome = entry.pattern.test(path);
                if (outcome === 'match')
                    matched.push(path);
                else if (outcome !== 'no-match')
                    gaveUp.push({ path, reason: outcome });
            }
            return { kind: 'matched', paths: matched, gaveUp };
        },
        free() {
            for (const entry of compiled.values())
                if (entry.ok)
                    entry.pattern.free();
            compiled.clear();
        }
    };
}

;// CONCATENATED MODULE: ./src/verify/choose/choose-pages.ts
/**
 * The pages a run checks (or a dry run previews), chosen as the sitemaps stream: the reader hands
 * each page of the site to the selection, which keeps only what this job needs (its shard's part,
 * its sample), so a million pages of long URLs are read in flat memory. The sitemap is read only
 * when a target needs it (a pattern or a tag), or for the preview. A tag that is not a folder tag
 * is traced at the edge (verify/tags/read-at-edge.ts): pages of this job's part are read for their
 * `<Prefix>-Tags` before anything is purged, within verify/tags/trace-state.ts's budget. When the
 * part a job must keep would pass the budget (verify_limit: 0 over a huge selection), nothing is
 * chosen and the caller stops the run, before anything is purged.
 */













async function choosePages(input) {
    // PCRE2 through the pattern module, whose chunk holds its one copy in dist/: already loaded
    // when there is a pattern (the settings checked it); a choice without one never compiles one.
    const { compilePhpPattern } = await __webpack_require__.e(/* import() */ 476).then(__webpack_require__.bind(__webpack_require__, 7476));
    const patterns = patternMatcher(compilePhpPattern);
    try {
        return await chooseWith(input, patterns.match);
    }
    finally {
        patterns.free();
    }
}
/** The choice, each pattern compiled once for all the batches (`matchPattern`). */
async function chooseWith(input, matchPattern) {
    const { settings, targets, log } = input;
    const selector = new PageSelector({
        targets,
        purging: input.purging,
        extraPages: settings.extraPages,
        limit: settings.limit,
        ...(settings.shard && { shard: settings.shard }),
        matchPattern,
        ...(input.budgetBytes !== undefined && { budgetBytes: input.budgetBytes }),
        traceTags: true,
        ...(input.traceReads !== undefined && { traceReads: input.traceReads })
    });
    // Every tag needs the sitemap: a folder tag's pages follow from its paths, another's are
    // read among its pages.
    const needsSitemap = input.alwaysReadSitemap === true || targets.patterns.length > 0 || targets.tags.length > 0;
    let reading;
    if (needsSitemap) {
        const transport = input.transport ?? (0,site_client/* createSiteClient */.nJ)(1);
        try {
            reading = await readSitemapInto(input, transport, path => selector.add(path), () => selector.busyMs);
        }
        finally {
            if (!input.transport)
                transport.close();
        }
    }
    let traced;
    // A part that does not fit is refused whatever tracing finds: no page is read for it.
    const traceable = reading?.found === true && selector.tagsToTrace.length > 0;
    if (traceable && !selector.overBudgetAlready()) {
        traced = await traceInto(input, selector);
    }
    const outcome = selector.finish(reading);
    if (outcome.kind === 'over-budget') {
        return {
            kind: 'over-budget',
            overBudget: outcome.overBudget,
            message: overBudgetMessage(outcome.overBudget)
        };
    }
    const { selection } = outcome;
    for (const note of selection.notes)
        log.notice(note);
    for (const warning of selection.warnings ?? [])
        log.warning(warning);
    for (const { target, count, matchMs } of selection.bySitemap) {
        if (matchMs === undefined || reading === undefined)
            continue;
        log.info(`Pattern ${target.item}: ${count} of ${reading.pageCount} sitemap page(s) selected by PCRE2 in ${(matchMs / 1000).toFixed(2)} s.`);
    }
    if (traced !== undefined)
        logTrace(log, selection, traced);
    return {
        kind: 'chosen',
        chosen: { selection, ...(reading && { sitemap: summarizeSitemap(reading) }) }
    };
}
/**
 * Reads `<Prefix>-Tags` on the pages the selector kept for it, at the verification's rate and
 * concurrency, and hands what it found back to the selector.
 */
async function traceInto(input, selector) {
    const { settings, log } = input;
    const { paths, candidates } = selector.pagesToTrace();
    const tags = selector.tagsToTrace;
    const device = settings.devices[0];
    const rate = settings.ratePerSecond;
    log.info(`Tracing tag(s) ${tags.join(', ')} at the edge: reading <Prefix>-Tags on up to ${(0,format/* grouped */.zD)(paths.length)} of ${(0,format/* plural */.LS)(candidates, 'page')} ${settings.shard ? "of this job's part " : ''}in a spread order${rate === undefined ? '' : ` at most ${rate} requests/s`}, until ${Number.isFinite(settings.limit) ? `${(0,format/* grouped */.zD)(settings.limit)} page(s) of each tag are found` : 'every page is read'} (at most ${(0,format/* grouped */.zD)(input.traceReads ?? TAG_READS_MAX)} requests and ${TAG_READ_MAX_MS / 1000} s).`);
    const transport = input.transport ?? (0,site_client/* createSiteClient */.nJ)(check_options/* DEFAULTS */.z.concurrency);
    try {
        const traced = await traceTags({
            tags,
            paths,
            candidates,
            siteUrl: input.siteUrl,
            userAgent: device?.userAgent ?? constants/* USER_AGENT */._O,
            getPage: (url, userAgent, timeoutMs) => transport.getPage(url, userAgent, timeoutMs),
            requestTimeoutMs: input.requestTimeoutMs,
            concurrency: check_options/* DEFAULTS */.z.concurrency,
            ...(rate !== undefined && { ratePerSecond: rate }),
            onOverload: overload => log.info(describeOverload(overload)),
            limits: {
                perTag: settings.limit,
                maxReads: input.traceReads ?? TAG_READS_MAX,
                maxMs: TAG_READ_MAX_MS
            }
        });
        selector.addTraced(traced);
        return traced;
    }
    finally {
        if (!input.transport)
            transport.close();
    }
}
/** One line per traced tag: how its pages were found and how many are checked. */
function logTrace(log, selection, traced) {
    const part = selection.shard !== undefined;
    for (const entry of selection.bySitemap) {
        const facts = entry.trace;
        if (facts === undefined)
            continue;
        const tag = entry.target.item;
        if (entry.count === 0) {
            log.warning((0,in_words/* noPageCarries */.Sg)(tag, facts));
            continue;
        }
        const checked = selection.pages.filter(page => page.purgedBy.some(ref => ref.kind === 'tag' && ref.item === tag)).length;
        log.info(`Tag ${tag}: ${(0,in_words/* foundAmong */.jz)(entry.count, facts, part)} (${(0,in_words/* exactness */.DW)(facts)}); ${(0,format/* grouped */.zD)(checked)} chosen to check.`);
    }
    const unreadable = (0,in_words/* unreadableWords */.hd)(traced);
    if (unreadable !== undefined)
        log.notice(`Tracing tags: ${unreadable}`);
    log.info(`Tracing tags: ${(0,format/* plural */.LS)(traced.read, 'page')} read in ${(traced.durationMs / 1000).toFixed(1)} s${traced.requests > traced.read ? ` (${(0,format/* grouped */.zD)(traced.requests)} requests: pages not cached at first were asked again once)` : ''}.`);
}
/**
 * Reads the sitemaps, each page to `onPage` as it is parsed; says what was read and how long
 * the reading took, the selection's own time (`selectingMs`, PCRE2 included) left out.
 */
async function readSitemapInto(input, transport, onPage, selectingMs) {
    const { log, siteUrl } = input;
    const clock = input.clock ?? time_clock/* systemClock */.m;
    const started = clock.now();
    const reading = await readSitemaps(input.settings.sitemap, siteUrl, 
    // Any type: a sitemap may be XML, text or a feed, and a server that negotiates must not
    // pick its HTML page for us.
    { open: (url, timeout) => transport.open(url, constants/* USER_AGENT */._O, timeout, { accept: '*/*' }) }, { timeoutMs: input.requestTimeoutMs, clock, onPage });
    for (const notice of reading.notices)
        log.notice(notice);
    for (const warning of reading.warnings)
        log.warning(warning);
    if (reading.found) {
        const readMs = Math.max(0, clock.now() - started - selectingMs());
        log.info(`Sitemaps: ${reading.pageCount} page(s) on ${siteUrl.host} in ${reading.files.length} file(s), read in ${(readMs / 1000).toFixed(1)} s.`);
    }
    return reading;
}
function summarizeSitemap(reading) {
    return {
        found: reading.found,
        turnedOff: reading.turnedOff,
        files: reading.files.length,
        pages: reading.pageCount,
        warnings: reading.warnings
    };
}

// EXTERNAL MODULE: ./src/build/build-scanner.ts
var build_scanner = __webpack_require__(3591);
;// CONCATENATED MODULE: ./src/build/scan-body.ts


/** How much of a page's decoded body is searched for the build. */
const MAX_CONTENT_BYTES = 2 * 1024 * 1024;
/** Why a body was read only to MAX_CONTENT_BYTES, in the words every reader of it uses. */
function cutAtCapWords(maxBytes = MAX_CONTENT_BYTES) {
    return `the body is larger than ${maxBytes / (1024 * 1024)} MiB, the most that is read`;
}
async function scanBodyForBuild(body, builds, options) {
    const scanners = builds.map(build => new build_scanner/* BuildScanner */.D(build));
    const push = (chunk) => {
        let found = false;
        for (const scanner of scanners)
            found = scanner.push(chunk) || found;
        return found;
    };
    const found = () => scanners.some(scanner => scanner.found);
    const { alsoRead } = options;
    try {
        const read = await (0,read_body/* readBody */.x8)(body, {
            contentEncoding: options.contentEncoding,
            maxBytes: options.maxBytes ?? MAX_CONTENT_BYTES,
            maxDrainBytes: options.maxDrainBytes,
            onChunk: alsoRead === undefined
                ? push
                : chunk => {
                    push(chunk);
                    alsoRead(chunk);
                    return false;
                }
        });
        if (read.end === 'cap')
            options.onCut?.(cutAtCapWords(options.maxBytes));
        if (read.end === 'enough' || found())
            return { kind: 'found' };
        // A hex run at the very end of the body is whole only now.
        if (read.end === 'end' && scanners.map(scanner => scanner.end()).some(Boolean)) {
            return { kind: 'found' };
        }
        return { kind: 'not-found', bytes: read.bytes, capped: read.end === 'cap' };
    }
    catch (error) {
        if (!(error instanceof read_body/* BodyReadError */.NA))
            throw error;
        options.onCut?.(error.message);
        // Seen before the body broke off: the build is there, whatever came after.
        if (found())
            return { kind: 'found' };
        return { kind: 'not-read', reason: error.message };
    }
}

;// CONCATENATED MODULE: ./src/verify/assets/whole-answer.ts
/**
 * Whether one answer for an asset is whole, as a browser judges it (the HTML and Fetch
 * standards), pure: a 2xx whose content type fits the element that referenced it. A module
 * script (and a module preload) runs only when served as JavaScript; a classic script runs
 * whatever its type, but the types Fetch blocks for scripts (images, audio, video, CSV) and, under
 * `X-Content-Type-Options: nosniff`, any type that is not JavaScript; HTML, a single-page app's
 * fallback, fails however it is read. A stylesheet applies only as `text/css` (in standards
 * mode); a font the browser cannot decode is dropped.
 */

/**
 * JavaScript MIME types: the WHATWG MIME Sniffing standard's list ("JavaScript MIME type
 * essence match"), which browsers accept for scripts.
 */
const JAVASCRIPT_TYPES = new Set([
    'application/ecmascript',
    'application/javascript',
    'application/x-ecmascript',
    'application/x-javascript',
    'text/ecmascript',
    'text/javascript',
    'text/javascript1.0',
    'text/javascript1.1',
    'text/javascript1.2',
    'text/javascript1.3',
    'text/javascript1.4',
    'text/javascript1.5',
    'text/jscript',
    'text/livescript',
    'text/x-ecmascript',
    'text/x-javascript'
]);
/**
 * Whether a classic `<script>` of this `type` (trimmed, lower case) runs (HTML: empty, or a
 * JavaScript MIME type); any other (`text/plain` for a consent manager, `application/ld+json`,
 * a template) is data, never fetched nor run.
 */
function classicScriptRuns(type) {
    return type === '' || JAVASCRIPT_TYPES.has(type);
}
/**
 * Font types beyond `font/*`: the older names servers still send. `application/octet-stream`
 * is accepted too: browsers load a font by its bytes (the @font-face format), not by its
 * content type, and many servers and buckets send fonts as octet-stream; HTML, the failure
 * this check is for, is still caught.
 */
const FONT_TYPES = new Set([
    'application/font-woff',
    'application/font-woff2',
    'application/font-sfnt',
    'application/vnd.ms-fontobject',
    'application/octet-stream'
]);
/** What the element needs, in words (AssetResult.wanted). */
function wantedFor(kind) {
    switch (kind) {
        case 'script':
        case 'modulepreload':
            return 'JavaScript';
        case 'stylesheet':
            return 'CSS';
        case 'font':
            return 'a font';
    }
}
/** A `Content-Type`'s media type: lower case, without parameters; undefined when empty. */
function mediaType(contentType) {
    const essence = contentType?.split(';')[0]?.trim().toLowerCase();
    return essence === undefined || essence === '' ? undefined : essence;
}
function fits(kind, type) {
    switch (kind) {
        case 'script':
        case 'modulepreload':
            return JAVASCRIPT_TYPES.has(type);
        case 'stylesheet':
            return type === 'text/css';
        case 'font':
            return (type.startsWith('font/') || type.startsWith('application/x-font-') || FONT_TYPES.has(type));
    }
}
/**
 * One answer for an asset referenced by `element`: whole, or why not. Its content type, and
 * whether it says nosniff, are read from its headers.
 */
function judgeAnswer(element, status, headers) {
    const type = mediaType((0,http_headers/* headerValue */.Z)(headers, 'content-type'));
    const classic = element.kind === 'script' && element.module !== true;
    return verdict(element.kind, status, type, classic && !saysNosniff(headers));
}
/** `sniffed`: a classic script without nosniff, which runs whatever its type but a blocked one. */
function verdict(kind, status, type, sniffed) {
    if (status < 200 || status > 299)
        return { whole: false, reason: 'status' };
    if (type !== undefined && fits(kind, type))
        return { whole: true };
    // A single-page app's fallback: the index page where a file was asked for. A browser that
    // runs it as a script fails at its first `<`.
    if (type === 'text/html' && kind !== 'font')
        return { whole: false, reason: 'html-fallback' };
    if (sniffed && !blockedForScripts(type))
        return { whole: true };
    return { whole: false, reason: 'wrong-type' };
}
/**
 * Fetch's "should response to request be blocked due to its MIME type?" for a script: an
 * image, audio, video or CSV never runs. No type, or one that does not parse, is not blocked.
 */
function blockedForScripts(type) {
    if (type === undefined)
        return false;
    return (type.startsWith('audio/') ||
        type.startsWith('image/') ||
        type.startsWith('video/') ||
        type === 'text/csv');
}
/**
 * Fetch's "determine nosniff": the first value of `X-Content-Type-Options` is `nosniff`, in
 * any case.
 */
function saysNosniff(headers) {
    const first = (0,http_headers/* headerValue */.Z)(headers, 'x-content-type-options')?.split(',')[0];
    return first?.trim().toLowerCase() === 'nosniff';
}

;// CONCATENATED MODULE: ./src/verify/assets/cors.ts
/**
 * How a browser asks for an asset across origins (the HTML and Fetch standards), pure: whether
 * its request is made in CORS mode, and with credentials; the `Origin` each request of a chain
 * of redirects sends; and the CORS check its answers must pass. A module script, a module
 * preload and a font are always fetched in CORS mode; a classic script and a stylesheet only
 * when their element has a `crossorigin` attribute (else in no-cors mode: any answer is used as
 * it is). A CORS-mode answer from another origin than the page's that does not allow the page's
 * origin is not used: the asset is broken as surely as a 404.
 */

/**
 * The request a browser makes for a reference. A classic script's or a stylesheet's without
 * `crossorigin` is no-cors (with credentials, as any no-cors request); with it, CORS, with
 * credentials only for `use-credentials`. A module script or preload is CORS whatever, without
 * credentials unless `use-credentials`. A font is fetched by the stylesheet that uses it
 * (`@font-face`, the fetch a preload must match): CORS, without credentials.
 */
function corsMode(reference) {
    const credentials = reference.crossOrigin === 'use-credentials' ? 'include' : 'same-origin';
    if (reference.kind === 'font')
        return { mode: 'cors', credentials: 'same-origin' };
    if (reference.kind === 'modulepreload' || reference.module === true) {
        return { mode: 'cors', credentials };
    }
    if (reference.crossOrigin === undefined)
        return { mode: 'no-cors', credentials: 'include' };
    return { mode: 'cors', credentials };
}
/**
 * The request for the last URL of `chain` (the URLs asked so far, in order) by a page of
 * `pageOrigin` (serialized: `https://www.example.com`). A CORS-mode request is checked from the
 * first URL of another origin on, to the end of the chain, even back on the page's origin
 * (Fetch's response tainting stays); it sends the page's origin, or `null` once a redirect led
 * from another origin to a third (Fetch's tainted origin).
 */
function corsStep(request, pageOrigin, chain) {
    if (request.mode !== 'cors')
        return { checked: false };
    let checked = false;
    let tainted = false;
    chain.forEach((url, at) => {
        const from = at > 0 ? chain[at - 1] : undefined;
        if (from !== undefined && from.origin !== url.origin && from.origin !== pageOrigin) {
            tainted = true;
        }
        if (url.origin !== pageOrigin)
            checked = true;
    });
    return checked ? { checked, origin: tainted ? 'null' : pageOrigin } : { checked };
}
/**
 * Fetch's CORS check of an answer to a CORS-mode request that sent `Origin: origin`: its
 * `Access-Control-Allow-Origin` is `*` (not with credentials) or that very origin, and with
 * credentials `Access-Control-Allow-Credentials` is `true`. A missing header, another value,
 * or two values (joined by a comma when repeated) fail, as they fail in a browser.
 */
function corsCheck(request, origin, headers) {
    const allowed = (0,http_headers/* headerValue */.Z)(headers, 'access-control-allow-origin');
    if (allowed === undefined)
        return false;
    const credentials = request.credentials === 'include';
    if (!credentials && allowed === '*')
        return true;
    if (allowed !== origin)
        return false;
    return !credentials || (0,http_headers/* headerValue */.Z)(headers, 'access-control-allow-credentials') === 'true';
}

;// CONCATENATED MODULE: ./src/verify/html/document-base.ts
/**
 * Where a page's relative URLs resolve: the page's own URL, or its first `<base href>` when that
 * is a web URL, as browsers do (HTML: "the first base element with an href"; a base a browser
 * cannot resolve against, `data:` or `javascript:`, leaves the document's URL). The readers of a
 * page's tags (its assets, what its render tells a crawler) each keep one.
 */
/** `href` resolved against `base`: a web URL (http or https), or undefined. */
function parseWebUrl(href, base) {
    try {
        const url = new URL(href, base);
        return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
    }
    catch {
        return undefined;
    }
}
class DocumentBase {
    current;
    seen = false;
    constructor(current) {
        this.current = current;
    }
    /** A `<base href>` (trimmed): the first one only counts, and only when it is a web URL. */
    set(href) {
        if (this.seen || href === undefined || href === '')
            return;
        this.seen = true;
        this.current = parseWebUrl(href, this.current) ?? this.current;
    }
    /** `href` resolved here: a web URL, or undefined. */
    resolve(href) {
        return parseWebUrl(href, this.current);
    }
}

;// CONCATENATED MODULE: ./src/verify/assets/page-references.ts
/**
 * One page's assets, as the asset checks take them: the extractor's references
 * (reference-extractor.ts) resolved against the page (or its `<base href>`), kept when they are
 * on the site's own origin or on a host of `asset_hosts`, counted when they are a third
 * party's (never requested), each kept once: at most MAX_REFERENCES_PER_PAGE assets, and
 * MAX_OTHER_HOSTS_PER_PAGE on other hosts, whatever the page names.
 */



/**
 * Two references are one check when they share this: the URL, what the element needs of the
 * answer (its kind; a module or a classic script) and the request a browser makes (CORS or not,
 * with credentials or not). The same URL as a font and as a script, or as a classic and as a
 * module script, is two checks.
 */
function checkKey(reference) {
    const { mode, credentials } = corsMode(reference);
    const script = reference.module === true ? 'module' : 'classic';
    return `${reference.kind} ${script} ${mode} ${credentials} ${reference.url}`;
}
/**
 * What the extractor finds of one page, resolved and kept, in the pass that reads the page
 * (verify/render/page-body-reader.ts, ReferenceTags over it).
 */
class PageReferenceCollector {
    scope;
    documentBase;
    seen = new Set();
    assets = [];
    otherHosts = new Set();
    otherHostsLeftOut = 0;
    capped = false;
    /** The page's origin and path. */
    page;
    constructor(pageUrl, scope) {
        this.scope = scope;
        this.documentBase = new DocumentBase(pageUrl);
        this.page = `${pageUrl.origin}${pageUrl.pathname}`;
    }
    /** The references read so far: all of them once the page was read to its end. */
    result() {
        return {
            assets: this.assets,
            otherHosts: [...this.otherHosts],
            ...(this.otherHostsLeftOut > 0 && { otherHostsLeftOut: this.otherHostsLeftOut }),
            capped: this.capped
        };
    }
    base(href) {
        this.documentBase.set(href);
    }
    reference({ href, ...element }) {
        const url = this.documentBase.resolve(href);
        if (url === undefined)
            return;
        url.hash = '';
        // The page itself (`src="#"`, `src="?x"`: its path, whatever the query) is no asset:
        // checking it would judge, and purge, the page.
        if (`${url.origin}${url.pathname}` === this.page)
            return;
        // A URL with credentials is one browsers refuse to load as a subresource, and one whose
        // password the reports would print: never requested, counted with the other hosts'.
        if (url.username !== '' || url.password !== '' || !inScope(url, this.scope)) {
            this.addOtherHost(`${url.origin}${url.pathname}`);
            return;
        }
        const reference = { url: url.href, ...element };
        const key = checkKey(reference);
        if (this.seen.has(key))
            return;
        if (this.assets.length >= asset_results/* MAX_REFERENCES_PER_PAGE */.uL) {
            this.capped = true;
            return;
        }
        this.seen.add(key);
        this.assets.push(reference);
    }
    addOtherHost(asset) {
        if (this.otherHosts.size < asset_results/* MAX_OTHER_HOSTS_PER_PAGE */.ad)
            this.otherHosts.add(asset);
        else if (!this.otherHosts.has(asset))
            this.otherHostsLeftOut++;
    }
}
/**
 * On the site's own origin, or on a host of `asset_hosts` over https, or over the site's own
 * scheme (an http asset on an https site is mixed content, which browsers block): on the port
 * named with the host, or on its scheme's default port (443, 80) when none was.
 */
function inScope(url, scope) {
    if (url.origin === scope.siteOrigin)
        return true;
    if (url.protocol !== 'https:' && url.protocol !== new URL(scope.siteOrigin).protocol)
        return false;
    const hostname = url.hostname.toLowerCase();
    // The URL parser leaves the port empty when it is the scheme's default one.
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return (scope.hosts.includes(`${hostname}:${port}`) ||
        (url.port === '' && scope.hosts.includes(hostname)));
}

;// CONCATENATED MODULE: ./src/verify/assets/reference-extractor.ts

/** The attributes read of the elements that name assets; the others' are skipped. */
const READ_ATTRIBUTES = new Map([
    ['script', new Set(['src', 'type', 'crossorigin'])],
    ['link', new Set(['href', 'rel', 'as', 'crossorigin'])],
    ['base', new Set(['href'])]
]);
/** The tags that name assets, as the tag stream hands them. */
class ReferenceTags {
    sink;
    constructor(sink) {
        this.sink = sink;
    }
    attributesOf(tag) {
        return READ_ATTRIBUTES.get(tag);
    }
    element(tag, attributes, _opened, open) {
        if (!READ_ATTRIBUTES.has(tag) || open.inert)
            return;
        readElement(tag, name => attributes.get(name), this.sink);
    }
}
/**
 * What one element names, by its tag name (lower case) and its attributes (by lower-case name):
 * an asset, the document's base, or nothing.
 */
function readElement(name, attribute, sink) {
    if (name !== 'script' && name !== 'link' && name !== 'base')
        return;
    const href = attribute(name === 'script' ? 'src' : 'href')?.trim();
    if (href === undefined || href === '')
        return;
    if (name === 'base') {
        sink.base(href);
        return;
    }
    const crossOrigin = crossOriginOf(attribute('crossorigin'));
    const cors = crossOrigin === undefined ? {} : { crossOrigin };
    if (name === 'script') {
        const type = (attribute('type') ?? '').trim().toLowerCase();
        if (type === 'module')
            sink.reference({ kind: 'script', href, module: true, ...cors });
        else if (classicScriptRuns(type))
            sink.reference({ kind: 'script', href, ...cors });
        return;
    }
    const kind = linkKind(attribute);
    if (kind !== undefined)
        sink.reference({ kind, href, ...cors });
}
/**
 * A `crossorigin` attribute as HTML reads it: `use-credentials` in any case, else (empty, or
 * any other value) `anonymous`; undefined when the element has none.
 */
function crossOriginOf(value) {
    if (value === undefined)
        return undefined;
    return value.toLowerCase() === 'use-credentials' ? 'use-credentials' : 'anonymous';
}
/** What a `<link>` loads, by its `rel` (and a preload's `as`); undefined: nothing checked. */
function linkKind(attribute) {
    const rel = new Set((attribute('rel') ?? '').toLowerCase().split(/\s+/));
    // An alternate stylesheet is not loaded until the reader picks it.
    if (rel.has('stylesheet') && !rel.has('alternate'))
        return 'stylesheet';
    if (rel.has('modulepreload'))
        return 'modulepreload';
    if (!rel.has('preload'))
        return undefined;
    switch ((attribute('as') ?? '').trim().toLowerCase()) {
        case 'font':
            return 'font';
        case 'script':
            return 'script';
        case 'style':
            return 'stylesheet';
        default:
            return undefined;
    }
}

// EXTERNAL MODULE: ./node_modules/htmlparser2/dist/Tokenizer.js + 6 modules
var Tokenizer = __webpack_require__(9264);
;// CONCATENATED MODULE: ./src/verify/html/open-elements.ts
/**
 * The elements a page has open while its tags are read, by the tree rules of htmlparser2's
 * `Parser`, so that a tag is inside a `<template>` exactly when that parser says so: an end tag
 * closes the nearest open element of its name and every element opened inside it; some start
 * tags first close an open `<p>`, `<li>`, `<option>`, ...; void elements (`<link>`, `<base>`,
 * `<img>`) never stay open; a second `<form>` inside a form is dropped; `<svg>` and `<math>` are
 * foreign content (no raw text, self-closing tags close), back to HTML inside `<foreignObject>`,
 * `<desc>`, `<title>` and MathML's text elements.
 *
 * Each tag costs a bounded amount of work whatever the markup: the stack is pushed and popped at
 * its top, and how many elements of each name are open is counted, so that an end tag whose
 * element is not open is known to be so at once instead of by a search of the stack (a page of
 * `<div>` x N then `</p>` x N would otherwise cost N x N). At most MAX_OPEN_ELEMENTS are kept:
 * an element opened deeper is not tracked (its end tag closes the nearest tracked one of its
 * name, if any), which bounds the memory of a page that never closes what it opens.
 *
 * A reader that must know when one element ends, whatever closes it (its end tag, an end tag of
 * an element around it, a start tag that closes it), takes its mark when it opens: each element
 * pushed has its own serial, so the mark is still open exactly while that element is.
 */
/** Open elements tracked at most: far deeper than pages nest. */
const MAX_OPEN_ELEMENTS = 1024;
/** Elements that never have content, and so never stay open. */
const VOID_ELEMENTS = new Set([
    'area',
    'base',
    'basefont',
    'br',
    'col',
    'command',
    'embed',
    'frame',
    'hr',
    'img',
    'input',
    'isindex',
    'keygen',
    'link',
    'meta',
    'param',
    'source',
    'track',
    'wbr'
]);
const P = new Set(['p']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const FORM_CONTROLS = new Set([
    'input',
    'option',
    'optgroup',
    'select',
    'button',
    'datalist',
    'textarea'
]);
const TABLE_SECTIONS = new Set(['thead', 'tbody']);
const DD_DT = new Set(['dd', 'dt']);
const RT_RP = new Set(['rt', 'rp']);
/** A start tag of the key's name first closes the open elements of these names at the top. */
const CLOSED_BY_START_TAG = new Map([
    ['tr', new Set(['tr', 'th', 'td'])],
    ['th', new Set(['th'])],
    ['td', new Set(['thead', 'th', 'td'])],
    ['body', new Set(['head', 'link', 'script'])],
    ['a', new Set(['a'])],
    ['li', new Set(['li'])],
    ['p', P],
    ['h1', HEADINGS],
    ['h2', HEADINGS],
    ['h3', HEADINGS],
    ['h4', HEADINGS],
    ['h5', HEADINGS],
    ['h6', HEADINGS],
    ['select', FORM_CONTROLS],
    ['input', FORM_CONTROLS],
    ['output', FORM_CONTROLS],
    ['button', FORM_CONTROLS],
    ['datalist', FORM_CONTROLS],
    ['textarea', FORM_CONTROLS],
    ['option', new Set(['option'])],
    ['optgroup', new Set(['optgroup', 'option'])],
    ['dd', DD_DT],
    ['dt', DD_DT],
    ['address', P],
    ['article', P],
    ['aside', P],
    ['blockquote', P],
    ['details', P],
    ['div', P],
    ['dl', P],
    ['fieldset', P],
    ['figcaption', P],
    ['figure', P],
    ['footer', P],
    ['form', P],
    ['header', P],
    ['hr', P],
    ['main', P],
    ['nav', P],
    ['ol', P],
    ['pre', P],
    ['section', P],
    ['table', P],
    ['ul', P],
    ['rt', RT_RP],
    ['rp', RT_RP],
    ['tbody', TABLE_SECTIONS],
    ['tfoot', TABLE_SECTIONS]
]);
/** Elements inside which SVG or MathML content is read as HTML again (SVG's names as cased). */
const HTML_INSIDE_FOREIGN = new Set([
    'mi',
    'mo',
    'mn',
    'ms',
    'mtext',
    'annotation-xml',
    'foreignObject',
    'desc',
    'title'
]);
/** SVG element names whose case counts, by their lower-case form. */
const SVG_NAMES = new Map([
    'altGlyph',
    'altGlyphDef',
    'altGlyphItem',
    'animateColor',
    'animateMotion',
    'animateTransform',
    'clipPath',
    'feBlend',
    'feColorMatrix',
    'feComponentTransfer',
    'feComposite',
    'feConvolveMatrix',
    'feDiffuseLighting',
    'feDisplacementMap',
    'feDistantLight',
    'feDropShadow',
    'feFlood',
    'feFuncA',
    'feFuncB',
    'feFuncG',
    'feFuncR',
    'feGaussianBlur',
    'feImage',
    'feMerge',
    'feMergeNode',
    'feMorphology',
    'feOffset',
    'fePointLight',
    'feSpecularLighting',
    'feSpotLight',
    'feTile',
    'feTurbulence',
    'foreignObject',
    'glyphRef',
    'linearGradient',
    'radialGradient',
    'textPath'
].map(name => [name.toLowerCase(), name]));
/** Elements whose content a browser with scripting on does not load. */
const INERT_ELEMENTS = new Set(['template', 'noscript']);
/** Elements whose text no reader sees: it is script, style, the tab's title, or not shown. */
const HIDDEN_TEXT_ELEMENTS = new Set([
    'script',
    'style',
    'title',
    'iframe',
    'noembed',
    'noframes'
]);
class OpenElements {
    /** The open elements, the innermost last. */
    stack = [];
    /** Each open element's serial, as `stack` holds them. */
    serials = [];
    /** Elements pushed so far: the serial of the last one. */
    pushed = 0;
    /** How many elements of each name `stack` holds. */
    counts = new Map();
    /**
     * The contexts of the open elements that change it (`<svg>`, `<math>`, an element that goes
     * back to HTML) but the innermost one, which is `context`: none when there is no such element.
     */
    outerContexts = [];
    context;
    /** Open `<template>` and `<noscript>` elements. */
    inertOpen = 0;
    /** Open elements of HIDDEN_TEXT_ELEMENTS. */
    hiddenTextOpen = 0;
    /** Inside `<template>` or `<noscript>`: what is there is not loaded. */
    get inert() {
        return this.inertOpen > 0;
    }
    /** Whether text here is one no reader sees (inside `<script>`, `<style>`, `<title>`, ...). */
    get textHidden() {
        return this.hiddenTextOpen > 0;
    }
    /** Inside SVG or MathML: `<script>`, `<style>`, `<title>` hold tags, a tag can close itself. */
    get foreign() {
        return this.context === 'svg' || this.context === 'math';
    }
    /** Elements pushed so far: a start tag that changes it opened an element that stays open. */
    get serial() {
        return this.pushed;
    }
    /** The innermost open element; undefined when none is. */
    mark() {
        const serial = this.serials.at(-1);
        return serial === undefined ? undefined : { depth: this.stack.length, serial };
    }
    /** Whether the element of `mark` is still open. */
    has(mark) {
        return this.serials[mark.depth - 1] === mark.serial;
    }
    /** A tag's name as the tree knows it: lower case, but SVG's own casing, and `image` as `img`. */
    name(raw) {
        const name = raw.toLowerCase();
        const { context } = this;
        if (context === 'svg')
            return SVG_NAMES.get(name) ?? name;
        if (context !== undefined) {
            // Back in HTML inside SVG: an end tag still closes an open SVG element by its casing.
            const svgName = SVG_NAMES.get(name);
            if (svgName !== undefined && this.isOpen(svgName))
                return svgName;
        }
        if (!this.foreign)
            return name === 'image' ? 'img' : name;
        return name;
    }
    /** A start tag (its name from `name()`); false when it is no element (a form in a form). */
    start(name) {
        if (name === 'form' && this.isOpen('form'))
            return false;
        const closes = CLOSED_BY_START_TAG.get(name);
        if (closes !== undefined) {
            while (this.stack.length > 0 && closes.has(this.stack.at(-1) ?? '')) {
                this.pop();
            }
        }
        if (!VOID_ELEMENTS.has(name))
            this.push(name);
        return true;
    }
    /** A start tag that closed itself inside SVG or MathML: its element is closed at once. */
    closeSelf(name) {
        if (this.stack.at(-1) === name)
            this.pop();
    }
    /** An end tag: the nearest open element of its name is closed, and all inside it. */
    end(name) {
        if (VOID_ELEMENTS.has(name) || !this.isOpen(name))
            return;
        while (this.pop() !== name)
            ;
    }
    /** Whether an element of this name (as `name()` gives it) is open. */
    isOpen(name) {
        return (this.counts.get(name) ?? 0) > 0;
    }
    push(name) {
        if (this.stack.length >= MAX_OPEN_ELEMENTS)
            return;
        this.stack.push(name);
        this.serials.push(++this.pushed);
        this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
        if (name === 'svg')
            this.enter('svg');
        else if (name === 'math')
            this.enter('math');
        else if (HTML_INSIDE_FOREIGN.has(name))
            this.enter('html');
        if (INERT_ELEMENTS.has(name))
            this.inertOpen++;
        if (HIDDEN_TEXT_ELEMENTS.has(name))
            this.hiddenTextOpen++;
    }
    enter(context) {
        if (this.context !== undefined)
            this.outerContexts.push(this.context);
        this.context = context;
    }
    pop() {
        const name = this.stack.pop();
        if (name === undefined)
            return undefined;
        this.serials.pop();
        this.counts.set(name, (this.counts.get(name) ?? 1) - 1);
        if (name === 'svg' || name === 'math' || HTML_INSIDE_FOREIGN.has(name)) {
            this.context = this.outerContexts.pop();
        }
        if (INERT_ELEMENTS.has(name))
            this.inertOpen--;
        if (HIDDEN_TEXT_ELEMENTS.has(name))
            this.hiddenTextOpen--;
        return name;
    }
}

;// CONCATENATED MODULE: ./src/verify/html/text-window.ts
/**
 * The page's text from the first position the tokenizer may still ask for: its chunks, the
 * ones before that position dropped as soon as the tokenizer has passed them, so that a page
 * read chunk by chunk keeps the tag (or comment) a chunk cuts, never the whole page.
 */
class TextWindow {
    chunks = [];
    /** The first chunk still kept, in `chunks`. */
    head = 0;
    /** The page position where `chunks[head]` starts. */
    headStart = 0;
    add(chunk) {
        this.chunks.push(chunk);
    }
    /** Nothing before `position` will be asked for again. */
    release(position) {
        for (;;) {
            const chunk = this.chunks[this.head];
            if (chunk === undefined || this.headStart + chunk.length > position)
                break;
            this.headStart += chunk.length;
            this.head++;
        }
        // Dropped chunks leave the array once they are half of it: each is moved once at most.
        if (this.head > 0 && this.head * 2 >= this.chunks.length) {
            this.chunks.splice(0, this.head);
            this.head = 0;
        }
    }
    /** The text from `start` to `end` (page positions), which may span chunks. */
    slice(start, end) {
        if (start >= end)
            return '';
        let text = '';
        let at = this.headStart;
        for (let i = this.head; i < this.chunks.length && at < end; i++) {
            const chunk = this.chunks[i] ?? '';
            if (at + chunk.length > start) {
                text += chunk.slice(Math.max(0, start - at), end - at);
            }
            at += chunk.length;
        }
        return text;
    }
}

;// CONCATENATED MODULE: ./src/verify/html/tag-stream.ts
/**
 * A page's HTML read once, as it streams in, for every reader that wants something of it (the
 * assets it references, what it tells a crawler): one htmlparser2 `Tokenizer`, one tree of open
 * elements, each tag and text handed to the readers in page order.
 *
 * The tokenizer reads the HTML as browsers tokenize it: comments and CDATA are no tags, what
 * `<script>`, `<style>`, `<textarea>` and `<title>` hold is text, attribute values and text
 * have their character references decoded (not in `<script>` and `<style>`), a tag left
 * unfinished at the end is none. The tree its tags make (which elements are open: is this
 * inside a `<template>`?) is kept by open-elements.ts, at a bounded cost per tag, so that the
 * work is proportional to the body whatever its markup. Fed chunks of decoded text, it keeps the
 * text from the start of the tag (or comment) a chunk cuts, never the whole page. Only the
 * attributes a reader asks for are read, and text only when a reader takes it.
 */



const NO_ATTRIBUTES = new Map();
class TagStream {
    readers;
    tokenizer;
    window = new TextWindow();
    open = new OpenElements();
    textReaders;
    /** The start tag being read: its name, '' when it is no element (a form inside a form). */
    tag = '';
    /** Whether its element was pushed (it stays open). */
    opened = false;
    /** Whether a reader reads any of its attributes. */
    readsAttributes = false;
    /** Its attributes that are read, made at the first one. */
    attributes;
    /** The attribute whose value is being read, when it is one that is kept. */
    attribute;
    value = '';
    constructor(readers) {
        this.readers = readers;
        this.textReaders = readers.filter(reader => reader.text !== undefined);
        this.tokenizer = new Tokenizer/* default */.A({ decodeEntities: true }, this);
    }
    /** The next piece of the page's decoded text. */
    push(chunk) {
        if (chunk === '')
            return;
        this.window.add(chunk);
        this.tokenizer.write(chunk);
    }
    /** The page ended: an unfinished tag is text, not an element (a browser would not run it). */
    end() {
        this.tokenizer.end();
    }
    // The tokenizer's callbacks: positions count from the page's start, across chunks.
    onopentagname(start, end) {
        const name = this.open.name(this.window.slice(start, end));
        const before = this.open.serial;
        this.tag = this.open.start(name) ? name : '';
        this.opened = this.open.serial !== before;
        this.readsAttributes =
            this.tag !== '' && this.readers.some(reader => reader.attributesOf(this.tag) !== undefined);
        this.attributes = undefined;
    }
    onattribname(start, end) {
        this.window.release(start);
        this.attribute = undefined;
        if (!this.readsAttributes)
            return;
        const name = this.window.slice(start, end).toLowerCase();
        if (this.attributes?.has(name) === true)
            return;
        if (this.readers.some(reader => reader.attributesOf(this.tag)?.has(name) === true)) {
            this.attribute = name;
            this.value = '';
        }
    }
    onattribdata(start, end) {
        if (this.attribute !== undefined)
            this.value += this.window.slice(start, end);
        this.window.release(end);
    }
    onattribentity(codePoint) {
        if (this.attribute !== undefined)
            this.value += String.fromCodePoint(codePoint);
    }
    onattribend() {
        if (this.attribute !== undefined) {
            this.attributes ??= new Map();
            this.attributes.set(this.attribute, this.value);
        }
        this.attribute = undefined;
        this.value = '';
    }
    onopentagend(end) {
        this.endStartTag();
        this.window.release(end);
    }
    onselfclosingtag(end) {
        const { tag } = this;
        // Only inside SVG and MathML does `/>` close an element; in HTML it is ignored.
        const closes = this.open.foreign;
        this.endStartTag();
        if (closes && tag !== '')
            this.open.closeSelf(tag);
        this.window.release(end);
    }
    onclosetag(start, end) {
        const name = this.open.name(this.window.slice(start, end));
        this.open.end(name);
        for (const reader of this.readers)
            reader.closed?.(name, this.open);
        this.window.release(end);
    }
    isInForeignContext() {
        return this.open.foreign;
    }
    ontext(start, end) {
        // A tag left unfinished at the end after its `/` comes as text from -1: it is no text.
        if (this.textReaders.length > 0 && start >= 0)
            this.text(this.window.slice(start, end));
        this.window.release(end);
    }
    ontextentity(codePoint, end) {
        if (this.textReaders.length > 0)
            this.text(String.fromCodePoint(codePoint));
        this.window.release(end);
    }
    // Comments, CDATA, doctypes and processing instructions are nothing a reader reads.
    oncomment(_start, end) {
        this.window.release(end);
    }
    oncdata(_start, end) {
        this.window.release(end);
    }
    ondeclaration(_start, end) {
        this.window.release(end);
    }
    onprocessinginstruction(_start, end) {
        this.window.release(end);
    }
    onend() {
        this.window.release(Number.POSITIVE_INFINITY);
    }
    text(text) {
        if (text === '')
            return;
        for (const reader of this.textReaders)
            reader.text?.(text, this.open);
    }
    endStartTag() {
        const { tag, opened } = this;
        const attributes = this.attributes ?? NO_ATTRIBUTES;
        this.tag = '';
        this.attributes = undefined;
        this.readsAttributes = false;
        if (tag === '')
            return;
        for (const reader of this.readers)
            reader.element(tag, attributes, opened, this.open);
    }
}

;// CONCATENATED MODULE: ./src/verify/html/collapsed-text.ts
/**
 * Text as a reader sees it, read in pieces as a page streams in: each run of white space one
 * space, none at the start or the end, counted in characters (a character outside the Basic
 * Multilingual Plane is one, not two UTF-16 units). The count stops at a cap, and at most
 * `keep` characters of the text are kept (the last an ellipsis when it was longer), so that a
 * page of any size costs a bounded memory; the result is the same however the pieces cut it.
 *
 * Control characters count as white space, and the bidirectional controls (which reorder what a
 * reader of a report sees) as nothing: what is kept is safe to quote.
 */
class CollapsedText {
    keep;
    cap;
    count = 0;
    kept = '';
    keptCount = 0;
    /** White space came after a character: one space before the next one. */
    space = false;
    /** The last character was a high surrogate: a low one next is its second half. */
    afterHigh = false;
    /** That high surrogate was kept: its low one is kept with it. */
    keptHigh = false;
    /**
     * @param keep characters of the text kept (0: only counted)
     * @param cap the count stops there
     */
    constructor(keep, cap) {
        this.keep = keep;
        this.cap = cap;
    }
    /** The characters counted, at most the cap. */
    get length() {
        return this.count;
    }
    /** The collapsed text, cut to `keep` characters with an ellipsis when it was longer. */
    get text() {
        if (this.keptCount <= this.keep)
            return this.kept;
        return `${Array.from(this.kept)
            .slice(0, this.keep - 1)
            .join('')
            .trimEnd()}…`;
    }
    /** The next piece of text; true when it holds a character other than white space. */
    add(text) {
        let content = false;
        for (let i = 0; i < text.length; i++) {
            const code = text.charCodeAt(i);
            if (this.afterHigh && isLowSurrogate(code)) {
                // The second half of the character just counted, whichever piece it comes in.
                if (this.keptHigh)
                    this.kept += text[i];
                this.afterHigh = this.keptHigh = false;
                continue;
            }
            this.afterHigh = this.keptHigh = false;
            if (isSpace(code)) {
                this.space = this.count > 0;
                continue;
            }
            if (isInvisibleControl(code))
                continue;
            content = true;
            this.character(text[i] ?? '');
            this.afterHigh = isHighSurrogate(code);
        }
        return content;
    }
    character(character) {
        if (this.space) {
            this.space = false;
            this.count = Math.min(this.cap, this.count + 1);
            this.keepText(' ');
        }
        this.count = Math.min(this.cap, this.count + 1);
        this.keptHigh = this.keepText(character);
    }
    /** Keeps a character up to one past `keep` (to know the text was longer); whether it was. */
    keepText(character) {
        if (this.keep === 0 || this.keptCount > this.keep)
            return false;
        this.kept += character;
        this.keptCount++;
        return true;
    }
}
function isHighSurrogate(code) {
    return code >= 0xd800 && code <= 0xdbff;
}
function isLowSurrogate(code) {
    return code >= 0xdc00 && code <= 0xdfff;
}
/** White space as `\s` reads it, and the C0 and C1 controls. */
function isSpace(code) {
    if (code <= 0x20 || (code >= 0x7f && code <= 0xa0))
        return true;
    if (code < 0x1680)
        return false;
    return (code === 0x1680 ||
        (code >= 0x2000 && code <= 0x200a) ||
        code === 0x2028 ||
        code === 0x2029 ||
        code === 0x202f ||
        code === 0x205f ||
        code === 0x3000 ||
        code === 0xfeff);
}
/** The bidirectional marks, embeddings, overrides and isolates: they show nothing. */
function isInvisibleControl(code) {
    return (code === 0x200e ||
        code === 0x200f ||
        (code >= 0x202a && code <= 0x202e) ||
        (code >= 0x2066 && code <= 0x2069));
}

;// CONCATENATED MODULE: ./src/verify/render/app-shell.ts
/**
 * What a single-page app leaves when it never rendered: the element it mounts into, still empty
 * (`<div id="root"></div>`), the scripts that were to fill it, and what `<noscript>` says to a
 * browser without scripts. A rendering cache that stops before the app ran caches just that.
 *
 * A mount point is an element the frameworks' own starters render into, known by its id, its
 * tag or an attribute the framework sets; it is empty while it holds no element (but scripts,
 * styles and such) and no visible text.
 */

/**
 * The ids the starters mount into: React (Create React App, Vite) `root`, Vue `app`, Next.js
 * `__next`, Nuxt `__nuxt`, Gatsby `___gatsby`, Svelte `svelte`, Quasar `q-app`.
 */
const MOUNT_IDS = new Set([
    'root',
    'app',
    '__next',
    '__nuxt',
    '___gatsby',
    'svelte',
    'q-app'
]);
/** Angular's root component, as its starter names it. */
const MOUNT_TAGS = new Set(['app-root']);
/**
 * The attributes read of every element: its id, and the markers of an app's root (React's
 * `data-reactroot`, Angular's `ng-version` and AngularJS's `ng-app`, Vue 3's `data-v-app`).
 */
const MOUNT_ATTRIBUTES = ['id', 'data-reactroot', 'ng-version', 'ng-app', 'data-v-app'];
/** Elements that show nothing: a mount point holding only these is still empty. */
const NO_CONTENT = new Set([
    'script',
    'style',
    'link',
    'meta',
    'base',
    'title',
    'template',
    'noscript'
]);
const MAX_MOUNT_POINTS = 1000;
const MAX_COUNT = 1_000_000;
class AppShellReader {
    /** The mount points open, the innermost last, each with whether it holds content yet. */
    open = [];
    mountPoints = 0;
    emptyMountPoints = 0;
    scripts = 0;
    noscript = new CollapsedText(0, MAX_COUNT);
    /** A start tag (outside `<template>` and `<noscript>`), its element already open. */
    element(tag, attributes, opened, open) {
        const innermost = this.open.at(-1);
        if (innermost !== undefined && !NO_CONTENT.has(tag))
            innermost.empty = false;
        if (!opened || this.mountPoints >= MAX_MOUNT_POINTS || !isMountPoint(tag, attributes))
            return;
        const element = open.mark();
        if (element === undefined)
            return;
        this.mountPoints++;
        this.open.push({ element, empty: true });
    }
    /** Visible text, outside `<noscript>`: the innermost mount point holds content. */
    content() {
        const innermost = this.open.at(-1);
        if (innermost !== undefined)
            innermost.empty = false;
    }
    noscriptText(text) {
        this.noscript.add(text);
    }
    script() {
        this.scripts = Math.min(MAX_COUNT, this.scripts + 1);
    }
    /**
     * Mount points closed by the last tag leave: an outer one holds an inner one, so once the
     * innermost is open, all are.
     */
    settle(open) {
        for (;;) {
            const innermost = this.open.at(-1);
            if (innermost === undefined || open.has(innermost.element))
                return;
            this.open.pop();
            if (innermost.empty)
                this.emptyMountPoints++;
        }
    }
    result() {
        const stillOpenEmpty = this.open.filter(mount => mount.empty).length;
        return {
            mountPoints: this.mountPoints,
            emptyMountPoints: this.emptyMountPoints + stillOpenEmpty,
            noscriptChars: this.noscript.length,
            scripts: this.scripts
        };
    }
}
function isMountPoint(tag, attributes) {
    if (MOUNT_TAGS.has(tag))
        return true;
    if (attributes.size === 0)
        return false;
    if (MOUNT_IDS.has(attributes.get('id') ?? ''))
        return true;
    return MOUNT_ATTRIBUTES.some(name => name !== 'id' && attributes.has(name));
}

;// CONCATENATED MODULE: ./src/verify/render/robots.ts
/**
 * What a page tells crawlers about indexing it: `<meta name="robots" content>` (every crawler),
 * a meta named for one crawler (`<meta name="googlebot" content="noindex">`), and the
 * `X-Robots-Tag` header, whose value may name the crawler it is for (`googlebot: noindex`).
 * Directives are kept as written, in lower case (`noindex`, `max-snippet:20`), a bounded number
 * of them, so that what is kept per page and device stays small whatever the page says.
 */

/**
 * The crawlers a `<meta name>` may name instead of `robots` (Google, Bing, Yandex, Baidu,
 * DuckDuckGo, Apple and Yahoo document theirs); a meta of another name is no robots rule.
 */
const CRAWLER_NAMES = new Set([
    'googlebot',
    'googlebot-news',
    'googlebot-image',
    'googlebot-video',
    'bingbot',
    'msnbot',
    'yandex',
    'baiduspider',
    'duckduckbot',
    'applebot',
    'slurp'
]);
/** Rules kept per render, directives per rule, and characters per directive or agent. */
const MAX_RULES = 20;
const MAX_DIRECTIVES = 20;
const MAX_WORD = 100;
/**
 * The directives that hold a colon themselves: `unavailable_after: 25 Jun 2010 15:00:00 PST`
 * is a directive, not a crawler named `unavailable_after`.
 */
const COLON_DIRECTIVES = new Set([
    'unavailable_after',
    'max-snippet',
    'max-image-preview',
    'max-video-preview'
]);
/** A crawler's name as a header may write it before its directives. */
const AGENT = /^[a-z0-9][a-z0-9_.-]*$/i;
/** The rules of a render, merged by agent and source, each bounded. */
class RobotsRules {
    rules = new Map();
    /** One directive for `agent`; dropped past the bounds. */
    add(agent, source, directive) {
        const word = directive.trim().toLowerCase().replace(/\s+/g, ' ');
        if (word === '' || word.length > MAX_WORD || agent.length > MAX_WORD)
            return;
        const key = `${source} ${agent}`;
        let rule = this.rules.get(key);
        if (rule === undefined) {
            if (this.rules.size >= MAX_RULES)
                return;
            rule = { agent, source, directives: new Set() };
            this.rules.set(key, rule);
        }
        if (rule.directives.size < MAX_DIRECTIVES)
            rule.directives.add(word);
    }
    /** A meta's `content`: comma-separated directives for `agent`. */
    addMeta(agent, content) {
        for (const directive of content.split(','))
            this.add(agent, 'meta', directive);
    }
    /**
     * One `X-Robots-Tag` value: comma-separated directives for every crawler, or, after a
     * crawler's name and a colon, for that crawler until the next name.
     */
    addHeader(value) {
        const pieces = value.split(',');
        let agent = '*';
        for (let i = 0; i < pieces.length; i++) {
            let piece = (pieces[i] ?? '').trim();
            const colon = piece.indexOf(':');
            const name = colon < 0 ? '' : piece.slice(0, colon).trim().toLowerCase();
            if (colon >= 0 && AGENT.test(name) && !COLON_DIRECTIVES.has(name)) {
                agent = name;
                piece = piece.slice(colon + 1);
            }
            else if (name === 'unavailable_after' &&
                /^[a-z]{3,9}$/i.test(piece.slice(colon + 1).trim())) {
                // An RFC 850 or RFC 1123 date starts with its weekday and a comma: one directive still.
                i++;
                piece = `${piece}, ${(pieces[i] ?? '').trim()}`;
            }
            this.add(agent, 'header', piece);
        }
    }
    get list() {
        return [...this.rules.values()].map(({ agent, source, directives }) => ({
            agent,
            directives: [...directives],
            source
        }));
    }
}
/**
 * The rules of every `X-Robots-Tag` header of an answer. A header repeated is read value by
 * value when the headers keep them apart; Node joins a repeated header into one value with
 * commas, so that a directive of a later header may then be read as the crawler's that an
 * earlier one named: never a rule lost, at worst one narrower.
 */
function robotsFromHeaders(headers) {
    const rules = new RobotsRules();
    for (const value of (0,http_headers/* headerValues */.UE)(headers, 'x-robots-tag'))
        rules.addHeader(value);
    return rules.list;
}

;// CONCATENATED MODULE: ./src/verify/render/structured-data.ts
/**
 * A render's structured data: each `<script type="application/ld+json">` read whole and parsed
 * as JSON, as a search engine reads it. A block that does not parse is broken; one too long to
 * keep, or cut off by the end of the body, is not judged at all (what was cut is not known).
 * The types kept are the `@type` values a reader of a report recognizes a page by (`Product`,
 * `BreadcrumbList`): of each block's top-level item, of the items of a top-level array, and of
 * the items of an `@graph`.
 */
/** The characters of one block read at most: structured data is a few KiB. */
const MAX_BLOCK_CHARS = 256 * 1024;
/** Blocks judged per render at most: pages have a few; a page of thousands costs no more. */
const MAX_BLOCKS = 100;
const MAX_TYPES = 20;
/** A type name longer than this is no name a report should quote. */
const MAX_TYPE_CHARS = 100;
/** Control and bidirectional characters: dropped from a type name before a report quotes it. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Whether a `<script type>` marks JSON-LD: its media type, whatever its case and parameters. */
function isJsonLd(type) {
    const essence = (type ?? '').split(';')[0] ?? '';
    return essence.trim().toLowerCase() === 'application/ld+json';
}
/** The blocks of one render, read as the tag stream hands them. */
class StructuredDataReader {
    blocks = 0;
    broken = 0;
    unjudged = 0;
    types = new Set();
    /** The block being read: its pieces, or 'over' once it is past a cap. */
    block;
    blockChars = 0;
    /** A JSON-LD `<script>` starts. */
    open() {
        this.block = this.blocks >= MAX_BLOCKS ? 'over' : [];
        this.blockChars = 0;
    }
    /** Whether a block is being read. */
    get reading() {
        return this.block !== undefined;
    }
    /** Text of the block being read. */
    text(text) {
        if (this.block === undefined || this.block === 'over')
            return;
        this.blockChars += text.length;
        if (this.blockChars > MAX_BLOCK_CHARS)
            this.block = 'over';
        else
            this.block.push(text);
    }
    /** Its `</script>`: the block is judged. */
    close() {
        const { block } = this;
        this.block = undefined;
        if (block === undefined)
            return;
        if (block === 'over') {
            this.unjudged++;
            return;
        }
        this.blocks++;
        let value;
        try {
            value = JSON.parse(block.join(''));
        }
        catch {
            this.broken++;
            return;
        }
        this.addTypes(value);
    }
    /** The body ended: a block still open was cut, not broken. */
    result() {
        if (this.block !== undefined)
            this.unjudged++;
        this.block = undefined;
        return {
            blocks: this.blocks,
            broken: this.broken,
            unjudged: this.unjudged,
            types: [...this.types].sort()
        };
    }
    addTypes(value) {
        for (const item of Array.isArray(value) ? value : [value]) {
            if (!isObject(item))
                continue;
            this.addType(item['@type']);
            const graph = item['@graph'];
            for (const node of Array.isArray(graph) ? graph : [graph]) {
                if (isObject(node))
                    this.addType(node['@type']);
            }
        }
    }
    addType(type) {
        for (const name of Array.isArray(type) ? type : [type]) {
            if (this.types.size >= MAX_TYPES)
                return;
            if (typeof name !== 'string')
                continue;
            const clean = name.replace(UNSAFE, '').trim();
            if (clean !== '' && clean.length <= MAX_TYPE_CHARS)
                this.types.add(clean);
        }
    }
}
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

;// CONCATENATED MODULE: ./src/verify/render/render-facts.ts






const MAX_VISIBLE_CHARS = 1_000_000;
/** Characters kept of a title or a heading: as much as a report quotes. */
const MAX_QUOTED_CHARS = 200;
/** A longer canonical URL is not kept (a search engine would not take it either). */
const MAX_CANONICAL_CHARS = 2048;
const SHELL_ATTRIBUTES = new Set(MOUNT_ATTRIBUTES);
const render_facts_READ_ATTRIBUTES = new Map(Object.entries({
    meta: ['name', 'content'],
    link: ['rel', 'href'],
    base: ['href'],
    script: ['type', 'src']
}).map(([tag, names]) => [tag, new Set([...MOUNT_ATTRIBUTES, ...names])]));
/** The render's robots rules with its answer's `X-Robots-Tag` headers' after the metas'. */
function withHeaderRobots(facts, headers) {
    const fromHeaders = robotsFromHeaders(headers);
    return fromHeaders.length === 0 ? facts : { ...facts, robots: [...facts.robots, ...fromHeaders] };
}
/** The facts of one render, as the tag stream hands it the tags and the text. */
class RenderFactsReader {
    visible = new CollapsedText(0, MAX_VISIBLE_CHARS);
    shell = new AppShellReader();
    robots = new RobotsRules();
    structuredData = new StructuredDataReader();
    title;
    titleOpen = false;
    heading;
    /** The first `<h1>` while it is open: its text is the heading. */
    headingElement;
    base;
    canonical;
    statusMeta;
    /** A `<script>` that runs, without `src`, whose code has not shown yet. */
    inlineScript = false;
    constructor(pageUrl) {
        this.base = new DocumentBase(pageUrl);
    }
    attributesOf(tag) {
        return render_facts_READ_ATTRIBUTES.get(tag) ?? SHELL_ATTRIBUTES;
    }
    element(tag, attributes, opened, open) {
        this.settle(open);
        // Nothing inside <template> is in the page; inside <noscript>, there is only its text.
        if (open.inert)
            return;
        this.shell.element(tag, attributes, opened, open);
        if (open.foreign)
            return;
        switch (tag) {
            case 'title':
                // An SVG <title> names a drawing, not the page (it is HTML inside, so not foreign).
                if (this.title === undefined && !open.isOpen('svg') && !open.isOpen('math')) {
                    this.title = new CollapsedText(MAX_QUOTED_CHARS, MAX_QUOTED_CHARS);
                    this.titleOpen = true;
                }
                return;
            case 'h1':
                if (this.heading === undefined && opened) {
                    this.heading = new CollapsedText(MAX_QUOTED_CHARS, MAX_QUOTED_CHARS);
                    this.headingElement = open.mark();
                }
                return;
            case 'meta':
                this.meta(attributes);
                return;
            case 'link':
                this.link(attributes);
                return;
            case 'base':
                this.base.set(attributes.get('href')?.trim());
                return;
            case 'script':
                this.script(attributes);
                return;
        }
    }
    closed(tag, open) {
        if (tag === 'title')
            this.titleOpen = false;
        if (tag === 'script') {
            this.inlineScript = false;
            this.structuredData.close();
        }
        this.settle(open);
    }
    text(text, open) {
        if (open.isOpen('template'))
            return;
        if (this.structuredData.reading) {
            this.structuredData.text(text);
            return;
        }
        if (this.inlineScript) {
            // Counted at its first character of code: a script left empty runs nothing.
            if (text.trim() !== '') {
                this.shell.script();
                this.inlineScript = false;
            }
            return;
        }
        if (this.titleOpen) {
            this.title?.add(text);
            return;
        }
        if (open.textHidden)
            return;
        if (open.isOpen('noscript')) {
            this.shell.noscriptText(text);
            return;
        }
        if (this.visible.add(text))
            this.shell.content();
        if (this.headingElement !== undefined)
            this.heading?.add(text);
    }
    /** What was read: all of the render once its body was read to its end. */
    result() {
        const { title, heading, canonical, statusMeta } = this;
        return {
            visibleChars: this.visible.length,
            ...(title !== undefined && { title: title.text }),
            ...(heading !== undefined && { heading: heading.text }),
            robots: this.robots.list,
            ...(canonical !== undefined && { canonical }),
            structuredData: this.structuredData.result(),
            ...(statusMeta !== undefined && { statusMeta }),
            shell: this.shell.result()
        };
    }
    /** Elements closed by whatever tag closed them: the heading ends with its `<h1>`. */
    settle(open) {
        this.shell.settle(open);
        if (this.headingElement !== undefined && !open.has(this.headingElement)) {
            this.headingElement = undefined;
        }
    }
    meta(attributes) {
        const name = attributes.get('name')?.trim().toLowerCase();
        const content = attributes.get('content');
        if (name === undefined || content === undefined)
            return;
        if (name === 'robots')
            this.robots.addMeta('*', content);
        else if (CRAWLER_NAMES.has(name))
            this.robots.addMeta(name, content);
        else if (name === 'prerender-status-code' && this.statusMeta === undefined) {
            // prerender.io's documented meta: the status its cache answers crawlers with.
            const status = content.trim();
            if (/^[1-5]\d\d$/.test(status))
                this.statusMeta = Number(status);
        }
    }
    link(attributes) {
        if (this.canonical !== undefined)
            return;
        const rel = (attributes.get('rel') ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
        const href = attributes.get('href')?.trim();
        if (!rel.includes('canonical') || href === undefined || href === '')
            return;
        const url = this.base.resolve(href);
        if (url === undefined)
            return;
        // Credentials in a canonical URL are no crawler's business, and no report's to print.
        url.username = '';
        url.password = '';
        if (url.href.length <= MAX_CANONICAL_CHARS)
            this.canonical = url.href;
    }
    script(attributes) {
        const type = attributes.get('type');
        const src = attributes.get('src')?.trim() ?? '';
        if (isJsonLd(type)) {
            // A JSON-LD block with a src is not read by search engines: its body is not data.
            if (src === '')
                this.structuredData.open();
            return;
        }
        const kind = (type ?? '').trim().toLowerCase();
        if (kind !== 'module' && !classicScriptRuns(kind))
            return;
        if (src !== '')
            this.shell.script();
        else
            this.inlineScript = true;
    }
}

;// CONCATENATED MODULE: ./src/verify/render/page-body-reader.ts
/**
 * A page's body read once, chunk by chunk, for what the checks want of it: the assets it
 * references (verify/assets/page-references.ts), what its render tells a crawler
 * (render-facts.ts), or both, from one tokenizer over the body (html/tag-stream.ts), never two
 * passes.
 */




class PageBodyReader {
    stream;
    references;
    facts;
    constructor(pageUrl, wants) {
        const readers = [];
        if (wants.references !== undefined) {
            this.references = new PageReferenceCollector(pageUrl, wants.references);
            readers.push(new ReferenceTags(this.references));
        }
        if (wants.facts === true) {
            this.facts = new RenderFactsReader(pageUrl);
            readers.push(this.facts);
        }
        this.stream = new TagStream(readers);
    }
    /** The next piece of the body's decoded text. */
    push(chunk) {
        this.stream.push(chunk);
    }
    /** The body ended (or was cut: what came before it is read). */
    end() {
        this.stream.end();
        return {
            ...(this.references && { references: this.references.result() }),
            ...(this.facts && { facts: this.facts.result() })
        };
    }
}

;// CONCATENATED MODULE: ./src/verify/check/read-page.ts







/** The site client's pages, with the content proof when builds are given. */
function pageReader(client) {
    return async (url, userAgent, timeoutMs, builds, wanted) => {
        if (builds === undefined && wanted === undefined) {
            return client.getPage(url, userAgent, timeoutMs);
        }
        // Asked uncompressed, as the other checks are: decoding costs the runner more CPU than the
        // bytes it saves; an edge that compresses anyway is decoded (http/read-body.ts).
        const answer = await client.open(url, userAgent, timeoutMs);
        const head = { status: answer.status, headers: answer.headers };
        const is2xx = answer.status >= 200 && answer.status <= 299;
        const render = wanted !== undefined && is2xx && isHtml(head) ? wanted.wanted(head) : undefined;
        const reader = render === undefined || wanted === undefined ? undefined : bodyReader(url, render, wanted);
        if (!is2xx || (builds === undefined && reader === undefined)) {
            await (0,site_client/* discardBody */.LL)(answer.body, site_client/* MAX_PAGE_BYTES */.rd);
            return head;
        }
        // One decoder for the page: a character cut between two chunks is whole in the next one.
        const decoder = new TextDecoder('utf-8');
        const alsoRead = reader && ((chunk) => reader.push(decoder.decode(chunk, { stream: true })));
        const contentEncoding = (0,http_headers/* headerValue */.Z)(answer.headers, 'content-encoding');
        let cut;
        const content = builds === undefined
            ? undefined
            : await scanBodyForBuild(answer.body, builds, {
                contentEncoding,
                maxDrainBytes: site_client/* MAX_PAGE_BYTES */.rd,
                ...(alsoRead && { alsoRead, onCut: (why) => (cut = why) })
            });
        if (builds === undefined && alsoRead) {
            cut = await readWhole(answer.body, contentEncoding, alsoRead);
        }
        const read = reader?.end();
        return {
            ...head,
            ...(content && { content }),
            ...(read?.references && { references: read.references }),
            ...(read?.facts && { facts: withHeaderRobots(read.facts, answer.headers) }),
            ...(cut !== undefined && { bodyCut: cut })
        };
    };
}
/**
 * The reader of a render's body: the new render's references (with the asset checks) and
 * facts (with the renders judged), the old render's facts; undefined when nothing is wanted.
 */
function bodyReader(url, render, { references, facts }) {
    const scope = render === 'new' ? references : undefined;
    if (scope === undefined && facts === undefined)
        return undefined;
    return new PageBodyReader(url, {
        ...(scope !== undefined && { references: scope }),
        ...(facts !== undefined && { facts })
    });
}
/**
 * Reads a body only for what its reader wants; a body that breaks off gives what came before.
 * Returns why it was read only in part, or undefined when it was read to its end.
 */
async function readWhole(body, contentEncoding, onChunk) {
    try {
        const read = await (0,read_body/* readBody */.x8)(body, {
            contentEncoding,
            maxBytes: MAX_CONTENT_BYTES,
            maxDrainBytes: site_client/* MAX_PAGE_BYTES */.rd,
            onChunk: chunk => {
                onChunk(chunk);
                return false;
            }
        });
        return read.end === 'cap' ? cutAtCapWords() : undefined;
    }
    catch (error) {
        if (!(error instanceof read_body/* BodyReadError */.NA))
            throw error;
        return error.message;
    }
}
/** HTML, or no content type at all (a page is HTML unless it says otherwise). */
function isHtml(head) {
    const type = mediaType((0,http_headers/* headerValue */.Z)(head.headers, 'content-type'));
    return type === undefined || type === 'text/html' || type === 'application/xhtml+xml';
}
/** The site client's assets: asked for as a browser would (any type), the body thrown away. */
function assetReader(client) {
    return async (url, userAgent, timeoutMs, origin) => {
        const answer = await client.open(url, userAgent, timeoutMs, {
            accept: '*/*',
            ...(origin !== undefined && { origin })
        });
        await (0,site_client/* discardBody */.LL)(answer.body, site_client/* MAX_PAGE_BYTES */.rd);
        return { status: answer.status, headers: answer.headers };
    };
}

;// CONCATENATED MODULE: ./src/verify/assets/asset-entries.ts



/** Requests of one asset that got no answer (or a 5xx) before it is called broken. */
const MAX_ASSET_ATTEMPTS = 3;
const TOO_MANY_REQUESTS = 429;
/**
 * Whether a broken answer is asked again: a 429 or a 5xx while the asset's failures are under
 * MAX_ASSET_ATTEMPTS (a 429 is not one: it is asked again until the deadline, after its host's
 * pause).
 */
function worthAskingAgain(answer, state) {
    const status = answer.httpStatus;
    return (state.failures < MAX_ASSET_ATTEMPTS && status !== undefined && (0,statuses/* isRetryableSiteStatus */.S)(status));
}
/** A 2xx HTML answer: a page of the site, not an asset (a single-page app's fallback, or a page). */
function isPage(answer) {
    const { httpStatus, contentType } = answer;
    return (httpStatus !== undefined &&
        httpStatus >= 200 &&
        httpStatus <= 299 &&
        (contentType === 'text/html' || contentType === 'application/xhtml+xml'));
}
/**
 * What a refused redirect means for an asset, as a browser fails it: `mixed-content`, a
 * `redirect-loop` or `too-many-redirects` (broken); `away` for a hop out of scope or with
 * credentials (not requested, counted apart, like a third party's asset); `judge` for a
 * Location that is no http(s) URL (the redirect answer itself is judged).
 */
function assetRefusal(refused) {
    switch (refused.reason) {
        case 'plain-http':
            return 'mixed-content';
        case 'loop':
            return 'redirect-loop';
        case 'too-many-redirects':
            return 'too-many-redirects';
        case 'credentials':
        case 'out-of-scope':
        case 'this-machine':
            return 'away';
        case 'not-http':
        case 'not-a-url':
            return 'judge';
    }
}
/** A URL as the reports may print it: a user name and password are never shown. */
function withoutCredentials(url) {
    const shown = new URL(url.href);
    shown.username = '';
    shown.password = '';
    return shown.href;
}
/** A check's result before any answer: not checked, with the pages that need it. */
function blankResult(entry) {
    return {
        url: entry.url,
        device: entry.device,
        kind: entry.kind,
        state: 'not-checked',
        wanted: wantedFor(entry.kind),
        throughCache: false,
        repurged: false,
        pages: entry.pages.slice(),
        pageCount: entry.pageCount
    };
}
const LISTING_ORDER = {
    broken: 0,
    'not-checked': 1,
    repaired: 2,
    whole: 3
};
function entriesAtTheEnd(entries) {
    const counts = { whole: 0, repaired: 0, broken: 0, 'not-checked': 0 };
    const listed = [];
    let redirectedAway = 0;
    const away = new Map();
    for (const entry of entries) {
        // Led out of scope by a redirect: counted apart, like a third party's reference, not as
        // a check that ended (a browser would load it, but nothing here vouches for that host).
        if (entry.away !== undefined && entry.result === undefined) {
            redirectedAway++;
            if (away.size < asset_results/* MAX_LISTED_AWAY */.Ob)
                away.set(entry.url, { url: entry.url, to: entry.away });
            continue;
        }
        // An entry queued after the workers ended (none should be) is one the deadline left. The
        // pages are read now: a page proven fresh after its asset's check ended needs it too.
        const result = {
            ...(entry.result ?? { ...blankResult(entry), state: 'not-checked' }),
            pages: entry.pages.slice(),
            pageCount: entry.pageCount
        };
        counts[result.state]++;
        if (result.state !== 'whole')
            listed.push(result);
    }
    listed.sort((a, b) => LISTING_ORDER[a.state] - LISTING_ORDER[b.state]);
    return { counts, listed, redirectedAway, awayTargets: [...away.values()] };
}

// EXTERNAL MODULE: ./src/verify/assets/repair-queue.ts
var repair_queue = __webpack_require__(356);
// EXTERNAL MODULE: ./src/core/diagnostics.ts
var diagnostics = __webpack_require__(7135);
// EXTERNAL MODULE: ./src/core/targets.ts
var targets = __webpack_require__(277);
;// CONCATENATED MODULE: ./src/verify/assets/repair-path.ts
/**
 * The path a purge by URL names to repair a broken asset of the site, held to the same checks as
 * the `urls` input: the asset's URL comes from a page's HTML, which whoever writes the site's
 * templates or content controls, so it gets no more trust than a URL a user typed.
 */


/** The asset's path and query as the URL purge sends them, or why it cannot be sent. */
function repairPath(url) {
    if (url.username !== '' || url.password !== '') {
        return { refused: 'its URL holds credentials' };
    }
    const path = `${url.pathname}${url.search}`;
    const problems = new diagnostics/* Diagnostics */.rE();
    const [normalized] = (0,targets/* normalizeUrls */.GX)([path], problems);
    const problem = problems.problems[0];
    if (problem !== undefined)
        return { refused: problem.reason };
    // WHATWG URL parsing gives the path as a browser requests it, which the input keeps as is.
    if (normalized !== path)
        return { refused: `it reads as ${JSON.stringify(normalized)}` };
    return { path };
}

;// CONCATENATED MODULE: ./src/verify/assets/asset-checks.ts
/**
 * The asset checks: every asset a page proven fresh references is asked for at the edge once per
 * device type, however many pages share it, within the pages' limits (the loop's rate, requests
 * in flight, backpressure and deadline: AssetLoop). A broken one the rendering cache served (its
 * answer carries the cache's headers) is purged by URL once and asked again until it is whole or
 * the deadline comes; one it did not serve is named, never purged (the service cannot purge
 * another CDN or the origin). What stays in memory is one small record per distinct (asset,
 * device), with the first few pages that need it.
 *
 * An asset's redirects are followed as a browser follows them (Fetch's "follow"), each hop a
 * request under the same limits, within the scope the references were kept by (the site and
 * `asset_hosts`), at most MAX_REDIRECTS: the chain's last answer is judged. A redirect out of
 * scope is not followed nor judged (counted apart, like a third party's reference); one to
 * `http:` from an https site, a loop, or too many are broken, as a browser fails them.
 */













/** At most this many broken, repaired or not-checked assets are listed; the rest are counted. */
const MAX_LISTED_ASSETS = 1000;
/**
 * Distinct assets on other hosts remembered to count them: what bounds the memory when every
 * page names its own (a cache-busting path); past it the count says "or more".
 */
const MAX_OTHER_HOST_ASSETS = 10_000;
function stripRender({ first: _first, ...answer }) {
    return answer;
}
class AssetChecks {
    loop;
    options;
    entries = new Map();
    pending = [];
    workers = new Set();
    /** Broken assets purged by URL, asked again apart from the workers. */
    afterRepairs = new Set();
    /** The purges by URL that repair broken assets: batched, once a path, at most a cap a run. */
    repairs;
    assetUrls = new Set();
    otherHosts = new Set();
    otherHostsCapped = false;
    /** References to further assets once MAX_ASSET_CHECKS were kept: counted, not checked. */
    leftOut = 0;
    /** The fresh pages whose references were cut at one page's share (once each, any device). */
    cutPages = new Set();
    /** Fresh (page, device) checks whose cached render was not read whole: the first few. */
    unproven = [];
    unprovenCount = 0;
    requests = 0;
    lastWholeAt;
    constructor(loop, options) {
        this.loop = loop;
        this.options = options;
        this.repairs = options.repair && new repair_queue/* RepairQueue */.rW(options.repair, loop.clock);
    }
    /**
     * A page was proven fresh on `device`, and its cached render read: its assets are queued,
     * each once per device. A render read only in part (`read.cut`), or none read at all
     * (`read.unread`), leaves the page's assets not proven: named, and the deploy not whole.
     */
    pageFresh(pageUrl, device, read) {
        const why = 'unread' in read ? read.unread : read.cut;
        if (why !== undefined) {
            this.unprovenCount++;
            if (this.unproven.length < asset_results/* MAX_LISTED_PAGES */.SY) {
                this.unproven.push({ url: pageUrl, device: device.name, why });
            }
        }
        if ('unread' in read)
            return;
        const { references } = read;
        if (references.capped)
            this.cutPages.add(pageUrl);
        for (const url of references.otherHosts) {
            if (this.otherHosts.size < MAX_OTHER_HOST_ASSETS)
                this.otherHosts.add(url);
            else if (!this.otherHosts.has(url))
                this.otherHostsCapped = true;
        }
        if (references.otherHostsLeftOut !== undefined)
            this.otherHostsCapped = true;
        for (const reference of references.assets) {
            const { url, kind } = reference;
            const key = `${device.name}\n${checkKey(reference)}`;
            let entry = this.entries.get(key);
            if (entry === undefined) {
                if (this.entries.size >= asset_results/* MAX_ASSET_CHECKS */.Y6) {
                    this.leftOut++;
                    continue;
                }
                entry = {
                    url,
                    kind,
                    ...(reference.module && { module: true }),
                    ...(reference.crossOrigin !== undefined && { crossOrigin: reference.crossOrigin }),
                    request: corsMode(reference),
                    device: device.name,
                    userAgent: device.userAgent,
                    pages: [],
                    pageCount: 0
                };
                this.entries.set(key, entry);
                this.assetUrls.add(url);
                this.pending.push(entry);
            }
            entry.pageCount++;
            if (entry.pages.length < asset_results/* MAX_LISTED_PAGES */.SY)
                entry.pages.push(pageUrl);
        }
        while (this.pending.length > 0 && this.workers.size < this.options.workers)
            this.startWorker();
    }
    /** The pages are done: waits for the asset checks under way, and says how they went. */
    async finish() {
        while (this.workers.size > 0 || this.afterRepairs.size > 0 || this.pending.length > 0) {
            // An entry queued while every worker was ending its last check still gets one.
            while (this.pending.length > 0 && this.workers.size < this.options.workers)
                this.startWorker();
            await Promise.all([...this.workers, ...this.afterRepairs]);
        }
        return this.summarize();
    }
    startWorker() {
        const worker = (async () => {
            for (let entry = this.pending.shift(); entry; entry = this.pending.shift()) {
                await this.check(entry);
            }
        })().finally(() => this.workers.delete(worker));
        this.workers.add(worker);
    }
    /**
     * One (asset, device) check until it is whole or broken, or its purge by URL was accepted:
     * then the asking again goes on apart (askAfterRepair), so that a worker never sleeps through
     * a purge's propagation while other assets wait for it.
     */
    async check(entry) {
        const { loop } = this;
        const state = { asks: 0, failures: 0 };
        for (;;) {
            const asked = await this.ask(entry, state);
            if (asked.result !== undefined || asked.away !== undefined) {
                this.end(entry, asked);
                return;
            }
            const answer = asked.answer;
            if (answer === undefined) {
                await loop.sleep((0,http_backoff/* backoffDelay */.E)(this.options.backoff, state.asks - 1, loop.random()));
                continue;
            }
            if (worthAskingAgain(answer, state)) {
                await loop.sleep((0,http_backoff/* backoffDelay */.E)(this.options.backoff, state.asks - 1, loop.random()));
                continue;
            }
            const repair = this.repairOf(entry, answer);
            if ('notPurged' in repair) {
                entry.result = { ...stripRender(answer), state: 'broken', notPurged: repair.notPurged };
                return;
            }
            const task = this.repairThenAsk(entry, stripRender(answer), repair.purge, { ...state, failures: 0 }, answer.first.edge?.cacheDate).finally(() => this.afterRepairs.delete(task));
            this.afterRepairs.add(task);
            return;
        }
    }
    /**
     * Purges a broken asset by its path, then asks it again (askAfterRepair). The purge is waited
     * for until the deadline at most (answerBy).
     */
    async repairThenAsk(entry, broken, purge, state, purgedCacheDate) {
        const { loop } = this;
        const outcome = await (0,repair_queue/* answerBy */.WL)(purge, loop.clock, loop.deadline);
        if (outcome === undefined) {
            entry.result = {
                ...broken,
                state: 'broken',
                repurged: true,
                repurgeError: repair_queue/* NOT_ANSWERED_BY_DEADLINE */.Rq
            };
            return;
        }
        if (outcome.error !== undefined) {
            entry.result = { ...broken, state: 'broken', repurged: true, repurgeError: outcome.error };
            return;
        }
        state.repair = { acceptedAt: outcome.answeredAt, purgedCacheDate };
        await this.askAfterRepair(entry, state);
    }
    /**
     * A broken asset purged by URL, asked again until it is whole (repaired), or a render made
     * after the purge shows it still broken (the origin serves it so: broken), or the deadline.
     * Until the purge arrives the edge still serves the cached answer, as it does a stale page.
     */
    async askAfterRepair(entry, state) {
        const { loop } = this;
        for (;;) {
            await loop.sleep((0,http_backoff/* backoffDelay */.E)(this.options.backoff, state.asks - 1, loop.random()));
            const asked = await this.ask(entry, state, true);
            if (asked.result !== undefined || asked.away !== undefined) {
                this.end(entry, asked);
                return;
            }
            const answer = asked.answer;
            if (answer === undefined)
                continue;
            // A render made after the purge (the cache had no entry: EXTRACTING, or not cached; or a
            // HIT cached since, by a visitor between two asks) answers what the origin has now: still
            // broken is broken for good.
            const renderedSince = !(0,edge_headers/* fromKeptEntry */.BN)(answer.first.edge) || this.cachedSincePurge(answer.first, state);
            if (renderedSince && !worthAskingAgain(answer, state)) {
                entry.result = { ...stripRender(answer), state: 'broken', repurged: true };
                return;
            }
        }
    }
    /**
     * Whether a HIT was cached after the asset's purge was accepted, as the pages' judge places
     * cache dates (loop.renderedAfter). Not when its cache date is the purged entry's: that entry,
     * still served until the purge reaches this data center, may fall within the clocks' doubt of
     * the acceptance (the judge gives it to freshness), and taking it for a new render would call
     * broken an asset the purge is about to repair. Dates that cannot be placed: not (ask again).
     */
    cachedSincePurge(first, state) {
        const { repair } = state;
        if (repair === undefined)
            return false;
        return (first.edge?.cacheDate !== repair.purgedCacheDate &&
            this.loop.renderedAfter(first, repair.acceptedAt) === true);
    }
    /** A check ends with its result, or away: its redirect led out of scope. */
    end(entry, asked) {
        if (asked.away !== undefined)
            entry.away = asked.away;
        else
            entry.result = asked.result;
    }
    /**
     * One ask, following the asset's redirects as a browser does (each hop a request under the
     * same limits): `result` when the check ended (whole, repaired, broken by its redirects, or
     * out of time or of attempts), `away` when a redirect leads out of scope, else the broken
     * answer to act on (`answer`), or none (no answer, to be asked again).
     */
    async ask(entry, state, repurged = false) {
        const { loop } = this;
        const ended = (result) => ({
            result: {
                ...result,
                repurged,
                ...(state.firstReason !== undefined &&
                    result.state !== 'broken' && { reason: state.firstReason })
            }
        });
        // A 429 says nothing of the asset: one that got nothing else is not checked, not broken.
        const outOfTime = () => ended(state.last === undefined
            ? { ...blankResult(entry), state: 'not-checked' }
            : state.last.httpStatus === TOO_MANY_REQUESTS
                ? { ...blankResult(entry), state: 'not-checked', httpStatus: TOO_MANY_REQUESTS }
                : { ...state.last, state: 'broken' });
        let url = new URL(entry.url);
        const chain = [url];
        let first;
        for (let hops = 0;; hops++) {
            if (loop.stopped || loop.clock.now() >= loop.deadline)
                return outOfTime();
            // A browser's CORS-mode request from another origin sends the page's (or a tainted
            // `null`), and uses no answer, a redirect's included, that does not allow it.
            const cors = corsStep(entry.request, this.options.siteOrigin, chain);
            const origin = cors.checked ? cors.origin : undefined;
            const asked = await loop.askAsset(url, entry.userAgent, origin);
            if (asked === 'stopped' || asked === 'late')
                return outOfTime();
            this.requests++;
            // The asks of the asset, for its backoff: a redirect followed is the same ask.
            if (hops === 0)
                state.asks++;
            const redirect = hops > 0 ? { to: url.href, hops } : undefined;
            if (asked instanceof site_client/* SiteRequestError */.bW) {
                state.last = {
                    ...blankResult(entry),
                    state: 'broken',
                    reason: 'request-failed',
                    ...(redirect && { redirect })
                };
                if (++state.failures >= MAX_ASSET_ATTEMPTS)
                    return ended(state.last);
                return {};
            }
            first ??= { edge: (0,edge_headers/* readEdgeHeaders */._5)(asked.headers), headers: asked.headers };
            const refusedByCors = origin !== undefined && !corsCheck(entry.request, origin, asked.headers);
            const hop = (0,http_redirect/* redirectOf */.Yx)(asked, { url, redirects: hops, asked: chain }, this.redirectRules);
            const refused = hop instanceof URL || hop === undefined ? undefined : assetRefusal(hop);
            // No redirect, or one a browser fails (its Location no http(s) URL): the answer is judged.
            if (hop === undefined || refused === 'judge' || refusedByCors) {
                return this.judge(entry, state, asked, { first, redirect, repurged, refusedByCors }, ended);
            }
            const target = hop instanceof URL
                ? hop
                : 'to' in hop
                    ? hop.to
                    : (0,http_redirect/* redirectTarget */.ET)(asked.status, asked.headers, url);
            const next = {
                to: target === undefined ? url.href : withoutCredentials(target),
                hops: hops + 1
            };
            if (refused === 'away')
                return { away: next.to };
            if (refused !== undefined) {
                // Broken by its redirects whatever the cache did: a purge would not change where the
                // origin sends it, and the answer is its own (the last redirect), not asked again.
                return ended({
                    ...this.read(entry, asked),
                    state: 'broken',
                    reason: refused,
                    redirect: next
                });
            }
            if (!(hop instanceof URL))
                throw new Error('a redirect neither followed nor refused');
            chain.push(hop);
            url = hop;
        }
    }
    /**
     * The redirect rule every reader follows (http/redirect.ts): no plain http after https (mixed
     * content), and the scope the references were kept by (the site and `asset_hosts`).
     */
    get redirectRules() {
        const scope = { siteOrigin: this.options.siteOrigin, hosts: this.options.hosts };
        return { plainHttp: 'from-http', scope: { allows: url => inScope(url, scope) } };
    }
    /** The chain's last answer, judged: whole ends the check, broken is acted on. */
    judge(entry, state, head, chain, ended) {
        const { first, redirect, repurged, refusedByCors } = chain;
        const answer = { ...this.read(entry, head, refusedByCors), ...(redirect && { redirect }) };
        if (answer.reason === undefined) {
            this.lastWholeAt = Math.max(this.lastWholeAt ?? 0, this.loop.clock.now());
            return ended({ ...answer, state: repurged ? 'repaired' : 'whole' });
        }
        state.last = answer;
        // A 429 is the host's backpressure (its own pause holds the next ask), not a failure of the
        // asset: asked again until the deadline, never counted against its attempts.
        if (head.status === TOO_MANY_REQUESTS)
            return { answer: { ...answer, first } };
        state.firstReason ??= answer.reason;
        if ((0,statuses/* isRetryableSiteStatus */.S)(head.status))
            state.failures++;
        return { answer: { ...answer, first } };
    }
    /**
     * The purge that repairs a broken answer, or why there is none (NotPurged says why each case is
     * refused). After a redirect, the first answer decides and the purge names the first URL: the
     * one the page references, whose kept entry (a cached redirect to a file gone, a cached 404) is
     * what a purge renders again. A later hop's path may be another host's, or one the next deploy
     * moves.
     */
    repairOf(entry, answer) {
        const url = new URL(entry.url);
        if (answer.first.edge === undefined)
            return { notPurged: 'not-through-cache' };
        if (!(0,edge_headers/* fromKeptEntry */.BN)(answer.first.edge))
            return { notPurged: 'new-render' };
        if (url.origin !== this.options.siteOrigin)
            return { notPurged: 'other-host' };
        if (isPage(answer))
            return { notPurged: 'page' };
        const path = repairPath(url);
        if ('refused' in path)
            return { notPurged: 'not-a-path' };
        if (this.repairs === undefined)
            return { notPurged: 'no-purge-in-this-job' };
        const purge = this.repairs.purge(path.path);
        return purge === undefined ? { notPurged: 'repair-cap' } : { purge };
    }
    /**
     * One answer, as a result would tell it: `reason` absent when it is whole. One its CORS check
     * refused is not used by a browser (`cors`), unless its status already says it is broken.
     */
    read(entry, head, refusedByCors = false) {
        const contentType = mediaType((0,http_headers/* headerValue */.Z)(head.headers, 'content-type'));
        const judgement = refusedByCors && head.status < 400
            ? { whole: false, reason: 'cors' }
            : judgeAnswer(entry, head.status, head.headers);
        const ids = (0,edge_headers/* edgeIds */._f)(head.headers);
        return {
            ...blankResult(entry),
            state: judgement.whole ? 'whole' : 'broken',
            httpStatus: head.status,
            ...(contentType !== undefined && { contentType }),
            ...(!judgement.whole && { reason: judgement.reason }),
            throughCache: (0,edge_headers/* readEdgeHeaders */._5)(head.headers) !== undefined,
            ...(ids !== undefined && { edgeIds: ids })
        };
    }
    summarize() {
        const { counts, listed, redirectedAway, awayTargets } = entriesAtTheEnd(this.entries.values());
        const allWhole = counts.broken === 0 &&
            counts['not-checked'] === 0 &&
            this.unprovenCount === 0 &&
            this.entries.size > 0;
        return {
            hosts: this.options.hosts,
            counts,
            assets: this.assetUrls.size,
            otherHosts: this.otherHosts.size,
            ...(this.otherHostsCapped && { otherHostsCapped: true }),
            ...(this.leftOut > 0 && { leftOut: this.leftOut }),
            ...(this.unprovenCount > 0 && {
                unproven: { count: this.unprovenCount, first: this.unproven.slice() }
            }),
            ...(this.cutPages.size > 0 && {
                cutPages: {
                    count: this.cutPages.size,
                    first: [...this.cutPages].slice(0, asset_results/* MAX_LISTED_PAGES */.SY)
                }
            }),
            listed: listed.slice(0, MAX_LISTED_ASSETS),
            requests: this.requests,
            ...(redirectedAway > 0 && { redirectedAway, awayTargets }),
            ...(allWhole &&
                this.lastWholeAt !== undefined && {
                wholeAfterMs: Math.max(0, this.lastWholeAt - this.options.measureFrom)
            })
        };
    }
}

;// CONCATENATED MODULE: ./src/verify/pace/wakeable-sleeps.ts
class WakeableSleeps {
    clock;
    /** In the order they fell asleep: the first one has waited longest. */
    stale = new Set();
    other = new Set();
    stopped = false;
    constructor(clock) {
        this.clock = clock;
    }
    /** Sleeps `ms`; true when woken before that (or the run stopped). */
    async sleep(ms, kind = 'other') {
        if (this.stopped)
            return true;
        const wake = new AbortController();
        const sleepers = kind === 'stale' ? this.stale : this.other;
        sleepers.add(wake);
        try {
            await this.clock.sleep(ms, wake.signal);
        }
        finally {
            sleepers.delete(wake);
        }
        return wake.signal.aborted;
    }
    get staleSleeping() {
        return this.stale.size;
    }
    /** Wakes every stale check. */
    wakeStale() {
        for (const wake of this.stale)
            wake.abort();
    }
    /** Wakes the stale check that has slept longest; false when none sleeps. */
    wakeLongestStale() {
        const first = this.stale.values().next();
        if (first.done)
            return false;
        first.value.abort();
        // Out of the set now, so that the next probe picks another check.
        this.stale.delete(first.value);
        return true;
    }
    /** Wakes every sleeper, and every later sleep returns at once. */
    stop() {
        this.stopped = true;
        for (const wake of this.stale)
            wake.abort();
        for (const wake of this.other)
            wake.abort();
    }
}

;// CONCATENATED MODULE: ./src/verify/check/one-check.ts
/**
 * One (page, device) check, from its first request to its line in the tally. The loop
 * (polling-loop.ts) makes each request under its limits and judges the answer
 * (verify/judge/verdict.ts); the check says what the verdict means for it: asked (a request came
 * back), judged (settled, ask again, or warm up), finished (one line in the tally, with named
 * fields). A stale check is asked again on the schedule of verify/pace/poll-schedule.ts; pages
 * first seen EXTRACTING are asked again until they answer HIT (warm), for a while after all are
 * fresh; the deadline ends the others. A check holds only its own state, a few numbers, so
 * thousands under way stay small; what all the checks share (the counts the progress reports, the
 * purge's arrival) stays with the loop.
 */








/** A check that looked before the purge looks again after it this long before its deadline. */
const LAST_LOOK_BEFORE_DEADLINE_MS = 1000;
class PageCheck {
    page;
    device;
    loop;
    /** Requests made, warm-ups included. */
    requests = 0;
    retryAttempt = 0;
    staleAttempt = 0;
    renderAttempt = 0;
    /** Why the last request failed (no answer, 429, 5xx, unreadable); undefined after an answer. */
    lastProblem;
    /** What the last problem was, when worth telling apart at the deadline (clocks that disagree). */
    lastCause;
    /** The last stale answer's ending: how the check ends if the deadline comes next. */
    staleEnding;
    /** The last answer was stale (counted in the loop's staleNow). */
    stale = false;
    /** The last answer was old content (counted in oldContentNow). */
    old = false;
    /** The last answer was EXTRACTING without the build (content proof): the HIT will tell. */
    rendering = false;
    /** The purge (its acceptance) this check has seen arrive here: said once to the watch. */
    arrivedFor;
    freshAt;
    /** The cached render (HIT) of a fresh page was read, or need not be. */
    renderRead = false;
    /** The render cached before the purge: read by the look before it, or by the first answer. */
    oldFacts;
    /** What the look before the purge found, when this check had one. */
    lookedBefore;
    /** What judged() chose: the wait before asking again, and when the stale answer came. */
    waitMs = 0;
    staleAnsweredAt = 0;
    constructor(page, device, loop) {
        this.page = page;
        this.device = device;
        this.loop = loop;
    }
    /** Asks until the check is settled or the deadline ends it (or the run stops). */
    async run() {
        const { loop } = this;
        await this.startFromLookBeforePurge();
        while (!loop.stopped) {
            if (loop.clock.now() >= loop.options.deadline) {
                this.endAtDeadline();
                return;
            }
            if (this.stale)
                loop.lastStaleAskAt = loop.clock.now();
            const asked = await loop.ask(this, true);
            if (asked === 'stopped')
                break;
            if (asked === 'late') {
                // No turn is left before the deadline: the check ends now as it would at the deadline.
                this.endAtDeadline();
                return;
            }
            switch (this.asked(asked)) {
                case 'ended':
                    return;
                case 'ask-again':
                    await loop.sleep(this.waitMs);
                    continue;
                case 'ask-again-stale':
                    await loop.sleepStale(this.waitMs, this.staleAnsweredAt);
                    continue;
                case 'warm-up':
                    this.finished({ state: 'fresh', warm: await this.warmUp() });
                    return;
            }
        }
        // A rollback ends the checks as they stand, recorded as at the deadline; a run stopped
        // because the site is not behind the cache records none.
        if (loop.options.content?.rolledBack?.aborted === true) {
            this.endAtDeadline('when the rollback was seen');
        }
    }
    /**
     * The look before the purge is this check's first: the old render it read is the one the new
     * render is compared with, and the check asks again as after a stale first look made as long
     * after the purge as its look came after the first look (the looks spread at the rate as the
     * first looks would have): at once if that time has passed; sooner when an arrival seen by
     * another check wakes the stale ones; and before the deadline. So where the edge would still
     * have served the old render to a first look after the purge, that look is not made.
     */
    async startFromLookBeforePurge() {
        const { loop } = this;
        // Taken once (verify/render/read-before-purge.ts): its memory goes with it.
        const look = loop.options.renders?.before?.take(this.page.url.href, this.device.name);
        if (look === undefined)
            return;
        this.lookedBefore = look.kind;
        if (look.kind !== 'old-render')
            return;
        this.oldFacts = look.facts;
        // Stale, as after a stale answer: its first fresh answer is an arrival that wakes the others.
        const now = loop.clock.now();
        const delayMs = this.enterStale(now);
        // At least one look after the purge, a second before the deadline at the latest: a check
        // must not end on what it saw before the purge.
        const lookBy = loop.options.deadline - LAST_LOOK_BEFORE_DEADLINE_MS;
        const firstLookAt = (this.page.purgeAcceptedAt ?? loop.measureFrom) + look.afterFirstMs;
        const wait = Math.min(firstLookAt + delayMs, lookBy) - now;
        if (wait > 0)
            await loop.sleepStale(wait, look.askedAt);
    }
    /** A request came back: with an answer (judged), or without one (the error). */
    asked(outcome) {
        this.requests++;
        if (!(outcome instanceof site_client/* SiteRequestError */.bW))
            return this.judged(outcome);
        this.lastProblem = outcome.kind === 'timeout' ? `timeout (${outcome.message})` : outcome.message;
        this.lastCause = undefined;
        this.waitMs = this.backoff(this.loop.options.staleBackoff ?? STALE_BACKOFF, this.retryAttempt++);
        return 'ask-again';
    }
    /** What the verdict on an answer means for this check: settled, or what it does next. */
    judged(judged) {
        const { answer, verdict, purgedAt } = judged;
        const ids = (0,edge_headers/* edgeIds */._f)(answer.headers, this.loop.sitePrefix);
        this.rendering = verdict.kind === 'rendering';
        // Read only from a first answer that still served the render cached before the purge.
        if (verdict.kind === 'stale' && judged.facts !== undefined)
            this.oldFacts ??= judged.facts;
        switch (verdict.kind) {
            case 'retry': {
                this.lastProblem = ids ? `${verdict.reason} (${ids})` : verdict.reason;
                this.lastCause = verdict.cause;
                const backoff = this.backoff(this.loop.options.staleBackoff ?? STALE_BACKOFF, this.retryAttempt++);
                this.waitMs = retryWaitMs(answer, backoff, this.loop.edgeNow());
                return 'ask-again';
            }
            case 'no-status-header':
                // ask() stopped the run already when no answer ever had the header.
                if (this.loop.stopped)
                    return 'ended';
                if (verdict.gone) {
                    this.markFresh(purgedAt);
                    this.finished({ state: 'gone', warm: false, httpStatus: answer.status });
                    return 'ended';
                }
                this.finished({
                    state: 'failed',
                    warm: false,
                    detail: `HTTP ${answer.status} without a *-Kc-Status header`
                });
                return 'ended';
            case 'stale':
                return this.judgedStale(verdict, purgedAt, ids);
            case 'fresh':
                this.markFresh(purgedAt);
                // A HIT is the render the cache keeps: its assets are the page's. EXTRACTING's are not
                // documented to be: the warm-up reads the HIT that follows.
                if (verdict.warm)
                    this.renderWasRead(judged);
                if (!verdict.warm)
                    return 'warm-up';
                this.finished({ state: 'fresh', warm: true });
                return 'ended';
            case 'gone':
            case 'not-cacheable':
            case 'unverifiable':
                this.markFresh(purgedAt);
                this.finished({ state: verdict.kind, warm: false, httpStatus: answer.status });
                return 'ended';
            case 'rendering':
                // The purge arrived (this request started a render, or one is under way), but the
                // build was not seen yet: ask again soon, as a warm-up does, until the HIT says.
                this.lastProblem = undefined;
                this.purgeArrived(this.loop.clock.now(), purgedAt);
                this.leaveStale();
                this.waitMs = this.backoff(this.loop.options.warmBackoff ?? check_options/* DEFAULTS */.z.warmBackoff, this.renderAttempt++);
                return 'ask-again';
            case 'bypassed':
                // Settled like DYNAMIC: nothing the cache serves can be judged in this answer.
                this.markFresh(purgedAt);
                this.finished({
                    state: 'bypassed',
                    warm: false,
                    detail: ids ? `${verdict.reason} (${ids})` : verdict.reason
                });
                return 'ended';
        }
    }
    /** Stale (the purge not here yet, or old content): counted as stale now, asked again later. */
    judgedStale(verdict, purgedAt, ids) {
        const { loop } = this;
        this.lastProblem = undefined;
        const served = verdict.detail === undefined
            ? verdict.cacheDate
            : `${verdict.detail}; cached ${verdict.cacheDate}`;
        if (verdict.reason === 'old-content') {
            const seenAt = loop.clock.now();
            this.purgeArrived(seenAt, purgedAt);
            loop.options.content?.oldContent?.seen(this.page.url, seenAt, purgedAt);
        }
        this.staleEnding = {
            state: 'stale',
            warm: false,
            detail: ids ? `${served} (${ids})` : served,
            staleReason: verdict.reason,
            ...(verdict.staleInRunnerClockOnly && { staleInRunnerClockOnly: true }),
            ...(verdict.cachedAtMs !== undefined && { cachedAtMs: verdict.cachedAtMs }),
            ...(purgedAt !== undefined && { judgedAgainst: purgedAt }),
            ...(ids !== undefined && { edgeIds: ids })
        };
        if (this.old !== (verdict.reason === 'old-content')) {
            this.old = !this.old;
            loop.oldContentNow += this.old ? 1 : -1;
        }
        const askedAt = loop.clock.now();
        this.waitMs = this.enterStale(askedAt);
        this.staleAnsweredAt = askedAt;
        return 'ask-again-stale';
    }
    /**
     * Stale at `at` (a stale answer, or an old render read before the purge): counted in the
     * loop's staleNow, on the stale schedule's next step. Returns the wait before asking again.
     */
    enterStale(at) {
        if (!this.stale)
            this.loop.staleNow++;
        this.stale = true;
        const next = this.loop.staleDelay(at, this.staleAttempt);
        this.staleAttempt = next.nextAttempt;
        return next.delayMs;
    }
    /**
     * The deadline (or no turn before it) ends the check: as its last answer says; never asked
     * since the purge, it is counted as not started (summarize), not as a check that failed, and
     * no longer as stale now.
     */
    endAtDeadline(when = 'at the deadline') {
        if (this.requests > 0)
            this.finished(this.endingAtDeadline(when));
        else
            this.leaveStale();
    }
    /**
     * How the check ends when the deadline (or a rollback: `when` says which) comes before an
     * answer settled it.
     */
    endingAtDeadline(when) {
        if (this.rendering) {
            return {
                state: 'failed',
                warm: false,
                detail: `still rendering (EXTRACTING) ${when}: the page was never seen with the build`
            };
        }
        if (this.staleEnding !== undefined && this.lastProblem === undefined)
            return this.staleEnding;
        if (this.lastCause === 'clocks-disagree' && this.lastProblem !== undefined) {
            // Said as it is, not as a request that kept failing: every answer came, none can be trusted.
            return {
                state: 'failed',
                warm: false,
                failReason: 'clocks-disagree',
                detail: this.lastProblem
            };
        }
        return {
            state: 'failed',
            warm: false,
            detail: `still failing ${when}: ${this.lastProblem ?? 'no answer'}`
        };
    }
    /**
     * Asks again until HIT, within the warm-up window and never past the deadline; true: warm.
     * With the asset checks, the HIT's body is read for the page's assets; the window is then the
     * deadline, as the deploy is not whole until they are checked, and a check that ends without
     * one says so.
     */
    async warmUp() {
        const warm = await this.askUntilHit();
        if (!this.renderRead && this.loop.readsRenders && !this.loop.stopped) {
            this.loop.pageFresh(this, {
                unread: 'no cached render (HIT) of the new render was read before the checks ended'
            });
        }
        return warm;
    }
    async askUntilHit() {
        const { loop } = this;
        const backoff = loop.options.warmBackoff ?? check_options/* DEFAULTS */.z.warmBackoff;
        for (let attempt = 0;; attempt++) {
            const delay = this.backoff(backoff, attempt);
            const end = this.warmEnd();
            if (loop.clock.now() + delay >= end) {
                // Sleep to the end of the window only while it can still move (some check is pending).
                if (loop.allFreshAt !== undefined || loop.clock.now() >= loop.options.deadline) {
                    return false;
                }
            }
            await loop.sleep(Math.min(delay, Math.max(0, end - loop.clock.now())));
            if (loop.stopped)
                return false;
            if (loop.clock.now() >= this.warmEnd())
                return false;
            // The check was proven fresh (its content too): the warm-up only waits for the HIT of that
            // render, so its body is not read again, but for its assets.
            const asked = await loop.ask(this, false, this.wantsRender);
            if (asked === 'stopped' || asked === 'late')
                return false;
            this.requests++;
            if (asked instanceof site_client/* SiteRequestError */.bW)
                continue;
            const { verdict } = asked;
            // After the purge by the edge's clock, not by the runner's (clocks far apart): this check
            // saw the entry empty (EXTRACTING) after the purge, so the HIT that follows is that render.
            const hit = isFreshHit(verdict) || (verdict.kind === 'stale' && verdict.staleInRunnerClockOnly === true);
            if (hit) {
                this.renderWasRead(asked);
                return true;
            }
        }
    }
    /** Fresh pages' renders are read, and this one's was not read yet. */
    get wantsRender() {
        return this.loop.readsRenders && !this.renderRead;
    }
    /**
     * The next answer's body is read for the old render: renders are judged, and this is the
     * check's first request (later stale answers serve the same render), with no look before the
     * purge that told it (a page with no render cached then has none; what a HIT cached since
     * holds is the render that look started, not the one the purge replaced).
     */
    get wantsOldRender() {
        return (this.loop.judgesRenders &&
            this.requests === 0 &&
            (this.lookedBefore === undefined || this.lookedBefore === 'not-read'));
    }
    /** The render cached before the purge, when the look before it or the first answer read it. */
    get oldRender() {
        return this.oldFacts;
    }
    /** The look before the purge found no page's render cached: there was none to compare with. */
    get noneCachedBefore() {
        return this.lookedBefore === 'none-cached';
    }
    renderWasRead(judged) {
        if (!this.wantsRender)
            return;
        this.renderRead = true;
        this.loop.pageFresh(this, judged);
    }
    /** The warm-up window's end: the deadline, or a while after every check stopped waiting. */
    warmEnd() {
        const { options, allFreshAt } = this.loop;
        const window = options.warmWindowMs ?? check_options/* DEFAULTS */.z.warmWindowMs;
        return allFreshAt === undefined || this.wantsRender
            ? options.deadline
            : Math.min(options.deadline, allFreshAt + window);
    }
    /** Seen fresh (or settled): no longer stale, no longer waited for. */
    markFresh(purgedAt) {
        this.freshAt = this.loop.clock.now();
        this.purgeArrived(this.freshAt, purgedAt);
        this.leaveStale();
        this.loop.seenFresh++;
        this.loop.doneWaitingForFreshness();
    }
    /**
     * Stale, then the purge seen here (fresh, rendering, or old content): the purge reached this
     * data center, so the other stale checks are probably past it too; ask them now rather
     * than after their backoff. `purgedAt` says which purge (a re-purge arrives again).
     */
    purgeArrived(at, purgedAt) {
        if (!this.stale || (this.arrivedFor !== undefined && this.arrivedFor === purgedAt))
            return;
        this.arrivedFor = purgedAt;
        this.loop.purgeArrived(at, at - (purgedAt ?? this.loop.measureFrom));
    }
    leaveStale() {
        if (this.stale)
            this.loop.staleNow--;
        if (this.old)
            this.loop.oldContentNow--;
        this.stale = false;
        this.old = false;
    }
    /** The check ended: its line in the tally, with what the check knows itself. */
    finished(ending) {
        this.leaveStale();
        if (this.freshAt === undefined)
            this.loop.doneWaitingForFreshness();
        const { measureFrom } = this.loop;
        this.loop.tally.add({
            url: this.page.url.href,
            device: this.device.name,
            state: ending.state,
            warm: ending.warm,
            requests: this.requests,
            ...(this.freshAt !== undefined && {
                settledAfterMs: Math.max(0, this.freshAt - measureFrom)
            }),
            ...(ending.detail !== undefined && { detail: ending.detail }),
            ...(ending.httpStatus !== undefined && { httpStatus: ending.httpStatus }),
            ...(ending.staleReason !== undefined && { staleReason: ending.staleReason }),
            ...(ending.staleInRunnerClockOnly && { staleInRunnerClockOnly: true }),
            ...(ending.failReason !== undefined && { failReason: ending.failReason }),
            ...(ending.cachedAtMs !== undefined && { cachedAtMs: ending.cachedAtMs }),
            ...(ending.judgedAgainst !== undefined && { judgedAgainst: ending.judgedAgainst }),
            ...(ending.edgeIds !== undefined && { edgeIds: ending.edgeIds })
        });
    }
    /** The wait before the `attempt`-th retry on `backoff`, jittered. */
    backoff(backoff, attempt) {
        return (0,http_backoff/* backoffDelay */.E)(backoff, attempt, this.loop.random());
    }
}
/** Each page on each device, made as the workers ask for them. */
function* checksOf(pages, devices, loop) {
    for (const { page, device } of (0,verify_devices/* onEachDevice */.lx)(pages, devices)) {
        yield new PageCheck(page, device, loop);
    }
}

;// CONCATENATED MODULE: ./src/verify/pace/host-limits.ts


class AssetHostLimits {
    settings;
    hosts = new Map();
    constructor(settings) {
        this.settings = settings;
    }
    /** The limits of the host of `origin`, made on first use. */
    of(origin) {
        let limits = this.hosts.get(origin);
        if (limits === undefined) {
            const { settings } = this;
            const slots = new in_flight/* Semaphore */.j(settings.concurrency);
            const onOverload = settings.onOverload;
            limits = {
                slots,
                backpressure: new SiteBackpressure(slots, undefined, {
                    deadline: settings.deadline,
                    backoff: settings.backoff,
                    random: settings.random,
                    onOverload: onOverload && (overload => onOverload({ ...overload, host: origin }))
                })
            };
            this.hosts.set(origin, limits);
        }
        return limits;
    }
    /**
     * Waits out a host's backpressure, then for one of its slots: 'go' with the slot held,
     * 'late' when its pause lasts to the deadline (that host's assets only: the run goes on),
     * 'stopped' when the run stopped.
     */
    async turn(limits) {
        const { settings } = this;
        for (;;) {
            if (limits.backpressure.heldUntil >= settings.deadline)
                return 'late';
            while (!settings.stopped() && settings.now() < limits.backpressure.heldUntil) {
                await settings.sleep(limits.backpressure.heldUntil - settings.now());
            }
            if (settings.stopped() || !(await limits.slots.acquire()))
                return 'stopped';
            if (settings.now() >= limits.backpressure.heldUntil)
                return 'go';
            // The host was overloaded while this request waited for a slot: it waits too.
            limits.slots.release();
        }
    }
}

;// CONCATENATED MODULE: ./src/verify/check/time-distribution.ts
/**
 * Times to fresh of many checks, in constant memory: a histogram of 100 ms steps up to a minute,
 * then of whole seconds up to six hours (the longest verify_timeout_seconds), and the exact
 * slowest. The median read from it is the start of its step (at most 0.1 s below the true one
 * under a minute, which is what the summary shows). A run of 300,000 checks keeps the same
 * 88 KiB as one of ten.
 */
const FINE_STEP_MS = 100;
const FINE_UNTIL_MS = 60_000;
const COARSE_STEP_MS = 1000;
const COARSE_UNTIL_MS = 6 * 60 * 60 * 1000;
const FINE_BINS = FINE_UNTIL_MS / FINE_STEP_MS;
const BINS = FINE_BINS + (COARSE_UNTIL_MS - FINE_UNTIL_MS) / COARSE_STEP_MS + 1;
class TimeDistribution {
    bins = new Uint32Array(BINS);
    total = 0;
    slowest = 0;
    get count() {
        return this.total;
    }
    add(ms) {
        const value = Math.max(0, ms);
        const bin = binOf(value);
        this.bins[bin] = (this.bins[bin] ?? 0) + 1;
        this.total++;
        this.slowest = Math.max(this.slowest, value);
    }
    /** The slowest time added; 0 when none was. */
    get maxMs() {
        return this.slowest;
    }
    /** The lower median (the middle time of an odd count), to one step; undefined when empty. */
    medianMs() {
        if (this.total === 0)
            return undefined;
        const rank = Math.floor((this.total - 1) / 2);
        let seen = 0;
        for (let bin = 0; bin < BINS; bin++) {
            seen += this.bins[bin] ?? 0;
            if (seen > rank)
                return Math.min(this.slowest, startOf(bin));
        }
        return this.slowest;
    }
}
function binOf(ms) {
    if (ms < FINE_UNTIL_MS)
        return Math.floor(ms / FINE_STEP_MS);
    return Math.min(BINS - 1, FINE_BINS + Math.floor((ms - FINE_UNTIL_MS) / COARSE_STEP_MS));
}
function startOf(bin) {
    if (bin < FINE_BINS)
        return bin * FINE_STEP_MS;
    return FINE_UNTIL_MS + (bin - FINE_BINS) * COARSE_STEP_MS;
}

;// CONCATENATED MODULE: ./src/verify/check/tally.ts

const CHECK_STATES = [
    'fresh',
    'stale',
    'gone',
    'not-cacheable',
    'unverifiable',
    'bypassed',
    'failed'
];
/** The states whose checks are named (in the summary, the `stale` output, warnings). */
const LISTED_STATES = [
    'failed',
    'stale',
    'unverifiable',
    'bypassed',
    'gone'
];
/**
 * The states of a check that passed: listed too (the first MAX_LISTED_PER_STATE of each), for a
 * report that names every check, pass or fail (the command line's JUnit file).
 */
const PASSED_STATES = ['fresh', 'not-cacheable'];
/**
 * Checks named per listed state. The summary shows fewer; the `stale` output is cut to its byte
 * limit anyway: beyond this, a list says how many more there are.
 */
const MAX_LISTED_PER_STATE = 1000;
/**
 * Pages kept with every device's check. Pages that need acting on (failed, stale, not started)
 * are kept before the others (gone, unverifiable, bypassed), each up to its own cap.
 */
const MAX_PROBLEM_PAGES = 1000;
const MAX_OTHER_PAGES = 200;
/** States that need someone to act: the rows of these pages come first. */
const ACTION_STATES = new Set(['failed', 'stale']);
/** States that are not a problem at all: a page with only these is not kept. */
const SETTLED_STATES = new Set(['fresh', 'not-cacheable']);
function emptyCounts() {
    return {
        fresh: 0,
        stale: 0,
        gone: 0,
        'not-cacheable': 0,
        unverifiable: 0,
        bypassed: 0,
        failed: 0
    };
}
class Tally {
    devices;
    counts = emptyCounts();
    /** Of the fresh checks only. */
    timesToFresh = new TimeDistribution();
    listedByState = new Map([...LISTED_STATES, ...PASSED_STATES].map(state => [state, []]));
    warm = 0;
    notWarm = 0;
    /** Stale checks whose page showed another build (counted in `counts.stale` too). */
    oldContent = 0;
    /** Failed checks whose edge's clocks disagreed (counted in `counts.failed` too). */
    clocksDisagree = 0;
    byDevice = new Map();
    /** Pages some of whose devices are still being checked: as many as checks under way. */
    openPages = new Map();
    actionPages = [];
    otherPages = [];
    /** Pages not proven fresh on some device, in all (kept or not). */
    problemPageCount = 0;
    /** `devices`: the run's devices, in order; a page is complete once each has its check. */
    constructor(devices = []) {
        this.devices = devices;
        for (const device of devices)
            this.byDevice.set(device, { counts: emptyCounts() });
    }
    get checks() {
        return CHECK_STATES.reduce((sum, state) => sum + this.counts[state], 0);
    }
    add(result) {
        this.counts[result.state]++;
        if (result.warm)
            this.warm++;
        if (result.state === 'fresh' && !result.warm)
            this.notWarm++;
        if (result.state === 'stale' && result.staleReason === 'old-content')
            this.oldContent++;
        if (result.failReason === 'clocks-disagree')
            this.clocksDisagree++;
        // Settled is not fresh: a page gone, DYNAMIC or bypassed proves nothing about the purge.
        if (result.state === 'fresh' && result.settledAfterMs !== undefined) {
            this.timesToFresh.add(result.settledAfterMs);
        }
        const listed = this.listedByState.get(result.state);
        if (listed !== undefined && listed.length < MAX_LISTED_PER_STATE)
            listed.push(result);
        this.addToDevice(result);
        this.addToPage(result);
    }
    /** Each device's counts and times to fresh, in the run's device order. */
    deviceTallies() {
        return [...this.byDevice].map(([device, record]) => ({
            device,
            counts: { ...record.counts },
            ...(record.firstFreshMs !== undefined && { firstFreshMs: record.firstFreshMs }),
            ...(record.lastFreshMs !== undefined && { lastFreshMs: record.lastFreshMs })
        }));
    }
    /**
     * The pages not proven fresh on some device, the ones to act on first. Pages still open (a
     * device not started before the deadline) are closed here: call it once the run has ended.
     */
    pageRows() {
        for (const [url, checks] of this.openPages)
            this.closePage(url, checks);
        this.openPages.clear();
        return [...this.actionPages, ...this.otherPages];
    }
    addToDevice(result) {
        let record = this.byDevice.get(result.device);
        if (record === undefined) {
            record = { counts: emptyCounts() };
            this.byDevice.set(result.device, record);
        }
        record.counts[result.state]++;
        if (result.state !== 'fresh' || result.settledAfterMs === undefined)
            return;
        const at = result.settledAfterMs;
        record.firstFreshMs = Math.min(at, record.firstFreshMs ?? at);
        record.lastFreshMs = Math.max(at, record.lastFreshMs ?? at);
    }
    addToPage(result) {
        const checks = this.openPages.get(result.url) ?? [];
        checks.push(result);
        if (this.devices.length > 0 && checks.length >= this.devices.length) {
            this.openPages.delete(result.url);
            this.closePage(result.url, checks);
        }
        else {
            this.openPages.set(result.url, checks);
        }
    }
    closePage(url, checks) {
        const byDevice = new Map(checks.map(check => [check.device, check]));
        const devices = this.devices.length > 0 ? this.devices : [...byDevice.keys()];
        const row = { url, checks: devices.map(device => byDevice.get(device)) };
        const missing = row.checks.includes(undefined);
        const settled = !missing && checks.every(check => SETTLED_STATES.has(check.state));
        if (settled)
            return;
        this.problemPageCount++;
        if (missing || checks.some(check => ACTION_STATES.has(check.state))) {
            if (this.actionPages.length < MAX_PROBLEM_PAGES)
                this.actionPages.push(row);
        }
        else if (this.otherPages.length < MAX_OTHER_PAGES) {
            this.otherPages.push(row);
        }
    }
    /** The named checks, failed first, then stale, unverifiable, bypassed and gone, each in the order they ended. */
    listed() {
        return LISTED_STATES.flatMap(state => this.listedByState.get(state) ?? []);
    }
    /** The first checks that passed: fresh ones, then not cacheable ones, in the order they ended. */
    passed() {
        return PASSED_STATES.flatMap(state => this.listedByState.get(state) ?? []);
    }
}

;// CONCATENATED MODULE: ./src/verify/judge/status-from-counts.ts
/**
 * The verification's status from its counts: failed (a failed check, a check never reached, an
 * asset of a fresh page never checked or not proven, or a stop), stale, broken (every page
 * fresh, but an asset a fresh page references is broken: the deploy cannot render), bad-render
 * (every page fresh and whole, but a new render is not what a crawler should get), skipped
 * (nothing verifiable), else fresh. An asset the deadline left unchecked, or a fresh page whose
 * cached render was read only in part, is like a page never reached: nothing proved that the
 * deploy is whole, so the step does not end ✅.
 */
function verificationStatus(counts, checks, notReached, stopped, 
/**
 * (asset, device) checks broken at the end, and never made; fresh (page, device) checks whose
 * assets were not proven (verify/assets/).
 */
assets = { broken: 0, notChecked: 0 }, 
/** Fresh (page, device) checks whose new render has a problem (verify/render/). */
badRenders = 0) {
    // A page that is not there (404/410) proves nothing fresh: when all are, nothing is fresh.
    const verifiable = checks - counts.unverifiable - counts.bypassed - counts.gone;
    const unproven = assets.notChecked + (assets.unproven ?? 0);
    if (stopped || counts.failed > 0 || notReached > 0 || unproven > 0)
        return 'failed';
    if (counts.stale > 0)
        return 'stale';
    if (assets.broken > 0)
        return 'broken';
    if (badRenders > 0)
        return 'bad-render';
    return verifiable === 0 ? 'skipped' : 'fresh';
}

;// CONCATENATED MODULE: ./src/verify/check/run-summary.ts
/**
 * A verification's result from what its loop (polling-loop.ts) knows at the end: the status by
 * the one rule (verify/judge/status-from-counts.ts), the tally's counts and rows, the times, and
 * the assets and renders when they were checked. Pure: the loop hands it values.
 */


function summarizeRun(end) {
    const { tally, fatal } = end;
    const stopped = fatal !== undefined;
    const { assets, renders } = end;
    const { counts } = tally;
    const checks = tally.checks;
    // Not taken from the pages before the deadline, or taken but never asked; after a rollback,
    // left unasked on purpose: the build they would prove is gone.
    const notReached = stopped || end.rolledBack ? 0 : Math.max(0, end.totalChecks - checks);
    const status = end.rolledBack
        ? 'rolled-back'
        : verificationStatus(counts, checks, notReached, stopped, {
            broken: assets?.counts.broken ?? 0,
            notChecked: assets?.counts['not-checked'] ?? 0,
            unproven: assets?.unproven?.count ?? 0
        }, renders?.badRenders ?? 0);
    const times = tally.timesToFresh;
    const median = times.medianMs();
    const arrival = end.firstArrivalAfterMs;
    // Closes the pages left open (a device not started): read before the count of them.
    const pages = stopped ? [] : tally.pageRows();
    return {
        status,
        ...(stopped && { fatal }),
        counts: { ...counts },
        checks,
        notReached,
        listed: stopped ? [] : tally.listed(),
        passed: stopped ? [] : tally.passed(),
        pages,
        problemPages: stopped ? 0 : tally.problemPageCount,
        byDevice: tally.deviceTallies(),
        measuredFrom: end.measuredFrom,
        startedAt: end.startedAt,
        deadline: end.deadline,
        ...(median !== undefined && {
            timeToFresh: { count: times.count, medianMs: median, slowestMs: times.maxMs }
        }),
        ...(arrival !== undefined && { arrivalAfterMs: arrival }),
        warm: tally.warm,
        notWarm: tally.notWarm,
        oldContent: tally.oldContent,
        clocksDisagree: tally.clocksDisagree,
        skew: end.skew,
        requests: end.requests,
        durationMs: end.durationMs,
        ...(end.endedEarly !== undefined && { endedEarly: end.endedEarly }),
        ...(end.overloads.count > 0 && { overloads: end.overloads }),
        // Absent when nothing was fresh: no page gave an asset to check.
        ...(assets !== undefined &&
            (0,asset_results/* assetChecks */.ml)(assets) +
                assets.otherHosts +
                (assets.redirectedAway ?? 0) +
                (assets.unproven?.count ?? 0) >
                0 && { assets }),
        ...(renders !== undefined && { renders })
    };
}

;// CONCATENATED MODULE: ./src/verify/render/not-found.ts
/**
 * Whether a render says its page was not found, in the words error pages use, while it is
 * served as a page (a soft 404). Read conservatively, since a real page must never be taken
 * for one: a title is split where titles join their parts (`Page not found | Shop`, `404:
 * This page could not be found.`) and one part must be exactly such words; a heading must be
 * such words as a whole. "Lost and Not Found, a novel" is no soft 404.
 */
/** The words of an error page, once lower case, punctuation made spaces, and collapsed. */
const NOT_FOUND_WORDS = [
    /^(?:error )?404(?: error)?$/,
    /^(?:(?:oops|sorry|error|404) )*(?:page )?not found$/,
    /^(?:(?:this|the) )?page (?:could not|cannot|can t|couldn t) be found$/,
    /^(?:(?:this|the) )?page (?:does not|doesn t) exist$/
];
/** Where titles join their parts: a site's name, a section, a status. */
const TITLE_SEPARATORS = /[|:\u2013\u2014\u00b7\u2022]| - /;
/** Which of the render's words say not found: 'title', 'heading', or undefined. */
function notFoundWords(title, heading) {
    if (title !== undefined && title.split(TITLE_SEPARATORS).some(saysNotFound))
        return 'title';
    if (heading !== undefined && saysNotFound(heading))
        return 'heading';
    return undefined;
}
function saysNotFound(text) {
    // Bounded: titles and headings are kept at 200 characters (render-facts.ts).
    const words = text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
    return words !== '' && NOT_FOUND_WORDS.some(pattern => pattern.test(words));
}

;// CONCATENATED MODULE: ./src/verify/render/judge-render.ts
/**
 * A page's new render judged as a crawler gets it (pure): alone, for what a render fault leaves
 * (no text, an app's empty shell, a page that says not found), and against the old render, for
 * what a build newly tells crawlers (noindex, a canonical on another host, structured data that
 * no longer parses); then what changed for crawlers (title, canonical, robots, structured-data
 * types, a large drop of text), which is no problem, only worth a look.
 *
 * A clean deploy must raise no alarm: what the old render already had is not new, what the user
 * says is meant (`expected`) is never a problem, and every rule reads the page conservatively.
 *
 * `now.robots` holds the rules of the answer's `X-Robots-Tag` headers as well as the metas'
 * (render-facts.ts: withHeaderRobots), and so does `old.robots` when the old render was read.
 */



/** Visible text beside an empty mount point below which the page is the shell alone. */
const SHELL_TEXT_CHARS = 20;
/** A text drop is a change when the old render had this much text and the new one not half. */
const TEXT_DROP_FROM_CHARS = 200;
function judgeRender(input) {
    const { now, old, expected } = input;
    const problems = [
        blank(now, old),
        shell(now, old),
        soft404(now, old),
        noindex(now, old),
        canonicalOffHost(input),
        structuredDataBroken(now, old)
    ].filter((problem) => problem !== undefined && expected?.has(problem.reason) !== true);
    return { problems, changes: old === undefined ? [] : changes(now, old) };
}
/** An app that never rendered: mount points, every one empty, and next to no text beside. */
function isShell(facts) {
    const { mountPoints, emptyMountPoints } = facts.shell;
    return (mountPoints > 0 && emptyMountPoints === mountPoints && facts.visibleChars < SHELL_TEXT_CHARS);
}
/**
 * No visible text at all, and not an app's shell (its own problem): nothing for a crawler to
 * read, whatever else the page holds (a spinner, images). Like the shell, a problem whatever the
 * old render had: a fault the old render shared is a fault still; its words say whether it is new.
 */
function blank(now, old) {
    if (now.visibleChars > 0 || isShell(now))
        return undefined;
    return { reason: 'blank', detail: 'The render shows no text at all.', ...oldText(old) };
}
function shell(now, old) {
    if (!isShell(now))
        return undefined;
    const { mountPoints, noscriptChars } = now.shell;
    const beside = now.visibleChars === 0 ? 'no text' : (0,render_words/* textWords */.pB)(now.visibleChars);
    const noscript = noscriptChars > 0 ? ` (its <noscript> holds ${(0,render_words/* textWords */.pB)(noscriptChars)})` : '';
    const where = mountPoints === 1 ? 'its mount point is' : `its ${mountPoints} mount points are`;
    return {
        reason: 'shell',
        detail: `The render is an app's empty shell: ${where} empty, with ${beside} beside${noscript}.`,
        ...oldText(old)
    };
}
function oldText(old) {
    if (old === undefined)
        return {};
    if (old.visibleChars > 0 && !isShell(old)) {
        return { old: `the old render showed ${(0,render_words/* textWords */.pB)(old.visibleChars)}` };
    }
    return { old: `the old render was ${isShell(old) ? "an app's empty shell" : 'blank'} too` };
}
/**
 * A page served as a page that says it was not found. A problem whatever the old render said:
 * crawlers get a page that says not found either way, and only `expected` makes it meant; the
 * old render's words are shown, so that one that said so before reads as not new.
 */
function soft404(now, old) {
    const detail = notFoundDetail(now);
    if (detail === undefined)
        return undefined;
    if (old === undefined)
        return { reason: 'soft-404', detail };
    const oldWords = notFoundDetail(old) !== undefined
        ? 'the old render said not found too'
        : old.title !== undefined
            ? `the old render's title was ${(0,render_words/* quoted */.TL)(old.title, render_words/* MAX_QUOTED_IN_SENTENCE */.q_)}`
            : 'the old render did not say not found';
    return { reason: 'soft-404', detail, old: oldWords };
}
function notFoundDetail(facts) {
    const status = facts.statusMeta;
    if (status !== undefined && status >= 400 && status <= 599) {
        return `The render asks for status ${status} (<meta name="prerender-status-code">) but is served as a page.`;
    }
    switch (notFoundWords(facts.title, facts.heading)) {
        case 'title':
            return `The render's title says the page was not found: ${(0,render_words/* quoted */.TL)(facts.title, render_words/* MAX_QUOTED_IN_SENTENCE */.q_)}.`;
        case 'heading':
            return `The render's first heading says the page was not found: ${(0,render_words/* quoted */.TL)(facts.heading, render_words/* MAX_QUOTED_IN_SENTENCE */.q_)}.`;
        default:
            return undefined;
    }
}
/** The crawlers told not to index the page (`noindex`, or `none`), with where it was said. */
function noindexAgents(facts) {
    const agents = new Map();
    for (const rule of facts.robots) {
        const directive = rule.directives.find(word => word === 'noindex' || word === 'none');
        if (directive === undefined || agents.has(rule.agent))
            continue;
        const where = rule.source === 'header'
            ? 'the X-Robots-Tag header'
            : `<meta name="${rule.agent === '*' ? 'robots' : rule.agent}">`;
        agents.set(rule.agent, `${directive} in ${where}`);
    }
    return agents;
}
/**
 * Crawlers the new render tells not to index the page that the old render did not (for them,
 * or for every crawler). Without the old render, every noindex is reported: what is new cannot
 * be told from what was there.
 */
function noindex(now, old) {
    const before = old === undefined ? new Map() : noindexAgents(old);
    const added = [...noindexAgents(now)].filter(([agent]) => !before.has(agent) && !before.has('*'));
    if (added.length === 0)
        return undefined;
    const who = (0,format/* andList */.cM)(added.slice(0, 3).map(([agent]) => (0,render_words/* agentWords */.Vp)(agent)));
    const more = added.length > 3 ? ` and ${(0,format/* plural */.LS)(added.length - 3, 'other crawler')}` : '';
    const [, where] = added[0] ?? [];
    return {
        reason: 'noindex',
        detail: (0,render_words/* cut */.Jj)(`The render tells ${who}${more} not to index the page (${where}).`),
        ...(old !== undefined && { old: `the old render's robots rules: ${(0,render_words/* robotsWords */.bz)(old)}` })
    };
}
/** A host as the site is known by: lower case, without a leading `www.`. */
function siteHost(hostname) {
    const host = hostname.toLowerCase();
    return host.startsWith('www.') ? host.slice(4) : host;
}
function hostOf(url) {
    if (url === undefined || !URL.canParse(url))
        return undefined;
    return siteHost(new URL(url).hostname);
}
/**
 * A canonical URL on another host than the site's (or the page's): search engines would index
 * that host's page instead. The scheme, the port and a leading `www.` do not make another host
 * (a site moving to https, or between www and bare, points its canonical at itself). Not new
 * when the old render's canonical was on that same host already; without the old render, a
 * problem.
 */
function canonicalOffHost(input) {
    const { now, old } = input;
    const host = hostOf(now.canonical);
    if (host === undefined || now.canonical === undefined)
        return undefined;
    const onSite = [hostOf(input.siteOrigin), siteHost(input.pageUrl.hostname)];
    if (onSite.includes(host))
        return undefined;
    if (old !== undefined && hostOf(old.canonical) === host)
        return undefined;
    return {
        reason: 'canonical-off-host',
        detail: `The render's canonical URL is on another host: ${(0,render_words/* cut */.Jj)(now.canonical, 150)}.`,
        ...(old !== undefined && {
            old: old.canonical === undefined
                ? 'the old render had no canonical URL'
                : `the old render's canonical URL was ${(0,render_words/* cut */.Jj)(old.canonical, 150)}`
        })
    };
}
/**
 * JSON-LD that does not parse, where the old render's all did (or it had none): a build that
 * broke its structured data. Old blocks broken too: not new. Without the old render, any broken
 * block is reported. A block too long to read, or cut off, is not judged (structured-data.ts).
 */
function structuredDataBroken(now, old) {
    const { blocks, broken } = now.structuredData;
    if (broken === 0 || (old !== undefined && old.structuredData.broken > 0))
        return undefined;
    const detail = blocks === 1
        ? "The render's JSON-LD block does not parse."
        : `${broken} of the render's ${blocks} JSON-LD blocks do not parse.`;
    if (old === undefined)
        return { reason: 'structured-data-broken', detail };
    const oldBlocks = old.structuredData.blocks;
    return {
        reason: 'structured-data-broken',
        detail,
        old: oldBlocks === 0
            ? 'the old render had no JSON-LD'
            : `the old render's ${(0,format/* plural */.LS)(oldBlocks, 'JSON-LD block')} parsed`
    };
}
/** What changed for crawlers: each field whose words differ. */
function changes(now, old) {
    const found = [];
    const add = (field, before, after) => {
        if (before !== after)
            found.push({ field, old: before, new: after });
    };
    add('title', (0,render_words/* quoted */.TL)(old.title), (0,render_words/* quoted */.TL)(now.title));
    add('canonical', urlWords(old.canonical), urlWords(now.canonical));
    add('robots', (0,render_words/* robotsWords */.bz)(old), (0,render_words/* robotsWords */.bz)(now));
    // Types are compared only when every block of both was read: a block not judged has no types.
    if (old.structuredData.unjudged === 0 && now.structuredData.unjudged === 0) {
        add('structured-data', typesWords(old), typesWords(now));
    }
    // A large drop of text: a page that lost most of what it said (an empty list, a failed part).
    if (old.visibleChars >= TEXT_DROP_FROM_CHARS && now.visibleChars * 2 < old.visibleChars) {
        add('text', (0,render_words/* textWords */.pB)(old.visibleChars), (0,render_words/* textWords */.pB)(now.visibleChars));
    }
    return found;
}
function urlWords(url) {
    return url === undefined ? '(none)' : (0,render_words/* cut */.Jj)(url);
}
function typesWords(facts) {
    const { types } = facts.structuredData;
    return types.length === 0 ? '(none)' : (0,render_words/* cut */.Jj)(types.join(', '));
}

// EXTERNAL MODULE: ./src/verify/render/render-expected.ts
var render_expected = __webpack_require__(3405);
// EXTERNAL MODULE: ./src/verify/render/render-results.ts
var render_results = __webpack_require__(4387);
;// CONCATENATED MODULE: ./src/verify/render/render-checks.ts






/** How long a page asked again for its new render waits between asks: a render takes seconds. */
const ASK_AGAIN_MS = [1000, 2000, 4000, 8000];
class RenderChecks {
    loop;
    options;
    devices;
    judged = 0;
    notJudged = 0;
    comparedWithOld = 0;
    noneCachedBefore = 0;
    badRenders = 0;
    problems = 0;
    changed = 0;
    rerenderedWhole = 0;
    listed = [];
    rerenderedRows = [];
    /** The change rows by page and what changed, so that devices with the same change share one. */
    changeRows = new Map();
    rerenders;
    /** The renders being made again: the checks wait for them before they end. */
    underway = [];
    /** `devices`: the devices' names in the order the input gave them, the order rows list them. */
    constructor(loop, options, devices) {
        this.loop = loop;
        this.options = options;
        this.devices = devices;
        this.rerenders =
            options.rerender && new repair_queue/* RepairQueue */.rW(options.rerender, loop.clock, render_results/* MAX_RERENDERS */.WW);
    }
    /** Judges one new render; a render fault is rendered again first, when this job can purge. */
    judge(read) {
        this.judged++;
        if (read.old !== undefined)
            this.comparedWithOld++;
        else if (read.noneCachedBefore)
            this.noneCachedBefore++;
        const judgement = this.judgementOf(read, read.now);
        if (judgement.changes.length > 0) {
            this.changed++;
            this.keepChanges(read.url.href, read.device, judgement.changes);
        }
        if (!judgement.problems.some(problem => render_results/* RERENDER_REASONS */.Ae.has(problem.reason))) {
            this.record(read, judgement.problems);
            return;
        }
        if (this.rerenders === undefined) {
            this.record(read, judgement.problems, 'no-purge');
            return;
        }
        const path = repairPath(read.url);
        if ('refused' in path) {
            this.record(read, judgement.problems, { failed: `its URL cannot be purged: ${path.refused}` });
            return;
        }
        const purge = this.rerenders.purge(path.path);
        if (purge === undefined) {
            this.record(read, judgement.problems, 'cap');
            return;
        }
        this.underway.push(this.renderAgain(read, judgement, path.path, purge));
    }
    /**
     * A fresh page's render that could not be judged: read only in part, not HTML, or no HIT of
     * it read before the checks ended.
     */
    notRead() {
        this.notJudged++;
    }
    /** Waits for the renders being made again; then what was judged (undefined: none read). */
    async finish() {
        await Promise.all(this.underway);
        if (this.judged + this.notJudged === 0)
            return undefined;
        return {
            judged: this.judged,
            notJudged: this.notJudged,
            comparedWithOld: this.comparedWithOld,
            noneCachedBefore: this.noneCachedBefore,
            ...(this.options.before && { before: this.options.before.counts }),
            badRenders: this.badRenders,
            problems: this.problems,
            listed: [...this.listed],
            rerendered: this.rerenderedWhole,
            rerenderedRows: [...this.rerenderedRows],
            changed: this.changed,
            changes: [...this.changeRows.values()].map(({ row, devices }) => ({
                ...row,
                // In the input's order, whichever device's check ended first.
                devices: [...devices].sort((a, b) => this.devices.indexOf(a) - this.devices.indexOf(b))
            }))
        };
    }
    judgementOf(read, now) {
        const { url, old } = read;
        return judgeRender({
            pageUrl: url,
            siteOrigin: this.options.siteOrigin,
            now,
            ...(old !== undefined && { old }),
            expected: (0,render_expected/* expectedAt */.I)(this.options.expected, `${url.pathname}${url.search}`)
        });
    }
    /**
     * After the purge that renders the page again: asks the page on the read's device until a
     * render made after that purge is read, and judges it (against the same old render).
     */
    async renderAgain(read, first, path, purge) {
        const { loop } = this;
        // Waited for until the deadline at most, as an asset's repair.
        let answer = await (0,repair_queue/* answerBy */.WL)(purge, loop.clock, loop.deadline);
        // Shared by the devices: a render that started before it arrived, cached after it was
        // accepted, is not what it dropped. That device's render gets a purge of its own.
        if (answer !== undefined &&
            answer.error === undefined &&
            loop.renderedAfter(read.answer, answer.answeredAt)) {
            const again = this.rerenders?.again(path, purge);
            if (again === undefined) {
                this.record(read, first.problems, 'cap');
                return;
            }
            answer = await (0,repair_queue/* answerBy */.WL)(again, loop.clock, loop.deadline);
        }
        if (answer === undefined) {
            this.record(read, first.problems, { failed: repair_queue/* NOT_ANSWERED_BY_DEADLINE */.Rq });
            return;
        }
        if (answer.error !== undefined) {
            this.record(read, first.problems, { failed: answer.error });
            return;
        }
        const replaced = parseEdgeDate(read.answer.edge?.cacheDate)?.ms;
        // The render made after the purge: the HIT after an EXTRACTING seen since, or one the edge's
        // dates place after the purge with another cache date than the render it replaces (a date
        // of one second's resolution can place the old render in the purge's second).
        let started = false;
        for (let attempt = 0;; attempt++) {
            const asked = await this.loop.askRender(read.url, read.userAgent, answer.answeredAt);
            if (asked === 'stopped')
                return;
            if (asked === 'late')
                break;
            if (asked === 'rendering')
                started = true;
            if (typeof asked === 'object') {
                const renderedAgain = started || (asked.after === true && parseEdgeDate(asked.cacheDate)?.ms !== replaced);
                if (renderedAgain && asked.cut !== undefined)
                    break;
                if (renderedAgain && asked.facts !== undefined) {
                    this.judgedAgain(read, first, this.judgementOf(read, asked.facts));
                    return;
                }
            }
            if (this.loop.clock.now() >= this.loop.deadline)
                break;
            await this.loop.sleep(ASK_AGAIN_MS[Math.min(attempt, ASK_AGAIN_MS.length - 1)] ?? 1000);
            if (this.loop.stopped)
                return;
        }
        this.record(read, first.problems, 'unread');
    }
    /** The render made again: whole of its fault (rendered again), or still at fault. */
    judgedAgain(read, first, again) {
        const faults = again.problems.filter(problem => render_results/* RERENDER_REASONS */.Ae.has(problem.reason));
        if (faults.length === 0) {
            this.rerenderedWhole++;
            const was = first.problems.find(problem => render_results/* RERENDER_REASONS */.Ae.has(problem.reason));
            if (was !== undefined && this.rerenderedRows.length < render_results/* MAX_LISTED_RENDERS */.Pl) {
                this.rerenderedRows.push({
                    url: read.url.href,
                    device: read.device,
                    reason: was.reason,
                    detail: was.detail
                });
            }
        }
        this.record(read, again.problems, 'still');
    }
    /** A render's problems, final: counted, and the first ones listed with what was done. */
    record(read, problems, rerender) {
        if (problems.length === 0)
            return;
        this.badRenders++;
        for (const problem of problems) {
            this.problems++;
            if (this.listed.length >= render_results/* MAX_LISTED_RENDERS */.Pl)
                continue;
            const fault = render_results/* RERENDER_REASONS */.Ae.has(problem.reason);
            this.listed.push({
                url: read.url.href,
                device: read.device,
                reason: problem.reason,
                detail: problem.detail,
                ...(problem.old !== undefined && { old: problem.old }),
                ...(fault && rerender !== undefined && { rerender })
            });
        }
    }
    keepChanges(url, device, changes) {
        const key = `${url}\n${JSON.stringify(changes)}`;
        const kept = this.changeRows.get(key);
        if (kept !== undefined) {
            kept.devices.push(device);
            return;
        }
        if (this.changeRows.size >= render_results/* MAX_LISTED_RENDERS */.Pl)
            return;
        this.changeRows.set(key, { row: { url, devices: [], changes }, devices: [device] });
    }
}

;// CONCATENATED MODULE: ./src/verify/check/polling-loop.ts

















/** One verification: verifyPages() (verify-pages.ts) makes one and runs it. */
class VerifyRun {
    options;
    clock;
    random;
    slots;
    rate;
    backpressure;
    /** Each host of `asset_hosts`, its own requests in flight and backpressure. */
    hostLimits;
    sleeps;
    watch;
    tally;
    /** The assets of the fresh pages (verify/assets/asset-checks.ts), when they are checked. */
    assets;
    /** The new renders of the fresh pages (verify/render/render-checks.ts), when they are judged. */
    renders;
    source;
    totalChecks;
    measureFrom;
    skew = edge_clock_skew/* UNMEASURED_SKEW */.FY;
    /**
     * The brand prefix of the edge's headers, once an answer showed it: proof that the site is
     * behind the cache, and what vouches for a `-Bypass` answered without a status.
     */
    prefixSeen;
    fatal;
    halted = false;
    /** No request can leave before the deadline any more (the rate's next turn, or an overload). */
    outOfTurns = false;
    endedEarly;
    requests = 0;
    // Kept up to date by the checks (one-check.ts): the progress reports them, the probe and the
    // warm-up window go by them.
    seenFresh = 0;
    staleNow = 0;
    oldContentNow = 0;
    lastStaleAskAt;
    pendingFreshness;
    allFreshSince;
    constructor(pages, options) {
        this.options = options;
        this.clock = options.clock;
        this.random = options.random ?? Math.random;
        this.slots = new in_flight/* Semaphore */.j(options.concurrency ?? check_options/* DEFAULTS */.z.concurrency);
        this.rate =
            options.ratePerSecond === undefined
                ? undefined
                : new RateGate(new RateLimiter(options.ratePerSecond), this.clock, options.deadline);
        this.backpressure = new SiteBackpressure(this.slots, this.rate, {
            deadline: options.deadline,
            backoff: options.staleBackoff ?? STALE_BACKOFF,
            random: this.random,
            onOverload: options.onOverload
        });
        this.sleeps = new WakeableSleeps(this.clock);
        this.hostLimits = new AssetHostLimits({
            concurrency: options.concurrency ?? check_options/* DEFAULTS */.z.concurrency,
            deadline: options.deadline,
            backoff: options.staleBackoff ?? STALE_BACKOFF,
            random: this.random,
            onOverload: options.onOverload,
            now: () => this.clock.now(),
            sleep: ms => this.sleeps.sleep(ms),
            stopped: () => this.stopped
        });
        // A rollback ends the checks at once: this run's build is no longer what the site serves.
        options.content?.rolledBack?.addEventListener('abort', () => this.halt(), { once: true });
        this.watch = new PropagationWatch(options.staleBackoff);
        this.source = checksOf(pages, options.devices, this);
        this.tally = new Tally(options.devices.map(device => device.name));
        this.totalChecks = options.pageCount * options.devices.length;
        this.pendingFreshness = this.totalChecks;
        this.measureFrom = options.lastAcceptedAt ?? this.clock.now();
        this.lastStaleAskAt = this.clock.now();
        this.assets =
            options.assets === undefined
                ? undefined
                : new AssetChecks(this, {
                    siteOrigin: options.assets.scope.siteOrigin,
                    hosts: options.assets.scope.hosts,
                    ...(options.assets.repair && { repair: options.assets.repair }),
                    measureFrom: this.measureFrom,
                    // Beside the pages' checks, within the same limits: enough workers to fill the
                    // requests in flight, no more.
                    workers: options.concurrency ?? check_options/* DEFAULTS */.z.concurrency,
                    backoff: options.staleBackoff ?? STALE_BACKOFF
                });
        this.renders =
            options.renders === undefined
                ? undefined
                : new RenderChecks(this, options.renders, options.devices.map(device => device.name));
    }
    get deadline() {
        return this.options.deadline;
    }
    get stopped() {
        return this.halted;
    }
    get sitePrefix() {
        return this.prefixSeen;
    }
    get allFreshAt() {
        return this.allFreshSince;
    }
    async run() {
        const started = this.clock.now();
        const background = new AbortController();
        const watchers = Promise.all([
            this.reportProgress(started, background.signal),
            this.probe(background.signal)
        ]);
        const workers = Math.max(1, Math.min((0,check_options/* checksUnderWay */.N)(this.options), this.totalChecks));
        await Promise.all(Array.from({ length: workers }, () => this.worker()));
        const rolledBack = this.options.content?.rolledBack?.aborted === true;
        // A run that stopped (the site is not behind the cache, a rollback) judged nothing worth
        // waiting for.
        const [assets, renders] = this.fatal === undefined && !rolledBack
            ? await Promise.all([this.assets?.finish(), this.renders?.finish()])
            : [undefined, undefined];
        background.abort();
        await watchers;
        return summarizeRun({
            tally: this.tally,
            fatal: this.fatal,
            rolledBack,
            totalChecks: this.totalChecks,
            firstArrivalAfterMs: this.watch.firstArrivalAfterMs,
            measuredFrom: this.measureFrom,
            startedAt: started,
            deadline: this.options.deadline,
            skew: this.skew,
            requests: this.requests,
            durationMs: this.clock.now() - started,
            endedEarly: this.endedEarly,
            overloads: { count: this.backpressure.count, heldBackMs: this.backpressure.heldBackMs },
            assets,
            renders
        });
    }
    /** One of `window` workers: takes the next check when the last one ended, until none is left. */
    async worker() {
        while (!this.stopped && !this.outOfTurns && this.clock.now() < this.options.deadline) {
            const next = this.source.next();
            if (next.done === true)
                return;
            await next.value.run();
        }
    }
    async reportProgress(started, done) {
        const every = this.options.progressEveryMs ?? check_options/* DEFAULTS */.z.progressEveryMs;
        let last = { at: started, requests: 0, done: 0 };
        for (;;) {
            await this.clock.sleep(every, done);
            if (done.aborted)
                return;
            const now = this.clock.now();
            const seconds = Math.max(0.001, (now - last.at) / 1000);
            const ended = this.tally.checks;
            const pace = (ended - last.done) / seconds;
            this.options.onProgress?.({
                checks: this.totalChecks,
                done: ended,
                fresh: this.seenFresh,
                staleNow: this.staleNow,
                oldContentNow: this.oldContentNow,
                requests: this.requests,
                requestsPerSecond: (this.requests - last.requests) / seconds,
                elapsedMs: now - started,
                ...(pace > 0 && { etaMs: ((this.totalChecks - ended) / pace) * 1000 })
            });
            last = { at: now, requests: this.requests, done: ended };
        }
    }
    /**
     * The probe (verify/pace/poll-schedule.ts, rule 1): whenever no stale check was asked for
     * PROBE_EVERY_MS, the one that has waited longest is asked.
     */
    async probe(done) {
        for (;;) {
            const due = this.lastStaleAskAt + PROBE_EVERY_MS - this.clock.now();
            await this.clock.sleep(due > 0 ? due : PROBE_EVERY_MS, done);
            if (done.aborted)
                return;
            if (this.clock.now() - this.lastStaleAskAt >= PROBE_EVERY_MS &&
                this.sleeps.wakeLongestStale()) {
                // Counted as asked now, so that the next probe waits its full interval.
                this.lastStaleAskAt = this.clock.now();
            }
        }
    }
    /** A check's request: its answer judged against its page's purge (one-check.ts). */
    async ask(check, proveContent, readRender = false) {
        const content = proveContent ? this.options.content : undefined;
        const purgedAt = this.options.content?.oldContent?.repurgedAt(check.page.url) ?? check.page.purgeAcceptedAt;
        const { url } = check.page;
        const builds = content && (content.accepted?.() ?? [content.build]);
        return this.pageRequest({ url, userAgent: check.device.userAgent, ...(builds && { builds }) }, sentAt => !this.readsRenders || !(proveContent || readRender)
            ? undefined
            : {
                ...(this.options.assets && { references: this.options.assets.scope }),
                ...(this.renders && { facts: true }),
                // The new render is the one the cache keeps, the HIT that proves the page fresh
                // (what an EXTRACTING answer carries is not documented to be what gets cached); in
                // a warm-up, the HIT of the render the check saw start. The old render is the HIT
                // cached before the purge that a check's first answer may still serve.
                wanted: page => {
                    if (!proveContent)
                        return this.newIfKept(page);
                    const verdict = judge({ ...page, sentAt, receivedAt: this.clock.now() }, purgedAt, this.skew, false, this.prefixSeen);
                    if (isFreshHit(verdict))
                        return 'new';
                    return check.wantsOldRender && isOldRender(verdict) ? 'old' : undefined;
                }
            }, (answer, head) => {
            // Decided before the slot is released, so that no further request leaves once the
            // site has shown it does not answer through the cache.
            const verdict = judge(answer, purgedAt, this.skew, content !== undefined, this.prefixSeen);
            // From now on this edge's Date cannot place its cache dates
            // (verify/judge/edge-clock-skew.ts, datesUntrusted).
            if (verdict.kind === 'retry' && verdict.cause === 'clocks-disagree') {
                this.skew = (0,edge_clock_skew/* noteDatesDisagree */.YK)(this.skew);
            }
            if (verdict.kind === 'no-status-header' && this.prefixSeen === undefined) {
                this.stop(`${this.options.siteLabel} answered ${url.href} with HTTP ${answer.status} and no *-Kc-Status header: the site does not answer through the rendering cache (was the address of the origin server given instead of the public site?). Nothing can be verified.`);
            }
            return {
                answer,
                verdict,
                purgedAt,
                ...(head.references && { references: head.references }),
                ...(head.bodyCut !== undefined && { bodyCut: head.bodyCut }),
                ...(head.facts && { facts: head.facts })
            };
        });
    }
    /**
     * One page request through the limits (a turn: the overload's hold, a slot, the rate), its
     * answer learned from and told to the backpressure; `read` makes of it what the caller wants
     * while the slot is held, so that a stop it decides holds every later request. 'late': no
     * request can leave before the deadline (the workers take no new check); an error: no answer.
     */
    async pageRequest(page, body, read) {
        const turn = await this.takeTurn();
        if (turn === 'late')
            this.noTurnsLeft();
        if (turn !== 'go')
            return turn;
        try {
            const sentAt = this.clock.now();
            if (sentAt >= this.options.deadline)
                return 'late';
            this.requests++;
            const head = await this.options.getPage(page.url, page.userAgent, this.timeoutFrom(sentAt), page.builds, body(sentAt));
            const answer = { ...head, sentAt, receivedAt: this.clock.now() };
            this.learnFrom(answer);
            // Before the slot is released, so that no other request leaves once the site is overloaded.
            this.backpressure.noteAnswer(answer, this.clock.now(), this.skew);
            return read(answer, head);
        }
        catch (error) {
            if (error instanceof site_client/* SiteRequestError */.bW)
                return error;
            throw error;
        }
        finally {
            this.slots.release();
        }
    }
    /** A body is read for the new render when its answer is a HIT the cache keeps. */
    newIfKept = (page) => (0,edge_headers/* fromKeptEntry */.BN)((0,edge_headers/* readEdgeHeaders */._5)(page.headers, this.prefixSeen)) ? 'new' : undefined;
    /**
     * One asset request through the same limits as the pages' (AssetLoop, asset-checks.ts): the
     * job's requests in flight and rate. An asset on the site shares the site's backpressure; one
     * on a host of `asset_hosts` has its host's own, so that a 429 from it slows that host only.
     */
    async askAsset(url, userAgent, origin) {
        const getAsset = this.options.assets?.getAsset;
        if (getAsset === undefined)
            return 'stopped';
        const host = url.origin === this.options.assets?.scope.siteOrigin ? undefined : url.origin;
        const hostLimits = host === undefined ? undefined : this.hostLimits.of(host);
        if (hostLimits !== undefined) {
            const turn = await this.hostLimits.turn(hostLimits);
            if (turn !== 'go')
                return turn;
        }
        try {
            const turn = await this.takeTurn();
            if (turn !== 'go')
                return turn;
            try {
                const sentAt = this.clock.now();
                if (sentAt >= this.options.deadline)
                    return 'late';
                const head = await getAsset(url, userAgent, this.timeoutFrom(sentAt), origin);
                const backpressure = hostLimits?.backpressure ?? this.backpressure;
                backpressure.noteAnswer({ ...head, sentAt, receivedAt: this.clock.now() }, this.clock.now(), this.skew);
                return head;
            }
            catch (error) {
                if (error instanceof site_client/* SiteRequestError */.bW)
                    return error;
                throw error;
            }
            finally {
                this.slots.release();
            }
        }
        finally {
            hostLimits?.slots.release();
        }
    }
    /**
     * A page asked again after the purge that renders it again (RenderLoop, render-checks.ts),
     * through the pages' limits and backpressure: a HIT is read for its facts and told with its
     * cache date and whether the edge's dates place it after `acceptedAt`; EXTRACTING says a
     * render started; any other answer asks again.
     */
    async askRender(url, userAgent, acceptedAt) {
        const asked = await this.pageRequest({ url, userAgent }, () => ({ facts: true, wanted: this.newIfKept }), (_answer, head) => {
            const edge = (0,edge_headers/* readEdgeHeaders */._5)(head.headers, this.prefixSeen);
            if (edge?.status === 'EXTRACTING')
                return 'rendering';
            if (!(0,edge_headers/* fromKeptEntry */.BN)(edge) || edge.cacheDate === undefined)
                return 'again';
            return {
                ...(head.facts && { facts: head.facts }),
                ...(head.bodyCut !== undefined && { cut: head.bodyCut }),
                cacheDate: edge.cacheDate,
                after: this.renderedAfter({ edge, headers: head.headers }, acceptedAt)
            };
        });
        return asked instanceof site_client/* SiteRequestError */.bW ? 'again' : asked;
    }
    /** verify/judge/verdict.ts's rule, with this run's clock skew. */
    renderedAfter({ edge, headers }, acceptedAt) {
        return renderedAfter(edge, headers, acceptedAt, this.skew);
    }
    get readsRenders() {
        return this.assets !== undefined || this.renders !== undefined;
    }
    get judgesRenders() {
        return this.renders !== undefined;
    }
    pageFresh(check, read) {
        if ('unread' in read) {
            this.assets?.pageFresh(check.page.url.href, check.device, read);
            this.renders?.notRead();
            return;
        }
        this.judgeRender(check, read);
        if (this.assets === undefined || read.references === undefined) {
            // A HIT read for its assets is HTML read whole or in part: no references at all means a
            // body that was not HTML, or not 2xx, which renders no asset.
            return;
        }
        this.assets.pageFresh(check.page.url.href, check.device, {
            references: read.references,
            ...(read.bodyCut !== undefined && { cut: read.bodyCut })
        });
    }
    /**
     * A render read whole is judged; one read in part is not (what came after the cut is not
     * known), and neither is a body that was no HTML (no facts were read of it).
     */
    judgeRender(check, read) {
        if (this.renders === undefined)
            return;
        if (read.facts === undefined || read.bodyCut !== undefined) {
            this.renders.notRead();
            return;
        }
        const old = check.oldRender;
        const { headers } = read.answer;
        this.renders.judge({
            url: check.page.url,
            device: check.device.name,
            userAgent: check.device.userAgent,
            answer: { edge: (0,edge_headers/* readEdgeHeaders */._5)(headers, this.prefixSeen), headers },
            now: read.facts,
            ...(old !== undefined && { old }),
            ...(old === undefined && check.noneCachedBefore && { noneCachedBefore: true })
        });
    }
    /**
     * A request's timeout when it leaves at `sentAt`: timeout_seconds, cut to a second past the
     * deadline (at least a second), so that no request holds a slot long after it.
     */
    timeoutFrom(sentAt) {
        return Math.min(this.options.requestTimeoutMs, Math.max(1000, this.options.deadline - sentAt + 1000));
    }
    /**
     * Waits out any overload's hold, then for a slot, then for the rate: 'go' when a request may
     * leave now (the slot is held), 'stopped' when the run stopped meanwhile, 'late' when no
     * request can leave before the deadline (a hold that lasts to it, or the rate's next turn after
     * it); no slot is held then. No wait goes past the deadline: a hold is cut at it, a turn after
     * it refused, and a slot is held at most a request's timeout, itself cut at it.
     */
    async takeTurn() {
        const { deadline } = this.options;
        for (;;) {
            if (this.outOfTurns || this.backpressure.heldUntil >= deadline)
                return 'late';
            while (!this.stopped && !this.outOfTurns && this.clock.now() < this.backpressure.heldUntil) {
                await this.sleeps.sleep(this.backpressure.heldUntil - this.clock.now());
            }
            if (this.outOfTurns)
                return 'late';
            if (this.stopped || !(await this.slots.acquire()))
                return 'stopped';
            if (this.outOfTurns) {
                this.slots.release();
                return 'late';
            }
            const turn = this.rate === undefined ? 'pass' : await this.rate.pass();
            if (turn !== 'pass' || this.stopped) {
                this.slots.release();
                return turn === 'late' && !this.stopped ? 'late' : 'stopped';
            }
            if (this.clock.now() >= this.backpressure.heldUntil)
                return 'go';
            // An overload came while this request waited for its turn: it waits too.
            this.slots.release();
        }
    }
    /**
     * No request can leave before the deadline: the workers take no new check (those left are
     * counted as not started), and every sleeping check wakes to end as at the deadline, so that
     * the run ends now rather than when the last of them would have woken.
     */
    noTurnsLeft() {
        if (this.outOfTurns)
            return;
        this.outOfTurns = true;
        this.endedEarly = {
            at: this.clock.now(),
            cause: this.backpressure.heldUntil >= this.options.deadline ? 'push-back' : 'rate'
        };
        this.sleeps.stop();
    }
    /**
     * Every answer narrows the clock skew; the first one with the edge's brand headers (a status,
     * or a bypass they vouch for) proves the site is behind the cache, and names its prefix.
     */
    learnFrom(answer) {
        this.skew = observeAnswerSkew(this.skew, answer);
        // Read until known, then never again: the hot path pays for it once.
        this.prefixSeen ??= (0,edge_headers/* readEdgeHeaders */._5)(answer.headers)?.prefix;
    }
    // The rest of CheckLoop (one-check.ts says what each member is for).
    doneWaitingForFreshness() {
        this.pendingFreshness--;
        if (this.pendingFreshness === 0)
            this.allFreshSince = this.clock.now();
    }
    edgeNow() {
        return this.clock.now() + (0,edge_clock_skew/* skewMs */.jk)(this.skew);
    }
    staleDelay(now, attempt) {
        return this.watch.staleDelay(now, attempt, this.random);
    }
    purgeArrived(at, afterMs) {
        this.watch.arrived(at, afterMs);
        // Poll-schedule rule 2: on an arrival, every stale check is asked at once.
        this.sleeps.wakeStale();
    }
    async sleep(ms) {
        await this.sleeps.sleep(this.untilDeadline(ms));
    }
    /** `ms`, cut so that a wait never passes the deadline. */
    untilDeadline(ms) {
        return Math.min(ms, Math.max(0, this.options.deadline - this.clock.now()));
    }
    async sleepStale(ms, lastAttemptAt) {
        const woken = await this.sleeps.sleep(this.untilDeadline(ms), 'stale');
        // Woken early: still leave a short gap after this check's last request, so a burst of
        // wake-ups cannot turn into a burst of requests for one page.
        const gap = lastAttemptAt + check_options/* DEFAULTS */.z.minWakeGapMs - this.clock.now();
        if (woken && !this.stopped && gap > 0)
            await this.sleep(gap);
    }
    stop(reason) {
        if (this.fatal !== undefined)
            return;
        this.fatal = reason;
        this.halt();
    }
    /** No request leaves from now on, and every check ends as it stands. */
    halt() {
        this.halted = true;
        this.slots.close();
        this.rate?.close();
        this.sleeps.stop();
    }
}

;// CONCATENATED MODULE: ./src/verify/check/verify-pages.ts




/** Checks each page on each device at the edge; resolves when all are settled or the deadline passed. */
async function verifyPages(pages, options) {
    return new VerifyRun(pages, options).run();
}

;// CONCATENATED MODULE: ./src/verify/index.ts











/** The verification's warnings in words, for the step that logs them. */

/** The runner's time fresh is judged against (the last acceptance); undefined: warm only. */
function lastAcceptedAtOf(against) {
    if (against.kind === 'purges')
        return against.lastAcceptedAt;
    return against.kind === 'purged-at' ? against.at : undefined;
}
function targetKey(target) {
    return `${target.kind}\n${target.item}`;
}
async function runVerification(input) {
    const { settings, siteUrl, log, against } = input;
    const clock = input.clock ?? time_clock/* systemClock */.m;
    const lastAcceptedAt = lastAcceptedAtOf(against);
    const deadline = (against.kind === 'purges' ? against.lastAcceptedAt : clock.now()) + settings.timeoutMs;
    const transport = input.transport ?? (0,site_client/* createSiteClient */.nJ)(check_options/* DEFAULTS */.z.concurrency);
    try {
        const { selection, sitemap } = input.chosen;
        const { shard } = selection;
        const part = shard ? `this job's part (shard ${shard.index}/${shard.count}): ` : '';
        if (shard) {
            log.info(`Shard ${shard.index}/${shard.count}: ${selection.inShard} of the ${selection.selectedCount} selected pages are this job's part.`);
        }
        if (selection.leftOut > 0) {
            log.notice(`verify_limit is ${settings.limit}: ${part}${selection.leftOut} of ${selection.inShard} pages are left out; a sample spread over them is checked (verify_limit: 0 checks every page).`);
        }
        const devices = settings.devices;
        const checks = selection.pages.length * devices.length;
        const deadlineFrom = against.kind === 'purges'
            ? 'after the last purge was accepted'
            : 'from the start of this step';
        log.info(`Verifying ${selection.pages.length} page(s) x ${devices.length} device(s) on ${siteUrl.origin}${input.ratePerSecond !== undefined ? ` at most ${input.ratePerSecond} requests/s` : ''} (deadline ${settings.timeoutMs / 1000} s ${deadlineFrom}).`);
        const leastSeconds = input.ratePerSecond === undefined ? 0 : Math.ceil(checks / input.ratePerSecond);
        const secondsLeft = (deadline - clock.now()) / 1000;
        if (leastSeconds > secondsLeft) {
            log.warning(`At rate ${input.ratePerSecond}, the ${checks} checks take at least ${leastSeconds} s, but the deadline is ${Math.max(0, Math.round(secondsLeft))} s away: raise verify_timeout_seconds (up to ${verify_settings/* VERIFY_LIMITS */.l4.timeoutSeconds.max}) or rate, or split the pages over more shards.`);
        }
        const checked = await verifyPages(pagesToCheck(input, lastAcceptedAt, selection), {
            getPage: pageReader(transport),
            ...(input.content && { content: input.content }),
            ...(settings.assets && {
                assets: {
                    scope: { siteOrigin: siteUrl.origin, hosts: settings.assets.hosts },
                    getAsset: assetReader(transport),
                    ...(input.repairAssets && { repair: input.repairAssets })
                }
            }),
            ...(settings.renders && {
                renders: {
                    siteOrigin: siteUrl.origin,
                    expected: settings.renders.expected,
                    ...(input.rerenderPages && { rerender: input.rerenderPages }),
                    ...(input.looksBeforePurge && { before: input.looksBeforePurge })
                }
            }),
            clock,
            devices,
            pageCount: selection.pages.length,
            ...(lastAcceptedAt !== undefined && { lastAcceptedAt }),
            deadline,
            requestTimeoutMs: input.requestTimeoutMs,
            ...(input.ratePerSecond !== undefined && { ratePerSecond: input.ratePerSecond }),
            siteLabel: `site_url ${siteUrl.origin}`,
            onProgress: progress => log.info(describeProgress(progress)),
            onOverload: overload => log.info(describeOverload(overload))
        });
        // A tag traced to no page is a purge nothing proves: the run is not fresh, whatever the
        // other targets' pages showed.
        const verification = checked.status === 'fresh' && selection.uncheckedTags.length > 0
            ? { ...checked, status: 'skipped' }
            : checked;
        if (verification.fatal === undefined)
            log.info(describeEnd(verification));
        if (verification.assets !== undefined)
            log.info(describeAssets(verification.assets));
        if (verification.renders !== undefined)
            log.info(describeRenders(verification.renders));
        const clocks = verification.fatal === undefined ? clockOffsetWarning(verification.skew) : undefined;
        if (clocks !== undefined)
            log.warning(clocks);
        if (verification.endedEarly !== undefined) {
            log.info(describeEndedEarly(verification.endedEarly, deadline));
        }
        if (verification.overloads !== undefined) {
            const { count, heldBackMs } = verification.overloads;
            log.notice(`${siteUrl.origin} pushed back ${count} time(s) (429, or Retry-After): every request of this job waited ${(0,format/* wholeSeconds */.$P)(heldBackMs)} in all.${input.ratePerSecond === undefined ? ' Set rate' : ' Lower rate'} (this job's share of what the site takes) to spare it.`);
        }
        return {
            siteUrl: siteUrl.origin,
            devices: settings.devices.map(device => device.name),
            selection,
            against,
            ...(input.ratePerSecond !== undefined && { ratePerSecond: input.ratePerSecond }),
            ...(sitemap && { sitemap }),
            verification
        };
    }
    finally {
        if (!input.transport)
            transport.close();
    }
}
/**
 * The blast radius of a dry run: reads robots.txt and sitemaps, and pages only to trace a tag
 * that is not a folder tag (as a visitor would; nothing is purged). Over the
 * budget, what a run would say instead (the preview keeps what a run would check).
 */
async function runPreview(input) {
    const { siteUrl } = input;
    const choice = await choosePages({ ...input, alwaysReadSitemap: true });
    if (choice.kind === 'over-budget')
        return choice;
    const { selection } = choice.chosen;
    // Read whenever asked for: a preview always has its summary.
    const sitemap = choice.chosen.sitemap ?? {
        found: false,
        turnedOff: false,
        files: 0,
        pages: 0,
        warnings: []
    };
    return {
        siteUrl: siteUrl.origin,
        sitemap,
        selection,
        output: {
            sitemap_pages: sitemap.pages,
            // Within a list output's cap, made one URL at a time: a shard's part of long URLs would
            // pass GitHub's 1 MB for a job's outputs, and hold every URL in memory besides.
            selected: (0,list_outputs/* firstWithin */.mL)((function* () {
                for (const page of selection.pages)
                    yield (0,verify_settings/* pageUrl */.fi)(siteUrl, page.path).href;
            })(), list_outputs/* MAX_LIST_OUTPUT_BYTES */.i3),
            selected_count: selection.selectedCount,
            ...(selection.shard && {
                shard: `${selection.shard.index}/${selection.shard.count}`,
                shard_pages: selection.inShard
            }),
            ...tagPreviews(siteUrl, selection)
        }
    };
}
function tagPreviews(siteUrl, selection) {
    const tags = [];
    for (const entry of selection.bySitemap) {
        if (entry.trace === undefined)
            continue;
        tags.push({
            tag: entry.target.item,
            pages: entry.count,
            exact: entry.trace.exact,
            read: entry.trace.read,
            of: entry.trace.candidates,
            first: entry.first.map(path => (0,verify_settings/* pageUrl */.fi)(siteUrl, path).href)
        });
    }
    return tags.length > 0 ? { tags } : {};
}
/**
 * On a run that purges and judges renders, before the purge: each chosen page is looked at on
 * every device for the render a crawler gets now, the one the new render will be compared with
 * (verify/render/read-before-purge.ts). Undefined when renders are not judged.
 */
async function readOldRenders(input) {
    const { settings, siteUrl, log } = input;
    const { pages } = input.chosen.selection;
    if (settings.renders === undefined || pages.length === 0)
        return undefined;
    const transport = input.transport ?? (0,site_client/* createSiteClient */.nJ)(check_options/* DEFAULTS */.z.concurrency);
    try {
        const looks = await lookBeforePurge(pageUrls(siteUrl, pages), pages.length, {
            getPage: pageReader(transport),
            clock: input.clock ?? time_clock/* systemClock */.m,
            devices: settings.devices,
            concurrency: check_options/* DEFAULTS */.z.concurrency,
            ...(input.ratePerSecond !== undefined && { ratePerSecond: input.ratePerSecond }),
            requestTimeoutMs: input.requestTimeoutMs,
            timeoutMs: settings.timeoutMs
        });
        log.info(describeLooksBeforePurge(looks.counts, `site_url ${siteUrl.origin}`));
        return looks;
    }
    finally {
        if (!input.transport)
            transport.close();
    }
}
/** The chosen pages' URLs, built one at a time as they are taken. */
function* pageUrls(siteUrl, pages) {
    for (const page of pages)
        yield (0,verify_settings/* pageUrl */.fi)(siteUrl, page.path);
}
/**
 * Each chosen page with the time its purge was accepted, made as the loop takes them (the
 * selection holds paths; URLs are built one page at a time).
 */
function* pagesToCheck(input, lastAcceptedAt, selection) {
    for (const page of selection.pages) {
        const url = (0,verify_settings/* pageUrl */.fi)(input.siteUrl, page.path);
        if (lastAcceptedAt === undefined) {
            yield { url };
            continue;
        }
        let purgeAcceptedAt;
        for (const target of page.purgedBy) {
            const time = input.acceptedAt.get(targetKey(target));
            if (time !== undefined)
                purgeAcceptedAt = Math.max(time, purgeAcceptedAt ?? time);
        }
        yield { url, purgeAcceptedAt: purgeAcceptedAt ?? lastAcceptedAt };
    }
}
/** One progress line: `12,345 of 30,000 checks done (12,100 fresh, 245 stale), ...`. */
function describeProgress(progress) {
    const count = (n) => (0,format/* grouped */.zD)(Math.round(n));
    const { staleNow, oldContentNow } = progress;
    // Old content is past the purge: what it waits for is a render of the new build.
    const waitingFor = oldContentNow === 0
        ? 'the purge to reach this data center'
        : oldContentNow === staleNow
            ? 'the pages to be rendered again from the new build'
            : 'the purge to reach this data center, and old content to be rendered again';
    const eta = progress.etaMs !== undefined
        ? `, about ${(0,format/* wholeSeconds */.$P)(progress.etaMs)} to go`
        : staleNow > 0
            ? `, waiting for ${waitingFor}`
            : '';
    const old = oldContentNow > 0 ? `, ${count(oldContentNow)} of them old content` : '';
    return `Progress after ${(0,format/* wholeSeconds */.$P)(progress.elapsedMs)}: ${count(progress.done)} of ${count(progress.checks)} checks done (${count(progress.fresh)} seen fresh, ${count(staleNow)} stale now${old}), ${count(progress.requestsPerSecond)} requests/s${eta}.`;
}
/** `Checked 29,700 (page, device) pairs with 29,712 requests in 30.8 s (964 requests/s).` */
function describeEnd(verification) {
    const count = (n) => (0,format/* grouped */.zD)(Math.round(n));
    const seconds = verification.durationMs / 1000;
    const pace = seconds > 0 ? ` (${count(verification.requests / seconds)} requests/s)` : '';
    return `Checked ${count(verification.checks)} (page, device) pair(s) with ${count(verification.requests)} request(s) in ${seconds.toFixed(1)} s${pace}.`;
}
/**
 * Why the checks ended before the deadline: no request could leave before it any more. Said so
 * that "stale at the deadline" and "not started" are not read as a wait that ran out.
 */
function describeEndedEarly(endedEarly, deadline) {
    const early = (0,format/* wholeSeconds */.$P)(Math.max(0, deadline - endedEarly.at));
    const why = endedEarly.cause === 'rate'
        ? "at this rate, the next request's turn came at or after the deadline"
        : 'the site asked (429 or Retry-After) to wait until the deadline or later';
    return `No request could leave before the deadline any more (${why}): the checks ended ${early} before it, each as it stood; those not started are counted as not started.`;
}


/***/ })

};
