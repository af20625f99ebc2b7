export const id = 998;
export const ids = [998];
export const modules = {

/***/ 2998:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   escapeXml: () => (/* binding */ escapeXml),
/* harmony export */   renderJUnit: () => (/* binding */ renderJUnit)
/* harmony export */ });
/* unused harmony export JUNIT_SUITE */
/* harmony import */ var _status_line_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8509);
/* harmony import */ var _verification_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7383);
/* harmony import */ var _text_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8488);
/* harmony import */ var _vocabulary_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7568);
/**
 * The verification as a JUnit XML report (pure), the format GitLab shows in merge requests and
 * Jenkins in its test results: one test suite, one test case per (page, device) check the run
 * report names, with a failure for each check not proven fresh (stale, failed, never started)
 * and `skipped` for a check that settled without proving anything either way (404/410, DYNAMIC,
 * bypassed), which does not fail the run either.
 *
 * The verification names at most the first 1,000 checks of each state (verify/check/tally.ts keeps
 * a 100,000-page run as small as a 10-page one); the checks of a state beyond those are one
 * test case per device that counts them, failing as its state does. A run that did not verify
 * (not asked, skipped, refused) is one skipped test case saying why, so that a CI that requires
 * a report (Jenkins' `junit` step) still finds one.
 */




