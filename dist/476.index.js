export const id = 476;
export const ids = [476];
export const modules = {

/***/ 7476:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  PATTERN_DELIMITERS: () => (/* reexport */ PATTERN_DELIMITERS),
  PCRE_MODIFIERS: () => (/* reexport */ PCRE_MODIFIERS),
  compilePhpPattern: () => (/* reexport */ compilePhpPattern),
  escapeUnescapedDelimiter: () => (/* reexport */ escapeUnescapedDelimiter),
  preparePattern: () => (/* reexport */ preparePattern)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
;// CONCATENATED MODULE: ./pcre2/pcre2.mjs
/**
 * PCRE2 10.42 as the service's PHP runs it: the one module that touches the WebAssembly engine
 * (pcre2.wasm, built by build.sh from Debian's source of PCRE2). Plain JavaScript with its types
 * in pcre2.d.mts, so that the TypeScript action (bundled into dist/) and the emulator (run as
 * is) load the same code and the same engine, and cannot disagree.
 *
 * What PHP does before PCRE2 is done here as php_pcre.c does it (PHP 8.2 and 8.3): the leading
 * white space, the delimiters (bracket pairs included), the modifiers and the options they set.
 * What PHP does after is here too: the match and recursion limits (pcre.backtrack_limit,
 * pcre.recursion_limit) and the UTF-8 check of a subject under `u`, where preg_match() returns
 * false. Everything in between is PCRE2's own code.
 */


const PCRE2_VERSION = '10.42'
/** php.ini's pcre.backtrack_limit default, which PHP passes to pcre2_set_match_limit. */
const PHP_BACKTRACK_LIMIT = 1_000_000
/** php.ini's pcre.recursion_limit default, which PHP passes to pcre2_set_depth_limit. */
const PHP_RECURSION_LIMIT = 100_000

// pcre2.h
const PCRE2_ANCHORED = 0x80000000
const PCRE2_NO_UTF_CHECK = 0x40000000
const PCRE2_CASELESS = 0x00000008
const PCRE2_DOLLAR_ENDONLY = 0x00000010
const PCRE2_DOTALL = 0x00000020
const PCRE2_DUPNAMES = 0x00000040
const PCRE2_EXTENDED = 0x00000080
const PCRE2_MULTILINE = 0x00000400
const PCRE2_NO_AUTO_CAPTURE = 0x00002000
const PCRE2_UCP = 0x00020000
const PCRE2_UNGREEDY = 0x00040000
const PCRE2_UTF = 0x00080000
const PCRE2_EXTRA_ALLOW_LOOKAROUND_BSK = 0x00000040
const PCRE2_ERROR_NOMATCH = -1
const PCRE2_ERROR_UTF8_ERR1 = -3
const PCRE2_ERROR_UTF8_ERR21 = -23
const PCRE2_ERROR_MATCHLIMIT = -47
const PCRE2_ERROR_DEPTHLIMIT = -53

/**
 * PHP's modifiers and the compile options they set (php_pcre.c,
 * pcre_get_compiled_regex_cache_ex). S and X are accepted and do nothing since PHP 7.3; space
 * and line breaks are skipped; `u` also sets UCP, so \d, \w, [[:alpha:]] and friends follow
 * Unicode. Any other character is refused ("Unknown modifier").
 */
const PHP_MODIFIERS = Object.freeze({
  i: PCRE2_CASELESS,
  m: PCRE2_MULTILINE,
  n: PCRE2_NO_AUTO_CAPTURE,
  s: PCRE2_DOTALL,
  x: PCRE2_EXTENDED,
  A: PCRE2_ANCHORED,
  D: PCRE2_DOLLAR_ENDONLY,
  S: 0,
  X: 0,
  U: PCRE2_UNGREEDY,
  u: PCRE2_UTF | PCRE2_UCP,
  J: PCRE2_DUPNAMES,
  ' ': 0,
  '\n': 0,
  '\r': 0
})
/** The compile context's extra options PHP sets (php_pcre_init_pcre2), for PCRE2 10.38 on. */
const PHP_EXTRA_OPTIONS = PCRE2_EXTRA_ALLOW_LOOKAROUND_BSK

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * Reads a pattern as PHP does before compiling it: white space skipped, the first character is
 * the delimiter (the closing one of a bracket pair), the body runs to the first unescaped end
 * delimiter (bracket pairs nest), and modifiers follow. PHP works on bytes, so this does too:
 * offsets are in bytes of the UTF-8 text.
 *
 * @param {string} pattern
 * @returns {import('./pcre2.d.mts').PhpReading}
 */
function readPhpPattern(pattern) {
  const bytes = encoder.encode(pattern)
  let at = 0
  while (at < bytes.length && isCSpace(bytes[at])) at++
  if (at >= bytes.length) return { ok: false, message: 'Empty regular expression' }
  const start = bytes[at++]
  if (isCAlnum(start) || start === 0x5c || start === 0) {
    return { ok: false, message: 'Delimiter must not be alphanumeric, backslash, or NUL' }
  }
  const pair = '([{<'.indexOf(String.fromCharCode(start))
  const end = pair >= 0 ? ')]}>'.charCodeAt(pair) : start
  const bodyStart = at
  let depth = 1
  for (; at < bytes.length; at++) {
    if (bytes[at] === 0x5c && at + 1 < bytes.length) at++
    else if (bytes[at] === end && (start === end || --depth <= 0)) break
    else if (bytes[at] === start && start !== end) depth++
  }
  if (at >= bytes.length) {
    const which = start === end ? '' : 'matching '
    return { ok: false, message: `No ending ${which}delimiter '${byteChar(end)}' found` }
  }
  const body = bytes.subarray(bodyStart, at)
  let options = 0
  const modifiers = decoder.decode(bytes.subarray(at + 1))
  for (const modifier of modifiers) {
    const option = Object.hasOwn(PHP_MODIFIERS, modifier) ? PHP_MODIFIERS[modifier] : undefined
    if (option === undefined) {
      return {
        ok: false,
        message:
          modifier === '\0' ? 'NUL is not a valid modifier' : `Unknown modifier '${modifier}'`,
        modifier,
        endDelimiterAt: at
      }
    }
    options |= option
  }
  return {
    ok: true,
    delimiter: byteChar(start),
    endDelimiter: byteChar(end),
    body: decoder.decode(body),
    bodyBytes: body,
    bodyStart,
    modifiers,
    options
  }
}

/** C's isspace() in the "C" locale. */
function isCSpace(byte) {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d)
}

/** C's isalnum() in the "C" locale: bytes from 0x80 up are not letters there. */
function isCAlnum(byte) {
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a)
  )
}

function byteChar(byte) {
  return byte < 0x80 ? String.fromCharCode(byte) : `\\x${byte.toString(16)}`
}

