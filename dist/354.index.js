export const id = 354;
export const ids = [354];
export const modules = {

/***/ 7354:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  listChangedFiles: () => (/* binding */ listChangedFiles)
});

// EXTERNAL MODULE: ./src/github/api-url.ts
var api_url = __webpack_require__(7019);
// EXTERNAL MODULE: ./src/changed-files/changed-files-error.ts
var changed_files_error = __webpack_require__(5995);
// EXTERNAL MODULE: ./src/github/open-client.ts
var open_client = __webpack_require__(615);
// EXTERNAL MODULE: ./src/text/format.ts
var format = __webpack_require__(8488);
// EXTERNAL MODULE: ./src/github/permissions.ts
var permissions = __webpack_require__(5435);
// EXTERNAL MODULE: ./src/github/records.ts
var github_records = __webpack_require__(7997);
;// CONCATENATED MODULE: ./src/changed-files/github-lookups.ts



/** Deployments examined (each costs a statuses request) before giving up on finding one. */
const MAX_DEPLOYMENTS_EXAMINED = 100;
/** Nested annotated tags followed before giving up. */
const MAX_TAG_DEPTH = 5;
const PAGE = 100;
function time(value) {
    if (typeof value !== 'string')
        return undefined;
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? undefined : parsed;
}
function sha(value) {
    return typeof value === 'string' && /^[0-9a-f]{40}$/i.test(value)
        ? value.toLowerCase()
        : undefined;
}
/** True when `candidate` came strictly before `limit`; unknown times do not exclude. */
function before(candidate, limit) {
    const at = time(candidate);
    const end = time(limit);
    return at === undefined || end === undefined || at < end;
}
/** Tag names may hold '/': encode each part, keep the slashes. */
function encodeRef(ref) {
    return ref.split('/').map(encodeURIComponent).join('/');
}
async function resolveLookup(client, lookup) {
    const head = await resolveHead(client, lookup.head);
    const previous = await findPrevious(client, lookup.base);
    const what = describeWanted(lookup.base);
    if (previous === undefined) {
        switch (lookup.whenNoPrevious.kind) {
            case 'head-commit': {
                const notice = `Changed files: no ${what} was found (a first one?), so only the files of the head commit ${(0,format/* shortSha */.Fu)(head)} are purged.`;
                return {
                    queries: [{ kind: 'commit', sha: head }],
                    description: `${lookup.label}: commit ${(0,format/* shortSha */.Fu)(head)}, no ${what} found`,
                    notice
                };
            }
            case 'base-sha': {
                const base = lookup.whenNoPrevious.sha;
                return {
                    queries: [{ kind: 'compare', base, head }],
                    description: `${lookup.label}: ${(0,format/* shortSha */.Fu)(base)}...${(0,format/* shortSha */.Fu)(head)}, from base_sha (no ${what} found)`
                };
            }
            case 'fail':
                client.fail(`since: ${lookup.whenNoPrevious.value} found no ${what} (a first deploy?), so what changed since then is not known and nothing was purged. Set base_sha as the fallback for this case (it is used only when nothing is found), or purge by tag or pattern.`);
        }
    }
    const range = `${(0,format/* shortSha */.Fu)(previous.sha)}...${(0,format/* shortSha */.Fu)(head)}`;
    if (previous.sha === head) {
        return {
            queries: [],
            description: `${lookup.label}: ${range}, since ${previous.label}: the same commit, nothing changed`
        };
    }
    return {
        queries: [{ kind: 'compare', base: previous.sha, head }],
        description: `${lookup.label}: ${range}, since ${previous.label}`
    };
}
function describeWanted(base) {
    switch (base.kind) {
        case 'previous-deployment':
            return `earlier successful deployment of ${JSON.stringify(base.environment)}`;
        case 'previous-run':
            return 'earlier successful run of the workflow';
        case 'previous-release':
            return `earlier published ${base.prerelease === true ? 'release or prerelease' : 'release'}`;
    }
}
async function resolveHead(client, head) {
    return head.kind === 'sha' ? head.sha : resolveTag(client, head.tag);
}
/** A tag's commit: `git/ref/tags/X`, then through tag objects (annotated tags) to the commit. */
async function resolveTag(client, tag) {
    const path = `${client.repoPath}/git/ref/tags/${encodeRef(tag)}`;
    const hint = (status) => status === 404
        ? `The tag ${JSON.stringify(tag)} was not found, or the token lacks \`${permissions/* PERMISSIONS */.J.contents}\`.`
        : (0,permissions/* permissionHint */.f)(permissions/* PERMISSIONS */.J.contents)(status);
    let object = (0,github_records/* asRecord */.q)((0,github_records/* asRecord */.q)((await client.get(path, {}, hint)).data)?.['object']);
    for (let depth = 0; depth <= MAX_TAG_DEPTH; depth++) {
        const objectSha = sha(object?.['sha']);
        const type = object?.['type'];
        if (objectSha === undefined)
            break;
        if (type === 'commit')
            return objectSha;
        if (type !== 'tag') {
            client.fail(`The tag ${JSON.stringify(tag)} points to a ${String(type)}, not a commit, so it has no changed files.`);
        }
        const tagObject = await client.get(`${client.repoPath}/git/tags/${objectSha}`, {}, (0,permissions/* permissionHint */.f)(permissions/* PERMISSIONS */.J.contents));
        object = (0,github_records/* asRecord */.q)((0,github_records/* asRecord */.q)(tagObject.data)?.['object']);
    }
    return client.fail(`GitHub's answer for the tag ${JSON.stringify(tag)} names no commit.`);
}
function findPrevious(client, base) {
    switch (base.kind) {
        case 'previous-deployment':
            return previousDeployment(client, base);
        case 'previous-run':
            return previousRun(client, base);
        case 'previous-release':
            return previousRelease(client, base);
    }
}
async function previousDeployment(client, base) {
    const hint = (0,permissions/* permissionHint */.f)(permissions/* PERMISSIONS */.J.deployments);
    let examined = 0;
    // Newest first, as GitHub lists them.
    for await (const data of client.pages(`${client.repoPath}/deployments`, { environment: base.environment, per_page: PAGE }, hint)) {
        if (!Array.isArray(data))
            client.fail('Unexpected answer listing deployments: not a list.');
        if (data.length === 0)
            break;
        for (const entry of data) {
            const deployment = (0,github_records/* asRecord */.q)(entry);
            const id = deployment?.['id'];
            const deploymentSha = sha(deployment?.['sha']);
            if (typeof id !== 'number' || deploymentSha === undefined)
                continue;
            if (id === base.excludeId)
                continue;
            if (base.createdBefore !== undefined) {
                // Created in the same second as the handled one: ids say which came first.
                const sameSecond = time(deployment?.['created_at']) === time(base.createdBefore);
                const earlier = sameSecond
                    ? base.excludeId === undefined || id < base.excludeId
                    : before(deployment?.['created_at'], base.createdBefore);
                if (!earlier)
                    continue;
            }
            else if (base.excludeId !== undefined && id > base.excludeId)
                continue;
            if (++examined > MAX_DEPLOYMENTS_EXAMINED) {
                // Not "none found": that would purge the head commit alone, or call this a first deploy.
                client.fail(`no successful deployment of '${base.environment}' among the ${MAX_DEPLOYMENTS_EXAMINED} deployments before this one, so the range is not known and nothing was purged. Set base_sha to the last deployed commit, or purge by tag or pattern.`);
            }
            if ((await latestActiveState(client, id)) === 'success') {
                return { sha: deploymentSha, label: `deployment #${id} (success)` };
            }
        }
    }
    return undefined;
}
/**
 * The state of the deployment's newest status other than `inactive`, by creation time (then id:
 * the order GitHub lists them in is not documented); undefined without one.
 */
