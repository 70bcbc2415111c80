'use client'

import { useActionState, useState } from 'react'

import { FormOutcome } from '@/components/site/FormOutcome'
import type { ChecklistStage } from '@/lib/moderation/checklist'
import { composeMessage } from '@/lib/moderation/checklist'

import { decideAction, type ModerationState } from './actions'

export type DecisionTexts = { heading: string; checklist: string; message: string; messageHint: string; approve: string; reject: string; withhold: string; intro: string }

/**
 * Approve / reject / withhold with a message. The checklist's ticked problems write the message
 * (prepared wording); the moderator edits it freely — once edited, ticking more appends instead.
 */
export function DecisionPanel({ projectId, back, stages, texts, canApprove }: { projectId: string; back: string; stages: ChecklistStage[]; texts: DecisionTexts; canApprove: boolean }) {
  const [state, action, pending] = useActionState<ModerationState, FormData>(decideAction, {})
  const [ticked, setTicked] = useState<string[]>([])
  const [message, setMessage] = useState('')
  const [edited, setEdited] = useState(false)
  const all = new Map<string, string>(stages.flatMap((s) => s.problems.map((p): [string, string] => [`${s.id}.${p.id}`, p.text])))

  function tick(key: string, on: boolean) {
    const next = on ? [...ticked, key] : ticked.filter((k) => k !== key)
    setTicked(next)
    const text = all.get(key) ?? ''
    if (!edited) setMessage(composeMessage(texts.intro, next.map((k) => all.get(k) ?? '')))
    else if (on) setMessage((m) => `${m.trimEnd()}\n- ${text}`)
  }

  return (
    <form action={action} className="moderation-decision" aria-labelledby="decision-heading">
      <h2 id="decision-heading" className="project-settings__subheading">
        {texts.heading}
      </h2>
      <input type="hidden" name="project" value={projectId} />
      <input type="hidden" name="back" value={back} />
      <details className="moderation-checklist">
        <summary>{texts.checklist}</summary>
        {stages.map((s) => (
          <fieldset key={s.id} className="moderation-checklist__stage">
            <legend>{s.title}</legend>
            {s.problems.map((p) => (
              <label key={p.id} className="moderation-checklist__problem">
                <input type="checkbox" checked={ticked.includes(`${s.id}.${p.id}`)} onChange={(e) => tick(`${s.id}.${p.id}`, e.target.checked)} />
                <span>{p.text}</span>
              </label>
            ))}
          </fieldset>
        ))}
      </details>
      <div className="project-settings__field">
        <label htmlFor="decision-message" className="project-settings__label">
          {texts.message}
        </label>
        <p id="decision-message-hint" className="project-settings__hint">
          {texts.messageHint}
        </p>
        <textarea
          id="decision-message"
          name="message"
          rows={8}
          className="project-settings__input"
          aria-describedby="decision-message-hint"
          value={message}
          onChange={(e) => {
            setMessage(e.target.value)
            setEdited(true)
          }}
        />
      </div>
      <FormOutcome error={state.error} done={state.done} />
      <div className="moderation-decision__buttons">
        {canApprove ? (
          <button type="submit" name="decision" value="approve" className="button button--primary" disabled={pending}>
            {texts.approve}
          </button>
        ) : null}
        <button type="submit" name="decision" value="reject" className="button button--danger" disabled={pending}>
          {texts.reject}
        </button>
        <button type="submit" name="decision" value="withhold" className="button button--secondary" disabled={pending}>
          {texts.withhold}
        </button>
      </div>
    </form>
  )
}
