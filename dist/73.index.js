export const id = 73;
export const ids = [73];
export const modules = {

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

/***/ 1073:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  renderSummary: () => (/* binding */ renderSummary),
  statusLine: () => (/* reexport */ status_line/* statusLine */.Bs)
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

// EXTERNAL MODULE: ./src/report/purge-section.ts
var purge_section = __webpack_require__(8087);
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

// EXTERNAL MODULE: ./src/report/run-report.ts
var run_report = __webpack_require__(7330);
// EXTERNAL MODULE: ./src/report/status-line.ts
var status_line = __webpack_require__(8509);
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

// EXTERNAL MODULE: ./src/report/verification.ts
var report_verification = __webpack_require__(7383);
// EXTERNAL MODULE: ./src/verify/first-in-order.ts
var first_in_order = __webpack_require__(3770);
// EXTERNAL MODULE: ./src/report/sitemap-warnings.ts
var sitemap_warnings = __webpack_require__(3111);
// EXTERNAL MODULE: ./src/report/traced-tags.ts
var traced_tags = __webpack_require__(4469);
;// CONCATENATED MODULE: ./src/report/preview-section.ts





/** `urls`: the URL targets, which select their pages without the sitemap. */
function renderPreviewSection(preview, urls = []) {
    const { sitemap, selection } = preview;
    const site = (0,html/* code */.aY)(preview.siteUrl);
    const parts = [];
    if (sitemap.found) {
        const purged = selection.sitemapPagesPurged ?? preview.output.selected_count;
        const atLeast = (0,traced_tags/* countIsLowerBound */.X)(selection) ? 'at least ' : '';
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
        parts.push(`<p>⚠️ Tags traced to no page (no page read at the edge carries them: a typo, or pages not in the sitemap; the service purges every page tagged so): ${(0,html/* codeList */.E5)(selection.uncheckedTags)}</p>\n`);
    }
    parts.push((0,traced_tags/* tracedTagLines */.t)(selection, 'would be checked'));
    for (const warning of selection.warnings ?? [])
        parts.push(`<p>⚠️ ${(0,html/* escapeHtml */.ZD)(warning)}</p>\n`);
    if (selection.shard) {
        const { index, count } = selection.shard;
        parts.push(`<p>${(0,html/* escapeHtml */.ZD)(`Shard ${index}/${count}: this job's part is ${(0,format/* plural */.LS)(selection.inShard, 'page')} of the ${(0,format/* grouped */.zD)(selection.selectedCount)} selected.`)}</p>\n`);
    }
    parts.push((0,sitemap_warnings/* sitemapWarnings */.Z)(sitemap.warnings));
    const rows = selection.bySitemap.map(entry => [
        (0,html/* code */.aY)(entry.target.item),
        entry.target.kind === 'pattern'
            ? 'pattern'
            : entry.trace === undefined
                ? 'folder tag'
                : 'tag, read at the edge',
        (0,html/* escapeHtml */.ZD)(entry.trace === undefined
            ? `${(0,format/* grouped */.zD)(entry.count)} of ${(0,format/* grouped */.zD)(sitemap.pages)}`
            : `${entry.trace.exact ? '' : 'at least '}${(0,format/* grouped */.zD)(entry.count)} of ${(0,format/* grouped */.zD)(entry.trace.read)} read`),
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
    const parts = [`<h2>${(0,html/* escapeHtml */.ZD)((0,status_line/* statusLine */.Bs)(report))}</h2>\n`];
    // The service's caveat holds only while nothing here proved the pages fresh.
    const sent = purge?.results !== undefined && purge.outcome.count > 0;
    if (sent && !(0,status_line/* provedFresh */.xi)(verification)) {
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
    if (report.origin !== undefined && (0,run_report/* originFailed */.o)(report.origin) && purge !== undefined) {
        parts.push(renderOriginTimeout(report.origin, purge.plan.targets));
    }
    if (purge?.results !== undefined)
        parts.push((0,purge_section/* renderPurgeRequests */.y9)(purge, limits.rows));
    // A dry run's preview is its result: before the verification it skipped.
    if (report.preview !== undefined) {
        parts.push(renderPreviewSection(report.preview, purge?.plan.targets.urls ?? []));
    }
    if (verification?.kind === 'verified') {
        parts.push((0,report_verification/* renderVerificationSection */.RW)(verification, Math.min(report_verification/* MAX_PAGE_ROWS */.zY, limits.rows), renderTimeline(report)));
        if (verification.oldContent !== undefined) {
            parts.push(renderOldContentSection(verification.oldContent, limits.items + 1));
        }
    }
    else if (verification?.kind === 'skipped') {
        parts.push((0,report_verification/* renderVerificationSkipped */.UU)(verification.reason));
    }
    else if (verification?.kind === 'over-budget') {
        parts.push((0,report_verification/* renderVerificationOverBudget */.XT)(verification.message));
    }
    if (report.origin !== undefined && !(0,run_report/* originFailed */.o)(report.origin)) {
        parts.push(renderOriginSection(report.origin));
    }
    if (purge !== undefined && purge.results === undefined && !(0,run_report/* originFailed */.o)(report.origin)) {
        parts.push((0,purge_section/* renderPurgeRequests */.y9)(purge, limits.rows));
    }
    if (purge !== undefined && !(0,run_report/* originFailed */.o)(report.origin)) {
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
    if (report.published !== undefined) {
        parts.push(`<h3>On GitHub</h3>\n<ul>\n${report.published.map(note => `<li>${(0,html/* escapeHtml */.ZD)(note)}</li>`).join('\n')}\n</ul>\n`);
    }
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


/***/ })

};
