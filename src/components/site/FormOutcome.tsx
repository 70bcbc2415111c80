/** A form's outcome: the refusal (an alert) and what was done (a status message). */
export function FormOutcome({ error, done }: { error?: string | null; done?: string | null }) {
  return (
    <>
      {error ? (
        <p className="project-settings__error" role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className="project-settings__saved" role="status">
          {done}
        </p>
      ) : null}
    </>
  )
}
