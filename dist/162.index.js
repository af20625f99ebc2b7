export const id = 162;
export const ids = [162];
export const modules = {

/***/ 9983:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T9: () => (/* binding */ runWithin),
/* harmony export */   d8: () => (/* binding */ matchPathsWithin),
/* harmony export */   gi: () => (/* binding */ DEFAULT_MATCH_DEADLINE_MS)
/* harmony export */ });
/* harmony import */ var node_vm__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(714);
/* harmony import */ var node_vm__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_vm__WEBPACK_IMPORTED_MODULE_0__);
/**
 * Runs JavaScript regular expressions with a deadline. A regex with nested quantifiers
 * (`(.*.*)*X`) backtracks for longer than the age of the universe on a 500-character path; run
 * in a V8 context with a timeout (node:vm), it is interrupted even in mid-match, and the caller
 * stays synchronous (the pattern checks are pure functions). One mechanism for the match-all
 * probe (matchPathsWithin) and for choosing sitemap pages (verify/pattern-pages.ts).
 */

/** Paths are matched within this long; legitimate patterns take µs. */
const DEFAULT_MATCH_DEADLINE_MS = 1500;
/** Evaluates `script` (its last expression is the value) over `context`, within the deadline. */
function runWithin(script, context, deadlineMs) {
    try {
        return { kind: 'done', value: (0,node_vm__WEBPACK_IMPORTED_MODULE_0__.runInNewContext)(script, context, { timeout: deadlineMs }) };
    }
    catch (error) {
        if (error?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
            return { kind: 'too-slow' };
        }
        // V8 compiles a regular expression lazily: one too large fails only when it runs.
        if (error instanceof SyntaxError || error?.name === 'SyntaxError') {
            return { kind: 'invalid' };
        }
        throw error;
    }
}
/** Which of `paths` the regex matches, decided within the deadline or not at all. */
function matchPathsWithin(regex, paths, options = {}) {
    const matches = paths.map(() => undefined);
    const run = runWithin(`for (let index = 0; index < paths.length; index++) {
      const matched = regex.test(paths[index])
      matches[index] = matched
      if (!matched && stopAtFirstMiss) break
    }`, {
        // A fresh RegExp without g/y: test() must not carry lastIndex from one path to the next.
        regex: new RegExp(regex.source, regex.flags.replace(/[gy]/g, '')),
        paths,
        matches,
        stopAtFirstMiss: options.stopAtFirstMiss ?? false
    }, options.deadlineMs ?? DEFAULT_MATCH_DEADLINE_MS);
    return run.kind === 'done' ? { kind: 'done', matches } : run;
}


/***/ }),

/***/ 8930:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HQ: () => (/* binding */ escapeUnescapedDelimiter),
/* harmony export */   SM: () => (/* binding */ PCRE_MODIFIERS),
/* harmony export */   cL: () => (/* binding */ PATTERN_DELIMITERS),
/* harmony export */   kc: () => (/* binding */ splitDelimited),
/* harmony export */   rS: () => (/* binding */ wrapBareExpression)
/* harmony export */ });
/* harmony import */ var _messages_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7532);

/** A pattern starting with one of these is read as delimited, as the service's PHP would. */
const PATTERN_DELIMITERS = '#/~!@%|';
/** The modifiers preg_match() accepts after the end delimiter (PHP 8.2). */
const PCRE_MODIFIERS = 'imsxuUXJADSn';
const WRAP_DELIMITER = '#';
function splitDelimited(given, diag) {
    const delimiter = given.charAt(0);
    const end = given.lastIndexOf(delimiter);
    if (end === 0) {
        diag.problem(_messages_js__WEBPACK_IMPORTED_MODULE_0__/* .INPUT */ .b, given, missingEndDelimiterReason(delimiter));
        return undefined;
    }
    const body = given.slice(1, end);
    const modifiers = given.slice(end + 1);
    if (endsWithEscapingBackslash(body)) {
        diag.problem(_messages_js__WEBPACK_IMPORTED_MODULE_0__/* .INPUT */ .b, given, `${missingEndDelimiterReason(delimiter)} (the final '${delimiter}' at offset ${end} is escaped by the backslash before it)`);
        return undefined;
    }
    reportUnescapedDelimiter(given, body, delimiter, diag);
    reportUnknownModifiers(given, modifiers, end + 1, delimiter, diag);
    return {
        prepared: { pattern: given, delimiter, body, modifiers, wrapped: false },
        scannedText: body,
        scanOffset: 1
    };
}
function missingEndDelimiterReason(delimiter) {
    const hint = delimiter === '/'
        ? "; a pattern that starts with '/' is read as delimited by '/': to match paths starting with '/', write a bare expression such as ^/blog/.*$"
        : '';
    return `has no end delimiter: a pattern that starts with '${delimiter}' must end with '${delimiter}', optionally followed by modifiers such as i${hint}`;
}
function endsWithEscapingBackslash(text) {
    const trailingBackslashes = /\\*$/.exec(text)?.[0].length ?? 0;
    return trailingBackslashes % 2 === 1;
}
/** PHP ends the pattern at the first unescaped delimiter, whatever follows. */
function reportUnescapedDelimiter(given, body, delimiter, diag) {
    const offsets = unescapedOccurrences(body, delimiter).map(index => index + 1);
    const first = offsets[0];
    if (first === undefined)
        return;
    const more = offsets.length > 1 ? ` (and ${offsets.length - 1} more)` : '';
    const alternative = [...PATTERN_DELIMITERS].find(candidate => candidate !== delimiter && !body.includes(candidate));
    const advice = alternative === undefined
        ? `escape it as \\${delimiter}`
        : `escape it as \\${delimiter} or use ${alternative} as delimiter`;
    diag.problem(_messages_js__WEBPACK_IMPORTED_MODULE_0__/* .INPUT */ .b, given, `unescaped delimiter '${delimiter}' inside the pattern at offset ${first}${more}, where PHP would end the pattern; ${advice}`);
}
function unescapedOccurrences(text, char) {
    const found = [];
    for (let index = 0; index < text.length; index++) {
        if (text[index] === '\\')
            index++;
        else if (text[index] === char)
            found.push(index);
    }
    return found;
}
function reportUnknownModifiers(given, modifiers, offset, delimiter, diag) {
    const unknown = [...new Set([...modifiers].filter(char => !PCRE_MODIFIERS.includes(char)))];
    if (unknown.length === 0)
        return;
    const listed = unknown.map(char => `'${char}'`).join(', ');
    const noun = unknown.length === 1 ? 'modifier' : 'modifiers';
    const pathHint = delimiter === '/'
        ? "; a pattern that starts with '/' is read as delimited by '/': to match paths starting with '/', write a bare expression such as ^/blog/.*$ or use # as delimiter"
        : '';
    diag.problem(_messages_js__WEBPACK_IMPORTED_MODULE_0__/* .INPUT */ .b, given, `unknown ${noun} ${listed} after the end delimiter '${delimiter}' at offset ${offset}; valid PCRE modifiers are ${[...PCRE_MODIFIERS].join(' ')}${pathHint}`);
}
function wrapBareExpression(given, diag) {
    const delimiter = wrappingDelimiter(given);
    if (delimiter === undefined) {
        diag.problem(_messages_js__WEBPACK_IMPORTED_MODULE_0__/* .INPUT */ .b, given, `cannot be wrapped in delimiters: it has a comment ((?#...) or (?x) with #) and uses every delimiter character (${[...PATTERN_DELIMITERS].join(' ')}); write the delimiters yourself`);
        return undefined;
    }
    const body = escapeUnescapedDelimiter(given, delimiter);
    return {
        prepared: {
            pattern: `${delimiter}${body}${delimiter}`,
            delimiter,
            body,
            modifiers: '',
            wrapped: true
        },
        scannedText: given,
        scanOffset: 0
    };
}
/**
 * '#' unless a '#' in the expression must stay unescaped: in a (?#...) comment (`(?\#` is not
 * a comment) or where inline extended mode (`(?x)`) makes '#' start a comment (`\#` would be
 * a literal '#'). Then another delimiter that does not occur at all is used.
 */
