'use client'

import { useRouter } from 'next/navigation'
import { useCallback, useEffect, useRef, useState } from 'react'

import { useToasts } from '@/components/feedback/useToasts'
import type { BackupItem } from '@/lib/data/serverBackups'
import type { BackupMessage } from '@/lib/hosting/wireMessages'

import { createBackupAction } from '../backupActions'
import { useConsole } from '../useConsole'
import { BackupRow, type Live } from './BackupRow'
import type { BackupsText } from './text'
import { useActionToast } from './useActionToast'

/** While a backup is being made or restored and the websocket says nothing, the page is read again this often. */
const REFRESH_MS = 5_000

type Props = {
  serverId: string
  items: BackupItem[]
  /** Per backup: when it was made and until when its link works, as the viewer reads dates. */
  dates: Record<string, { created: string; expires: string | null }>
  canCreate: boolean
  text: BackupsText
}

/**
 * The backups page's live part: the create form and the list. While anything is being made or
 * restored, progress comes over the server's console websocket (the node's `backup` messages) and
 * the page is read again when it ends (or every few seconds, should the websocket be out of reach).
 */
export function BackupsPanel({ serverId, items, dates, canCreate, text }: Props) {
  const router = useRouter()
  const { addToast } = useToasts()
  const [live, setLive] = useState<Record<string, Live>>({})
  const open = items.some((b) => b.state === 'queued' || b.state === 'creating' || b.restoreState === 'restoring')
  const named = useRef(new Map<string, string>())
  useEffect(() => {
    named.current = new Map(items.map((b) => [b.id, b.name]))
  }, [items])

  const onBackup = useCallback(
    (m: BackupMessage) => {
      setLive((all) => ({ ...all, [m.uuid]: { state: m.state, progress: m.progress } }))
      if (m.state === 'creating' || m.state === 'restoring') return
      const name = named.current.get(m.uuid) ?? ''
      if (m.state === 'failed') addToast({ title: text.failCreate, text: m.reason ?? name, type: 'error' })
      else if (m.state === 'restore_failed') addToast({ title: text.failRestore, text: m.reason ?? name, type: 'error' })
      else if (m.state === 'restored') addToast({ title: text.restoredToast, text: name, type: 'success' })
      else if (m.state === 'ready') addToast({ title: text.readyToast, text: name, type: 'success' })
      router.refresh()
    },
    [addToast, router, text],
  )
  useConsole(serverId, open, noLines, onBackup)
  useEffect(() => {
    if (!open) return
    const timer = setInterval(() => router.refresh(), REFRESH_MS)
    return () => clearInterval(timer)
  }, [open, router])

  const { send, pending } = useActionToast(createBackupAction, () => text.failCreate)
  return (
    <>
      <form
        className="backups__create"
        onSubmit={(e) => {
          e.preventDefault()
          const form = new FormData(e.currentTarget)
          form.set('server', serverId)
          send(form)
          e.currentTarget.reset()
        }}
      >
        <label>
          <span>{text.nameLabel}</span>
          <input name="name" className="input" maxLength={48} placeholder={text.namePlaceholder} disabled={!canCreate} />
        </label>
        <button type="submit" className="button button--primary" disabled={pending || !canCreate}>
          {text.create}
        </button>
      </form>
      {items.length ? (
        <ul className="backups__list" aria-label={text.listLabel}>
          {items.map((item) => (
            <BackupRow key={item.id} serverId={serverId} item={item} live={live[item.id]} created={dates[item.id]?.created ?? item.createdAt} expires={dates[item.id]?.expires ?? null} text={text} />
          ))}
        </ul>
      ) : (
        <p className="files__empty">{text.empty}</p>
      )}
    </>
  )
}

const noLines = () => {}
