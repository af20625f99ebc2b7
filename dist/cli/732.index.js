export const id = 732;
export const ids = [732];
export const modules = {

/***/ 8732:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MAX_BODY_BYTES: () => (/* binding */ MAX_BODY_BYTES),
/* harmony export */   createHttpTransport: () => (/* binding */ createHttpTransport),
/* harmony export */   describeConnectionError: () => (/* binding */ describeConnectionError),
/* harmony export */   withoutQuery: () => (/* binding */ withoutQuery)
/* harmony export */ });
/* harmony import */ var _actions_http_client__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4942);
/* harmony import */ var _transport_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2035);
/**
 * The production Transport, on @actions/http-client, which also honours the runner's proxy
 * settings (https_proxy, no_proxy). Its own retries are off: it never retries a POST anyway,
 * and our sender owns the retry policy.
 */


/** Bodies longer than this are cut: enough for any error message, safe against huge pages. */
const MAX_BODY_BYTES = 64 * 1024;
function createHttpTransport(userAgent, timeoutMs) {
    const client = new _actions_http_client__WEBPACK_IMPORTED_MODULE_0__/* .HttpClient */ .Qq(userAgent, [], {
        keepAlive: true,
        allowRetries: false,
        allowRedirects: false,
        // An idle socket is closed after this long even if our deadline below already gave up.
        socketTimeout: timeoutMs
    });
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
    return {
        async post(url, jsonBody, deadlineMs) {
            let timer;
            const deadline = new Promise((_, reject) => {
                timer = setTimeout(() => reject(new _transport_js__WEBPACK_IMPORTED_MODULE_1__/* .TransportError */ .w('timeout', `no answer within ${deadlineMs / 1000} s`)), deadlineMs);
            });
            try {
                return await Promise.race([exchange(client, url, jsonBody, headers), deadline]);
            }
            finally {
                clearTimeout(timer);
            }
        },
        close() {
            client.dispose();
        }
    };
}
async function exchange(client, url, jsonBody, headers) {
    let message;
    try {
        message = (await client.post(url.href, jsonBody, headers)).message;
    }
    catch (error) {
        const text = withoutQuery(describeConnectionError(error));
        const kind = /timeout/i.test(text) ? 'timeout' : 'connection';
        throw new _transport_js__WEBPACK_IMPORTED_MODULE_1__/* .TransportError */ .w(kind, text);
    }
    const body = await readCapped(message);
    return { status: message.statusCode ?? 0, headers: message.headers, body };
}
/**
 * Reads at most MAX_BODY_BYTES, then stops: an answer that never ends (or is huge) keeps its
 * status and the body's first part, instead of running into the deadline and being retried.
 * The socket is dropped then, since the rest of the answer would still be on it. A body
 * dropped mid-way, before the cap, is a connection failure.
 */
function readCapped(message) {
    return new Promise((resolve, reject) => {
        const chunks = [];
        let size = 0;
        const finish = () => resolve(Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8'));
        message.on('data', (data) => {
            if (size >= MAX_BODY_BYTES)
                return;
            chunks.push(data);
            size += data.length;
            if (size >= MAX_BODY_BYTES) {
                finish();
                message.destroy();
            }
        });
        message.on('end', finish);
        message.on('aborted', () => reject(new _transport_js__WEBPACK_IMPORTED_MODULE_1__/* .TransportError */ .w('connection', 'the connection closed mid-answer')));
        message.on('error', error => reject(new _transport_js__WEBPACK_IMPORTED_MODULE_1__/* .TransportError */ .w('connection', error.message)));
    });
}
/**
 * A failed connection in words that say what to change where Node's say little to someone
 * setting up: OpenSSL's 'wrong version number' (with its source file and a line break) is what
 * an https:// base_url gets from a plain HTTP server, and 'getaddrinfo ENOTFOUND' a misspelt host.
 */
function describeConnectionError(error) {
    const text = (error instanceof Error ? error.message : String(error)).trim();
    const code = error instanceof Error ? error.code : undefined;
    if (/wrong version number/i.test(text)) {
        return 'the TLS handshake failed: the server at this address does not answer https:// on that port, perhaps a plain HTTP server (http:// is accepted for loopback addresses only)';
    }
    const host = /^getaddrinfo ENOTFOUND (\S+)/.exec(text)?.[1];
    if (code === 'ENOTFOUND' && host !== undefined) {
        return `no such host: ${host} (check the host name in base_url)`;
    }
    return text;
}
/**
 * The HTTP layer's errors may quote the request path, query string and API key included
 * ("Request timeout: /api/v1/cache/purge?api_key=..."): keep the key out at the source.
 */
function withoutQuery(message) {
    return message.replace(/\?[^\s'"]*/g, '');
}


/***/ }),

/***/ 2035:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   w: () => (/* binding */ TransportError)
/* harmony export */ });
/**
 * What the sender needs from HTTP, and nothing more: one POST with a deadline. Production uses
 * @actions/http-client (http-transport.ts); tests may pass any function of this shape.
 */
/** No HTTP answer at all: the request timed out or the connection failed. */
class TransportError extends Error {
    kind;
    constructor(kind, message) {
        super(message);
        this.kind = kind;
        this.name = 'TransportError';
    }
}


/***/ })

};
