export const id = 799;
export const ids = [799];
export const modules = {

/***/ 8799:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  renderComment: () => (/* binding */ renderComment)
});

// UNUSED EXPORTS: MAX_COMMENT_CHARACTERS

// EXTERNAL MODULE: ./src/text/html.ts
var html = __webpack_require__(534);
// EXTERNAL MODULE: ./src/text/inert-html.ts
var inert_html = __webpack_require__(8717);
// EXTERNAL MODULE: ./src/text/format.ts
var format = __webpack_require__(8488);
// EXTERNAL MODULE: ./src/comment/write/marker.ts
var write_marker = __webpack_require__(9043);
// EXTERNAL MODULE: ./src/verify/choose/first-in-order.ts
var first_in_order = __webpack_require__(4792);
// EXTERNAL MODULE: ./src/report/changed-files-report.ts
var changed_files_report = __webpack_require__(7387);
// EXTERNAL MODULE: ./src/report/purge-section.ts
var purge_section = __webpack_require__(8087);
// EXTERNAL MODULE: ./src/report/verification.ts + 1 modules
var report_verification = __webpack_require__(1977);
// EXTERNAL MODULE: ./src/report/status-line.ts
var status_line = __webpack_require__(8509);
// EXTERNAL MODULE: ./src/report/vocabulary.ts
var vocabulary = __webpack_require__(7568);
// EXTERNAL MODULE: ./src/report/renders/render-section.ts
var render_section = __webpack_require__(9884);
// EXTERNAL MODULE: ./src/report/renders/render-report.ts
var render_report = __webpack_require__(5313);
// EXTERNAL MODULE: ./src/report/assets/asset-report.ts
var asset_report = __webpack_require__(1273);
// EXTERNAL MODULE: ./src/text/site-path.ts
var site_path = __webpack_require__(1066);
;// CONCATENATED MODULE: ./src/comment/render/sections.ts












