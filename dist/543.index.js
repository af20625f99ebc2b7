export const id = 543;
export const ids = [543];
export const modules = {

/***/ 4543:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   z: () => (/* binding */ reasonsOf)
/* harmony export */ });
/** What PHP's preg_last_error_msg() says when preg_match() returns false for a subject. */
const GIVE_UP_MESSAGES = {
    'backtrack-limit': 'Backtrack limit exhausted',
    'recursion-limit': 'Recursion limit exhausted',
    'bad-utf8': 'Malformed UTF-8 characters, possibly incorrectly encoded',
    internal: 'Internal error'
};
/** "Backtrack limit exhausted at pcre.backtrack_limit", for each reason once. */
function reasonsOf(gaveUp) {
    return [...new Set(gaveUp.map(({ reason }) => reason))].map(reasonText).join('; ');
}
function reasonText(reason) {
    const setting = reason === 'backtrack-limit'
        ? ' at pcre.backtrack_limit'
        : reason === 'recursion-limit'
            ? ' at pcre.recursion_limit'
            : '';
    return `${GIVE_UP_MESSAGES[reason]}${setting}`;
}


/***/ })

};
