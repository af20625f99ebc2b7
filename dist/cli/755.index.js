export const id = 755;
export const ids = [755];
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

/***/ 3111:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ sitemapWarnings)
/* harmony export */ });
/* harmony import */ var _text_html_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(534);
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
        .map(warning => `<p>⚠️ ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(warning)}</p>\n`);
    const more = warnings.length - MAX_SITEMAP_WARNINGS;
    if (more > 0)
        shown.push(`<p>${more} more sitemap warning(s) are in the log.</p>\n`);
    return shown.join('');
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
/* harmony import */ var _text_format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8488);
/* harmony import */ var _purge_section_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8087);
/* harmony import */ var _run_report_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7330);



const CONCLUSION_MARK = {
    passed: '✅',
    warned: '⚠️',
    failed: '❌'
};
const STATUS_LINE_TITLE = 'Cache purge';
const count = (n) => (0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .grouped */ .zD)(n);
function statusLine(report) {
    const mark = CONCLUSION_MARK[(0,_run_report_js__WEBPACK_IMPORTED_MODULE_2__/* .stepConclusion */ .X)(report)];
    const parts = [...purgeParts(report), ...verificationParts(report), ...previewParts(report)];
    if (report.unexpectedError !== undefined) {
        parts.push(`stopped on an unexpected error: ${report.unexpectedError}`);
    }
    return `${mark} ${STATUS_LINE_TITLE}: ${parts.join(' · ') || 'nothing was done'}`;
}
/** `2 tags, 4 URLs and 1 pattern`. */
function describeTargets(targets) {
    return (0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .andList */ .cM)([
        targets.tags.length > 0 ? (0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(targets.tags.length, 'tag') : '',
        targets.urls.length > 0 ? (0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(targets.urls.length, 'URL') : '',
        targets.patterns.length > 0 ? (0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(targets.patterns.length, 'pattern') : ''
    ].filter(Boolean));
}
function purgeParts(report) {
    if (report.inputProblems !== undefined) {
        return [`${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(report.inputProblems.length, 'input problem')}, nothing sent`];
    }
    if (report.changedFilesFailure !== undefined) {
        return ['the changed files could not be listed, nothing purged'];
    }
    const origin = report.origin;
    if (origin !== undefined && (0,_run_report_js__WEBPACK_IMPORTED_MODULE_2__/* .originFailed */ .o)(origin)) {
        if (origin.wait.stopped === 'cached') {
            return ['origin_url is answered by the rendering cache, nothing purged'];
        }
        const why = origin.wait.stopped === 'retry-after'
            ? 'before the origin asked to be asked again'
            : `within ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .setting */ .Pe)(origin.timeoutMs)}`;
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
    const requests = (0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(plan.requests.length, 'request');
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
            parts.push(`${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(outcome.failed.length, 'target')} not purged`);
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
    return ` (${unconfirmed} of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(all.length, 'request')} not confirmed by the service’s answer)`;
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
    const deadline = `at the ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .setting */ .Pe)(part.timeoutMs)} deadline`;
    if (verification.status === 'fresh' && counts.fresh > 0) {
        const slowest = verification.timeToFresh?.slowestMs;
        const when = slowest === undefined || against.kind === 'warm-only' ? '' : ` in ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .elapsed */ .vk)(slowest)}`;
        parts.push(`✅ ${count(counts.fresh)} of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(total, 'check')} ${fresh}${when}${shard}`);
    }
    else if (counts.fresh > 0) {
        parts.push(`✅ ${count(counts.fresh)} ${fresh}${shard}`);
    }
    if (stillStale > 0) {
        parts.push(`⚠️ ${count(stillStale)} of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(total, 'check')} still stale ${deadline}${shard}`);
    }
    if (verification.oldContent > 0) {
        parts.push(`⚠️ ${count(verification.oldContent)} served from the previous build ${deadline}`);
    }
    if (counts.failed > 0)
        parts.push(`❌ ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(counts.failed, 'check')} failed`);
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
        return [`${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(output.selected_count, 'page')} selected`];
    const purged = selection.sitemapPagesPurged ?? output.selected_count;
    const atLeast = selection.uncheckedTags.length > 0 ? 'at least ' : '';
    return [
        `${atLeast}${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .grouped */ .zD)(purged)} of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(sitemap.pages, 'sitemap page')} would be purged`
    ];
}
/** Whether anything proved pages fresh here: otherwise the summary keeps the propagation note. */
function provedFresh(part) {
    return part?.kind === 'verified' && part.report.verification.counts.fresh > 0;
}


/***/ }),

/***/ 7383:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J7: () => (/* binding */ countsLine),
/* harmony export */   RW: () => (/* binding */ renderVerificationSection),
/* harmony export */   UU: () => (/* binding */ renderVerificationSkipped),
/* harmony export */   XT: () => (/* binding */ renderVerificationOverBudget),
/* harmony export */   cn: () => (/* binding */ describeCheck),
/* harmony export */   sk: () => (/* binding */ nextStep),
/* harmony export */   zY: () => (/* binding */ MAX_PAGE_ROWS)
/* harmony export */ });
/* unused harmony exports OPEN_PAGE_ROWS, timesLine */
/* harmony import */ var _text_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8488);
/* harmony import */ var _text_html_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(534);
/* harmony import */ var _verify_clock_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8147);
/* harmony import */ var _sitemap_warnings_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3111);




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
        parts.push(`<p>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(verification.fatal)}</p>\n`);
        return parts.join('');
    }
    const pages = selection.pages.length;
    parts.push(`<p>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(`${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(pages, 'page')} × ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(report.devices.length, 'device')}`)} (${report.devices.map(_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY).join(', ')}) checked on ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY)(report.siteUrl)}. ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(DATA_CENTER_NOTE)}</p>\n`);
    const scope = scopeNotes(report);
    if (scope !== '')
        parts.push(`<p>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(scope)}</p>\n`);
    parts.push(chart);
    parts.push(`<p>${labelled(countsLine(verification), 'Checks')}</p>\n`);
    parts.push(`<p>${labelled(timesLine(part), 'Times')}</p>\n`);
    if (selection.leftOut > 0) {
        parts.push(`<p>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(`verify_limit left out ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(selection.leftOut)} of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(selection.inShard, 'page')}: a sample spread over them was checked (verify_limit: 0 checks every page).`)}</p>\n`);
    }
    if (selection.uncheckedTags.length > 0) {
        parts.push(`<p>Tags that could not be checked (not folder tags, or no sitemap; list pages in <code>verify&#95;urls</code>): ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .codeList */ .E5)(selection.uncheckedTags)}</p>\n`);
    }
    for (const note of selection.notes)
        parts.push(`<p>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(note)}</p>\n`);
    for (const warning of selection.warnings ?? [])
        parts.push(`<p>⚠️ ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(warning)}</p>\n`);
    if (verification.notWarm > 0) {
        parts.push(`<p>${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(verification.notWarm, 'fresh check')} did not answer HIT before the warm-up ended: their first visitor may wait for the render.</p>\n`);
    }
    if (report.sitemap?.turnedOff) {
        parts.push('<p>Sitemaps are turned off (<code>sitemap: none</code>): pattern and folder-tag targets were not checked.</p>\n');
    }
    else if (report.sitemap?.found === false) {
        parts.push('<p>No sitemap was found: pattern and folder-tag targets were not checked.</p>\n');
    }
    parts.push((0,_sitemap_warnings_js__WEBPACK_IMPORTED_MODULE_2__/* .sitemapWarnings */ .Z)(report.sitemap?.warnings ?? []));
    parts.push(pageTable(report, maxRows));
    const next = nextStep(part);
    if (next !== undefined)
        parts.push(`<p><strong>Next</strong>: ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(next)}</p>\n`);
    return parts.join('');
}
/** Which part of the pages this job took, what fresh means here, and the rate. */
function scopeNotes(report) {
    const { selection, against } = report;
    const notes = [];
    if (selection.shard) {
        const { index, count } = selection.shard;
        notes.push(`Shard ${index}/${count}: this job took ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(selection.inShard)} of the ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(selection.selectedCount)} selected pages (the other ${count - 1} shard(s) take the rest).`);
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
        const text = words.replace('{n}', (0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(counts[state]));
        if (state === 'failed' && verification.clocksDisagree > 0) {
            return `${text} (${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(verification.clocksDisagree)} because the edge’s clocks disagree)`;
        }
        return state === 'stale' && verification.oldContent > 0
            ? `${text} (${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(verification.oldContent)} from the previous build)`
            : text;
    });
    if (verification.notReached > 0) {
        parts.push(`⏳ ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(verification.notReached)} not started before the deadline`);
    }
    if (verification.warm > 0)
        parts.push(`${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(verification.warm)} warm (HIT)`);
    return `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(total, 'check')}: ${parts.join(' · ') || 'none made'}`;
}
/** Time to fresh over the fresh checks only, the purge's arrival, the deadline, the clocks. */
function timesLine(part) {
    const { verification, against } = part.report;
    const times = verification.timeToFresh;
    const parts = [];
    if (against.kind !== 'warm-only') {
        parts.push(times === undefined
            ? 'time to fresh: — (no check was fresh)'
            : `time to fresh: median ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .elapsed */ .vk)(times.medianMs)}, slowest ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .elapsed */ .vk)(times.slowestMs)} (${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(times.count, 'fresh check')})`);
    }
    if (verification.arrivalAfterMs !== undefined) {
        parts.push(`purge seen arriving here ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .elapsed */ .vk)(verification.arrivalAfterMs)} after it was accepted`);
    }
    const from = part.deadlineFrom === 'last-purge'
        ? 'after the last purge was accepted'
        : 'after the step began';
    parts.push(`deadline ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .setting */ .Pe)(part.timeoutMs)} ${from}`);
    const { endedEarly } = verification;
    parts.push(endedEarly === undefined
        ? `checks took ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .elapsed */ .vk)(verification.durationMs)}`
        : `checks took ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .elapsed */ .vk)(verification.durationMs)}, ended ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .elapsed */ .vk)(Math.max(0, verification.deadline - endedEarly.at))} before the deadline: ${endedEarly.cause === 'rate' ? 'at this rate no further request had its turn before it' : 'the site asked to wait past it'}`);
    // The site asked the whole job to slow down (429, or Retry-After): part of why it took long.
    if (verification.pushBacks !== undefined) {
        const { count, heldBackMs } = verification.pushBacks;
        parts.push(`the site pushed back ${count === 1 ? 'once' : `${count} times`} (every request waited ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .elapsed */ .vk)(heldBackMs)} in all)`);
    }
    if (verification.skew.measured) {
        const skew = Math.round((verification.skew.lowMs + verification.skew.highMs) / 2000);
        const offset = `edge clock ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(Math.abs(skew), 'second')} ${skew > 0 ? 'ahead of' : 'behind'} the runner’s`;
        parts.push(skew === 0
            ? 'edge clock within 1 s of the runner’s'
            : (0,_verify_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .clocksFarApart */ .xR)(verification.skew)
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
        return `<strong>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(head.charAt(0).toUpperCase() + head.slice(1))}</strong>: ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(line.slice(colon + 2))}`;
    }
    return `<strong>${label}</strong>: ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(line)}`;
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
        (0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY)(pathOf(row.url, report.siteUrl)),
        ...row.checks.map(check => (0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(mark(check))),
        sawText(row, report.devices, skewMs)
    ];
    const shown = rows.slice(0, maxRows);
    const open = shown.slice(0, OPEN_PAGE_ROWS);
    const folded = shown.slice(OPEN_PAGE_ROWS);
    const total = verification.problemPages;
    const heading = `<h4>Not proven fresh on ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY)(report.siteUrl)}: ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)((0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(total, 'page'))}</h4>\n`;
    const parts = [heading, (0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .table */ .tp)(headers, open.map(render))];
    if (folded.length > 0) {
        parts.push(`<details><summary>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(`${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(folded.length, 'more page')}`)}</summary>\n\n${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .table */ .tp)(headers, folded.map(render))}</details>\n`);
    }
    if (total > shown.length) {
        parts.push(`<p>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(`… and ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(total - shown.length, 'more page')} not listed here (the 'stale' output names the stale checks).`)}</p>\n`);
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
        ? (0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(seen[0]?.text ?? '')
        : seen.map(entry => `${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY)(entry.device)}: ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(entry.text)}`).join('<br>');
    // The edge's ids (what its support asks for) in small print: each device's answer has its own.
    const ids = seen.filter(entry => entry.ids !== undefined);
    if (ids.length === 0)
        return text;
    const listed = ids.length === 1 && seen.length === 1
        ? (0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(ids[0]?.ids ?? '')
        : ids.map(entry => `${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(entry.device)} ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(entry.ids ?? '')}`).join('; ');
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
        const when = cachedAtMs === undefined ? '' : `rendered at ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .clockTime */ .qo)(cachedAtMs)}, `;
        const lacks = (check.detail ?? '').split(';')[0] || 'the build is not in the page';
        return `served from the previous build: ${when}after the purge, but ${lacks}`;
    }
    if (cachedAtMs === undefined)
        return `still the cached page: ${check.detail ?? 'no cache date'}`;
    if (check.staleInRunnerClockOnly) {
        return `cached at ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .clockTime */ .qo)(cachedAtMs)}, after the purge by the edge’s clock but before it by the runner’s: the clocks are more than 5 min apart, so it is not counted fresh`;
    }
    if (judgedAgainst === undefined)
        return `cached at ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .clockTime */ .qo)(cachedAtMs)}`;
    const beforeMs = Math.max(0, judgedAgainst + skewMs - cachedAtMs);
    return `cached at ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .clockTime */ .qo)(cachedAtMs)}, ${ago(beforeMs)} before the purge was accepted`;
}
/** `5 s`, `125 s`, `3 h 00 min`: seconds while they read at a glance. */
function ago(ms) {
    const seconds = Math.round(ms / 1000);
    return seconds < 600 ? `${seconds} s` : (0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .elapsed */ .vk)(ms);
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
    const deadline = (0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .setting */ .Pe)(part.timeoutMs);
    const warnHint = part.mode === 'fail' ? ', or set verify: warn to report it without failing the step' : '';
    if (verification.notReached > 0) {
        return `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(verification.notReached, 'check')} did not start before the ${deadline} deadline: raise verify_timeout_seconds${part.report.ratePerSecond !== undefined ? ' or rate' : ''}, or split the pages over more shards (shard: K/N).`;
    }
    const stillStale = counts.stale - verification.oldContent;
    if (stillStale > 0 && (0,_verify_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .clocksFarApart */ .xR)(verification.skew)) {
        const offset = (0,_verify_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .skewMs */ .jk)(verification.skew);
        return `the edge’s clock is ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .elapsed */ .vk)(Math.abs(offset))} ${offset > 0 ? 'ahead of' : 'behind'} the runner’s: ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(stillStale, 'check')} could not be proven fresh in both clocks. Check the runner’s clock (NTP), or report the edge’s clock to the service’s support with the edge ids in the rows.`;
    }
    if (stillStale > 0) {
        const where = against.kind === 'purged-at' ? 'this job’s data center' : 'this data center';
        return verification.arrivalAfterMs !== undefined || counts.fresh > 0
            ? `the purge reached ${where}, but ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(stillStale, 'check')} were still stale at the ${deadline} deadline: raise verify_timeout_seconds${warnHint}.`
            : `the purge had not reached ${where} ${deadline} after it was accepted: raise verify_timeout_seconds (a purge can take minutes to reach every data center)${warnHint}.`;
    }
    if (verification.oldContent > 0) {
        return 'pages were rendered again from the previous build: see "Old content" below for what was purged again and what to do.';
    }
    if (verification.clocksDisagree > 0) {
        return `the edge’s clocks disagree on ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(verification.clocksDisagree, 'check')} (a cache date after the answer’s own Date): its answers cannot prove those pages fresh; report it to the service’s support with the edge ids in the rows.`;
    }
    if (counts.failed > 0) {
        return `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(counts.failed, 'check')} could not be made (the rows say why): check that site_url answers, then run the job again.`;
    }
    if (counts.gone > 0) {
        return 'pages answered 404 or 410: check their paths (urls, verify_urls) if they should exist.';
    }
    return undefined;
}
/** The section of a run stopped because its pages to check would not fit in memory. */
function renderVerificationOverBudget(message) {
    return `<h3>Verification at the edge: ❌ not started</h3>\n<p>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(message)}</p>\n`;
}
/** The section of a run that asked for verification but did not verify. */
function renderVerificationSkipped(reason) {
    return `<h3>Verification at the edge: ${STATUS_LABEL.skipped}</h3>\n<p>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(reason)}</p>\n`;
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


/***/ })

};
