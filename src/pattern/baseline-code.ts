/**
 * Runs synchronous work on V8's baseline WebAssembly code. The match-all guard calls PCRE2's
 * match() (one 80 KB WebAssembly function) on every test path; that uses up V8's budget for
 * optimizing it, and V8 then compiles it again on a background thread: 80 to 240 ms of CPU
 * that a short run (a dry run) waits for at exit, whatever ends the process (process.exit()
 * waits too). V8 does not optimize WebAssembly while its debugger is enabled, so the probes run
 * with an in-process inspector session (no port, no client, no breakpoint, nothing else runs
 * meanwhile: the work is synchronous). Afterwards V8 tiers up as before, so a long run (a
 * sitemap's million paths) still gets the optimized code. Without the inspector (a Node built
 * without it, the permission model) the work just runs. Measured in docs/benchmarks.md.
 */
import type { Session } from 'node:inspector'

export function onBaselineCode<T>(work: () => T): T {
  let session: Session | undefined
  try {
    const inspector = process.getBuiltinModule('node:inspector')
    session = new inspector.Session()
    session.connect()
    session.post('Debugger.enable')
  } catch {
    session?.disconnect()
    session = undefined
  }
  try {
    return work()
  } finally {
    session?.disconnect()
  }
}