async function latestActiveState(client, id) {
    let newest;
    for await (const data of client.pages(`${client.repoPath}/deployments/${id}/statuses`, { per_page: PAGE }, (0,permissions/* permissionHint */.f)(permissions/* PERMISSIONS */.J.deployments))) {
        if (!Array.isArray(data))
            client.fail('Unexpected answer listing deployment statuses.');
        if (data.length === 0)
            break;
        for (const entry of data) {
            const status = (0,github_records/* asRecord */.q)(entry);
            const state = status?.['state'];
            if (typeof state !== 'string' || state === 'inactive')
                continue;
            const at = Date.parse(String(status?.['created_at']));
            const statusId = typeof status?.['id'] === 'number' ? status['id'] : 0;
            const time = Number.isNaN(at) ? 0 : at;
            if (newest === undefined ||
                time > newest.at ||
                (time === newest.at && statusId > newest.id)) {
                newest = { state, at: time, id: statusId };
            }
        }
    }
    return newest?.state;
}
async function previousRun(client, base) {
    const hint = (0,permissions/* permissionHint */.f)(permissions/* PERMISSIONS */.J.actions);
    let { workflowId, branch, createdBefore } = base;
    if (workflowId === undefined) {
        // since: last-successful-run: the current run tells its workflow, branch and start.
        if (base.excludeRunId === undefined) {
            client.fail('since: last-successful-run needs GITHUB_RUN_ID (set by the runner) to find the current workflow; set base_sha instead outside GitHub Actions.');
        }
        const current = (0,github_records/* asRecord */.q)((await client.get(`${client.repoPath}/actions/runs/${base.excludeRunId}`, {}, hint)).data);
        const id = current?.['workflow_id'];
        if (typeof id !== 'number')
            client.fail('Unexpected answer for the current run: no workflow_id.');
        workflowId = id;
        if (typeof current?.['head_branch'] === 'string')
            branch = current['head_branch'];
        if (typeof current?.['created_at'] === 'string')
            createdBefore = current['created_at'];
    }
    const query = { status: 'success', per_page: PAGE };
    if (branch !== undefined)
        query['branch'] = branch;
    if (base.event !== undefined)
        query['event'] = base.event;
    for await (const data of client.pages(`${client.repoPath}/actions/workflows/${workflowId}/runs`, query, hint)) {
        const runs = (0,github_records/* asRecord */.q)(data)?.['workflow_runs'];
        if (!Array.isArray(runs))
            client.fail('Unexpected answer listing workflow runs.');
        if (runs.length === 0)
            break;
        for (const entry of runs) {
            const run = (0,github_records/* asRecord */.q)(entry);
            const headSha = sha(run?.['head_sha']);
            if (run === undefined || headSha === undefined)
                continue;
            if (run['id'] === base.excludeRunId || run['conclusion'] !== 'success')
                continue;
            if (!before(run['created_at'], createdBefore))
                continue;
            const number = typeof run['run_number'] === 'number' ? `#${run['run_number']}` : `${run['id']}`;
            return { sha: headSha, label: `run ${number} (success)` };
        }
    }
    return undefined;
}
async function previousRelease(client, base) {
    const releases = [];
    for await (const data of client.pages(`${client.repoPath}/releases`, { per_page: PAGE }, (0,permissions/* permissionHint */.f)(permissions/* PERMISSIONS */.J.contents))) {
        if (!Array.isArray(data))
            client.fail('Unexpected answer listing releases: not a list.');
        if (data.length === 0)
            break;
        for (const entry of data) {
            const release = (0,github_records/* asRecord */.q)(entry);
            if (release !== undefined)
                releases.push(release);
        }
    }
    // A tag push: the tag's own release (if any) gives the prerelease flag and the date.
    const own = releases.find(release => release['tag_name'] === base.tag);
    const prerelease = base.prerelease ?? own?.['prerelease'] === true;
    const limit = base.publishedBefore ??
        (typeof own?.['published_at'] === 'string' ? own['published_at'] : undefined);
    const publishedAt = (release) => release['published_at'] ?? release['created_at'];
    const candidates = releases.filter(release => release['draft'] !== true &&
        typeof release['published_at'] === 'string' &&
        typeof release['tag_name'] === 'string' &&
        release['tag_name'] !== base.tag &&
        release['id'] !== base.excludeReleaseId &&
        (prerelease || release['prerelease'] !== true) &&
        before(publishedAt(release), limit));
    candidates.sort((a, b) => (time(publishedAt(b)) ?? 0) - (time(publishedAt(a)) ?? 0));
    const previous = candidates[0];
    if (previous === undefined)
        return undefined;
    const tag = String(previous['tag_name']);
    return { sha: await resolveTag(client, tag), label: `release ${tag}` };
}

