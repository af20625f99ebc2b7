export const id = 488;
export const ids = [488];
export const modules = {

/***/ 7488:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fu: () => (/* binding */ shortSha),
/* harmony export */   aM: () => (/* binding */ decideChangeSource),
/* harmony export */   ln: () => (/* binding */ inputSha),
/* harmony export */   qd: () => (/* binding */ deployedCommit),
/* harmony export */   wL: () => (/* binding */ SINCE_VALUES)
/* harmony export */ });
/* unused harmony exports SUPPORTED_EVENTS, DEFAULT_ENVIRONMENT, isZeroSha */
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3528);
/**
 * Decides which GitHub REST API listings hold "the files changed by the event that started the
 * workflow", one rule per event (the table in docs/events.md is this file's table). PURE: no
 * network, no process.env, no @actions/* imports; the entry builds the context from the runner's
 * environment, and `github-changes.ts` resolves lookups and runs the queries.
 *
 * Rules:
 * - A `deployment_status` whose state is not `success`, a `workflow_run` whose conclusion is
 *   not `success`, or a `pull_request(_target)` closed without being merged deployed nothing:
 *   no changed files, a notice naming the state (explicit targets still purge). This gate comes
 *   first: no input turns a failed deploy into a purge.
 * - `since` (`last-deployment`, `last-successful-run`): base = the previous successful one
 *   (looked up by the edge), head = `head_sha`, else the event's head, else GITHUB_SHA. When
 *   none is found, `base_sha` is the fallback; without it the run fails (a first deploy).
 * - `base_sha`/`head_sha` override the event for every other event:
 *   - both given: compare `base_sha...head_sha`;
 *   - only `base_sha`: compare `base_sha...GITHUB_SHA`;
 *   - only `head_sha`: the files of the single commit `head_sha`.
 * - push of a branch: compare `before...after`; a forced push also lists `after...before` (the
 *   discarded commits); a new branch lists the commit `after` only; a deleted branch or tag lists
 *   nothing and gives a reason. push of a tag (`refs/tags/…`): as the release of that tag.
 * - pull_request / pull_request_target: the pull request's files.
 * - merge_group: compare `merge_group.base_sha...merge_group.head_sha`.
 * - deployment, deployment_status (success): head = `deployment.sha`, base = the previous
 *   successful deployment of the same environment (the edge looks it up).
 * - workflow_run (success): head = `workflow_run.head_sha`, base = the head of the previous
 *   successful run of the same workflow, branch and event.
 * - release (published, released, created; not a draft): head = the release's tag, base = the
 *   tag of the previous published release (a prerelease only counts for a prerelease).
 * - With no previous deployment, run or release: the head commit's own files, with a notice.
 * - workflow_dispatch, schedule: no change in the event; nothing, with a warning saying what
 *   to set. Every other event: nothing, with a warning naming the supported ones. Never the
 *   files of GITHUB_SHA by default: a guess that purges the wrong pages gives false confidence.
 * - SHAs are 7 to 40 hexadecimal digits; input SHAs are trimmed and lower-cased. An all-zero SHA
 *   is not a commit and is refused as input.
 */

