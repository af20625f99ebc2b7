/**
 * The emulator as `npm start` and `npm run render-summary` run it, so that the pictures in the
 * docs show what the demo does: the small site, an origin on build release-41, purges that take
 * 2 s to reach the edge and renders of 0.5 s (a real service's minutes and seconds, shrunk).
 */
import { startEmulator } from '../emulator/server.mjs'

/** @param {string} apiKey */
export function startDemoEmulator(apiKey) {
  return startEmulator({
    apiKey,
    sitePort: 0,
    originPort: 0,
    build: 'release-41',
    propagationMs: 2000,
    renderMs: 500
  })
}
