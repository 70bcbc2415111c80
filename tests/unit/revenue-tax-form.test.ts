/** The yearly tax form's rules (src/lib/revenue/taxForm.ts): when it is needed, and what of it is kept. */
import { describe, expect, it } from 'vitest'

import { centsToMicro } from '../../src/lib/revenue/money'
import { checkTaxForm, COUNTRY_CODES, taxFormNeeded, taxThresholdMicro, taxYearOf } from '../../src/lib/revenue/taxForm'

const $ = (cents: number) => centsToMicro(cents)
const today = new Date('2026-06-15T12:00:00Z')
const form = { legalName: 'Ada Lovelace', country: 'GB', taxIdType: 'foreign', taxIdLast4: '6789', signedOn: '2026-06-15' }

describe('when a withdrawal needs the year’s form', () => {
  it('once the year’s withdrawals would reach the threshold ($600 by default), not before', () => {
    const threshold = taxThresholdMicro(600)
    expect(threshold).toBe($(60_000))
    expect(taxFormNeeded($(50_000), $(9_999), threshold)).toBe(false)
    expect(taxFormNeeded($(50_000), $(10_000), threshold)).toBe(true)
    expect(taxFormNeeded(0n, $(60_001), threshold)).toBe(true)
    expect(taxFormNeeded(0n, $(1), taxThresholdMicro(0))).toBe(true) // a threshold of 0: always
  })

  it('counts calendar years in UTC', () => {
    expect(taxYearOf(new Date('2026-12-31T23:59:59Z'))).toBe(2026)
    expect(taxYearOf(new Date('2027-01-01T00:00:00Z'))).toBe(2027)
  })
})

describe('checkTaxForm', () => {
  it('normalises a good form: spaces in the name, the country’s case, spaces or dashes in the last four', () => {
    expect(checkTaxForm({ ...form, legalName: '  Ada   Lovelace ', country: 'gb', taxIdLast4: '67-89' }, today)).toEqual({ ok: true, form })
    expect(checkTaxForm({ ...form, taxIdType: 'ssn', country: 'US', taxIdLast4: 'ab12' }, today)).toMatchObject({ ok: true, form: { taxIdLast4: 'AB12' } })
  })

  it('refuses a whole taxpayer id rather than cutting it (only four characters are ever kept)', () => {
    expect(checkTaxForm({ ...form, taxIdLast4: '123-45-6789' }, today)).toEqual({ ok: false, field: 'taxIdLast4' })
    expect(checkTaxForm({ ...form, taxIdLast4: '789' }, today)).toEqual({ ok: false, field: 'taxIdLast4' })
  })

  it('names the first field that is wrong', () => {
    expect(checkTaxForm({ ...form, legalName: 'A' }, today)).toEqual({ ok: false, field: 'legalName' })
    expect(checkTaxForm({ ...form, legalName: 'Ada\u0000' }, today)).toEqual({ ok: false, field: 'legalName' })
    expect(checkTaxForm({ ...form, country: 'XX' }, today)).toEqual({ ok: false, field: 'country' })
    expect(checkTaxForm({ ...form, taxIdType: 'passport' }, today)).toEqual({ ok: false, field: 'taxIdType' })
    expect(checkTaxForm({ ...form, signedOn: '2026-06-16' }, today)).toEqual({ ok: false, field: 'signedOn' }) // the future
    expect(checkTaxForm({ ...form, signedOn: '2025-12-31' }, today)).toEqual({ ok: false, field: 'signedOn' }) // last year
    expect(checkTaxForm({ ...form, signedOn: '2026-02-30' }, today)).toEqual({ ok: false, field: 'signedOn' })
    expect(checkTaxForm({}, today)).toEqual({ ok: false, field: 'legalName' })
  })

  it('knows every ISO 3166-1 alpha-2 country, once', () => {
    expect(COUNTRY_CODES).toHaveLength(249)
    expect(new Set(COUNTRY_CODES).size).toBe(249)
    expect(COUNTRY_CODES).toEqual(expect.arrayContaining(['US', 'GB', 'DE', 'JP', 'BR', 'IN', 'ZW']))
  })
})
