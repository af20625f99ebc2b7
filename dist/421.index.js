export const id = 421;
export const ids = [421];
export const modules = {

/***/ 1012:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ backoffDelay),
/* harmony export */   J: () => (/* binding */ equalJitter)
/* harmony export */ });
/**
 * The one backoff of the action: every wait before asking a server again (a purge request, a
 * GitHub API call, a stale page, the origin) grows by a factor from a first wait, jittered so
 * that requests that failed together do not come back together, and never past a maximum.
 * Each caller has its own numbers (a Backoff); the rule is this one. Pure: the random number
 * comes in, so tests choose it.
 */
/**
 * The wait after `attempt` earlier waits (0: the first), for `random` in [0, 1). Jitter first,
 * then the cap: a wait never exceeds the maximum.
 */
function backoffDelay(backoff, attempt, random) {
    const base = backoff.firstMs * backoff.factor ** Math.max(0, attempt);
    const jitter = 1 + backoff.jitter * (2 * random - 1);
    return Math.round(Math.min(backoff.maxMs, base * jitter));
}
/**
 * "Equal jitter" as a Backoff: the n-th wait lies between half of `firstMs * 2^n` and all of
 * it (half fixed, half random), as AWS's backoff note names it; capped at `maxMs`.
 */
function equalJitter(firstMs, maxMs) {
    return { firstMs: (firstMs * 3) / 4, factor: 2, maxMs, jitter: 1 / 3 };
}


/***/ }),

/***/ 7276:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ isRetryableSiteStatus),
/* harmony export */   v: () => (/* binding */ isRetryableApiStatus)
/* harmony export */ });
/**
 * Which answers are worth another attempt. Two rules, for two kinds of server:
 * - the service's API documents its statuses (docs/service.md): 429 and the server errors
 *   500, 502, 503 and 504. Another status (501, 505, ...) would answer the same again.
 * - a public site (the edge, an origin, a sitemap host) may put any 5xx in front of a busy or
 *   failing backend (edges use 520 to 530 for an origin that does not answer), so every 5xx
 *   and 429 is asked again.
 */
const RETRYABLE_API_STATUSES = new Set([429, 500, 502, 503, 504]);
/** An answer of the service's API that a later attempt can outlast. */
function isRetryableApiStatus(status) {
    return RETRYABLE_API_STATUSES.has(status);
}
/** An answer of a public site that says it is busy or failing, whatever headers it carries. */
function isRetryableSiteStatus(status) {
    return status === 429 || (status >= 500 && status <= 599);
}


/***/ }),

/***/ 8673:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ describeLook),
/* harmony export */   O: () => (/* binding */ cachedOriginProblem)
/* harmony export */ });
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
/**
 * Why the wait stopped at a look served from the rendering cache, and what to change: for the
 * step's error (and a dry run's warning). `look.servedFromCache` quotes the status header.
 */
function cachedOriginProblem(url, look) {
    return `origin_url ${url} is answered by the rendering cache (${look.servedFromCache ?? 'a HIT'}), not by the origin: a cached answer shows what was cached before and cannot change until a purge, which waits for it, so it can never show the new build. Point origin_url at the origin server itself: a health or version URL on the origin's own address, which bypasses the cache (e.g. https://origin.example.com/version.txt).`;
}


/***/ }),

/***/ 2421:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  renderSummary: () => (/* binding */ renderSummary),
  statusLine: () => (/* reexport */ statusLine)
});

// UNUSED EXPORTS: MAX_LISTED_ITEMS, MAX_REQUEST_ROWS, MAX_SUMMARY_BYTES, renderInputProblems

// EXTERNAL MODULE: ./src/text/format.ts
var format = __webpack_require__(8488);
// EXTERNAL MODULE: ./src/core/constants.ts
var constants = __webpack_require__(6214);
// EXTERNAL MODULE: ./src/text/html.ts
var html = __webpack_require__(534);
;// CONCATENATED MODULE: ./src/report/changed-files-report.ts

/** The summary of a run stopped because its changed files could not be listed. */
function renderChangedFilesFailure({ event, description, error }) {
    return [
        '<h3>Changed files: could not be listed</h3>\n',
        '<p>Nothing was purged: without the list of changed files, a purge could skip changed pages.</p>\n',
        (0,html/* table */.tp)(['', ''], [
            ['event', (0,html/* code */.aY)(event || '(none)')],
            ['range asked', (0,html/* escapeHtml */.ZD)(description)],
            ['what failed, and the fix', (0,html/* escapeHtml */.ZD)(error)],
            ['status', (0,html/* code */.aY)('failed')]
        ])
    ].join('');
}
function changedFilesSection({ description, mapping, notices = [] }, limits) {
    const mapped = mapping.files.filter(file => file.outcome === 'mapped');
    const excluded = mapping.files.filter(file => file.outcome === 'excluded');
    const rows = mapped
        .slice(0, limits.rows)
        .map(file => [
        (0,html/* code */.aY)(file.path),
        [...file.urls, ...file.tags.map(tag => `tag:${tag}`)].map(html/* code */.aY).join(' '),
        file.line === undefined ? '' : String(file.line)
    ]);
    const more = mapped.length > rows.length
        ? `<p>… and ${mapped.length - rows.length} more mapped file(s).</p>\n`
        : '';
    const mappedTable = rows.length > 0
        ? `<details><summary>Mapped files (${mapped.length})</summary>\n\n${(0,html/* table */.tp)(['file', 'targets', 'url_map line'], rows)}${more}</details>\n`
        : '';
    return [
        `<h3>Changed files</h3>\n<p>Range: ${(0,html/* escapeHtml */.ZD)(description)}.</p>\n<p>${mapping.files.length} file(s), ${mapped.length} mapped, ${excluded.length} excluded, ${mapping.unmapped.length} unmapped.</p>\n`,
        notices.length > 0
            ? `<ul>\n${notices.map(notice => `<li>${(0,html/* escapeHtml */.ZD)(notice)}</li>`).join('\n')}\n</ul>\n`
            : '',
        mappedTable,
        (0,html/* foldedList */.H8)('Excluded by url_map', excluded.map(file => file.path), limits.items),
        (0,html/* foldedList */.H8)('Unmapped files (no url_map rule matched)', mapping.unmapped, limits.items)
    ].join('');
}

// EXTERNAL MODULE: ./src/origin/describe-look.ts
var describe_look = __webpack_require__(8673);
;// CONCATENATED MODULE: ./src/report/origin-report.ts



/** The section of a run that waited (or, on a dry run, looked once). */
function renderOriginSection(report) {
    const { wait } = report;
    const build = (0,html/* code */.aY)(report.build.text);
    const rows = detailRows(report);
    if (wait.stopped === 'cached') {
        return `<h3>Origin: ⚠️ origin&#95;url is answered by the rendering cache (dry run)</h3>\n<p>${(0,html/* escapeHtml */.ZD)(`Dry run: ${CACHED_WHY} A real run would fail at once and purge nothing.`)}</p>\n${(0,html/* table */.tp)(['origin', 'value'], rows)}<p>${(0,html/* escapeHtml */.ZD)(CACHED_ADVICE)}</p>\n`;
    }
    const title = wait.ready
        ? `✅ build ${build} is live`
        : `⏳ build ${build} is not live yet (dry run)`;
    const note = wait.ready
        ? `<p>The purges were sent once the origin showed the build: ${(0,format/* tenths */.TP)(wait.elapsedMs)} after the wait began.</p>\n`
        : '<p>Dry run: the origin was looked at once. A real run would wait for it (up to <code>origin&#95;timeout&#95;seconds</code>) before purging.</p>\n';
    return `<h3>Origin: ${title}</h3>\n${note}${(0,html/* table */.tp)(['origin', 'value'], rows)}`;
}
/** Why an origin_url the rendering cache answers can never show the build, in one sentence. */
const CACHED_WHY = 'origin_url is answered by the rendering cache, not by the origin: a cached answer shows what was cached before and cannot change until a purge, which waits for it.';
const CACHED_ADVICE = 'Point origin_url at the origin server itself: a health or version URL on the origin’s own address, which bypasses the cache (e.g. https://origin.example.com/version.txt).';
/** The summary of a run that stopped because the origin never showed the build. */
function renderOriginTimeout(report, targets) {
    const { wait } = report;
    if (wait.stopped === 'cached')
        return renderCachedOrigin(report, targets);
    const what = wait.stopped === 'retry-after'
        ? `origin_url asked (Retry-After) to be asked again after the deadline (${(0,format/* tenths */.TP)(report.timeoutMs)} from the first look), so the wait stopped after ${(0,format/* tenths */.TP)(wait.elapsedMs)}`
        : `origin_url was looked at ${wait.looks} time(s) in ${(0,format/* tenths */.TP)(wait.elapsedMs)} (origin_timeout_seconds) and never showed the build`;
    const parts = [
        `<h3>Origin: build ${(0,html/* code */.aY)(report.build.text)} never showed, nothing was purged</h3>\n`,
        `<p>${(0,html/* escapeHtml */.ZD)(`${what}. Nothing was purged: a purge now would make the service render and cache the previous build again.`)}</p>\n`,
        (0,html/* table */.tp)(['origin', 'value'], detailRows(report)),
        `<h4>What to do</h4>\n<ul>\n${advice(report)
            .map(item => `<li>${(0,html/* escapeHtml */.ZD)(item)}</li>`)
            .join('\n')}\n</ul>\n`,
        (0,html/* foldedList */.H8)('Not purged', [...targets.tags, ...targets.urls, ...targets.patterns], 1000)
    ];
    return parts.join('');
}
/** The summary of a run that stopped at once: the rendering cache answered origin_url. */
function renderCachedOrigin(report, targets) {
    return [
        '<h3>Origin: origin&#95;url is answered by the rendering cache, nothing was purged</h3>\n',
        `<p>${(0,html/* escapeHtml */.ZD)(`${CACHED_WHY} So it can never show build ${report.build.text}: the run stopped at the first look, and nothing was purged.`)}</p>\n`,
        (0,html/* table */.tp)(['origin', 'value'], detailRows(report)),
        `<h4>What to do</h4>\n<ul>\n<li>${(0,html/* escapeHtml */.ZD)(CACHED_ADVICE)}</li>\n<li>${(0,html/* escapeHtml */.ZD)('Run the workflow again once origin_url names the origin itself.')}</li>\n</ul>\n`,
        (0,html/* foldedList */.H8)('Not purged', [...targets.tags, ...targets.urls, ...targets.patterns], 1000)
    ].join('');
}
function detailRows(report) {
    const { wait } = report;
    const rows = [
        ['polled', (0,html/* code */.aY)(report.url)],
        ['expected build', `${(0,html/* code */.aY)(report.build.text)} (${(0,html/* escapeHtml */.ZD)(buildSource(report.build))})`],
        ['looks', `${wait.looks} in ${(0,format/* tenths */.TP)(wait.elapsedMs)}`]
    ];
    if (wait.last !== undefined)
        rows.push(['last answer', (0,html/* escapeHtml */.ZD)(lastAnswer(wait.last))]);
    return rows;
}
function buildSource(build) {
    const rule = build.kind === 'commit'
        ? 'a commit: its full SHA or a 7- to 12-character prefix'
        : 'matched as literal text';
    return `from ${build.source}; ${rule}`;
}
function lastAnswer(look) {
    const described = (0,describe_look/* describeLook */.F)(look);
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
    items.push(`If your rollout takes longer than ${(0,format/* tenths */.TP)(report.timeoutMs)}, raise origin_timeout_seconds.`);
    items.push('Run the workflow again once the origin serves the build: the purge is sent then.');
    return items;
}