// EXTERNAL MODULE: ./src/changed-files/path-presence.ts
var path_presence = __webpack_require__(1181);
;// CONCATENATED MODULE: ./src/changed-files/github-queries.ts
/**
 * EDGE: runs one `ChangeQuery` (decided by event-rules.ts) through the GitHub client and
 * returns the paths it changed: a pull request's files, a commit's files, or a comparison's.
 * What GitHub's listings cut, and how this gets past the cuts, lives here; how to ask GitHub
 * (retries, pages, limits, secrets) lives in github/client.ts.
 *
 * Rules (documented in the README):
 * - Never purge half silently: whenever GitHub may have cut a listing (a pull request or a
 *   commit with exactly 3,000 files, a comparison whose commits cannot all be listed), this
 *   throws `ChangedFilesError`.
 * - Compare lists at most 300 files and says nothing when it cuts. When it returns 300 or more,
 *   the comparison's commits are listed (compare paginates commits with `per_page`/`page`; the
 *   files come on page 1 only) and the files of every commit are taken one by one. The union of
 *   the commits' files is a superset of the comparison's files (a file added then deleted inside
 *   the range is included too): purging a page too many is harmless, one too few is not.
 * - A compare answer without `files` (GitHub leaves it out for very large comparisons) is not
 *   "nothing changed": the comparison's commits are listed and their files taken one by one,
 *   as for 300 files; when even its commits cannot be known, this throws.
 * - Statuses: added, modified, removed, changed, copied → `filename`; renamed → both
 *   `previous_filename` and `filename`; unchanged → nothing; an unknown status → `filename`
 *   (and `previous_filename` when given), erring on the side of purging.
 * - Each listing also says which paths hold no file at the end of the range (`gone`, by
 *   path-presence.ts): removed files and a rename's old path. A comparison is GitHub's net
 *   diff; its commits, when they are listed one by one, are combined in GitHub's order (oldest
 *   first): a file deleted then re-added is back. A rollback's or a diverged pair's other side
 *   (head...base) counts backwards, and an unknown status never says a file is gone.
 * - File names are data: they are only collected into strings, never given to a shell.
 */





