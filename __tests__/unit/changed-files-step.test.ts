/**
 * The changed-files step over a reader of its own: what the reader tells of the files the range
 * deleted reaches the run's report, where the comment and the summary read it.
 */
import { describe, expect, it, jest } from '@jest/globals'
import type { ChangeListing, ChangeReader } from '../../src/changed-files/change-reader.js'
import { parseUrlMap } from '../../src/changed-files/url-map/parse.js'
import type { ChangedFilesSettings } from '../../src/changed-files/settings.js'
import { Diagnostics } from '../../src/core/diagnostics.js'
import { findChangedFiles } from '../../src/steps/changed-files.js'
import type { StepIo } from '../../src/steps/io.js'
import { systemClock } from '../../src/time/clock.js'

function settings(): ChangedFilesSettings {
  const urlMap = parseUrlMap('content/{page}.md -> /{page}', new Diagnostics())
  if (urlMap === undefined) throw new Error('bad url_map')
  return { urlMap, token: 'unused' }
}

function ioListing(listing: ChangeListing): StepIo {
  const reader: ChangeReader = {
    kind: 'git',
    trigger: 'test',
    plan: async () => ({ description: listing.description, list: async () => listing })
  }
  const quiet = (): void => undefined
  return {
    clock: systemClock,
    info: quiet,
    notice: quiet,
    warning: quiet,
    error: quiet,
    remarks: quiet,
    group: quiet,
    setOutputs: quiet,
    setListOutputs: jest.fn(),
    setFailed: quiet,
    failWithErrors: quiet,
    context: () => {
      throw new Error('not read by this step')
    },
    changeReader: () => reader
  }
}

describe('the changed-files step', () => {
  it('reports the files the reader says the range deleted', async () => {
    const step = await findChangedFiles(
      settings(),
      ioListing({
        files: ['content/about.md', 'content/old-page.md'],
        gone: ['content/old-page.md'],
        description: 'base...head',
        notices: [],
        warnings: [],
        readWith: 'git diff'
      })
    )
    expect(step.kind).toBe('found')
    if (step.kind !== 'found') return
    expect(step.report.gone).toEqual(['content/old-page.md'])
    expect(step.report.mapping.files.map(file => file.path)).toEqual([
      'content/about.md',
      'content/old-page.md'
    ])
  })
})
