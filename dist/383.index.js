export const id = 383;
export const ids = [383];
export const modules = {

/***/ 7383:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MAX_PROBLEM_ROWS: () => (/* binding */ MAX_PROBLEM_ROWS),
/* harmony export */   renderPreviewSection: () => (/* binding */ renderPreviewSection),
/* harmony export */   renderVerificationSection: () => (/* binding */ renderVerificationSection),
/* harmony export */   renderVerificationSkipped: () => (/* binding */ renderVerificationSkipped)
/* harmony export */ });
/* harmony import */ var _html_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6433);

/** Rows of failed, stale and unverifiable checks shown; the rest are counted. */
const MAX_PROBLEM_ROWS = 50;
/** Sitemap warnings the summary shows; the log has them all. */
const MAX_SITEMAP_WARNINGS = 10;
const STATUS_LABEL = {
    fresh: '✅ fresh',
    stale: '⚠️ stale',
    failed: '❌ failed',
    skipped: '⏭️ skipped'
};
const STATE_LABELS = [
    ['fresh', 'fresh'],
    ['stale', 'stale'],
    ['gone', 'gone (404/410)'],
    ['not-cacheable', 'not cacheable (MISS)'],
    ['unverifiable', 'unverifiable (DYNAMIC)'],
    ['bypassed', 'bypassed (the edge skipped its cache)'],
    ['failed', 'failed']
];
const DATA_CENTER_NOTE = 'This proves the data center the runner reaches (and, on Cache By Country sites, the entries of the runner’s country).';
function renderVerificationSection(report) {
    const { verification, selection } = report;
    const parts = [`<h3>Verification at the edge: ${STATUS_LABEL[verification.status]}</h3>\n`];
    if (verification.fatal !== undefined) {
        parts.push(`<p>${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(verification.fatal)}</p>\n`);
        return parts.join('');
    }
    const pages = selection.pages.length;
    parts.push(`<p>${pages} page(s) × ${report.devices.length} device(s) (${report.devices.map(_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY).join(', ')}) checked on ${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY)(report.siteUrl)}. ${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(DATA_CENTER_NOTE)}</p>\n`);
    const scope = scopeNotes(report);
    if (scope !== '')
        parts.push(`<p>${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(scope)}</p>\n`);
    const counts = STATE_LABELS.map(([state, label]) => [
        (0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(label),
        String(verification.counts[state])
    ]);
    if (verification.notReached > 0) {
        counts.push(['not started before the deadline', String(verification.notReached)]);
    }
    counts.push(['warm (HIT after the purge)', String(verification.warm)]);
    if (verification.arrivalAfterMs !== undefined) {
        counts.push(['purge seen arriving here after', seconds(verification.arrivalAfterMs)]);
    }
    if (verification.medianSettledAfterMs !== undefined) {
        counts.push(['time to fresh, median', seconds(verification.medianSettledAfterMs)]);
    }
    if (verification.settledAfterMs !== undefined) {
        counts.push(['time to fresh, slowest', seconds(verification.settledAfterMs)]);
    }
    if (selection.leftOut > 0) {
        counts.push(['left out by verify_limit', `${selection.leftOut} of ${selection.inShard} pages`]);
    }
    if (verification.skew.measured) {
        const skew = Math.round((verification.skew.lowMs + verification.skew.highMs) / 2000);
        counts.push(['edge clock minus runner clock', `${skew} s`]);
    }
    parts.push((0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .table */ .tp)(['checks', 'count'], counts));
    if (selection.uncheckedTags.length > 0) {
        parts.push(`<p>Tags that could not be checked (not folder tags, or no sitemap; list pages in <code>verify&#95;urls</code>): ${codeList(selection.uncheckedTags)}</p>\n`);
    }
    for (const note of selection.notes)
        parts.push(`<p>${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(note)}</p>\n`);
    for (const warning of selection.warnings ?? [])
        parts.push(`<p>⚠️ ${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(warning)}</p>\n`);
    if (verification.notWarm > 0) {
        parts.push(`<p>${verification.notWarm} fresh check(s) did not answer HIT before the warm-up ended: their first visitor may wait for the render.</p>\n`);
    }
    if (report.sitemap?.turnedOff) {
        parts.push('<p>Sitemaps are turned off (<code>sitemap: none</code>): pattern and folder-tag targets were not checked.</p>\n');
    }
    else if (report.sitemap?.found === false) {
        parts.push('<p>No sitemap was found: pattern and folder-tag targets were not checked.</p>\n');
    }
    parts.push(sitemapWarnings(report.sitemap?.warnings ?? []));
    parts.push(problemTable(verification.listed, verification.counts));
    return parts.join('');
}
/** Which part of the pages this job took, what fresh means here, and the rate. */
function scopeNotes(report) {
    const { selection, against } = report;
    const notes = [];
    if (selection.shard) {
        const { index, count } = selection.shard;
        notes.push(`Shard ${index}/${count}: this job took ${selection.inShard} of the ${selection.selectedCount} selected pages (the other ${count - 1} shard(s) take the rest).`);
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
/**
 * The checks the table lists, most serious first; pages not there and unverifiable ones are
 * listed apart from the fresh ones, not as failures.
 */
const LISTED = [
    { state: 'failed', label: '❌ failed' },
    { state: 'stale', label: '⚠️ stale' },
    {
        state: 'gone',
        label: '➖ not there',
        detail: check => `${check.httpStatus === undefined ? '404/410' : `HTTP ${check.httpStatus}`}: nothing stale is served, but not fresh either; check the path if the page should exist`
    },
    {
        state: 'unverifiable',
        label: '➖ unverifiable',
        detail: () => 'DYNAMIC: the edge does not serve its cache to this client (not a failure)'
    },
    {
        state: 'bypassed',
        label: '➖ bypassed',
        detail: check => `the edge bypassed its cache (${check.detail ?? 'no reason given'}): not provable, not a failure`
    }
];
function problemTable(checks, counts) {
    const listed = LISTED.flatMap(({ state, label, detail }) => checks
        .filter(check => check.state === state)
        .map(check => ({ check, label, detail: detail?.(check) })));
    // The run names at most a thousand checks of each state; the counts have them all.
    const total = LISTED.reduce((sum, { state }) => sum + counts[state], 0);
    if (listed.length === 0)
        return '';
    // Only the rows shown are rendered: a big run can have many thousands of them.
    const rows = listed
        .slice(0, MAX_PROBLEM_ROWS)
        .map(({ check, label, detail }) => [
        (0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY)(check.url),
        (0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY)(check.device),
        check.staleReason === 'old-content' ? '⚠️ old content' : label,
        (0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(check.state === 'bypassed'
            ? (detail ?? '')
            : check.staleReason === 'old-content'
                ? `served from the previous build: ${check.detail ?? 'the build is not in the page'}`
                : (check.detail ?? detail ?? ''))
    ]);
    const shown = Math.min(listed.length, MAX_PROBLEM_ROWS);
    const more = total > shown ? `<p>… and ${total - shown} more.</p>\n` : '';
    return `<h4>Checks not proven fresh</h4>\n${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .table */ .tp)(['page', 'device', 'result', 'detail'], rows)}${more}`;
}
/** The section of a run that asked for verification but did not verify. */
function renderVerificationSkipped(reason) {
    return `<h3>Verification at the edge: ${STATUS_LABEL.skipped}</h3>\n<p>${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(reason)}</p>\n`;
}
/** The dry run's blast radius: what each target selects in the sitemap. */
function renderPreviewSection(preview) {
    const { sitemap, selection } = preview;
    const parts = [`<h3>Preview: pages these purges select on ${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY)(preview.siteUrl)}</h3>\n`];
    if (sitemap.turnedOff) {
        parts.push('<p>Sitemaps are turned off (<code>sitemap: none</code>), so pattern and folder-tag targets cannot be previewed.</p>\n');
    }
    else if (!sitemap.found) {
        parts.push('<p>No sitemap was found, so pattern and folder-tag targets cannot be previewed.</p>\n');
    }
    else {
        parts.push(`<p>The sitemap lists ${sitemap.pages} page(s) in ${sitemap.files} file(s).</p>\n`);
    }
    parts.push(sitemapWarnings(sitemap.warnings));
    const rows = selection.bySitemap.map(entry => [
        entry.target.kind === 'pattern' ? 'pattern' : 'folder tag',
        (0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY)(entry.target.item),
        `${entry.count} of ${sitemap.pages}`,
        entry.first.map(_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY).join('<br>') + (entry.count > entry.first.length ? '<br>…' : '')
    ]);
    if (rows.length > 0)
        parts.push((0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .table */ .tp)(['kind', 'target', 'pages', 'first pages'], rows));
    if (selection.urlsNotInSitemap.length > 0 && sitemap.found) {
        parts.push(`<p>URL targets the sitemap does not list (typos?): ${codeList(selection.urlsNotInSitemap)}</p>\n`);
    }
    if (selection.uncheckedTags.length > 0) {
        parts.push(`<p>Tags whose pages cannot be known from the sitemap: ${codeList(selection.uncheckedTags)}</p>\n`);
    }
    for (const note of selection.notes)
        parts.push(`<p>${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(note)}</p>\n`);
    for (const warning of selection.warnings ?? [])
        parts.push(`<p>⚠️ ${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(warning)}</p>\n`);
    return parts.join('');
}
/** At most MAX_PROBLEM_ROWS items, then a count: the summary must stay small. */
function codeList(items) {
    const shown = items.slice(0, MAX_PROBLEM_ROWS).map(_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY).join(', ');
    const more = items.length - MAX_PROBLEM_ROWS;
    return more > 0 ? `${shown} and ${more} more` : shown;
}
function seconds(ms) {
    return `${(ms / 1000).toFixed(1)} s`;
}
/**
 * What the sitemaps' reading warned about (a file that is not a sitemap, URLs on other hosts
 * skipped): the first few, the log has them all.
 */
function sitemapWarnings(warnings) {
    const shown = warnings
        .slice(0, MAX_SITEMAP_WARNINGS)
        .map(warning => `<p>⚠️ ${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(warning)}</p>\n`);
    const more = warnings.length - MAX_SITEMAP_WARNINGS;
    if (more > 0)
        shown.push(`<p>${more} more sitemap warning(s) are in the log.</p>\n`);
    return shown.join('');
}


/***/ })

};
