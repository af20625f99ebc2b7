/**
 * scripts/eager-factories.mjs, the bundle step that puts back the parentheses the minifier drops
 * around each module factory (issue 27: V8 then compiles the factories with the script instead of
 * reading each one twice).
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runInNewContext } from 'node:vm'
import { parenthesizeFactories } from '../../scripts/eager-factories.mjs'
import { finishBundle } from '../../scripts/finish-bundle.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const mend = (text: string): { text: string; factories: number } => parenthesizeFactories(text)

describe('parenthesizeFactories', () => {
  const table =
    'var t={770:(e,t,A)=>{e.exports=A(218)},218:function(e){e.exports={a:1}},9:e=>{e.exports=2}};'

  it('wraps each factory of a module table, arrow or function', () => {
    const { text, factories } = mend(table)
    expect(factories).toBe(3)
    expect(text).toBe(
      'var t={770:((e,t,A)=>{e.exports=A(218)}),218:(function(e){e.exports={a:1}}),9:(e=>{e.exports=2})};'
    )
  })

  it('leaves the functions as they were: each module still exports the same', () => {
    const load = (source: string): unknown =>
      runInNewContext(
        `${source} const cache = {}; const A = id => { const m = { exports: {} }; t[id](m, m.exports, A); return m.exports }; [A(770), A(9)]`
      )
    expect(JSON.stringify(load(mend(table).text))).toBe(JSON.stringify(load(table)))
  })

  it('leaves factories already in parentheses, and objects that are not module tables', () => {
    const unminified = 'var t={1:((e)=>{}),2:((e)=>{}),3:((e)=>{})};'
    expect(mend(unminified)).toEqual({ text: unminified, factories: 0 })
    for (const other of [
      'var o={a:()=>1,b:()=>2,c:()=>3};', // names, not module ids
      'var o={1:()=>1,2:()=>2};', // too small to be a table
      'var o={1:()=>1,2:3,3:()=>3};', // not every value a function
      'var o={[1]:()=>1,[2]:()=>2,[3]:()=>3};' // computed keys
    ]) {
      expect(mend(other)).toEqual({ text: other, factories: 0 })
    }
  })

  it('fails the bundle step when a bundle has no module table: ncc changed, not a silent no-op', () => {
    expect(() => finishBundle("var x = '…'", 'x.js')).toThrow('x.js: no module factory found')
    expect(finishBundle("var t={1:()=>'…',2:()=>2,3:()=>3};", 'y.js')).toBe(
      "var t={1:(()=>'\\u2026'),2:(()=>2),3:(()=>3)};"
    )
  })

  it('finds nothing left to mend in the committed bundles: npm run bundle ran the step', () => {
    for (const bundle of ['dist/index.js', 'dist/cli/index.js']) {
      const text = readFileSync(join(ROOT, bundle), 'utf8')
      expect(mend(text).factories).toBe(0)
      // And the bundle has module tables at all: the check above is not vacuous.
      expect(text).toMatch(/[{,]\d+:\(\(?[\w$,]*\)?=>/)
    }
  })
})
