#!/usr/bin/env python3
"""What the system's PCRE2 (libpcre2-8, 10.42 on Debian 12) answers, with PHP's options and
limits: the oracle the unit tests' expectations come from. Never a guess: this calls the C
library itself through ctypes, as PHP's preg_match() calls it (php_pcre.c, PHP 8.2/8.3):

- the pattern is read as PHP reads it (white space, delimiters, bracket pairs, modifiers);
- compiled with the modifiers' options and PCRE2_EXTRA_ALLOW_LOOKAROUND_BSK;
- matched with a match limit of 1,000,000 (pcre.backtrack_limit) and a depth limit of 100,000
  (pcre.recursion_limit), checking the subject's UTF-8 under `u`.

Input on stdin, JSON: {"patterns": [...], "paths": [...]}. Output on stdout, JSON: per pattern
{"pattern", "error"} when PHP refuses it, or {"pattern", "results": [outcome per path]} with
outcome "match", "no-match", "backtrack-limit", "recursion-limit", "bad-utf8" or "internal".
A path written {"repeat": "a", "times": 150000, "prefix": "/", "suffix": "b"} stands for a long
one.

    echo '{"patterns": ["#^/a#"], "paths": ["/a"]}' | python3 __tests__/support/pcre2-oracle.py

With --update FILE, judges the patterns and paths listed in that fixture and writes the answers
into it (__tests__/fixtures/pcre2-php.json: the unit tests' table), one letter per path: M match,
. no match, B backtrack limit, R recursion limit, U bad UTF-8, I internal error.
"""
import ctypes
import ctypes.util
import json
import sys

lib = ctypes.CDLL(ctypes.util.find_library("pcre2-8") or "libpcre2-8.so.0")
lib.pcre2_compile_8.restype = ctypes.c_void_p
lib.pcre2_compile_8.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint32,
                                ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_size_t),
                                ctypes.c_void_p]
lib.pcre2_compile_context_create_8.restype = ctypes.c_void_p
lib.pcre2_compile_context_create_8.argtypes = [ctypes.c_void_p]
lib.pcre2_set_compile_extra_options_8.argtypes = [ctypes.c_void_p, ctypes.c_uint32]
lib.pcre2_match_context_create_8.restype = ctypes.c_void_p
lib.pcre2_match_context_create_8.argtypes = [ctypes.c_void_p]
lib.pcre2_set_match_limit_8.argtypes = [ctypes.c_void_p, ctypes.c_uint32]
lib.pcre2_set_depth_limit_8.argtypes = [ctypes.c_void_p, ctypes.c_uint32]
lib.pcre2_match_data_create_8.restype = ctypes.c_void_p
lib.pcre2_match_data_create_8.argtypes = [ctypes.c_uint32, ctypes.c_void_p]
lib.pcre2_match_8.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_size_t,
                              ctypes.c_uint32, ctypes.c_void_p, ctypes.c_void_p]
lib.pcre2_get_error_message_8.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t]
lib.pcre2_code_free_8.argtypes = [ctypes.c_void_p]

MODIFIERS = {
    "i": 0x8, "m": 0x400, "n": 0x2000, "s": 0x20, "x": 0x80, "A": 0x80000000, "D": 0x10,
    "S": 0, "X": 0, "U": 0x40000, "u": 0x80000 | 0x20000, "J": 0x40, " ": 0, "\n": 0, "\r": 0,
}
UTF = 0x80000
NO_UTF_CHECK = 0x40000000
EXTRA_ALLOW_LOOKAROUND_BSK = 0x40

compile_context = lib.pcre2_compile_context_create_8(None)
lib.pcre2_set_compile_extra_options_8(compile_context, EXTRA_ALLOW_LOOKAROUND_BSK)
match_context = lib.pcre2_match_context_create_8(None)
lib.pcre2_set_match_limit_8(match_context, 1_000_000)
lib.pcre2_set_depth_limit_8(match_context, 100_000)
match_data = lib.pcre2_match_data_create_8(32, None)