// EXTERNAL MODULE: ./src/send/retry-policy.ts
var retry_policy = __webpack_require__(5303);
// EXTERNAL MODULE: ./src/http/statuses.ts
var statuses = __webpack_require__(7276);
;// CONCATENATED MODULE: ./src/report/purge-section.ts




const KIND_LABEL = { tag: 'tag', url: 'URL', pattern: 'pattern' };
function renderPurgeRequests(purge, maxRows) {
    const { plan, results } = purge;
    if (plan.requests.length === 0)
        return '';
    if (results === undefined)
        return planTable(plan.requests, maxRows);
    const failed = results.filter(result => result.outcome !== 'purged');
    // Failed first (the rows to act on), then the ones not sent, then the accepted ones.
    const order = { failed: 0, 'not-sent': 1, purged: 2 };
    const sorted = [...results].sort((a, b) => order[a.outcome] - order[b.outcome] || a.request.index - b.request.index);
    const shown = sorted.slice(0, maxRows);
    const withIds = shown.some(result => requestIds(result) !== '');
    const headers = ['#', 'request', 'answers', 'result', ...(withIds ? ['request id'] : [])];
    const rows = shown.map(result => [
        String(result.request.index + 1),
        describeRequest(result.request),
        (0,html/* escapeHtml */.ZD)(answers(result)),
        (0,html/* escapeHtml */.ZD)(resultText(result)),
        ...(withIds ? [requestIds(result)] : [])
    ]);
    const rest = sorted.length - shown.length;
    const more = rest > 0
        ? `<p>… and ${(0,format/* plural */.LS)(rest, 'more request')}: ${(0,format/* grouped */.zD)(sorted.slice(maxRows).filter(result => result.outcome === 'purged').length)} accepted, the others not.</p>\n`
        : '';
    const body = `${(0,html/* table */.tp)(headers, rows)}${more}`;
    if (failed.length > 0) {
        const title = `Purge requests: ${failed.length} of ${results.length} not accepted`;
        return `<h3>${(0,html/* escapeHtml */.ZD)(title)}</h3>\n${body}`;
    }
    const slowest = Math.max(0, ...results.map(result => result.durationMs));
    const unconfirmed = results.filter(isUnconfirmed).length;
    const caveat = unconfirmed === 0
        ? ''
        : `, ${unconfirmed} not confirmed by ${unconfirmed === 1 ? 'its answer' : 'their answers'}`;
    const title = `Purge requests: ${(0,format/* plural */.LS)(results.length, 'request')}, all accepted${caveat} (slowest ${duration(slowest)})`;
    return `<details><summary>${(0,html/* escapeHtml */.ZD)(title)}</summary>\n\n${body}</details>\n`;
}
/** A request's time: `20 ms` below a second (a purge is often that fast), else `1.3 s`. */
function duration(ms) {
    return ms < 1000 ? `${Math.round(ms)} ms` : (0,format/* elapsed */.vk)(ms);
}
/** `2 tags, country IT: t1, t2`: the kind, how many, the country and the first items. */
function describeRequest(request) {
    const what = (0,format/* plural */.LS)(request.items.length, KIND_LABEL[request.kind]);
    const where = request.country ? `, country ${(0,html/* code */.aY)(request.country)}` : '';
    const first = request.items.slice(0, 3).map(html/* code */.aY).join(', ');
    const more = request.items.length > 3 ? ', …' : '';
    return `${(0,html/* escapeHtml */.ZD)(what)}${where}: ${first}${more}`;
}
/** `500 → 403`, `no answer → 200`; `—` when it was never sent. */
function answers(result) {
    if (result.history.length === 0)
        return '—';
    return result.history
        .map(attempt => (attempt.status === undefined ? 'no answer' : String(attempt.status)))
        .join(' → ');
}
/**
 * A purge whose 2xx answer had no `"result"`: counted as purged (the service documents any 2xx
 * as success), but nothing confirmed it, so it never gets the ✅ of a confirmed one.
 */
function isUnconfirmed(result) {
    return result.outcome === 'purged' && result.verdict === 'unconfirmed';
}
/** The result: what the last answer means, then the service's own words. */
function resultText(result) {
    if (isUnconfirmed(result)) {
        return `☑️ accepted in ${duration(result.durationMs)}, not confirmed: its answer did not say "result": true`;
    }
    if (result.outcome === 'purged')
        return `✅ accepted in ${duration(result.durationMs)}`;
    // Only a 401 or 403 stops the run: its row says why; these say that they followed it.
    if (result.outcome === 'not-sent')
        return '⏭️ not sent: the run stopped at the 401 or 403 above';
    const status = result.status;
    // Only the service's own words stand in the quote; the action's reading stands after it.
    const said = result.message === undefined
        ? ''
        : result.status === undefined
            ? ` ${result.message}`
            : ` The service said: “${result.message}”`;
    const hint = result.hint ? ` ${result.hint}` : '';
    if (status === undefined)
        return `❌ no answer after ${(0,format/* plural */.LS)(result.attempts, 'attempt')}.${said}${hint}`;
    if (result.verdict === 'denied') {
        return `❌ ${status}: refused by the service (its answer says the purge failed).${said}${hint}`;
    }
    return `❌ ${explainStatus(status, result.attempts)}.${said}${hint}`;
}
/** What a failed request's last status means for the person reading, in a few words. */
function explainStatus(status, attempts) {
    if ((0,retry_policy/* isAuthFailure */.Xg)(status)) {
        return `${status}: the API key is missing, wrong or not allowed for this site (check the api_key secret); the run stopped there`;
    }
    const tries = attempts > 1 ? ` after ${(0,format/* plural */.LS)(attempts, 'attempt')}` : '';
    if (status === 429)
        return `429: rate limited${tries} (raise max_attempts, or purge less at once)`;
    if ((0,statuses/* isRetryableApiStatus */.v)(status) || status >= 500) {
        return `${status}: the service failed${tries}; it may be temporary: run the job again`;
    }
    if (status >= 200 && status < 300)
        return `${status}, but the purge was not confirmed`;
    return `${status}: refused by the service`;
}
/** The service's request ids of every answer, once each: what its support asks for. */
function requestIds(result) {
    const ids = [
        ...new Set(result.history
            .map(attempt => attempt.requestId)
            .filter((id) => id !== undefined))
    ];
    return ids.map(html/* code */.aY).join('<br>');
}
function planTable(requests, maxRows) {
    const shown = requests.slice(0, maxRows);
    const rows = shown.map(request => [String(request.index + 1), describeRequest(request)]);
    const more = requests.length > shown.length
        ? `<p>… and ${(0,format/* plural */.LS)(requests.length - shown.length, 'more request')}.</p>\n`
        : '';
    return `<h3>${(0,html/* escapeHtml */.ZD)(`Plan: ${(0,format/* plural */.LS)(requests.length, 'request')}`)}</h3>\n${(0,html/* table */.tp)(['#', 'request'], rows)}${more}`;
}

// EXTERNAL MODULE: ./src/repurge/limits.ts
var limits = __webpack_require__(754);
;// CONCATENATED MODULE: ./src/report/repurge-report.ts



