'use client'

import Link from 'next/link'
import { useState } from 'react'

import { formatBytes, isArchive, joinPath } from '@/lib/hosting/filePaths'
import { fillTemplate } from '@/lib/text/fillTemplate'
import type { FileEntry } from '@/plugins/hosting/service/files'

import type { FilesText } from './text'

export const SELECTION_FORM = 'files-selection'

type Props = {
  serverId: string
  dir: string
  entries: FileEntry[]
  chosen: Set<string>
  toggle: (path: string, on: boolean) => void
  moveAction: (form: FormData) => void
  extractAction: (form: FormData) => void
  pending: boolean
  text: FilesText
}

/**
 * A folder's entries: folders open the folder, text files the editor; each row can be chosen for the
 * toolbar (checkboxes belong to its form), downloaded, renamed or moved, and archives extracted.
 * A symlink is shown for what it is and never followed.
 */
export function FileTable({ serverId, dir, entries, chosen, toggle, moveAction, extractAction, pending, text }: Props) {
  const [moving, setMoving] = useState<string | null>(null)
  const base = `/servers/manage/${serverId}/files`
  const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
  if (!entries.length) return <p className="files__empty">{text.empty}</p>
  return (
    <table className="files__table">
      <thead>
        <tr>
          <th scope="col" className="files__check">
            <span className="visually-hidden">{text.select}</span>
          </th>
          <th scope="col">{text.name}</th>
          <th scope="col">{text.size}</th>
          <th scope="col">{text.modified}</th>
          <th scope="col">{text.actions}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const path = joinPath(dir, entry.name)
          return (
            <tr key={entry.name} data-testid="file-row">
              <td className="files__check">
                <input type="checkbox" form={SELECTION_FORM} name="path" value={path} checked={chosen.has(path)} onChange={(e) => toggle(path, e.target.checked)} aria-label={fillTemplate(text.select, { name: entry.name })} />
              </td>
              <th scope="row" className={`files__name files__name--${entry.type}`}>
                {entry.type === 'directory' ? (
                  <Link href={`${base}?path=${encodeURIComponent(path)}`}>{entry.name}/</Link>
                ) : entry.type === 'file' ? (
                  <Link href={`${base}/edit?path=${encodeURIComponent(path)}`} aria-label={fillTemplate(text.edit, { name: entry.name })}>
                    {entry.name}
                  </Link>
                ) : (
                  <span>
                    {entry.name} <small>({text.link})</small>
                  </span>
                )}
              </th>
              <td>{entry.type === 'file' ? formatBytes(entry.size) : ''}</td>
              <td>
                <time dateTime={entry.modified}>{when.format(new Date(entry.modified))}</time>
              </td>
              <td className="files__actions">
                {moving === path ? (
                  <form action={moveAction} className="files__move" onSubmit={() => setMoving(null)}>
                    <input type="hidden" name="server" value={serverId} />
                    <input type="hidden" name="from" value={path} />
                    <label>
                      <span className="visually-hidden">{text.moveTo}</span>
                      <input name="to" className="input" defaultValue={path} required maxLength={1024} autoFocus />
                    </label>
                    <button type="submit" className="button button--primary button--small" disabled={pending}>
                      {text.moveSubmit}
                    </button>
                    <button type="button" className="button button--secondary button--small" onClick={() => setMoving(null)}>
                      {text.cancel}
                    </button>
                  </form>
                ) : (
                  <>
                    {entry.type === 'file' ? (
                      <a className="button button--secondary button--small" href={`${base}/download?path=${encodeURIComponent(path)}`} download aria-label={fillTemplate(text.downloadName, { name: entry.name })}>
                        {text.download}
                      </a>
                    ) : null}
                    {entry.type === 'file' && isArchive(entry.name) ? (
                      <form action={extractAction}>
                        <input type="hidden" name="server" value={serverId} />
                        <input type="hidden" name="path" value={path} />
                        <button type="submit" className="button button--secondary button--small" disabled={pending} aria-label={fillTemplate(text.extractName, { name: entry.name })}>
                          {text.extract}
                        </button>
                      </form>
                    ) : null}
                    <button type="button" className="button button--secondary button--small" onClick={() => setMoving(path)} aria-label={fillTemplate(text.moveName, { name: entry.name })}>
                      {text.move}
                    </button>
                  </>
                )}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
