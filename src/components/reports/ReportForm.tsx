'use client'

import { useActionState } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { FormOutcome } from '@/components/site/FormOutcome'

import { fileReportAction, type ReportFormState } from './actions'

export type ReportFormTexts = {
  itemType: string
  types: Record<'project' | 'version' | 'user', string>
  item: string
  itemHint: string
  reason: string
  chooseReason: string
  body: string
  bodyHint: string
  submit: string
}

function Err({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="project-settings__field-error" role="alert">
      {text}
    </p>
  ) : null
}

/** The report form (spec §2): content type, the item's address or id, a reason, a body — all required. */
export function ReportForm({ texts, reasons, initial }: { texts: ReportFormTexts; reasons: { id: string; name: string }[]; initial: { itemType: string; item: string } }) {
  const [state, action, pending] = useActionState<ReportFormState, FormData>(fileReportAction, {})
  const v = (k: string, fallback = '') => state.values?.[k] ?? fallback
  const invalid = (k: string) => (state.fields?.[k] ? true : undefined)
  const describedBy = (k: string, hint?: string) => [hint, state.fields?.[k] ? `report-${k}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="settings-form project-settings__form report-form" noValidate>
      <div className="project-settings__field">
        <label htmlFor="report-itemType" className="project-settings__label">
          {texts.itemType}
        </label>
        <select id="report-itemType" name="itemType" defaultValue={v('itemType', initial.itemType)} className="project-settings__input" aria-invalid={invalid('itemType')} aria-describedby={describedBy('itemType')}>
          {(['project', 'version', 'user'] as const).map((k) => (
            <option key={k} value={k}>
              {texts.types[k]}
            </option>
          ))}
        </select>
        <Err id="report-itemType-error" text={state.fields?.itemType} />
      </div>
      <div className="project-settings__field">
        <label htmlFor="report-item" className="project-settings__label">
          {texts.item}
        </label>
        <p id="report-item-hint" className="project-settings__hint">
          {texts.itemHint}
        </p>
        <input id="report-item" name="item" defaultValue={v('item', initial.item)} className="project-settings__input" required maxLength={500} aria-invalid={invalid('item')} aria-describedby={describedBy('item', 'report-item-hint')} />
        <Err id="report-item-error" text={state.fields?.item} />
      </div>
      <div className="project-settings__field">
        <label htmlFor="report-reportType" className="project-settings__label">
          {texts.reason}
        </label>
        <select id="report-reportType" name="reportType" defaultValue={v('reportType')} className="project-settings__input" required aria-invalid={invalid('reportType')} aria-describedby={describedBy('reportType')}>
          <option value="">{texts.chooseReason}</option>
          {reasons.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
        <Err id="report-reportType-error" text={state.fields?.reportType} />
      </div>
      <div className="project-settings__field">
        <label htmlFor="report-body" className="project-settings__label">
          {texts.body}
        </label>
        <p id="report-body-hint" className="project-settings__hint">
          {texts.bodyHint}
        </p>
        <textarea id="report-body" name="body" rows={6} defaultValue={v('body')} className="project-settings__input" required aria-invalid={invalid('body')} aria-describedby={describedBy('body', 'report-body-hint')} />
        <Err id="report-body-error" text={state.fields?.body} />
      </div>
      <FormOutcome error={state.form} />
      <button type="submit" className="button button--primary" disabled={pending}>
        {texts.submit}
      </button>
    </form>
  )
}
