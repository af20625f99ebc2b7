/**
 * The emulator's CLI on a port that is taken: one line naming the port and the flag that chooses
 * another, a non-zero exit, no stack trace.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import { fileURLToPath } from 'node:url'

const CLI = fileURLToPath(new URL('../../emulator/cli.mjs', import.meta.url))

let busy: Server
let busyPort: number
beforeAll(async () => {
  busy = createServer((_, res) => res.end())
  busy.listen(0, '127.0.0.1')
  await once(busy, 'listening')
  const address = busy.address()
  busyPort = typeof address === 'object' && address !== null ? address.port : 0
})
afterAll(async () => {
  busy.close()
  await once(busy, 'close')
})

async function runCli(args: string[]) {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', chunk => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk))
  const timer = setTimeout(() => child.kill('SIGTERM'), 10_000)
  const [code] = (await once(child, 'exit')) as [number | null]
  clearTimeout(timer)
  return { code, stdout, stderr }
}

describe('the emulator CLI on a busy port', () => {
  it('--port in use: one line naming the port and --port, exit 1, no stack trace', async () => {
    const { code, stdout, stderr } = await runCli(['--port', String(busyPort), '--seed-site'])
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toBe(
      `emulator: port ${busyPort} on 127.0.0.1 is already in use (--port); choose another with --port N, or --port 0 for any free port.\n`
    )
  })

  it('--port and --site-port the same: names both, not "in use", exit 2', async () => {
    const { code, stdout, stderr } = await runCli(['--port', '45123', '--site-port', '45123'])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr.split('\n')[0]).toBe(
      '--port and --site-port are both 45123: each listener needs its own port (or 0 for any free port)'
    )
  })

  it('--site-port in use: names --site-port', async () => {
    const { code, stderr } = await runCli(['--port', '0', '--site-port', String(busyPort)])
    expect(code).toBe(1)
    expect(stderr.trim().split('\n')).toEqual([
      `emulator: port ${busyPort} on 127.0.0.1 is already in use (--site-port); choose another with --site-port N, or --site-port 0 for any free port.`
    ])
  })
})