function wrappingDelimiter(expression) {
    const hashMustStay = expression.includes('(?#') || /\(\?[a-zA-Z-]*x/.test(expression);
    if (!hashMustStay || !expression.includes('#'))
        return WRAP_DELIMITER;
    return [...PATTERN_DELIMITERS].find(candidate => !expression.includes(candidate));
}
/**
 * Escapes each unescaped `delimiter` so PHP does not end the pattern there. Inside \Q...\E a
 * backslash would be literal, so the quoted section is closed around the escaped delimiter.
 */
function escapeUnescapedDelimiter(expression, delimiter) {
    let escaped = '';
    let index = 0;
    while (index < expression.length) {
        const char = expression.charAt(index);
        if (char === '\\' && expression.charAt(index + 1) === 'Q') {
            const quoteEnd = expression.indexOf('\\E', index + 2);
            const end = quoteEnd === -1 ? expression.length : quoteEnd;
            const quoted = expression.slice(index + 2, end);
            escaped += `\\Q${quoted.split(delimiter).join(`\\E\\${delimiter}\\Q`)}`;
            index = end;
        }
        else if (char === '\\') {
            escaped += expression.slice(index, index + 2);
            index += 2;
        }
        else {
            escaped += char === delimiter ? `\\${delimiter}` : char;
            index++;
        }
    }
    return escaped;
}


/***/ }),

/***/ 7849:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ toJsRegExp),
/* harmony export */   o: () => (/* binding */ matchesEveryPath)
/* harmony export */ });
/* harmony import */ var _bounded_match_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9983);
/**
 * Does the pattern match every path? Translates the parsed pattern to a JS RegExp, only where
 * the translation is exact, and tries it on probe paths.
 */

/**
 * Tries the pattern, translated to an exact JS equivalent, on diverse paths, with a deadline
 * (bounded-match.ts). When the translation is impossible, answers no: what cannot
 * be translated is not refused (PCRE-only syntax is common and legitimate).
 */
function matchesEveryPath(tree, flags) {
    const regex = toJsRegExp(tree, flags);
    if (regex === undefined)
        return 'no';
    const probe = (0,_bounded_match_js__WEBPACK_IMPORTED_MODULE_0__/* .matchPathsWithin */ .d8)(regex, probePaths(), { stopAtFirstMiss: true });
    // V8 compiles lazily: a very long pattern fails only when run ("Regular expression too
    // large"). PCRE's limits differ, so this is a pattern we cannot judge, not a bad one.
    if (probe.kind === 'invalid')
        return 'no';
    if (probe.kind === 'too-slow')
        return 'too-slow';
    return probe.matches.every(matched => matched === true) ? 'yes' : 'no';
}
class Untranslatable extends Error {
}
/**
 * The pattern's exact JS equivalent, or undefined where there is none. Also used to choose
 * sitemap pages for a pattern purge (page-regexp.ts).
 */
function toJsRegExp(tree, flags) {
    try {
        const source = new JsTranslator(flags.caseless).alternatives(tree);
        const anchored = flags.anchored ? `^(?:${source})` : source;
        return new RegExp(anchored, flags.caseless ? 'iu' : 'u');
    }
    catch (error) {
        // A SyntaxError here is a PCRE construct JS spells differently (\p{Greek}, ...).
        if (error instanceof Untranslatable || error instanceof SyntaxError)
            return undefined;
        throw error;
    }
}
/**
 * Writes the JS equivalent of a parsed pattern. Atomic groups and possessive quantifiers are
 * emulated exactly with `(?=(X))\N` (a lookahead is atomic in JS); since back references are
 * never translated, those emulation groups are the only capturing groups.
 */
