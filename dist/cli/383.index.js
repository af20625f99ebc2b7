export const id = 383;
export const ids = [383];
export const modules = {

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
/* harmony import */ var _text_format_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8488);
/* harmony import */ var _text_html_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(534);
/* harmony import */ var _verify_clock_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8147);
/* harmony import */ var _sitemap_warnings_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3111);
/* harmony import */ var _traced_tags_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4469);





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
    parts.push(`<p>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(`${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(pages, 'page')} × ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(report.devices.length, 'device')}`)} (${report.devices.map(_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY).join(', ')}) checked on ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY)(report.siteUrl)}. ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(DATA_CENTER_NOTE)}</p>\n`);
    const scope = scopeNotes(report);
    if (scope !== '')
        parts.push(`<p>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(scope)}</p>\n`);
    parts.push(chart);
    parts.push(`<p>${labelled(countsLine(verification), 'Checks')}</p>\n`);
    parts.push(`<p>${labelled(timesLine(part), 'Times')}</p>\n`);
    if (selection.leftOut > 0) {
        parts.push(`<p>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(`verify_limit left out ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .grouped */ .zD)(selection.leftOut)} of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(selection.inShard, 'page')}: a sample spread over them was checked (verify_limit: 0 checks every page).`)}</p>\n`);
    }
    parts.push((0,_traced_tags_js__WEBPACK_IMPORTED_MODULE_3__/* .tracedTagLines */ .t)(selection));
    if (selection.uncheckedTags.length > 0) {
        parts.push(`<p>⚠️ Tags traced to no page, so their purge is not proven (no page read at the edge carries them, or no sitemap; list pages in <code>verify&#95;urls</code>): ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .codeList */ .E5)(selection.uncheckedTags)}</p>\n`);
    }
    for (const note of selection.notes)
        parts.push(`<p>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(note)}</p>\n`);
    for (const warning of selection.warnings ?? [])
        parts.push(`<p>⚠️ ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(warning)}</p>\n`);
    if (verification.notWarm > 0) {
        parts.push(`<p>${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(verification.notWarm, 'fresh check')} did not answer HIT before the warm-up ended: their first visitor may wait for the render.</p>\n`);
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
        notes.push(`Shard ${index}/${count}: this job took ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .grouped */ .zD)(selection.inShard)} of the ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .grouped */ .zD)(selection.selectedCount)} selected pages (the other ${count - 1} shard(s) take the rest).`);
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
        const text = words.replace('{n}', (0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .grouped */ .zD)(counts[state]));
        if (state === 'failed' && verification.clocksDisagree > 0) {
            return `${text} (${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .grouped */ .zD)(verification.clocksDisagree)} because the edge’s clocks disagree)`;
        }
        return state === 'stale' && verification.oldContent > 0
            ? `${text} (${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .grouped */ .zD)(verification.oldContent)} from the previous build)`
            : text;
    });
    if (verification.notReached > 0) {
        parts.push(`⏳ ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .grouped */ .zD)(verification.notReached)} not started before the deadline`);
    }
    if (verification.warm > 0)
        parts.push(`${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .grouped */ .zD)(verification.warm)} warm (HIT)`);
    return `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(total, 'check')}: ${parts.join(' · ') || 'none made'}`;
}
/** Time to fresh over the fresh checks only, the purge's arrival, the deadline, the clocks. */
function timesLine(part) {
    const { verification, against } = part.report;
    const times = verification.timeToFresh;
    const parts = [];
    if (against.kind !== 'warm-only') {
        parts.push(times === undefined
            ? 'time to fresh: — (no check was fresh)'
            : `time to fresh: median ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .elapsed */ .vk)(times.medianMs)}, slowest ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .elapsed */ .vk)(times.slowestMs)} (${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(times.count, 'fresh check')})`);
    }
    if (verification.arrivalAfterMs !== undefined) {
        parts.push(`purge seen arriving here ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .elapsed */ .vk)(verification.arrivalAfterMs)} after it was accepted`);
    }
    const from = part.deadlineFrom === 'last-purge'
        ? 'after the last purge was accepted'
        : 'after the step began';
    parts.push(`deadline ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .setting */ .Pe)(part.timeoutMs)} ${from}`);
    const { endedEarly } = verification;
    parts.push(endedEarly === undefined
        ? `checks took ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .elapsed */ .vk)(verification.durationMs)}`
        : `checks took ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .elapsed */ .vk)(verification.durationMs)}, ended ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .elapsed */ .vk)(Math.max(0, verification.deadline - endedEarly.at))} before the deadline: ${endedEarly.cause === 'rate' ? 'at this rate no further request had its turn before it' : 'the site asked to wait past it'}`);
    // The site asked the whole job to slow down (429, or Retry-After): part of why it took long.
    if (verification.pushBacks !== undefined) {
        const { count, heldBackMs } = verification.pushBacks;
        parts.push(`the site pushed back ${count === 1 ? 'once' : `${count} times`} (every request waited ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .elapsed */ .vk)(heldBackMs)} in all)`);
    }
    if (verification.skew.measured) {
        const skew = Math.round((verification.skew.lowMs + verification.skew.highMs) / 2000);
        const offset = `edge clock ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(Math.abs(skew), 'second')} ${skew > 0 ? 'ahead of' : 'behind'} the runner’s`;
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
    const heading = `<h4>Not proven fresh on ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY)(report.siteUrl)}: ${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)((0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(total, 'page'))}</h4>\n`;
    const parts = [heading, (0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .table */ .tp)(headers, open.map(render))];
    if (folded.length > 0) {
        parts.push(`<details><summary>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(`${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(folded.length, 'more page')}`)}</summary>\n\n${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .table */ .tp)(headers, folded.map(render))}</details>\n`);
    }
    if (total > shown.length) {
        parts.push(`<p>${(0,_text_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(`… and ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(total - shown.length, 'more page')} not listed here (the 'stale' output names the stale checks).`)}</p>\n`);
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
        const when = cachedAtMs === undefined ? '' : `rendered at ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .clockTime */ .qo)(cachedAtMs)}, `;
        const lacks = (check.detail ?? '').split(';')[0] || 'the build is not in the page';
        return `served from the previous build: ${when}after the purge, but ${lacks}`;
    }
    if (cachedAtMs === undefined)
        return `still the cached page: ${check.detail ?? 'no cache date'}`;
    if (check.staleInRunnerClockOnly) {
        return `cached at ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .clockTime */ .qo)(cachedAtMs)}, after the purge by the edge’s clock but before it by the runner’s: the clocks are more than 5 min apart, so it is not counted fresh`;
    }
    if (judgedAgainst === undefined)
        return `cached at ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .clockTime */ .qo)(cachedAtMs)}`;
    const beforeMs = Math.max(0, judgedAgainst + skewMs - cachedAtMs);
    return `cached at ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .clockTime */ .qo)(cachedAtMs)}, ${ago(beforeMs)} before the purge was accepted`;
}
/** `5 s`, `125 s`, `3 h 00 min`: seconds while they read at a glance. */
function ago(ms) {
    const seconds = Math.round(ms / 1000);
    return seconds < 600 ? `${seconds} s` : (0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .elapsed */ .vk)(ms);
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
    const deadline = (0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .setting */ .Pe)(part.timeoutMs);
    const warnHint = part.mode === 'fail' ? ', or set verify: warn to report it without failing the step' : '';
    if (verification.notReached > 0) {
        return `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(verification.notReached, 'check')} did not start before the ${deadline} deadline: raise verify_timeout_seconds${part.report.ratePerSecond !== undefined ? ' or rate' : ''}, or split the pages over more shards (shard: K/N).`;
    }
    const stillStale = counts.stale - verification.oldContent;
    if (stillStale > 0 && (0,_verify_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .clocksFarApart */ .xR)(verification.skew)) {
        const offset = (0,_verify_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .skewMs */ .jk)(verification.skew);
        return `the edge’s clock is ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .elapsed */ .vk)(Math.abs(offset))} ${offset > 0 ? 'ahead of' : 'behind'} the runner’s: ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(stillStale, 'check')} could not be proven fresh in both clocks. Check the runner’s clock (NTP), or report the edge’s clock to the service’s support with the edge ids in the rows.`;
    }
    if (stillStale > 0) {
        const where = against.kind === 'purged-at' ? 'this job’s data center' : 'this data center';
        return verification.arrivalAfterMs !== undefined || counts.fresh > 0
            ? `the purge reached ${where}, but ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(stillStale, 'check')} were still stale at the ${deadline} deadline: raise verify_timeout_seconds${warnHint}.`
            : `the purge had not reached ${where} ${deadline} after it was accepted: raise verify_timeout_seconds (a purge can take minutes to reach every data center)${warnHint}.`;
    }
    if (verification.oldContent > 0) {
        return 'pages were rendered again from the previous build: see "Old content" below for what was purged again and what to do.';
    }
    if (verification.clocksDisagree > 0) {
        return `the edge’s clocks disagree on ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(verification.clocksDisagree, 'check')} (a cache date after the answer’s own Date): its answers cannot prove those pages fresh; report it to the service’s support with the edge ids in the rows.`;
    }
    if (counts.failed > 0) {
        return `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(counts.failed, 'check')} could not be made (the rows say why): check that site_url answers, then run the job again.`;
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
