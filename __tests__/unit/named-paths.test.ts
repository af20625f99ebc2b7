/**
 * The docs and the code's comments name only files that exist (scripts/check-named-paths.mjs):
 * the repository as it is, and the rules on small made-up trees, each of which must catch a
 * name it is there to catch.
 */
import { describe, expect, it } from '@jest/globals'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  checkRepository,
  commentsOf,
  danglingNames,
  treeOf
} from '../../scripts/check-named-paths.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

const tree = treeOf([
  'README.md',
  'bench/README.md',
  'docs/verify.md',
  'scripts/pack.mjs',
  'src/verify/judge.ts',
  'src/text/redact.ts',
  '__tests__/unit/a.test.ts'
])

describe('the repository', () => {
  it('names no file that does not exist, in its docs or its comments', () => {
    expect(checkRepository(ROOT)).toEqual([])
  })
})

describe('names in prose', () => {
  it('are checked from the root, and links from the document’s folder', () => {
    const text = [
      'See `src/verify/judge.ts` and [the bench](../bench/README.md).',
      'Moved: `src/verify/clock.ts`, [gone](../bench/old.md), `scripts/finish-bundle.mjs`.'
    ].join('\n')
    expect(danglingNames('docs/verify.md', text, tree)).toEqual([
      'src/verify/clock.ts',
      '../bench/old.md',
      'scripts/finish-bundle.mjs'
    ])
  })

  it('leave a customer’s paths alone: folders this repository does not have, and URLs', () => {
    const text = 'url_map: `docs/guide/install.md`, `./deploy.sh`, https://example.com/src/x.ts'
    expect(danglingNames('docs/verify.md', text, tree)).toEqual([])
  })
})

describe('names in code', () => {
  it('are read in comments only, from src/ for a module path, anywhere for a bare name', () => {
    const text = [
      "const example = 'src/app.ts' // the judge: verify/judge.ts, then verify/tag-trace.ts",
      '/** Redacted by redact.ts, written by github-client.ts (see ../../src/text/redact.js). */',
      "import { x } from '../../src/gone.js'"
    ].join('\n')
    expect(danglingNames('__tests__/unit/a.test.ts', text, tree)).toEqual([
      'verify/tag-trace.ts',
      'github-client.ts'
    ])
  })

  it('in shell scripts are the # comments', () => {
    expect(
      commentsOf('.ci/run', '#!/usr/bin/env bash\n# runs scripts/x.mjs\necho "#no"\n')
    ).toEqual(['# runs scripts/x.mjs'])
  })
})
