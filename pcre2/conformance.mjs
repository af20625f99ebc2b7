/**
 * Runs PCRE2's own test data through a freshly built module and fails on any disagreement: for
 * every subject line of testinput1 (Perl-compatible tests) and testinput4 (the same in UTF mode)
 * the module must answer what testoutput1 and testoutput4, written by PCRE2's pcre2test, say:
 * "No match", or a match of the same text (the " 0:" line).
 *
 *   node pcre2/conformance.mjs --module build/pcre2.wasm --testdata pcre2-10.42/testdata
 *        [--out summary.json]
 *
 * Lines are read as pcre2test reads them (its process_pattern() and process_data()); a pattern
 * with a pcre2test modifier that changes more than the first match's text (a callout, a JIT
 * or DFA mode, a replacement...) is left out and counted, never guessed.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { createPcre2 } from './pcre2.mjs'

const FILES = ['1', '4']

// pcre2test pattern modifiers and the compile options they set (pcre2test.c, modlist).
const PATTERN_OPTIONS = {
  i: 0x00000008,
  m: 0x00000400,
  n: 0x00002000,
  s: 0x00000020,
  x: 0x00000080,
  xx: 0x01000000,
  dupnames: 0x00000040,
  utf: 0x00080000,
  ucp: 0x00020000,
  no_start_optimize: 0x00010000,
  no_auto_possess: 0x00004000,
  no_dotstar_anchor: 0x00008000,
  dollar_endonly: 0x00000010,
  anchored: 0x80000000,
  ungreedy: 0x00040000
}
// Modifiers that only add to what pcre2test prints (more matches, marks, the text after the
// match): the first match, which is compared here, is the same with or without them.
const PRINT_ONLY = new Set(['g', 'mark', 'aftertext', 'allaftertext', 'altglobal'])

export function runConformance(module, testdata) {
  // pcre2test's own default limits (PCRE2's build defaults), not PHP's: these files were
  // written with them.
  const pcre = createPcre2(module, { matchLimit: 10_000_000, depthLimit: 10_000_000 })
  const summary = {}
  const disagreements = []
  for (const name of FILES) {
    const input = readFileSync(`${testdata}/testinput${name}`, 'latin1').split('\n')
    const output = readFileSync(`${testdata}/testoutput${name}`, 'latin1').split('\n')
    const results = resultsByInputLine(input, output, name)
    const counts = {
      patterns: 0,
      subjects: 0,
      matched: 0,
      notMatched: 0,
      patternsLeftOut: 0,
      subjectsLeftOut: 0
    }
    const leftOut = {}
    const leave = (reason, subjects) => {
      counts.patternsLeftOut++
      counts.subjectsLeftOut += subjects
      leftOut[reason] = (leftOut[reason] ?? 0) + 1
    }
    for (const test of readTests(input)) {
      const subjects = test.subjects.length
      if (test.problem !== undefined) {
        leave(test.problem, subjects)
        continue
      }
      const compiled = pcre.compileBody(Buffer.from(test.pattern, 'latin1'), test.options)
      if (!compiled.ok) {
        disagreements.push(
          `testinput${name}:${test.line}: ${test.pattern} does not compile: ${compiled.message}`
        )
        continue
      }
      counts.patterns++
      const utf = (test.options & PATTERN_OPTIONS.utf) !== 0
      for (const subject of test.subjects) {
        const expected = expectation(results.get(subject.line) ?? [])
        const bytes = subjectBytes(subject.text, utf)
        if (typeof bytes === 'string' || expected === undefined) {
          counts.subjectsLeftOut++
          leftOut[typeof bytes === 'string' ? bytes : 'no plain result'] =
            (leftOut[typeof bytes === 'string' ? bytes : 'no plain result'] ?? 0) + 1
          continue
        }
        const outcome = compiled.pattern.testBytes(bytes)
        let actual = outcome
        if (outcome === 'match') {
          const { start, end } = compiled.pattern.lastMatch()
          actual = ` 0: ${printed(bytes.subarray(start, end), utf)}`
        }
        counts.subjects++
        if (expected === 'No match') counts.notMatched++
        else counts.matched++
        const wanted = expected === 'No match' ? 'no-match' : expected
        if (actual !== wanted) {
          disagreements.push(
            `testinput${name}:${subject.line}: /${test.pattern}/ on ${JSON.stringify(subject.text)}: PCRE2 says ${JSON.stringify(wanted)}, the module ${JSON.stringify(actual)}`
          )
        }
      }
      compiled.pattern.free()
    }
    summary[`testinput${name}`] = { ...counts, leftOut }
  }
  return { summary, disagreements }
}

/**
 * The lines pcre2test printed after each input line: its output echoes every input line, so
 * what lies between two echoes belongs to the first.
 */