class JsTranslator {
    caseless;
    captures = 0;
    lookbehindDepth = 0;
    constructor(caseless) {
        this.caseless = caseless;
    }
    alternatives(alternatives) {
        return alternatives.map(sequence => sequence.map(node => this.node(node)).join('')).join('|');
    }
    node(node) {
        switch (node.kind) {
            case 'char':
                return this.char(node.codePoint, node.caseless);
            case 'set':
                return definedOrUntranslatable(node.js);
            case 'class':
                return this.characterClass(node);
            case 'assertion':
                return node.js;
            case 'group':
                return this.group(node.role, node.jsOpen, node.alternatives);
            case 'quantified':
                return this.quantified(node);
            case 'untranslatable':
                throw new Untranslatable();
        }
    }
    char(codePoint, caseless) {
        if (caseless === this.caseless)
            return escapeCodePoint(codePoint);
        const variants = caseVariants(codePoint);
        if (variants === undefined)
            return escapeCodePoint(codePoint);
        if (!caseless)
            throw new Untranslatable();
        return `[${variants.map(escapeCodePoint).join('')}]`;
    }
    characterClass(node) {
        // Only a caseless class inside a case-sensitive RegExp can be widened by hand.
        if (!node.caseless && this.caseless)
            throw new Untranslatable();
        const widen = node.caseless && !this.caseless;
        const content = node.items.map(item => classItemToJs(item, widen)).join('');
        return `[${node.negated ? '^' : ''}${content}]`;
    }
    group(role, jsOpen, alternatives) {
        if (role === 'untranslatable')
            throw new Untranslatable();
        if (role === 'atomic')
            return this.atomic(() => this.alternatives(alternatives));
        if (role !== 'lookbehind')
            return `${jsOpen}${this.alternatives(alternatives)})`;
        this.lookbehindDepth++;
        try {
            return `${jsOpen}${this.alternatives(alternatives)})`;
        }
        finally {
            this.lookbehindDepth--;
        }
    }
    quantified(node) {
        if (!node.unambiguous)
            throw new Untranslatable();
        const count = `{${node.min},${node.max ?? ''}}`;
        if (node.possessive)
            return this.atomic(() => `(?:${this.node(node.node)})${count}`);
        return `(?:${this.node(node.node)})${count}${node.lazy ? '?' : ''}`;
    }
    /** The capture number is taken before the inner part is written, to keep source order. */
    atomic(inner) {
        // Matching runs backwards in a lookbehind, where the emulation would not be exact.
        if (this.lookbehindDepth > 0)
            throw new Untranslatable();
        const index = ++this.captures;
        return `(?:(?=(${inner()}))\\${index})`;
    }
}
function classItemToJs(item, caseless) {
    if (item.kind === 'char') {
        const variants = caseless ? caseVariants(item.codePoint) : undefined;
        return (variants ?? [item.codePoint]).map(escapeCodePoint).join('');
    }
    if (item.kind === 'range')
        return rangeToJs(item.from, item.to, caseless);
    if (caseless && item.caseSensitive === true)
        throw new Untranslatable();
    return definedOrUntranslatable(item.js);
}
const ASCII_LETTER_RANGES = [
    [0x41, 0x5a],
    [0x61, 0x7a]
];
/** Under a hand-made i flag, a range also takes the other case of its ASCII letters. */
function rangeToJs(from, to, caseless) {
    const ranges = [[from, to]];
    if (caseless) {
        // Non-ASCII letters have case pairs that are not a fixed offset apart.
        if (to > 0x7f)
            throw new Untranslatable();
        for (const [low, high] of ASCII_LETTER_RANGES) {
            const start = Math.max(from, low);
            const end = Math.min(to, high);
            // Upper and lower case ASCII letters differ by one bit.
            if (start <= end)
                ranges.push([start ^ 0x20, end ^ 0x20]);
        }
    }
    return ranges.map(([start, end]) => `${escapeCodePoint(start)}-${escapeCodePoint(end)}`).join('');
}
function definedOrUntranslatable(js) {
    if (js === undefined)
        throw new Untranslatable();
    return js;
}
function caseVariants(codePoint) {
    const char = String.fromCodePoint(codePoint);
    const variants = [...new Set([char, char.toLowerCase(), char.toUpperCase()])];
    if (variants.length === 1)
        return undefined;
    // ß -> SS and the like have no one-character equivalent in a class.
    if (variants.some(variant => [...variant].length !== 1))
        throw new Untranslatable();
    return variants.map(variant => variant.codePointAt(0) ?? 0);
}
function escapeCodePoint(codePoint) {
    const char = String.fromCodePoint(codePoint);
    return /^[A-Za-z0-9]$/.test(char) ? char : `\\u{${codePoint.toString(16)}}`;
}
/**
 * Paths a pattern must match to be judged a match-all: short and plain, deep, encoded, raw
 * Unicode, every printable ASCII character, and one long path. The long one comes last so a
 * pattern that fails early never gets to backtrack over it.
 */
function probePaths() {
    const printableAscii = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index));
    const longPath = Array.from({ length: 60 }, (_, index) => `segment-${index}/`)
        .join('')
        .slice(0, 499);
    return [
        '/',
        '/a',
        '/Z',
        '/0',
        '/~',
        '/index.html',
        '/blog/post-1.html',
        '/blog/',
        '/admin',
        '/wp-admin/options.php',
        '/api/v1/items',
        '/static/app.js',
        '/images/logo.png',
        '/a//b',
        '/x/y/z/deep/page?q=1&b=2',
        '/?utm_source=newsletter',
        '/%C3%A9t%C3%A9',
        '/été/über',
        '/日本語/ページ',
        '/emoji/😀',
        '/UPPER/Case.PHP',
        '/-_.~',
        '/with space/and more spaces',
        `/${printableAscii.join('')}`,
        `/${longPath}`
    ];
}


/***/ }),

/***/ 7532:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ shown),
/* harmony export */   b: () => (/* binding */ INPUT)
/* harmony export */ });
/**
 * What the messages about the `pattern` input share: the input's name, and how a long pattern
 * is shortened when a message quotes it.
 */
const INPUT = 'pattern';
const MAX_SHOWN = 120;
function shown(text) {
    return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}


/***/ }),

/***/ 7306:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  e: () => (/* binding */ scanBody)
});

