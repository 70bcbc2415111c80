'use client'

import { useActionState } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { FormOutcome } from '@/components/site/FormOutcome'

import { saveFileAction } from '../fileActions'

/** The files page's editor: a text file's contents, saved whole (the node writes it atomically). */
export function FileEditor({ serverId, path, content, text }: { serverId: string; path: string; content: string; text: { label: string; save: string } }) {
  const [state, action, pending] = useActionState(saveFileAction, {})
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="file-editor">
      <input type="hidden" name="server" value={serverId} />
      <input type="hidden" name="path" value={path} />
      <label className="file-editor__field">
        <span className="visually-hidden">{text.label}</span>
        <textarea name="content" className="input file-editor__text" defaultValue={content} spellCheck={false} autoCapitalize="off" autoCorrect="off" rows={24} />
      </label>
      <button type="submit" className="button button--primary" disabled={pending}>
        {text.save}
      </button>
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}
