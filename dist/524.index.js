export const id = 524;
export const ids = [524];
export const modules = {

/***/ 3524:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Repurger: () => (/* binding */ Repurger)
});

// EXTERNAL MODULE: ./src/repurge/limits.ts
var limits = __webpack_require__(754);
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

class RepurgeSchedule {
    delaysMs;
    pages = new Map();
    constructor(delaysMs = limits/* REPURGE_DELAYS_MS */.zX) {
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
    /**
     * The sightings of `pages` taken for a re-purge are dropped, not counted: what they showed
     * counts as fresh after all (a newer build learned since). A later sighting schedules anew.
     */
    forget(pages) {
        for (const page of pages) {
            const record = this.pages.get(page);
            if (record === undefined)
                continue;
            record.sending = false;
            record.seenAt = undefined;
        }
    }
    /** The pages whose sighting waits to come due (not taken for a re-purge yet). */
    waiting() {
        return [...this.pages]
            .filter(([, record]) => !record.sending && record.seenAt !== undefined)
            .map(([page]) => page);
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

// EXTERNAL MODULE: ./src/build/build-id.ts
var build_id = __webpack_require__(6652);
// EXTERNAL MODULE: ./src/build/commit-relation.ts
var commit_relation = __webpack_require__(5468);
// EXTERNAL MODULE: ./src/text/format.ts
var format = __webpack_require__(8488);
;// CONCATENATED MODULE: ./src/repurge/repurger.ts
/**
 * Purges pages that showed old content again, while the verification goes on. The verification
 * tells it of each sighting (it is the loop's OldContentWatcher); the schedule (schedule.ts)
 * says when each page is due; before each re-purge, origin_url must show the build (a look, or
 * a wait within the verification's deadline: purging again before the build is live would only
 * cache the old one once more); the purge itself goes through the caller's sender, the same
 * batching, countries, retries and redaction as any purge. Without origin_url (or with
 * repurge_old_content: false) it only records what it saw, for the report.
 * The clock and the sender come from the caller, so tests drive it with a test clock.
 */






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
    rolledBackTo;
    /** origin_url was looked at since old content was first seen. */
    lookedAtOrigin = false;
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
        // A page due sooner than the loop's sleep, or origin_url to look at: wake it.
        if ((dueAt !== undefined && dueAt < this.sleepingUntil) || this.firstLookDue()) {
            this.wake.abort();
        }
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
            if (this.firstLookDue()) {
                // At the first sighting, not when a re-purge comes due: a newer build or a rollback is
                // learned seconds sooner, and purges nothing.
                this.lookedAtOrigin = true;
                const origin = await mode.originLive(this.options.deadline, this.stopped.signal);
                if (this.stopped.signal.aborted || this.follow(origin, []) === 'end')
                    return;
                continue;
            }
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
            const origin = await mode.originLive(this.options.deadline, this.stopped.signal);
            if (this.stopped.signal.aborted) {
                this.schedule.failed(due);
                return;
            }
            const followed = this.follow(origin, due);
            if (followed === 'end')
                return;
            if (followed === 'ask-again')
                continue;
            this.options.log.info(`Re-purge: ${due.length} page(s) did not show ${this.liveBuildWords()} after the purge; origin_url shows ${origin.kind === 'newer' ? `the newer build ${(0,format/* shortSha */.Fu)(origin.commit)}` : 'the new one'}, so they are purged again: ${preview(due)}.`);
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
    /** Old content was seen and origin_url not looked at yet, by a run that can relate builds. */
    firstLookDue() {
        return (!this.lookedAtOrigin &&
            this.seenPages.size > 0 &&
            this.options.succession?.own.kind === 'commit');
    }
    /**
     * What origin_url showed, followed: a rollback or a build never live ends the re-purges
     * (`due` are not sent); a newer build learned now has the pages seen so far asked again;
     * otherwise `due` are purged.
     */
    follow(origin, due) {
        const { clock } = this.options;
        if (origin.kind === 'rolled-back') {
            this.rolledBackTo = origin.commit;
            this.schedule.failed(due);
            this.options.succession?.rolledBack(origin.commit, clock.now());
            return 'end';
        }
        if (origin.kind === 'not-live') {
            this.originNotLive = true;
            this.schedule.failed(due);
            this.options.log.warning(`Old content on ${this.seenPages.size} page(s) is not purged again: origin_url did not show the new build before the verification's deadline.`);
            return 'end';
        }
        if (origin.kind === 'newer' &&
            this.options.succession?.superseded(origin.commit, clock.now())) {
            // Seen before the newer build was known (due now or later): a page may have shown it,
            // which counts as fresh from now on. Its check, still asking, tells again if it shows
            // neither build.
            const seenBefore = [...due, ...this.schedule.waiting()];
            this.schedule.forget(seenBefore);
            // A page purged again before stays in the report, with its re-purges.
            for (const page of seenBefore) {
                if (this.schedule.repurgedAt(page) === undefined)
                    this.seenPages.delete(page);
            }
            this.options.log.info(`Re-purge: origin_url shows ${(0,commit_relation/* otherBuildWords */.W6)(origin.commit, { kind: 'newer' })}: a page that shows it is fresh; ${seenBefore.length} page(s) that showed another build are asked again before any is purged.`);
            return 'ask-again';
        }
        return 'purge';
    }
    stop() {
        this.stopped.abort();
        this.wake.abort();
    }
    report() {
        const repurges = new Map(this.schedule.states().map(state => [state.page, state.repurges]));
        const pages = [...this.seenPages]
            .slice(0, limits/* MAX_REPORTED_PAGES */._j)
            .map(page => ({ page, repurges: repurges.get(page) ?? 0 }));
        return {
            mode: this.options.mode.kind,
            pages,
            pageCount: this.seenPages.size,
            batches: this.batches,
            ...(this.originNotLive && { originNotLive: true }),
            ...(this.rolledBackTo !== undefined && { rolledBackTo: this.rolledBackTo })
        };
    }
    /** What a fresh page shows: `build abc1234`, or `build abc1234 or the newer build def5678`. */
    liveBuildWords() {
        const { own, supersededBy } = this.options.succession ?? {};
        const ownWords = own === undefined ? 'the new build' : `build ${(0,build_id/* shortBuild */.NB)(own)}`;
        return supersededBy === undefined
            ? ownWords
            : `${ownWords} or the newer build ${(0,format/* shortSha */.Fu)(supersededBy.commit)}`;
    }
    sayFirstSighting(path) {
        if (this.hinted)
            return;
        this.hinted = true;
        const what = `Old content: ${path} was rendered again after the purge from another build (the page does not show ${this.liveBuildWords()}).`;
        switch (this.options.mode.kind) {
            case 'repurge':
                this.options.log.info(`${what} It is purged again once origin_url shows the new build (at most ${limits/* REPURGE_TIMES_TEXT */.E1}, ${limits/* REPURGE_DELAYS_TEXT */.qz} after it is seen).`);
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