// EXTERNAL MODULE: ./src/pattern/messages.ts
var messages = __webpack_require__(7532);
;// CONCATENATED MODULE: ./src/pattern/pcre-characters.ts
class PatternSyntaxError extends Error {
}
const POSIX_CLASSES = {
    alnum: 'A-Za-z0-9',
    alpha: 'A-Za-z',
    ascii: '\\u{0}-\\u{7f}',
    blank: ' \\t',
    cntrl: '\\u{0}-\\u{1f}\\u{7f}',
    digit: '0-9',
    graph: '!-~',
    lower: 'a-z',
    print: ' -~',
    punct: '!-\\/:-@\\[-`\\{-~',
    space: '\\t\\n\\v\\f\\r ',
    upper: 'A-Z',
    word: '\\w',
    xdigit: '0-9A-Fa-f'
};
const HORIZONTAL_SPACE = '\\t \\u{a0}\\u{1680}\\u{180e}\\u{2000}-\\u{200a}\\u{202f}\\u{205f}\\u{3000}';
const VERTICAL_SPACE = '\\n\\v\\f\\r\\u{85}\\u{2028}\\u{2029}';
const SIMPLE_CONTROL_ESCAPES = {
    a: 0x07,
    e: 0x1b,
    f: 0x0c,
    n: 0x0a,
    r: 0x0d,
    t: 0x09
};
/** Outside a class: the JS for each set escape (undefined: no JS equivalent). */
const SET_ESCAPES = {
    d: { js: '\\d' },
    D: { js: '\\D' },
    s: { js: '\\s' },
    S: { js: '\\S' },
    w: { js: '\\w' },
    W: { js: '\\W' },
    h: { js: `[${HORIZONTAL_SPACE}]` },
    H: { js: `[^${HORIZONTAL_SPACE}]` },
    v: { js: `[${VERTICAL_SPACE}]` },
    V: { js: `[^${VERTICAL_SPACE}]` },
    R: { js: `(?:\\r\\n|[${VERTICAL_SPACE}])` },
    N: { js: '[^\\n]' },
    X: { js: undefined },
    C: { js: undefined }
};
/** Inside a class: the JS class content for each set escape. */
const CLASS_SET_ESCAPES = {
    d: { js: '\\d' },
    D: { js: '\\D' },
    s: { js: '\\s' },
    S: { js: '\\S' },
    w: { js: '\\w' },
    W: { js: '\\W' },
    h: { js: HORIZONTAL_SPACE },
    H: { js: undefined },
    v: { js: VERTICAL_SPACE },
    V: { js: undefined }
};
/** The state and reading of single characters that PcreScanner extends. */
class PcreCharacterReader {
    source;
    offsetBase;
    utf;
    position = 0;
    warnings = [];
    constructor(source, offsetBase, utf) {
        this.source = source;
        this.offsetBase = offsetBase;
        this.utf = utf;
    }
    // ----- character escapes
    /** Escapes that mean one character or one set of characters, in or out of a class. */
    readCharacterEscape(start, inClass) {
        const letter = String.fromCodePoint(this.readCodePoint());
        const control = SIMPLE_CONTROL_ESCAPES[letter];
        if (control !== undefined)
            return { kind: 'char', codePoint: control };
        const set = inClass ? CLASS_SET_ESCAPES[letter] : SET_ESCAPES[letter];
        if (set !== undefined)
            return { kind: 'set', js: set.js };
        switch (letter) {
            case 'x':
                return { kind: 'char', codePoint: this.readHexEscape(start) };
            case 'o':
                return { kind: 'char', codePoint: this.readBracedNumber(start, 'o', /^[0-7]+$/, 8) };
            case '0':
                return { kind: 'char', codePoint: this.readOctalDigits(0, 2) };
            case 'c':
                return { kind: 'char', codePoint: this.readControlEscape(start) };
            case 'p':
            case 'P':
                return { kind: 'set', js: this.readProperty(start, letter), caseSensitive: true };
        }
        if (/[A-Za-z0-9]/.test(letter)) {
            throw this.error(start, `unrecognized escape '\\${letter}' at offset %${inClass ? ' inside a character class' : ''}`);
        }
        return { kind: 'char', codePoint: letter.codePointAt(0) ?? 0 };
    }
    readHexEscape(start) {
        if (this.peek() === '{')
            return this.readBracedNumber(start, 'x', /^[0-9A-Fa-f]+$/, 16);
        const digits = /^[0-9A-Fa-f]{0,2}/.exec(this.source.slice(this.position))?.[0] ?? '';
        this.position += digits.length;
        return digits === '' ? 0 : parseInt(digits, 16);
    }
    readBracedNumber(start, letter, digitsPattern, radix) {
        const close = this.source.indexOf('}', this.position);
        const digits = this.peek() === '{' && close !== -1 ? this.source.slice(this.position + 1, close) : '';
        if (!digitsPattern.test(digits)) {
            throw this.error(start, `malformed '\\${letter}{...}' escape at offset %`);
        }
        this.position = close + 1;
        const codePoint = parseInt(digits, radix);
        if (codePoint > 0x10ffff) {
            throw this.error(start, `character code in '\\${letter}{${digits}}' at offset % is too large`);
        }
        if (codePoint > 0xff && !this.utf) {
            this.warnings.push(`\\${letter}{${digits}} is above \\xFF: PCRE accepts it only with the u modifier (or (*UTF)), so the service may refuse the pattern.`);
        }
        return codePoint;
    }
    readOctalDigits(initial, maxDigits) {
        const digits = new RegExp(`^[0-7]{0,${maxDigits}}`).exec(this.source.slice(this.position))?.[0] ?? '';
        this.position += digits.length;
        return digits.split('').reduce((value, digit) => value * 8 + Number(digit), initial);
    }
    readControlEscape(start) {
        const char = this.peek();
        const code = char.charCodeAt(0);
        if (char === '' || code < 32 || code > 126) {
            throw this.error(start, "'\\c' at offset % must be followed by a printable ASCII character");
        }
        this.position++;
        return char.toUpperCase().charCodeAt(0) ^ 0x40;
    }
    /** `\p{L}`, `\P{Lu}`, `\p{^L}`, `\pL`; JS has the same names for most of them. */
    readProperty(start, letter) {
        let name;
        if (this.peek() === '{') {
            const close = this.source.indexOf('}', this.position);
            name = close === -1 ? '' : this.source.slice(this.position + 1, close);
            if (!/^\^?[A-Za-z0-9_&=: -]+$/.test(name)) {
                throw this.error(start, `malformed '\\${letter}{...}' escape at offset %`);
            }
            this.position = close + 1;
        }
        else {
            name = this.peek();
            if (!/^[A-Za-z]$/.test(name)) {
                throw this.error(start, `malformed '\\${letter}' escape at offset %: expected a property such as \\${letter}{L}`);
            }
            this.position++;
        }
        const negated = (letter === 'P') !== name.startsWith('^');
        return `\\${negated ? 'P' : 'p'}{${name.replace(/^\^/, '')}}`;
    }
    /** After `\Q`: the text up to `\E` (or the end of the pattern), which is then skipped too. */
    readQuotedText() {
        this.position++;
        const end = this.source.indexOf('\\E', this.position);
        const quoteEnd = end === -1 ? this.source.length : end;
        const quoted = this.source.slice(this.position, quoteEnd);
        this.position = end === -1 ? quoteEnd : quoteEnd + 2;
        return quoted;
    }
    // ----- character classes
    parseClass(start, flags) {
        const posixOutside = /^\[:\^?[A-Za-z]+:\]/.exec(this.source.slice(start));
        if (posixOutside !== null) {
            throw this.error(start, `POSIX class '${posixOutside[0]}' at offset % works only inside a character class: write [${posixOutside[0]}]`);
        }
        const negated = this.peek() === '^';
        if (negated)
            this.position++;
        const items = [];
        let first = true;
        for (;;) {
            if (this.atEnd()) {
                throw this.error(start, "unterminated character class '[' at offset %: add the closing ']'");
            }
            // A ']' right after '[' or '[^' is a literal, not the end of the class.
            if (this.peek() === ']' && !first) {
                this.position++;
                return { kind: 'class', negated, items, caseless: flags.caseless };
            }
            first = false;
            this.parseClassItems(items);
        }
    }
    parseClassItems(items) {
        const atoms = this.readClassAtoms();
        const last = atoms[atoms.length - 1];
        items.push(...atoms);
        const isRange = this.peek() === '-' && this.peekAt(1) !== ']' && this.peekAt(1) !== '';
        if (last === undefined || !isRange)
            return;
        const hyphen = this.position;
        if (last.kind !== 'char')
            throw this.invalidRange(hyphen);
        this.position++;
        const ends = this.readClassAtoms();
        const end = ends[0];
        if (end === undefined) {
            items.push({ kind: 'char', codePoint: 0x2d });
            return;
        }
        if (end.kind !== 'char')
            throw this.invalidRange(hyphen);
        if (end.codePoint < last.codePoint) {
            const range = `${String.fromCodePoint(last.codePoint)}-${String.fromCodePoint(end.codePoint)}`;
            throw this.error(hyphen, `range '${range}' out of order in the character class at offset %`);
        }
        items[items.length - 1] = { kind: 'range', from: last.codePoint, to: end.codePoint };
        items.push(...ends.slice(1));
    }
    invalidRange(hyphen) {
        return this.error(hyphen, "invalid range at offset % in a character class: a range cannot start or end with a set such as \\d, \\w or [:alpha:]; put '-' first or last, or escape it as \\-");
    }
    /** One class member, or several for \Q...\E, or none for an empty \Q\E. */
    readClassAtoms() {
        const start = this.position;
        const posix = /^\[:(\^?)([A-Za-z]+):\]/.exec(this.source.slice(start));
        if (posix !== null) {
            const [text, negation, name = ''] = posix;
            const content = POSIX_CLASSES[name];
            if (content === undefined) {
                throw this.error(start, `unknown POSIX class name '${name}' at offset %`);
            }
            this.position += text.length;
            return [
                {
                    kind: 'set',
                    js: negation === '' ? content : undefined,
                    caseSensitive: name === 'lower' || name === 'upper'
                }
            ];
        }
        const codePoint = this.readCodePoint();
        if (codePoint !== 0x5c)
            return [{ kind: 'char', codePoint }];
        return this.readClassEscape(start);
    }
    readClassEscape(start) {
        if (this.atEnd()) {
            throw this.error(start, "unterminated character class: the '\\' at offset % escapes nothing");
        }
        const letter = this.peek();
        if (letter === 'Q') {
            const quoted = this.readQuotedText();
            return [...quoted].map(char => ({ kind: 'char', codePoint: char.codePointAt(0) ?? 0 }));
        }
        if (letter === 'E') {
            this.position++;
            return [];
        }
        if (letter === 'b') {
            this.position++;
            return [{ kind: 'char', codePoint: 0x08 }];
        }
        if (/[1-7]/.test(letter))
            return [{ kind: 'char', codePoint: this.readOctalDigits(0, 3) }];
        if (letter === '8' || letter === '9') {
            this.position++;
            return [{ kind: 'char', codePoint: letter.charCodeAt(0) }];
        }
        if ('BRXAzZGKgkCN'.includes(letter)) {
            throw this.error(start, `escape '\\${letter}' at offset % is not allowed inside a character class`);
        }
        return [this.readCharacterEscape(start, true)];
    }
    // ----- low level
    atEnd() {
        return this.position >= this.source.length;
    }
    peek() {
        return this.source.charAt(this.position);
    }
    peekAt(ahead) {
        return this.source.charAt(this.position + ahead);
    }
    readCodePoint() {
        const codePoint = this.source.codePointAt(this.position) ?? 0;
        this.position += codePoint > 0xffff ? 2 : 1;
        return codePoint;
    }
    /** `%` in the message becomes the offset in the pattern as the user gave it. */
    error(position, message) {
        return new PatternSyntaxError(message.replace('%', String(position + this.offsetBase)));
    }
}

