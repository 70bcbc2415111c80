'use client'

import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { useActionState, useEffect, useId, useRef, useState, useTransition } from 'react'

import { FormOutcome } from '@/components/site/FormOutcome'
import { formatMoney, isCurrency } from '@/lib/billing/currency'
import { parseAmount } from '@/lib/billing/parseAmount'
import type { WithdrawPage } from '@/lib/data/revenue'
import { quote, type Quote, type RailName } from '@/lib/revenue/fees'
import { centsToMicro, formatUsdMicro, usdDecimal } from '@/lib/revenue/money'
import { COUNTRY_CODES, TAX_ID_TYPES, taxFormNeeded } from '@/lib/revenue/taxForm'

import { payBlockforgeAction, withdrawAction, type RevenueState } from './actions'

type Method = RailName | 'blockforge'
type Step = 'edit' | 'review'
type TaxFields = { legalName: string; country: string; taxIdType: string; taxIdLast4: string; signedOn: string }

const money = (micro: string | bigint) => formatUsdMicro(BigInt(micro))

/** The amount typed, in micro-units, or why it cannot be read (`parseAmount`'s reasons). */
function amountOf(text: string): { ok: true; micro: bigint } | { ok: false; reason: 'format' | 'precision' | 'zero' | 'tooLarge' | 'empty' } {
  if (!text.trim()) return { ok: false, reason: 'empty' }
  const parsed = parseAmount(text, 'USD')
  return parsed.ok ? { ok: true, micro: centsToMicro(parsed.minor) } : parsed
}

/**
 * /dashboard/revenue/withdraw's form: a payout method (the rails this site offers, and "Pay
 * Blockforge"), where to, how much — with the fee, the minimum and what arrives worked out as the
 * amount is typed (the same `quote` the service checks with) — then a review step that says it all
 * once more before anything moves. The year's tax form appears when this withdrawal would reach
 * the threshold without one on file. Inputs are state: a refused withdrawal keeps them.
 */
