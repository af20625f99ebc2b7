export const id = 675;
export const ids = [675];
export const modules = {

/***/ 7488:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ai: () => (/* binding */ payloadText),
/* harmony export */   Cq: () => (/* binding */ positiveInteger),
/* harmony export */   Fu: () => (/* binding */ shortSha),
/* harmony export */   PE: () => (/* binding */ deploymentOf),
/* harmony export */   R6: () => (/* binding */ payloadSha),
/* harmony export */   Uz: () => (/* binding */ DEFAULT_ENVIRONMENT),
/* harmony export */   hp: () => (/* binding */ isZeroSha),
/* harmony export */   ln: () => (/* binding */ inputSha),
/* harmony export */   qd: () => (/* binding */ deployedCommit),
/* harmony export */   wL: () => (/* binding */ SINCE_VALUES)
/* harmony export */ });
/* harmony import */ var _github_records_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7997);
/**
 * What a change source is: the event context it is decided from, the queries and lookups it
 * asks GitHub for, and the readers of SHAs and payload fields that the per-event rules
 * (event-rules.ts), the input parser and build_id's default (`deployedCommit`) share, so that
 * all of them read a commit the same way. PURE: no network, no process.env, no @actions/*
 * imports.
 *
 * SHAs are 7 to 40 hexadecimal digits; input SHAs are trimmed and lower-cased. An all-zero SHA
 * is not a commit and is refused as input.
 */

const SINCE_VALUES = ['last-deployment', 'last-successful-run'];
/** The environment whose deployments count when neither the input nor the event names one. */
const DEFAULT_ENVIRONMENT = 'production';
const SHA_PATTERN = /^[0-9a-f]{7,40}$/;
const ALL_ZEROS = /^0+$/;
/** True for a SHA-looking value made only of zeros (GitHub's "no commit" marker in push events). */
function isZeroSha(sha) {
    return ALL_ZEROS.test(sha);
}
/** The 7-character form used in descriptions. */
function shortSha(sha) {
    return sha.slice(0, 7);
}
/** Reads a SHA from the event payload: a hex string, or undefined when absent or malformed. */
function payloadSha(value) {
    if (typeof value !== 'string')
        return undefined;
    const sha = value.trim().toLowerCase();
    return SHA_PATTERN.test(sha) ? sha : undefined;
}
/**
 * Validates one `base_sha`/`head_sha` input. Empty means "not given". Reports a problem and
 * returns undefined when invalid.
 */
/** Reads a `base_sha`/`head_sha` input; also used by the input parser, so both agree. */
function inputSha(input, raw, diag) {
    if (raw === undefined)
        return { invalid: false };
    const value = raw.trim();
    if (value === '')
        return { invalid: false };
    const sha = value.toLowerCase();
    if (!SHA_PATTERN.test(sha)) {
        diag.problem(input, raw, 'must be a commit SHA: 7 to 40 hexadecimal digits (branch and tag names are not accepted)');
        return { invalid: true };
    }
    if (isZeroSha(sha)) {
        diag.problem(input, raw, 'an all-zero SHA names no commit');
        return { invalid: true };
    }
    return { sha, invalid: false };
}
/** A payload's number when it is a positive safe integer (an id, a run number), else undefined. */
function positiveInteger(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
/** A payload's text, trimmed, or undefined when absent, not a string or blank. */
function payloadText(value) {
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
/** The deployment of a deployment or deployment_status payload; undefined without a commit. */
function deploymentOf(payload) {
    const deployment = (0,_github_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(payload['deployment']);
    const sha = payloadSha(deployment?.['sha']);
    if (deployment === undefined || sha === undefined || isZeroSha(sha))
        return undefined;
    const id = positiveInteger(deployment['id']);
    const createdAt = payloadText(deployment['created_at']);
    return {
        sha,
        environment: payloadText(deployment['environment']) ?? DEFAULT_ENVIRONMENT,
        ...(id !== undefined && { id }),
        ...(createdAt !== undefined && { createdAt })
    };
}
/**
 * The commit this run deploys, by the change ranges' rule: `head_sha` when given, else the
 * event's (`deployment.sha` for deployment and deployment_status, `workflow_run.head_sha`, the
 * release's commit, which GitHub sets as GITHUB_SHA), else GITHUB_SHA. Undefined when none is a
 * commit SHA. `build_id` defaults to it.
 */
function deployedCommit(context, headSha) {
    if (headSha !== undefined)
        return { sha: headSha, source: 'head_sha' };
    const payload = context.payload;
    if (context.eventName === 'deployment' || context.eventName === 'deployment_status') {
        const deployment = deploymentOf(payload);
        if (deployment !== undefined)
            return { sha: deployment.sha, source: 'deployment.sha' };
    }
    if (context.eventName === 'workflow_run') {
        const head = payloadSha((0,_github_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(payload['workflow_run'])?.['head_sha']);
        if (head !== undefined && !isZeroSha(head))
            return { sha: head, source: 'workflow_run.head_sha' };
    }
    const sha = payloadSha(context.sha);
    if (sha === undefined || isZeroSha(sha))
        return undefined;
    // For a release (and a pushed tag), GitHub sets GITHUB_SHA to the tagged commit.
    const source = context.eventName === 'release' ? "the release's commit (GITHUB_SHA)" : 'GITHUB_SHA';
    return { sha, source };
}


/***/ }),

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
    const server = (0,_text_trailing_run_js__WEBPACK_IMPORTED_MODULE_2__/* .withoutTrailing */ .h)(run.serverUrl ?? 'https://github.com', '/');
    const attempt = run.runAttempt !== undefined && run.runAttempt > 1 ? `/attempts/${run.runAttempt}` : '';
    return `${server}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/actions/runs/${run.runId}${attempt}`;
}


/***/ }),

/***/ 7997:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   q: () => (/* binding */ asRecord)
/* harmony export */ });
/** Reading GitHub's JSON (event payloads, REST answers) without trusting its shape. */
/** The value as an object with named fields, or undefined (null, arrays and scalars). */
function asRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? value
        : undefined;
}


/***/ })

};
