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

// EXTERNAL MODULE: ./src/pattern/js-regexp.ts
var js_regexp = __webpack_require__(7849);
// EXTERNAL MODULE: ./src/pattern/pcre-syntax.ts + 1 modules
var pcre_syntax = __webpack_require__(7306);
// EXTERNAL MODULE: ./src/pattern/tree.ts
var tree = __webpack_require__(1708);
;// CONCATENATED MODULE: ./src/pattern/prepare.ts






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
    if ((0,js_regexp/* matchesEveryPath */.o)(scanned.tree, flags)) {
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
