export const id = 653;
export const ids = [653,524];
export const modules = {

/***/ 5653:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   renderOldContentSection: () => (/* binding */ renderOldContentSection)
/* harmony export */ });
/* harmony import */ var _repurge_repurger_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3524);
/* harmony import */ var _html_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6433);


const MAX_BATCH_ROWS = 20;
function renderOldContentSection(report) {
    const { repurge } = report;
    const build = (0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .code */ .aY)(report.build.text);
    if (repurge.pageCount === 0) {
        return `<h3>Content: no page was served from the previous build</h3>\n<p>With <code>verify&#95;content</code>, a page counts as fresh only when it is fresh by its cache date and shows build ${build} (${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(describeRule(report.build))}).</p>\n`;
    }
    const parts = [
        `<h3>Old content: ${repurge.pageCount} page(s) served from the previous build</h3>\n`,
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
                : `❌ ${batch.failed.length} not purged${batch.problem === undefined ? '' : `: ${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(batch.problem)}`}`
        ]);
        parts.push('<p>Purged again by URL once <code>origin&#95;url</code> showed the new build (at most 3 times a page, 5, 10 and 20 s after the old content was seen):</p>\n', (0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .table */ .tp)(['re-purge', 'sent after the purge', 'pages', 'result'], rows));
        if (repurge.batches.length > MAX_BATCH_ROWS) {
            parts.push(`<p>… and ${repurge.batches.length - MAX_BATCH_ROWS} more re-purges.</p>\n`);
        }
    }
    const pages = repurge.pages.map(({ page, repurges }) => repurges === 0 ? page : `${page} (purged again ${repurges}×)`);
    const more = repurge.pageCount - repurge.pages.length;
    parts.push((0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .foldedList */ .H8)('Pages seen with old content', more > 0 ? [...pages, `… and ${more} more`] : pages, _repurge_repurger_js__WEBPACK_IMPORTED_MODULE_1__.MAX_REPORTED_PAGES + 1));
    parts.push(`<p><strong>What to do</strong>: ${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(advice(report))}</p>\n`);
    return parts.join('');
}
function describeRule(build) {
    return build.kind === 'commit'
        ? `a commit from ${build.source}: its full SHA or a 7- to 12-character prefix`
        : `literal text from ${build.source}`;
}
function advice(report) {
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


/***/ }),

/***/ 3524:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  MAX_REPORTED_PAGES: () => (/* binding */ MAX_REPORTED_PAGES),
  Repurger: () => (/* binding */ Repurger)
});

;// CONCATENATED MODULE: ./src/repurge/schedule.ts
/**
 * When a page that showed old content is purged again. Pure: times go in, decisions come out.
 *
 * A page's n-th re-purge (at most REPURGE_DELAYS_MS.length of them) is due REPURGE_DELAYS_MS[n]
 * after the first time old content was seen on it since its last purge was accepted: 5 s, then
 * 10 s, then 20 s. The wait gives a rolling deploy time to reach the rest of its instances, and
 * gathers the pages (and devices) that show old content at about the same time into one purge.
 * Sightings made before a page's last re-purge was accepted are of the entry that re-purge
 * removes, and do not count.
 */
const REPURGE_DELAYS_MS = [5000, 10_000, 20_000];
class RepurgeSchedule {
    delaysMs;
    pages = new Map();
    constructor(delaysMs = REPURGE_DELAYS_MS) {
        this.delaysMs = delaysMs;
    }
    /**
     * Old content seen on `page` at `at`; `purgedAt` is when the purge it was judged against was
     * accepted. Returns when the page's next re-purge is due, or undefined when it has had them all.
     */
    sawOldContent(page, at, purgedAt) {
        const record = this.pages.get(page) ?? {
            repurges: 0,
            acceptedAt: purgedAt,
            seenAt: undefined,
            sending: false,
            refused: false
        };
        this.pages.set(page, record);
        if (record.refused || record.repurges >= this.delaysMs.length)
            return undefined;
        if (at >= record.acceptedAt && !record.sending)
            record.seenAt ??= at;
        return this.dueAt(record);
    }
    /** The pages whose re-purge is due at `now`, taken: they are not due again until accepted() or failed(). */
    takeDue(now) {
        const due = [];
        for (const [page, record] of this.pages) {
            const at = this.dueAt(record);
            if (at !== undefined && at <= now) {
                record.sending = true;
                due.push(page);
            }
        }
        return due;
    }
    /** The earliest time a re-purge is due; undefined when none is waiting. */
    nextDueAt() {
        let next;
        for (const record of this.pages.values()) {
            const at = this.dueAt(record);
            if (at !== undefined && (next === undefined || at < next))
                next = at;
        }
        return next;
    }
    /** The re-purge of `pages` was accepted at `at`: counted, and later sightings start afresh. */
    accepted(pages, at) {
        for (const page of pages) {
            const record = this.pages.get(page);
            if (record === undefined)
                continue;
            record.repurges++;
            record.acceptedAt = at;
            record.seenAt = undefined;
            record.sending = false;
        }
    }
    /** The re-purge of `pages` was not accepted: not counted, and not tried again by itself. */
    failed(pages) {
        for (const page of pages) {
            const record = this.pages.get(page);
            if (record === undefined)
                continue;
            record.sending = false;
            record.seenAt = undefined;
            // The service refused it after the sender's own retries: asking again would not help.
            record.refused = true;
        }
    }
    /** When `page`'s last re-purge was accepted, if it had one. */
    repurgedAt(page) {
        const record = this.pages.get(page);
        return record !== undefined && record.repurges > 0 ? record.acceptedAt : undefined;
    }
    /** Every page that showed old content, with its re-purges. */
    states() {
        return [...this.pages].map(([page, record]) => {
            const dueAt = this.dueAt(record);
            return { page, repurges: record.repurges, ...(dueAt !== undefined && { dueAt }) };
        });
    }
    dueAt(record) {
        if (record.sending || record.refused || record.seenAt === undefined)
            return undefined;
        const delay = this.delaysMs[record.repurges];
        return delay === undefined ? undefined : record.seenAt + delay;
    }
}