const MAX_BATCH_ROWS = 20;
/** `maxPages`: pages listed at most (the summary shows fewer when it would not fit GitHub's limit). */
function renderOldContentSection(report, maxPages = limits/* MAX_REPORTED_PAGES */._j + 1) {
    const { repurge } = report;
    const build = (0,html/* code */.aY)(report.build.text);
    if (repurge.pageCount === 0) {
        return `<h3>Content: no page was served from the previous build</h3>\n<p>With <code>verify&#95;content</code>, a page counts as fresh only when it is fresh by its cache date and shows build ${build} (${(0,html/* escapeHtml */.ZD)(describeRule(report.build))}).</p>\n`;
    }
    const parts = [
        `<h3>Old content: ${(0,format/* plural */.LS)(repurge.pageCount, 'page')} served from the previous build</h3>\n`,
        `<p>These pages were rendered again after the purge, but from an origin that still served the previous build: their cache date is after the purge, their body does not show build ${build}. Visitors would get the old page until the next purge.</p>\n`
    ];
    if (repurge.mode === 'repurge' && repurge.batches.length > 0) {
        const rows = repurge.batches
            .slice(0, MAX_BATCH_ROWS)
            .map((batch, index) => [
            String(index + 1),
            `${((batch.at - report.purgedAt) / 1000).toFixed(1)} s`,
            String(batch.pages.length),
            batch.failed.length === 0
                ? '✅ accepted'
                : `❌ ${batch.failed.length} not purged${batch.problem === undefined ? '' : `: ${(0,html/* escapeHtml */.ZD)(batch.problem)}`}`
        ]);
        parts.push(`<p>Purged again by URL once <code>origin&#95;url</code> showed the new build (at most ${limits/* REPURGE_TIMES_TEXT */.E1} a page, ${limits/* REPURGE_DELAYS_TEXT */.qz} after the old content was seen):</p>\n`, (0,html/* table */.tp)(['re-purge', 'sent after the purge', 'pages', 'result'], rows));
        if (repurge.batches.length > MAX_BATCH_ROWS) {
            parts.push(`<p>… and ${repurge.batches.length - MAX_BATCH_ROWS} more re-purges.</p>\n`);
        }
    }
    const pages = repurge.pages.map(({ page, repurges }) => repurges === 0 ? page : `${page} (purged again ${repurges}×)`);
    const more = repurge.pageCount - repurge.pages.length;
    parts.push((0,html/* foldedList */.H8)('Pages seen with old content', more > 0 ? [...pages, `… and ${more} more`] : pages, maxPages));
    parts.push(`<p><strong>What to do</strong>: ${(0,html/* escapeHtml */.ZD)(repurge_report_advice(report))}</p>\n`);
    return parts.join('');
}
function describeRule(build) {
    return build.kind === 'commit'
        ? `a commit from ${build.source}: its full SHA or a 7- to 12-character prefix`
        : `literal text from ${build.source}`;
}
function repurge_report_advice(report) {
    const { repurge, stillOld } = report;
    switch (repurge.mode) {
        case 'no-origin-url':
            return 'set origin_url (a URL that shows the build the origin serves): the action then waits for the new build before purging, and purges old content again. Until then, purge these pages again once the deploy has finished.';
        case 'disabled':
            return 'they were not purged again (repurge_old_content: false): purge them again once the deploy has finished, or let the action do it.';
        case 'verify-only':
            return 'this job only verifies (mode: verify): purge these pages again from the purge job once the deploy has finished, or give that job origin_url so that it waits for the new build.';
        case 'repurge':
            if (repurge.originNotLive) {
                return 'origin_url did not show the new build before the verification deadline, so nothing more was purged: check the deploy, then purge these pages again.';
            }
            if (stillOld > 0) {
                return `${stillOld} check(s) still showed the previous build at the deadline: some origin instances may still serve it (a rolling deploy that origin_url does not see), or the pages are cached in front of the origin. Check that every instance serves build ${report.build.text}, then purge again; raise verify_timeout_seconds if the rollout takes longer.`;
            }
            return `nothing: every page purged again was then served with build ${report.build.text}. If this happens on every deploy, origin_url flips before every instance serves the new build: point it at something that changes last.`;
    }
}

;// CONCATENATED MODULE: ./src/report/run-report.ts
/**
 * The step's conclusion, from the report alone: the same rules by which the steps call
 * setFailed (a test runs every outcome end to end and compares the exit code).
 */
function stepConclusion(report) {
    if (report.unexpectedError !== undefined ||
        report.inputProblems !== undefined ||
        report.changedFilesFailure !== undefined ||
        originFailed(report.origin) ||
        report.purge?.outcome.status === 'failed' ||
        report.verification?.kind === 'over-budget') {
        return 'failed';
    }
    const verification = report.verification;
    if (verification?.kind !== 'verified')
        return 'passed';
    const { status, fatal } = verification.report.verification;
    if (fatal !== undefined)
        return 'failed';
    if (status === 'stale' || status === 'failed') {
        return verification.mode === 'fail' ? 'failed' : 'warned';
    }
    return 'passed';
}
/** The origin never showed the build on a real run: nothing was purged. */
function originFailed(origin) {
    return origin !== undefined && !origin.wait.ready && !origin.dryRun;
}

;// CONCATENATED MODULE: ./src/report/status-line.ts



const CONCLUSION_MARK = {
    passed: '✅',
    warned: '⚠️',
    failed: '❌'
};
const STATUS_LINE_TITLE = 'Cache purge';
const count = (n) => (0,format/* grouped */.zD)(n);
function statusLine(report) {
    const mark = CONCLUSION_MARK[stepConclusion(report)];
    const parts = [...purgeParts(report), ...verificationParts(report), ...previewParts(report)];
    if (report.unexpectedError !== undefined) {
        parts.push(`stopped on an unexpected error: ${report.unexpectedError}`);
    }
    return `${mark} ${STATUS_LINE_TITLE}: ${parts.join(' · ') || 'nothing was done'}`;
}
/** `2 tags, 4 URLs and 1 pattern`. */
function describeTargets(targets) {
    return (0,format/* andList */.cM)([
        targets.tags.length > 0 ? (0,format/* plural */.LS)(targets.tags.length, 'tag') : '',
        targets.urls.length > 0 ? (0,format/* plural */.LS)(targets.urls.length, 'URL') : '',
        targets.patterns.length > 0 ? (0,format/* plural */.LS)(targets.patterns.length, 'pattern') : ''
    ].filter(Boolean));
}
function purgeParts(report) {
    if (report.inputProblems !== undefined) {
        return [`${(0,format/* plural */.LS)(report.inputProblems.length, 'input problem')}, nothing sent`];
    }
    if (report.changedFilesFailure !== undefined) {
        return ['the changed files could not be listed, nothing purged'];
    }
    const origin = report.origin;
    if (origin !== undefined && originFailed(origin)) {
        if (origin.wait.stopped === 'cached') {
            return ['origin_url is answered by the rendering cache, nothing purged'];
        }
        const why = origin.wait.stopped === 'retry-after'
            ? 'before the origin asked to be asked again'
            : `within ${(0,format/* setting */.Pe)(origin.timeoutMs)}`;
        return [`origin_url did not show build ${origin.build.text} ${why}, nothing purged`];
    }
    const purge = report.purge;
    if (purge === undefined)
        return [];
    const { outcome, plan } = purge;
    // Stopped before the purge: nothing was sent, so no request failed either.
    if (report.verification?.kind === 'over-budget' && outcome.status === 'failed') {
        return ['nothing purged'];
    }
    const requests = (0,format/* plural */.LS)(plan.requests.length, 'request');
    switch (outcome.status) {
        case 'verify-only':
            return ['mode: verify, nothing purged here'];
        case 'nothing-to-purge':
            return ['nothing to purge'];
        case 'dry-run':
            return [`dry run: ${describeTargets(outcome.purged)} in ${requests}, nothing sent`];
        case 'purged':
            return [`${describeTargets(outcome.purged)} purged${unconfirmedCaveat(purge.results)}`];
        case 'failed': {
            const results = purge.results ?? [];
            const failed = results.filter(result => result.outcome === 'failed');
            const notSent = results.length - failed.length - results.filter(r => r.outcome === 'purged').length;
            const parts = [`${failed.length} of ${requests} failed${firstFailure(failed)}`];
            if (notSent > 0)
                parts.push(`${notSent} not sent`);
            parts.push(`${(0,format/* plural */.LS)(outcome.failed.length, 'target')} not purged`);
            if (outcome.count > 0) {
                parts.push(`${describeTargets(outcome.purged)} purged${unconfirmedCaveat(results)}`);
            }
            return parts;
        }
    }
}
/**
 * ` (1 of 2 requests not confirmed by the service’s answer)`: a 2xx without `"result"` counts as
 * a purge, and the line says that nothing confirmed it.
 */
function unconfirmedCaveat(results) {
    const all = results ?? [];
    const unconfirmed = all.filter(isUnconfirmed).length;
    if (unconfirmed === 0)
        return '';
    return ` (${unconfirmed} of ${(0,format/* plural */.LS)(all.length, 'request')} not confirmed by the service’s answer)`;
}
/** ` (HTTP 500 → 403)`, ` (no answer)`: the first failed request's answers, in order. */
function firstFailure(failed) {
    const first = failed[0];
    if (first === undefined)
        return '';
    if (first.history.length === 0)
        return first.status === undefined ? ' (no answer)' : ` (HTTP ${first.status})`;
    return ` (HTTP ${answers(first)})`;
}
function verificationParts(report) {
    const part = report.verification;
    if (part?.kind === 'over-budget') {
        return ['❌ too many pages to check in one job: set shard (or verify_limit)'];
    }
    if (part?.kind !== 'verified')
        return [];
    const { verification, selection, against } = part.report;
    const shard = selection.shard ? ` (shard ${selection.shard.index}/${selection.shard.count})` : '';
    if (verification.fatal !== undefined)
        return [`❌ verification stopped${shard}: no page checked`];
    const { counts } = verification;
    const total = verification.checks + verification.notReached;
    if (total === 0)
        return [`➖ no page to check${shard}`];
    const fresh = against.kind === 'warm-only' ? 'warm' : 'fresh';
    const parts = [];
    const stillStale = counts.stale - verification.oldContent;
    const deadline = `at the ${(0,format/* setting */.Pe)(part.timeoutMs)} deadline`;
    if (verification.status === 'fresh' && counts.fresh > 0) {
        const slowest = verification.timeToFresh?.slowestMs;
        const when = slowest === undefined || against.kind === 'warm-only' ? '' : ` in ${(0,format/* elapsed */.vk)(slowest)}`;
        parts.push(`✅ ${count(counts.fresh)} of ${(0,format/* plural */.LS)(total, 'check')} ${fresh}${when}${shard}`);
    }
    else if (counts.fresh > 0) {
        parts.push(`✅ ${count(counts.fresh)} ${fresh}${shard}`);
    }
    if (stillStale > 0) {
        parts.push(`⚠️ ${count(stillStale)} of ${(0,format/* plural */.LS)(total, 'check')} still stale ${deadline}${shard}`);
    }
    if (verification.oldContent > 0) {
        parts.push(`⚠️ ${count(verification.oldContent)} served from the previous build ${deadline}`);
    }
    if (counts.failed > 0)
        parts.push(`❌ ${(0,format/* plural */.LS)(counts.failed, 'check')} failed`);
    if (verification.notReached > 0) {
        parts.push(`⚠️ ${count(verification.notReached)} not started before the deadline`);
    }
    if (counts.gone > 0)
        parts.push(`➖ ${count(counts.gone)} not there (404/410)`);
    if (counts['not-cacheable'] > 0)
        parts.push(`➖ ${count(counts['not-cacheable'])} not cacheable`);
    if (counts.unverifiable > 0)
        parts.push(`➖ ${count(counts.unverifiable)} unverifiable (DYNAMIC)`);
    if (counts.bypassed > 0)
        parts.push(`➖ ${count(counts.bypassed)} bypassed`);
    return parts;
}
function previewParts(report) {
    const preview = report.preview;
    if (preview === undefined)
        return [];
    const { output, sitemap, selection } = preview;
    if (!sitemap.found)
        return [`${(0,format/* plural */.LS)(output.selected_count, 'page')} selected`];
    const purged = selection.sitemapPagesPurged ?? output.selected_count;
    const atLeast = selection.uncheckedTags.length > 0 ? 'at least ' : '';
    return [
        `${atLeast}${(0,format/* grouped */.zD)(purged)} of ${(0,format/* plural */.LS)(sitemap.pages, 'sitemap page')} would be purged`
    ];
}
/** Whether anything proved pages fresh here: otherwise the summary keeps the propagation note. */
function provedFresh(part) {
    return part?.kind === 'verified' && part.report.verification.counts.fresh > 0;
}