/** Rows shown open; more are folded under a <details>. */
const OPEN_ROWS = 10;
/** The longest outside text quoted whole: a 4 KiB path must not crowd out the rest. */
const MAX_QUOTED = 300;
/** Outside text in <code>, cut to MAX_QUOTED with an ellipsis. */
function quoted(text, max = MAX_QUOTED) {
    return (0,inert_html/* inertCode */.gQ)(text.length > max ? `${text.slice(0, max)}…` : text);
}
/** Outside prose (a message), inert and cut. */
function prose(text, max = 2000) {
    return (0,inert_html/* inert */.tJ)(text.length > max ? `${text.slice(0, max)}…` : text);
}
/** The first `limit` items in <code>, then a count of the rest. */
function firstItems(items, limit) {
    const shown = items.slice(0, limit).map(item => quoted(item));
    const rest = items.length - shown.length;
    if (rest > 0)
        shown.push((0,inert_html/* inert */.tJ)(`… and ${(0,format/* grouped */.zD)(rest)} more`));
    return shown.join(' ');
}
function rowsTable(headers, rows) {
    const head = `<tr>${headers.map(header => `<th>${(0,inert_html/* inert */.tJ)(header)}</th>`).join('')}</tr>`;
    const body = rows.map(row => `<tr>${row.map(cell => `<td>${cell}</td>`).join('')}</tr>`);
    return `<table>\n${head}\n${body.join('\n')}\n</table>\n`;
}
/** A table open when short, its first rows open and the rest folded when long. */
function foldedTable(title, headers, rows, total) {
    if (rows.length === 0)
        return '';
    const rest = total - rows.length;
    const more = rest > 0 ? `<p>${(0,inert_html/* inert */.tJ)(`… and ${(0,format/* grouped */.zD)(rest)} more in the job summary.`)}</p>\n` : '';
    const open = rows.length <= OPEN_ROWS ? ' open' : '';
    return `<details${open}><summary>${(0,inert_html/* inert */.tJ)(title)}</summary>\n\n${rowsTable(headers, rows)}${more}</details>\n`;
}
/** The targets by kind: how many, and the first of each. */
function targetsSection(title, targets, notPurged, limits) {
    const kinds = [
        ['tags', targets.tags],
        ['URLs', targets.urls],
        ['patterns', targets.patterns]
    ];
    const rows = kinds
        .filter(([, items]) => items.length > 0)
        .map(([kind, items]) => [(0,inert_html/* inert */.tJ)(kind), (0,format/* grouped */.zD)(items.length), firstItems(items, limits.items)]);
    if (notPurged.length > 0) {
        rows.push([(0,inert_html/* inert */.tJ)('not purged'), (0,format/* grouped */.zD)(notPurged.length), firstItems(notPurged, limits.items)]);
    }
    if (rows.length === 0)
        return '';
    return `<h4>${(0,inert_html/* inert */.tJ)(title)}</h4>\n${rowsTable(['kind', 'count', 'targets'], rows)}`;
}
/** The changed files: what each maps to and the url_map line that did it, then the others. */
function changedFilesSection(changed, limits) {
    const { mapping } = changed;
    const mapped = mapping.files.filter(file => file.outcome === 'mapped');
    const excluded = mapping.files.filter(file => file.outcome === 'excluded');
    const rules = new Map((changed.urlMapRules ?? []).map(rule => [rule.line, rule.text]));
    const rows = mapped.slice(0, limits.rows).map(file => {
        const rule = file.line === undefined ? undefined : rules.get(file.line);
        return [
            quoted(file.path),
            [...file.urls, ...file.tags.map(tag => `tag:${tag}`)].map(item => quoted(item)).join(' '),
            file.line === undefined
                ? ''
                : `${file.line}${rule === undefined ? '' : `: ${quoted(rule, 120)}`}`
        ];
    });
    const counts = [
        `${(0,format/* grouped */.zD)(mapped.length)} mapped`,
        excluded.length > 0 ? `${(0,format/* grouped */.zD)(excluded.length)} excluded` : '',
        `${(0,format/* grouped */.zD)(mapping.unmapped.length)} unmapped`
    ].filter(Boolean);
    const parts = [
        `<h4>${(0,inert_html/* inert */.tJ)(`Changed files: ${(0,format/* grouped */.zD)(mapping.files.length)} (${counts.join(', ')})`)}</h4>\n`,
        `<p>${prose(`Range: ${changed.description}.`, 400)}</p>\n`,
        foldedTable(`Mapped files (${(0,format/* grouped */.zD)(mapped.length)})`, ['file', 'purges', 'url_map line'], rows, mapped.length)
    ];
    if (mapping.unmapped.length > 0) {
        parts.push(`<p>${(0,inert_html/* inert */.tJ)('Unmapped (no url_map rule matched, nothing purged for them):')} ${firstItems(mapping.unmapped, limits.items)}</p>\n`);
    }
    if (excluded.length > 0) {
        parts.push(`<p>${(0,inert_html/* inert */.tJ)('Excluded by url_map:')} ${firstItems(excluded.map(file => file.path), limits.items)}</p>\n`);
    }
    return parts.join('');
}
/**
 * What each pattern, folder tag and header tag selects among the sitemap's pages, and the
 * first ones. `goneUrls`: URLs of deleted files (urlsOfGoneFiles), which the sitemap is
 * expected not to list.
 */
