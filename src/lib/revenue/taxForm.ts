import { centsToMicro } from './money'

/** U+0000–U+001F and U+007F (Postgres refuses NUL in text; none belongs in a name). */
const hasControlCharacters = (value: string): boolean => [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)

/**
 * The yearly tax form (issue 30; billing-notes.md: Modrinth and CurseForge ask for one once a
 * calendar year's withdrawals reach a threshold — $600 for 2025). Only what identifies the form is
 * kept: the legal name, the country, the kind of taxpayer id and its last four characters (never the
 * whole id) and the date it was signed. Pure rules, shared by the withdraw form and the service.
 */
export const TAX_ID_TYPES = ['ssn', 'itin', 'ein', 'foreign'] as const
export type TaxIdType = (typeof TAX_ID_TYPES)[number]
export const isTaxIdType = (value: unknown): value is TaxIdType => typeof value === 'string' && (TAX_ID_TYPES as readonly string[]).includes(value)

/** ISO 3166-1 alpha-2. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN ' +
  'CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
  'VN VU WF WS YE YT ZA ZM ZW'
).split(' ')
export const isCountryCode = (value: unknown): value is string => typeof value === 'string' && COUNTRY_CODES.includes(value)

/** The default threshold: $600 of withdrawals in a calendar year (REVENUE_TAX_FORM_THRESHOLD, in whole dollars). */
export const DEFAULT_TAX_FORM_THRESHOLD_USD = 600
export const taxThresholdMicro = (dollars: number): bigint => centsToMicro(BigInt(dollars) * 100n)

/** Whether a withdrawal of `gross` makes the year's withdrawals reach the threshold (all in micro-units). */
export const taxFormNeeded = (withdrawnThisYear: bigint, gross: bigint, threshold: bigint): boolean => withdrawnThisYear + gross >= threshold

/** The calendar year (UTC) a moment falls in: the year whose withdrawals it counts toward. */
export const taxYearOf = (at: Date): number => at.getUTCFullYear()

export type TaxFormInput = { legalName: string; country: string; taxIdType: TaxIdType; taxIdLast4: string; signedOn: string }
export type TaxFormRefusal = 'legalName' | 'country' | 'taxIdType' | 'taxIdLast4' | 'signedOn'

const LAST4 = /^[0-9A-Z]{4}$/
const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * The form's fields checked and normalised, or the first field that is wrong. The taxpayer id comes
 * as its last four characters only: anything longer is refused rather than cut (it would mean the
 * whole id was typed and sent).
 */
export function checkTaxForm(raw: { legalName?: unknown; country?: unknown; taxIdType?: unknown; taxIdLast4?: unknown; signedOn?: unknown }, today: Date = new Date()): { ok: true; form: TaxFormInput } | { ok: false; field: TaxFormRefusal } {
  const legalName = typeof raw.legalName === 'string' ? raw.legalName.trim().replace(/\s+/g, ' ') : ''
  if (legalName.length < 2 || legalName.length > 200 || hasControlCharacters(legalName)) return { ok: false, field: 'legalName' }
  const country = typeof raw.country === 'string' ? raw.country.trim().toUpperCase() : ''
  if (!isCountryCode(country)) return { ok: false, field: 'country' }
  if (!isTaxIdType(raw.taxIdType)) return { ok: false, field: 'taxIdType' }
  const taxIdLast4 = typeof raw.taxIdLast4 === 'string' ? raw.taxIdLast4.replace(/[\s-]/g, '').toUpperCase() : ''
  if (!LAST4.test(taxIdLast4)) return { ok: false, field: 'taxIdLast4' }
  const signedOn = typeof raw.signedOn === 'string' ? raw.signedOn.trim() : ''
  const signed = DAY.test(signedOn) ? new Date(`${signedOn}T00:00:00.000Z`) : null
  // Signed on a real day, this year, not in the future.
  if (!signed || Number.isNaN(signed.getTime()) || signed.toISOString().slice(0, 10) !== signedOn || signed.getTime() > today.getTime() || signed.getUTCFullYear() !== taxYearOf(today)) {
    return { ok: false, field: 'signedOn' }
  }
  return { ok: true, form: { legalName, country, taxIdType: raw.taxIdType, taxIdLast4, signedOn } }
}