;// CONCATENATED MODULE: ./src/report/timeline.ts

/** A chart over a day or more would not parse (times of one day), nor help. */
const MAX_SPAN_MS = 23 * 3600_000;
/** The deadline is drawn when it is within this many times the rest's span. */
const DEADLINE_SPAN_FACTOR = 3;
/** Re-purges drawn at most; the table below the chart lists them all. */
const MAX_REPURGE_MARKS = 5;
/**
 * The chart and a line under it, as Markdown (a fenced block, blank lines around it); empty when
 * there is nothing to draw (no check made, or the verification stopped at once).
 */
function renderTimeline(report) {
    const part = report.verification;
    if (part?.kind !== 'verified')
        return '';
    const { verification } = part.report;
    if (verification.fatal !== undefined || verification.checks === 0)
        return '';
    const sections = [];
    const origin = originSection(report.origin);
    if (origin !== undefined)
        sections.push(origin);
    sections.push(purgeSection(report, part));
    const measuredFrom = verification.measuredFrom;
    let lastEvent = measuredFrom;
    for (const device of verification.byDevice) {
        const rows = [];
        const { firstFreshMs, lastFreshMs, counts } = device;
        const notFresh = counts.stale + counts.failed;
        if (firstFreshMs !== undefined && lastFreshMs !== undefined) {
            const first = measuredFrom + firstFreshMs;
            const last = measuredFrom + lastFreshMs;
            rows.push({
                label: `until first fresh (${(0,format/* elapsed */.vk)(firstFreshMs)})`,
                tags: [],
                start: measuredFrom,
                end: first
            });
            // One moment (a single check, or all at once): a mark, not a bar too thin to see.
            rows.push(last - first < 100
                ? {
                    label: `${(0,format/* plural */.LS)(counts.fresh, 'check')} fresh`,
                    tags: ['active', 'milestone'],
                    start: first
                }
                : {
                    label: `first to last fresh (${(0,format/* plural */.LS)(counts.fresh, 'check')})`,
                    tags: ['active'],
                    start: first,
                    end: last
                });
            lastEvent = Math.max(lastEvent, last);
        }
        if (notFresh > 0) {
            const end = verification.startedAt + verification.durationMs;
            rows.push({
                label: `${(0,format/* grouped */.zD)(notFresh)} not fresh at the end`,
                tags: ['crit'],
                start: measuredFrom,
                end: Math.max(end, measuredFrom + 1)
            });
            lastEvent = Math.max(lastEvent, end);
        }
        if (rows.length > 0)
            sections.push({ name: device.device, rows });
    }
    for (const section of sections) {
        for (const row of section.rows)
            lastEvent = Math.max(lastEvent, row.end ?? row.start);
    }
    const start = Math.min(...sections.flatMap(section => section.rows.map(row => row.start)));
    const deadline = verification.deadline;
    const span = Math.max(1000, lastEvent - start);
    const deadlineShown = deadline - start <= DEADLINE_SPAN_FACTOR * span;
    if (deadlineShown) {
        sections.push({
            name: 'deadline',
            rows: [
                {
                    label: `deadline (${(0,format/* setting */.Pe)(part.timeoutMs)})`,
                    tags: ['crit', 'milestone'],
                    start: deadline
                }
            ]
        });
    }
    const end = deadlineShown ? Math.max(lastEvent, deadline) : lastEvent;
    if (end - start > MAX_SPAN_MS)
        return '';
    const hours = end - start >= 3600_000;
    const shard = part.report.selection.shard;
    const title = `Purge and verification, ${hours ? 'hours and minutes' : 'minutes and seconds'} from the ${startName(report, start)}${shard ? ` (shard ${shard.index} of ${shard.count})` : ''}`;
    const lines = [
        'gantt',
        `  title ${label(title)}`,
        '  dateFormat HH:mm:ss.SSS',
        `  axisFormat ${hours ? '%H:%M' : '%M:%S'}`,
        '  todayMarker off',
        `  tickInterval ${tickInterval(end - start)}`
    ];
    let id = 0;
    for (const section of sections) {
        lines.push(`  section ${label(section.name)}`);
        for (const row of section.rows) {
            id++;
            const tags = [
                ...row.tags,
                ...(row.end === undefined && !row.tags.includes('milestone') ? ['milestone'] : [])
            ];
            const to = row.end === undefined ? '0ms' : at(row.end - start);
            lines.push(`    ${label(row.label)} :${[...tags, `t${id}`, at(row.start - start), to].join(', ')}`);
        }
    }
    const note = deadlineShown
        ? ''
        : `<p>${`The deadline, ${(0,format/* setting */.Pe)(part.timeoutMs)} after ${part.deadlineFrom === 'last-purge' ? 'the last purge was accepted' : 'the step began'}, is beyond the chart's right edge.`}</p>\n`;
    return `\n\`\`\`mermaid\n${lines.join('\n')}\n\`\`\`\n\n${note}`;
}
function originSection(origin) {
    if (origin?.startedAt === undefined || origin.dryRun)
        return undefined;
    const { wait } = origin;
    return {
        name: 'origin',
        rows: [
            {
                label: `${wait.ready ? 'waited' : 'waited in vain'} for build ${origin.build.text} (${(0,format/* plural */.LS)(wait.looks, 'look')})`,
                tags: wait.ready ? ['done'] : ['crit'],
                start: origin.startedAt,
                end: origin.startedAt + Math.max(1, wait.elapsedMs)
            }
        ]
    };
}
function purgeSection(report, part) {
    const rows = [];
    const purge = report.purge;
    const { against } = part.report;
    if (against.kind === 'purges') {
        rows.push({ label: 'purge accepted', tags: ['milestone'], start: against.lastAcceptedAt });
    }
    else if (against.kind === 'purged-at') {
        rows.push({ label: 'purged_at (the purge job)', tags: ['milestone'], start: against.at });
    }
    else if (purge?.sentAt === undefined) {
        rows.push({
            label: 'checks began',
            tags: ['milestone'],
            start: part.report.verification.startedAt
        });
    }
    const batches = part.oldContent?.repurge.batches ?? [];
    for (const [index, batch] of batches.slice(0, MAX_REPURGE_MARKS).entries()) {
        rows.push({
            label: `re-purge ${index + 1}, ${(0,format/* plural */.LS)(batch.pages.length, 'page')} of old content`,
            tags: batch.failed.length > 0 ? ['crit', 'milestone'] : ['milestone'],
            start: batch.at
        });
    }
    return { name: 'purge', rows };
}
function startName(report, start) {
    if (report.origin?.startedAt === start)
        return 'start of the wait for the origin';
    const part = report.verification;
    if (part?.kind === 'verified' && part.report.against.kind === 'purged-at')
        return 'purge job’s purged_at';
    if (part?.kind === 'verified' && part.report.against.kind === 'warm-only')
        return 'first check';
    return 'purge accepted';
}
const TICKS = [
    [1000, '1second'],
    [2000, '2second'],
    [5000, '5second'],
    [10_000, '10second'],
    [15_000, '15second'],
    [30_000, '30second'],
    [60_000, '1minute'],
    [120_000, '2minute'],
    [300_000, '5minute'],
    [600_000, '10minute'],
    [900_000, '15minute'],
    [1_800_000, '30minute'],
    [3_600_000, '1hour'],
    [7_200_000, '2hour'],
    [10_800_000, '3hour']
];
/** Round ticks, at most a dozen across (mermaid's own choice repeats labels below a second). */
function tickInterval(spanMs) {
    return (TICKS.find(([ms]) => spanMs / ms <= 12) ?? [0, '6hour'])[1];
}
/** `00:01:05.250`: a time of the chart's one day. */
function at(ms) {
    const whole = Math.max(0, Math.round(ms));
    const pad = (n, width = 2) => String(n).padStart(width, '0');
    const hours = Math.floor(whole / 3600_000);
    const minutes = Math.floor(whole / 60_000) % 60;
    const seconds = Math.floor(whole / 1000) % 60;
    return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(whole % 1000, 3)}`;
}
/**
 * Text as mermaid's gantt grammar takes it: no `:` (ends a task's name), `#`, `;` or `%`
 * (comments and statement ends), no line break, no keyword at its start; the rest kept.
 */
