/**
 * Everything the changed-files feature adds to a run, except the GitHub client: one module, so
 * that the entry and the input parser load it as one chunk, on demand (a plain purge never does).
 */
export { parseChangedFilesSettings } from './settings.js'
export { decideChangeSource } from './event-rules.js'
export { mapChangedFiles } from './url-map/mapping.js'