const SINCE_VALUES = ['last-deployment', 'last-successful-run'];
/** Events whose payload says what changed, directly or through a lookup. */
const SUPPORTED_EVENTS = [
    'push',
    'pull_request',
    'pull_request_target',
    'merge_group',
    'deployment',
    'deployment_status',
    'workflow_run',
    'release'
];
const DEFAULT_ENVIRONMENT = 'production';
/** Release actions after which the release's tag is out: the others change no file. */
const RELEASE_ACTIONS = ['published', 'released', 'created'];
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
/** Nothing to list, with the reason: said as a warning (or a notice) by the caller. */
function nothing(description, nothingReason) {
    return { queries: [], description, nothingReason };
}
/** A payload's oddity: no changed files rather than a guess, and a warning that says so. */
function malformed(eventName, what, diag) {
    const reason = `the ${eventName} event carries no ${what}, so the changed files are not known; set base_sha/head_sha to choose a range`;
    diag.warn(`Changed files: ${reason}.`);
    return nothing(`${eventName}: no ${what}`, reason);
}
function positiveInteger(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
function text(value) {
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
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
    if (ref.startsWith('refs/tags/')) {
        return fromTag(ref.slice('refs/tags/'.length), 'push of tag', diag);
    }
    if (after === undefined)
        return malformed('push', '"after" commit', diag);
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
    const pullRequest = (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(context.payload['pull_request']);
    const candidate = pullRequest?.['number'] ?? context.payload['number'];
    if (typeof candidate === 'number' && Number.isSafeInteger(candidate) && candidate > 0) {
        return {
            queries: [{ kind: 'pull-request', number: candidate }],
            description: `${context.eventName} #${candidate}`
        };
    }
    return malformed(context.eventName, 'pull request number', diag);
}
function fromMergeGroup(context, diag) {
    const group = (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(context.payload['merge_group']);
    const base = payloadSha(group?.['base_sha']);
    const head = payloadSha(group?.['head_sha']);
    if (base !== undefined && head !== undefined && !isZeroSha(base) && !isZeroSha(head)) {
        return {
            queries: [{ kind: 'compare', base, head }],
            description: `merge_group ${describeCompare(base, head)}`
        };
    }
    return malformed('merge_group', 'base_sha/head_sha', diag);
}
/** A tag pushed or released: the range since the previous release, looked up by the edge. */
function fromTag(tag, label, diag, release) {
    if (tag === '')
        return malformed('push', 'tag name', diag);
    const base = { kind: 'previous-release', tag };
    if (release !== undefined) {
        base.prerelease = release.prerelease;
        if (release.id !== undefined)
            base.excludeReleaseId = release.id;
        if (release.publishedAt !== undefined)
            base.publishedBefore = release.publishedAt;
    }
    return {
        queries: [],
        description: `${label} ${tag}`,
        lookup: {
            head: { kind: 'tag', tag },
            base,
            whenNoPrevious: { kind: 'head-commit' },
            label: `${label} ${tag}`
        }
    };
}
function fromRelease(context, diag) {
    const action = text(context.payload['action']) ?? '(none)';
    const release = (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(context.payload['release']);
    const tag = text(release?.['tag_name']);
    if (release === undefined || tag === undefined)
        return malformed('release', 'tag_name', diag);
    if (!RELEASE_ACTIONS.includes(action) || release['draft'] === true) {
        const what = release['draft'] === true ? `draft release ${tag}` : `release ${tag}`;
        // `prereleased` and `published` both come for a prerelease: one of them is enough.
        const reason = release['draft'] === true
            ? `the ${what} was ${action}: a draft publishes nothing, so no changed file is purged`
            : `the ${what} was ${action}: only ${RELEASE_ACTIONS.join(', ')} purge changed files (a prerelease also sends published)`;
        diag.notice(`Changed files: ${reason}.`);
        return nothing(`release ${action}`, reason);
    }
    const id = positiveInteger(release['id']);
    const publishedAt = text(release['published_at']) ?? text(release['created_at']);
    return fromTag(tag, `release ${action}`, diag, {
        prerelease: release['prerelease'] === true,
        ...(id !== undefined && { id }),
        ...(publishedAt !== undefined && { publishedAt })
    });
}
function deploymentOf(payload) {
    const deployment = (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(payload['deployment']);
    const sha = payloadSha(deployment?.['sha']);
    if (deployment === undefined || sha === undefined || isZeroSha(sha))
        return undefined;
    const id = positiveInteger(deployment['id']);
    const createdAt = text(deployment['created_at']);
    return {
        sha,
        environment: text(deployment['environment']) ?? DEFAULT_ENVIRONMENT,
        ...(id !== undefined && { id }),
        ...(createdAt !== undefined && { createdAt })
    };
}
function fromDeployment(context, overrides, diag) {
    const deployment = deploymentOf(context.payload);
    if (deployment === undefined)
        return malformed(context.eventName, 'deployment.sha', diag);
    const environment = overrides.environment ?? deployment.environment;
    const state = context.eventName === 'deployment_status' ? ' success' : '';
    const label = `${context.eventName}${state} for ${environment}`;
    return {
        queries: [],
        description: label,
        lookup: {
            head: { kind: 'sha', sha: deployment.sha },
            base: previousDeployment(environment, deployment),
            whenNoPrevious: { kind: 'head-commit' },
            label
        }
    };
}
function previousDeployment(environment, handled) {
    return {
        kind: 'previous-deployment',
        environment,
        ...(handled?.id !== undefined && { excludeId: handled.id }),
        ...(handled?.createdAt !== undefined && { createdBefore: handled.createdAt })
    };
}
function fromWorkflowRun(context, diag) {
    const run = (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(context.payload['workflow_run']);
    const head = payloadSha(run?.['head_sha']);
    if (run === undefined || head === undefined || isZeroSha(head)) {
        return malformed('workflow_run', 'workflow_run.head_sha', diag);
    }
    const workflowId = positiveInteger(run['workflow_id']);
    const id = positiveInteger(run['id']);
    const branch = text(run['head_branch']);
    const event = text(run['event']);
    const createdAt = text(run['created_at']);
    const name = text(run['name']) ?? (workflowId !== undefined ? `workflow ${workflowId}` : 'workflow');
    if (workflowId === undefined)
        return malformed('workflow_run', 'workflow_run.workflow_id', diag);
    const label = `workflow_run success of ${JSON.stringify(name)}${branch !== undefined ? ` on ${branch}` : ''}`;
    return {
        queries: [],
        description: label,
        lookup: {
            head: { kind: 'sha', sha: head },
            base: {
                kind: 'previous-run',
                workflowId,
                ...(branch !== undefined && { branch }),
                ...(event !== undefined && { event }),
                ...(id !== undefined && { excludeRunId: id }),
                ...(createdAt !== undefined && { createdBefore: createdAt })
            },
            whenNoPrevious: { kind: 'head-commit' },
            label
        }
    };
}
/**
 * The gate for events that report an outcome: a deploy that did not succeed changed no page.
 * Returns the "nothing" source, or undefined when the event may go on.
 */
function unsuccessfulOutcome(context, diag) {
    let what;
    if (context.eventName === 'deployment_status') {
        const status = (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(context.payload['deployment_status']);
        const state = text(status?.['state']) ?? '(none)';
        if (state === 'success')
            return undefined;
        const environment = deploymentOf(context.payload)?.environment ?? text(status?.['environment']);
        what = `the deployment_status is '${state}'${environment !== undefined ? ` for ${environment}` : ''}, not 'success'`;
    }
    else if (context.eventName === 'workflow_run') {
        const run = (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(context.payload['workflow_run']);
        const conclusion = text(run?.['conclusion']) ?? text(run?.['status']) ?? '(none)';
        if (conclusion === 'success')
            return undefined;
        what = `the workflow_run concluded '${conclusion}', not 'success'`;
    }
    else if (isPullRequestEvent(context.eventName)) {
        const pullRequest = (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(context.payload['pull_request']);
        if (text(context.payload['action']) !== 'closed' || isMerged(pullRequest))
            return undefined;
        const number = positiveInteger(pullRequest?.['number'] ?? context.payload['number']);
        const which = number === undefined ? 'the pull request' : `pull request #${number}`;
        what = `${which} was closed without being merged`;
    }
    else {
        return undefined;
    }
    const reason = `${what}: nothing was deployed, so no changed file is purged`;
    diag.notice(`Changed files: ${reason}.`);
    // The range line names the event only: the notice above has said why once.
    return nothing(`${context.eventName}: nothing deployed`, reason);
}
function isPullRequestEvent(eventName) {
    return eventName === 'pull_request' || eventName === 'pull_request_target';
}
/** GitHub sends `merged`; `merged_at` says the same where a trimmed payload kept only that. */
function isMerged(pullRequest) {
    return pullRequest?.['merged'] === true || text(pullRequest?.['merged_at']) !== undefined;
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
        const head = payloadSha((0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(payload['workflow_run'])?.['head_sha']);
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
/** The head the event names, for `since`: what this run deploys. */
function eventHead(context) {
    const payload = context.payload;
    switch (context.eventName) {
        case 'deployment':
        case 'deployment_status':
            return deploymentOf(payload)?.sha;
        case 'workflow_run':
            return payloadSha((0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(payload['workflow_run'])?.['head_sha']);
        case 'pull_request':
        case 'pull_request_target':
            return payloadSha((0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)((0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(payload['pull_request'])?.['head'])?.['sha']);
        case 'merge_group':
            return payloadSha((0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .asRecord */ .q)(payload['merge_group'])?.['head_sha']);
        default:
            return undefined;
    }
}
function fromSince(context, since, overrides, headInput, baseInput, diag) {
    const eventSha = eventHead(context);
    const fromContext = payloadSha(context.sha);
    const head = headInput ?? eventSha ?? (fromContext && !isZeroSha(fromContext) ? fromContext : undefined);
    if (head === undefined) {
        diag.problem('head_sha', '', 'is needed with since because GITHUB_SHA is not a commit SHA');
        return nothing('invalid head', 'no head commit for since');
    }
    const whenNoPrevious = baseInput !== undefined
        ? { kind: 'base-sha', sha: baseInput }
        : { kind: 'fail', input: 'since', value: since };
    let base;
    let label;
    if (since === 'last-deployment') {
        const handled = context.eventName.startsWith('deployment')
            ? deploymentOf(context.payload)
            : undefined;
        const environment = overrides.environment ?? handled?.environment ?? DEFAULT_ENVIRONMENT;
        base = previousDeployment(environment, handled);
        label = `since last-deployment of ${environment}`;
    }
    else {
        base = {
            kind: 'previous-run',
            ...(context.runId !== undefined && { excludeRunId: context.runId })
        };
        label = 'since last-successful-run of this workflow';
    }
    return {
        queries: [],
        description: `${context.eventName} ${label}`,
        lookup: {
            head: { kind: 'sha', sha: head },
            base,
            whenNoPrevious,
            label: `${context.eventName} ${label}`
        }
    };
}
/** workflow_dispatch, schedule and every event without a change to read. */
function fromEventWithoutChange(context, diag) {
    const event = context.eventName || '(unknown event)';
    const manual = event === 'workflow_dispatch' || event === 'schedule';
    const reason = manual
        ? `a ${event} event carries no change: set since (last-deployment or last-successful-run) or base_sha (and head_sha) to purge what changed`
        : `the ${event} event carries no change this action can read (supported: ${SUPPORTED_EVENTS.join(', ')}); set since or base_sha/head_sha to choose a range`;
    diag.warn(`Changed files: ${reason}. No changed file is purged.`);
    return nothing(`${event}: no change`, reason);
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
        return nothing('invalid base_sha/head_sha', 'base_sha/head_sha are invalid');
    }
    const gate = unsuccessfulOutcome(context, diag);
    if (gate !== undefined)
        return gate;
    if (overrides.since !== undefined) {
        return fromSince(context, overrides.since, overrides, head.sha, base.sha, diag);
    }
    if (base.sha !== undefined) {
        const headSha = head.sha ?? payloadSha(context.sha);
        if (headSha === undefined || isZeroSha(headSha)) {
            diag.problem('head_sha', '', 'is needed because GITHUB_SHA is not a commit SHA; set head_sha next to base_sha');
            return nothing('invalid base_sha/head_sha', 'no head commit to compare base_sha with');
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
        case 'deployment':
        case 'deployment_status':
            return fromDeployment(context, overrides, diag);
        case 'workflow_run':
            return fromWorkflowRun(context, diag);
        case 'release':
            return fromRelease(context, diag);
        default:
            return fromEventWithoutChange(context, diag);
    }
}


/***/ }),

/***/ 3528:
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