/** GitHub's documented limits. */
const GITHUB_LIMITS = {
    /** Compare lists at most this many files, silently. */
    compareFiles: 300,
    /** List pull request files lists at most this many files. */
    pullRequestFiles: 3000,
    /** Get a commit lists at most this many files (across its pages). */
    commitFiles: 3000,
    /** Largest `per_page` for pull request files and compare commits. */
    pageSize: 100
};
const DEFAULT_MAX_COMMITS = 500;
/** The paths of one file entry of compare, get-a-commit or pull request files. */
function pathsOfFileEntry(entry) {
    const filename = typeof entry.filename === 'string' ? entry.filename : undefined;
    const previous = typeof entry.previous_filename === 'string' ? entry.previous_filename : undefined;
    switch (entry.status) {
        case 'unchanged':
            return [];
        case 'added':
        case 'modified':
        case 'removed':
        case 'changed':
        case 'copied':
            return filename === undefined ? [] : [filename];
        default: // 'renamed', and any status GitHub may add later: both paths when given
            return [previous, filename].filter((path) => path !== undefined);
    }
}
/**
 * What each path held before and after one file entry, by its status. An unknown status cannot
 * tell: its paths count as modified, never as gone.
 */
function presenceOfFileEntry(entry) {
    const filename = typeof entry.filename === 'string' ? entry.filename : undefined;
    const previous = typeof entry.previous_filename === 'string' ? entry.previous_filename : undefined;
    const of = (presence) => filename === undefined ? [] : [[filename, presence]];
    switch (entry.status) {
        case 'unchanged':
            return [];
        case 'added':
        case 'copied': // the copy is new; its source, not listed, stays
            return of(path_presence/* ADDED */.jj);
        case 'removed':
            return of(path_presence/* DELETED */.UW);
        case 'modified':
        case 'changed':
            return of(path_presence/* MODIFIED */.Cp);
        case 'renamed': {
            const from = previous === undefined ? [] : [[previous, path_presence/* DELETED */.UW]];
            return [...from, ...of(path_presence/* ADDED */.jj)];
        }
        default:
            return pathsOfFileEntry(entry).map(path => [path, path_presence/* MODIFIED */.Cp]);
    }
}
/** The paths and changes of one diff's file entries (a page of them, or all). */
function listedOf(entries) {
    const records = entries.map(entry => (0,github_records/* asRecord */.q)(entry) ?? {});
    return {
        paths: records.flatMap(pathsOfFileEntry),
        changes: (0,path_presence/* oneDiff */.GQ)(records.flatMap(presenceOfFileEntry))
    };
}
/**
 * The queries of one run: a commit's files and each comparison are asked for once, however many
 * queries need them.
 */
