export const id = 509;
export const ids = [509];
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

/***/ 8087:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D6: () => (/* binding */ resultText),
/* harmony export */   GA: () => (/* binding */ answers),
/* harmony export */   H0: () => (/* binding */ isUnconfirmed),
/* harmony export */   y9: () => (/* binding */ renderPurgeRequests)
/* harmony export */ });
/* harmony import */ var _send_retry_policy_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5303);
/* harmony import */ var _http_statuses_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7276);
/* harmony import */ var _text_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8488);
/* harmony import */ var _text_html_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(534);




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
        (0,_text_html_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeHtml */ .ZD)(answers(result)),
        (0,_text_html_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeHtml */ .ZD)(resultText(result)),
        ...(withIds ? [requestIds(result)] : [])
    ]);
    const rest = sorted.length - shown.length;
    const more = rest > 0
        ? `<p>… and ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(rest, 'more request')}: ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(sorted.slice(maxRows).filter(result => result.outcome === 'purged').length)} accepted, the others not.</p>\n`
        : '';
    const body = `${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_2__/* .table */ .tp)(headers, rows)}${more}`;
    if (failed.length > 0) {
        const title = `Purge requests: ${failed.length} of ${results.length} not accepted`;
        return `<h3>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeHtml */ .ZD)(title)}</h3>\n${body}`;
    }
    const slowest = Math.max(0, ...results.map(result => result.durationMs));
    const unconfirmed = results.filter(isUnconfirmed).length;
    const caveat = unconfirmed === 0
        ? ''
        : `, ${unconfirmed} not confirmed by ${unconfirmed === 1 ? 'its answer' : 'their answers'}`;
    const title = `Purge requests: ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(results.length, 'request')}, all accepted${caveat} (slowest ${duration(slowest)})`;
    return `<details><summary>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeHtml */ .ZD)(title)}</summary>\n\n${body}</details>\n`;
}
/** A request's time: `20 ms` below a second (a purge is often that fast), else `1.3 s`. */
function duration(ms) {
    return ms < 1000 ? `${Math.round(ms)} ms` : (0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .elapsed */ .vk)(ms);
}
/** `2 tags, country IT: t1, t2`: the kind, how many, the country and the first items. */
function describeRequest(request) {
    const what = (0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(request.items.length, KIND_LABEL[request.kind]);
    const where = request.country ? `, country ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_2__/* .code */ .aY)(request.country)}` : '';
    const first = request.items.slice(0, 3).map(_text_html_js__WEBPACK_IMPORTED_MODULE_2__/* .code */ .aY).join(', ');
    const more = request.items.length > 3 ? ', …' : '';
    return `${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeHtml */ .ZD)(what)}${where}: ${first}${more}`;
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
        return `❌ no answer after ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(result.attempts, 'attempt')}.${said}${hint}`;
    if (result.verdict === 'denied') {
        return `❌ ${status}: refused by the service (its answer says the purge failed).${said}${hint}`;
    }
    return `❌ ${explainStatus(status, result.attempts)}.${said}${hint}`;
}
/** What a failed request's last status means for the person reading, in a few words. */
function explainStatus(status, attempts) {
    if ((0,_send_retry_policy_js__WEBPACK_IMPORTED_MODULE_0__/* .isAuthFailure */ .Xg)(status)) {
        return `${status}: the API key is missing, wrong or not allowed for this site (check the api_key secret); the run stopped there`;
    }
    const tries = attempts > 1 ? ` after ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(attempts, 'attempt')}` : '';
    if (status === 429)
        return `429: rate limited${tries} (raise max_attempts, or purge less at once)`;
    if ((0,_http_statuses_js__WEBPACK_IMPORTED_MODULE_1__/* .isRetryableApiStatus */ .v)(status) || status >= 500) {
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
    return ids.map(_text_html_js__WEBPACK_IMPORTED_MODULE_2__/* .code */ .aY).join('<br>');
}
function planTable(requests, maxRows) {
    const shown = requests.slice(0, maxRows);
    const rows = shown.map(request => [String(request.index + 1), describeRequest(request)]);
    const more = requests.length > shown.length
        ? `<p>… and ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(requests.length - shown.length, 'more request')}.</p>\n`
        : '';
    return `<h3>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeHtml */ .ZD)(`Plan: ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(requests.length, 'request')}`)}</h3>\n${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_2__/* .table */ .tp)(['#', 'request'], rows)}${more}`;
}


/***/ }),

/***/ 7330:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* binding */ stepConclusion),
/* harmony export */   o: () => (/* binding */ originFailed)
/* harmony export */ });
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


/***/ }),

/***/ 8509:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bs: () => (/* binding */ statusLine),
/* harmony export */   Eg: () => (/* binding */ describeTargets),
/* harmony export */   xi: () => (/* binding */ provedFresh)
/* harmony export */ });
/* unused harmony export STATUS_LINE_TITLE */
/* harmony import */ var _text_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8488);
/* harmony import */ var _purge_section_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8087);
/* harmony import */ var _run_report_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7330);
/* harmony import */ var _traced_tags_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4469);