function selectionSection(preview, urls, limits, goneUrls = new Set()) {
    const { sitemap, selection } = preview;
    const parts = [];
    if (sitemap.found) {
        const purged = selection.sitemapPagesPurged ?? preview.output.selected_count;
        const atLeast = selection.uncheckedTags.length > 0 ? 'at least ' : '';
        parts.push(`<h4>${(0,inert_html/* inert */.tJ)(`Pages: ${atLeast}${(0,format/* grouped */.zD)(purged)} of ${(0,format/* plural */.LS)(sitemap.pages, 'sitemap page')} would be purged`)}</h4>\n`);
    }
    else {
        parts.push(`<h4>${(0,inert_html/* inert */.tJ)('Pages')}</h4>\n<p>${(0,inert_html/* inert */.tJ)(sitemap.turnedOff ? 'Sitemaps are turned off (sitemap: none): the pages of patterns and folder tags cannot be told.' : 'No sitemap was found: the pages of patterns and folder tags cannot be told.')}</p>\n`);
    }
    const { typos, gone } = (0,changed_files_report/* splitUnlistedUrls */.Hk)(sitemap.found ? selection.urlsNotInSitemap : [], goneUrls);
    if (typos.length > 0) {
        parts.push(`<p>⚠️ ${(0,inert_html/* inert */.tJ)(`${changed_files_report/* UNLISTED_TYPOS */.DK}:`)} ${firstItems(typos, limits.items)}</p>\n`);
    }
    if (gone.length > 0) {
        parts.push(`<p>${(0,inert_html/* inert */.tJ)(`${changed_files_report/* UNLISTED_GONE */.xn}:`)} ${firstItems(gone, limits.items)}</p>\n`);
    }
    if (selection.uncheckedTags.length > 0) {
        parts.push(`<p>⚠️ ${(0,inert_html/* inert */.tJ)('Tags whose pages the sitemap cannot tell (the service purges every page tagged so):')} ${firstItems(selection.uncheckedTags, limits.items)}</p>\n`);
    }
    // A tag's origin names it: a folder tag selects its pages by path in the sitemap; any other
    // tag (a header tag) is traced through the pages' tags header, read at the edge.
    const rows = selection.bySitemap.map(entry => [
        quoted(entry.target.item),
        (0,inert_html/* inert */.tJ)(entry.target.kind === 'pattern'
            ? 'pattern'
            : entry.trace === undefined
                ? 'folder tag'
                : 'header tag'),
        (0,inert_html/* inert */.tJ)(entry.trace === undefined
            ? `${(0,format/* grouped */.zD)(entry.count)} of ${(0,format/* grouped */.zD)(sitemap.pages)}`
            : `${entry.trace.exact ? '' : 'at least '}${(0,format/* grouped */.zD)(entry.count)} of ${(0,format/* plural */.LS)(entry.trace.read, 'page')} read`),
        firstItems(entry.first.slice(0, limits.pages), limits.pages) +
            (entry.count > Math.min(entry.first.length, limits.pages) ? ' …' : '')
    ]);
    if (urls.length > 0) {
        const listed = sitemap.found
            ? ` (${(0,format/* grouped */.zD)(urls.length - selection.urlsNotInSitemap.length)} in the sitemap)`
            : '';
        rows.push([
            (0,inert_html/* inert */.tJ)('URLs'),
            (0,inert_html/* inert */.tJ)('URL'),
            (0,inert_html/* inert */.tJ)(`${(0,format/* grouped */.zD)(urls.length)}${listed}`),
            firstItems((0,first_in_order/* firstInOrder */.mR)(urls, limits.pages), limits.pages) +
                (urls.length > limits.pages ? ' …' : '')
        ]);
    }
    if (rows.length > 0) {
        parts.push(rowsTable(['target', 'kind', 'pages', 'first pages, in path order'], rows));
    }
    return parts.join('');
}
/** Requests, batches and the time the settings imply, for a plan. */
function paceSection(report) {
    const { pace, purge, preview } = report;
    if (pace === undefined || purge === undefined || purge.plan.requests.length === 0)
        return '';
    const requests = purge.plan.requests.length;
    const rounds = Math.ceil(requests / pace.concurrency);
    const countries = pace.countries.length > 0 ? `, × ${(0,format/* plural */.LS)(pace.countries.length, 'country', 'countries')}` : '';
    const lines = [
        `${(0,format/* plural */.LS)(requests, 'purge request')} (tags and URLs in batches of up to ${(0,format/* grouped */.zD)(pace.batchSize)}${countries}), ${(0,format/* grouped */.zD)(pace.concurrency)} at a time (concurrency): ${(0,format/* plural */.LS)(rounds, 'round')}.`
    ];
    const verify = pace.verify;
    if (verify === undefined) {
        lines.push('Not verified at the edge (verify is off).');
    }
    else if (preview !== undefined) {
        const pages = preview.selection.pages.length;
        const checks = pages * verify.devices;
        const deadline = (0,format/* setting */.Pe)(verify.timeoutMs);
        let time = 'at most 6 requests in flight (no rate)';
        if (verify.ratePerSecond !== undefined) {
            const ms = (checks / verify.ratePerSecond) * 1000;
            time = `at ${verify.ratePerSecond} requests a second (rate), at least ${(0,format/* elapsed */.vk)(ms)} for one look at each${ms > verify.timeoutMs ? `: more than the ${deadline} deadline, so some checks would not start (raise verify_timeout_seconds or rate, or split by shard)` : ''}`;
        }
        lines.push(`Then verified at the edge: ${(0,format/* plural */.LS)(pages, 'page')} × ${(0,format/* plural */.LS)(verify.devices, 'device')} = ${(0,format/* plural */.LS)(checks, 'check')}, ${time}; deadline ${deadline} after the last purge.`);
    }
    else {
        lines.push(`Then verified at the edge on ${(0,format/* plural */.LS)(verify.devices, 'device')}, deadline ${(0,format/* setting */.Pe)(verify.timeoutMs)} (site_url with dry_run counts the pages).`);
    }
    return `<h4>${(0,inert_html/* inert */.tJ)('Requests')}</h4>\n${lines.map(line => `<p>${(0,inert_html/* inert */.tJ)(line)}</p>\n`).join('')}`;
}
/** What the edge proved, for a result: the counts, the time to fresh, the pages not fresh. */
function verificationSection(part, purge, limits, runLink) {
    if (part?.kind === 'skipped') {
        return `<h4>${(0,inert_html/* inert */.tJ)(`At the edge: ${(0,vocabulary/* verificationMark */.Tq)('not-verified')}`)}</h4>\n<p>${prose(part.reason)}</p>\n`;
    }
    if (part?.kind === 'over-budget') {
        // The run stopped before purging: the comment says why, as the summary does.
        return `<h4>${(0,inert_html/* inert */.tJ)(`At the edge: ${(0,vocabulary/* verificationMark */.Tq)('not-started')}`)}</h4>\n<p>${prose(part.message)}</p>\n`;
    }
    if (part === undefined) {
        if (purge?.results === undefined || purge.outcome.count === 0)
            return '';
        return `<h4>${(0,inert_html/* inert */.tJ)(`At the edge: ${(0,vocabulary/* verificationMark */.Tq)('not-verified')}`)}</h4>\n<p>${(0,inert_html/* inert */.tJ)('verify is off: the service accepted the purges, which can take a few minutes to reach every data center.')}</p>\n`;
    }
    const { verification, selection, siteUrl, devices } = part.report;
    const parts = [`<h4>${(0,inert_html/* inert */.tJ)(`At the edge: ${(0,vocabulary/* verificationMark */.Tq)(verification.status)}`)}</h4>\n`];
    if (part.otherBuild !== undefined) {
        parts.push(`<p>${(0,inert_html/* inert */.tJ)((0,status_line/* otherBuildSentence */.Ag)(part.otherBuild, verification.measuredFrom))}</p>\n`);
    }
    if (verification.fatal !== undefined) {
        parts.push(`<p>${prose(verification.fatal)}</p>\n`);
        return parts.join('');
    }
    parts.push(`<p>${(0,inert_html/* inert */.tJ)(`${(0,format/* plural */.LS)(selection.pages.length, 'page')} × ${(0,format/* plural */.LS)(devices.length, 'device')} on`)} ${quoted(siteUrl)}${(0,inert_html/* inert */.tJ)(', from the data center the runner reaches.')}</p>\n`, `<p>${(0,inert_html/* inert */.tJ)((0,report_verification/* countsLine */.J7)(verification))}</p>\n`);
    const times = verification.timeToFresh;
    if (times !== undefined && part.report.against.kind !== 'warm-only') {
        parts.push(`<p>${(0,inert_html/* inert */.tJ)(`Time to fresh: median ${(0,format/* elapsed */.vk)(times.medianMs)}, slowest ${(0,format/* elapsed */.vk)(times.slowestMs)}.`)}</p>\n`);
    }
    const notFresh = verification.pages.filter(row => row.checks.some(isProblem));
    const rows = notFresh
        .slice(0, Math.min(limits.rows, OPEN_ROWS))
        .map(row => [
        quoted((0,site_path/* pathOnSite */.g)(row.url, siteUrl)),
        row.checks
            .map((check, index) => (0,inert_html/* inert */.tJ)(`${devices[index] ?? ''}: ${(0,report_verification/* markWords */.dC)(check)}`))
            .join('<br>'),
        seenBy(row)
    ]);
    if (rows.length > 0) {
        parts.push(rowsTable(['page', 'devices', 'what the edge served'], rows));
        const rest = verification.problemPages - rows.length;
        if (rest > 0) {
            parts.push(`<p>${(0,inert_html/* inert */.tJ)(`… and ${(0,format/* plural */.LS)(rest, 'more page')} not proven fresh:`)} ${runLink}.</p>\n`);
        }
    }
    const assets = verification.assets;
    if (assets !== undefined)
        parts.push(assetsPart(assets, siteUrl, limits, runLink));
    const renders = verification.renders;
    if (renders !== undefined)
        parts.push(rendersPart(renders, siteUrl, limits, runLink));
    const next = (0,report_verification/* nextStep */.sk)(part);
    if (next !== undefined)
        parts.push(`<p><strong>Next</strong>: ${(0,inert_html/* inert */.tJ)(next)}</p>\n`);
    return parts.join('');
}
/** The assets: their counts, then a compact row per broken asset with the pages that need it. */
function assetsPart(assets, siteUrl, limits, runLink) {
    const parts = [`<p>${(0,inert_html/* inert */.tJ)(`Assets: ${(0,asset_report/* assetCountsLine */.Rm)(assets)}`)}</p>\n`];
    const broken = assets.listed.filter(result => result.state === 'broken');
    const rows = broken.slice(0, Math.min(limits.rows, OPEN_ROWS)).map(result => {
        const pages = result.pages.slice(0, limits.pages).map(page => quoted((0,site_path/* pathOnSite */.g)(page, siteUrl)));
        const rest = result.pageCount - pages.length;
        return [
            quoted(result.url),
            (0,inert_html/* inert */.tJ)(`${result.device}: ${(0,vocabulary/* assetMark */.QO)(result.state)}`),
            prose((0,asset_report/* assetAnswer */.Xr)(result), 400),
            [...pages, ...(rest > 0 ? [(0,inert_html/* inert */.tJ)(`and ${(0,format/* grouped */.zD)(rest)} more`)] : [])].join(' ')
        ];
    });
    if (rows.length === 0)
        return parts.join('');
    parts.push(rowsTable(['asset', 'device', 'what it answered', 'pages that need it'], rows));
    const rest = assets.counts.broken - rows.length;
    if (rest > 0) {
        parts.push(`<p>${(0,inert_html/* inert */.tJ)(`… and ${(0,format/* plural */.LS)(rest, 'more broken asset check')}:`)} ${runLink}.</p>\n`);
    }
    return parts.join('');
}
/**
 * What crawlers get: the counts, a row per problem (page, device, what the new render has, what
 * the old one had), then a row per page that changed for crawlers; problems first.
 */