class GitHubQueries {
    client;
    maxCommits;
    /** Said to the user as notices (a rollback found by a comparison). */
    notices = [];
    commitFiles = new Map();
    comparisons = new Map();
    /**
     * `maxCommits`: most commits whose files are listed one by one when a comparison has 300
     * files or more (each costs at least one request). Default DEFAULT_MAX_COMMITS.
     */
    constructor(client, maxCommits = DEFAULT_MAX_COMMITS) {
        this.client = client;
        this.maxCommits = maxCommits;
    }
    async run(query) {
        switch (query.kind) {
            case 'compare': {
                const compared = await this.compareFiles(query.base, query.head);
                // The site goes from this comparison's head back to its base.
                if (query.discarded === true)
                    return { ...compared, changes: (0,path_presence/* reversed */.TY)(compared.changes) };
                return compared;
            }
            case 'commit':
                return this.commitFilesOf(query.sha);
            case 'pull-request':
                return this.pullRequestFiles(query.number);
        }
    }
    async pullRequestFiles(number) {
        const { owner, repo } = this.client.repository;
        const path = `${this.client.repoPath}/pulls/${number}/files`;
        const entries = [];
        for await (const data of this.client.pages(path, { per_page: GITHUB_LIMITS.pageSize }, status => status === 403 || status === 404
            ? `${status === 404 ? `Pull request #${number} was not found in ${owner}/${repo}, or the token may not see it. ` : ''}The token needs \`${permissions/* PERMISSIONS */.J.pullRequests}\` (add it under \`permissions:\`). On a pull request from a fork, GITHUB_TOKEN is read-only and GitHub may refuse it; \`pull_request_target\` runs with the base repository's token instead, but never check out or run the fork's code in such a workflow: listing its files is all this action does.`
            : undefined)) {
            if (!Array.isArray(data))
                this.client.fail(`Unexpected answer from GitHub API GET ${path}: not a list of files.`);
            if (data.length === 0)
                break;
            entries.push(...data);
        }
        if (entries.length >= GITHUB_LIMITS.pullRequestFiles) {
            this.client.fail(`Pull request #${number} lists ${entries.length} files, GitHub's maximum for a pull request: the list may be cut, so the changed files are not known for sure. To purge anyway, ${changed_files_error/* NARROWER_RANGE_ADVICE */.U}.`);
        }
        return listedOf(entries);
    }
    async commitFilesOf(sha) {
        const cached = this.commitFiles.get(sha);
        if (cached !== undefined)
            return cached;
        const path = `${this.client.repoPath}/commits/${encodeURIComponent(sha)}`;
        const entries = [];
        for await (const data of this.client.pages(path, {}, status => status === 404 || status === 422
            ? `Commit ${sha} was not found; check base_sha/head_sha (the token needs \`${permissions/* PERMISSIONS */.J.contents}\`).`
            : (0,permissions/* permissionHint */.f)(permissions/* PERMISSIONS */.J.contents)(status))) {
            const record = (0,github_records/* asRecord */.q)(data);
            if (record === undefined)
                this.client.fail(`Unexpected answer from GitHub API GET ${path}: not a commit.`);
            const files = record['files'];
            if (files === undefined)
                break; // a commit without changes
            if (!Array.isArray(files))
                this.client.fail(`Unexpected answer from GitHub API GET ${path}: "files" is not a list.`);
            if (files.length === 0)
                break;
            entries.push(...files);
        }
        if (entries.length >= GITHUB_LIMITS.commitFiles) {
            this.client.fail(`Commit ${sha} lists ${entries.length} files, GitHub's maximum for a commit: the list may be cut, so the changed files are not known for sure. To purge anyway, ${changed_files_error/* NARROWER_RANGE_ADVICE */.U}.`);
        }
        const listed = listedOf(entries);
        this.commitFiles.set(sha, listed);
        return listed;
    }
    /**
     * The files that differ between `base` and `head`. A three-dot comparison lists only the
     * commits `head` has and `base` lacks: when `head` is behind `base` (a rollback, a redeploy
     * of an older commit) or the two diverged, the pages changed by `base`'s own commits differ
     * too, so `head...base` is listed as well. Otherwise a rollback would read as "nothing
     * changed". What is gone is told across the merge base: a file `base`'s own commits added is
     * gone from `head`, one they deleted is back.
     */
    async compareFiles(base, head) {
        const { paths, changes, status } = await this.compareOneWayOnce(base, head);
        if (status !== 'behind' && status !== 'diverged')
            return { paths, changes };
        // Said once per pair of commits, whichever way round they were asked for first.
        if (!this.comparisons.has(`${head}...${base}`)) {
            this.notices.push(`${(0,format/* shortSha */.Fu)(head)} is ${status === 'behind' ? 'behind' : 'diverged from'} ${(0,format/* shortSha */.Fu)(base)} (a rollback?): the files of ${(0,format/* shortSha */.Fu)(head)}...${(0,format/* shortSha */.Fu)(base)} are purged too.`);
        }
        const back = await this.compareOneWayOnce(head, base);
        return { paths: [...paths, ...back.paths], changes: (0,path_presence/* acrossMergeBase */.bP)(changes, back.changes) };
    }
    /**
     * Each comparison is asked for once: a forced push lists after...before too, which
     * compareFiles of a diverged before...after has already read (and the other way round).
     */
    compareOneWayOnce(base, head) {
        const key = `${base}...${head}`;
        let comparison = this.comparisons.get(key);
        if (comparison === undefined) {
            comparison = this.compareOneWay(base, head);
            this.comparisons.set(key, comparison);
        }
        return comparison;
    }
    async compareOneWay(base, head) {
        const { owner, repo } = this.client.repository;
        const basehead = `${encodeURIComponent(base)}...${encodeURIComponent(head)}`;
        const path = `${this.client.repoPath}/compare/${basehead}`;
        const hint = (status) => status === 404
            ? `One of the commits ${base} and ${head} does not exist in ${owner}/${repo} (after a force push or a history rewrite the "before" commit may be gone), or the token lacks \`${permissions/* PERMISSIONS */.J.contents}\`. Set base_sha (and head_sha) to commits that exist, or purge by pattern or tag.`
            : (0,permissions/* permissionHint */.f)(permissions/* PERMISSIONS */.J.contents)(status);
        const pageSize = GITHUB_LIMITS.pageSize;
        const first = await this.client.get(path, { per_page: pageSize, page: 1 }, hint);
        const data = (0,github_records/* asRecord */.q)(first.data);
        if (data === undefined)
            this.client.fail(`Unexpected answer from GitHub API GET ${path}: not a comparison.`);
        const rawFiles = data['files'];
        if (rawFiles !== undefined && !Array.isArray(rawFiles))
            this.client.fail(`Unexpected answer from GitHub API GET ${path}: "files" is not a list.`);
        const { paths, changes } = listedOf(rawFiles ?? []);
        const status = data['status'];
        if (rawFiles !== undefined && rawFiles.length < GITHUB_LIMITS.compareFiles) {
            return { paths, changes, status };
        }
        // 300 files, or no file list at all: the comparison may be cut. List its commits and take
        // their files one by one; "no files" must never read as "nothing changed".
        const why = rawFiles === undefined
            ? 'GitHub left out its file list'
            : `it changes ${GITHUB_LIMITS.compareFiles} files or more (GitHub cuts the list there)`;
        const shas = [];
        const addCommits = (commits) => {
            if (!Array.isArray(commits))
                return 0;
            let added = 0;
            for (const commit of commits) {
                const sha = (0,github_records/* asRecord */.q)(commit)?.['sha'];
                if (typeof sha === 'string' && !shas.includes(sha)) {
                    shas.push(sha);
                    added++;
                }
            }
            return added;
        };
        addCommits(data['commits']);
        const totalRaw = data['total_commits'];
        const range = `${(0,format/* shortSha */.Fu)(base)}...${(0,format/* shortSha */.Fu)(head)}`;
        if (typeof totalRaw !== 'number' || !Number.isSafeInteger(totalRaw) || totalRaw < 0) {
            this.client.fail(`The comparison ${range} cannot be listed: ${why}, and its answer does not say how many commits it has, so its files cannot all be found. To purge anyway, ${changed_files_error/* NARROWER_RANGE_ADVICE */.U}.`);
        }
        const total = totalRaw;
        if (total > this.maxCommits) {
            this.client.fail(`The comparison ${range} cannot be listed: ${why}, and it has ${total} commits, more than the ${this.maxCommits} whose files this action lists one by one. To purge anyway, ${changed_files_error/* NARROWER_RANGE_ADVICE */.U}.`);
        }
        let last = first;
        for (let page = 2; shas.length < total && this.client.announces(last, page); page++) {
            last = await this.client.get(path, { per_page: pageSize, page }, hint);
            if (addCommits((0,github_records/* asRecord */.q)(last.data)?.['commits']) === 0)
                break;
        }
        if (shas.length < total) {
            this.client.fail(`The comparison ${range} cannot be listed: ${why}, and GitHub listed only ${shas.length} of its ${total} commits, so its files cannot all be found. To purge anyway, ${changed_files_error/* NARROWER_RANGE_ADVICE */.U}.`);
        }
        const commits = [];
        for (const sha of shas) {
            const listed = await this.commitFilesOf(sha);
            paths.push(...listed.paths);
            commits.push(listed.changes);
        }
        // The commits come oldest first. Where the comparison's own (cut) list names a path, its
        // net change wins: the commits' order says less across merges.
        return { paths, changes: new Map([...(0,path_presence/* inOrder */.al)(commits), ...changes]), status };
    }
}