function label(text) {
    const cleaned = text
        .replace(/[\r\n\t]+/g, ' ')
        .replace(/:/g, '∶')
        .replace(/#/g, '＃')
        .replace(/;/g, '；')
        .replace(/%/g, '％')
        .replace(/[{}<>`"]/g, '')
        .trim();
    const safe = cleaned === '' ? '-' : cleaned;
    const short = safe.length > 120 ? `${safe.slice(0, 119)}…` : safe;
    return /^(click|call|href|section|title|gantt|dateFormat|axisFormat|tickInterval|includes|excludes|todayMarker|weekday|weekend|inclusiveEndDates|topAxis|acc)/i.test(short)
        ? `· ${short}`
        : short;
}

// EXTERNAL MODULE: ./src/verify/clock.ts
var clock = __webpack_require__(8147);
;// CONCATENATED MODULE: ./src/report/sitemap-warnings.ts
/** What the sitemaps' reading warned about, as the verification and the preview show it. */

/** Sitemap warnings the summary shows; the log has them all. */
const MAX_SITEMAP_WARNINGS = 10;
/**
 * What the sitemaps' reading warned about (a file that is not a sitemap, URLs on other hosts
 * skipped): the first few, the log has them all.
 */
function sitemapWarnings(warnings) {
    const shown = warnings
        .slice(0, MAX_SITEMAP_WARNINGS)
        .map(warning => `<p>⚠️ ${(0,html/* escapeHtml */.ZD)(warning)}</p>\n`);
    const more = warnings.length - MAX_SITEMAP_WARNINGS;
    if (more > 0)
        shown.push(`<p>${more} more sitemap warning(s) are in the log.</p>\n`);
    return shown.join('');
}

;// CONCATENATED MODULE: ./src/report/verification.ts




/** Page rows shown open; the rest (up to the summary's row limit) are folded. */
const OPEN_PAGE_ROWS = 10;
/** Page rows at most, open and folded together; the counts have them all. */
const MAX_PAGE_ROWS = 100;
const STATUS_LABEL = {
    fresh: '✅ fresh',
    stale: '⚠️ stale',
    failed: '❌ failed',
    skipped: '⏭️ skipped'
};
const DATA_CENTER_NOTE = 'This proves the data center the runner reaches (and, on Cache By Country sites, the entries of the runner’s country).';
/** `chart`: the timeline's Markdown (timeline.ts), drawn after what was checked. */
function renderVerificationSection(part, maxRows = MAX_PAGE_ROWS, chart = '') {
    const { report } = part;
    const { verification, selection } = report;
    const parts = [`<h3>Verification at the edge: ${STATUS_LABEL[verification.status]}</h3>\n`];
    if (verification.fatal !== undefined) {
        parts.push(`<p>${(0,html/* escapeHtml */.ZD)(verification.fatal)}</p>\n`);
        return parts.join('');
    }
    const pages = selection.pages.length;
    parts.push(`<p>${(0,html/* escapeHtml */.ZD)(`${(0,format/* plural */.LS)(pages, 'page')} × ${(0,format/* plural */.LS)(report.devices.length, 'device')}`)} (${report.devices.map(html/* code */.aY).join(', ')}) checked on ${(0,html/* code */.aY)(report.siteUrl)}. ${(0,html/* escapeHtml */.ZD)(DATA_CENTER_NOTE)}</p>\n`);
    const scope = scopeNotes(report);
    if (scope !== '')
        parts.push(`<p>${(0,html/* escapeHtml */.ZD)(scope)}</p>\n`);
    parts.push(chart);
    parts.push(`<p>${labelled(countsLine(verification), 'Checks')}</p>\n`);
    parts.push(`<p>${labelled(timesLine(part), 'Times')}</p>\n`);
    if (selection.leftOut > 0) {
        parts.push(`<p>${(0,html/* escapeHtml */.ZD)(`verify_limit left out ${(0,format/* grouped */.zD)(selection.leftOut)} of ${(0,format/* plural */.LS)(selection.inShard, 'page')}: a sample spread over them was checked (verify_limit: 0 checks every page).`)}</p>\n`);
    }
    if (selection.uncheckedTags.length > 0) {
        parts.push(`<p>Tags that could not be checked (not folder tags, or no sitemap; list pages in <code>verify&#95;urls</code>): ${(0,html/* codeList */.E5)(selection.uncheckedTags)}</p>\n`);
    }
    for (const note of selection.notes)
        parts.push(`<p>${(0,html/* escapeHtml */.ZD)(note)}</p>\n`);
    for (const warning of selection.warnings ?? [])
        parts.push(`<p>⚠️ ${(0,html/* escapeHtml */.ZD)(warning)}</p>\n`);
    if (verification.notWarm > 0) {
        parts.push(`<p>${(0,format/* plural */.LS)(verification.notWarm, 'fresh check')} did not answer HIT before the warm-up ended: their first visitor may wait for the render.</p>\n`);
    }
    if (report.sitemap?.turnedOff) {
        parts.push('<p>Sitemaps are turned off (<code>sitemap: none</code>): pattern and folder-tag targets were not checked.</p>\n');
    }
    else if (report.sitemap?.found === false) {
        parts.push('<p>No sitemap was found: pattern and folder-tag targets were not checked.</p>\n');
    }
    parts.push(sitemapWarnings(report.sitemap?.warnings ?? []));
    parts.push(pageTable(report, maxRows));
    const next = nextStep(part);
    if (next !== undefined)
        parts.push(`<p><strong>Next</strong>: ${(0,html/* escapeHtml */.ZD)(next)}</p>\n`);
    return parts.join('');
}
/** Which part of the pages this job took, what fresh means here, and the rate. */
function scopeNotes(report) {
    const { selection, against } = report;
    const notes = [];
    if (selection.shard) {
        const { index, count } = selection.shard;
        notes.push(`Shard ${index}/${count}: this job took ${(0,format/* grouped */.zD)(selection.inShard)} of the ${(0,format/* grouped */.zD)(selection.selectedCount)} selected pages (the other ${count - 1} shard(s) take the rest).`);
    }
    if (against.kind === 'purged-at') {
        notes.push(`mode: verify, nothing purged here: checked against purged_at ${new Date(against.at).toISOString()}.`);
    }
    else if (against.kind === 'warm-only') {
        notes.push('mode: verify without purged_at: pages warmed, not checked against a purge (any HIT counts as fresh).');
    }
    if (report.ratePerSecond !== undefined) {
        notes.push(`At most ${report.ratePerSecond} requests a second (rate).`);
    }
    return notes.join(' ');
}
const COUNT_WORDS = [
    ['fresh', '✅ {n} fresh'],
    ['stale', '⚠️ {n} stale'],
    ['failed', '❌ {n} failed'],
    ['gone', '➖ {n} not there (404/410)'],
    ['not-cacheable', '➖ {n} not cacheable (MISS)'],
    ['unverifiable', '➖ {n} unverifiable (DYNAMIC)'],
    ['bypassed', '➖ {n} bypassed (the edge skipped its cache)']
];
/** `8 checks: ✅ 2 fresh · ⚠️ 4 stale (1 from the previous build) · …`: the non-zero ones. */
function countsLine(verification) {
    const { counts } = verification;
    const total = verification.checks + verification.notReached;
    const parts = COUNT_WORDS.filter(([state]) => counts[state] > 0).map(([state, words]) => {
        const text = words.replace('{n}', (0,format/* grouped */.zD)(counts[state]));
        if (state === 'failed' && verification.clocksDisagree > 0) {
            return `${text} (${(0,format/* grouped */.zD)(verification.clocksDisagree)} because the edge’s clocks disagree)`;
        }
        return state === 'stale' && verification.oldContent > 0
            ? `${text} (${(0,format/* grouped */.zD)(verification.oldContent)} from the previous build)`
            : text;
    });
    if (verification.notReached > 0) {
        parts.push(`⏳ ${(0,format/* grouped */.zD)(verification.notReached)} not started before the deadline`);
    }
    if (verification.warm > 0)
        parts.push(`${(0,format/* grouped */.zD)(verification.warm)} warm (HIT)`);
    return `${(0,format/* plural */.LS)(total, 'check')}: ${parts.join(' · ') || 'none made'}`;
}
/** Time to fresh over the fresh checks only, the purge's arrival, the deadline, the clocks. */
function timesLine(part) {
    const { verification, against } = part.report;
    const times = verification.timeToFresh;
    const parts = [];
    if (against.kind !== 'warm-only') {
        parts.push(times === undefined
            ? 'time to fresh: — (no check was fresh)'
            : `time to fresh: median ${(0,format/* elapsed */.vk)(times.medianMs)}, slowest ${(0,format/* elapsed */.vk)(times.slowestMs)} (${(0,format/* plural */.LS)(times.count, 'fresh check')})`);
    }
    if (verification.arrivalAfterMs !== undefined) {
        parts.push(`purge seen arriving here ${(0,format/* elapsed */.vk)(verification.arrivalAfterMs)} after it was accepted`);
    }
    const from = part.deadlineFrom === 'last-purge'
        ? 'after the last purge was accepted'
        : 'after the step began';
    parts.push(`deadline ${(0,format/* setting */.Pe)(part.timeoutMs)} ${from}`);
    const { endedEarly } = verification;
    parts.push(endedEarly === undefined
        ? `checks took ${(0,format/* elapsed */.vk)(verification.durationMs)}`
        : `checks took ${(0,format/* elapsed */.vk)(verification.durationMs)}, ended ${(0,format/* elapsed */.vk)(Math.max(0, verification.deadline - endedEarly.at))} before the deadline: ${endedEarly.cause === 'rate' ? 'at this rate no further request had its turn before it' : 'the site asked to wait past it'}`);
    // The site asked the whole job to slow down (429, or Retry-After): part of why it took long.
    if (verification.pushBacks !== undefined) {
        const { count, heldBackMs } = verification.pushBacks;
        parts.push(`the site pushed back ${count === 1 ? 'once' : `${count} times`} (every request waited ${(0,format/* elapsed */.vk)(heldBackMs)} in all)`);
    }
    if (verification.skew.measured) {
        const skew = Math.round((verification.skew.lowMs + verification.skew.highMs) / 2000);
        const offset = `edge clock ${(0,format/* plural */.LS)(Math.abs(skew), 'second')} ${skew > 0 ? 'ahead of' : 'behind'} the runner’s`;
        parts.push(skew === 0
            ? 'edge clock within 1 s of the runner’s'
            : (0,clock/* clocksFarApart */.xR)(verification.skew)
                ? `⚠️ ${offset}: more than 5 min apart, so a page counted as fresh only when cached after the purge in both clocks`
                : offset);
    }
    return parts.join(' · ');
}
/** `8 checks: ✅ 8 fresh` with its label in bold (`<strong>8 checks</strong>: …`); else `label`'s. */
function labelled(line, label) {
    const colon = line.indexOf(': ');
    if (colon > 0 && colon < 30 && !line.slice(0, colon).includes(' · ')) {
        const head = line.slice(0, colon);
        return `<strong>${(0,html/* escapeHtml */.ZD)(head.charAt(0).toUpperCase() + head.slice(1))}</strong>: ${(0,html/* escapeHtml */.ZD)(line.slice(colon + 2))}`;
    }
    return `<strong>${label}</strong>: ${(0,html/* escapeHtml */.ZD)(line)}`;
}
/** How bad a device's check is, for ordering rows: the worst device of a page decides. */
const SEVERITY = {
    failed: 0,
    stale: 1,
    'not-started': 2,
    gone: 3,
    unverifiable: 4,
    bypassed: 4,
    'not-cacheable': 5,
    fresh: 6
};
function severityOf(row) {
    return Math.min(...row.checks.map(check => SEVERITY[check === undefined ? 'not-started' : check.state]));
}
/** One row per page not proven fresh, the site once in the heading, a mark per device. */
function pageTable(report, maxRows) {
    const { verification } = report;
    const rows = [...verification.pages].sort((a, b) => severityOf(a) - severityOf(b) || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    if (rows.length === 0)
        return '';
    const skewMs = verification.skew.measured
        ? (verification.skew.lowMs + verification.skew.highMs) / 2
        : 0;
    const headers = ['page', ...report.devices, 'what it saw'];
    const render = (row) => [
        (0,html/* code */.aY)(pathOf(row.url, report.siteUrl)),
        ...row.checks.map(check => (0,html/* escapeHtml */.ZD)(mark(check))),
        sawText(row, report.devices, skewMs)
    ];
    const shown = rows.slice(0, maxRows);
    const open = shown.slice(0, OPEN_PAGE_ROWS);
    const folded = shown.slice(OPEN_PAGE_ROWS);
    const total = verification.problemPages;
    const heading = `<h4>Not proven fresh on ${(0,html/* code */.aY)(report.siteUrl)}: ${(0,html/* escapeHtml */.ZD)((0,format/* plural */.LS)(total, 'page'))}</h4>\n`;
    const parts = [heading, (0,html/* table */.tp)(headers, open.map(render))];
    if (folded.length > 0) {
        parts.push(`<details><summary>${(0,html/* escapeHtml */.ZD)(`${(0,format/* plural */.LS)(folded.length, 'more page')}`)}</summary>\n\n${(0,html/* table */.tp)(headers, folded.map(render))}</details>\n`);
    }
    if (total > shown.length) {
        parts.push(`<p>${(0,html/* escapeHtml */.ZD)(`… and ${(0,format/* plural */.LS)(total - shown.length, 'more page')} not listed here (the 'stale' output names the stale checks).`)}</p>\n`);
    }
    return parts.join('');
}
/** A device's check as a mark and a word. */
function mark(check) {
    return markWords(check).replace(' ', '\u00a0');
}
/** The mark and its word (a no-break space joins them in the table). */
function markWords(check) {
    if (check === undefined)
        return '⏳ not started';
    switch (check.state) {
        case 'fresh':
            return '✅ fresh';
        case 'not-cacheable':
            return '➖ MISS';
        case 'stale':
            return check.staleReason === 'old-content' ? '⚠️ old build' : '⚠️ stale';
        case 'failed':
            return '❌ failed';
        case 'gone':
            return `➖ ${check.httpStatus ?? '404/410'}`;
        case 'unverifiable':
            return '➖ DYNAMIC';
        case 'bypassed':
            return '➖ bypassed';
    }
}
/** What the devices not fresh saw: once when they agree, else device by device. */
function sawText(row, devices, skewMs) {
    const seen = row.checks
        .map((check, index) => ({
        device: devices[index] ?? '',
        text: describeCheck(check, skewMs),
        ids: check?.edgeIds
    }))
        .filter((entry) => entry.text !== undefined);
    const distinct = new Set(seen.map(entry => entry.text));
    const text = distinct.size <= 1
        ? (0,html/* escapeHtml */.ZD)(seen[0]?.text ?? '')
        : seen.map(entry => `${(0,html/* code */.aY)(entry.device)}: ${(0,html/* escapeHtml */.ZD)(entry.text)}`).join('<br>');
    // The edge's ids (what its support asks for) in small print: each device's answer has its own.
    const ids = seen.filter(entry => entry.ids !== undefined);
    if (ids.length === 0)
        return text;
    const listed = ids.length === 1 && seen.length === 1
        ? (0,html/* escapeHtml */.ZD)(ids[0]?.ids ?? '')
        : ids.map(entry => `${(0,html/* escapeHtml */.ZD)(entry.device)} ${(0,html/* escapeHtml */.ZD)(entry.ids ?? '')}`).join('; ');
    return `${text}<br><sub>edge ids: ${listed}</sub>`;
}
/** What one check saw, in words a person can act on; undefined for a fresh one. */
function describeCheck(check, skewMs = 0) {
    if (check === undefined)
        return 'not started before the deadline';
    switch (check.state) {
        case 'fresh':
        case 'not-cacheable':
            return undefined;
        case 'stale':
            return describeStale(check, skewMs);
        case 'failed':
            return check.detail ?? 'failed';
        case 'gone':
            return `HTTP ${check.httpStatus ?? '404/410'}: not there, so nothing stale is served; check the path if the page should exist`;
        case 'unverifiable':
            return 'DYNAMIC: the edge does not serve its cache to this client (not a failure)';
        case 'bypassed':
            return `the edge bypassed its cache (${check.detail ?? 'no reason given'}): not provable, not a failure`;
    }
}
function describeStale(check, skewMs) {
    const { cachedAtMs, judgedAgainst } = check;
    if (check.staleReason === 'old-content') {
        const when = cachedAtMs === undefined ? '' : `rendered at ${(0,format/* clockTime */.qo)(cachedAtMs)}, `;
        const lacks = (check.detail ?? '').split(';')[0] || 'the build is not in the page';
        return `served from the previous build: ${when}after the purge, but ${lacks}`;
    }
    if (cachedAtMs === undefined)
        return `still the cached page: ${check.detail ?? 'no cache date'}`;
    if (check.staleInRunnerClockOnly) {
        return `cached at ${(0,format/* clockTime */.qo)(cachedAtMs)}, after the purge by the edge’s clock but before it by the runner’s: the clocks are more than 5 min apart, so it is not counted fresh`;
    }
    if (judgedAgainst === undefined)
        return `cached at ${(0,format/* clockTime */.qo)(cachedAtMs)}`;
    const beforeMs = Math.max(0, judgedAgainst + skewMs - cachedAtMs);
    return `cached at ${(0,format/* clockTime */.qo)(cachedAtMs)}, ${ago(beforeMs)} before the purge was accepted`;
}
/** `5 s`, `125 s`, `3 h 00 min`: seconds while they read at a glance. */
function ago(ms) {
    const seconds = Math.round(ms / 1000);
    return seconds < 600 ? `${seconds} s` : (0,format/* elapsed */.vk)(ms);
}
/** The page's path and query on the site (the site is named once, in the heading). */
function pathOf(url, siteUrl) {
    return url.startsWith(siteUrl) && url.charAt(siteUrl.length) === '/'
        ? url.slice(siteUrl.length)
        : url;
}
/** The one thing to do next, for the most serious problem; undefined when there is none. */
function nextStep(part) {
    const { verification, against } = part.report;
    const { counts } = verification;
    const deadline = (0,format/* setting */.Pe)(part.timeoutMs);
    const warnHint = part.mode === 'fail' ? ', or set verify: warn to report it without failing the step' : '';
    if (verification.notReached > 0) {
        return `${(0,format/* plural */.LS)(verification.notReached, 'check')} did not start before the ${deadline} deadline: raise verify_timeout_seconds${part.report.ratePerSecond !== undefined ? ' or rate' : ''}, or split the pages over more shards (shard: K/N).`;
    }
    const stillStale = counts.stale - verification.oldContent;
    if (stillStale > 0 && (0,clock/* clocksFarApart */.xR)(verification.skew)) {
        const offset = (0,clock/* skewMs */.jk)(verification.skew);
        return `the edge’s clock is ${(0,format/* elapsed */.vk)(Math.abs(offset))} ${offset > 0 ? 'ahead of' : 'behind'} the runner’s: ${(0,format/* plural */.LS)(stillStale, 'check')} could not be proven fresh in both clocks. Check the runner’s clock (NTP), or report the edge’s clock to the service’s support with the edge ids in the rows.`;
    }
    if (stillStale > 0) {
        const where = against.kind === 'purged-at' ? 'this job’s data center' : 'this data center';
        return verification.arrivalAfterMs !== undefined || counts.fresh > 0
            ? `the purge reached ${where}, but ${(0,format/* plural */.LS)(stillStale, 'check')} were still stale at the ${deadline} deadline: raise verify_timeout_seconds${warnHint}.`
            : `the purge had not reached ${where} ${deadline} after it was accepted: raise verify_timeout_seconds (a purge can take minutes to reach every data center)${warnHint}.`;
    }
    if (verification.oldContent > 0) {
        return 'pages were rendered again from the previous build: see "Old content" below for what was purged again and what to do.';
    }
    if (verification.clocksDisagree > 0) {
        return `the edge’s clocks disagree on ${(0,format/* plural */.LS)(verification.clocksDisagree, 'check')} (a cache date after the answer’s own Date): its answers cannot prove those pages fresh; report it to the service’s support with the edge ids in the rows.`;
    }
    if (counts.failed > 0) {
        return `${(0,format/* plural */.LS)(counts.failed, 'check')} could not be made (the rows say why): check that site_url answers, then run the job again.`;
    }
    if (counts.gone > 0) {
        return 'pages answered 404 or 410: check their paths (urls, verify_urls) if they should exist.';
    }
    return undefined;
}
/** The section of a run stopped because its pages to check would not fit in memory. */
function renderVerificationOverBudget(message) {
    return `<h3>Verification at the edge: ❌ not started</h3>\n<p>${(0,html/* escapeHtml */.ZD)(message)}</p>\n`;
}
/** The section of a run that asked for verification but did not verify. */
function renderVerificationSkipped(reason) {
    return `<h3>Verification at the edge: ${STATUS_LABEL.skipped}</h3>\n<p>${(0,html/* escapeHtml */.ZD)(reason)}</p>\n`;
}

// EXTERNAL MODULE: ./src/verify/first-in-order.ts
var first_in_order = __webpack_require__(3770);
;// CONCATENATED MODULE: ./src/report/preview-section.ts




/** `urls`: the URL targets, which select their pages without the sitemap. */
function renderPreviewSection(preview, urls = []) {
    const { sitemap, selection } = preview;
    const site = (0,html/* code */.aY)(preview.siteUrl);
    const parts = [];
    if (sitemap.found) {
        const purged = selection.sitemapPagesPurged ?? preview.output.selected_count;
        const atLeast = selection.uncheckedTags.length > 0 ? 'at least ' : '';
        parts.push(`<h3>Preview: ${(0,html/* escapeHtml */.ZD)(`${atLeast}${(0,format/* grouped */.zD)(purged)} of ${(0,format/* plural */.LS)(sitemap.pages, 'sitemap page')}`)} on ${site} would be purged</h3>\n`);
    }
    else {
        parts.push(`<h3>Preview: pages these purges select on ${site}</h3>\n`);
        parts.push(sitemap.turnedOff
            ? '<p>Sitemaps are turned off (<code>sitemap: none</code>), so pattern and folder-tag targets cannot be previewed.</p>\n'
            : '<p>No sitemap was found, so pattern and folder-tag targets cannot be previewed.</p>\n');
    }
    // What to check before purging for real comes before the detail.
    if (selection.urlsNotInSitemap.length > 0 && sitemap.found) {
        parts.push(`<p>⚠️ URL targets the sitemap does not list (typos?): ${(0,html/* codeList */.E5)(selection.urlsNotInSitemap)}</p>\n`);
    }
    if (selection.uncheckedTags.length > 0) {
        parts.push(`<p>⚠️ Tags whose pages the sitemap cannot tell (not folder tags; the service purges every page tagged so): ${(0,html/* codeList */.E5)(selection.uncheckedTags)}</p>\n`);
    }
    for (const warning of selection.warnings ?? [])
        parts.push(`<p>⚠️ ${(0,html/* escapeHtml */.ZD)(warning)}</p>\n`);
    if (selection.shard) {
        const { index, count } = selection.shard;
        parts.push(`<p>${(0,html/* escapeHtml */.ZD)(`Shard ${index}/${count}: this job's part is ${(0,format/* plural */.LS)(selection.inShard, 'page')} of the ${(0,format/* grouped */.zD)(selection.selectedCount)} selected.`)}</p>\n`);
    }
    parts.push(sitemapWarnings(sitemap.warnings));
    const rows = selection.bySitemap.map(entry => [
        (0,html/* code */.aY)(entry.target.item),
        entry.target.kind === 'pattern' ? 'pattern' : 'folder tag',
        (0,html/* escapeHtml */.ZD)(`${(0,format/* grouped */.zD)(entry.count)} of ${(0,format/* grouped */.zD)(sitemap.pages)}`),
        entry.first.map(html/* code */.aY).join('<br>') + (entry.count > entry.first.length ? '<br>…' : '')
    ]);
    if (urls.length > 0)
        rows.push(urlRow(preview, urls));
    if (rows.length > 0) {
        parts.push((0,html/* table */.tp)(['target', 'kind', 'pages', 'first pages, in path order'], rows));
    }
    if (sitemap.found) {
        parts.push(`<p>${(0,html/* escapeHtml */.ZD)(`The sitemap lists ${(0,format/* plural */.LS)(sitemap.pages, 'page')} in ${(0,format/* plural */.LS)(sitemap.files, 'file')}.`)}</p>\n`);
    }
    for (const note of selection.notes)
        parts.push(`<p>${(0,html/* escapeHtml */.ZD)(note)}</p>\n`);
    return parts.join('');
}
/** The URL targets in one row: how many, and how many of them the sitemap lists. */
function urlRow(preview, urls) {
    const { selection, sitemap } = preview;
    const listed = sitemap.found
        ? ` (${(0,format/* grouped */.zD)(urls.length - selection.urlsNotInSitemap.length)} in the sitemap)`
        : '';
    const first = (0,first_in_order/* firstInOrder */.mR)(urls, first_in_order/* PREVIEW_FIRST */.Wl);
    return [
        'URLs',
        'URL',
        (0,html/* escapeHtml */.ZD)(`${(0,format/* grouped */.zD)(urls.length)}${listed}`),
        first.map(html/* code */.aY).join('<br>') + (urls.length > first.length ? '<br>…' : '')
    ];
}

;// CONCATENATED MODULE: ./src/report/summary.ts
/**
 * The job summary of a whole run, rendered once at its end from the run report (pure): the
 * status line first, then what stopped the run or failed, the verification (its timeline,
 * numbers and the rows to act on), and the details folded below. Writing it is the edge's job.
 * GitHub drops a step summary over 1 MiB, so long lists shrink until it fits.
 */













/** Enough rows to read; a 100,000-URL run would otherwise write thousands. */
const MAX_REQUEST_ROWS = 200;
const MAX_LISTED_ITEMS = 1000;
/** Warnings shown; the log has every one. */
const MAX_WARNINGS = 50;
/** GitHub drops a step summary over 1 MiB: stay well below, whatever the items' lengths. */
const MAX_SUMMARY_BYTES = 900 * 1024;
const FULL_LIMITS = { rows: MAX_REQUEST_ROWS, items: MAX_LISTED_ITEMS };
/** Renders the summary, showing fewer items of each list until it fits GitHub's limit. */
function renderSummary(report) {
    let limits = FULL_LIMITS;
    for (;;) {
        const markdown = renderWithLimits(report, limits);
        if (Buffer.byteLength(markdown) <= MAX_SUMMARY_BYTES || limits.items === 0)
            return markdown;
        limits = { rows: Math.floor(limits.rows / 4), items: Math.floor(limits.items / 4) };
    }
}
function renderWithLimits(report, limits) {
    const { purge, verification } = report;
    const parts = [`<h2>${(0,html/* escapeHtml */.ZD)(statusLine(report))}</h2>\n`];
    // The service's caveat holds only while nothing here proved the pages fresh.
    const sent = purge?.results !== undefined && purge.outcome.count > 0;
    if (sent && !provedFresh(verification)) {
        parts.push(`<blockquote>${(0,html/* escapeHtml */.ZD)(constants/* PROPAGATION_NOTE */.aJ)}</blockquote>\n`);
    }
    if (report.unexpectedError !== undefined) {
        parts.push(`<p>❌ The run stopped on an unexpected error: ${(0,html/* escapeHtml */.ZD)(report.unexpectedError)}. This summary shows what was done before it; the log has the rest.</p>\n`);
    }
    if (report.inputProblems !== undefined)
        parts.push(renderInputProblems(report.inputProblems));
    if (report.changedFilesFailure !== undefined) {
        parts.push(renderChangedFilesFailure(report.changedFilesFailure));
    }
    if (report.origin !== undefined && originFailed(report.origin) && purge !== undefined) {
        parts.push(renderOriginTimeout(report.origin, purge.plan.targets));
    }
    if (purge?.results !== undefined)
        parts.push(renderPurgeRequests(purge, limits.rows));
    // A dry run's preview is its result: before the verification it skipped.
    if (report.preview !== undefined) {
        parts.push(renderPreviewSection(report.preview, purge?.plan.targets.urls ?? []));
    }
    if (verification?.kind === 'verified') {
        parts.push(renderVerificationSection(verification, Math.min(MAX_PAGE_ROWS, limits.rows), renderTimeline(report)));
        if (verification.oldContent !== undefined) {
            parts.push(renderOldContentSection(verification.oldContent, limits.items + 1));
        }
    }
    else if (verification?.kind === 'skipped') {
        parts.push(renderVerificationSkipped(verification.reason));
    }
    else if (verification?.kind === 'over-budget') {
        parts.push(renderVerificationOverBudget(verification.message));
    }
    if (report.origin !== undefined && !originFailed(report.origin)) {
        parts.push(renderOriginSection(report.origin));
    }
    if (purge !== undefined && purge.results === undefined && !originFailed(report.origin)) {
        parts.push(renderPurgeRequests(purge, limits.rows));
    }
    if (purge !== undefined && !originFailed(report.origin)) {
        const { outcome, plan, results } = purge;
        // mode: verify purges nothing: its targets only select the pages to check.
        const verifyOnly = outcome.status === 'verify-only';
        const verb = verifyOnly ? 'Selecting' : results === undefined ? 'Planned' : 'Purged';
        const targets = verifyOnly ? plan.targets : outcome.purged;
        parts.push((0,html/* foldedList */.H8)(`${verb} tags`, targets.tags, limits.items));
        parts.push((0,html/* foldedList */.H8)(`${verb} URLs`, targets.urls, limits.items));
        parts.push((0,html/* foldedList */.H8)(`${verb} pattern`, targets.patterns, limits.items));
        parts.push((0,html/* foldedList */.H8)('Not purged', outcome.failed, limits.items));
    }
    if (report.changedFiles)
        parts.push(changedFilesSection(report.changedFiles, limits));
    if (report.warnings.length > 0) {
        const shown = report.warnings.slice(0, MAX_WARNINGS);
        const more = report.warnings.length - shown.length;
        parts.push(`<h3>Warnings</h3>\n<ul>\n${shown.map(w => `<li>${(0,html/* escapeHtml */.ZD)(w)}</li>`).join('\n')}${more > 0 ? `\n<li>… and ${(0,format/* grouped */.zD)(more)} more, in the log</li>` : ''}\n</ul>\n`);
    }
    return parts.filter(part => part !== '').join('\n');
}
/**
 * Every input problem, and that nothing was sent. A correction follows its problem as a fenced
 * YAML block (Markdown, outside the HTML list), so it can be copied as it is.
 */
function renderInputProblems(problems) {
    const parts = ['<h3>Input problems</h3>\n<ul>\n'];
    for (const problem of problems) {
        const { text, yaml } = typeof problem === 'string' ? { text: problem } : problem;
        parts.push(`<li>${(0,html/* escapeHtml */.ZD)(text)}</li>\n`);
        if (yaml !== undefined)
            parts.push(`</ul>\n\n${(0,html/* fencedBlock */.zW)('yaml', yaml)}\n<ul>\n`);
    }
    parts.push('</ul>\n<p>Nothing was sent: fix the inputs above and run the job again.</p>\n');
    return parts.join('').replace(/<ul>\n<\/ul>\n/g, '');
}


/***/ }),

/***/ 754:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E1: () => (/* binding */ REPURGE_TIMES_TEXT),
/* harmony export */   _j: () => (/* binding */ MAX_REPORTED_PAGES),
/* harmony export */   qz: () => (/* binding */ REPURGE_DELAYS_TEXT),
/* harmony export */   zX: () => (/* binding */ REPURGE_DELAYS_MS)
/* harmony export */ });
/* harmony import */ var _text_format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8488);
/**
 * The numbers of re-purging old content that the summary states: apart from the repurger, so
 * that the summary loads only these.
 */

