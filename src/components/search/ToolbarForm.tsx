'use client'

import { useRouter } from 'next/navigation'
import { useTransition } from 'react'

import { announceNavigation } from '@/components/feedback/navigationStart'

import { useEnhanced } from './useEnhanced'

type Option = { value: string; label: string; href: string }

type Props = {
  action: string
  hidden: [string, string][]
  sort: { label: string; value: string; options: Option[] }
  perPage: { label: string; value: string; options: Option[] }
  applyLabel: string
}

/**
 * Sort and results-per-page. Without JavaScript a GET form with an Apply button; with it, choosing an
 * option goes straight to the URL the server worked out for it (so paging rules live in one place).
 */
export function ToolbarForm({ action, hidden, sort, perPage, applyLabel }: Props) {
  const router = useRouter()
  const enhanced = useEnhanced()
  const [, startTransition] = useTransition()
  const go = (options: Option[], value: string) => {
    const target = options.find((o) => o.value === value)
    if (!target) return
    announceNavigation(target.href)
    startTransition(() => router.push(target.href, { scroll: false }))
  }
  return (
    <form method="get" action={action} className="toolbar-form">
      {hidden.map(([name, v], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={v} />
      ))}
      {[
        { name: 's', field: sort, id: 'search-sort' },
        { name: 'n', field: perPage, id: 'search-per-page' },
      ].map(({ name, field, id }) => (
        <div key={name} className="select-field">
          <label htmlFor={id} className="select-field__label">
            {field.label}
          </label>
          <select key={field.value} id={id} name={name} defaultValue={field.value} className="select-field__select" onChange={(e) => go(field.options, e.target.value)}>
            {field.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      {enhanced ? null : (
        <button type="submit" className="button button--secondary button--small">
          {applyLabel}
        </button>
      )}
    </form>
  )
}