;// CONCATENATED MODULE: ./src/repurge/repurger.ts

const MAX_REPORTED_PAGES = 1000;
/** Pages that come due this soon after the first one are purged again with it. */
const GATHER_MS = 2000;
/** The page as the service's URL purge names it: path and query. */
function purgePath(page) {
    return `${page.pathname}${page.search}`;
}
class Repurger {
    options;
    schedule;
    batches = [];
    seenPages = new Set();
    wake = new AbortController();
    /** When the loop's sleep ends: a page due sooner wakes it. */
    sleepingUntil = Number.POSITIVE_INFINITY;
    stopped = new AbortController();
    originNotLive = false;
    hinted = false;
    constructor(options) {
        this.options = options;
        this.schedule = options.schedule ?? new RepurgeSchedule();
    }
    seen(page, at, purgedAt) {
        const path = purgePath(page);
        if (!this.seenPages.has(path)) {
            this.seenPages.add(path);
            if (this.seenPages.size === 1)
                this.sayFirstSighting(path);
        }
        if (this.options.mode.kind !== 'repurge' || this.originNotLive)
            return;
        const dueAt = this.schedule.sawOldContent(path, at, purgedAt ?? at);
        // A page due sooner than the loop's sleep: wake it to look again.
        if (dueAt !== undefined && dueAt < this.sleepingUntil)
            this.wake.abort();
    }
    repurgedAt(page) {
        return this.schedule.repurgedAt(purgePath(page));
    }
    /** Runs until stop(): sends each group of pages when due. */
    async run() {
        const { mode, clock } = this.options;
        if (mode.kind !== 'repurge')
            return;
        while (!this.stopped.signal.aborted) {
            const now = clock.now();
            if (now >= this.options.deadline)
                return;
            const next = this.schedule.nextDueAt();
            if (next === undefined || next > now) {
                this.wake = new AbortController();
                this.sleepingUntil = Math.min(next ?? this.options.deadline, this.options.deadline);
                await clock.sleep(this.sleepingUntil - now, this.wake.signal);
                this.sleepingUntil = Number.POSITIVE_INFINITY;
                continue;
            }
            // The first page is due: the others that come due in the next moments go with it, in
            // one purge rather than one each (each still waits at least its own delay).
            const gatherUntil = Math.min(now + GATHER_MS, this.options.deadline);
            if (gatherUntil > now)
                await clock.sleep(gatherUntil - now, this.stopped.signal);
            if (this.stopped.signal.aborted)
                return;
            const due = this.schedule.takeDue(clock.now());
            if (due.length === 0)
                continue;
            const live = await mode.originLive(this.options.deadline, this.stopped.signal);
            if (this.stopped.signal.aborted) {
                this.schedule.failed(due);
                return;
            }
            if (!live) {
                this.originNotLive = true;
                this.schedule.failed(due);
                this.options.log.warning(`Old content on ${this.seenPages.size} page(s) is not purged again: origin_url did not show the new build before the verification's deadline.`);
                return;
            }
            this.options.log.info(`Re-purge: ${due.length} page(s) showed the previous build after the purge; origin_url shows the new one, so they are purged again: ${preview(due)}.`);
            const sentAt = clock.now();
            const sent = await mode.send(due);
            if (sent.accepted.length > 0 && sent.acceptedAt !== undefined) {
                this.schedule.accepted(sent.accepted, sent.acceptedAt);
            }
            if (sent.failed.length > 0)
                this.schedule.failed(sent.failed);
            this.batches.push({
                at: sentAt,
                pages: due,
                accepted: sent.accepted,
                failed: sent.failed,
                ...(sent.problem !== undefined && { problem: sent.problem })
            });
        }
    }
    stop() {
        this.stopped.abort();
        this.wake.abort();
    }
    report() {
        const repurges = new Map(this.schedule.states().map(state => [state.page, state.repurges]));
        const pages = [...this.seenPages]
            .slice(0, MAX_REPORTED_PAGES)
            .map(page => ({ page, repurges: repurges.get(page) ?? 0 }));
        return {
            mode: this.options.mode.kind,
            pages,
            pageCount: this.seenPages.size,
            batches: this.batches,
            ...(this.originNotLive && { originNotLive: true })
        };
    }
    sayFirstSighting(path) {
        if (this.hinted)
            return;
        this.hinted = true;
        const what = `Old content: ${path} was rendered again after the purge from the previous build (the page does not show the new build).`;
        switch (this.options.mode.kind) {
            case 'repurge':
                this.options.log.info(`${what} It is purged again once origin_url shows the new build (at most 3 times, 5, 10 and 20 s after it is seen).`);
                return;
            case 'no-origin-url':
                this.options.log.warning(`${what} It is not purged again: set origin_url, so that the action waits for the new build before purging, and purges old content again.`);
                return;
            case 'disabled':
                this.options.log.warning(`${what} It is not purged again (repurge_old_content: false).`);
                return;
            case 'verify-only':
                this.options.log.warning(`${what} It is not purged again: mode: verify purges nothing; purge it again from the purge job once the deploy has finished.`);
        }
    }
}
function preview(pages) {
    const shown = pages.slice(0, 5).join(', ');
    return pages.length > 5 ? `${shown} and ${pages.length - 5} more` : shown;
}


/***/ })

};