const CONCLUSION_MARK = {
    passed: '✅',
    warned: '⚠️',
    failed: '❌'
};
const STATUS_LINE_TITLE = 'Cache purge';
const count = (n) => (0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .grouped */ .zD)(n);
function statusLine(report) {
    const mark = CONCLUSION_MARK[(0,_run_report_js__WEBPACK_IMPORTED_MODULE_3__/* .stepConclusion */ .X)(report)];
    const parts = [...purgeParts(report), ...verificationParts(report), ...previewParts(report)];
    if (report.unexpectedError !== undefined) {
        parts.push(`stopped on an unexpected error: ${report.unexpectedError}`);
    }
    return `${mark} ${STATUS_LINE_TITLE}: ${parts.join(' · ') || 'nothing was done'}`;
}
/** `2 tags, 4 URLs and 1 pattern`. */
function describeTargets(targets) {
    return (0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .andList */ .cM)([
        targets.tags.length > 0 ? (0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(targets.tags.length, 'tag') : '',
        targets.urls.length > 0 ? (0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(targets.urls.length, 'URL') : '',
        targets.patterns.length > 0 ? (0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(targets.patterns.length, 'pattern') : ''
    ].filter(Boolean));
}
function purgeParts(report) {
    if (report.inputProblems !== undefined) {
        return [`${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(report.inputProblems.length, 'input problem')}, nothing sent`];
    }
    if (report.changedFilesFailure !== undefined) {
        return ['the changed files could not be listed, nothing purged'];
    }
    const origin = report.origin;
    if (origin !== undefined && (0,_run_report_js__WEBPACK_IMPORTED_MODULE_3__/* .originFailed */ .o)(origin)) {
        if (origin.wait.stopped === 'cached') {
            return ['origin_url is answered by the rendering cache, nothing purged'];
        }
        const why = origin.wait.stopped === 'retry-after'
            ? 'before the origin asked to be asked again'
            : `within ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .setting */ .Pe)(origin.timeoutMs)}`;
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
    const requests = (0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(plan.requests.length, 'request');
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
            parts.push(`${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(outcome.failed.length, 'target')} not purged`);
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
    const unconfirmed = all.filter(_purge_section_js__WEBPACK_IMPORTED_MODULE_0__/* .isUnconfirmed */ .H0).length;
    if (unconfirmed === 0)
        return '';
    return ` (${unconfirmed} of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(all.length, 'request')} not confirmed by the service’s answer)`;
}
/** ` (HTTP 500 → 403)`, ` (no answer)`: the first failed request's answers, in order. */
function firstFailure(failed) {
    const first = failed[0];
    if (first === undefined)
        return '';
    if (first.history.length === 0)
        return first.status === undefined ? ' (no answer)' : ` (HTTP ${first.status})`;
    return ` (HTTP ${(0,_purge_section_js__WEBPACK_IMPORTED_MODULE_0__/* .answers */ .GA)(first)})`;
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
    const deadline = `at the ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .setting */ .Pe)(part.timeoutMs)} deadline`;
    if (verification.status === 'fresh' && counts.fresh > 0) {
        const slowest = verification.timeToFresh?.slowestMs;
        const when = slowest === undefined || against.kind === 'warm-only' ? '' : ` in ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .elapsed */ .vk)(slowest)}`;
        parts.push(`✅ ${count(counts.fresh)} of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(total, 'check')} ${fresh}${when}${shard}`);
    }
    else if (counts.fresh > 0) {
        parts.push(`✅ ${count(counts.fresh)} ${fresh}${shard}`);
    }
    if (stillStale > 0) {
        parts.push(`⚠️ ${count(stillStale)} of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(total, 'check')} still stale ${deadline}${shard}`);
    }
    if (verification.oldContent > 0) {
        parts.push(`⚠️ ${count(verification.oldContent)} served from the previous build ${deadline}`);
    }
    if (counts.failed > 0)
        parts.push(`❌ ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(counts.failed, 'check')} failed`);
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
        return [`${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(output.selected_count, 'page')} selected`];
    const purged = selection.sitemapPagesPurged ?? output.selected_count;
    const atLeast = (0,_traced_tags_js__WEBPACK_IMPORTED_MODULE_1__/* .countIsLowerBound */ .X)(selection) ? 'at least ' : '';
    return [
        `${atLeast}${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .grouped */ .zD)(purged)} of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(sitemap.pages, 'sitemap page')} would be purged`
    ];
}
/** Whether anything proved pages fresh here: otherwise the summary keeps the propagation note. */
function provedFresh(part) {
    return part?.kind === 'verified' && part.report.verification.counts.fresh > 0;
}


/***/ }),

/***/ 4469:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* binding */ countIsLowerBound),
/* harmony export */   t: () => (/* binding */ tracedTagLines)
/* harmony export */ });
/* harmony import */ var _verify_trace_words_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6992);
/* harmony import */ var _text_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8488);
/* harmony import */ var _text_html_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(534);