/** The engine: one WebAssembly instance, its shared match context and match data. */
class Engine {
  /**
   * @param {BufferSource} bytes the module
   * @param {{ matchLimit?: number, depthLimit?: number }} limits PHP's unless given
   */
  constructor(bytes, limits = {}) {
    // V8 runs PCRE2's match() (one 80 KB function) on its baseline code first and optimizes it
    // in the background after a few dozen matches. Node waits for that compile (some 80 ms of
    // CPU) when the process ends right after, as a dry run without a sitemap does; in other runs
    // it overlaps the requests. Changing V8's flags to avoid it is undefined behaviour in Node,
    // and the debugger session that once avoided it cost more to read than it saved (figures in
    // docs/benchmarks.md, "Cold start").
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), {})
    /** @type {Record<string, Function> & { memory: WebAssembly.Memory }} */
    this.exports = /** @type {any} */ (instance.exports)
    const matchLimit = limits.matchLimit ?? PHP_BACKTRACK_LIMIT
    const depthLimit = limits.depthLimit ?? PHP_RECURSION_LIMIT
    if (this.exports.pp_init(matchLimit, depthLimit) !== 1) {
      throw new Error('PCRE2 could not allocate its match context')
    }
    this.subjectCapacity = 0
    this.subjectPointer = 0
    this.bytes = new Uint8Array(this.exports.memory.buffer)
  }

  /** How many bytes of memory the instance holds (it grows, never shrinks). */
  memoryBytes() {
    return this.exports.memory.buffer.byteLength
  }

  /** The memory as bytes; a view is replaced after the memory grew (its buffer then changes). */
  memory() {
    if (this.bytes.buffer !== this.exports.memory.buffer) {
      this.bytes = new Uint8Array(this.exports.memory.buffer)
    }
    return this.bytes
  }

  /** The subject buffer, kept from path to path and grown only for a longer path. */
  subjectBuffer(length) {
    if (length > this.subjectCapacity) {
      if (this.subjectPointer !== 0) this.exports.pp_free(this.subjectPointer)
      this.subjectCapacity = Math.max(length, 4096)
      this.subjectPointer = this.exports.pp_malloc(this.subjectCapacity)
      if (this.subjectPointer === 0) throw new Error('PCRE2 ran out of memory for a subject')
    }
    return this.subjectPointer
  }

  /**
   * Copies a string's UTF-8 into the subject buffer; its length in bytes. TextEncoder's
   * encodeInto, not a loop over char codes: as fast for a short path, and about ten times
   * faster for a long one (12 µs against 1.3 µs for 2,000 characters, where 1,000,000
   * sitemap paths spent half a minute being copied). A lone surrogate becomes U+FFFD, as PHP
   * would receive it from a UTF-8 page.
   */
  writeSubject(subject) {
    const pointer = this.subjectBuffer(subject.length * 3)
    return encoder.encodeInto(subject, this.memory().subarray(pointer)).written
  }

  writeBytes(bytes) {
    const pointer = this.subjectBuffer(bytes.length)
    this.memory().set(bytes, pointer)
    return bytes.length
  }

  /**
   * Compiles a delimited pattern exactly as preg_match() would.
   *
   * @param {string} pattern
   */
  compilePhpPattern(pattern) {
    const reading = readPhpPattern(pattern)
    if (!reading.ok) return { ok: false, stage: 'delimiters', message: reading.message }
    const compiled = this.compileBody(reading.bodyBytes, reading.options, reading)
    if (compiled.ok) return compiled
    const before = encoder.encode(pattern).subarray(0, reading.bodyStart + compiled.byteOffset)
    return { ...compiled, patternOffset: decoder.decode(before).length }
  }

  /**
   * Compiles an expression with PCRE2 options as given (no delimiters, no modifiers), with the
   * extra options PHP sets.
   *
   * @param {Uint8Array} body
   * @param {number} options
   */
  compileBody(body, options, reading = undefined) {
    const pointer = this.exports.pp_malloc(Math.max(1, body.length))
    this.memory().set(body, pointer)
    const code = this.exports.pp_compile(pointer, body.length, options >>> 0, PHP_EXTRA_OPTIONS)
    this.exports.pp_free(pointer)
    if (code === 0) {
      const error = this.exports.pp_error_code()
      const byteOffset = this.exports.pp_error_offset()
      return {
        ok: false,
        stage: 'compile',
        message: this.errorMessage(error),
        code: error,
        // PCRE2 counts code units (bytes); people count characters.
        offset: decoder.decode(body.subarray(0, byteOffset)).length,
        byteOffset
      }
    }
    return { ok: true, pattern: new CompiledPattern(this, code, options, reading) }
  }

  errorMessage(code) {
    const pointer = this.exports.pp_malloc(256)
    const length = this.exports.pp_error_message(code, pointer, 256)
    const text = decoder.decode(this.memory().subarray(pointer, pointer + Math.max(0, length)))
    this.exports.pp_free(pointer)
    return text
  }
}

let shared

/**
 * The engine of this process, instantiated on first use from the module beside this file (in
 * dist/ once bundled): one instance per process, however many patterns.
 *
 * @returns {Engine}
 */
function pcre2() {
  shared ??= new Engine((0,external_node_fs_.readFileSync)(besideThisFile('pcre2.wasm')))
  return shared
}

/**
 * A file next to this module. The name is a parameter on purpose: a bundler that sees a literal
 * `new URL('./x.wasm', import.meta.url)` rewrites the module into its own loader; this one is
 * copied beside the bundle as it is (see the bundle script).
 */
function besideThisFile(name) {
  return new URL(name, import.meta.url)
}

/**
 * An engine made from other bytes than the shipped module, or with other limits than PHP's (the
 * build script tests a new build this way, with pcre2test's limits, before it replaces the
 * committed one).
 *
 * @param {BufferSource} module
 * @param {{ matchLimit?: number, depthLimit?: number }} [limits]
 */
function createPcre2(module, limits) {
  return new Engine(module, limits)
}

/** Compiles a delimited pattern exactly as preg_match() would, on the shared engine. */
function compilePhpPattern(pattern) {
  return pcre2().compilePhpPattern(pattern)
}

/** A compiled pattern. Call free() when done: its code lives in the engine's memory. */
class CompiledPattern {
  constructor(pcre, code, options, reading) {
    this.pcre = pcre
    this.code = code
    this.utf = (options & PCRE2_UTF) !== 0
    this.reading = reading
    const anchoring = pcre.exports.pp_anchoring(code)
    this.anchoredAtStart = (anchoring & 1) !== 0
    this.anchoredAtEnd = (anchoring & 2) !== 0
    this.anchoredSomewhere = (anchoring & 4) !== 0
  }

  /**
   * preg_match()'s answer for one subject: 'match', 'no-match', or why PHP gives up (it returns
   * false then, and the service purges nothing for that path).
   *
   * @param {string} subject
   */
  test(subject) {
    return this.outcome(this.run(this.pcre.writeSubject(subject)))
  }

  /** @param {Uint8Array} subject */
  testBytes(subject) {
    return this.outcome(this.run(this.pcre.writeBytes(subject)))
  }

  /**
   * Where the match is in a string subject, in UTF-16 code units (string indices), or the
   * outcome when there is none.
   *
   * @param {string} subject
   */
  exec(subject) {
    const length = this.pcre.writeSubject(subject)
    const rc = this.run(length)
    if (rc < 0) return this.outcome(rc)
    const bytes = this.pcre
      .memory()
      .subarray(this.pcre.subjectPointer, this.pcre.subjectPointer + length)
    const at = offset => decoder.decode(bytes.subarray(0, offset)).length
    return {
      start: at(this.pcre.exports.pp_match_start()),
      end: at(this.pcre.exports.pp_match_end())
    }
  }

  /** Byte offsets of the last match (after test/testBytes returned 'match'). */
  lastMatch() {
    return { start: this.pcre.exports.pp_match_start(), end: this.pcre.exports.pp_match_end() }
  }

  run(length) {
    if (this.code === 0) throw new Error('This pattern was freed')
    // PHP checks the subject's UTF-8 under `u` (it cannot know it valid yet), never otherwise.
    const options = this.utf ? 0 : PCRE2_NO_UTF_CHECK
    return this.pcre.exports.pp_match(this.code, this.pcre.subjectPointer, length, options)
  }

  outcome(rc) {
    if (rc >= 0) return 'match'
    if (rc === PCRE2_ERROR_NOMATCH) return 'no-match'
    if (rc === PCRE2_ERROR_MATCHLIMIT) return 'backtrack-limit'
    if (rc === PCRE2_ERROR_DEPTHLIMIT) return 'recursion-limit'
    if (rc <= PCRE2_ERROR_UTF8_ERR1 && rc >= PCRE2_ERROR_UTF8_ERR21) return 'bad-utf8'
    return 'internal'
  }

  free() {
    if (this.code !== 0) this.pcre.exports.pp_code_free(this.code)
    this.code = 0
  }
}

