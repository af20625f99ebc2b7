/**
 * Part of `npm run bundle`, after each minified ncc build: puts back the parentheses around each
 * module factory of the bundle's module table, which the minifier drops.
 *
 * ncc writes every module as a function in one table, `var t={770:(e,t,A)=>{…},…}`, called when
 * the module is first imported. Unminified, each is wrapped in parentheses, `770:((e,t,A)=>{…})`,
 * and V8 compiles a parenthesized function with the script, in the same pass that reads it. The
 * minifier removes them as redundant, so V8 only pre-parses each factory with the script and parses
 * it again, fully, when the module is imported: every module the action loads is read twice.
 * Measured on the action's runtime, Node 24 (docs/benchmarks.md), that second pass was 7% of a
 * plain dry run's cold start; on Node 20, about 1%. The parentheses change nothing else: a
 * parenthesized function expression is the same function.
 *
 * scripts/finish-bundle.mjs runs it.
 */
import { parseBundle, walk } from './bundle-ast.mjs'

/**
 * The bundle's text with each factory of its module tables in parentheses. A module table is an
 * object of three or more properties, each a numeric module id and a function.
 * @param {string} text
 * @returns {{ text: string, factories: number }}
 */
export function parenthesizeFactories(text) {
  /** @type {{ start: number, end: number }[]} */
  const factories = []
  walk(parseBundle(text), node => {
    if (!isModuleTable(node)) return
    for (const { value } of node.properties) {
      // Already in parentheses (unminified output): the source around it says so.
      if (text[value.start - 1] !== '(' || text[value.end] !== ')') factories.push(value)
    }
  })
  let result = text
  // From the end, so that each insertion leaves the offsets before it as they were.
  for (const { start, end } of factories.sort((a, b) => b.start - a.start)) {
    result = `${result.slice(0, start)}(${result.slice(start, end)})${result.slice(end)}`
  }
  return { text: result, factories: factories.length }
}

/** @param {any} node */
function isModuleTable(node) {
  return (
    node.type === 'ObjectExpression' &&
    node.properties.length >= 3 &&
    node.properties.every(
      (/** @type {any} */ property) =>
        property.type === 'Property' &&
        !property.computed &&
        property.key.type === 'Literal' &&
        typeof property.key.value === 'number' &&
        (property.value.type === 'ArrowFunctionExpression' ||
          property.value.type === 'FunctionExpression')
    )
  )
}