function resultsByInputLine(input, output, name) {
  const results = new Map()
  let at = 0
  for (let line = 0; line < input.length; line++) {
    const start = at
    while (at < output.length && output[at] !== input[line]) at++
    if (at >= output.length) {
      throw new Error(`testoutput${name} does not echo line ${line + 1} of testinput${name}`)
    }
    if (line > 0) results.set(line, output.slice(start, at))
    at++
  }
  results.set(input.length, output.slice(at))
  return results
}

/** "No match", " 0: <text>" for the first match, or undefined (an error, a partial match). */
function expectation(lines) {
  for (const line of lines) {
    // With the mark modifier: "No match, mark = A".
    if (line === 'No match' || line.startsWith('No match, ')) return 'No match'
    if (line.startsWith(' 0: ') || line === ' 0:') return line === ' 0:' ? ' 0: ' : line
    if (/^(Failed|Error|Partial|\*\*)/.test(line)) return undefined
  }
  return undefined
}

/** The patterns and their subject lines, as pcre2test's main loop reads them. */
function* readTests(input) {
  let defaults = []
  let test
  for (let index = 0; index < input.length; index++) {
    const text = input[index]
    const line = index + 1
    if (test !== undefined) {
      if (text.trim() === '') {
        yield test
        test = undefined
      } else if (!/^\s*\\=\s/.test(text)) {
        test.subjects.push({ line: index + 1, text })
      }
      continue
    }
    if (text.trim() === '') continue
    if (text.startsWith('#')) {
      const command = /^#pattern\s+(.*)$/.exec(text)
      if (command) defaults = applyDefaults(defaults, command[1])
      continue
    }
    // The pattern runs to the first unescaped delimiter, over several lines if need be.
    const delimiter = text[0]
    let source = text.slice(1)
    let end = findDelimiter(source, delimiter)
    while (end < 0) {
      index++
      source += `\n${input[index]}`
      end = findDelimiter(source, delimiter)
    }
    const modifiers = source
      .slice(end + 1)
      .split(',')
      .map(modifier => modifier.trim())
      .filter(Boolean)
    test = { line, pattern: source.slice(0, end), options: 0, subjects: [] }
    for (const modifier of [...defaults, ...modifiers]) {
      if (Object.hasOwn(PATTERN_OPTIONS, modifier)) test.options |= PATTERN_OPTIONS[modifier]
      else if (/^[gimnsx]+$/.test(modifier)) {
        for (const letter of modifier) test.options |= PATTERN_OPTIONS[letter] ?? 0
      } else if (!PRINT_ONLY.has(modifier)) test.problem ??= `pcre2test modifier ${modifier}`
    }
    if (source[end + 1] === '\\') test.problem = 'pattern ending in a backslash'
    test.options >>>= 0
  }
  if (test !== undefined) yield test
}

function findDelimiter(text, delimiter) {
  for (let at = 0; at < text.length; at++) {
    if (text[at] === '\\' && at + 1 < text.length) at++
    else if (text[at] === delimiter) return at
  }
  return -1
}

function applyDefaults(defaults, list) {
  let result = [...defaults]
  for (const item of list.split(',').map(part => part.trim())) {
    if (item.startsWith('-')) result = result.filter(modifier => modifier !== item.slice(1))
    else result.push(item)
  }
  return result
}

/**
 * A data line's bytes, as pcre2test's process_data() builds them; a string says why the line
 * is left out.
 */