;// CONCATENATED MODULE: ./src/changed-files/github-changes.ts
/**
 * EDGE: lists the files changed according to a `ChangeSource` (decided by event-rules.ts):
 * resolves its lookup (github-lookups.ts), runs its queries (github-queries.ts) through one
 * GitHub client (github/client.ts), and returns the union of the changed paths. Loaded lazily
 * by the entry (`await import(...)`): this file and what it imports are the only ones that
 * bring in @actions/github.
 *
 * Rules (documented in the README):
 * - Never purge half silently: whenever GitHub may have cut a listing, or GitHub answers with an
 *   error after retries, this throws `ChangedFilesError` before anything is purged.
 * - The result is deduplicated and sorted by UTF-16 code units, so it is the same whatever order
 *   GitHub lists files in. `gone` (sorted too) are the files with no file at their path at the
 *   end of the range; where the queries disagree (a forced push's two comparisons), a file any
 *   of them shows at the end is not gone.
 * - `requests` counts the HTTP requests sent, retries included.
 */






/**
 * Lists the files changed according to `source` (resolving its lookup first): the union of
 * every query's files, deduplicated and sorted. Throws `ChangedFilesError` when GitHub fails,
 * a listing may be incomplete, or a `since` lookup finds nothing to start from.
 */
async function listChangedFiles(source, options) {
    const nothing = {
        files: [],
        gone: [],
        requests: 0,
        description: source.description,
        notices: [],
        warnings: []
    };
    if (source.queries.length === 0 && source.lookup === undefined)
        return nothing;
    let api;
    try {
        api = (0,api_url/* checkGitHubApiUrl */.FO)(options.apiUrl);
    }
    catch (error) {
        if (error instanceof api_url/* GitHubApiUrlError */.vi)
            throw new changed_files_error/* ChangedFilesError */.k(error.message);
        throw error;
    }
    if (options.token === '') {
        throw new changed_files_error/* ChangedFilesError */.k('No GitHub token was given, so the changed files cannot be listed.');
    }
    // Every failure of the listing is a ChangedFilesError: the step knows it, and purges nothing.
    const client = await (0,open_client/* openGitHubClient */.L)({
        ...options,
        errorOf: message => new changed_files_error/* ChangedFilesError */.k(message),
        tooLargeAdvice: changed_files_error/* NARROWER_RANGE_ADVICE */.U
    }, api);
    const github = new GitHubQueries(client, options.maxCommits);
    const notices = [];
    let queries = source.queries;
    let description = source.description;
    if (source.lookup !== undefined) {
        const range = await resolveLookup(client, source.lookup);
        queries = range.queries;
        description = range.description;
        if (range.notice !== undefined)
            notices.push(range.notice);
    }
    const files = new Set();
    const changes = [];
    // One query at a time, as the client sends one request at a time.
    for (const query of queries) {
        const listed = await github.run(query);
        for (const path of listed.paths)
            files.add(path);
        changes.push(listed.changes);
    }
    return {
        files: [...files].sort(),
        gone: (0,path_presence/* goneAtEnd */.cX)((0,path_presence/* together */.bs)(changes)),
        requests: client.requests,
        description,
        notices: [...notices, ...github.notices],
        warnings: [...api.warnings]
    };
}


