export const id = 774;
export const ids = [774];
export const modules = {

/***/ 3774:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  decideChangeSource: () => (/* reexport */ decideChangeSource),
  mapChangedFiles: () => (/* reexport */ mapChangedFiles),
  parseChangedFilesSettings: () => (/* reexport */ parseChangedFilesSettings)
});

// EXTERNAL MODULE: ./src/core/constants.ts
var constants = __webpack_require__(6214);
// EXTERNAL MODULE: ./src/core/targets.ts
var targets = __webpack_require__(277);
;// CONCATENATED MODULE: ./src/changed-files/url-map-presets.ts
/**
 * Ready-made `url_map` inputs for common site layouts. The README shows them verbatim for users
 * to copy into their workflows, so they stay short and say why where a rule is not obvious.
 * Rules are tried in order and the first match decides, so exclusions come before catch-alls.
 */
/**
 * A site served from the repository root: every file at its own path, folders at `/dir/`; the
 * files that are never pages purge nothing (a changed workflow is no page to purge). Only
 * those: README.md and LICENSE stay, as GitHub Pages and plain hosts serve them.
 */
const DEFAULT_URL_MAP = `# never pages: repository plumbing, editor settings, CI files, lockfiles
.well-known/{path...} -> /.well-known/{path}
!**/.*
!**/.*/**
!Jenkinsfile
!azure-pipelines.yml
!bitbucket-pipelines.yml
!**/package-lock.json
!**/npm-shrinkwrap.json
!**/yarn.lock
!**/pnpm-lock.yaml
!**/bun.lockb
!**/Gemfile.lock
!**/composer.lock
!**/poetry.lock
!**/Cargo.lock
index.html -> /
{dir...}/index.html -> /{dir}/ /{dir}/index.html
{path...} -> /{path}
`;
/** Hugo: pages under content/ get pretty URLs; static/ is served from the root. */
const HUGO_URL_MAP = `content/_index.md -> /
content/{section...}/_index.md -> /{section}/
content/{page...}/index.md -> /{page}/
content/{dir...}/{slug}.md -> /{dir}/{slug}/
content/{slug}.md -> /{slug}/
content/{path...} -> /{path}
static/{path...} -> /{path}
# templates change many pages: purge those by a tag your pages carry
layouts/** -> tag:layouts
!themes/**
!archetypes/**
!.github/**
!README.md
`;
/** Jekyll: posts get the default permalink (/:year/:month/:day/:title.html), pages .html. */
const JEKYLL_URL_MAP = `_posts/{y}-{m}-{d}-{slug}.md -> /{y}/{m}/{d}/{slug}.html
_posts/{y}-{m}-{d}-{slug}.markdown -> /{y}/{m}/{d}/{slug}.html
# settings, templates, drafts and tooling are not pages
!_config.yml
!_includes/**
!_layouts/**
!_sass/**
!_data/**
!_drafts/**
!Gemfile*
!README.md
!.github/**
index.md -> /
index.html -> /
{dir...}/index.md -> /{dir}/ /{dir}/index.html
{dir...}/index.html -> /{dir}/ /{dir}/index.html
{name}.md -> /{name}.html
{dir...}/{name}.md -> /{dir}/{name}.html
{path...} -> /{path}
`;
/** A site built into public/: files there are served from the root; nothing else is. */
const PUBLIC_FOLDER_URL_MAP = `public/index.html -> /
public/{dir...}/index.html -> /{dir}/ /{dir}/index.html
public/{path...} -> /{path}
!**
`;
/** The default map, but styles, scripts, images, fonts, docs and repo plumbing purge nothing. */
const ASSETS_EXCLUDED_URL_MAP = `# assets usually carry a hash in their name, so a new build gives new URLs
!**/*.css
!**/*.js
!**/*.map
!**/*.png
!**/*.jpg
!**/*.jpeg
!**/*.gif
!**/*.svg
!**/*.webp
!**/*.avif
!**/*.ico
!**/*.woff
!**/*.woff2
!**/*.md
!.github/**
!package*.json
${DEFAULT_URL_MAP}`;
const URL_MAP_PRESETS = {
    default: {
        description: 'A site served from the repository root: each file at its own path, folders at /dir/.',
        text: DEFAULT_URL_MAP
    },
    hugo: {
        description: 'Hugo: content/ pages at pretty URLs (/posts/my-post/), static/ at the root.',
        text: HUGO_URL_MAP
    },
    jekyll: {
        description: 'Jekyll: _posts at /YYYY/MM/DD/slug.html, pages at /name.html, site plumbing excluded.',
        text: JEKYLL_URL_MAP
    },
    'public-folder': {
        description: 'A site built into public/: public/x is served at /x; files elsewhere are excluded.',
        text: PUBLIC_FOLDER_URL_MAP
    },
    'assets-excluded': {
        description: 'The default map, but CSS, JS, images, fonts, Markdown and repo plumbing purge nothing.',
        text: ASSETS_EXCLUDED_URL_MAP
    }
};

// EXTERNAL MODULE: ./src/core/diagnostics.ts
var diagnostics = __webpack_require__(7135);
;// CONCATENATED MODULE: ./src/changed-files/url-map/glob-regexp.ts
/**
 * A url_map glob, read into segments by globs.ts, written as one anchored RegExp.
 *
 * The result behaves like the plain lazy translation (`**` → `(?:[^/]+/)*?`, `{x}` → `([^/]+?)`,
 * ...) but never backtracks into a choice that is already known to be the right one:
 * - Inside a segment, a wildcard followed by literal text ends where that text first occurs;
 *   taking any later occurrence leaves less room for the rest, so it cannot succeed where the
 *   earliest failed. That cut is written as an atomic group, `(?=(?<g>…))\k<g>`: JS lookaheads
 *   never backtrack.
 * - Likewise a `**` or `{x...}` followed by fixed segments (and then another `**`/`{x...}`)
 *   stops at the first place those segments match.
 * Only the last `**`/`{x...}` scans, once, to the end. So the time per path is about linear in
 * its length, whatever the path, instead of growing with a power of it.
 */
