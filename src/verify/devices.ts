/**
 * The `devices` input: which device types to check and warm. The edge keeps one cache entry
 * per device type and picks it from the User-Agent, so a device is just a name and the exact
 * User-Agent header its requests carry.
 */
import { Input } from '../core/constants.js'
import type { Diagnostics } from '../core/diagnostics.js'
import { splitList } from '../core/lists.js'

export interface Device {
  readonly name: string
  readonly userAgent: string
}

/**
 * Each page on each device, in the order the checks run them (and the looks before the purge
 * read them): a page's devices one after the other.
 */
export function* onEachDevice<Page>(
  pages: Iterable<Page>,
  devices: readonly Device[]
): Generator<{ readonly page: Page; readonly device: Device }> {
  for (const page of pages) for (const device of devices) yield { page, device }
}

/** Current browsers' user agents, one per device type the edge distinguishes. */
export const BUILT_IN_DEVICES: Readonly<Record<string, string>> = {
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  mobile:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  tablet:
    'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  bot: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
}

const DEVICE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/
// Header values cannot hold control characters (a line break would be header injection).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/

/**
 * Parses the input: built-in names separated by commas or newlines, or `NAME=USER AGENT`
 * lines. A custom device takes its own line, because user agents contain commas: everything
 * after the first `=` is the header, exactly. A JSON array, as the other list inputs take, holds
 * one line per item.
 */
export function parseDevices(text: string, diag: Diagnostics): Device[] {
  const devices: Device[] = []
  const add = (device: Device, given: string): void => {
    if (devices.some(known => known.name === device.name)) {
      diag.problem(Input.Devices, given, `names the device '${device.name}' twice`)
      return
    }
    devices.push(device)
  }
  const lines = text.trim().startsWith('[')
    ? (splitList(Input.Devices, text, { commas: false, item: 'device' }, diag) ?? [])
    : text.split(/\r?\n|\r/)
  for (const rawLine of lines) {
    const line = rawLine.trim()
    if (line === '') continue
    const equals = line.indexOf('=')
    if (equals >= 0) {
      const custom = parseCustomDevice(line, equals, diag)
      if (custom) add(custom, line)
      continue
    }
    for (const item of line.split(',')) {
      const name = item.trim().toLowerCase()
      if (name === '') continue
      // Own keys only: 'constructor' is not a device.
      const userAgent = isBuiltIn(name) ? BUILT_IN_DEVICES[name] : undefined
      const words = name.split(/\s+/)
      if (userAgent === undefined && words.length > 1 && words.every(isBuiltIn)) {
        diag.problem(
          Input.Devices,
          item.trim(),
          `names ${words.length} devices separated by spaces; separate them with commas or put one a line: devices: ${words.join(', ')}`
        )
      } else if (userAgent === undefined) {
        diag.problem(
          Input.Devices,
          item.trim(),
          `is not a built-in device (${Object.keys(BUILT_IN_DEVICES).join(', ')}); define your own on a line of its own as NAME=USER AGENT`
        )
      } else {
        add({ name, userAgent }, item.trim())
      }
    }
  }
  if (devices.length === 0 && diag.ok) {
    diag.problem(Input.Devices, text, 'names no device: give at least one, e.g. desktop, mobile')
  }
  return devices
}

/** A second `NAME=` after a comma inside what would be the user agent: `a=UA1, b=UA2`. */
const SECOND_DEVICE = /,\s*[A-Za-z0-9][A-Za-z0-9_.-]*=/

const OWN_LINE =
  'each NAME=USER AGENT goes on its own line (user agents hold commas and spaces, so nothing else may share it); write the list as a block, devices: |'

/**
 * A custom device written after other devices on one line: `desktop, phone=…`, or
 * `desktop phone=…` (the lines of a `devices: >` block folded into one).
 */
function sharesLine(name: string): boolean {
  if (name.includes(',')) return true
  const words = name.split(/\s+/)
  return words.length > 1 && words.slice(0, -1).every(isBuiltIn)
}

function isBuiltIn(word: string): boolean {
  return Object.hasOwn(BUILT_IN_DEVICES, word.toLowerCase())
}

function parseCustomDevice(line: string, equals: number, diag: Diagnostics): Device | undefined {
  const name = line.slice(0, equals).trim()
  const userAgent = line.slice(equals + 1).trim()
  if (sharesLine(name) || SECOND_DEVICE.test(userAgent)) {
    diag.problem(Input.Devices, line, OWN_LINE)
    return undefined
  }
  if (!DEVICE_NAME.test(name)) {
    diag.problem(
      Input.Devices,
      line,
      'a custom device is NAME=USER AGENT, with a NAME of letters, digits, ".", "_" or "-"'
    )
    return undefined
  }
  if (userAgent === '' || CONTROL_CHARACTER.test(userAgent)) {
    diag.problem(
      Input.Devices,
      line,
      'the user agent after "=" must be non-empty text on that one line, without control characters'
    )
    return undefined
  }
  return { name, userAgent }
}
