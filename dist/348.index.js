export const id = 348;
export const ids = [348];
export const modules = {

/***/ 6348:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  PATTERN_DELIMITERS: () => (/* reexport */ delimiters/* PATTERN_DELIMITERS */.cL),
  PCRE_MODIFIERS: () => (/* reexport */ delimiters/* PCRE_MODIFIERS */.SM),
  escapeUnescapedDelimiter: () => (/* reexport */ delimiters/* escapeUnescapedDelimiter */.HQ),
  matchPathsWithin: () => (/* reexport */ bounded_match/* matchPathsWithin */.d8),
  preparePattern: () => (/* reexport */ preparePattern)
});

// EXTERNAL MODULE: ./src/pattern/delimiters.ts
var delimiters = __webpack_require__(8930);
// EXTERNAL MODULE: ./src/pattern/messages.ts
var messages = __webpack_require__(7532);
;// CONCATENATED MODULE: ./src/pattern/anchors.ts

function warnIfUnanchored(tree, flags, given, diag) {
    const start = flags.anchored || alternativesAnchored(tree, 'start');
    const end = alternativesAnchored(tree, 'end');
    if (start && end)
        return;
    const missing = !start && !end
        ? 'at either end (no ^ or \\A at the start, no $, \\z or \\Z at the end)'
        : !start
            ? 'at the start (no ^ or \\A)'
            : 'at the end (no $, \\z or \\Z)';
    diag.warn(`Pattern ${(0,messages/* shown */.S)(given)} is not anchored ${missing}: an unanchored pattern matches anywhere in the path, e.g. #/blog/# also purges /old/blog/x.`);
}
/** Anchored when every alternative is: `^(?:/a|/b)$` and `^/a$|^/b$` both are. */
function alternativesAnchored(alternatives, side) {
    return alternatives.every(sequence => sequenceAnchored(sequence, side));
}
function sequenceAnchored(sequence, side) {
    const ordered = side === 'start' ? sequence : [...sequence].reverse();
    for (const node of ordered) {
        if (node.kind === 'group' && (node.role === 'lookahead' || node.role === 'lookbehind'))
            continue;
        return nodeAnchored(node, side);
    }
    return false;
}
function nodeAnchored(node, side) {
    if (node.kind === 'assertion')
        return node.anchor === side;
    if (node.kind === 'quantified')
        return node.min >= 1 && nodeAnchored(node.node, side);
    if (node.kind === 'group' && (node.role === 'plain' || node.role === 'atomic')) {
        return alternativesAnchored(node.alternatives, side);
    }
    return false;
}

// EXTERNAL MODULE: ./src/pattern/bounded-match.ts
var bounded_match = __webpack_require__(9983);
// EXTERNAL MODULE: ./src/pattern/js-regexp.ts
var js_regexp = __webpack_require__(7849);
// EXTERNAL MODULE: ./src/pattern/pcre-syntax.ts + 1 modules
var pcre_syntax = __webpack_require__(7306);
// EXTERNAL MODULE: ./src/pattern/tree.ts
var tree = __webpack_require__(1708);
;// CONCATENATED MODULE: ./src/pattern/prepare.ts







/** PCRE2's own limit (its default parens_nest_limit): deeper patterns do not compile. */
const MAX_GROUP_NESTING = 250;
/**
 * How deep parentheses nest, counted before the (recursive) scanner runs so that a pattern of
 * thousands of nested groups is refused instead of overflowing the stack. Escaped parentheses
 * and those in a character class do not count; the count is an upper bound otherwise
 * (`\Q(\E` counts), which only matters for a pattern near the limit anyway.
 */
function groupNestingDepth(text) {
    let depth = 0;
    let deepest = 0;
    let inClass = false;
    for (let at = 0; at < text.length; at++) {
        const character = text[at];
        if (character === '\\')
            at++;
        else if (inClass)
            inClass = character !== ']';
        else if (character === '[') {
            inClass = true;
            // A ']' first in a class (after an optional '^') is literal: `[]()]` holds ']' '(' ')'.
            if (text[at + 1] === '^')
                at++;
            if (text[at + 1] === ']')
                at++;
        }
        else if (character === '(')
            deepest = Math.max(deepest, ++depth);
        else if (character === ')')
            depth = Math.max(0, depth - 1);
    }
    return deepest;
}
/**
 * Trims and checks the `pattern` input; returns what to send, or undefined after reporting
 * every problem to `diag`.
 */
