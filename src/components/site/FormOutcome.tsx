/** The site's look; the admin panel passes its own class names. */
const SITE = { error: 'project-settings__error', done: 'project-settings__saved' }

/** A form's outcome: the refusal (an alert) and what was done (a status message). */
export function FormOutcome({ error, done, classNames = SITE }: { error?: string | null; done?: string | null; classNames?: { error: string; done: string } }) {
  return (
    <>
      {error ? (
        <p className={classNames.error} role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className={classNames.done} role="status">
          {done}
        </p>
      ) : null}
    </>
  )
}