;// CONCATENATED MODULE: ./src/pattern/pcre-syntax.ts


/** PCRE refuses larger numbers in {m,n}. */
const MAX_REPEAT = 65535;
function scanBody(text, offset, flags, given, diag) {
    const scanner = new PcreScanner(text, offset, flags.utf || text.startsWith('(*UTF'));
    try {
        return { tree: scanner.scan(flags), warnings: scanner.warnings };
    }
    catch (error) {
        if (!(error instanceof PatternSyntaxError))
            throw error;
        diag.problem(messages/* INPUT */.b, given, error.message);
        return undefined;
    }
}
const EXTENDED_WHITESPACE = new Set([' ', '\t', '\v', '\f']);
/** PCRE2's alphabetic assertions, `(*pla:...)` and friends. */
const ALPHA_ASSERTIONS = {
    pla: { role: 'lookahead', jsOpen: '(?=' },
    positive_lookahead: { role: 'lookahead', jsOpen: '(?=' },
    nla: { role: 'lookahead', jsOpen: '(?!' },
    negative_lookahead: { role: 'lookahead', jsOpen: '(?!' },
    plb: { role: 'lookbehind', jsOpen: '(?<=' },
    positive_lookbehind: { role: 'lookbehind', jsOpen: '(?<=' },
    nlb: { role: 'lookbehind', jsOpen: '(?<!' },
    negative_lookbehind: { role: 'lookbehind', jsOpen: '(?<!' },
    atomic: { role: 'atomic', jsOpen: '' },
    napla: { role: 'untranslatable', jsOpen: '' },
    non_atomic_positive_lookahead: { role: 'untranslatable', jsOpen: '' },
    naplb: { role: 'untranslatable', jsOpen: '' },
    non_atomic_positive_lookbehind: { role: 'untranslatable', jsOpen: '' },
    sr: { role: 'untranslatable', jsOpen: '' },
    script_run: { role: 'untranslatable', jsOpen: '' },
    asr: { role: 'untranslatable', jsOpen: '' },
    atomic_script_run: { role: 'untranslatable', jsOpen: '' }
};
/** Backtracking verbs; anything else spelled `(*NAME)` is a start-of-pattern option. */
const BACKTRACKING_VERBS = new Set([
    'ACCEPT',
    'FAIL',
    'F',
    'COMMIT',
    'PRUNE',
    'SKIP',
    'THEN',
    'MARK',
    ''
]);
const GROUP_NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const INLINE_OPTION_LETTERS = 'imnsxUJ';
const CONDITION = /^\((?:[+-]?\d+|<[A-Za-z_]\w*>|'[A-Za-z_]\w*'|R\d*|R&[A-Za-z_]\w*|DEFINE|VERSION>?=\d+(?:\.\d+)?|[A-Za-z_]\w*)\)/;
const ASSERTION_ESCAPES = {
    A: { anchor: 'start', js: '^' },
    // preg_match() starts at offset 0, where \G and \A agree.
    G: { anchor: 'start', js: '^' },
    z: { anchor: 'end', js: '$' },
    Z: { anchor: 'end', js: '(?=\\n?$)' },
    b: { anchor: 'none', js: '\\b' },
    B: { anchor: 'none', js: '\\B' },
    // \K only moves the start of the reported match; it never changes whether a path matches.
    K: { anchor: 'none', js: '' }
};
/**
 * A recursive-descent scanner over PCRE2 syntax. It throws PatternSyntaxError at the first
 * mistake (as PCRE itself does), with offsets counted in the pattern as the user gave it.
 */