function preparePattern(raw, options, diag) {
    const given = raw.trim();
    if (given === '')
        return undefined;
    const lineBreak = given.search(/[\r\n]/);
    if (lineBreak >= 0) {
        diag.problem(messages/* INPUT */.b, given, `contains a line break at offset ${lineBreak}; the input takes one regular expression on a single line`);
        return undefined;
    }
    const depth = groupNestingDepth(given);
    if (depth > MAX_GROUP_NESTING) {
        diag.problem(messages/* INPUT */.b, given, `nests parentheses ${depth} deep; PCRE2 refuses patterns nested more than ${MAX_GROUP_NESTING} deep, so the service could not compile it`);
        return undefined;
    }
    const problemsBefore = diag.problems.length;
    const parts = delimiters/* PATTERN_DELIMITERS */.cL.includes(given.charAt(0))
        ? (0,delimiters/* splitDelimited */.kc)(given, diag)
        : (0,delimiters/* wrapBareExpression */.rS)(given, diag);
    if (parts === undefined)
        return undefined;
    const flags = (0,tree/* flagsFromModifiers */.i)(parts.prepared.modifiers);
    const scanned = (0,pcre_syntax/* scanBody */.e)(parts.scannedText, parts.scanOffset, flags, given, diag);
    if (scanned === undefined || diag.problems.length > problemsBefore)
        return undefined;
    if (parts.prepared.wrapped) {
        diag.notice(`Pattern ${(0,messages/* shown */.S)(given)} has no delimiters, so it is sent wrapped in '${parts.prepared.delimiter}' as ${(0,messages/* shown */.S)(parts.prepared.pattern)}.`);
    }
    for (const warning of scanned.warnings)
        diag.warn(`Pattern ${(0,messages/* shown */.S)(given)}: ${warning}`);
    const verdict = (0,js_regexp/* matchesEveryPath */.o)(scanned.tree, flags);
    if (verdict === 'too-slow') {
        // Matching this pattern backtracks catastrophically, so whether it purges the whole site
        // cannot be told. Such a pattern is not let through silently: the user either rewrites it
        // or says with allow_purge_all that purging everything it might match is intended. (PCRE
        // on the service hits its backtracking limit on the same paths, with unknown effect.)
        if (!options.allowPurgeAll) {
            diag.problem(messages/* INPUT */.b, given, `could not be checked: trying it on a few paths did not finish within ${bounded_match/* DEFAULT_MATCH_DEADLINE_MS */.gi / 1000} s, as nested quantifiers such as (.*.*)* or (a+)+ backtrack for ever. Rewrite it without nested quantifiers, or set \`allow_purge_all: true\` to send it unchecked`);
            return undefined;
        }
        diag.warn(`Pattern ${(0,messages/* shown */.S)(given)} could not be checked in time (nested quantifiers backtrack for ever); it is sent unchecked because allow_purge_all is true.`);
        return parts.prepared;
    }
    if (verdict === 'yes') {
        if (!options.allowPurgeAll) {
            diag.problem(messages/* INPUT */.b, given, 'matches every path, so it would purge every cached page of the site; set `allow_purge_all: true` to purge the whole site deliberately');
            return undefined;
        }
        diag.warn(`Pattern ${(0,messages/* shown */.S)(given)} matches every path: every cached page of the site will be purged (allow_purge_all is true).`);
    }
    else {
        warnIfUnanchored(scanned.tree, flags, given, diag);
    }
    return parts.prepared;
}

;// CONCATENATED MODULE: ./src/pattern.ts
/**
 * The `pattern` input: turns what the user wrote into the delimited PCRE pattern the service
 * expects, and refuses mistakes before anything is sent.
 *
 * The service is a PHP application: the pattern reaches preg_match() exactly as given, and a
 * careless one purges pages nobody meant to purge. JavaScript's RegExp cannot judge PCRE
 * (possessive quantifiers, atomic groups, \Q...\E, recursion, ...), so the modules under
 * pattern/ scan PCRE syntax themselves. To decide whether a pattern matches every path they
 * translate the parsed pattern to a JS RegExp, but only where that translation is exact, and
 * try it on probe paths.
 *
 * This file is the public entry; each job has its own module under pattern/ (prepare.ts runs
 * them in order).
 */





/***/ })

};