function subjectBytes(line, utf) {
  const text = line.replace(/^\s+/, '').replace(/\s+$/, '')
  const bytes = []
  let repeatFrom
  const put = code => {
    if (utf) bytes.push(...Buffer.from(String.fromCodePoint(code), 'utf8'))
    else if (code > 0xff) throw new Error('above 0xff')
    else bytes.push(code)
  }
  try {
    for (let at = 0; at < text.length;) {
      let char = text[at++]
      if (char === ']' && repeatFrom !== undefined) {
        const count = /^\{(\d+)\}/.exec(text.slice(at))
        if (!count) return 'malformed replication'
        at += count[0].length
        const chunk = bytes.slice(repeatFrom)
        for (let copy = 1; copy < Number(count[1]); copy++) bytes.push(...chunk)
        repeatFrom = undefined
        continue
      }
      if (char !== '\\') {
        // latin1 reading: each byte is one char; in UTF mode they are already UTF-8.
        bytes.push(char.charCodeAt(0))
        continue
      }
      char = text[at++]
      if (char === undefined) break
      const simple = { a: 7, b: 8, e: 27, f: 12, n: 10, r: 13, t: 9, v: 11 }
      if (Object.hasOwn(simple, char)) put(simple[char])
      else if (/[0-7]/.test(char)) {
        let code = Number(char)
        for (let digits = 0; digits < 2 && /[0-7]/.test(text[at] ?? ''); digits++) {
          code = code * 8 + Number(text[at++])
        }
        put(code)
      } else if (char === 'o' && text[at] === '{') {
        const close = text.indexOf('}', at)
        put(parseInt(text.slice(at + 1, close), 8))
        at = close + 1
      } else if (char === 'x') {
        const braced = /^\{([0-9a-fA-F]+)\}/.exec(text.slice(at))
        if (braced) {
          put(parseInt(braced[1], 16))
          at += braced[0].length
        } else {
          const hex = /^[0-9a-fA-F]{0,2}/.exec(text.slice(at))[0]
          at += hex.length
          const code = hex === '' ? 0 : parseInt(hex, 16)
          if (utf) bytes.push(code)
          else put(code)
        }
      } else if (char === '=') {
        if (text.slice(at).trim() !== '') return 'subject modifiers'
        break
      } else if (char === '[') repeatFrom = bytes.length
      else if (/[A-Za-z0-9]/.test(char)) return `escape \\${char}`
      else put(char.charCodeAt(0))
    }
  } catch {
    return 'code point above 0xff without UTF'
  }
  return Uint8Array.from(bytes)
}

/** The matched text as pcre2test prints it (pchars). */
function printed(bytes, utf) {
  const codes = utf ? [...Buffer.from(bytes).toString('utf8')].map(c => c.codePointAt(0)) : bytes
  let text = ''
  for (const code of codes) {
    if (code >= 32 && code < 127) text += String.fromCharCode(code)
    else if (utf || code >= 0x100) text += `\\x{${code.toString(16).padStart(2, '0')}}`
    else text += `\\x${code.toString(16).padStart(2, '0')}`
  }
  return text
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { module: { type: 'string' }, testdata: { type: 'string' }, out: { type: 'string' } }
  })
  if (!values.module || !values.testdata) {
    console.error('usage: node conformance.mjs --module pcre2.wasm --testdata DIR [--out FILE]')
    process.exit(2)
  }
  const { summary, disagreements } = runConformance(readFileSync(values.module), values.testdata)
  for (const [file, counts] of Object.entries(summary)) {
    console.log(
      `pcre2: ${file}: ${counts.subjects} subjects agree (${counts.matched} match, ${counts.notMatched} no match) over ${counts.patterns} patterns; left out ${counts.patternsLeftOut} patterns and ${counts.subjectsLeftOut} subjects`
    )
  }
  if (values.out) writeFileSync(values.out, JSON.stringify(summary, null, 2) + '\n')
  if (disagreements.length > 0) {
    console.error(disagreements.slice(0, 50).join('\n'))
    console.error(`pcre2: ${disagreements.length} disagreement(s) with PCRE2's test data`)
    process.exit(1)
  }
}
