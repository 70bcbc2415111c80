import type { OrgFormState } from './actions'

/** A form's outcome: the refusal (alert) or what was done (status). */
export function Outcome({ state, id }: { state: OrgFormState; id?: string }) {
  if (state.form) return <p id={id} className="project-settings__field-error" role="alert">{state.form}</p>
  if (state.done) return <p id={id} className="project-settings__saved" role="status">{state.done}</p>
  return null
}