/** How many pages with old content a run names in its report (the rest are counted). */
const MAX_REPORTED_PAGES = 1000;
/** When a page that showed old content is purged again (schedule.ts): its n-th re-purge's delay. */
const REPURGE_DELAYS_MS = [5000, 10_000, 20_000];
/**
 * The re-purges as the messages tell them (`at most 3 times`, `5, 10 and 20 s after`), built
 * from REPURGE_DELAYS_MS so that what the log and the summary say cannot drift from it.
 */
const REPURGE_TIMES_TEXT = (0,_text_format_js__WEBPACK_IMPORTED_MODULE_0__/* .plural */ .LS)(REPURGE_DELAYS_MS.length, 'time');
const REPURGE_DELAYS_TEXT = `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_0__/* .andList */ .cM)(REPURGE_DELAYS_MS.map(ms => String(ms / 1000)))} s`;


/***/ }),

/***/ 5303:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   VU: () => (/* binding */ DEFAULT_BACKOFF),
/* harmony export */   Xg: () => (/* binding */ isAuthFailure),
/* harmony export */   qO: () => (/* binding */ retryDelayMs)
/* harmony export */ });
/* harmony import */ var _http_backoff_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1012);
/**
 * When to try a purge request again, and after how long. Pure: randomness comes in as a number.
 * Which statuses are worth another attempt is http/statuses.ts's rule for the service's API.
 */

