/**
 * pr_comment and commit_status through the whole input parser: off by default, on with the
 * token they write with, each problem naming the input and quoting the value, and a missing
 * github_token said once even when changed_files reads it too.
 */
import { describe, expect, it } from '@jest/globals'
import { Input, type InputName } from '../../src/core/constants.js'
import { formatProblem } from '../../src/core/diagnostics.js'
import { parseInputs, type RawInputs } from '../../src/plan/settings.js'

function raw(given: Partial<Record<InputName, string>>): RawInputs {
  const all = Object.fromEntries(Object.values(Input).map(name => [name, ''])) as Record<
    InputName,
    string
  >
  return {
    ...all,
    api_key: 'k3y',
    base_url: 'https://api.example.com',
    tags: 'blog',
    github_token: 'ghs_token',
    ...given
  }
}

async function parse(given: Partial<Record<InputName, string>>) {
  const { settings, diagnostics } = await parseInputs(raw(given))
  return { settings, problems: diagnostics.problems.map(problem => formatProblem(problem)) }
}

describe('pr_comment and commit_status', () => {
  it('are off by default: nothing is written on GitHub', async () => {
    const { settings } = await parse({})
    expect(settings?.publish).toBeUndefined()
  })

  it('pr_comment: true writes the comment with github_token', async () => {
    const { settings } = await parse({ pr_comment: 'true' })
    expect(settings?.publish).toEqual({ prComment: true, token: 'ghs_token' })
  })

  it('commit_status names the status context, trimmed', async () => {
    const { settings } = await parse({ commit_status: '  cache/edge ' })
    expect(settings?.publish).toEqual({
      prComment: false,
      commitStatus: 'cache/edge',
      token: 'ghs_token'
    })
  })

  it('refuses a pr_comment that is not a boolean', async () => {
    const { settings, problems } = await parse({ pr_comment: 'yes please' })
    expect(settings).toBeUndefined()
    expect(problems).toEqual([expect.stringMatching(/pr_comment.*"yes please".*true or false/)])
  })

  it('refuses a context of several lines or over 255 characters', async () => {
    for (const context of ['cache\nedge', 'c'.repeat(256)]) {
      const { settings, problems } = await parse({ commit_status: context })
      expect(settings).toBeUndefined()
      expect(problems).toEqual([expect.stringMatching(/commit_status.*status context/)])
    }
  })

  it('needs github_token, and names the permissions to give it', async () => {
    const { settings, problems } = await parse({
      pr_comment: 'true',
      commit_status: 'cache/edge',
      github_token: ''
    })
    expect(settings).toBeUndefined()
    expect(problems).toEqual([
      expect.stringContaining(
        'is required with pr_comment: true and commit_status (the default is ${{ github.token }}; it needs pull-requests: write and statuses: write)'
      )
    ])
  })

  it('says a missing github_token once when changed_files needs it too', async () => {
    const { problems } = await parse({
      pr_comment: 'true',
      changed_files: 'true',
      github_token: ''
    })
    expect(problems.filter(problem => problem.includes('github_token'))).toHaveLength(1)
  })
})