/***/ }),

/***/ 615:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ openGitHubClient)
/* harmony export */ });
async function openGitHubClient(options, api) {
    const { GitHubClient } = await Promise.all(/* import() */[__webpack_require__.e(351), __webpack_require__.e(584)]).then(__webpack_require__.bind(__webpack_require__, 6584));
    return new GitHubClient(options, api);
}


/***/ }),

/***/ 5435:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ PERMISSIONS),
/* harmony export */   f: () => (/* binding */ permissionHint)
/* harmony export */ });
/**
 * The token permissions the GitHub reads and writes need, as the docs and the error messages
 * name them: one place, so that a message never names a permission the docs do not.
 */
/** Permissions, as `permissions:` in a workflow writes them, named in 403/404 errors. */
const PERMISSIONS = {
    contents: 'contents: read',
    pullRequests: 'pull-requests: read',
    deployments: 'deployments: read',
    actions: 'actions: read',
    /** Comments on a pull request (the issue-comments API accepts it for pull requests). */
    writePullRequests: 'pull-requests: write',
    writeStatuses: 'statuses: write'
};
/** A hint for a 403/404 that names the permission the endpoint needs. */
function permissionHint(permission) {
    return status => status === 403 || status === 404
        ? `The token may lack the \`${permission}\` permission: add it under \`permissions:\` in the workflow (GitHub answers 404 instead of 403 for what a token may not see).`
        : undefined;
}


/***/ })

};