function rendersPart(renders, siteUrl, limits, runLink) {
    const parts = [`<p>${(0,inert_html/* inert */.tJ)(`Renders: ${(0,render_section/* renderCountsLine */.D)(renders)}`)}</p>\n`];
    const open = Math.min(limits.rows, OPEN_ROWS);
    const problems = renders.listed
        .slice(0, open)
        .map(row => [
        quoted((0,site_path/* pathOnSite */.g)(row.url, siteUrl)),
        (0,inert_html/* inert */.tJ)(`${row.device}: ${vocabulary/* RENDER_MARKS */.yI.bad} ${vocabulary/* RENDER_PROBLEM_WORDS */.PO[row.reason].word}`),
        prose(row.detail, 400),
        prose(row.old ?? 'not read', 400),
        (0,inert_html/* inert */.tJ)((0,vocabulary/* renderActionWords */.Ck)(row))
    ]);
    if (problems.length > 0) {
        parts.push(rowsTable(['page', 'device', 'the new render', 'the old render', 'the action'], problems));
        const rest = renders.problems - problems.length;
        if (rest > 0) {
            parts.push(`<p>${(0,inert_html/* inert */.tJ)(`… and ${(0,format/* plural */.LS)(rest, 'more render problem')}:`)} ${runLink}.</p>\n`);
        }
    }
    const changes = renders.changes
        .slice(0, open)
        .map(row => [
        quoted((0,site_path/* pathOnSite */.g)(row.url, siteUrl)),
        (0,inert_html/* inert */.tJ)(row.devices.join(', ')),
        row.changes
            .map(change => prose(`${vocabulary/* RENDER_CHANGE_WORDS */.Cc[change.field]}: ${change.old} → ${change.new}`, 400))
            .join('<br>')
    ]);
    if (changes.length > 0) {
        parts.push(rowsTable(['page', 'devices', 'what changed for crawlers'], changes));
        const rest = renders.changed - (0,render_report/* changedRendersIn */.LQ)(renders.changes.slice(0, open));
        if (rest > 0) {
            parts.push(`<p>${(0,inert_html/* inert */.tJ)(`… and ${(0,format/* plural */.LS)(rest, 'more changed render')}:`)} ${runLink}.</p>\n`);
        }
    }
    return parts.join('');
}
/** Not fresh and worth a row: stale, failed, not started (the settled ones are counted). */
function isProblem(check) {
    return check === undefined || check.state === 'stale' || check.state === 'failed';
}
/** What the devices saw, once when they agree. */
function seenBy(row) {
    const seen = [
        ...new Set(row.checks.map(check => (0,report_verification/* describeCheck */.cn)(check)).filter(text => text !== undefined))
    ];
    return seen.map(text => prose(text, 400)).join('<br>');
}
/** The purge requests of a result: the failed ones each with why, or that all were accepted. */
function requestsSection(purge, limits) {
    const results = purge.results;
    if (results === undefined || results.length === 0)
        return '';
    const failed = results.filter(result => result.outcome !== 'purged');
    if (failed.length === 0) {
        return `<p>${(0,inert_html/* inert */.tJ)(`${(0,format/* plural */.LS)(results.length, 'purge request')}, all accepted by the service.`)}</p>\n`;
    }
    const items = failed.slice(0, Math.max(1, limits.items)).map(result => {
        const { request } = result;
        const where = request.country === undefined ? '' : ` (country ${request.country})`;
        return `<li>${(0,inert_html/* inert */.tJ)(`#${request.index + 1}, ${(0,format/* plural */.LS)(request.items.length, request.kind === 'url' ? 'URL' : request.kind)}${where}: `)}${prose((0,purge_section/* resultText */.D6)(result), 600)}</li>`;
    });
    const rest = failed.length - items.length;
    if (rest > 0)
        items.push(`<li>${(0,inert_html/* inert */.tJ)(`… and ${(0,format/* grouped */.zD)(rest)} more`)}</li>`);
    return `<h4>${(0,inert_html/* inert */.tJ)(`Purge requests: ${(0,format/* grouped */.zD)(failed.length)} of ${(0,format/* grouped */.zD)(results.length)} not accepted`)}</h4>\n<ul>\n${items.join('\n')}\n</ul>\n`;
}
/** The warnings of the run (the match-all guard's, the inputs', the mapping's). */
function warningsSection(warnings, limits) {
    if (warnings.length === 0)
        return '';
    const shown = warnings
        .slice(0, Math.max(3, limits.items))
        .map(warning => `<li>${prose(warning, 600)}</li>`);
    const rest = warnings.length - shown.length;
    if (rest > 0)
        shown.push(`<li>${(0,inert_html/* inert */.tJ)(`… and ${(0,format/* grouped */.zD)(rest)} more, in the log`)}</li>`);
    return `<h4>${(0,inert_html/* inert */.tJ)(`Warnings (${(0,format/* grouped */.zD)(warnings.length)})`)}</h4>\n<ul>\n${shown.join('\n')}\n</ul>\n`;
}
/** What stopped a run before it purged: said in a sentence, the job summary has the rest. */
function stoppedSection(report) {
    const reasons = [];
    if (report.changedFilesFailure !== undefined) {
        reasons.push(`The changed files could not be listed, so nothing was purged: ${report.changedFilesFailure.error}`);
    }
    const origin = report.origin;
    if (origin !== undefined && !origin.wait.ready && !origin.dryRun) {
        reasons.push(`origin_url never showed build ${origin.build.text} within ${(0,format/* setting */.Pe)(origin.timeoutMs)}, so nothing was purged (a purge then would cache what it served instead).`);
    }
    if (report.unexpectedError !== undefined) {
        reasons.push(`The run stopped on an unexpected error: ${report.unexpectedError}`);
    }
    return reasons.map(reason => `<p>❌ ${prose(reason)}</p>\n`).join('');
}
/** `1 tag and 3 URLs` of a fingerprint's counts. */
function countsOf(targets) {
    const [tags, urls, patterns] = targets;
    const parts = [
        tags > 0 ? (0,format/* plural */.LS)(tags, 'tag') : '',
        urls > 0 ? (0,format/* plural */.LS)(urls, 'URL') : '',
        patterns > 0 ? (0,format/* plural */.LS)(patterns, 'pattern') : ''
    ].filter(Boolean);
    return parts.length === 0 ? 'nothing' : (0,format/* andList */.cM)(parts);
}

