/**
 * The toolkit I/O floor for the cold-start benchmark: the toolkit floor (index.ts) plus what
 * the action's plain dry run does through the toolkit, and none of its own logic. It reads every
 * input, masks the key and the token, prints the dry run's log lines (a group with the plan's
 * one line, two lines after it), sets each of the action's outputs and appends a summary of
 * about the dry run's size. bench/cold-start.mjs checks that it prints as many lines and sets as
 * many outputs as the dry run beside it, so that what lies between the two is the action's own
 * work: reading and checking the inputs, the plan, the redactor, rendering the summary.
 */
import * as core from '@actions/core'
import { HttpClient } from '@actions/http-client'
import { appendFileSync } from 'node:fs'
import { EOL } from 'node:os'
import { Input } from '../../src/core/constants.js'
import { OUTPUT_DEFAULTS } from '../../src/report/output-defaults.js'

const inputs = new Map(
  Object.values(Input).map(name => [name, core.getInput(name, { trimWhitespace: false })])
)
core.setSecret(inputs.get(Input.ApiKey) ?? '')
core.setSecret(inputs.get(Input.GithubToken) ?? '')
const client = new HttpClient('bench-floor')
const urls = core.getMultilineInput(Input.Urls)
core.startGroup('Plan: 1 request(s)')
core.info(`#1 POST url ${JSON.stringify({ url: urls })}`)
core.endGroup()
core.info('Dry run: nothing was sent.')
for (const [name, value] of Object.entries(OUTPUT_DEFAULTS)) core.setOutput(name, value)
const summary = `<h2>Cache purge: dry run</h2>\n<p>${urls.length} URLs in 1 request, nothing sent.</p>\n<table><tr><th>#</th><th>kind</th><th>targets</th></tr><tr><td>1</td><td>url</td><td>${urls.map(url => `<code>${url}</code>`).join(' ')}</td></tr></table>\n`
const summaryPath = process.env['GITHUB_STEP_SUMMARY']
if (summaryPath) appendFileSync(summaryPath, `${summary.repeat(2)}${EOL}`, 'utf8')
core.info(`Cache purge: dry run: ${urls.length} URLs in 1 request, nothing sent`)
client.dispose()
