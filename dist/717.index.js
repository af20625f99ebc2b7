export const id = 717;
export const ids = [717];
export const modules = {

/***/ 8717:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   WORD_JOINER: () => (/* binding */ WORD_JOINER),
/* harmony export */   breakAutolinks: () => (/* binding */ breakAutolinks),
/* harmony export */   inert: () => (/* binding */ inert),
/* harmony export */   inertCode: () => (/* binding */ inertCode),
/* harmony export */   redactInert: () => (/* binding */ redactInert)
/* harmony export */ });
/* harmony import */ var _html_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(534);
/**
 * Text from outside (file names, URLs, patterns, tags, the service's messages) made inert for
 * a comment on a pull request. A comment is GitHub-flavoured Markdown that GitHub renders and
 * then links: `@name` notifies a person or a team, `#12` and `GH-12` cross-reference an issue
 * (and leave a mark on it), `https://…` and `www.…` become links. A file named
 * `@octo-org/admins please approve https://evil.example` must not do any of that.
 *
 * Each is broken with a WORD JOINER (U+2060), invisible and never a line break, right where
 * GitHub would start to read it, and the text is then escaped as for the job summary (html.ts:
 * Markdown and HTML characters as entities, line breaks as `<br>`), so it can neither end the
 * comment's HTML nor start Markdown. Copying such a text copies the joiner too: a small price
 * for a comment that nobody's file name can steer.
 */

/** Invisible, and not a letter or digit: `@⁠name` is no mention, `:⁠//` no scheme. */
const WORD_JOINER = '\u2060';
const AUTOLINK_STARTS = [
    // @name, @org/team, and the @ of an e-mail address (GitHub links those too).
    [/@(?=[\p{L}\p{N}_-])/gu, `@${WORD_JOINER}`],
    // #12, owner/repo#12: an issue or pull request reference.
    [/#(?=\d)/g, `#${WORD_JOINER}`],
    // GH-12: the other spelling of an issue reference.
    [/\b(gh)-(?=\d)/gi, `$1-${WORD_JOINER}`],
    // scheme://…, and www.… which GitHub links without a scheme.
    [/:\/\//g, `:${WORD_JOINER}//`],
    [/\b(www)\./gi, `$1${WORD_JOINER}.`]
];
/** The text with every mention, reference and bare link broken, not yet escaped. */
function breakAutolinks(text) {
    let broken = text;
    for (const [start, replacement] of AUTOLINK_STARTS)
        broken = broken.replace(start, replacement);
    return broken;
}
/** Outside text for a comment's HTML: links, mentions and references broken, then escaped. */
function inert(text) {
    return (0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)(breakAutolinks(text));
}
/** Outside text in `<code>`, inert as above. */
function inertCode(text) {
    return `<code>${inert(text)}</code>`;
}
/** A character reference (`&#95;`, `&amp;`), which a break must never cut in two. */
const ENTITY_OR_TEXT = /&(?:#\d+|#x[0-9a-f]+|[a-z]+);|[^&]+|&/gi;
/**
 * A comment's HTML with the registered secrets redacted. Its outside texts hold word joiners
 * that may split a secret's spelling (`user@⁠host`), so it is redacted without them; when
 * that hid something, the texts between its tags (never the tags: the run's own link) are
 * broken again, entities kept whole.
 */
function redactInert(html, redact) {
    const joinerless = html.replaceAll(WORD_JOINER, '');
    const redacted = redact(joinerless);
    if (redacted === joinerless)
        return html;
    return redacted.replace(/(^|>)([^<]*)/g, (_, end, text) => end +
        text.replace(ENTITY_OR_TEXT, piece => piece.startsWith('&') && piece.length > 1 ? piece : breakAutolinks(piece)));
}


/***/ })

};
