export const id = 675;
export const ids = [675];
export const modules = {

/***/ 5675:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   commentTargetOf: () => (/* binding */ commentTargetOf),
/* harmony export */   runUrlOf: () => (/* binding */ runUrlOf),
/* harmony export */   statusCommitOf: () => (/* binding */ statusCommitOf)
/* harmony export */ });
/* harmony import */ var _changed_files_change_source_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7488);
/* harmony import */ var _github_records_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7997);
/* harmony import */ var _text_trailing_run_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7043);
/**
 * Which pull request a run's comment belongs on, and which commit its status goes on, from the
 * event that started the run (PURE). A pull request's own events name it; the push, deployment
 * or workflow run that deploys a merge names a commit, whose merged pull request GitHub is
 * then asked for (github-writer.ts). Any other event names no pull request: a comment there
 * would land on whichever pull request last touched the commit, which is a guess.
 */



const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);
/** `headSha`: the head_sha input, which names the deployed commit when given. */
function commentTargetOf(context, headSha) {
    const { eventName, payload } = context;
    if (PULL_REQUEST_EVENTS.has(eventName)) {
        const pullRequest = (0,_github_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(payload['pull_request']);
        const number = (0,_changed_files_change_source_js__WEBPACK_IMPORTED_MODULE_1__/* .positiveInteger */ .Cq)(pullRequest?.['number']) ?? (0,_changed_files_change_source_js__WEBPACK_IMPORTED_MODULE_1__/* .positiveInteger */ .Cq)(payload['number']);
        if (number === undefined) {
            return { kind: 'none', reason: `the ${eventName} event names no pull request number` };
        }
        return { kind: 'pull-request', number, fork: fromFork(pullRequest) };
    }
    const why = deploysNothing(eventName, payload);
    if (why !== undefined)
        return { kind: 'none', reason: why };
    const commit = (0,_changed_files_change_source_js__WEBPACK_IMPORTED_MODULE_1__/* .deployedCommit */ .qd)(context, headSha);
    if (commit === undefined) {
        return { kind: 'none', reason: `the ${eventName} event names no commit` };
    }
    return { kind: 'merged', sha: commit.sha, source: commit.source };
}
/**
 * Why an event deploys no merge (so its comment would be a guess, or would overwrite a plan
 * with "nothing to purge"), or undefined when it does.
 */
function deploysNothing(eventName, payload) {
    switch (eventName) {
        case 'push': {
            const ref = (0,_changed_files_change_source_js__WEBPACK_IMPORTED_MODULE_1__/* .payloadText */ .Ai)(payload['ref']) ?? '';
            if (payload['deleted'] === true)
                return 'the push deleted a branch';
            if (ref.startsWith('refs/tags/'))
                return 'a tag push merges no pull request';
            return undefined;
        }
        case 'deployment':
            return undefined;
        case 'deployment_status': {
            const state = (0,_changed_files_change_source_js__WEBPACK_IMPORTED_MODULE_1__/* .payloadText */ .Ai)((0,_github_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(payload['deployment_status'])?.['state']);
            return state === 'success'
                ? undefined
                : `the deployment's state is ${state ?? 'unknown'}, not success`;
        }
        case 'workflow_run': {
            const conclusion = (0,_changed_files_change_source_js__WEBPACK_IMPORTED_MODULE_1__/* .payloadText */ .Ai)((0,_github_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(payload['workflow_run'])?.['conclusion']);
            return conclusion === 'success'
                ? undefined
                : `the workflow run's conclusion is ${conclusion ?? 'unknown'}, not success`;
        }
        default:
            return `the ${eventName || 'unknown'} event names no pull request (pr_comment writes on pull_request, pull_request_target, and the push, deployment, deployment_status or workflow_run of a merge)`;
    }
}
/** A pull request whose head lives in another repository (or in one since deleted). */
function fromFork(pullRequest) {
    const head = (0,_github_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)((0,_github_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(pullRequest?.['head'])?.['repo']);
    const base = (0,_github_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)((0,_github_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(pullRequest?.['base'])?.['repo']);
    if (head === undefined)
        return pullRequest !== undefined;
    const headName = (0,_changed_files_change_source_js__WEBPACK_IMPORTED_MODULE_1__/* .payloadText */ .Ai)(head['full_name']);
    const baseName = (0,_changed_files_change_source_js__WEBPACK_IMPORTED_MODULE_1__/* .payloadText */ .Ai)(base?.['full_name']);
    return headName !== undefined && baseName !== undefined && headName !== baseName;
}
/**
 * The commit a status goes on: a pull request's head on its events (GITHUB_SHA is then a merge
 * commit GitHub made, which no check list shows), else the deployed commit.
 */
function statusCommitOf(context, headSha) {
    if (headSha === undefined && PULL_REQUEST_EVENTS.has(context.eventName)) {
        const head = (0,_changed_files_change_source_js__WEBPACK_IMPORTED_MODULE_1__/* .payloadSha */ .R6)((0,_github_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)((0,_github_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(context.payload['pull_request'])?.['head'])?.['sha']);
        if (head !== undefined && head.length === 40)
            return { sha: head, source: 'pull_request.head.sha' };
    }
    const commit = (0,_changed_files_change_source_js__WEBPACK_IMPORTED_MODULE_1__/* .deployedCommit */ .qd)(context, headSha);
    return commit?.sha.length === 40 ? commit : undefined;
}
/** The run's page, where its job summary is; undefined without a run id. */
function runUrlOf(run) {
    if (run.runId === undefined)
        return undefined;
    const { owner, repo } = run.repository;
    const server = (0,_text_trailing_run_js__WEBPACK_IMPORTED_MODULE_2__/* .withoutTrailing */ .hT)(run.serverUrl ?? 'https://github.com', '/');
    const attempt = run.runAttempt !== undefined && run.runAttempt > 1 ? `/attempts/${run.runAttempt}` : '';
    return `${server}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/actions/runs/${run.runId}${attempt}`;
}


/***/ })

};