;// CONCATENATED MODULE: ./src/comment/render/comment.ts
/**
 * The comment on a pull request, rendered from the run report (pure), as the job summary is.
 * On the pull request it is the plan: what the merge will purge, most important first (the
 * status line, the targets by kind, the changed files and the url_map line that mapped each,
 * the pages each pattern and folder tag selects, the requests and the time they take, the
 * warnings). After the merge, the same comment becomes the result: what was purged, what the
 * edge proved, and whether that was the plan the pull request previewed.
 *
 * It opens with the hidden marker (comment/write/marker.ts) by which the next run finds it. GitHub
 * refuses a comment over 65,536 characters: lists shrink until it fits, and past that only the
 * head is kept, with a link to the job summary. Every text from outside is made inert
 * (text/inert-html.ts): escaped, its mentions, references and links broken.
 */







/** GitHub's limit for a comment's body. */
const MAX_COMMENT_CHARACTERS = 65_536;
/** What the comment may take: room left for GitHub's own counting of characters. */
const BUDGET = 60_000;
const FULL_LIMITS = { rows: 100, items: 40, pages: 5 };
function renderComment(report, context) {
    let limits = FULL_LIMITS;
    for (;;) {
        const body = renderWithLimits(report, context, limits);
        if (body.length <= BUDGET)
            return body;
        if (limits.rows === 0 && limits.items === 0)
            break;
        limits = {
            rows: Math.floor(limits.rows / 4),
            items: Math.floor(limits.items / 4),
            pages: Math.min(limits.pages, 1)
        };
    }
    // Even the shortest lists do not fit (a wall of warnings, each one long): the head alone.
    const cut = `<p>${(0,inert_html/* inert */.tJ)('The rest did not fit in a comment (GitHub takes at most 65,536 characters):')} ${runLink(context, 'the job summary has it all')}.</p>\n`;
    return `${head(report, context)}${cut}${footer(context)}`.slice(0, BUDGET);
}
function renderWithLimits(report, context, limits) {
    const { purge } = report;
    const parts = [head(report, context), stoppedSection(report)];
    const kind = context.marker.kind;
    if (kind === 'result') {
        parts.push(comparison(context));
        parts.push(verificationSection(report.verification, purge, limits, runLink(context)));
        if (purge !== undefined)
            parts.push(requestsSection(purge, limits));
    }
    if (purge !== undefined) {
        const { outcome, plan, results } = purge;
        const verifyOnly = outcome.status === 'verify-only';
        const title = verifyOnly
            ? 'Pages checked for (mode: verify, nothing purged)'
            : results === undefined
                ? 'Would purge'
                : 'Purged';
        parts.push(targetsSection(title, verifyOnly ? plan.targets : outcome.purged, outcome.failed, limits));
    }
    if (report.changedFiles !== undefined) {
        parts.push(changedFilesSection(report.changedFiles, limits));
    }
    if (kind === 'plan') {
        if (report.preview !== undefined) {
            parts.push(selectionSection(report.preview, purge?.plan.targets.urls ?? [], limits, (0,changed_files_report/* urlsOfGoneFiles */.qq)(report.changedFiles)));
        }
        else if ((purge?.plan.targets.patterns.length ?? 0) + (purge?.plan.targets.tags.length ?? 0) >
            0) {
            parts.push(`<p>${(0,inert_html/* inert */.tJ)('To see which pages each pattern and folder tag selects, give site_url: the plan then reads the sitemap.')}</p>\n`);
        }
        parts.push(paceSection(report));
    }
    parts.push(warningsSection(report.warnings, limits));
    parts.push(footer(context));
    return parts.filter(part => part !== '').join('');
}
/** The marker, the status line, and what this comment is: a plan, or a result. */
function head(report, context) {
    const { marker } = context;
    const commit = context.commit === undefined ? '' : ` at ${code7(context.commit)}`;
    const by = `${runLink(context)} of ${codeOf(marker.workflow)}, job ${codeOf(marker.job)}`;
    let what;
    if (marker.kind === 'plan') {
        const dryRun = report.purge?.results === undefined;
        what = `<strong>Plan</strong> for this pull request${commit}, by ${by}. ${(0,inert_html/* inert */.tJ)(dryRun ? 'Nothing was purged: this run is a dry run (dry_run). The run that deploys the merge purges it and writes its result here.' : 'This run purged for real.')}`;
    }
    else {
        what = `<strong>Result</strong> of the deploy${commit} (${(0,inert_html/* inert */.tJ)(context.event)}), by ${by}.`;
    }
    return `${(0,write_marker/* writeMarker */.en)(marker)}\n<h3>${prose((0,status_line/* statusLine */.Bs)(report), 1500)}</h3>\n<p>${what}</p>\n`;
}
/** On a result: whether it applied the plan the pull request previewed. */
function comparison({ marker }) {
    const previewed = marker.previewed;
    if (previewed === undefined) {
        return `<p>${(0,inert_html/* inert */.tJ)('No plan was previewed on this pull request by this workflow and job.')}</p>\n`;
    }
    const at = previewed.sha === undefined ? '' : ` at ${code7(previewed.sha)}`;
    if (previewed.plan === marker.plan) {
        return `<p>✅ ${(0,inert_html/* inert */.tJ)(`It purged the plan this pull request previewed (${countsOf(previewed.targets)}`)}${at}).</p>\n`;
    }
    return `<p>⚠️ <strong>${(0,inert_html/* inert */.tJ)('The plan applied differs from the one previewed')}</strong>${(0,inert_html/* inert */.tJ)(`: previewed ${countsOf(previewed.targets)}`)}${at}${(0,inert_html/* inert */.tJ)(`, applied ${countsOf(marker.targets)}. Other commits were merged in between, or the inputs changed; the lists below are what was applied.`)}</p>\n`;
}
function footer(context) {
    const when = new Date(context.now).toISOString().replace(/\.\d+Z$/, 'Z');
    return `<p><sub>${(0,inert_html/* inert */.tJ)(`Updated ${when} by`)} ${runLink(context)}. ${(0,inert_html/* inert */.tJ)('Written by render-cache-purge-action; the job summary has the whole run.')}</sub></p>\n`;
}
/** `run 123` linked to the run's page (where the job summary is); plain text without one. */
function runLink(context, text) {
    const label = text ??
        (context.runId === undefined ? 'this run' : `run ${(0,format/* grouped */.zD)(context.runId).replace(/,/g, '')}`);
    if (context.runUrl === undefined)
        return (0,inert_html/* inert */.tJ)(label);
    // Our own link: the runner's address, escaped as an attribute, never outside text.
    return `<a href="${(0,html/* escapeHtml */.ZD)(context.runUrl)}">${(0,inert_html/* inert */.tJ)(label)}</a>`;
}
function codeOf(text) {
    return `<code>${prose(text, 200)}</code>`;
}
/** A commit as git shows it short. */
function code7(sha) {
    return codeOf((0,format/* shortSha */.Fu)(sha));
}


/***/ })

};
