/**
 * The content proof's reading of a page: its body, decoded, scanned for the builds that prove it
 * (this run's, and a newer one that holds it once known) as it arrives, stopping at the first
 * match or at MAX_CONTENT_BYTES. What it found is a value the judge reads
 * (found, not found, or not read and why); the judge itself never reads a body.
 */
import type { Readable } from 'node:stream'
import type { BuildId } from './build-id.js'
import { BuildScanner } from './build-scanner.js'
import { BodyReadError, readBody } from '../http/read-body.js'

/** How much of a page's decoded body is searched for the build. */
export const MAX_CONTENT_BYTES = 2 * 1024 * 1024

export type ContentEvidence =
  /** The body shows the build. */
  | { readonly kind: 'found' }
  /** Read to its end (or to the cap, `capped`) without the build. */
  | { readonly kind: 'not-found'; readonly bytes: number; readonly capped: boolean }
  /** The body could not be read as far as needed: why, in words. */
  | { readonly kind: 'not-read'; readonly reason: string }

export interface ScanOptions {
  readonly contentEncoding: string | undefined
  readonly maxBytes?: number
  /** Raw bytes drained after the reading stopped early, so that the connection can be kept. */
  readonly maxDrainBytes: number
  /**
   * Another reader of the same decoded chunks (the asset references): the body is then read to
   * its end (or the cap), not only until the build shows.
   */
  readonly alsoRead?: (chunk: Buffer) => void
  /** With `alsoRead`: told why, when the body was not read to its end (the cap, a break). */
  readonly onCut?: (why: string) => void
}

/** Why a body was read only to MAX_CONTENT_BYTES, in the words every reader of it uses. */
export function cutAtCapWords(maxBytes = MAX_CONTENT_BYTES): string {
  return `the body is larger than ${maxBytes / (1024 * 1024)} MiB, the most that is read`
}

export async function scanBodyForBuild(
  body: Readable,
  builds: readonly BuildId[],
  options: ScanOptions
): Promise<ContentEvidence> {
  const scanners = builds.map(build => new BuildScanner(build))
  const push = (chunk: Buffer): boolean => {
    let found = false
    for (const scanner of scanners) found = scanner.push(chunk) || found
    return found
  }
  const found = (): boolean => scanners.some(scanner => scanner.found)
  const { alsoRead } = options
  try {
    const read = await readBody(body, {
      contentEncoding: options.contentEncoding,
      maxBytes: options.maxBytes ?? MAX_CONTENT_BYTES,
      maxDrainBytes: options.maxDrainBytes,
      onChunk:
        alsoRead === undefined
          ? push
          : chunk => {
              push(chunk)
              alsoRead(chunk)
              return false
            }
    })
    if (read.end === 'cap') options.onCut?.(cutAtCapWords(options.maxBytes))
    if (read.end === 'enough' || found()) return { kind: 'found' }
    // A hex run at the very end of the body is whole only now.
    if (read.end === 'end' && scanners.map(scanner => scanner.end()).some(Boolean)) {
      return { kind: 'found' }
    }
    return { kind: 'not-found', bytes: read.bytes, capped: read.end === 'cap' }
  } catch (error) {
    if (!(error instanceof BodyReadError)) throw error
    options.onCut?.(error.message)
    // Seen before the body broke off: the build is there, whatever came after.
    if (found()) return { kind: 'found' }
    return { kind: 'not-read', reason: error.message }
  }
}
