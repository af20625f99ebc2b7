export const id = 604;
export const ids = [604];
export const modules = {

/***/ 6604:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   finalStatus: () => (/* binding */ finalStatus),
/* harmony export */   pendingStatus: () => (/* binding */ pendingStatus)
/* harmony export */ });
/* unused harmony export MAX_STATUS_DESCRIPTION */
/* harmony import */ var _text_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8488);
/* harmony import */ var _run_report_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7330);
/* harmony import */ var _status_line_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8509);
/* harmony import */ var _assets_asset_report_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1273);
/* harmony import */ var _vocabulary_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7568);
/**
 * The commit status of a run, from its report (pure): what a branch protection rule, a
 * deployment gate or another workflow waits on. `success` means the edge serves the new pages
 * (every verifiable check fresh), or, without verification, that the service accepted every
 * purge; `failure` means the edge still served stale or old content at the deadline; `error`
 * means the run itself failed (inputs, the changed files, the origin, the purge, a check that
 * could not be made). GitHub cuts a description at 140 characters: it says the counts.
 */





const WORDS = {
    fresh: _vocabulary_js__WEBPACK_IMPORTED_MODULE_2__/* .PAGE_STATE_WORDS */ .kG.fresh.commitStatus,
    stale: _vocabulary_js__WEBPACK_IMPORTED_MODULE_2__/* .PAGE_STATE_WORDS */ .kG.stale.commitStatus,
    oldBuild: _vocabulary_js__WEBPACK_IMPORTED_MODULE_2__/* .PAGE_STATE_WORDS */ .kG['old-build'].commitStatus,
    failed: _vocabulary_js__WEBPACK_IMPORTED_MODULE_2__/* .PAGE_STATE_WORDS */ .kG.failed.commitStatus,
    notStarted: _vocabulary_js__WEBPACK_IMPORTED_MODULE_2__/* .PAGE_STATE_WORDS */ .kG['not-started'].commitStatus,
    // Every settled state (404/410, DYNAMIC, bypassed, MISS) is counted under one word.
    settled: _vocabulary_js__WEBPACK_IMPORTED_MODULE_2__/* .PAGE_STATE_WORDS */ .kG.gone.commitStatus
};
const MAX_STATUS_DESCRIPTION = 140;
/** Set when verification starts: the gate waits until the final status. */
function pendingStatus(timeoutMs) {
    return status('pending', `Checking the pages at the edge (deadline ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .setting */ .Pe)(timeoutMs)})`);
}
function finalStatus(report) {
    if (report.unexpectedError !== undefined) {
        return status('error', `The step failed: ${report.unexpectedError}`);
    }
    if (report.inputProblems !== undefined) {
        return status('error', `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(report.inputProblems.length, 'input problem')}, nothing purged`);
    }
    if (report.changedFilesFailure !== undefined) {
        return status('error', 'The changed files could not be listed, nothing purged');
    }
    if ((0,_run_report_js__WEBPACK_IMPORTED_MODULE_4__/* .originFailed */ .o)(report.origin) && report.origin !== undefined) {
        return status('error', `origin_url did not show build ${report.origin.build.text} in ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .setting */ .Pe)(report.origin.timeoutMs)}, nothing purged`);
    }
    const purge = report.purge;
    const part = report.verification;
    // Stopped before purging (issue 26): the pages to check would not fit one job's memory.
    if (part?.kind === 'over-budget') {
        return status('error', 'Too many pages to check in one job: set shard; nothing purged');
    }
    if (purge?.outcome.status === 'failed') {
        const results = purge.results ?? [];
        const failed = results.filter(result => result.outcome !== 'purged').length;
        return status('error', `${failed} of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(results.length, 'purge request')} failed; ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(purge.outcome.failed.length, 'target')} not purged`);
    }
    if (part?.kind === 'verified')
        return verifiedStatus(part.report.verification, part.timeoutMs);
    if (purge === undefined || purge.outcome.status === 'nothing-to-purge') {
        return status('success', 'Nothing to purge');
    }
    return status('success', `${(0,_status_line_js__WEBPACK_IMPORTED_MODULE_0__/* .describeTargets */ .Eg)(purge.outcome.purged)} purged (accepted by the service; not verified at the edge)`);
}
function verifiedStatus(verification, timeoutMs) {
    if (verification.fatal !== undefined) {
        return status('error', `Verification stopped: ${verification.fatal}`);
    }
    const { counts } = verification;
    const total = verification.checks + verification.notReached;
    const assets = (0,_assets_asset_report_js__WEBPACK_IMPORTED_MODULE_1__/* .assetsOf */ .ZS)(verification);
    // Broken assets first: a page that cannot render matters most, and GitHub cuts at 140.
    const brokenAssets = assets !== undefined && assets.counts.broken > 0
        ? `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)((0,_assets_asset_report_js__WEBPACK_IMPORTED_MODULE_1__/* .distinctAssets */ .aO)(assets, 'broken'))} of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(assets.assets, 'asset')} ${_vocabulary_js__WEBPACK_IMPORTED_MODULE_2__/* .ASSET_STATE_WORDS */ .jI.broken.commitStatus}`
        : '';
    const stale = counts.stale - verification.oldContent;
    const deadline = `at the ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .setting */ .Pe)(timeoutMs)} deadline`;
    const failure = [
        stale > 0 ? `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(stale)} of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(total, 'check')} ${WORDS.stale} ${deadline}` : '',
        verification.oldContent > 0 ? `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(verification.oldContent)} ${WORDS.oldBuild}` : '',
        verification.notReached > 0 ? `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(verification.notReached)} ${WORDS.notStarted}` : ''
    ].filter(Boolean);
    if (failure.length > 0)
        return status('failure', [brokenAssets, ...failure].filter(Boolean).join('; '));
    if (counts.failed > 0) {
        return status('error', `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(counts.failed)} of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(total, 'check')} ${WORDS.failed}`);
    }
    if (counts.fresh === 0)
        return status('success', 'Purged; no page could be proven fresh at the edge');
    const slowest = verification.timeToFresh?.slowestMs;
    const settled = total - counts.fresh;
    const fresh = `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(counts.fresh)} of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(total, 'check')} ${WORDS.fresh}${slowest === undefined ? '' : ` in ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .elapsed */ .vk)(slowest)}`}${settled > 0 ? `; ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(settled)} ${WORDS.settled}` : ''}`;
    if (brokenAssets !== '' || verification.status === 'broken') {
        return status('failure', [brokenAssets, fresh].filter(Boolean).join('; '));
    }
    return status('success', `${fresh}${assets === undefined ? '' : assetsWords(assets)}`);
}
/** `; 30 assets whole (1 repaired)`, or `; 2 of 30 assets not checked`: after the pages. */
function assetsWords(assets) {
    const { counts } = assets;
    const all = (0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(assets.assets, 'asset');
    if (counts['not-checked'] > 0) {
        return `; ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)((0,_assets_asset_report_js__WEBPACK_IMPORTED_MODULE_1__/* .distinctAssets */ .aO)(assets, 'not-checked'))} of ${all} ${_vocabulary_js__WEBPACK_IMPORTED_MODULE_2__/* .ASSET_STATE_WORDS */ .jI['not-checked'].commitStatus}`;
    }
    const repaired = counts.repaired > 0
        ? ` (${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)((0,_assets_asset_report_js__WEBPACK_IMPORTED_MODULE_1__/* .distinctAssets */ .aO)(assets, 'repaired'))} ${_vocabulary_js__WEBPACK_IMPORTED_MODULE_2__/* .ASSET_STATE_WORDS */ .jI.repaired.commitStatus})`
        : '';
    return `; ${all} ${_vocabulary_js__WEBPACK_IMPORTED_MODULE_2__/* .ASSET_STATE_WORDS */ .jI.whole.commitStatus}${repaired}`;
}
/** One line, at most 140 characters, cut with an ellipsis. */
function status(state, text) {
    const line = text.replace(/\s+/g, ' ').trim();
    const description = line.length > MAX_STATUS_DESCRIPTION ? `${line.slice(0, MAX_STATUS_DESCRIPTION - 1)}…` : line;
    return { state, description };
}


/***/ })

};
