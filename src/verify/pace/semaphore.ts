/**
 * The requests in flight: the Semaphore every parallel sender shares, with the push-back rule
 * over it, lives in http/in-flight.ts (the purge sender uses it too). Kept here so that the
 * verification's modules import it where they always did.
 */
export { Semaphore } from '../../http/in-flight.js'
