'use client'

import { useActionState } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { FormOutcome } from '@/components/site/FormOutcome'

import { contentFileAction, installCollectionAction, installModpackAction, installProjectAction } from './contentActions'

/*
 * The content page's forms (its lists are rendered on the server): each sends one action and shows
 * its outcome; the page then shows what is on the server's disk.
 */

type FileText = { update?: string; updateLabel?: string; toggle: string; toggleLabel: string; remove: string; removeLabel: string }

/** An installed file's buttons: update (when there is one), disable or enable, remove. */
export function ContentFileForm({ serverId, file, text }: { serverId: string; file: string; text: FileText }) {
  const [state, action, pending] = useActionState(contentFileAction, {})
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="content-item__actions">
      <input type="hidden" name="server" value={serverId} />
      <input type="hidden" name="file" value={file} />
      {text.update ? (
        <button type="submit" name="op" value="update" className="button button--primary button--small" disabled={pending} aria-label={text.updateLabel}>
          {text.update}
        </button>
      ) : null}
      <button type="submit" name="op" value="toggle" className="button button--secondary button--small" disabled={pending} aria-label={text.toggleLabel}>
        {text.toggle}
      </button>
      <button type="submit" name="op" value="remove" className="button button--secondary button--small" disabled={pending} aria-label={text.removeLabel}>
        {text.remove}
      </button>
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}

/** A search result's Install button. */
export function InstallProjectForm({ serverId, projectId, everything, text }: { serverId: string; projectId: string; everything: boolean; text: { install: string; label: string } }) {
  const [state, action, pending] = useActionState(installProjectAction, {})
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="content-hit__install">
      <input type="hidden" name="server" value={serverId} />
      <input type="hidden" name="project" value={projectId} />
      <input type="hidden" name="everything" value={everything ? '1' : '0'} />
      <button type="submit" className="button button--primary button--small" disabled={pending} aria-label={text.label}>
        {text.install}
      </button>
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}

/** One of the viewer's collections, installed in one step. */
export function InstallCollectionForm({ serverId, collections, text }: { serverId: string; collections: { id: string; label: string }[]; text: { label: string; submit: string } }) {
  const [state, action, pending] = useActionState(installCollectionAction, {})
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="content-collection">
      <input type="hidden" name="server" value={serverId} />
      <label>
        <span>{text.label}</span>
        <select name="collection" className="input" required>
          {collections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary" disabled={pending}>
        {text.submit}
      </button>
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}

/** A modpack search result's Install button: the pack's mods and overrides in one step. */
export function InstallModpackForm({ serverId, projectId, text }: { serverId: string; projectId: string; text: { install: string; label: string } }) {
  const [state, action, pending] = useActionState(installModpackAction, {})
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="content-hit__install">
      <input type="hidden" name="server" value={serverId} />
      <input type="hidden" name="project" value={projectId} />
      <button type="submit" className="button button--primary button--small" disabled={pending} aria-label={text.label}>
        {text.install}
      </button>
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}