/** Statuses after which every other request would fail the same way: the run stops. */
const AUTH_STATUSES = new Set([401, 403]);
/** Statuses whose Retry-After / X-RateLimit-Reset we honour. */
const WAIT_HONOURING_STATUSES = new Set([429, 503]);
const DEFAULT_BACKOFF = { baseDelayMs: 1000, maxDelayMs: 60_000 };
function isAuthFailure(status) {
    return AUTH_STATUSES.has(status);
}
/**
 * The wait before attempt `attempt + 1`: the one backoff (http/backoff.ts) with "equal jitter"
 * (half fixed, half random), so that parallel requests that failed together do not come back
 * together; a wait the service asked for is honoured (capped), with a little jitter on top.
 */
function retryDelayMs(attempt, backoff, random, status, requestedMs) {
    if (status !== undefined && WAIT_HONOURING_STATUSES.has(status) && requestedMs !== undefined) {
        const asked = Math.min(requestedMs, backoff.maxDelayMs);
        return Math.round(asked + random * Math.min(250, asked * 0.1));
    }
    return (0,_http_backoff_js__WEBPACK_IMPORTED_MODULE_0__/* .backoffDelay */ .E)((0,_http_backoff_js__WEBPACK_IMPORTED_MODULE_0__/* .equalJitter */ .J)(backoff.baseDelayMs, backoff.maxDelayMs), attempt - 1, random);
}