;// CONCATENATED MODULE: ./src/pattern/messages.ts
/**
 * What the messages about the `pattern` input share: the input's name, how a long pattern is
 * shortened when a message quotes it, and the caret that points into it.
 */
const INPUT = 'pattern';
const MAX_SHOWN = 120;
/** Characters shown on each side of a caret in a long pattern. */
const CARET_WINDOW = 50;
function shown(text, max = MAX_SHOWN) {
    return text.length > max ? `${text.slice(0, max)}…` : text;
}
/**
 * The pattern on one line and a caret under `offset` on the next (a window around it when the
 * pattern is long), indented so that both stand out under the message.
 */
function caretUnder(text, offset) {
    const from = Math.max(0, offset - CARET_WINDOW);
    const to = Math.min(text.length, offset + CARET_WINDOW);
    const before = from > 0 ? '…' : '';
    const after = to < text.length ? '…' : '';
    const line = `${before}${text.slice(from, to)}${after}`;
    // Characters outside the BMP take two string indices but one column.
    const column = [...`${before}${text.slice(from, offset)}`].length;
    return `\n    ${line}\n    ${' '.repeat(column)}^`;
}

;// CONCATENATED MODULE: ./src/pattern/escape-delimiter.ts
/**
 * Escaping a delimiter inside an expression, so that PHP does not end the pattern there: for
 * the bare expressions the action wraps, and for every pattern a message advises. A module of
 * its own, below the steps that read and explain the input, which all need it.
 */
/**
 * Escapes each unescaped `delimiter` so PHP does not end the pattern there. Inside \Q...\E a
 * backslash would be literal, so the quoted section is closed around the escaped delimiter.
 * `sourceIndex[i]` is the expression's index that character i of the result comes from.
 */
function escapeUnescapedDelimiter(expression, delimiter) {
    let text = '';
    const sourceIndex = [];
    const put = (piece, from) => {
        text += piece;
        for (let count = 0; count < piece.length; count++)
            sourceIndex.push(from);
    };
    let index = 0;
    while (index < expression.length) {
        const char = expression.charAt(index);
        if (char === '\\' && expression.charAt(index + 1) === 'Q') {
            const quoteEnd = expression.indexOf('\\E', index + 2);
            const end = quoteEnd === -1 ? expression.length : quoteEnd;
            put('\\Q', index);
            for (let at = index + 2; at < end; at++) {
                const quoted = expression.charAt(at);
                put(quoted === delimiter ? `\\E\\${delimiter}\\Q` : quoted, at);
            }
            index = end;
        }
        else if (char === '\\') {
            put(char, index);
            if (index + 1 < expression.length)
                put(expression.charAt(index + 1), index + 1);
            index += 2;
        }
        else {
            put(char === delimiter ? `\\${delimiter}` : char, index);
            index++;
        }
    }
    return { text, sourceIndex };
}

;// CONCATENATED MODULE: ./src/pattern/rewrites.ts
/**
 * How the messages of the `pattern` input advise a rewrite. Advice that the action then refuses
 * ("write /^/blog/", refused as an unescaped delimiter) sends people round in circles, so every
 * pattern a message advises is first put through the same checks as the input (prepare.ts
 * passes them in as `Accepts`), and is written between backticks: in a message about the
 * input, a pattern between backticks is one the action accepts as it stands.
 */

/**
 * A rewrite as a message shows it: between backticks when the action accepts it; otherwise
 * plain, saying so (a reading spelt out, or a fix that leaves another problem, still informs).
 */
function rewriteText(pattern, accepts) {
    // Too long to quote whole in a message: shortened, it is no pattern to copy.
    if (pattern !== shown(pattern))
        return shown(pattern);
    return accepts(pattern) ? `\`${pattern}\`` : `${pattern} (which the action would refuse as well)`;
}

;// CONCATENATED MODULE: ./src/pattern/paths-and-urls.ts
/**
 * Inputs written as a path (or a URL) where a pattern is expected. The service matches a pattern
 * against paths, and people write a section of a site as they see it: `/blog/`. In PHP that is
 * a valid pattern, the expression `blog` between '/' delimiters, which matches any path holding
 * `blog` (/fr/blog/bonjour.html, /blogroll): not what it seems to say. So such an input is
 * refused before anything is sent, with both readings spelt out and a pattern for each.
 *
 * A URL (`https://www.example.com/blog/`), or a pattern that starts with a host
 * (`www.example.com/blog/`), can never match: a path has no scheme and no host. It is refused
 * with the pattern its path part makes.
 */




/**
 * A path and nothing else between '/' at both ends: segments of letters, digits and `-._~%`
 * (none of them regex syntax but the dot, which a path means literally), each ending in '/'.
 */
const SLASHED_PATH = /^\/(?:[\p{L}\p{N}._~%-]+\/)+$/u;
/**
 * Refuses `/blog/` and the like (see above); true when it did. Any regex syntax besides the dot
 * (`/blog-\d+/`, `/^\/blog/`), or a modifier (`/blog/i`), says the input is a pattern.
 */
function refuseSlashedPath(given, diag, accepts) {
    if (!SLASHED_PATH.test(given) || !/[\p{L}\p{N}]/u.test(given))
        return false;
    const inner = given.slice(1, -1);
    const reading = readPhpPattern(given);
    const asPhp = reading.ok
        ? `the expression ${shown(reading.body)} between '/' delimiters, which matches any path containing ${shown(reading.body)} (${shown(`/fr/${reading.body}/x`)} too)`
        : `the expression ${shown(given.slice(1, given.indexOf('/', 1)))} between '/' delimiters, followed by ${shown(given.slice(given.indexOf('/', 1) + 1))}, which it refuses as modifiers (PHP: ${reading.message})`;
    const underPath = `#^${literal(given)}#`;
    const containing = `#${literal(inner)}#`;
    diag.problem(INPUT, given, `is ambiguous: as a path it means the pages under ${shown(given)}, but PHP reads it as ${asPhp}. Write ${rewriteText(underPath, accepts)} for the pages under ${shown(given)}, or ${rewriteText(containing, accepts)} for any path containing ${shown(inner)}`);
    return true;
}
/**
 * A pattern for the paths that start with an input that starts like a path but is no pattern
 * (`/blog` → `#^/blog#`, `/blog/.*` → `#^/blog/.*#`); undefined for any other input.
 */
function pathReading(given) {
    if (!/^\/[\p{L}\p{N}._~%-]/u.test(given))
        return undefined;
    return /^[\p{L}\p{N}._~%/-]*$/u.test(given)
        ? `#^${literal(given)}#`
        : `#^${escapeUnescapedDelimiter(given, '#').text}#`;
}
/** Path text as a PCRE expression matching it literally: only the dot means anything else. */
function literal(path) {
    return path.replace(/\./g, '\\.');
}
/**
 * A scheme and `://` at the start of the expression (after `^`, `\A` or `.*`), its `/` escaped
 * or not: `https://`, `^https?://`, `(https?|ftp)://`, `.*://`. A `://` after a path's text
 * (`/share\?url=https://`) is part of a path, and not caught.
 */
const SCHEME = /^(?:\^|\\A)?(?:\.[*+]\??)?(?:(?:\((?:\?:)?)?[a-z][a-z0-9+.-]*\??(?:\|[a-z][a-z0-9+.-]*\??)*\)?\??)?:(?:\\?\/){2}/i;
/**
 * A host at the start of the expression, before a '/': labels joined by dots (escaped or not),
 * ending in a top-level domain of letters. A file name before a '/' (`index.php/blog/`, a
 * PATH_INFO) is no host: such endings are left out.
 */
