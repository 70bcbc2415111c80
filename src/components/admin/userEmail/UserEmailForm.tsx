'use client'

import { useState, useTransition } from 'react'

import { userByEmailAction, type UserByEmailAnswer } from '../actions'

export type UserEmailTexts = { email: string; search: string; none: string; username: string; id: string; joined: string; details: string; refused: string }

/** The search on `/admin/user_email`: the address goes to a server action (never into the URL or logs). */
export function UserEmailForm({ texts }: { texts: UserEmailTexts }) {
  const [result, setResult] = useState<UserByEmailAnswer | null>(null)
  const [pending, startTransition] = useTransition()
  return (
    <div className="bf-user-email">
      <form
        className="bf-user-email__form"
        onSubmit={(event) => {
          event.preventDefault()
          const email = String(new FormData(event.currentTarget).get('email') ?? '')
          startTransition(async () => setResult(await userByEmailAction(email)))
        }}
      >
        <label htmlFor="bf-user-email-input">{texts.email}</label>
        <div className="bf-user-email__row">
          <input id="bf-user-email-input" name="email" type="email" required autoComplete="off" className="bf-admin-input" />
          <button type="submit" className="bf-admin-button" disabled={pending}>
            {texts.search}
          </button>
        </div>
      </form>
      <div aria-live="polite" data-testid="user-email-result">
        {result?.status === 'none' ? <p>{texts.none}</p> : null}
        {result?.status === 'refused' ? <p role="alert">{texts.refused}</p> : null}
        {result?.status === 'found' ? (
          <dl className="bf-user-email__facts">
            <dt>{texts.username}</dt>
            <dd>
              <a href={`/user/${encodeURIComponent(result.user.username)}`}>{result.user.username}</a>
            </dd>
            <dt>{texts.id}</dt>
            <dd>
              <code>{result.user.id}</code>
            </dd>
            <dt>{texts.joined}</dt>
            <dd>
              <time dateTime={result.user.joined}>{result.joinedText}</time>
            </dd>
            <dt className="bf-admin-visually-hidden">{texts.details}</dt>
            <dd>
              <a href={`/user/${encodeURIComponent(result.user.username)}#staff-user-details`}>{texts.details}</a>
            </dd>
          </dl>
        ) : null}
      </div>
    </div>
  )
}