/***/ }),

/***/ 6837:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ ownCopy)
/* harmony export */ });
/**
 * A string copied so that it holds nothing else alive. V8 may make a slice of a long string
 * point into it, so one URL cut out of a 64 KiB chunk of a sitemap keeps the whole chunk: a
 * selection that keeps 200 pages out of a million would keep 200 chunks.
 */
function ownCopy(text) {
    return (text + ' ').slice(0, -1);
}


/***/ }),

/***/ 8147:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FY: () => (/* binding */ UNMEASURED_SKEW),
/* harmony export */   jk: () => (/* binding */ skewMs),
/* harmony export */   xR: () => (/* binding */ clocksFarApart),
/* harmony export */   z1: () => (/* binding */ observeSkew)
/* harmony export */ });
/* unused harmony export CLOCK_OFFSET_LIMIT_MS */
const UNMEASURED_SKEW = { lowMs: 0, highMs: 0, measured: false };
/** Narrows the estimate with one answer: sent and received in the runner's clock. */
function observeSkew(estimate, edgeDate, sentAt, receivedAt) {
    const lowMs = edgeDate.ms - receivedAt;
    const highMs = edgeDate.ms + edgeDate.resolutionMs - sentAt;
    if (!estimate.measured)
        return { lowMs, highMs, measured: true };
    const narrowed = {
        lowMs: Math.max(estimate.lowMs, lowMs),
        highMs: Math.min(estimate.highMs, highMs),
        measured: true
    };
    // Disjoint intervals mean one of the clocks moved (an NTP step): trust the latest answer.
    return narrowed.lowMs <= narrowed.highMs ? narrowed : { lowMs, highMs, measured: true };
}
/** The middle of the estimate: for display. */
function skewMs(estimate) {
    return Math.round((estimate.lowMs + estimate.highMs) / 2);
}
/**
 * Beyond this offset between the edge's clock and the runner's, one of them is wrong (NTP keeps
 * a runner within a second, and an edge's Date and cache dates come from its own servers), and
 * the skew measured from `Date` cannot be trusted to place the cache dates: a Date an hour
 * behind cache dates written in real time would make a page cached before the purge look
 * fresh. Then a page is fresh only when its cache date is after the purge in both clocks.
 */
const CLOCK_OFFSET_LIMIT_MS = 5 * 60_000;
/** Whether the edge's clock, as its answers measured it, is more than 5 min from the runner's. */
function clocksFarApart(estimate) {
    return estimate.measured && Math.abs(skewMs(estimate)) > CLOCK_OFFSET_LIMIT_MS;
}


/***/ }),

/***/ 3770:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cd: () => (/* binding */ FirstInOrder),
/* harmony export */   Wl: () => (/* binding */ PREVIEW_FIRST),
/* harmony export */   mR: () => (/* binding */ firstInOrder)
/* harmony export */ });
/* harmony import */ var _text_own_copy_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6837);
/**
 * The first pages of a long selection, as the preview and the summary name them: apart from
 * the selection itself, so that the summary loads only this.
 */

/** Pages named per target in a preview; the rest are counted. */
const PREVIEW_FIRST = 20;
/**
 * The `count` smallest paths in code-unit order, taken one at a time as they stream, without
 * sorting them all (a pattern may select a million): a sorted window of `count`, each path
 * tried against its last. What it keeps is copied (a path may be a slice of a larger text).
 */
class FirstInOrder {
    count;
    first = [];
    constructor(count) {
        this.count = count;
    }
    offer(path) {
        const { first, count } = this;
        if (first.length === count && path >= (first[count - 1] ?? ''))
            return;
        let low = 0;
        let high = first.length;
        while (low < high) {
            const middle = (low + high) >> 1;
            if ((first[middle] ?? '') < path)
                low = middle + 1;
            else
                high = middle;
        }
        first.splice(low, 0, (0,_text_own_copy_js__WEBPACK_IMPORTED_MODULE_0__/* .ownCopy */ .S)(path));
        if (first.length > count)
            first.pop();
    }
    /** The window, smallest first. */
    get paths() {
        return this.first;
    }
}
/** The `count` smallest paths of a list in code-unit order. */
function firstInOrder(paths, count) {
    const window = new FirstInOrder(count);
    for (const path of paths)
        window.offer(path);
    return [...window.paths];
}


/***/ })

};