const HOST = /^(?:\^|\\A)?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\?\.)+([a-z]{2,63}))(?::\d+)?(?=\\?\/|$)/i;
const PAGE_EXTENSIONS = new Set([
    'php',
    'html',
    'htm',
    'shtml',
    'xhtml',
    'asp',
    'aspx',
    'jsp',
    'cgi'
]);
/** Refuses a URL, or a pattern that starts with a host (see above); true when it did. */
function refuseUrl(prepared, given, diag, accepts) {
    const expression = prepared.wrapped ? given : prepared.body;
    const found = schemeAndHost(expression);
    if (found === undefined)
        return false;
    const pathPart = expression.slice(found.end).replace(/\\\//g, '/');
    // The URL of the home page, or of the whole site: as a pattern, #^/# would match every path.
    const homePage = pathPart === '' || pathPart === '/' || pathPart === '/$';
    const modifiers = prepared.wrapped ? '' : prepared.modifiers.trim();
    const advice = homePage
        ? `Write ${rewriteText('#^/$#', accepts)} for the home page (a pattern for the whole site needs allow_purge_all: true)`
        : `Write the path part alone: ${rewriteText(`#^${escapeUnescapedDelimiter(pathPart, '#').text}#${modifiers}`, accepts)}`;
    const what = found.scheme
        ? `is a URL, with the scheme and host ${shown(found.text)}`
        : `starts with a host, ${shown(found.text)}`;
    diag.problem(INPUT, given, `${what}, but the service matches a pattern against the path of each page (/blog/post-1.html: no scheme, no host), so it would purge nothing. ${advice}`);
    return true;
}
/** The scheme and host the expression starts with: its text (after ^), and where it ends. */
function schemeAndHost(expression) {
    const start = /^(?:\^|\\A)?/.exec(expression)?.[0].length ?? 0;
    const scheme = SCHEME.exec(expression);
    if (scheme !== null) {
        // The host runs to the first '/' (escaped or not) after the scheme.
        const slash = expression.indexOf('/', scheme[0].length);
        const end = slash === -1 ? expression.length : expression.charAt(slash - 1) === '\\' ? slash - 1 : slash;
        return { text: expression.slice(start, end), end, scheme: true };
    }
    const host = HOST.exec(expression);
    const topLevel = host?.[2]?.toLowerCase();
    if (host === null || topLevel === undefined || PAGE_EXTENSIONS.has(topLevel))
        return undefined;
    const end = host[0].length;
    // A host alone might be a file name (`logo.png`, paths containing it): only www. says host.
    if (end === expression.length && !/^www\./i.test(host[1] ?? ''))
        return undefined;
    return { text: expression.slice(start, end), end, scheme: false };
}

;// CONCATENATED MODULE: ./src/pattern/globs.ts



/** Path text and stars only: no regex syntax but the dot, which a path means literally. */
const PLAIN_GLOB = /^[\p{L}\p{N}._~%/*-]*$/u;
/**
 * Refuses an input that reads as a glob (see above); true when it did. `given` is the trimmed
 * input, not read as delimited (a bare expression, or a '/' PHP cannot read as a delimiter).
 */
function refuseGlob(given, diag, accepts) {
    const habit = globHabit(given);
    if (habit === undefined)
        return false;
    const looks = habit.doubleStar
        ? "it reads like a glob, with '**' (folders at any depth)"
        : "it ends like a glob, with '/*' (every page of the folder)";
    const globReading = globPattern(habit);
    const asGlob = habit.under === undefined
        ? `${rewriteText(globReading, accepts)} for the glob reading`
        : `${rewriteText(globReading, accepts)} for everything under ${shown(habit.under)} (the glob reading)`;
    const asRegex = habit.doubleStar
        ? "; read as a regular expression it does not compile ('**' is no quantifier in PCRE)"
        : `, or ${rewriteText(`#${escapeUnescapedDelimiter(given, '#').text}#`, accepts)} for ${regexMeaning(habit)}`;
    diag.problem(INPUT, given, `is ambiguous: ${looks}, but the service reads a regular expression. Write ${asGlob}${asRegex}`);
    return true;
}
/** The input's glob habit, or undefined when it has none. */
function globHabit(given) {
    const startAnchor = given.startsWith('^');
    const endAnchor = given.endsWith('$') && !endsEscaped(given, given.length - 1);
    const text = given.slice(startAnchor ? 1 : 0, endAnchor ? -1 : undefined);
    const doubleStar = unescapedIndex(text, '**') !== -1;
    const finalStar = text.endsWith('/*') && !endsEscaped(text, text.length - 2);
    if (!doubleStar && !finalStar)
        return undefined;
    // A glob is written from the root: `/blog/*`, not `blog/*`, `(a|b)/*` or `.*/*`.
    if (!text.startsWith('/'))
        return undefined;
    const under = text.endsWith('/**')
        ? text.slice(0, -2)
        : text.endsWith('/*')
            ? text.slice(0, -1)
            : undefined;
    return { text, startAnchor, endAnchor, doubleStar, ...(under !== undefined && { under }) };
}
/**
 * The glob as a pattern: from the start of the path; `**` any depth, `*` any name; a dot (in
 * path text) a dot. Everything under a folder is its text and nothing after it required.
 */
function globPattern(habit) {
    const plain = PLAIN_GLOB.test(habit.text);
    const source = habit.under ?? habit.text;
    let expression = '';
    for (let index = 0; index < source.length; index++) {
        const char = source.charAt(index);
        if (char === '\\') {
            expression += source.slice(index, index + 2);
            index++;
        }
        else if (source.startsWith('**/', index)) {
            expression += '(?:.*/)?';
            index += 2;
        }
        else if (source.startsWith('**', index)) {
            expression += '.*';
            index++;
        }
        else if (char === '*')
            expression += '[^/]*';
        else if (char === '.' && plain)
            expression += '\\.';
        else
            expression += char;
    }
    const end = habit.under === undefined ? '$' : '';
    return `#^${escapeUnescapedDelimiter(expression, '#').text}${end}#`;
}
/**
 * What `X/*` means to PCRE ('*' repeats the character before it), in words, with the paths it
 * selects that nobody writing a glob meant.
 */
function regexMeaning(habit) {
    const before = habit.text.slice(0, -2);
    const slashes = `${shown(before)} followed by any number of slashes`;
    const reading = (examples) => `(the regex reading, where '*' repeats the character before it: ${examples})`;
    if (habit.startAnchor && habit.endAnchor) {
        return `${slashes} ${reading(`${shown(before)} and ${shown(`${before}/`)}, no page under it`)}`;
    }
    if (habit.startAnchor) {
        return `the paths that start with ${slashes} ${reading(`${shown(`${before}roll`)} too`)}`;
    }
    if (habit.endAnchor)
        return `the paths that end with ${slashes} ${reading('no page under it')}`;
    return `any path holding ${slashes} ${reading(`${shown(`${before}roll`)} and ${shown(`/fr${before}/`)} too`)}`;
}
/** Whether the character at `index` is escaped by an odd run of backslashes before it. */
function endsEscaped(text, index) {
    let backslashes = 0;
    while (index - 1 - backslashes >= 0 && text.charAt(index - 1 - backslashes) === '\\')
        backslashes++;
    return backslashes % 2 === 1;
}
/** Where `needle` first stands in `text` outside an escape; -1 when it does not. */
function unescapedIndex(text, needle) {
    for (let index = 0; index < text.length; index++) {
        if (text.charAt(index) === '\\')
            index++;
        else if (text.startsWith(needle, index))
            return index;
    }
    return -1;
}

// EXTERNAL MODULE: ./src/text/trailing-run.ts
var trailing_run = __webpack_require__(7043);
;// CONCATENATED MODULE: ./src/pattern/delimiters.ts
/**
 * What the action does before PCRE2 sees the `pattern` input: a pattern PHP reads as delimited
 * is sent exactly as given (its delimiters and modifiers read as php_pcre.c reads them); a bare
 * expression is wrapped in delimiters. What PHP would refuse is explained here, with what to
 * write instead.
 */







/** The delimiters people write: a pattern starting with one is always read as delimited. */
const PATTERN_DELIMITERS = '#/~!@%|';
/** The modifiers preg_match() accepts after the end delimiter (PHP 8.2 and 8.3). */
const PCRE_MODIFIERS = Object.keys(PHP_MODIFIERS)
    .filter(modifier => modifier.trim() !== '')
    .join('');
/**
 * Characters that start a regular expression: an input starting with one is a bare expression,
 * although PHP would take the character as a delimiter.
 */
const EXPRESSION_STARTS = '^([.$';
const WRAP_DELIMITER = '#';
/**
 * Reads the trimmed input; undefined after reporting a problem to `diag`. `accepts` judges the
 * rewrites the messages advise (see rewrites.ts).
 */
function readPatternInput(given, diag, accepts) {
    const first = given.charAt(0);
    if (first === '/' && refuseSlashedPath(given, diag, accepts))
        return undefined;
    const reading = readPhpPattern(given);
    // Written with its own delimiters, a pattern says it is a regular expression, not a glob.
    const delimited = PATTERN_DELIMITERS.includes(first) && reading.ok;
    if (!delimited && refuseGlob(given, diag, accepts))
        return undefined;
    if (PATTERN_DELIMITERS.includes(first))
        return readDelimited(given, reading, diag, accepts);
    if (first === '(' || first === '[') {
        if (reading.ok && readingsDiffer(first, reading.modifiers)) {
            diag.problem(INPUT, given, ambiguity(given, reading, accepts));
            return undefined;
        }
        return wrapBareExpression(given, diag);
    }
    if (EXPRESSION_STARTS.includes(first) || !phpTakesAsDelimiter(first)) {
        return wrapBareExpression(given, diag);
    }
    const parts = readDelimited(given, reading, diag, accepts);
    if (parts !== undefined) {
        const { delimiter } = parts.prepared;
        const end = reading.ok ? reading.endDelimiter : delimiter;
        diag.notice(`Pattern ${shown(given)} is read as PHP reads it: delimited by '${delimiter}'${end === delimiter ? '' : ` and '${end}'`}, and sent as given.`);
    }
    return parts;
}
/** `(…)` read by PHP means what the bare group means, unless modifiers follow; `[…]` never does. */
function readingsDiffer(first, modifiers) {
    return first === '[' || modifiers.trim() !== '';
}
function ambiguity(given, reading, accepts) {
    const asPhp = `#${escapeUnescapedDelimiter(reading.body, '#').text}#${reading.modifiers.trim()}`;
    const asBare = `#${escapeUnescapedDelimiter(given, '#').text}#`;
    return `can be read two ways: as PHP reads it, delimited by '${reading.delimiter}' and '${reading.endDelimiter}' (the expression ${shown(reading.body)}${reading.modifiers.trim() === '' ? '' : ` with modifiers ${reading.modifiers.trim()}`}), or as a bare expression. Write it with # delimiters to say which: ${rewriteText(asPhp, accepts)} or ${rewriteText(asBare, accepts)}`;
}
/** PHP takes any character but letters, digits, the backslash and NUL (after white space). */
function phpTakesAsDelimiter(character) {
    return character.charCodeAt(0) < 0x80 && !/[\p{L}\p{N}\\\0\s]/u.test(character);
}
function readDelimited(given, reading, diag, accepts) {
    if (reading.ok) {
        return {
            prepared: {
                pattern: given,
                delimiter: reading.delimiter,
                body: reading.body,
                modifiers: reading.modifiers,
                wrapped: false
            },
            inputOffset: offset => offset
        };
    }
    const delimiter = given.charAt(0);
    if (reading.endDelimiterAt === undefined) {
        diag.problem(INPUT, given, missingEndDelimiterReason(given, delimiter, reading.message, accepts));
        return undefined;
    }
    const end = charOffset(given, reading.endDelimiterAt);
    const rest = given.slice(end + 1);
    const endDelimiter = given.charAt(end);
    if (unescapedOccurrences(rest, endDelimiter).length > 0) {
        diag.problem(INPUT, given, unescapedDelimiterReason(given, end, endDelimiter, reading.message, accepts));
    }
    else {
        diag.problem(INPUT, given, unknownModifiersReason(given, rest, end, endDelimiter, accepts));
    }
    return undefined;
}
/** Characters before a byte offset of the text's UTF-8. */
function charOffset(text, byteOffset) {
    return new TextDecoder().decode(new TextEncoder().encode(text).subarray(0, byteOffset)).length;
}
function missingEndDelimiterReason(given, delimiter, phpSays, accepts) {
    const end = /'(.)'/u.exec(phpSays)?.[1] ?? delimiter;
    const escaped = given.length > 1 && given.endsWith(end) && endsWithEscapingBackslash(given.slice(0, -1))
        ? ` (the final '${end}' at offset ${given.length - 1} is escaped by the backslash before it)`
        : '';
    return `has no end delimiter: a pattern that starts with '${delimiter}' must end with '${end}', optionally followed by modifiers such as i${escaped}${slashHint(given, delimiter, accepts)} (PHP: ${phpSays})`;
}
/**
 * What to write instead of a pattern that starts with '/' and is not one: a path
 * (`/blog` → `#^/blog#`), else an example.
 */
function slashHint(given, delimiter, accepts) {
    if (delimiter !== '/')
        return '';
    const asPath = pathReading(given);
    return asPath === undefined
        ? `; a pattern that starts with '/' is read as delimited by '/': to match paths starting with '/', write a bare expression such as ${rewriteText('^/blog/.*$', accepts)} or use # as delimiter`
        : `; a pattern that starts with '/' is read as delimited by '/': to match ${pathsMeant(given)}, write ${rewriteText(asPath, accepts)}`;
}
/** An odd run of backslashes at the end escapes what follows (counted linearly: text/). */
function endsWithEscapingBackslash(text) {
    return (0,trailing_run/* trailingRunLength */.SD)(text, '\\') % 2 === 1;
}
/**
 * PHP ends the pattern at the first unescaped delimiter, whatever follows. When the last
 * delimiter ends the expression (only modifiers after it), the advice spells the whole pattern
 * with the delimiters inside escaped, and with another delimiter.
 */
function unescapedDelimiterReason(given, end, delimiter, phpSays, accepts) {
    const more = unescapedOccurrences(given.slice(end + 1), delimiter).length - 1;
    const body = given.slice(1);
    const alternative = [...PATTERN_DELIMITERS].find(candidate => candidate !== delimiter && !body.includes(candidate));
    const last = given.lastIndexOf(delimiter);
    const meant = { body: given.slice(1, last), modifiers: given.slice(last + 1) };
    const whole = given.startsWith(delimiter) && last > 0 && onlyModifiers(meant.modifiers)
        ? (start, text, close) => ` (${rewriteText(`${start}${text}${close}${meant.modifiers}`, accepts)})`
        : () => '';
    const escapedAs = whole(delimiter, escapeUnescapedDelimiter(meant.body, delimiter).text, delimiter);
    const advice = alternative === undefined
        ? `escape it as \\${delimiter}${escapedAs}`
        : `escape it as \\${delimiter}${escapedAs} or use ${alternative} as delimiter${whole(alternative, meant.body, alternative)}`;
    const asPath = delimiter === '/' ? pathReading(given) : undefined;
    const pathAdvice = asPath === undefined
        ? ''
        : `; to match ${pathsMeant(given)}, write ${rewriteText(asPath, accepts)}`;
    return `unescaped delimiter '${delimiter}' inside the pattern at offset ${end}${more > 0 ? ` (and ${more} more)` : ''}, where PHP ends the pattern and reads the rest as modifiers (PHP: ${phpSays}); ${advice}${pathAdvice}`;
}
/** The paths an input written as a path means: those that start with it, when it is plain text. */
function pathsMeant(given) {
    return /^[\p{L}\p{N}._~%/-]*$/u.test(given)
        ? `the paths that start with ${shown(given)}`
        : `the paths ${shown(given)} describes`;
}
/** Whether the text is modifiers PHP accepts (spaces included, which it skips). */
function onlyModifiers(text) {
    return [...text].every(char => char === ' ' || PCRE_MODIFIERS.includes(char));
}
function unknownModifiersReason(given, modifiers, end, delimiter, accepts) {
    const unknown = [...new Set([...modifiers].filter(char => !PCRE_MODIFIERS.includes(char)))]
        .filter(char => char !== ' ')
        .map(char => `'${char}'`);
    const noun = unknown.length === 1 ? 'modifier' : 'modifiers';
    // `#^/blog$#ig`: the same pattern without what PHP does not know (g is JavaScript's).
    const known = [...modifiers].filter(char => PCRE_MODIFIERS.includes(char)).join('');
    const withoutUnknown = delimiter === given.charAt(0) && delimiter !== '/'
        ? `: ${rewriteText(`${given.slice(0, end + 1)}${known}`, accepts)}`
        : '';
    return `unknown ${noun} ${unknown.join(', ')} after the end delimiter '${delimiter}' at offset ${end}; valid PCRE modifiers are ${[...PCRE_MODIFIERS].join(' ')}${withoutUnknown}${slashHint(given, delimiter, accepts)}`;
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
function wrapBareExpression(given, diag) {
    const delimiter = wrappingDelimiter(given);
    if (delimiter === undefined) {
        diag.problem(INPUT, given, `cannot be wrapped in delimiters: it has a comment ((?#...) or (?x) with #) and uses every delimiter character (${[...PATTERN_DELIMITERS].join(' ')}); write the delimiters yourself`);
        return undefined;
    }
    const { text: body, sourceIndex } = escapeUnescapedDelimiter(given, delimiter);
    return {
        prepared: {
            pattern: `${delimiter}${body}${delimiter}`,
            delimiter,
            body,
            modifiers: '',
            wrapped: true
        },
        // The sent pattern is the delimiter, then the escaped body.
        inputOffset: offset => (offset <= 0 ? 0 : (sourceIndex[offset - 1] ?? given.length))
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

// EXTERNAL MODULE: ./src/core/diagnostics.ts
var diagnostics = __webpack_require__(7135);
;// CONCATENATED MODULE: ./src/pattern/probes.ts
/**
 * The verdict on a compiled pattern. `mostSpared` is MOST_SPARED for a pattern that purges; 0
 * where nothing is purged (mode: verify), so that only a pattern matching every path counts.
 */
function judgeOnProbes(pattern, mostSpared = MOST_SPARED) {
    const outcomes = new Map(PROBE_PATHS.map(path => [path, pattern.test(path)]));
    const outcomeOf = (path) => outcomes.get(path) ?? 'no-match';
    const gaveUpOn = (paths) => paths.flatMap(path => {
        const reason = outcomeOf(path);
        return reason === 'match' || reason === 'no-match' ? [] : [{ path, reason }];
    });
    const gaveUp = gaveUpOn(PROBE_PATHS);
    const matchedAny = PROBE_PATHS.some(path => outcomeOf(path) === 'match');
    const missedAny = PROBE_PATHS.some(path => outcomeOf(path) === 'no-match');
    if (!matchedAny && !missedAny)
        return { kind: 'gives-up-everywhere', gaveUp };
    // Per form: the paths it spares (no match) and those PHP gives up on. A path PHP gives up on
    // is not spared by the pattern's choice: it counts with the matches, as it always has.
    const judged = FORMS.map(({ form, paths }) => ({
        form,
        spared: paths.filter(path => outcomeOf(path) === 'no-match'),
        gaveUp: gaveUpOn(paths),
        matchedAny: paths.some(path => outcomeOf(path) === 'match')
    }));
    const [best, other] = judged
        .filter(({ spared, matchedAny: matched }) => matched && spared.length <= mostSpared)
        .sort((a, b) => a.spared.length - b.spared.length || a.gaveUp.length - b.gaveUp.length);
    if (best === undefined)
        return { kind: 'not-every-path', gaveUp };
    // The form is named when the other form fares worse (spares more, or gives up on more).
    const worse = (candidate) => candidate === undefined ||
        candidate.spared.length > best.spared.length ||
        (candidate.spared.length === best.spared.length && candidate.gaveUp.length > best.gaveUp.length);
    const form = worse(other) ? { form: best.form } : {};
    if (best.spared.length > 0) {
        return { kind: 'nearly-every-path', spared: best.spared, gaveUp: best.gaveUp, ...form };
    }
    if (best.gaveUp.length === 0)
        return { kind: 'every-path', ...form };
    return { kind: 'every-path-it-finishes', gaveUp: best.gaveUp, ...form };
}
/**
 * Sections as a site has them, each under its own first segment and each of SMALLEST_SECTION
 * paths at least: index pages, pages, files, queries, dates and upper case, as sites mix them.
 * A pattern for one section (`#^/blog/#`, `#^/products/.*\.html$#`) matches a few of them.
 */
const SECTIONS = [
    [
        '/blog/',
        '/blog/post-1.html',
        '/blog/2024/05/hello-world',
        '/blog/a-fairly-long-post-title-with-many-words-in-it',
        '/blog/tag/news?page=3'
    ],
    [
        '/products/',
        '/products/shoes/',
        '/products/shoes/trail-runner-42.html',
        '/products/bags/tote.html?color=red'
    ],
    ['/docs/', '/docs/guide/install', '/docs/manual.pdf', '/docs/api/v2/Reference.html'],
    ['/fr/', '/fr/blog/bonjour.html', '/fr/produits/chaussures/', '/fr/contact'],
    ['/static/app.js', '/static/css/site.css', '/static/fonts/inter.woff2', '/static/img/logo.png'],
    [
        '/images/logo.png',
        '/images/2024/team-photo.jpg',
        '/images/icons/arrow.svg',
        '/images/banner.webp'
    ],
    ['/api/v1/items', '/api/v1/items/42', '/api/v2/search?q=shoes', '/api/health'],
    ['/admin', '/admin/users?page=2', '/admin/settings/security', '/admin/login.php']
];
/** The fewest test paths a section holds: sparing a section spares at least this many. */
const SMALLEST_SECTION = Math.min(...SECTIONS.map(section => section.length));
/**
 * The most test paths of a form a pattern may spare and still be judged to purge nearly every
 * page: fewer than any section holds, so what it spares is never a part of the site.
 */
const MOST_SPARED = SMALLEST_SECTION - 1;
const printableAscii = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index));
const longPath = Array.from({ length: 60 }, (_, index) => `segment-${index}/`)
    .join('')
    .slice(0, 499);
/**
 * Single paths of every odd shape, written the same either way (ASCII without anything a
 * browser percent-encodes): the root, one-character paths, queries, an empty query, upper case,
 * doubled slashes, deep paths, long words joined by hyphens (where nested quantifiers such as
 * `([a-z-]+)*` make PHP give up). A pattern that spares some of them spares single pages. They
 * come first, so that an example path is one of these when one fits.
 */
const SINGLE_PATHS = [
    '/',
    '/a',
    '/Z',
    '/0',
    '/~',
    '/index.html',
    '/index.php?page=2',
    '/a//b',
    '/x/y/z/deep/page?q=1&b=2',
    '/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p.html',
    '/?utm_source=newsletter',
    '/?',
    '/UPPER/Case.PHP',
    '/-_.~',
    '/a-fairly-long-page-name-with-many-words-in-it',
    '/wp-admin/options.php'
];
const EITHER_FORM = [...SINGLE_PATHS, ...SECTIONS.flat()];
/** Non-ASCII characters, spaces and every printable ASCII character, as text. */
const DECODED = [
    '/été/über',
    '/日本語/ページ',
    '/emoji/😀',
    '/with space/and more spaces',
    '/€?x= y',
    `/${printableAscii.join('')}`
];
/**
 * The same as a browser requests them: UTF-8 bytes, and the characters the URL standard's path
 * percent-encode set holds (space, ", #, <, >, `, {, }), percent-encoded.
 */
function asRequested(path) {
    return path.replace(/[^\x21-\x7e]|["#<>`{}]/gu, character => Array.from(new TextEncoder().encode(character), byte => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
}
/**
 * The long path comes last, so that it is named last among the paths where PHP gives up. The
 * decoded form comes first: when both forms spare as few, a message lists its paths, readable.
 */
const FORMS = [
    { form: 'decoded', paths: [...EITHER_FORM, ...DECODED, `/${longPath}`] },
    { form: 'requested', paths: [...EITHER_FORM, ...DECODED.map(asRequested), `/${longPath}`] }
];
/** How many test paths each form holds (the same number in both). */
const PROBE_PATHS_PER_FORM = EITHER_FORM.length + DECODED.length + 1;
/** Every test path, both forms (each once). */
const PROBE_PATHS = [
    '/',
    ...EITHER_FORM.slice(1),
    ...DECODED.map(asRequested),
    ...DECODED,
    `/${longPath}`
];

;// CONCATENATED MODULE: ./src/pattern/anchors.ts




function warnIfUnanchored(compiled, prepared, given, diag, accepts) {
    if (compiled.anchoredSomewhere)
        return;
    const literal = literalText(prepared);
    const example = examplePath(compiled, literal);
    const anchored = literal === undefined
        ? 'Start it with ^ (or end it with $) if it means a prefix (or a suffix)'
        : literal.startsWith('/')
            ? `Write ${rewriteText(respelt(prepared, given, '^', ''), accepts)} if it means the paths that start with ${literal}`
            : // A path always starts with '/': ^ alone before the text would match no path at all.
                `Write ${rewriteText(respelt(prepared, given, '^/', ''), accepts)} if it means the paths that start with /${literal}, or ${rewriteText(respelt(prepared, given, '', '$'), accepts)} for those that end with ${literal}`;
    diag.warn(`Pattern ${shown(given)} is not anchored at either end (no ^ or \\A at the start, no $, \\z or \\Z at the end): it matches anywhere in a path${example === undefined ? '' : `, e.g. ${shown(example)}`}. ${anchored}.`);
}
/** The text a pattern made only of literal characters matches; undefined for any other. */
function literalText(prepared) {
    // In extended mode white space and # mean something else.
    if (prepared.modifiers.includes('x'))
        return undefined;
    const { body } = prepared;
    if (body === '' || !/^(?:[^\\^$.|?*+()[\]{}\s]|\\[^\p{L}\p{N}\s])+$/u.test(body)) {
        return undefined;
    }
    return body.replace(/\\(.)/gu, '$1');
}
/**
 * A path the pattern matches somewhere after its start: built around the pattern's own text
 * when it is literal (so its letter case is the pattern's), else one of the probe paths.
 */
function examplePath(compiled, literal) {
    const candidates = literal === undefined
        ? PROBE_PATHS
        : literal.startsWith('/')
            ? [`/old${literal}${literal.endsWith('/') ? 'x' : '/x'}`]
            : [`/old/${literal}/x`, `/old-${literal}-x`];
    return candidates.find(path => {
        const found = compiled.exec(path);
        return typeof found !== 'string' && found.start > 0;
    });
}
/**
 * The pattern with text before and after its expression, spelt as the user spelt the pattern.
 * The added text escapes the delimiter: `/blog/i` becomes `/^\/blog/i`, not `/^/blog/i`, where
 * PHP would end the pattern at the second '/'.
 */
function respelt(prepared, given, before, after) {
    if (prepared.wrapped)
        return `${before}${given}${after}`;
    const start = given.indexOf(prepared.body, 1);
    const end = start + prepared.body.length;
    const escaped = (text) => escapeUnescapedDelimiter(text, prepared.delimiter).text;
    return `${given.slice(0, start)}${escaped(before)}${prepared.body}${escaped(after)}${given.slice(end)}`;
}

// EXTERNAL MODULE: ./src/pattern/give-up.ts
var give_up = __webpack_require__(4543);
;// CONCATENATED MODULE: ./src/pattern/versions.ts


/**
 * `{,n}` is literal text in PCRE2 10.42 and a quantifier ({0,n}) from 10.43 on. Found outside
 * character classes, \Q...\E and comments: there it is literal in every version.
 */
function warnAboutNewerPcre2(given, prepared, inputOffset, diag, accepts) {
    const bodyStart = prepared.pattern.indexOf(prepared.body, prepared.wrapped ? 1 : 0);
    const extended = prepared.modifiers.includes('x');
    for (const found of openQuantifiers(prepared.body, extended)) {
        const offset = inputOffset(bodyStart + found.index);
        // The whole pattern, respelt where the {,n} stands in the input, for each meaning.
        const respelt = (replacement) => `${given.slice(0, offset)}${replacement}${given.slice(offset + found.text.length)}`;
        diag.warn(`Pattern ${shown(given)}: '${found.text}' at offset ${offset} is literal text in PCRE2 10.42, which the service's PHP runs, but a quantifier (0 to ${found.max} times) from PCRE2 10.43 on (PHP 8.4 bundles 10.44), so the pattern would purge other pages after an upgrade of the service. Write \\${found.text} for the text (${rewriteText(respelt(`\\${found.text}`), accepts)}), or {0,${found.max}} for the quantifier (${rewriteText(respelt(`{0,${found.max}}`), accepts)}).`);
    }
}
/** `{,n}` where the scan stands (sticky: no slice of the rest of the body at each character). */
const OPEN_QUANTIFIER = /\{,(\d+)\}/y;
function openQuantifiers(body, extended) {
    const found = [];
    let index = 0;
    while (index < body.length) {
        const char = body.charAt(index);
        if (char === '\\') {
            if (body.charAt(index + 1) === 'Q') {
                const end = body.indexOf('\\E', index + 2);
                index = end === -1 ? body.length : end + 2;
            }
            else
                index += 2;
        }
        else if (char === '[') {
            index = classEnd(body, index);
        }
        else if (body.startsWith('(?#', index)) {
            const end = body.indexOf(')', index);
            index = end === -1 ? body.length : end + 1;
        }
        else if (char === '#' && extended) {
            const end = body.indexOf('\n', index);
            index = end === -1 ? body.length : end + 1;
        }
        else {
            OPEN_QUANTIFIER.lastIndex = index;
            const open = OPEN_QUANTIFIER.exec(body);
            if (open !== null) {
                found.push({ index, text: open[0], max: open[1] ?? '' });
                index += open[0].length;
            }
            else
                index++;
        }
    }
    return found;
}
/** The index after the class opened at `start`: `]` first (after `^`) is literal, so are escapes. */
function classEnd(body, start) {
    let index = start + 1;
    if (body.charAt(index) === '^')
        index++;
    if (body.charAt(index) === ']')
        index++;
    // The next ':]', found again only once the scan passes it: searched afresh at each '[:', a
    // class of many '[:' and no ':]' would take time quadratic in its length.
    let posixEnd = -2;
    while (index < body.length) {
        const char = body.charAt(index);
        if (char === '\\')
            index += 2;
        else if (body.startsWith('[:', index)) {
            if (posixEnd !== -1 && posixEnd < index + 2)
                posixEnd = body.indexOf(':]', index + 2);
            index = posixEnd === -1 ? index + 1 : posixEnd + 2;
        }
        else if (char === ']')
            return index + 1;
        else
            index++;
    }
    return body.length;
}

;// CONCATENATED MODULE: ./src/pattern/prepare.ts









/**
 * Trims and checks the `pattern` input; returns what to send, or undefined after reporting
 * every problem to `diag`.
 */
function preparePattern(raw, options, diag) {
    return checkPattern(raw, options, diag, acceptedAsItStands);
}
/**
 * Whether the action accepts a pattern a message would advise (rewrites.ts): the same checks,
 * allow_purge_all unset. The rewrite's own messages are never shown, so the rewrites they
 * advise in turn are not judged (which could go on for ever).
 */
function acceptedAsItStands(pattern) {
    const diag = new diagnostics/* Diagnostics */.rE();
    checkPattern(pattern, { allowPurgeAll: false }, diag, () => true);
    return diag.ok;
}
function checkPattern(raw, options, diag, accepts) {
    const given = raw.trim();
    if (given === '')
        return undefined;
    const lineBreak = given.search(/[\r\n]/);
    if (lineBreak >= 0) {
        diag.problem(INPUT, given, `contains a line break at offset ${lineBreak}; the input takes one regular expression on a single line`);
        return undefined;
    }
    const parts = readPatternInput(given, diag, accepts);
    if (parts === undefined)
        return undefined;
    const { prepared, inputOffset } = parts;
    if (refuseUrl(prepared, given, diag, accepts))
        return undefined;
    const compiled = pcre2().compilePhpPattern(prepared.pattern);
    if (!compiled.ok) {
        reportUncompilable(compiled, given, prepared, inputOffset, diag);
        return undefined;
    }
    try {
        if (prepared.wrapped) {
            diag.notice(`Pattern ${shown(given)} has no delimiters, so it is sent wrapped in '${prepared.delimiter}' as ${shown(prepared.pattern)}.`);
        }
        // mode: verify purges nothing: a pattern that spares a few pages only selects pages to
        // check, and is judged as it always was (one that matches every path is allowed).
        const verdict = judgeOnProbes(compiled.pattern, options.checksOnly === true ? 0 : undefined);
        if (verdict.kind === 'gives-up-everywhere') {
            diag.problem(INPUT, given, purgesNothing(verdict.gaveUp));
            return undefined;
        }
        if (verdict.kind !== 'not-every-path') {
            return refuseOrAllowMatchAll(verdict, prepared, given, options, diag);
        }
        if (verdict.gaveUp.length > 0)
            diag.warn(givesUpOnProbes(given, verdict.gaveUp));
        warnIfUnanchored(compiled.pattern, prepared, given, diag, accepts);
        warnAboutNewerPcre2(given, prepared, inputOffset, diag, accepts);
        return prepared;
    }
    finally {
        compiled.pattern.free();
    }
}
/**
 * PCRE2's reason and offset, with a caret under the place in the input. A bare expression
 * ending in a lone backslash escapes the delimiter it is wrapped in; PCRE2 then judges the
 * expression itself.
 */
function reportUncompilable(failure, given, prepared, inputOffset, diag) {
    let message = failure.message;
    let offset = 0;
    if (failure.stage === 'compile')
        offset = inputOffset(failure.patternOffset ?? 0);
    else if (prepared.wrapped) {
        const bare = pcre2().compileBody(new TextEncoder().encode(given), 0);
        if (!bare.ok && bare.stage === 'compile')
            ({ message, offset } = bare);
        else if (bare.ok)
            bare.pattern.free();
    }
    diag.problem(INPUT, given, `PCRE2 ${PCRE2_VERSION}, the service's engine, cannot compile it: ${message} at offset ${offset}; the service would refuse it${caretUnder(given, offset)}`);
}
function purgesNothing(gaveUp) {
    return `PHP's preg_match() fails on every one of ${PROBE_PATHS.length} very different test paths (${(0,give_up/* reasonsOf */.z)(gaveUp)}), so the service would purge nothing with it${adviceFor(gaveUp)}`;
}
function refuseOrAllowMatchAll(verdict, prepared, given, options, diag) {
    const what = whatItMatches(verdict);
    const nearly = verdict.kind === 'nearly-every-path';
    if (!options.allowPurgeAll) {
        const consequence = nearly
            ? 'so it would purge nearly every cached page of the site (it spares fewer test paths than any of their sections holds: single pages, not a part of the site)'
            : 'so it would purge every cached page of the site';
        diag.problem(INPUT, given, `${what}, ${consequence}; set \`allow_purge_all: true\` to purge the whole site deliberately`);
        return undefined;
    }
    // mode: verify purges nothing: a pattern over the whole site only chooses every page to check.
    if (!options.checksOnly) {
        diag.warn(`Pattern ${shown(given)} ${what}: ${nearly ? 'nearly ' : ''}every cached page of the site will be purged (allow_purge_all is true).`);
    }
    return prepared;
}
/** What a pattern the guard refuses matches, with the few test paths it spares. */
function whatItMatches(verdict) {
    const form = verdict.form === undefined ? '' : ` ${FORM_TEXT[verdict.form]}`;
    const givingUp = (gaveUp) => `it gives up on ${gaveUp.length} of ${PROBE_PATHS.length}: ${(0,give_up/* reasonsOf */.z)(gaveUp)}`;
    switch (verdict.kind) {
        case 'every-path':
            return `matches every path${form}`;
        case 'every-path-it-finishes':
            return `matches every test path${form} PHP finishes matching (${givingUp(verdict.gaveUp)})`;
        case 'nearly-every-path': {
            // Long test paths are cut short: the message names them, it need not spell them out.
            const spared = verdict.spared.map(path => shown(path, SPARED_PATH_SHOWN)).join(', ');
            const finishes = verdict.gaveUp.length === 0 ? '' : ' PHP finishes matching';
            const gaveUp = verdict.gaveUp.length === 0 ? '' : ` (${givingUp(verdict.gaveUp)})`;
            return `matches every test path${form}${finishes} but ${verdict.spared.length} of ${PROBE_PATHS_PER_FORM} (${spared})${gaveUp}`;
        }
    }
}
/** The characters of a spared test path a message shows. */
const SPARED_PATH_SHOWN = 40;
/** How a message names the form of the paths a pattern matches all of (see probes.ts). */
const FORM_TEXT = {
    requested: 'as browsers request it (non-ASCII characters, spaces and the like percent-encoded)',
    decoded: 'once decoded (non-ASCII characters and spaces as text)'
};
function givesUpOnProbes(given, gaveUp) {
    const paths = gaveUp.map(({ path }) => shown(path));
    return `Pattern ${shown(given)}: PHP's preg_match() gives up on ${gaveUp.length} of ${PROBE_PATHS.length} test paths (${(0,give_up/* reasonsOf */.z)(gaveUp)}), so the service would not purge paths like these even when they match: ${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', …' : ''}${adviceFor(gaveUp)}.`;
}
function adviceFor(gaveUp) {
    const limits = gaveUp.some(({ reason }) => reason.endsWith('-limit'));
    return limits
        ? '; nested quantifiers such as (a+)+ backtrack for ever: rewrite them as a+ or (?>a+)'
        : '; PCRE2 stops such a match with an error, e.g. for a recursion that can loop without consuming a character';
}

;// CONCATENATED MODULE: ./src/pattern/index.ts
/**
 * The `pattern` input: turns what the user wrote into the delimited PCRE pattern the service
 * expects, and refuses mistakes before anything is sent.
 *
 * The service is a PHP application: the pattern reaches preg_match() exactly as given, and a
 * careless one purges pages nobody meant to purge. So the pattern is judged by the service's
 * own engine, PCRE2 10.42 built to WebAssembly (pcre2/), with PHP's options and limits: what it
 * refuses is refused here, and what it matches is what the guard and the previews see.
 *
 * This file is the public entry; each job has its own module under pattern/ (prepare.ts runs
 * them in order).
 */




/** PCRE2 as PHP runs it, for the verification's selection by pattern (verify/choose/). */



/***/ })

};
