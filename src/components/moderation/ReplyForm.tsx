'use client'

import { startTransition, useActionState, useEffect, useRef } from 'react'

import { FormOutcome } from '@/components/site/FormOutcome'

import { replyAction, type ModerationState } from './actions'

/** Class names of the form's parts on the public site and in the admin panel (which has its own styles). */
const LOOKS = {
  site: { field: 'project-settings__field', label: 'project-settings__label', input: 'project-settings__input', button: 'button button--primary' },
  admin: { field: 'bf-moderation__decision', label: 'bf-moderation__label', input: 'bf-admin-input', button: 'bf-admin-button' },
} as const

type Props = { threadId: string; back: string; staff: boolean; texts: { reply: string; private: string; send: string }; look?: keyof typeof LOOKS }

/**
 * A message in the project's moderation thread; staff may keep it to staff. In the admin panel the
 * fields sit inside Payload's own document form, where a nested <form> is dropped by the HTML
 * parser: there the button sends the fields itself.
 */
export function ReplyForm({ threadId, back, staff, texts, look = 'site' }: Props) {
  const css = LOOKS[look]
  const [state, action, pending] = useActionState<ModerationState, FormData>(replyAction, {})
  const form = useRef<HTMLFormElement>(null)
  const text = useRef<HTMLTextAreaElement>(null)
  const privateNote = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (!state.done) return
    form.current?.reset()
    if (text.current) text.current.value = ''
    if (privateNote.current) privateNote.current.checked = false
  }, [state])

  const send = () => {
    const data = new FormData()
    data.set('thread', threadId)
    data.set('back', back)
    data.set('text', text.current?.value ?? '')
    if (privateNote.current?.checked) data.set('private', 'on')
    startTransition(() => action(data))
  }

  const fields = (
    <>
      {look === 'site' ? (
        <>
          <input type="hidden" name="thread" value={threadId} />
          <input type="hidden" name="back" value={back} />
        </>
      ) : null}
      <div className={css.field}>
        <label htmlFor="thread-reply" className={css.label}>
          {texts.reply}
        </label>
        {/* Not `required` in the admin: inside Payload's form it would block the document's own Save. */}
        <textarea ref={text} id="thread-reply" name="text" rows={4} className={css.input} required={look === 'site'} maxLength={65536} />
      </div>
      {staff ? (
        <label className="moderation-reply__private">
          <input ref={privateNote} type="checkbox" name="private" /> {texts.private}
        </label>
      ) : null}
    </>
  )

  if (look === 'admin') {
    return (
      <div className="moderation-reply">
        {fields}
        <FormOutcome error={state.error} done={state.done} classNames={{ error: 'bf-moderation__error', done: 'bf-moderation__done' }} />
        <button type="button" className={css.button} disabled={pending} onClick={send}>
          {texts.send}
        </button>
      </div>
    )
  }
  return (
    <form ref={form} action={action} className="moderation-reply">
      {fields}
      <FormOutcome error={state.error} done={state.done} />
      <button type="submit" className={css.button} disabled={pending}>
        {texts.send}
      </button>
    </form>
  )
}
