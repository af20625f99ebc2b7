/**
 * The Semaphore that bounds the verification's requests in flight, from http/in-flight.ts, where
 * the purge sender takes it too.
 */
export { Semaphore } from '../../http/in-flight.js'
