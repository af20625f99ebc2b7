/**
 * Reading a bundle as a program, for the passes of scripts/finish-bundle.mjs: acorn's parse, as
 * the bundles are written (the latest syntax, an ES module), and a walk over every node.
 */
import { parse } from 'acorn'

/**
 * @param {string} text
 * @param {any[]} [comments] filled with the comments, when given
 * @returns {any} the program's tree
 */
export function parseBundle(text, comments) {
  return parse(text, {
    ecmaVersion: 'latest',
    sourceType: 'module',
    ...(comments && { onComment: comments })
  })
}

/**
 * Calls `visit` on every node of the tree, a parent before its children.
 * @param {any} node @param {(node: any, parent: any) => void} visit @param {any} [parent]
 */
export function walk(node, visit, parent = undefined) {
  if (node === null || typeof node !== 'object') return
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit, parent)
    return
  }
  if (typeof node.type !== 'string') return
  visit(node, parent)
  for (const key of Object.keys(node)) if (key !== 'type') walk(node[key], visit, node)
}
