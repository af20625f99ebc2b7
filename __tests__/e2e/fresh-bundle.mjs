/**
 * The end-to-end project's global set-up: the tests run dist/, so a dist/ built from other
 * sources than the tree holds (a change to src/ not bundled yet) stops them before they start,
 * with the command that mends it, instead of passing on the old bundle.
 */
import { bundleStaleness } from '../../scripts/bundle-sources.mjs'
import { REPO_ROOT } from '../../scripts/run-action.mjs'

export default function freshBundle() {
  const problem = bundleStaleness(REPO_ROOT)
  if (problem !== undefined) throw new Error(problem)
}