def read_php(pattern: bytes):
    """php_pcre.c's reading: (body, options) or the warning PHP gives."""
    at = 0
    while at < len(pattern) and pattern[at] in b" \t\n\v\f\r":
        at += 1
    if at >= len(pattern):
        return "Empty regular expression"
    start = pattern[at]
    at += 1
    if chr(start).isascii() and (chr(start).isalnum() or start in (0x5C, 0)):
        return "Delimiter must not be alphanumeric, backslash, or NUL"
    pairs = {ord("("): ord(")"), ord("["): ord("]"), ord("{"): ord("}"), ord("<"): ord(">")}
    end = pairs.get(start, start)
    body_start, depth = at, 1
    while at < len(pattern):
        if pattern[at] == 0x5C and at + 1 < len(pattern):
            at += 1
        elif pattern[at] == end and (start == end or depth - 1 <= 0):
            break
        elif pattern[at] == end:
            depth -= 1
        elif pattern[at] == start and start != end:
            depth += 1
        at += 1
    if at >= len(pattern):
        which = "" if start == end else "matching "
        return f"No ending {which}delimiter '{chr(end)}' found"
    options = 0
    for modifier in pattern[at + 1:].decode("utf-8", "replace"):
        if modifier not in MODIFIERS:
            return "NUL is not a valid modifier" if modifier == "\0" else f"Unknown modifier '{modifier}'"
        options |= MODIFIERS[modifier]
    return pattern[body_start:at], options


def outcome(rc: int) -> str:
    if rc >= 0:
        return "match"
    if rc == -1:
        return "no-match"
    if rc == -47:
        return "backtrack-limit"
    if rc == -53:
        return "recursion-limit"
    if -23 <= rc <= -3:
        return "bad-utf8"
    return "internal"


def judge(pattern: str, paths):
    reading = read_php(pattern.encode())
    if isinstance(reading, str):
        return {"pattern": pattern, "error": reading}
    body, options = reading
    error, offset = ctypes.c_int(), ctypes.c_size_t()
    code = lib.pcre2_compile_8(body, len(body), options, ctypes.byref(error), ctypes.byref(offset),
                               compile_context)
    if not code:
        message = ctypes.create_string_buffer(256)
        lib.pcre2_get_error_message_8(error.value, message, 256)
        return {"pattern": pattern,
                "error": f"Compilation failed: {message.value.decode()} at offset {offset.value}"}
    results = []
    for path in paths:
        subject = expand(path).encode("utf-8", "surrogatepass")
        rc = lib.pcre2_match_8(code, subject, len(subject), 0,
                               0 if options & UTF else NO_UTF_CHECK, match_data, match_context)
        results.append(outcome(rc))
    lib.pcre2_code_free_8(code)
    return {"pattern": pattern, "results": results}


def expand(path) -> str:
    if isinstance(path, str):
        return path
    return path.get("prefix", "") + path["repeat"] * path["times"] + path.get("suffix", "")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--update":
        with open(sys.argv[2], encoding="utf-8") as file:
            fixture = json.load(file)
        letters = {"match": "M", "no-match": ".", "backtrack-limit": "B",
                   "recursion-limit": "R", "bad-utf8": "U", "internal": "I"}
        fixture["cases"] = []
        for pattern in fixture["patterns"]:
            case = judge(pattern, fixture["paths"])
            if "results" in case:
                case["results"] = "".join(letters[r] for r in case["results"])
            fixture["cases"].append(case)
        with open(sys.argv[2], "w", encoding="utf-8") as file:
            json.dump(fixture, file, indent=2, ensure_ascii=False)
            file.write("\n")
    else:
        request = json.load(sys.stdin)
        json.dump([judge(p, request["paths"]) for p in request["patterns"]], sys.stdout,
                  indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