class PcreScanner extends PcreCharacterReader {
    scan(flags) {
        return this.parseAlternatives({ ...flags }, undefined);
    }
    parseAlternatives(flags, openedAt) {
        let sequence = [];
        const alternatives = [sequence];
        let canRepeat = false;
        for (;;) {
            if (this.atEnd()) {
                if (openedAt === undefined)
                    return alternatives;
                throw this.error(openedAt, "unbalanced '(' at offset %: the group is never closed with ')'");
            }
            if (flags.extended && this.skipExtendedFiller())
                continue;
            const char = this.peek();
            if (char === '|') {
                this.position++;
                sequence = [];
                alternatives.push(sequence);
                canRepeat = false;
            }
            else if (char === ')') {
                if (openedAt === undefined) {
                    throw this.error(this.position, "unbalanced ')' at offset %: no '(' opens it; write \\) to match a literal ')'");
                }
                this.position++;
                return alternatives;
            }
            else if (this.tryQuantifier(sequence, canRepeat)) {
                canRepeat = false;
            }
            else {
                const outcome = this.parseAtom(flags, sequence);
                if (outcome !== 'nothing')
                    canRepeat = outcome === 'repeatable';
            }
        }
    }
    /** Whitespace and `#` comments are not part of the pattern under the x modifier. */
    skipExtendedFiller() {
        const char = this.peek();
        if (EXTENDED_WHITESPACE.has(char)) {
            this.position++;
            return true;
        }
        if (char === '#') {
            this.position = this.source.length;
            return true;
        }
        return false;
    }
    tryQuantifier(sequence, canRepeat) {
        const start = this.position;
        const quantifier = this.readQuantifier();
        if (quantifier === undefined)
            return false;
        const repeated = sequence[sequence.length - 1];
        if (!canRepeat || repeated === undefined) {
            throw this.error(start, `quantifier '${quantifier.text}' at offset % has nothing to repeat; escape it to match it literally`);
        }
        sequence[sequence.length - 1] = { kind: 'quantified', node: repeated, ...quantifier };
        return true;
    }
    readQuantifier() {
        const start = this.position;
        const bounds = this.readBounds();
        if (bounds === undefined)
            return undefined;
        const suffix = this.peek();
        const lazy = suffix === '?';
        const possessive = suffix === '+';
        if (lazy || possessive)
            this.position++;
        return {
            text: this.source.slice(start, this.position),
            ...bounds,
            lazy,
            possessive
        };
    }
    readBounds() {
        const char = this.peek();
        if (char === '*' || char === '+' || char === '?') {
            this.position++;
            const max = char === '?' ? 1 : undefined;
            return { min: char === '+' ? 1 : 0, max, unambiguous: true };
        }
        if (char !== '{')
            return undefined;
        const braces = /^\{(\d*)(,(\d*))?\}/.exec(this.source.slice(this.position));
        // Anything else in braces ({}, {,}, {a}) is literal text in PCRE.
        if (braces === null || (braces[1] === '' && (braces[3] ?? '') === ''))
            return undefined;
        const start = this.position;
        this.position += braces[0].length;
        const min = braces[1] === '' ? 0 : Number(braces[1]);
        const max = braces[2] === undefined ? min : braces[3] === '' ? undefined : Number(braces[3]);
        if (min > MAX_REPEAT || (max ?? 0) > MAX_REPEAT) {
            throw this.error(start, `quantifier '${braces[0]}' at offset % has a number above ${MAX_REPEAT}`);
        }
        if (max !== undefined && min > max) {
            throw this.error(start, `bad quantifier '${braces[0]}' at offset %: the minimum ${min} is larger than the maximum ${max}`);
        }
        return { min, max, unambiguous: braces[1] !== '' };
    }
    parseAtom(flags, sequence) {
        const start = this.position;
        const codePoint = this.readCodePoint();
        switch (String.fromCodePoint(codePoint)) {
            case '(':
                return this.parseGroup(start, flags, sequence);
            case '[':
                sequence.push(this.parseClass(start, flags));
                return 'repeatable';
            case '\\':
                return this.parseEscape(start, flags, sequence);
            case '.':
                sequence.push({ kind: 'set', js: flags.dotAll ? '[^]' : '[^\\n]' });
                return 'repeatable';
            case '^':
                sequence.push({
                    kind: 'assertion',
                    anchor: 'start',
                    js: flags.multiline ? '(?<![^\\n])' : '^'
                });
                return 'not-repeatable';
            case '$':
                sequence.push({ kind: 'assertion', anchor: 'end', js: dollarToJs(flags) });
                return 'not-repeatable';
            default:
                sequence.push({ kind: 'char', codePoint, caseless: flags.caseless });
                return 'repeatable';
        }
    }
    // ----- groups
    parseGroup(start, flags, sequence) {
        if (this.peek() === '*' && /[A-Za-z:_]/.test(this.peekAt(1))) {
            return this.parseVerb(start, flags, sequence);
        }
        if (this.peek() !== '?') {
            return this.pushGroup(sequence, 'plain', '(?:', this.parseAlternatives({ ...flags }, start));
        }
        this.position++;
        const kind = this.peek();
        switch (kind) {
            case '#':
                return this.skipComment(start);
            case ':':
            case '|':
                this.position++;
                return this.pushGroup(sequence, 'plain', '(?:', this.parseAlternatives({ ...flags }, start));
            case '>':
                this.position++;
                return this.pushGroup(sequence, 'atomic', '', this.parseAlternatives({ ...flags }, start));
            case '=':
            case '!':
                this.position++;
                return this.pushGroup(sequence, 'lookahead', `(?${kind}`, this.parseAlternatives({ ...flags }, start));
            case '<':
                return this.parseAngleGroup(start, flags, sequence);
            case "'":
                this.position++;
                this.readName(start, "'");
                return this.pushGroup(sequence, 'plain', '(?:', this.parseAlternatives({ ...flags }, start));
            case 'P':
                return this.parsePythonGroup(start, flags, sequence);
            case '(':
                return this.parseConditional(start, flags, sequence);
            case 'C':
                return this.skipCallout(start);
            default:
                return this.parseReferenceOrOptions(start, flags, sequence);
        }
    }
    pushGroup(sequence, role, jsOpen, alternatives) {
        sequence.push({ kind: 'group', role, jsOpen, alternatives });
        return 'repeatable';
    }
    skipComment(start) {
        const close = this.source.indexOf(')', this.position);
        if (close === -1) {
            throw this.error(start, "unterminated comment '(?#' at offset %: close it with ')'");
        }
        this.position = close + 1;
        return 'nothing';
    }
    parseAngleGroup(start, flags, sequence) {
        this.position++;
        const next = this.peek();
        if (next === '=' || next === '!') {
            this.position++;
            return this.pushGroup(sequence, 'lookbehind', `(?<${next}`, this.parseAlternatives({ ...flags }, start));
        }
        this.readName(start, '>');
        return this.pushGroup(sequence, 'plain', '(?:', this.parseAlternatives({ ...flags }, start));
    }
    /** `(?P<name>...)`, `(?P=name)` (back reference), `(?P>name)` (subroutine call). */
    parsePythonGroup(start, flags, sequence) {
        this.position++;
        const next = this.peek();
        this.position++;
        if (next === '<') {
            this.readName(start, '>');
            return this.pushGroup(sequence, 'plain', '(?:', this.parseAlternatives({ ...flags }, start));
        }
        if (next === '=' || next === '>') {
            this.readName(start, ')');
            sequence.push({ kind: 'untranslatable' });
            return 'repeatable';
        }
        throw this.error(start, "unknown group syntax '(?P' at offset %: expected (?P<name>, (?P=name) or (?P>name)");
    }
    readName(groupStart, terminator) {
        const name = GROUP_NAME.exec(this.source.slice(this.position));
        if (name === null) {
            throw this.error(this.position, 'invalid group name at offset %: a name starts with a letter or _ and has only letters, digits and _');
        }
        this.position += name[0].length;
        if (this.peek() !== terminator) {
            throw this.error(groupStart, `group name '${name[0]}' in the group at offset % is not closed with ${terminator}`);
        }
        this.position++;
    }
    parseConditional(start, flags, sequence) {
        const rest = this.source.slice(this.position);
        if (/^\(\?<?[=!]/.test(rest)) {
            const conditionStart = this.position;
            this.position++;
            this.parseGroup(conditionStart, flags, []);
        }
        else {
            const condition = CONDITION.exec(rest);
            if (condition === null) {
                throw this.error(start, 'malformed condition in the conditional group at offset %');
            }
            this.position += condition[0].length;
        }
        const alternatives = this.parseAlternatives({ ...flags }, start);
        if (alternatives.length > 2) {
            throw this.error(start, 'the conditional group at offset % has more than two alternatives');
        }
        return this.pushGroup(sequence, 'untranslatable', '', alternatives);
    }
    /** Callouts do nothing in PHP (no callout function is set); only their syntax matters. */
    skipCallout(start) {
        const callout = /^C(?:\d*|`[^`]*`|'[^']*'|"[^"]*"|\^[^^]*\^|%[^%]*%|#[^#]*#|\$[^$]*\$|\{[^}]*\})\)/;
        const match = callout.exec(this.source.slice(this.position));
        if (match === null)
            throw this.error(start, 'malformed callout (?C at offset %');
        this.position += match[0].length;
        return 'not-repeatable';
    }
    /** `(?R)`, `(?1)`, `(?-1)`, `(?&name)` recursion, or `(?i)`, `(?i-s:...)` option settings. */
    parseReferenceOrOptions(start, flags, sequence) {
        const reference = /^(?:R|[+-]?\d+|&[A-Za-z_]\w*)\)/.exec(this.source.slice(this.position));
        if (reference !== null) {
            this.position += reference[0].length;
            sequence.push({ kind: 'untranslatable' });
            return 'repeatable';
        }
        const options = /^(\^?)([A-Za-z]*)(?:-([A-Za-z]*))?([:)])/.exec(this.source.slice(this.position));
        if (options === null) {
            throw this.error(start, `unknown group syntax '(?${this.peek()}' at offset %; write \\( to match a literal '('`);
        }
        const [text, reset = '', setting = '', unsetting = '', ending] = options;
        const unknown = [...setting, ...unsetting].find(letter => !INLINE_OPTION_LETTERS.includes(letter));
        if (unknown !== undefined) {
            throw this.error(start, `unknown inline option '${unknown}' in the group at offset %; inline options are ${[...INLINE_OPTION_LETTERS].join(' ')}`);
        }
        this.position += text.length;
        if (ending === ')') {
            // An option setting lasts to the end of the enclosing group, across its alternatives.
            applyInlineOptions(flags, reset !== '', setting, unsetting);
            return 'not-repeatable';
        }
        const scoped = { ...flags };
        applyInlineOptions(scoped, reset !== '', setting, unsetting);
        return this.pushGroup(sequence, 'plain', '(?:', this.parseAlternatives(scoped, start));
    }
    /** `(*VERB)`, `(*MARK:name)`, `(*UTF)` start options, and `(*pla:...)` alphabetic assertions. */
    parseVerb(start, flags, sequence) {
        const rest = this.source.slice(this.position);
        const alphabetic = /^\*([a-z_]+):/.exec(rest);
        const assertion = alphabetic === null ? undefined : ALPHA_ASSERTIONS[alphabetic[1] ?? ''];
        if (alphabetic !== null && assertion !== undefined) {
            this.position += alphabetic[0].length;
            const alternatives = this.parseAlternatives({ ...flags }, start);
            return this.pushGroup(sequence, assertion.role, assertion.jsOpen, alternatives);
        }
        const verb = /^\*([A-Z_]*)(?:(=\d+)|:([^)]*))?\)/.exec(rest);
        if (verb === null) {
            throw this.error(start, "malformed verb '(*' at offset %; write \\(\\* to match a literal '(' followed by '*'");
        }
        this.position += verb[0].length;
        const name = verb[1] ?? '';
        if (BACKTRACKING_VERBS.has(name)) {
            sequence.push({ kind: 'untranslatable' });
            return 'not-repeatable';
        }
        const onlyStartOptionsBefore = /^(?:\(\*[A-Z_]+(?:=\d+)?\))*$/.test(this.source.slice(0, start));
        if (!onlyStartOptionsBefore || verb[3] !== undefined) {
            throw this.error(start, `unknown verb '(*${name}' at offset %`);
        }
        return 'nothing';
    }
    // ----- escapes
    parseEscape(start, flags, sequence) {
        if (this.atEnd()) {
            throw this.error(start, "trailing backslash at offset %: nothing follows the '\\'; write \\\\ to match a backslash");
        }
        const letter = this.peek();
        const assertion = ASSERTION_ESCAPES[letter];
        if (assertion !== undefined) {
            this.position++;
            sequence.push({ kind: 'assertion', ...assertion });
            return 'not-repeatable';
        }
        switch (letter) {
            case 'Q':
                return this.parseQuoted(flags, sequence);
            case 'E':
                this.position++;
                return 'nothing';
            case 'g':
            case 'k':
                this.readReference(start);
                sequence.push({ kind: 'untranslatable' });
                return 'repeatable';
        }
        if (/[1-9]/.test(letter)) {
            this.position += /^\d+/.exec(this.source.slice(this.position))?.[0].length ?? 1;
            sequence.push({ kind: 'untranslatable' });
            return 'repeatable';
        }
        const escaped = this.readCharacterEscape(start, false);
        sequence.push(escaped.kind === 'char'
            ? { kind: 'char', codePoint: escaped.codePoint, caseless: flags.caseless }
            : escaped);
        return 'repeatable';
    }
    parseQuoted(flags, sequence) {
        const quoted = this.readQuotedText();
        for (const char of quoted) {
            sequence.push({ kind: 'char', codePoint: char.codePointAt(0) ?? 0, caseless: flags.caseless });
        }
        return quoted === '' ? 'nothing' : 'repeatable';
    }
    /** `\g{1}`, `\g{-1}`, `\g1`, `\g{name}`, `\g<name>`, `\k<name>`, `\k'name'`, `\k{name}`. */
    readReference(start) {
        const reference = /^(?:g(?:[+-]?\d+|\{[+-]?\d+\}|\{[A-Za-z_]\w*\}|<[+-]?\d+>|<[A-Za-z_]\w*>|'[+-]?\d+'|'[A-Za-z_]\w*')|k(?:<[A-Za-z_]\w*>|'[A-Za-z_]\w*'|\{[A-Za-z_]\w*\}))/;
        const match = reference.exec(this.source.slice(this.position));
        if (match === null) {
            throw this.error(start, `malformed reference '\\${this.peek()}' at offset %: expected for example \\g{1} or \\k<name>`);
        }
        this.position += match[0].length;
    }
}
function dollarToJs(flags) {
    if (flags.multiline)
        return '(?![^\\n])';
    return flags.dollarEndOnly ? '$' : '(?=\\n?$)';
}
function applyInlineOptions(flags, reset, setting, unsetting) {
    if (reset) {
        flags.caseless = false;
        flags.multiline = false;
        flags.dotAll = false;
        flags.extended = false;
    }
    const apply = (letters, value) => {
        if (letters.includes('i'))
            flags.caseless = value;
        if (letters.includes('m'))
            flags.multiline = value;
        if (letters.includes('s'))
            flags.dotAll = value;
        if (letters.includes('x'))
            flags.extended = value;
    };
    apply(setting, true);
    apply(unsetting, false);
}


/***/ }),

/***/ 1708:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ flagsFromModifiers)
/* harmony export */ });
function flagsFromModifiers(modifiers) {
    return {
        caseless: modifiers.includes('i'),
        multiline: modifiers.includes('m'),
        dotAll: modifiers.includes('s'),
        extended: modifiers.includes('x'),
        dollarEndOnly: modifiers.includes('D'),
        anchored: modifiers.includes('A'),
        utf: modifiers.includes('u')
    };
}


/***/ })

};
