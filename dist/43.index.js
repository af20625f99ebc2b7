export const id = 43;
export const ids = [43];
export const modules = {

/***/ 9043:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   fingerprintOf: () => (/* binding */ fingerprintOf),
/* harmony export */   legOf: () => (/* binding */ legOf),
/* harmony export */   readMarker: () => (/* binding */ readMarker),
/* harmony export */   sameKey: () => (/* binding */ sameKey),
/* harmony export */   writeMarker: () => (/* binding */ writeMarker)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _github_records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7997);
/**
 * The hidden marker that makes a comment this action's, for one workflow, job and matrix leg,
 * so that each run finds its own comment among any number and updates it in place, while a
 * matrix or two workflows each keep theirs. It also carries a digest of the plan, so that the
 * run that applies a merge can tell whether it purges what the pull request previewed. PURE.
 *
 * Format: one HTML comment on the comment's first line, which GitHub does not show:
 *
 *   <!-- render-cache-purge-action {"v":1,"workflow":"Deploy","job":"purge","leg":"3fa8c2d1",
 *        "kind":"plan","plan":"9be41d2c7a6f5e4d","targets":[1,3,0],"sha":"abc1234…"} -->
 *
 * (on one line). The JSON's `<`, `>` and `-` are written as \u escapes, so no workflow name
 * can end the HTML comment early or be read as markup.
 */


const MARKER_NAME = 'render-cache-purge-action';
const VERSION = 1;
/** The marker as the comment's first line. */
function writeMarker(marker) {
    const json = JSON.stringify({ v: VERSION, ...marker }).replace(/[<>-]/g, character => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return `<!-- ${MARKER_NAME} ${json} -->`;
}
const MARKER = new RegExp(`^<!-- ${MARKER_NAME} (\\{.*\\}) -->$`);
/**
 * The marker of a comment's body, or undefined when it has none (or one it cannot read). Only
 * the first line counts, where writeMarker() puts it: a comment that quotes a marker further
 * down (in a code block, a reply, a bot's report of the diff) is not made one of the action's.
 */
function readMarker(body) {
    const firstLine = body.split('\n', 1)[0]?.replace(/\r$/, '') ?? '';
    const json = MARKER.exec(firstLine)?.[1];
    if (json === undefined)
        return undefined;
    let parsed;
    try {
        parsed = JSON.parse(json);
    }
    catch {
        return undefined;
    }
    const record = (0,_github_records_js__WEBPACK_IMPORTED_MODULE_1__/* .asRecord */ .q)(parsed);
    if (record === undefined || record['v'] !== VERSION)
        return undefined;
    const { workflow, job, leg, kind } = record;
    const fingerprint = readFingerprint(record);
    if (typeof workflow !== 'string' ||
        typeof job !== 'string' ||
        typeof leg !== 'string' ||
        (kind !== 'plan' && kind !== 'result') ||
        fingerprint === undefined) {
        return undefined;
    }
    const previewed = readFingerprint((0,_github_records_js__WEBPACK_IMPORTED_MODULE_1__/* .asRecord */ .q)(record['previewed']));
    return { workflow, job, leg, kind, ...fingerprint, ...(previewed && { previewed }) };
}
function readFingerprint(record) {
    if (record === undefined)
        return undefined;
    const { plan, targets, sha } = record;
    if (typeof plan !== 'string' || !Array.isArray(targets) || targets.length !== 3)
        return undefined;
    const counts = targets.map(count => (Number.isSafeInteger(count) ? count : -1));
    if (counts.some(count => count < 0))
        return undefined;
    return {
        plan,
        targets: [counts[0] ?? 0, counts[1] ?? 0, counts[2] ?? 0],
        ...(typeof sha === 'string' && { sha })
    };
}
function sameKey(a, b) {
    return a.workflow === b.workflow && a.job === b.job && a.leg === b.leg;
}
/**
 * The plan's fingerprint: its targets, whatever their order (the service purges a set), and
 * how many of each kind. Two plans with the same digest purge the same.
 */
function fingerprintOf(targets, sha) {
    const canonical = JSON.stringify([
        [...targets.tags].sort(),
        [...targets.urls].sort(),
        [...targets.patterns].sort()
    ]);
    return {
        plan: (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(canonical).digest('hex').slice(0, 16),
        targets: [targets.tags.length, targets.urls.length, targets.patterns.length],
        ...(sha !== undefined && { sha })
    };
}
/**
 * What tells the legs of a matrix apart, among the inputs that stay the same from the plan on
 * the pull request to the apply on the merge: the service's and the site's addresses, the
 * environment, the countries, the shard and the mode. The runner tells an action nothing of
 * its matrix, so two legs that differ only in their api_key or their targets share a comment
 * (docs/review.md says how to keep them apart). A digest, so the marker says nothing of them.
 */
function legOf(parts) {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256')
        .update(JSON.stringify(parts.map(part => part ?? '')))
        .digest('hex')
        .slice(0, 8);
}


/***/ })

};
