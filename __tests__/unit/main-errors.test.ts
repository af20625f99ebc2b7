/**
 * An unexpected error (a bug, something nobody foresaw) still ends the run the documented way:
 * status=failed, a summary, one error.
 */
import { afterEach, beforeEach, expect, it } from '@jest/globals'
import { ActionIo } from '../../src/action/action-io.js'
import { run } from '../../src/main.js'

class RecordingIo extends ActionIo {
  readonly outputs: Record<string, string> = {}
  readonly summaries: string[] = []
  readonly failures: string[] = []
  override protectSecrets(): void {}
  override info(): void {}
  override notice(): void {}
  override group(): void {
    throw new RangeError('Maximum call stack size exceeded')
  }
  override setOutputs(outputs: Readonly<Record<string, string>>): void {
    Object.assign(this.outputs, outputs)
  }
  override async writeSummary(html: string): Promise<void> {
    this.summaries.push(html)
  }
  override setFailed(message: string): void {
    this.failures.push(message)
  }
}

const saved = { ...process.env }
beforeEach(() => {
  process.env['INPUT_API_KEY'] = 'k'
  process.env['INPUT_BASE_URL'] = 'https://purge.example.com'
  process.env['INPUT_TAGS'] = 'a'
  process.env['INPUT_DRY_RUN'] = 'true'
})
afterEach(() => {
  process.env = { ...saved }
})

it('an unexpected error sets status=failed, writes a summary and fails once', async () => {
  const io = new RecordingIo()
  await run(io)
  expect(io.outputs['status']).toBe('failed')
  expect(io.summaries).toHaveLength(1)
  expect(io.summaries[0]).toContain('Maximum call stack size exceeded')
  expect(io.failures).toEqual(['Unexpected error: Maximum call stack size exceeded'])
})
