'use client'

import { useRouter } from 'next/navigation'
import { useActionState, useCallback, useState, type DragEvent } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { FormOutcome } from '@/components/site/FormOutcome'
import { fillTemplate } from '@/lib/text/fillTemplate'
import type { FileEntry } from '@/plugins/hosting/service/files'

import { createEntryAction, extractArchiveAction, moveFileAction, selectionAction } from '../fileActions'
import { droppedFiles, pickedFiles } from './collectDropped'
import { FileTable, SELECTION_FORM } from './FileTable'
import type { FilesText } from './text'
import { UploadQueue } from './UploadQueue'
import { useUploads } from './useUploads'

/**
 * The files page's manager (spec §2 "files"): the folder's entries, new files and folders, uploads
 * of files and whole folders (picked or dropped) through a queue that runs three at once and can
 * cancel each, and what to do with the chosen entries.
 */
export function FileManager({ serverId, dir, entries, text }: { serverId: string; dir: string; entries: FileEntry[]; text: FilesText }) {
  const router = useRouter()
  const refresh = useCallback(() => router.refresh(), [router])
  const uploads = useUploads(serverId, refresh)
  const [created, createAction, creating] = useActionState(createEntryAction, {})
  const [selected, selectAction, selecting] = useActionState(selectionAction, {})
  const [moved, moveAction, moving] = useActionState(moveFileAction, {})
  const [extracted, extractAction, extracting] = useActionState(extractArchiveAction, {})
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const [confirming, setConfirming] = useState(false)
  const [over, setOver] = useState(false)

  const toggle = (path: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev)
      if (on) next.add(path)
      else next.delete(path)
      return next
    })
  // What is chosen is what is still listed (after a delete or a move, the rest).
  const listed = new Set(entries.map((e) => (dir ? `${dir}/${e.name}` : e.name)))
  const picked = [...chosen].filter((p) => listed.has(p))
  const count = picked.length

  const onDrop = async (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    uploads.add(await droppedFiles(event.dataTransfer, dir))
  }

  return (
    <div className={`files${over ? ' files--over' : ''}`} onDragOver={(e) => (e.preventDefault(), setOver(true))} onDragLeave={() => setOver(false)} onDrop={onDrop} data-testid="file-drop">
      <div className="files__toolbar">
        <form action={createAction} onSubmit={submitWithoutReset(createAction)} className="files__new">
          <input type="hidden" name="server" value={serverId} />
          <input type="hidden" name="dir" value={dir} />
          <label>
            <span>{text.newName}</span>
            <input name="name" className="input" required maxLength={255} />
          </label>
          <button type="submit" name="kind" value="file" className="button button--secondary" disabled={creating}>
            {text.newFile}
          </button>
          <button type="submit" name="kind" value="folder" className="button button--secondary" disabled={creating}>
            {text.newFolder}
          </button>
        </form>
        <div className="files__uploads">
          <label className="button button--primary files__pick">
            {text.upload}
            <input type="file" multiple className="visually-hidden" onChange={(e) => (e.target.files && uploads.add(pickedFiles(e.target.files, dir)), (e.target.value = ''))} />
          </label>
          <label className="button button--secondary files__pick">
            {text.uploadFolder}
            <input type="file" multiple className="visually-hidden" {...{ webkitdirectory: '' }} onChange={(e) => (e.target.files && uploads.add(pickedFiles(e.target.files, dir)), (e.target.value = ''))} />
          </label>
        </div>
      </div>
      <FormOutcome error={created.error} done={created.done} />
      <p className="files__hint">{text.dropHint}</p>

      <UploadQueue items={uploads.items} cancel={uploads.cancel} clearFinished={uploads.clearFinished} text={text} />

      <form id={SELECTION_FORM} action={selectAction} onSubmit={(e) => (submitWithoutReset(selectAction)(e), setConfirming(false))} className="files__selection" aria-live="polite">
        <input type="hidden" name="server" value={serverId} />
        {count ? <span>{count === 1 ? text.selectedOne : fillTemplate(text.selectedOther, { count })}</span> : null}
        {confirming && count ? (
          <span role="group" aria-label={text.delete} className="files__confirm">
            <span>{count === 1 ? text.deleteConfirmOne : fillTemplate(text.deleteConfirmOther, { count })}</span>
            <button type="submit" name="op" value="delete" className="button button--danger button--small" disabled={selecting} autoFocus>
              {text.deleteConfirmButton}
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => setConfirming(false)}>
              {text.keep}
            </button>
          </span>
        ) : (
          <>
            <button type="submit" name="op" value="compress" className="button button--secondary button--small" disabled={!count || selecting}>
              {text.compress}
            </button>
            <button type="button" className="button button--secondary button--small" disabled={!count || selecting} onClick={() => setConfirming(true)}>
              {text.delete}
            </button>
          </>
        )}
      </form>
      <FormOutcome error={selected.error ?? moved.error ?? extracted.error} done={selected.done ?? moved.done ?? extracted.done} />

      <FileTable serverId={serverId} dir={dir} entries={entries} chosen={chosen} toggle={toggle} moveAction={moveAction} extractAction={extractAction} pending={moving || extracting} text={text} />
    </div>
  )
}
