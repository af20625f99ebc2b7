export const id = 846;
export const ids = [846];
export const modules = {

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