/** `tag blog: 57 pages found among 1,000 read of 12,000 in the sitemap (at least: …); 20 checked.` */
function tracedTagLines(selection, checkedWord = 'checked') {
    const lines = [];
    let unreadable;
    for (const entry of selection.bySitemap) {
        const facts = entry.trace;
        if (facts === undefined || entry.count === 0)
            continue;
        const tag = entry.target.item;
        const checked = selection.pages.filter(page => page.purgedBy.some(ref => ref.kind === 'tag' && ref.item === tag)).length;
        lines.push(`Tag ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_1__/* .code */ .aY)(tag)}: ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeHtml */ .ZD)(`${(0,_verify_trace_words_js__WEBPACK_IMPORTED_MODULE_0__/* .foundAmong */ .jz)(entry.count, facts, selection.shard !== undefined)} (${(0,_verify_trace_words_js__WEBPACK_IMPORTED_MODULE_0__/* .exactness */ .DW)(facts)}); ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .grouped */ .zD)(checked)} ${checkedWord}.`)}`);
        unreadable ??= (0,_verify_trace_words_js__WEBPACK_IMPORTED_MODULE_0__/* .unreadableWords */ .hd)(facts);
    }
    if (lines.length === 0)
        return '';
    const read = `<p>Tags traced at the edge (read in <code>&lt;Prefix&gt;-Tags</code> before the purge):<br>${lines.join('<br>')}</p>\n`;
    return unreadable === undefined ? read : `${read}<p>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeHtml */ .ZD)(unreadable)}</p>\n`;
}
/**
 * Whether the pages purged are a lower bound: a tag traced to no page, or traced from a sample
 * (or with pages that could not tell their tags).
 */
function countIsLowerBound(selection) {
    return (selection.uncheckedTags.length > 0 ||
        selection.bySitemap.some(entry => entry.trace !== undefined && !entry.trace.exact));
}


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

/***/ 6992:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DW: () => (/* binding */ exactness),
/* harmony export */   Sg: () => (/* binding */ noPageCarries),
/* harmony export */   hd: () => (/* binding */ unreadableWords),
/* harmony export */   jz: () => (/* binding */ foundAmong)
/* harmony export */ });
/* harmony import */ var _text_format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8488);
/**
 * How a traced tag's pages were found, in words the log, the summary and the preview share
 * ("tag blog: 57 pages found among 1,000 read of 12,000 in the sitemap; 20 checked"). Pure, and
 * small: the summary's renderer imports it.
 */

const UNREADABLE_WORDS = {
    'not-cached': 'not cached',
    dynamic: 'DYNAMIC',
    bypassed: 'bypassed',
    status: 'an HTTP error',
    'no-edge': "not the edge's answer",
    error: 'no answer'
};
const STOP_WORDS = {
    enough: 'enough pages of each tag were found',
    'all-read': 'every page was read',
    requests: 'the budget of requests was spent',
    time: 'the budget of time was spent'
};
/** `57 pages found among 1,000 read of 12,000 in the sitemap` (`this job's part` with a shard). */
function foundAmong(count, facts, part) {
    const where = part ? "in this job's part of the sitemap" : 'in the sitemap';
    return `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_0__/* .plural */ .LS)(count, 'page')} found among ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_0__/* .grouped */ .zD)(facts.read)} read of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_0__/* .grouped */ .zD)(facts.candidates)} ${where}`;
}
/** Whether the count is all there is, or a lower bound, and why. */
function exactness(facts) {
    return facts.exact
        ? 'exact: every page was read'
        : `at least: ${STOP_WORDS[facts.stoppedBy]}${facts.unreadable > 0 ? ', and some pages could not tell their tags' : ''}`;
}
/** `3 pages could not tell their tags (2 not cached, 1 DYNAMIC): counted, not guessed.` */
function unreadableWords(facts) {
    if (facts.unreadable === 0)
        return undefined;
    // In the table's order, whatever order the answers came in.
    const reasons = Object.entries(UNREADABLE_WORDS)
        .filter(([why]) => (facts.unreadableBy[why] ?? 0) > 0)
        .map(([why, words]) => `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_0__/* .grouped */ .zD)(facts.unreadableBy[why] ?? 0)} ${words}`);
    return `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_0__/* .plural */ .LS)(facts.unreadable, 'page')} read could not tell their tags (${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_0__/* .andList */ .cM)(reasons)}): counted, never taken to carry a tag or not. A page not cached has no tags to tell (reading it starts its render, when it is cacheable, so a later run can read it).`;
}
/** For a tag no page read carries. */
function noPageCarries(tag, facts) {
    return `No page read carries tag ${tag} (${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_0__/* .grouped */ .zD)(facts.read)} read of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_0__/* .grouped */ .zD)(facts.candidates)}): a typo, or a tag on pages not in the sitemap (or not read: ${STOP_WORDS[facts.stoppedBy]}). The purge of it is not proven; list its pages in verify_urls.`;
}


/***/ })

};
