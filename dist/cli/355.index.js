export const id = 355;
export const ids = [355];
export const modules = {

/***/ 3355:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   systemClock: () => (/* binding */ systemClock)
/* harmony export */ });
const systemClock = {
    now: () => Date.now(),
    sleep: (ms, signal) => new Promise(resolve => {
        if (signal?.aborted)
            return resolve();
        const timer = setTimeout(done, Math.max(0, ms));
        function done() {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
        }
        signal?.addEventListener('abort', done, { once: true });
    })
};


/***/ })

};
