/**
 * The `country` input: which country's cached copies each purge removes, on sites that use
 * the service's "Cache By Country". A typo here would silently purge nothing, so codes are
 * checked against ISO 3166-1 alpha-2 rather than only their shape.
 */
import type { Diagnostics } from './diagnostics.js'
import { Input } from './constants.js'
import { splitList } from './lists.js'

/** The literal the service takes for "every country". */
export const ALL_COUNTRIES = 'ALL'

// The 249 officially assigned ISO 3166-1 alpha-2 codes, plus XK (Kosovo): user-assigned in
// the standard, but what geolocation databases, and so country-keyed caches, report.
const ASSIGNED_CODES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE ' +
    'BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD ' +
    'CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM ' +
    'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF ' +
    'GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ' +
    'ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
    'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME ' +
    'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
    'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
    'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI ' +
    'SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK ' +
    'TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
    'VN VU WF WS YE YT ZA ZM ZW XK'
  ).split(' ')
)

/** Codes people write that ISO reserves for something else. */
const LIKELY_MEANT: Readonly<Record<string, string>> = {
  UK: 'GB',
  EL: 'GR',
  EU: 'one code per country'
}

/**
 * Parses the country list: codes in any case (sent upper case), or ALL alone.
 * An empty input means no `country` field is sent at all.
 */
export function parseCountries(raw: string, diag: Diagnostics): string[] {
  const entries = splitList(Input.Country, raw, { commas: true, item: 'country code' }, diag) ?? []
  const codes = [...new Set(entries.map(entry => entry.toUpperCase()))]
  if (codes.includes(ALL_COUNTRIES) && codes.length > 1) {
    diag.problem(
      Input.Country,
      raw.trim(),
      `${ALL_COUNTRIES} already covers every country and must stand alone`
    )
    return []
  }
  return codes.filter(code => isValidCountry(code, diag))
}

function isValidCountry(code: string, diag: Diagnostics): boolean {
  if (code === ALL_COUNTRIES || ASSIGNED_CODES.has(code)) return true
  const hint = LIKELY_MEANT[code]
  const reason = /^[A-Z]{2}$/.test(code)
    ? `is not an assigned ISO 3166-1 alpha-2 country code${hint ? ` (did you mean ${hint}?)` : ''}`
    : `must be an ISO 3166-1 alpha-2 country code (two letters, e.g. IT) or ${ALL_COUNTRIES}${separatedCodesHint(code)}`
  diag.problem(Input.Country, code, reason)
  return false
}

/**
 * `IT FR` (or `IT;FR`, `IT|FR`): codes that only lack commas between them. The advice is one
 * line, as a workflow_dispatch form field takes it.
 */
function separatedCodesHint(code: string): string {
  const parts = code.split(/[\s;|/]+/)
  if (parts.length < 2 || !parts.every(part => /^[A-Z]{2}$/.test(part))) return ''
  return `; to purge several countries, separate the codes with commas: \`${Input.Country}: ${parts.join(', ')}\``
}
