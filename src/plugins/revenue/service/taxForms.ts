import type { Payload } from 'payload'

import { env } from '../../../lib/env'
import { base62Id } from '../../../lib/ids'
import { formatUsdMicro, toMicro } from '../../../lib/revenue/money'
import { checkTaxForm, taxFormNeeded, taxThresholdMicro, taxYearOf, type TaxFormInput } from '../../../lib/revenue/taxForm'
import { db, inTransaction, sql, type Tx } from './db'
import { RevenueError } from './errors'

/*
 * The yearly tax form (issue 30; src/lib/revenue/taxForm.ts): once a calendar year's withdrawals
 * (in transit or paid; failed, cancelled and returned ones gave the money back) would reach
 * REVENUE_TAX_FORM_THRESHOLD, a withdrawal needs the year's form on file. Only the form's minimum is
 * stored (`revenue-tax-forms`): legal name, country, id type, the id's last four, signing date.
 */

export const taxThreshold = (): bigint => taxThresholdMicro(env.revenueTaxFormThresholdUsd())

const yearStart = (year: number) => new Date(Date.UTC(year, 0, 1))

/** What a user has withdrawn in a calendar year (UTC): the gross of withdrawals in transit or paid. */
export async function withdrawnInYear(tx: Pick<Tx, 'one'>, userId: string, year: number): Promise<bigint> {
  const row = await tx.one<{ total: string }>(sql`
    SELECT COALESCE(sum(gross), 0)::bigint::text AS total FROM withdrawals
    WHERE user_id = ${userId} AND status IN ('inTransit', 'succeeded') AND created_at >= ${yearStart(year)} AND created_at < ${yearStart(year + 1)}`)
  return toMicro(row?.total)
}

export type TaxFormOnFile = TaxFormInput & { year: number }

export async function taxFormIn(tx: Pick<Tx, 'one'>, userId: string, year: number): Promise<TaxFormOnFile | null> {
  const row = await tx.one<{ year: number; legal_name: string; country: string; tax_id_type: TaxFormInput['taxIdType']; tax_id_last4: string; signed_on: string | Date }>(sql`
    SELECT year, legal_name, country, tax_id_type, tax_id_last4, signed_on FROM revenue_tax_forms WHERE user_id = ${userId} AND year = ${year}`)
  if (!row) return null
  return { year: Number(row.year), legalName: row.legal_name, country: row.country, taxIdType: row.tax_id_type, taxIdLast4: row.tax_id_last4, signedOn: new Date(row.signed_on).toISOString().slice(0, 10) }
}

/** The message of a withdrawal refused for want of the year's form. */
export const taxFormMessage = (threshold: bigint, year: number): string =>
  `Withdrawals of ${formatUsdMicro(threshold)} or more in ${year} need a tax form: fill in the tax form below and confirm again.`

/** Refuses (RevenueError) a withdrawal of `gross` that would reach the year's threshold without the year's form on file. */
export async function assertTaxForm(tx: Tx, userId: string, gross: bigint, now: Date = new Date()): Promise<void> {
  const year = taxYearOf(now)
  const threshold = taxThreshold()
  if (!taxFormNeeded(await withdrawnInYear(tx, userId, year), gross, threshold)) return
  if (!(await taxFormIn(tx, userId, year))) throw new RevenueError(taxFormMessage(threshold, year))
}

/**
 * Records the user's tax form for this year (a second one the same year replaces it). The fields are
 * checked again here; the taxpayer id arrives as its last four characters only.
 */
export async function recordTaxForm(payload: Payload, userId: string, raw: Parameters<typeof checkTaxForm>[0], now: Date = new Date()): Promise<TaxFormOnFile> {
  const checked = checkTaxForm(raw, now)
  if (!checked.ok) throw new RevenueError(`The tax form’s ${FIELD_NAMES[checked.field]} is missing or not valid.`)
  const { form } = checked
  const year = taxYearOf(now)
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`
      INSERT INTO revenue_tax_forms (id, user_id, year, legal_name, country, tax_id_type, tax_id_last4, signed_on, updated_at, created_at)
      VALUES (${base62Id()}, ${userId}, ${year}, ${form.legalName}, ${form.country}, ${form.taxIdType}, ${form.taxIdLast4}, ${`${form.signedOn}T00:00:00.000Z`}, now(), now())
      ON CONFLICT (user_id, year) DO UPDATE SET legal_name = EXCLUDED.legal_name, country = EXCLUDED.country, tax_id_type = EXCLUDED.tax_id_type,
        tax_id_last4 = EXCLUDED.tax_id_last4, signed_on = EXCLUDED.signed_on, updated_at = now()`)
  })
  return { ...form, year }
}

const FIELD_NAMES = { legalName: 'legal name', country: 'country', taxIdType: 'taxpayer id type', taxIdLast4: 'last four characters of the taxpayer id', signedOn: 'signing date' } as const

export type TaxStatus = { year: number; threshold: bigint; withdrawn: bigint; onFile: TaxFormOnFile | null }

/** Where the user stands this year: what they withdrew, the threshold, and the form on file (the withdraw page). */
export async function taxStatusOf(payload: Payload, userId: string, now: Date = new Date()): Promise<TaxStatus> {
  const year = taxYearOf(now)
  const [withdrawn, onFile] = await Promise.all([withdrawnInYear(db(payload), userId, year), taxFormIn(db(payload), userId, year)])
  return { year, threshold: taxThreshold(), withdrawn, onFile }
}
