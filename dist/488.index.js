export const id = 488;
export const ids = [488];
export const modules = {

/***/ 7488:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   decideChangeSource: () => (/* binding */ decideChangeSource),
/* harmony export */   inputSha: () => (/* binding */ inputSha),
/* harmony export */   isZeroSha: () => (/* binding */ isZeroSha),
/* harmony export */   shortSha: () => (/* binding */ shortSha)
/* harmony export */ });
/**
 * Decides which GitHub REST API listings hold "the files changed by the event that started the
 * workflow". PURE: no network, no process.env, no @actions/* imports; the entry builds the context
 * from the runner's environment and `github-changes.ts` runs the queries.
 *
 * Decisions (documented in the README):
 * - `base_sha`/`head_sha` inputs override the event for every event (the user asked explicitly).
 *   - both given: compare `base_sha...head_sha`;
 *   - only `base_sha`: compare `base_sha...GITHUB_SHA`;
 *   - only `head_sha`: the files of the single commit `head_sha` (the same rule as the fallback
 *     "files of the commit GITHUB_SHA", applied to the commit the user named).
 * - push: compare `before...after`; a forced push also lists `after...before` (the discarded
 *   commits); a new branch lists the commit `after` only; a deleted branch lists nothing and gives
 *   a reason.
 * - pull_request / pull_request_target: the pull request's files.
 * - merge_group: compare `merge_group.base_sha...merge_group.head_sha`.
 * - anything else (or an event payload missing what it should carry, with a warning): the files
 *   of the commit GITHUB_SHA.
 * - SHAs are 7 to 40 hexadecimal digits; input SHAs are trimmed and lower-cased. An all-zero SHA
 *   is not a commit and is refused as input.
 */
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
function describeCompare(base, head) {
    return `${shortSha(base)}...${shortSha(head)}`;
}
/** Reads a SHA from the event payload: a hex string, or undefined when absent or malformed. */
function payloadSha(value) {
    if (typeof value !== 'string')
        return undefined;
    const sha = value.trim().toLowerCase();
    return SHA_PATTERN.test(sha) ? sha : undefined;
}
function asRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? value
        : undefined;
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
/** The fallback for every case without anything better: the files of the commit GITHUB_SHA. */
function commitOfContext(context, diag, label) {
    const sha = payloadSha(context.sha);
    if (sha === undefined || isZeroSha(sha)) {
        diag.problem('GITHUB_SHA', context.sha, 'is not a commit SHA, so the changed files cannot be found; set base_sha/head_sha');
        return {
            queries: [],
            description: `${label}: no commit`,
            nothingReason: 'GITHUB_SHA is not a commit SHA'
        };
    }
    return { queries: [{ kind: 'commit', sha }], description: `${label}: commit ${shortSha(sha)}` };
}
function fromPush(context, diag) {
    const payload = context.payload;
    const ref = typeof payload['ref'] === 'string' ? payload['ref'] : 'the branch';
    const after = payloadSha(payload['after']);
    const before = payloadSha(payload['before']);
    // A deleted branch (or tag) has nothing new to show.
    if (payload['deleted'] === true || (after !== undefined && isZeroSha(after))) {
        return {
            queries: [],
            description: `push deleting ${ref}`,
            nothingReason: `the push deleted ${ref}: no files changed, nothing to purge`
        };
    }
    if (after === undefined) {
        diag.warn('The push event carries no "after" commit; using the files of the commit GITHUB_SHA.');
        return commitOfContext(context, diag, 'push');
    }
    // A new branch: GitHub gives no base to compare with; take the head commit's own files.
    if (payload['created'] === true || before === undefined || isZeroSha(before)) {
        if (payload['created'] !== true && before === undefined) {
            diag.warn('The push event carries no "before" commit; using the files of the commit "after".');
        }
        return {
            queries: [{ kind: 'commit', sha: after }],
            description: `push creating ${ref}: commit ${shortSha(after)}`
        };
    }
    const queries = [{ kind: 'compare', base: before, head: after }];
    let description = `push ${describeCompare(before, after)}`;
    if (payload['forced'] === true) {
        // The commits the push discarded changed pages too: list after...before as well.
        queries.push({ kind: 'compare', base: after, head: before });
        description += ` (forced: also ${describeCompare(after, before)})`;
    }
    return { queries, description };
}
function fromPullRequest(context, diag) {
    const pullRequest = asRecord(context.payload['pull_request']);
    const candidate = pullRequest?.['number'] ?? context.payload['number'];
    if (typeof candidate === 'number' && Number.isSafeInteger(candidate) && candidate > 0) {
        return {
            queries: [{ kind: 'pull-request', number: candidate }],
            description: `${context.eventName} #${candidate}`
        };
    }
    diag.warn(`The ${context.eventName} event carries no pull request number; using the files of the commit GITHUB_SHA.`);
    return commitOfContext(context, diag, context.eventName);
}
function fromMergeGroup(context, diag) {
    const group = asRecord(context.payload['merge_group']);
    const base = payloadSha(group?.['base_sha']);
    const head = payloadSha(group?.['head_sha']);
    if (base !== undefined && head !== undefined && !isZeroSha(base) && !isZeroSha(head)) {
        return {
            queries: [{ kind: 'compare', base, head }],
            description: `merge_group ${describeCompare(base, head)}`
        };
    }
    diag.warn('The merge_group event carries no base_sha/head_sha; using the files of the commit GITHUB_SHA.');
    return commitOfContext(context, diag, 'merge_group');
}
/**
 * Decides what to ask GitHub. Never throws for bad input: problems with `base_sha`/`head_sha`
 * go to `diag` (then `queries` is empty and `nothingReason` is set; the caller must stop when
 * `diag.ok` is false), and oddities of the event payload become warnings.
 */
function decideChangeSource(context, overrides, diag) {
    const base = inputSha('base_sha', overrides.baseSha, diag);
    const head = inputSha('head_sha', overrides.headSha, diag);
    if (base.invalid || head.invalid) {
        return {
            queries: [],
            description: 'invalid base_sha/head_sha',
            nothingReason: 'base_sha/head_sha are invalid'
        };
    }
    if (base.sha !== undefined) {
        const headSha = head.sha ?? payloadSha(context.sha);
        if (headSha === undefined || isZeroSha(headSha)) {
            diag.problem('head_sha', '', 'is needed because GITHUB_SHA is not a commit SHA; set head_sha next to base_sha');
            return {
                queries: [],
                description: 'invalid base_sha/head_sha',
                nothingReason: 'no head commit to compare base_sha with'
            };
        }
        const which = head.sha !== undefined ? 'base_sha...head_sha' : 'base_sha...GITHUB_SHA';
        return {
            queries: [{ kind: 'compare', base: base.sha, head: headSha }],
            description: `${context.eventName} ${describeCompare(base.sha, headSha)} (${which} inputs)`
        };
    }
    if (head.sha !== undefined) {
        return {
            queries: [{ kind: 'commit', sha: head.sha }],
            description: `${context.eventName}: commit ${shortSha(head.sha)} (head_sha input)`
        };
    }
    switch (context.eventName) {
        case 'push':
            return fromPush(context, diag);
        case 'pull_request':
        case 'pull_request_target':
            return fromPullRequest(context, diag);
        case 'merge_group':
            return fromMergeGroup(context, diag);
        default:
            return commitOfContext(context, diag, context.eventName || 'event');
    }
}


/***/ })

};
