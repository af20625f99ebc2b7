export const id = 846;
export const ids = [846];
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


/***/ }),

/***/ 3846:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   deployedCommitOf: () => (/* binding */ deployedCommitOf)
/* harmony export */ });
/* harmony import */ var _core_constants_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6214);
/* harmony import */ var _core_diagnostics_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7135);
/* harmony import */ var _changed_files_change_source_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7488);
/**
 * build_id's default, read from the event with the change ranges' own rule and head_sha parser
 * (changed-files/change-source.ts), so that both name the same commit. Loaded only by runs that
 * need a build id.
 */



function deployedCommitOf(context) {
    return (headSha, diag) => (0,_changed_files_change_source_js__WEBPACK_IMPORTED_MODULE_2__/* .deployedCommit */ .qd)(context, (0,_changed_files_change_source_js__WEBPACK_IMPORTED_MODULE_2__/* .inputSha */ .ln)(_core_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Input */ .pd.HeadSha, headSha, diag ?? new _core_diagnostics_js__WEBPACK_IMPORTED_MODULE_1__/* .Diagnostics */ .rE()).sha);
}


/***/ })

};