const SEGMENT_CHAR = '[^/]';
const ALL_SEGMENTS = '(?:[^/]+/)*?';
function globSource(segments) {
    const groups = new GroupNames();
    let source = '^';
    // A `**` or `{x...}` whose end is decided by the fixed segments that follow it.
    let pendingSpan;
    let fixed = '';
    for (const segment of segments) {
        if (segment.kind === 'within') {
            fixed += `${withinSegmentSource(segment.parts, groups)}/`;
            continue;
        }
        source += pendingSpan === undefined ? fixed : atomic(pendingSpan + fixed, groups.next());
        pendingSpan =
            segment.kind === 'globstar'
                ? ALL_SEGMENTS
                : `(?<${captureGroup(segment.name)}>[^/]+(?:/[^/]+)*?)/`;
        fixed = '';
    }
    return `${source}${pendingSpan ?? ''}${fixed}$`;
}
function withinSegmentSource(parts, groups) {
    return parts
        .map((part, index) => {
        if (part.kind === 'literal')
            return escapeRegExp(part.text);
        return wildcardSource(part, parts[index + 1], index + 1 === parts.length - 1, groups);
    })
        .join('');
}
/**
 * One `*` or `{name}`; `next` is the part after it (a literal, as wildcards never touch), and
 * `nextIsLast` says whether that literal must end the segment.
 */
function wildcardSource(part, next, nextIsLast, groups) {
    const group = part.kind === 'capture' ? captureGroup(part.name) : undefined;
    const first = group === undefined ? '' : SEGMENT_CHAR; // a capture takes one character at least
    // Last in its segment: it takes the rest of the segment, which ends at the next '/'.
    if (next === undefined || next.kind !== 'literal')
        return named(group, `${first}${SEGMENT_CHAR}*`);
    // Its literal ends the segment: only one place fits, found by a lazy scan.
    if (nextIsLast)
        return named(group, `${first}${SEGMENT_CHAR}*?`);
    // More follows its literal: stop where the literal first occurs, and never reconsider.
    const upToLiteral = `${first}(?:(?!${escapeRegExp(next.text)})${SEGMENT_CHAR})*`;
    return atomic(upToLiteral, group ?? groups.next());
}
function named(group, source) {
    return group === undefined ? source : `(?<${group}>${source})`;
}
/** Matches `source` once, the first way it can, as an atomic group would. */
function atomic(source, group) {
    return `(?=(?<${group}>${source}))\\k<${group}>`;
}
/** User captures are `c_NAME`; helper groups `hN`. The prefixes keep the two apart. */
function captureGroup(name) {
    return `c_${name}`;
}
class GroupNames {
    count = 0;
    next() {
        const name = `h${this.count}`;
        this.count += 1;
        return name;
    }
}
function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

;// CONCATENATED MODULE: ./src/changed-files/url-map/syntax.ts
/**
 * What the glob and the target parsers of url_map share (globs.ts, targets.ts): the capture
 * syntax, `{name}` in both and `{name...}` in a glob, and the shape of a refusal. In a file of
 * its own so that neither parser imports the other.
 */