/** The suite's name as GitLab and Jenkins show it. */
const JUNIT_SUITE = 'render-cache-purge';
/** The order of the counted (unlisted) test cases: the ones to act on first. */
const STATE_ORDER = [
    'failed',
    'stale',
    'gone',
    'unverifiable',
    'bypassed',
    'fresh',
    'not-cacheable'
];
/** The run's verification as JUnit XML; `now` dates a run that verified nothing. */
function renderJUnit(report, now) {
    const verification = report.verification;
    const cases = verification?.kind === 'verified'
        ? verifiedCases(verification)
        : [notVerifiedCase(report, verification)];
    const verified = verification?.kind === 'verified' ? verification : undefined;
    const seconds = (verified?.report.verification.durationMs ?? 0) / 1000;
    const startedAt = verified?.report.verification.startedAt ?? now;
    const counts = {
        tests: String(cases.length),
        failures: String(cases.filter(test => test.outcome === 'failure').length),
        errors: '0',
        skipped: String(cases.filter(test => test.outcome === 'skipped').length),
        time: seconds.toFixed(3)
    };
    const suiteName = verified
        ? `Verification at the edge: ${verified.report.siteUrl}`
        : 'Verification at the edge';
    const properties = verified
        ? [
            property('verify_status', verified.report.verification.status),
            property('site_url', verified.report.siteUrl),
            property('devices', verified.report.devices.join(', '))
        ]
        : [];
    // junit-10.xsd, the schema Jenkins' xUnit plugin publishes, allows `skipped` on a testsuite
    // but not on testsuites: the totals there are tests, failures, errors and time alone.
    const { skipped: _skipped, ...totals } = counts;
    return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<testsuites${attributes({ name: JUNIT_SUITE, ...totals })}>`,
        `  <testsuite${attributes({ name: suiteName, ...counts, timestamp: isoSeconds(startedAt) })}>`,
        ...(properties.length > 0 ? ['    <properties>', ...properties, '    </properties>'] : []),
        ...cases.map(renderCase),
        `    <system-out>${escapeXml((0,_status_line_js__WEBPACK_IMPORTED_MODULE_0__/* .statusLine */ .Bs)(report))}</system-out>`,
        '  </testsuite>',
        '</testsuites>',
        ''
    ].join('\n');
}
/** The listed checks, then per device and state the checks only counted, then those never started. */
function verifiedCases(part) {
    const { verification, devices } = part.report;
    if (verification.fatal !== undefined) {
        return [
            {
                classname: 'verification',
                name: 'verification at the edge',
                outcome: 'failure',
                type: 'stopped',
                message: verification.fatal
            }
        ];
    }
    const skewMs = verification.skew.measured
        ? (verification.skew.lowMs + verification.skew.highMs) / 2
        : 0;
    const listed = [...verification.listed, ...verification.passed];
    const cases = listed.map(check => checkCase(check, skewMs));
    // What the lists left out, per device and state: the counts less the checks named.
    const named = new Map();
    for (const check of listed) {
        const key = `${check.device}\n${check.state}`;
        named.set(key, (named.get(key) ?? 0) + 1);
    }
    for (const tally of verification.byDevice) {
        for (const state of STATE_ORDER) {
            const more = tally.counts[state] - (named.get(`${tally.device}\n${state}`) ?? 0);
            if (more <= 0)
                continue;
            const words = (0,_vocabulary_js__WEBPACK_IMPORTED_MODULE_2__/* .stateWords */ .Xu)(state);
            const outcome = _vocabulary_js__WEBPACK_IMPORTED_MODULE_2__/* .PAGE_STATE_WORDS */ .kG[state].junit;
            cases.push({
                classname: tally.device,
                name: `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(more, `more ${words} check`, `more ${words} checks`)} (counted, not listed: a run names the first 1,000 of each state)`,
                outcome,
                ...(outcome !== 'passed' && {
                    type: state,
                    message: `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .grouped */ .zD)(more)} checks ${words} on ${tally.device}: the job summary counts them`
                })
            });
        }
    }
    if (verification.notReached > 0) {
        cases.push({
            classname: devices.join(', '),
            name: `${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(verification.notReached, 'check')} ${(0,_vocabulary_js__WEBPACK_IMPORTED_MODULE_2__/* .countedWords */ .gS)('not-started')}`,
            outcome: _vocabulary_js__WEBPACK_IMPORTED_MODULE_2__/* .PAGE_STATE_WORDS */ .kG['not-started'].junit,
            type: 'not-started',
            message: 'the deadline came before these checks started: raise verify_timeout_seconds or rate, or split the pages over more shards'
        });
    }
    return cases;
}
function checkCase(check, skewMs) {
    const outcome = _vocabulary_js__WEBPACK_IMPORTED_MODULE_2__/* .PAGE_STATE_WORDS */ .kG[(0,_verification_js__WEBPACK_IMPORTED_MODULE_1__/* .pageState */ .BP)(check)].junit;
    const seconds = check.settledAfterMs === undefined ? undefined : check.settledAfterMs / 1000;
    const base = {
        classname: check.device,
        name: check.url,
        ...(seconds !== undefined && { seconds })
    };
    if (outcome === 'passed')
        return { ...base, outcome };
    const message = (0,_verification_js__WEBPACK_IMPORTED_MODULE_1__/* .describeCheck */ .cn)(check, skewMs) ?? check.state;
    const details = [
        check.detail !== undefined ? `detail: ${check.detail}` : '',
        check.staleReason !== undefined ? `reason: ${check.staleReason}` : '',
        check.httpStatus !== undefined ? `HTTP status: ${check.httpStatus}` : '',
        check.edgeIds !== undefined ? `edge ids: ${check.edgeIds}` : '',
        `requests: ${check.requests}`
    ].filter(line => line !== '');
    return { ...base, outcome, type: check.state, message, body: details.join('\n') };
}
/** A run that did not verify: one skipped test case that says why. */
function notVerifiedCase(report, verification) {
    if (verification?.kind === 'over-budget') {
        // The run stopped before purging: a failure a CI must see, not a skip.
        return {
            classname: 'verification',
            name: 'verification at the edge',
            outcome: 'failure',
            type: 'over-budget',
            message: verification.message
        };
    }
    const why = verification?.reason ??
        (report.inputProblems !== undefined
            ? 'the inputs were refused: nothing was sent'
            : report.purge?.outcome.status === 'failed' || report.changedFilesFailure !== undefined
                ? 'the run failed before the verification'
                : 'verification was not asked for (verify: false)');
    return {
        classname: 'verification',
        name: 'verification at the edge',
        outcome: 'skipped',
        message: why
    };
}
function renderCase(test) {
    const head = `    <testcase${attributes({
        classname: test.classname,
        name: test.name,
        time: (test.seconds ?? 0).toFixed(3)
    })}`;
    if (test.outcome === 'passed')
        return `${head}/>`;
    const reason = attributes({
        ...(test.message !== undefined && { message: test.message }),
        ...(test.type !== undefined && { type: test.type })
    });
    const inner = test.outcome === 'skipped'
        ? `<skipped${reason}/>`
        : `<failure${reason}>${escapeXml(test.body ?? test.message ?? '')}</failure>`;
    return `${head}>\n      ${inner}\n    </testcase>`;
}
function property(name, value) {
    return `      <property${attributes({ name, value })}/>`;
}
function attributes(values) {
    return Object.entries(values)
        .map(([name, value]) => ` ${name}="${escapeXml(value, true)}"`)
        .join('');
}
/** A time as JUnit readers parse it: ISO 8601 to the second, in UTC. */
function isoSeconds(ms) {
    return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
// Characters XML 1.0 cannot hold at all, even escaped: shown as `\uXXXX` instead.
const NOT_XML = 
// eslint-disable-next-line no-control-regex
/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
/**
 * Text for an XML document: markup characters escaped, characters XML cannot carry made
 * visible. In an attribute, line breaks and tabs are written as references too, or a parser
 * would read them as spaces.
 */
function escapeXml(text, attribute = false) {
    const escaped = text
        .replace(NOT_XML, character => `\\u${(character.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`)
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;');
    if (!attribute)
        return escaped;
    return escaped
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&apos;')
        .replace(/\n/g, '&#10;')
        .replace(/\r/g, '&#13;')
        .replace(/\t/g, '&#9;');
}


/***/ })

};