export function WithdrawForm({ data }: { data: WithdrawPage }) {
  const t = useTranslations('RevenueForms')
  const id = useId()
  const available = BigInt(data.available)
  const methods: Method[] = [...data.rails.map((r) => r.name), 'blockforge']
  const [method, setMethod] = useState<Method>(methods[0] ?? 'blockforge')
  const [destination, setDestination] = useState('')
  const [amount, setAmount] = useState('')
  const [charge, setCharge] = useState(data.payable[0]?.id ?? '')
  const [tax, setTax] = useState<TaxFields>({ legalName: '', country: '', taxIdType: '', taxIdLast4: '', signedOn: data.today })
  const [step, setStep] = useState<Step>('edit')
  const [withdrawState, withdrawDispatch, withdrawing] = useActionState<RevenueState, FormData>(withdrawAction, {})
  const [payState, payDispatch, paying] = useActionState<RevenueState, FormData>(payBlockforgeAction, {})
  const [, startTransition] = useTransition()
  const confirmRef = useRef<HTMLButtonElement>(null)
  const reviewRef = useRef<HTMLButtonElement>(null)

  const isRail = method !== 'blockforge'
  const rail = isRail ? data.rails.find((r) => r.name === method) : undefined
  const typed = amountOf(amount)
  const q: Quote | null = rail && typed.ok ? quote(rail.name, typed.micro) : null
  const payable = data.payable.find((c) => c.id === charge) ?? null
  const needsTaxForm = !!q?.ok && !data.tax.onFile && taxFormNeeded(BigInt(data.tax.withdrawn), q.gross, BigInt(data.tax.threshold))
  const needsTwoFactor = !!q?.ok && q.gross > BigInt(data.twoFactorAbove) && !data.twoFactorEnabled
  const tooMuch = isRail ? !!q?.ok && q.gross > available : !!payable && BigInt(payable.cost) > available
  const taxComplete = !needsTaxForm || (tax.legalName.trim() && tax.country && tax.taxIdType && /^[0-9A-Za-z]{4}$/.test(tax.taxIdLast4) && tax.signedOn)
  const blocked = data.held || !data.emailVerified
  const ready = !blocked && (isRail ? !!q?.ok && !!destination.trim() && !tooMuch && !needsTwoFactor && !!taxComplete : !!payable && !tooMuch)
  const state = isRail ? withdrawState : payState
  const pending = withdrawing || paying

  // After an answer: back to editing (a refusal keeps every field; a withdrawal done clears the amount).
  // Adjusted while rendering, as the answer arrives, not in an effect.
  const [answeredWithdraw, setAnsweredWithdraw] = useState(withdrawState)
  if (answeredWithdraw !== withdrawState) {
    setAnsweredWithdraw(withdrawState)
    if (withdrawState.at) {
      setStep('edit')
      if (withdrawState.done) setAmount('')
    }
  }
  const [answeredPay, setAnsweredPay] = useState(payState)
  if (answeredPay !== payState) {
    setAnsweredPay(payState)
    if (payState.at) setStep('edit')
  }
  useEffect(() => {
    if (step === 'review') confirmRef.current?.focus()
  }, [step])

  const railLabel = (m: Method) => t(`rails.${m}`)
  const terms = (() => {
    if (!rail) return null
    const bps = BigInt(rail.feeBasisPoints)
    const fee =
      bps === 0n && BigInt(rail.feeMin) === 0n
        ? t('terms.noFee')
        : t('terms.fee', { percent: `${bps / 100n}${bps % 100n ? `.${String(bps % 100n).padStart(2, '0')}` : ''}`, min: money(rail.feeMin), max: rail.feeMax ? money(rail.feeMax) : '—' })
    return t('terms.line', { fee, min: money(rail.min), max: money(rail.max) })
  })()

  const quoteProblem = (): string | null => {
    if (!rail || !typed.ok) return typed.ok || typed.reason === 'empty' ? null : t(`amountErrors.${typed.reason}`)
    if (!q || q.ok) return null
    if (q.refusal === 'belowMinimum') return t('quote.belowMinimum', { min: money(q.min) })
    if (q.refusal === 'aboveMaximum') return t('quote.aboveMaximum', { max: money(q.max) })
    if (q.refusal === 'feeTakesAll') return t('quote.feeTakesAll', { fee: money(q.fee) })
    return t('amountErrors.precision')
  }
  const problem = quoteProblem()

  const submit = () => {
    const form = new FormData()
    if (isRail) {
      form.set('rail', method)
      form.set('destination', destination)
      form.set('amount', amount)
      if (needsTaxForm) {
        form.set('taxLegalName', tax.legalName)
        form.set('taxCountry', tax.country)
        form.set('taxIdType', tax.taxIdType)
        form.set('taxIdLast4', tax.taxIdLast4)
        form.set('taxSignedOn', tax.signedOn)
      }
      startTransition(() => withdrawDispatch(form))
    } else {
      form.set('charge', charge)
      startTransition(() => payDispatch(form))
    }
  }

  const chargeLabel = (c: WithdrawPage['payable'][number]) => {
    const price = isCurrency(c.currency) ? formatMoney(c.amount, c.currency) : money(c.cost)
    return t(c.status === 'failed' ? 'charge.failed' : 'charge.open', { product: c.productName, price, date: c.due.slice(0, 10) })
  }

  const summary = (): string[] => {
    if (isRail && q?.ok) {
      const lines = [t('review.withdraw', { gross: money(q.gross), rail: railLabel(method), destination: destination.trim() }), t('review.fee', { fee: money(q.fee), net: money(q.net) }), t('review.after', { balance: money(available - q.gross) })]
      if (needsTaxForm) lines.push(t('review.taxForm', { year: data.tax.year }))
      if (data.testMode) lines.push(t('review.testMode'))
      return lines
    }
    if (!isRail && payable) return [t('review.pay', { charge: chargeLabel(payable), cost: money(payable.cost) }), t('review.after', { balance: money(available - BigInt(payable.cost)) })]
    return []
  }

  return (
    <form
      className="revenue-withdraw"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault()
        if (step === 'edit') {
          if (ready) setStep('review')
        } else submit()
      }}
    >
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('title')}
      </h2>
      <fieldset className="billing-fieldset" disabled={step === 'review' || pending}>
        <legend className="project-settings__label">{t('method')}</legend>
        <div className="billing-choices">
          {methods.map((m) => {
            const offer = data.rails.find((r) => r.name === m)
            return (
              <label key={m} className="billing-choice">
                <input type="radio" name={`${id}-method`} value={m} checked={method === m} onChange={() => setMethod(m)} />
                <span className="billing-choice__label">{railLabel(m)}</span>
                <span className="billing-choice__detail">{offer ? t(`railHints.${m}`) : t('railHints.blockforge')}</span>
              </label>
            )
          })}
        </div>
      </fieldset>

      {isRail ? (
        <fieldset className="billing-fieldset revenue-withdraw__fields" disabled={step === 'review' || pending}>
          <legend className="visually-hidden">{t('details')}</legend>
          {terms ? <p className="project-settings__hint">{terms}</p> : null}
          <div className="project-settings__field">
            <label htmlFor={`${id}-destination`} className="project-settings__label">
              {t(`destination.${rail?.destination ?? 'email'}`, { rail: railLabel(method) })}
            </label>
            <input id={`${id}-destination`} className="project-settings__input" value={destination} onChange={(e) => setDestination(e.target.value)} autoComplete="email" maxLength={254} required />
            {data.testMode ? <p className="project-settings__hint">{t('destination.testHint')}</p> : null}
          </div>
          <div className="project-settings__field">
            <label htmlFor={`${id}-amount`} className="project-settings__label">
              {t('amount')}
            </label>
            <div className="revenue-withdraw__amount">
              <input
                id={`${id}-amount`}
                className="project-settings__input"
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                aria-describedby={`${id}-quote`}
                placeholder="0.00"
                maxLength={20}
                required
              />
              <button type="button" className="button button--secondary button--small" onClick={() => setAmount(available > 0n ? usdDecimal((available / 10_000n) * 10_000n) : '')}>
                {t('all', { amount: money(available) })}
              </button>
            </div>
          </div>
          <dl id={`${id}-quote`} className="revenue-quote" aria-live="polite" data-testid="withdraw-quote">
            <div>
              <dt>{t('quote.fee')}</dt>
              <dd>{q ? money(q.fee) : '—'}</dd>
            </div>
            <div>
              <dt>{t('quote.minimum')}</dt>
              <dd>{rail ? money(rail.min) : '—'}</dd>
            </div>
            <div>
              <dt>{t('quote.net')}</dt>
              <dd>{q?.ok ? money(q.net) : '—'}</dd>
            </div>
          </dl>
          {problem ? <p className="revenue-withdraw__problem">{problem}</p> : null}
          {tooMuch ? <p className="revenue-withdraw__problem">{t('tooMuch', { available: money(available) })}</p> : null}
          {needsTwoFactor ? (
            <p className="revenue-withdraw__problem">
              {t.rich('twoFactor', { amount: money(data.twoFactorAbove), link: (chunks) => <Link href="/settings/account">{chunks}</Link> })}
            </p>
          ) : null}
          {needsTaxForm ? (
            <fieldset className="billing-fieldset revenue-tax" data-testid="tax-form">
              <legend className="project-settings__label">{t('tax.legend', { year: data.tax.year })}</legend>
              <p className="project-settings__hint">{t('tax.lead', { threshold: money(data.tax.threshold), withdrawn: money(data.tax.withdrawn) })}</p>
              <div className="project-settings__field">
                <label htmlFor={`${id}-tax-name`} className="project-settings__label">
                  {t('tax.legalName')}
                </label>
                <input id={`${id}-tax-name`} className="project-settings__input" value={tax.legalName} onChange={(e) => setTax({ ...tax, legalName: e.target.value })} autoComplete="name" maxLength={200} required />
              </div>
              <div className="project-settings__field">
                <label htmlFor={`${id}-tax-country`} className="project-settings__label">
                  {t('tax.country')}
                </label>
                <select id={`${id}-tax-country`} className="project-settings__input" value={tax.country} onChange={(e) => setTax({ ...tax, country: e.target.value })} required>
                  <option value="">{t('tax.choose')}</option>
                  {COUNTRY_CODES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
              </div>
              <div className="project-settings__field">
                <label htmlFor={`${id}-tax-type`} className="project-settings__label">
                  {t('tax.idType')}
                </label>
                <select id={`${id}-tax-type`} className="project-settings__input" value={tax.taxIdType} onChange={(e) => setTax({ ...tax, taxIdType: e.target.value })} required>
                  <option value="">{t('tax.choose')}</option>
                  {TAX_ID_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`tax.idTypes.${type}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="project-settings__field">
                <label htmlFor={`${id}-tax-last4`} className="project-settings__label">
                  {t('tax.last4')}
                </label>
                <input
                  id={`${id}-tax-last4`}
                  className="project-settings__input revenue-tax__last4"
                  value={tax.taxIdLast4}
                  onChange={(e) => setTax({ ...tax, taxIdLast4: e.target.value.slice(0, 4) })}
                  aria-describedby={`${id}-tax-last4-hint`}
                  autoComplete="off"
                  maxLength={4}
                  required
                />
                <p id={`${id}-tax-last4-hint`} className="project-settings__hint">
                  {t('tax.last4Hint')}
                </p>
              </div>
              <div className="project-settings__field">
                <label htmlFor={`${id}-tax-signed`} className="project-settings__label">
                  {t('tax.signedOn')}
                </label>
                <input id={`${id}-tax-signed`} type="date" className="project-settings__input" value={tax.signedOn} max={data.today} onChange={(e) => setTax({ ...tax, signedOn: e.target.value })} required />
                <p className="project-settings__hint">{t('tax.signature')}</p>
              </div>
            </fieldset>
          ) : null}
        </fieldset>
      ) : (
        <fieldset className="billing-fieldset revenue-withdraw__fields" disabled={step === 'review' || pending}>
          <legend className="project-settings__label">{t('charge.legend')}</legend>
          {data.payable.length ? (
            <div className="billing-choices">
              {data.payable.map((c) => (
                <label key={c.id} className="billing-choice">
                  <input type="radio" name={`${id}-charge`} value={c.id} checked={charge === c.id} onChange={() => setCharge(c.id)} />
                  <span className="billing-choice__label">{chargeLabel(c)}</span>
                  <span className="billing-choice__detail">{t('charge.cost', { cost: money(c.cost) })}</span>
                </label>
              ))}
            </div>
          ) : (
            <p className="project-settings__hint">{t.rich('charge.none', { link: (chunks) => <Link href="/plus">{chunks}</Link> })}</p>
          )}
          {tooMuch ? <p className="revenue-withdraw__problem">{t('tooMuch', { available: money(available) })}</p> : null}
        </fieldset>
      )}

      {step === 'edit' ? (
        <div>
          <button ref={reviewRef} type="submit" className="button button--primary" disabled={!ready || pending}>
            {t(isRail ? 'reviewWithdrawal' : 'reviewPayment')}
          </button>
        </div>
      ) : (
        <div className="billing-confirm" role="group" aria-label={t('review.label')} data-testid="withdraw-review">
          {summary().map((line) => (
            <p key={line} className="billing-confirm__text">
              {line}
            </p>
          ))}
          <div className="billing-action__buttons">
            <button ref={confirmRef} type="submit" className="button button--primary" disabled={pending}>
              {t(isRail ? 'confirmWithdrawal' : 'confirmPayment')}
            </button>
            <button type="button" className="button button--secondary" disabled={pending} onClick={() => setStep('edit')}>
              {t('back')}
            </button>
          </div>
        </div>
      )}
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}