const CAPTURE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Ends a capture of whole segments: `{name...}`. */
const SPANS_SUFFIX = '...';
/** The index of the `}` closing the `{` at `open`, or undefined when another `{` comes first. */
function findCaptureEnd(text, open) {
    const close = text.indexOf('}', open + 1);
    const nextOpen = text.indexOf('{', open + 1);
    if (close === -1 || (nextOpen !== -1 && nextOpen < close))
        return undefined;
    return close;
}
function checkCaptureName(name) {
    if (name === '')
        return 'empty capture name {}';
    if (!CAPTURE_NAME.test(name)) {
        return `invalid capture name ${(0,diagnostics/* quoteValue */.cl)(name)}: use letters, digits and '_', not starting with a digit`;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/changed-files/url-map/globs.ts
/**
 * The glob of a url_map rule: its shape checked, its segments read (`*`, `**`, `{name}`,
 * `{name...}`, literal text), and the whole compiled (by glob-regexp.ts) into the RegExp and the
 * literal prefix a rule matches paths with.
 */



/**
 * Compiles a glob to one RegExp, matched against the path with a '/' appended: then every
 * segment, the last one too, ends with '/', and no piece needs to know what is around it.
 */
function compileGlob(glob) {
    const reasons = checkGlobShape(glob);
    const segments = [];
    for (const text of glob.split('/').filter(segment => segment !== '')) {
        const segment = parseSegment(text);
        if ('reasons' in segment)
            reasons.push(...segment.reasons);
        else
            segments.push(segment);
    }
    const names = capturedNames(segments);
    for (const name of duplicates(names))
        reasons.push(`{${name}} is captured twice`);
    if (reasons.length > 0)
        return { matcher: undefined, prefix: '', names: undefined, reasons };
    const matcher = new RegExp(globSource(segments), 'u');
    return { matcher, prefix: literalPrefix(segments), names: new Set(names), reasons };
}
/** The literal text before the glob's first wildcard, segments ending with '/' as matched. */
function literalPrefix(segments) {
    let prefix = '';
    for (const segment of segments) {
        if (segment.kind !== 'within')
            return prefix;
        for (const part of segment.parts) {
            if (part.kind !== 'literal')
                return prefix;
            prefix += part.text;
        }
        prefix += '/';
    }
    return prefix;
}
function checkGlobShape(glob) {
    if (glob === '')
        return ['empty glob'];
    const reasons = [];
    if (glob.startsWith('/')) {
        reasons.push(`the glob starts with '/': paths are relative to the repository root, so drop it`);
    }
    if (glob.endsWith('/')) {
        reasons.push(`the glob ends with '/': write 'folder/**' to match the files in a folder`);
    }
    if (glob.includes('//'))
        reasons.push(`the glob has an empty path segment ('//')`);
    return reasons;
}
function parseSegment(segment) {
    if (segment === '**')
        return { kind: 'globstar' };
    if (segment.includes('**'))
        return { reasons: [`'**' must be a whole path segment (in ${(0,diagnostics/* quoteValue */.cl)(segment)})`] };
    const parts = [];
    let literal = '';
    let index = 0;
    while (index < segment.length) {
        const char = segment.charAt(index);
        if (char === '}')
            return { reasons: [`unbalanced '}' in ${(0,diagnostics/* quoteValue */.cl)(segment)}`] };
        if (char !== '{' && char !== '*') {
            literal += char;
            index += 1;
            continue;
        }
        if (literal !== '')
            parts.push({ kind: 'literal', text: literal });
        literal = '';
        if (char === '*') {
            parts.push({ kind: 'star' });
            index += 1;
            continue;
        }
        const close = findCaptureEnd(segment, index);
        if (close === undefined)
            return { reasons: [`unbalanced '{' in ${(0,diagnostics/* quoteValue */.cl)(segment)}`] };
        const body = segment.slice(index + 1, close);
        const spans = body.endsWith(SPANS_SUFFIX);
        const name = spans ? body.slice(0, -SPANS_SUFFIX.length) : body;
        const nameProblem = checkCaptureName(name);
        if (nameProblem !== undefined)
            return { reasons: [nameProblem] };
        if (spans) {
            if (segment === `{${body}}`)
                return { kind: 'spans', name };
            return { reasons: [`{${body}} must be a whole path segment (in ${(0,diagnostics/* quoteValue */.cl)(segment)})`] };
        }
        parts.push({ kind: 'capture', name });
        index = close + 1;
    }
    if (literal !== '')
        parts.push({ kind: 'literal', text: literal });
    const touching = findTouchingWildcards(parts);
    return touching === undefined ? { kind: 'within', parts } : { reasons: [touching] };
}
/** Two wildcards side by side leave where the first ends to a guess, so they are refused. */
function findTouchingWildcards(parts) {
    for (let index = 1; index < parts.length; index += 1) {
        const before = parts[index - 1];
        const after = parts[index];
        if (before === undefined || after === undefined)
            continue;
        if (before.kind === 'literal' || after.kind === 'literal')
            continue;
        const written = `${describePart(before)}${describePart(after)}`;
        return `'${written}': a capture or '*' right next to another has no clear end; put literal text between them`;
    }
    return undefined;
}
function describePart(part) {
    if (part.kind === 'capture')
        return `{${part.name}}`;
    return part.kind === 'star' ? '*' : part.text;
}
function capturedNames(segments) {
    return segments.flatMap(segment => {
        if (segment.kind === 'spans')
            return [segment.name];
        if (segment.kind === 'globstar')
            return [];
        return segment.parts.flatMap(part => (part.kind === 'capture' ? [part.name] : []));
    });
}
function duplicates(names) {
    return [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
}

;// CONCATENATED MODULE: ./src/changed-files/url-map/targets.ts
/**
 * The targets of a url_map rule: a URL path (`/…`) or a tag (`tag:…`), each a template of
 * literal text and `{name}` captures, checked against the names its glob captures.
 */


/** What a tag target starts with; a URL target starts with '/'. */
const TAG_PREFIX = 'tag:';
function parseTarget(text, captured) {
    let kind;
    let template;
    if (text.startsWith('/')) {
        if (text.startsWith('//')) {
            return {
                reasons: [
                    `URL target ${(0,diagnostics/* quoteValue */.cl)(text)} starts with '//', which names a host: write one '/'`
                ]
            };
        }
        kind = 'url';
        template = text;
    }
    else if (text.startsWith(TAG_PREFIX)) {
        kind = 'tag';
        template = text.slice(TAG_PREFIX.length);
        if (template === '')
            return { reasons: [`'${TAG_PREFIX}' needs a tag name after it`] };
    }
    else {
        return {
            reasons: [
                `target ${(0,diagnostics/* quoteValue */.cl)(text)} is neither a URL path starting with '/' (such as /blog/, not https://…) nor a tag written 'tag:NAME'`
            ]
        };
    }
    const parts = parseTemplate(template);
    if ('reasons' in parts)
        return { reasons: parts.reasons.map(reason => `in target ${(0,diagnostics/* quoteValue */.cl)(text)}: ${reason}`) };
    const reasons = [];
    if (kind === 'tag' && parts.some(part => part.kind === 'literal' && part.text.includes(','))) {
        reasons.push(`tag ${(0,diagnostics/* quoteValue */.cl)(text)} contains a comma; tags are sent comma-separated`);
    }
    // When the glob itself is bad its names are unknown: say nothing rather than guess.
    if (captured !== undefined) {
        for (const part of parts) {
            if (part.kind === 'capture' && !captured.has(part.name)) {
                reasons.push(`target ${(0,diagnostics/* quoteValue */.cl)(text)} uses {${part.name}}, which the glob does not capture`);
            }
        }
    }
    return reasons.length > 0 ? { reasons } : { kind, template, parts };
}
function parseTemplate(template) {
    const parts = [];
    let literal = '';
    let index = 0;
    while (index < template.length) {
        const char = template.charAt(index);
        if (char === '}')
            return { reasons: [`unbalanced '}'`] };
        if (char !== '{') {
            literal += char;
            index += 1;
            continue;
        }
        const close = findCaptureEnd(template, index);
        if (close === undefined)
            return { reasons: [`unbalanced '{'`] };
        const body = template.slice(index + 1, close);
        if (body.endsWith(SPANS_SUFFIX)) {
            return {
                reasons: [`write {${body.slice(0, -SPANS_SUFFIX.length)}} in a target, without '...'`]
            };
        }
        const nameProblem = checkCaptureName(body);
        if (nameProblem !== undefined)
            return { reasons: [nameProblem] };
        if (literal !== '')
            parts.push({ kind: 'literal', text: literal });
        literal = '';
        parts.push({ kind: 'capture', name: body });
        index = close + 1;
    }
    if (literal !== '')
        parts.push({ kind: 'literal', text: literal });
    return parts;
}

;// CONCATENATED MODULE: ./src/changed-files/url-map/parse.ts


const INPUT = 'url_map';
const ARROW = '->';
/** Parses the whole input; reports every bad line, and returns undefined if there was one. */
function parseUrlMap(text, diag) {
    const rules = [];
    let bad = false;
    text.split(/\r\n|\r|\n/).forEach((rawLine, index) => {
        const line = index + 1;
        const ruleText = rawLine.slice(0, commentStart(rawLine)).trim();
        if (ruleText === '')
            return;
        const parsed = parseRule(ruleText, line);
        if ('reasons' in parsed) {
            bad = true;
            for (const reason of parsed.reasons) {
                diag.problem(INPUT, rawLine.trim(), `line ${line}: ${reason}`);
            }
        }
        else {
            rules.push(parsed);
        }
    });
    return bad ? undefined : { rules };
}
/**
 * Where a line's comment starts (its length if it has none): `#` opening the line or following
 * a blank starts a comment; `a#b` stays as written. Found by indexOf, not by `/[ \t]#.*$/`: `.`
 * stops at U+2028, so that regex kept such a comment, and retried at every " #" of the line.
 */
function commentStart(line) {
    for (let at = line.indexOf('#'); at >= 0; at = line.indexOf('#', at + 1)) {
        if (at === 0 || line[at - 1] === ' ' || line[at - 1] === '\t')
            return at;
    }
    return line.length;
}
function parseRule(text, line) {
    if (text.startsWith('!'))
        return parseExcludingRule(text, line);
    const arrow = text.indexOf(ARROW);
    if (arrow === -1) {
        return {
            reasons: [`no '${ARROW}': write 'GLOB -> TARGET ...', or '!GLOB' to map files to nothing`]
        };
    }
    const glob = text.slice(0, arrow).trim();
    const targetTexts = text
        .slice(arrow + ARROW.length)
        .trim()
        .split(/\s+/)
        .filter(target => target !== '');
    const compiled = compileGlob(glob);
    const reasons = [...compiled.reasons];
    if (targetTexts.length === 0)
        reasons.push(`no targets after '${ARROW}'`);
    if (targetTexts.some(target => target.includes(ARROW)))
        reasons.push(`more than one '${ARROW}'`);
    const targets = [];
    for (const targetText of targetTexts.filter(target => !target.includes(ARROW))) {
        const target = parseTarget(targetText, compiled.names);
        if ('reasons' in target)
            reasons.push(...target.reasons);
        else
            targets.push(target);
    }
    if (reasons.length > 0 || compiled.matcher === undefined)
        return { reasons };
    const { matcher, prefix } = compiled;
    return { line, text, glob, excludes: false, matcher, prefix, targets };
}
function parseExcludingRule(text, line) {
    const glob = text.slice(1).trim();
    if (glob.includes(ARROW)) {
        return { reasons: [`an excluding rule ('!GLOB') maps files to nothing and takes no targets`] };
    }
    const compiled = compileGlob(glob);
    if (compiled.matcher === undefined)
        return { reasons: compiled.reasons };
    const { matcher, prefix } = compiled;
    return { line, text, glob, excludes: true, matcher, prefix, targets: [] };
}

// EXTERNAL MODULE: ./src/changed-files/change-source.ts
var change_source = __webpack_require__(7488);
;// CONCATENATED MODULE: ./src/changed-files/settings.ts





/**
 * `value` gives an input's trimmed text, '' when not given. `source`: where the entry reads the
 * changed files. GitHub's API needs a token and can look up `since`; the local git repository
 * (the command line) needs neither and has no deployments or workflow runs to look up.
 */
function parseChangedFilesSettings(value, diag, source = 'github') {
    const urlMap = parseUrlMap(value(constants/* Input */.pd.UrlMap) || DEFAULT_URL_MAP, diag);
    const baseSha = (0,change_source/* inputSha */.ln)(constants/* Input */.pd.BaseSha, value(constants/* Input */.pd.BaseSha), diag).sha;
    const headSha = (0,change_source/* inputSha */.ln)(constants/* Input */.pd.HeadSha, value(constants/* Input */.pd.HeadSha), diag).sha;
    const token = source === 'github' ? value(constants/* Input */.pd.GithubToken) : '';
    if (token === '' && source === 'github') {
        diag.problem(constants/* Input */.pd.GithubToken, '', 'is required with changed_files: true (the default is ${{ github.token }}; it needs contents: read)');
    }
    const since = parseSince(value(constants/* Input */.pd.Since), diag);
    if (since !== undefined && source === 'git') {
        diag.problem(constants/* Input */.pd.Since, value(constants/* Input */.pd.Since), "looks up GitHub's deployments and workflow runs, which the local git repository does not have: give base_sha instead (the commit last deployed)");
    }
    const environment = parseEnvironment(value(constants/* Input */.pd.Environment), diag);
    if (environment !== undefined && source === 'git') {
        diag.warn("'environment' is ignored: it names GitHub deployments, and the changed files come from the local git repository.");
    }
    if (urlMap === undefined || (token === '' && source === 'github'))
        return undefined;
    return {
        urlMap,
        token,
        ...(baseSha && { baseSha }),
        ...(headSha && { headSha }),
        ...(since && { since }),
        ...(environment && { environment })
    };
}
function parseSince(raw, diag) {
    if (raw === '')
        return undefined;
    const since = change_source/* SINCE_VALUES */.wL.find(value => value === raw.toLowerCase());
    if (since === undefined) {
        diag.problem(constants/* Input */.pd.Since, raw, `must be empty (what the event says), ${change_source/* SINCE_VALUES */.wL.map(value => `'${value}'`).join(' or ')}`);
    }
    return since;
}
function parseEnvironment(raw, diag) {
    if (raw === '')
        return undefined;
    if (targets/* CONTROL_CHARACTER */.gW.test(raw) || raw.length > 255) {
        diag.problem(constants/* Input */.pd.Environment, raw, 'must be an environment name: at most 255 characters, no control characters');
        return undefined;
    }
    return raw;
}

// EXTERNAL MODULE: ./src/text/format.ts
var format = __webpack_require__(8488);
// EXTERNAL MODULE: ./src/github/records.ts
var records = __webpack_require__(7997);
;// CONCATENATED MODULE: ./src/changed-files/event-rules.ts
/**
 * Decides which GitHub REST API listings hold "the files changed by the event that started the
 * workflow", one rule per event (the table in docs/events.md is this file's table). PURE: no
 * network, no process.env, no @actions/* imports; the entry builds the context from the runner's
 * environment, and `github-changes.ts` resolves lookups and runs the queries.
 *
 * The shapes it returns and the payload readers it shares with the input parser and build_id's
 * default are in change-source.ts.
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
 * - SHAs are read as change-source.ts says (an all-zero SHA is not a commit).
 */



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
/** Release actions after which the release's tag is out: the others change no file. */
const RELEASE_ACTIONS = ['published', 'released', 'created'];
function describeCompare(base, head) {
    return `${(0,format/* shortSha */.Fu)(base)}...${(0,format/* shortSha */.Fu)(head)}`;
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
function fromPush(context, diag) {
    const payload = context.payload;
    const ref = typeof payload['ref'] === 'string' ? payload['ref'] : 'the branch';
    const after = (0,change_source/* payloadSha */.R6)(payload['after']);
    const before = (0,change_source/* payloadSha */.R6)(payload['before']);
    // A deleted branch (or tag) has nothing new to show.
    if (payload['deleted'] === true || (after !== undefined && (0,change_source/* isZeroSha */.hp)(after))) {
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
    if (payload['created'] === true || before === undefined || (0,change_source/* isZeroSha */.hp)(before)) {
        if (payload['created'] !== true && before === undefined) {
            diag.warn('The push event carries no "before" commit; using the files of the commit "after".');
        }
        return {
            queries: [{ kind: 'commit', sha: after }],
            description: `push creating ${ref}: commit ${(0,format/* shortSha */.Fu)(after)}`
        };
    }
    const queries = [{ kind: 'compare', base: before, head: after }];
    let description = `push ${describeCompare(before, after)}`;
    if (payload['forced'] === true) {
        // The commits the push discarded changed pages too: list after...before as well (the site
        // goes from its head back to its base: what they added is gone).
        queries.push({ kind: 'compare', base: after, head: before, discarded: true });
        description += ` (forced: also ${describeCompare(after, before)})`;
    }
    return { queries, description };
}
function fromPullRequest(context, diag) {
    const pullRequest = (0,records/* asRecord */.q)(context.payload['pull_request']);
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
    const group = (0,records/* asRecord */.q)(context.payload['merge_group']);
    const base = (0,change_source/* payloadSha */.R6)(group?.['base_sha']);
    const head = (0,change_source/* payloadSha */.R6)(group?.['head_sha']);
    if (base !== undefined && head !== undefined && !(0,change_source/* isZeroSha */.hp)(base) && !(0,change_source/* isZeroSha */.hp)(head)) {
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
    const action = (0,change_source/* payloadText */.Ai)(context.payload['action']) ?? '(none)';
    const release = (0,records/* asRecord */.q)(context.payload['release']);
    const tag = (0,change_source/* payloadText */.Ai)(release?.['tag_name']);
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
    const id = (0,change_source/* positiveInteger */.Cq)(release['id']);
    const publishedAt = (0,change_source/* payloadText */.Ai)(release['published_at']) ?? (0,change_source/* payloadText */.Ai)(release['created_at']);
    return fromTag(tag, `release ${action}`, diag, {
        prerelease: release['prerelease'] === true,
        ...(id !== undefined && { id }),
        ...(publishedAt !== undefined && { publishedAt })
    });
}
function fromDeployment(context, overrides, diag) {
    const deployment = (0,change_source/* deploymentOf */.PE)(context.payload);
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
    const run = (0,records/* asRecord */.q)(context.payload['workflow_run']);
    const head = (0,change_source/* payloadSha */.R6)(run?.['head_sha']);
    if (run === undefined || head === undefined || (0,change_source/* isZeroSha */.hp)(head)) {
        return malformed('workflow_run', 'workflow_run.head_sha', diag);
    }
    const workflowId = (0,change_source/* positiveInteger */.Cq)(run['workflow_id']);
    const id = (0,change_source/* positiveInteger */.Cq)(run['id']);
    const branch = (0,change_source/* payloadText */.Ai)(run['head_branch']);
    const event = (0,change_source/* payloadText */.Ai)(run['event']);
    const createdAt = (0,change_source/* payloadText */.Ai)(run['created_at']);
    const name = (0,change_source/* payloadText */.Ai)(run['name']) ?? (workflowId !== undefined ? `workflow ${workflowId}` : 'workflow');
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
        const status = (0,records/* asRecord */.q)(context.payload['deployment_status']);
        const state = (0,change_source/* payloadText */.Ai)(status?.['state']) ?? '(none)';
        if (state === 'success')
            return undefined;
        const environment = (0,change_source/* deploymentOf */.PE)(context.payload)?.environment ?? (0,change_source/* payloadText */.Ai)(status?.['environment']);
        what = `the deployment_status is '${state}'${environment !== undefined ? ` for ${environment}` : ''}, not 'success'`;
    }
    else if (context.eventName === 'workflow_run') {
        const run = (0,records/* asRecord */.q)(context.payload['workflow_run']);
        const conclusion = (0,change_source/* payloadText */.Ai)(run?.['conclusion']) ?? (0,change_source/* payloadText */.Ai)(run?.['status']) ?? '(none)';
        if (conclusion === 'success')
            return undefined;
        what = `the workflow_run concluded '${conclusion}', not 'success'`;
    }
    else if (isPullRequestEvent(context.eventName)) {
        const pullRequest = (0,records/* asRecord */.q)(context.payload['pull_request']);
        if ((0,change_source/* payloadText */.Ai)(context.payload['action']) !== 'closed' || isMerged(pullRequest))
            return undefined;
        const number = (0,change_source/* positiveInteger */.Cq)(pullRequest?.['number'] ?? context.payload['number']);
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
    return pullRequest?.['merged'] === true || (0,change_source/* payloadText */.Ai)(pullRequest?.['merged_at']) !== undefined;
}
/** The head the event names, for `since`: what this run deploys. */
function eventHead(context) {
    const payload = context.payload;
    switch (context.eventName) {
        case 'deployment':
        case 'deployment_status':
            return (0,change_source/* deploymentOf */.PE)(payload)?.sha;
        case 'workflow_run':
            return (0,change_source/* payloadSha */.R6)((0,records/* asRecord */.q)(payload['workflow_run'])?.['head_sha']);
        case 'pull_request':
        case 'pull_request_target':
            return (0,change_source/* payloadSha */.R6)((0,records/* asRecord */.q)((0,records/* asRecord */.q)(payload['pull_request'])?.['head'])?.['sha']);
        case 'merge_group':
            return (0,change_source/* payloadSha */.R6)((0,records/* asRecord */.q)(payload['merge_group'])?.['head_sha']);
        default:
            return undefined;
    }
}
function fromSince(context, since, overrides, headInput, baseInput, diag) {
    const eventSha = eventHead(context);
    const fromContext = (0,change_source/* payloadSha */.R6)(context.sha);
    const head = headInput ?? eventSha ?? (fromContext && !(0,change_source/* isZeroSha */.hp)(fromContext) ? fromContext : undefined);
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
            ? (0,change_source/* deploymentOf */.PE)(context.payload)
            : undefined;
        const environment = overrides.environment ?? handled?.environment ?? change_source/* DEFAULT_ENVIRONMENT */.Uz;
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
    const base = (0,change_source/* inputSha */.ln)('base_sha', overrides.baseSha, diag);
    const head = (0,change_source/* inputSha */.ln)('head_sha', overrides.headSha, diag);
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
        const headSha = head.sha ?? (0,change_source/* payloadSha */.R6)(context.sha);
        if (headSha === undefined || (0,change_source/* isZeroSha */.hp)(headSha)) {
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
            description: `${context.eventName}: commit ${(0,format/* shortSha */.Fu)(head.sha)} (head_sha input)`
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

;// CONCATENATED MODULE: ./src/changed-files/url-map/percent-encoding.ts
/**
 * Captured path segments written into URL targets, percent-encoded as UTF-8.
 *
 * encodeURIComponent keeps RFC 3986's unreserved characters and `!'()*`, and encodes the rest of
 * the sub-delimiters, `:` and `@`, which a path segment may hold as they are: put those back.
 * Every '%' in its output starts a triple, so these matches cannot straddle two.
 */
/** What encodeUrlSegment keeps as it is (see above), and '/'. */
const NEEDS_NO_ENCODING = /^[A-Za-z0-9\-_.!~*'()$&+,;=:@/]*$/;
const ALLOWED_IN_SEGMENT = /%(?:24|26|2B|2C|3B|3D|3A|40)/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Percent-encodes each '/'-separated segment of a captured value as UTF-8; '/' stays. */
function encodeUrlPath(value) {
    // Most captured names need no encoding at all: skip the split and the encoders for them.
    if (NEEDS_NO_ENCODING.test(value))
        return value;
    return value.split('/').map(encodeUrlSegment).join('/');
}
function encodeUrlSegment(segment) {
    // encodeURIComponent throws on a lone surrogate; UTF-8 has no form for one anyway.
    const wellFormed = segment.replace(LONE_SURROGATE, '\uFFFD');
    return encodeURIComponent(wellFormed).replace(ALLOWED_IN_SEGMENT, triple => decodeURIComponent(triple));
}

;// CONCATENATED MODULE: ./src/changed-files/url-map/mapping.ts
/**
 * Maps changed paths through a parsed url_map: for each path the first rule whose glob matches
 * decides its URLs and tags (or excludes it), its captures filled into the targets. A large
 * change lists 100,000 paths, so rules are prepared once, cheap literal tests come before the
 * RegExp, and target texts that repeat are made once.
 */






/**
 * Whether a capture (a file name: anyone who can push names files) may not go into a tag: the
 * comma that separates tags, and the control characters typed tags refuse too. A path holding
 * a control character is also shown quoted (JSON-escaped) in notes, never raw in the log.
 */
function unfitInTag(value) {
    return value.includes(',') || targets/* CONTROL_CHARACTER */.gW.test(value);
}
function mapChangedFiles(map, paths) {
    const rules = map.rules.map(prepareRule);
    // The listing from GitHub comes sorted and deduplicated: a strictly ascending list needs no
    // Set (and no hashing of every path) to prove it has no repeat. Any other list is deduped by
    // one builtin call, which keeps the first-seen order.
    const unique = strictlyAscending(paths)
        ? paths
        : new Set(paths);
    const count = 'size' in unique ? unique.size : unique.length;
    // Sized once: a 100,000-item array grown by `push` is copied a dozen times on the way.
    const files = new Array(count);
    const urls = new Set();
    const tags = new Set();
    const unmapped = [];
    const notes = [];
    let index = 0;
    for (const path of unique) {
        const file = mapPath(rules, path);
        files[index] = file;
        index += 1;
        for (const url of file.urls)
            urls.add(url);
        for (const tag of file.tags)
            tags.add(tag);
        if (file.outcome === 'unmapped')
            unmapped.push(path);
        if (file.notes !== undefined) {
            const shown = targets/* CONTROL_CHARACTER */.gW.test(path) ? quoteEscaped(path) : path;
            for (const note of file.notes)
                notes.push(`${shown}: ${note}`);
        }
    }
    return { files, urls: Array.from(urls), tags: Array.from(tags), unmapped, notes };
}
/** True when each path sorts after the one before it, so that none can repeat. */
function strictlyAscending(paths) {
    for (let index = 1; index < paths.length; index += 1) {
        // `<` compares UTF-16 code units, as the listing's `sort()` orders them.
        if (!(paths[index - 1] < paths[index]))
            return false;
    }
    return true;
}
function prepareRule(rule) {
    const runs = literalRuns(rule.glob);
    const first = rule.prefix === '' ? 0 : 1;
    // The first run is the prefix (tested apart); the last, when it ends the glob, the suffix.
    const last = runs.length > first && endsWithLiteral(rule.glob) ? runs.at(-1) : undefined;
    const { source, groupNumbers } = numberGroups(rule.matcher.source);
    return {
        rule,
        matcher: new RegExp(source, rule.matcher.flags),
        suffix: last ?? '/',
        inner: runs.slice(first, last === undefined ? undefined : -1),
        targets: rule.targets.map(target => ({
            target,
            parts: target.parts.map(part => part.kind === 'literal'
                ? { text: part.text }
                : { group: groupNumbers.get(captureGroup(part.name)) ?? 0, name: part.name }),
            pieces: target.parts.map(part => (part.kind === 'literal' ? part.text : '')),
            repeats: repeatCacheFor(target, groupNumbers)
        }))
    };
}
/** A RepeatCache for a target with exactly one capture; others are built every time. */
function repeatCacheFor(target, groupNumbers) {
    const captures = target.parts.flatMap(part => (part.kind === 'capture' ? [part.name] : []));
    const [name] = captures;
    if (captures.length !== 1 || name === undefined)
        return undefined;
    return new RepeatCache(groupNumbers.get(captureGroup(name)) ?? 0);
}
/**
 * Turns the named groups of a compiled glob into numbered ones. Every group in it is named
 * (captures `c_x`, helpers `hN`; the others are `(?:`, `(?=` or `(?!`), so the n-th `(?<`
 * opens group n.
 */
function numberGroups(named) {
    const groupNumbers = new Map();
    const source = named
        .replace(/\(\?<([A-Za-z0-9_]+)>/g, (_, name) => {
        groupNumbers.set(name, groupNumbers.size + 1);
        return '(';
    })
        .replace(/\\k<([A-Za-z0-9_]+)>/g, (_, name) => `\\${groupNumbers.get(name) ?? 0}`);
    return { source, groupNumbers };
}
function endsWithLiteral(glob) {
    return !glob.endsWith('*') && !glob.endsWith('}');
}
/**
 * The literal texts of a glob as the matched subject (`path + '/'`) holds them, split at every
 * wildcard: `content/{lang}/blog/{y}/index.md` gives `content/`, `/blog/`, `/index.md/`.
 * A `**` segment takes its '/' with it (it may match no segment at all); `{x...}` does not.
 */
function literalRuns(glob) {
    const runs = [];
    let run = '';
    const cut = () => {
        if (run !== '')
            runs.push(run);
        run = '';
    };
    for (const segment of glob.split('/')) {
        if (segment === '**') {
            cut();
            continue;
        }
        if (segment.startsWith('{') && segment.endsWith(`${SPANS_SUFFIX}}`)) {
            cut();
            run = '/';
            continue;
        }
        for (const piece of segment.split(/(\*|\{[^}]*\})/)) {
            if (piece === '*' || (piece.startsWith('{') && piece.endsWith('}')))
                cut();
            else
                run += piece;
        }
        run += '/';
    }
    cut();
    return runs;
}
/** True when `subject` holds each text of `inner` in order, from `from` on. */
function holdsInOrder(subject, inner, from) {
    let position = from;
    for (const text of inner) {
        const found = subject.indexOf(text, position);
        if (found === -1)
            return false;
        position = found + text.length;
    }
    return true;
}
/**
 * A file name quoted for a log line: JSON escapes C0 controls, and the rest of what
 * CONTROL_CHARACTER names (DEL, C1, U+2028/U+2029) is escaped as \uXXXX too.
 */
function quoteEscaped(text) {
    return (0,diagnostics/* quoteValue */.cl)(text).replace(/[\u007f-\u009f\u2028\u2029]/g, char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
/** Shared by every excluded and unmapped file: 100,000 paths need not mean 200,000 arrays. */
const NO_TARGETS = Object.freeze([]);
function mapPath(rules, path) {
    if (!namesAFile(path))
        return { path, urls: NO_TARGETS, tags: NO_TARGETS, outcome: 'unmapped' };
    const subject = `${path}/`;
    for (const prepared of rules) {
        const rule = prepared.rule;
        if (!subject.startsWith(rule.prefix) || !subject.endsWith(prepared.suffix))
            continue;
        if (!holdsInOrder(subject, prepared.inner, rule.prefix.length))
            continue;
        if (rule.excludes) {
            // No capture is needed: `test` builds no match array.
            if (!prepared.matcher.test(subject))
                continue;
            return { path, urls: NO_TARGETS, tags: NO_TARGETS, outcome: 'excluded', line: rule.line };
        }
        const match = prepared.matcher.exec(subject);
        if (match === null)
            continue;
        return applyTargets(prepared, path, match);
    }
    return { path, urls: NO_TARGETS, tags: NO_TARGETS, outcome: 'unmapped' };
}
/**
 * Paths with an empty segment ('', '/a', 'a/', 'a//b') name no file, and git never lists one.
 * Refusing them keeps the matcher's shortcuts sound: a '*' segment could match an empty
 * segment that no '**' or '{x...}' could, which would make "earliest" the wrong choice.
 */
function namesAFile(path) {
    return path !== '' && !path.startsWith('/') && !path.endsWith('/') && !path.includes('//');
}
function applyTargets({ rule, targets }, path, match) {
    // Each file keeps its arrays, so they are made at their final size, and the usual one-item
    // case as one literal: an array grown by `push` reserves room for 16, and 100,000 of those
    // are tens of MiB for the collector to copy. A handful of targets: `includes` dedupes.
    let urls = NO_TARGETS;
    let tags = NO_TARGETS;
    let notes;
    for (const prepared of targets) {
        const text = targetText(prepared, match);
        if (typeof text !== 'string') {
            ;
            (notes ??= []).push(`tag ${(0,diagnostics/* quoteValue */.cl)(TAG_PREFIX + prepared.target.template)} skipped: {${text.name}} is ${quoteEscaped(text.value)}, and a tag cannot hold a comma, a line break or another control character`);
        }
        else if (prepared.target.kind === 'url') {
            urls = withItem(urls, text);
        }
        else {
            tags = withItem(tags, text);
        }
    }
    return notes === undefined
        ? { path, urls, tags, outcome: 'mapped', line: rule.line }
        : { path, urls, tags, outcome: 'mapped', line: rule.line, notes };
}
/** `items` with `item` added at the end unless it is there already; `items` is not changed. */
function withItem(items, item) {
    if (items.length === 0)
        return [item];
    if (items.includes(item))
        return items;
    return items.length === 1 ? [items[0], item] : [...items, item];
}
/** The target's text for this match, or why a tag cannot be made of it. */
function targetText({ target, parts, pieces, repeats }, match) {
    if (repeats === undefined)
        return buildText(target, parts, pieces, match);
    const value = match[repeats.group] ?? '';
    const known = repeats.get(value);
    if (known !== undefined)
        return known;
    const text = buildText(target, parts, pieces, match);
    if (typeof text === 'string')
        repeats.remember(value, text);
    return text;
}
function buildText(target, parts, pieces, match) {
    let unfit;
    for (let index = 0; index < parts.length; index += 1) {
        const part = parts[index];
        if (part.group === undefined)
            continue;
        const value = match[part.group] ?? '';
        if (target.kind === 'url') {
            pieces[index] = encodeUrlPath(value);
        }
        else {
            if (unfit === undefined && unfitInTag(value))
                unfit = { name: part.name, value };
            pieces[index] = value;
        }
    }
    return unfit ?? pieces.join('');
}
/** Lookups a RepeatCache gets before it judges whether the values of its capture repeat. */
const REPEAT_TRIAL = 256;
/** At most this many texts are kept for one target. */
const REPEAT_LIMIT = 4096;
/**
 * The texts already made for a target with one capture, by the captured value. In a large
 * change, targets such as `tag:lang-{lang}` or `tag:docs-{version}` take a few values thousands
 * of times: a repeat then costs one lookup, and the file shares the string the Sets already
 * hold (built, flattened and hashed once) instead of making a new one. A target whose values
 * hardly repeat (`tag:product-{sku}`) stops remembering after a trial, so neither the time nor
 * the memory grows with the number of paths.
 */
class RepeatCache {
    group;
    texts = new Map();
    lookups = 0;
    hits = 0;
    open = true;
    constructor(group) {
        this.group = group;
    }
    get(value) {
        if (!this.open)
            return undefined;
        this.lookups += 1;
        const text = this.texts.get(value);
        if (text !== undefined) {
            this.hits += 1;
        }
        else if (this.lookups >= REPEAT_TRIAL && this.hits * 2 < this.lookups) {
            this.open = false;
            this.texts.clear();
        }
        return text;
    }
    remember(value, text) {
        if (this.open && this.texts.size < REPEAT_LIMIT)
            this.texts.set(value, text);
    }
}

;// CONCATENATED MODULE: ./src/changed-files/index.ts
/**
 * Everything the changed-files feature adds to a run, except the GitHub client: one module, so
 * that the entry and the input parser load it as one chunk, on demand (a plain purge never does).
 */





/***/ })

};
