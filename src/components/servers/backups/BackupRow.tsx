'use client'

import { useCallback, useState, useSyncExternalStore } from 'react'

import type { BackupItem } from '@/lib/data/serverBackups'
import { formatBytes } from '@/lib/hosting/filePaths'
import { fillTemplate } from '@/lib/text/fillTemplate'

import { backupAction } from '../backupActions'
import type { BackupsText } from './text'
import { useActionToast } from './useActionToast'

export type Live = { state: string; progress: number } | undefined

type Props = { serverId: string; item: BackupItem; live: Live; created: string; expires: string | null; text: BackupsText }

/** What the backup is doing, in words: live progress from the console websocket when there is some. */
function stateText(item: BackupItem, live: Live, text: BackupsText): string {
  if (item.restoreState === 'restoring') return fillTemplate(text.restoring, { progress: live?.state === 'restoring' ? live.progress : 0 })
  if (item.state === 'creating') return fillTemplate(text.creating, { progress: live?.state === 'creating' ? live.progress : item.progress })
  return text[item.state]
}

/**
 * One backup: its name, badges, state and size, and what can be done with it now — rename, lock,
 * restore and delete (both asked first), prepare the download then download it while the link
 * works, retry a failed one, cancel one being made. Every outcome is a toast.
 */
export function BackupRow({ serverId, item, live, created, expires, text }: Props) {
  const failTitle = (form: FormData | null) => {
    const op = form?.get('op')
    return op === 'retry' ? text.failCreate : op === 'prepare' ? text.failDownload : op === 'restore' ? text.failRestore : text.failOther
  }
  const { send, pending } = useActionToast(backupAction, failTitle)
  const [asking, setAsking] = useState<'restore' | 'delete' | 'rename' | null>(null)
  const busy = item.state === 'queued' || item.state === 'creating' || item.restoreState === 'restoring'
  const progress = item.state === 'creating' ? (live?.state === 'creating' ? live.progress : item.progress) : null

  const submit = (op: string, extra: Record<string, string> = {}) => {
    const form = new FormData()
    form.set('server', serverId)
    form.set('backup', item.id)
    form.set('op', op)
    for (const [k, v] of Object.entries(extra)) form.set(k, v)
    setAsking(null)
    send(form)
  }
  const button = (op: string, label: string, kind = 'secondary') => (
    <button type="button" className={`button button--${kind} button--small`} disabled={pending} onClick={() => submit(op)}>
      {label}
    </button>
  )

  return (
    <li className="backup" data-testid="backup" data-state={item.restoreState === 'restoring' ? 'restoring' : item.state}>
      <div className="backup__about">
        <span className="backup__name">{item.name}</span>
        {item.automated ? <span className="badge">{text.automated}</span> : null}
        {item.locked ? <span className="badge badge--locked">{text.lockedBadge}</span> : null}
        <span className="backup__meta">
          <time dateTime={item.createdAt}>{created}</time>
          {item.size !== null ? ` · ${formatBytes(item.size)}` : null}
        </span>
        <span className="backup__state" role="status">
          {stateText(item, live, text)}
        </span>
        {progress !== null ? <progress className="backup__progress" max={100} value={progress} aria-label={item.name} /> : null}
        {item.state === 'failed' && item.reason ? (
          <span className="backup__problem">
            {text.failCreate}: {item.reason}
          </span>
        ) : null}
        {item.restoreState === 'failed' ? (
          <span className="backup__problem">
            {text.failRestore}
            {item.restoreError ? `: ${item.restoreError}` : ''}
          </span>
        ) : null}
        {item.sha256 ? (
          <span className="backup__checksum">
            {text.checksum} <code>{item.sha256}</code>
          </span>
        ) : null}
      </div>

      <div className="backup__actions" role="group" aria-label={item.name}>
        {item.state === 'queued' || item.state === 'creating' ? button('cancel', text.cancel) : null}
        {item.state === 'failed' ? button('retry', text.retry, 'primary') : null}
        {item.state === 'ready' && !busy ? <DownloadPart item={item} expires={expires} text={text} pending={pending} onPrepare={() => submit('prepare')} /> : null}
        {!busy ? (
          <>
            {item.state === 'ready' ? (
              <button type="button" className="button button--secondary button--small" disabled={pending} onClick={() => setAsking('restore')}>
                {text.restore}
              </button>
            ) : null}
            {button(item.locked ? 'unlock' : 'lock', item.locked ? text.unlock : text.lock)}
            <button type="button" className="button button--secondary button--small" disabled={pending} onClick={() => setAsking('rename')}>
              {text.rename}
            </button>
            <button type="button" className="button button--danger button--small" disabled={pending} onClick={() => setAsking('delete')}>
              {text.delete}
            </button>
          </>
        ) : null}
      </div>

      {asking === 'rename' ? (
        <form
          className="backup__ask"
          onSubmit={(e) => {
            e.preventDefault()
            submit('rename', { name: String(new FormData(e.currentTarget).get('name') ?? '') })
          }}
        >
          <label>
            <span>{fillTemplate(text.renameLabel, { name: item.name })}</span>
            <input name="name" className="input" defaultValue={item.name} maxLength={48} required autoFocus />
          </label>
          <button type="submit" className="button button--primary button--small" disabled={pending}>
            {text.save}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => setAsking(null)}>
            {text.back}
          </button>
        </form>
      ) : null}
      {asking === 'restore' || asking === 'delete' ? (
        <div className="backup__ask" role="group" aria-label={asking === 'restore' ? text.restore : text.delete}>
          <p>{fillTemplate(asking === 'restore' ? text.restoreConfirm : text.deleteConfirm, { name: item.name })}</p>
          {button(asking, asking === 'restore' ? text.confirmRestore : text.confirmDelete, asking === 'restore' ? 'primary' : 'danger')}
          <button type="button" className="button button--secondary button--small" onClick={() => setAsking(null)}>
            {text.back}
          </button>
        </div>
      ) : null}
    </li>
  )
}

/** Prepare the download; then the link while it works; an expired or failed one is prepared again. */
function DownloadPart({ item, expires, text, pending, onPrepare }: { item: BackupItem; expires: string | null; text: BackupsText; pending: boolean; onPrepare: () => void }) {
  const { download } = item
  const lapsed = useLapsed(download.state === 'ready' ? download.expires : undefined)
  if (download.state === 'preparing') return <span className="backup__note">{text.preparing}</span>
  if (download.state === 'ready' && download.url && !lapsed) {
    return (
      <span className="backup__download">
        <a className="button button--primary button--small" href={download.url} download>
          {text.download}
        </a>
        {expires ? <span className="backup__note">{fillTemplate(text.downloadUntil, { time: expires })}</span> : null}
      </span>
    )
  }
  const expired = download.state === 'expired' || lapsed
  const again = expired || download.state === 'failed'
  return (
    <span className="backup__download">
      {expired ? <span className="backup__note">{text.expired}</span> : null}
      {download.state === 'failed' ? (
        <span className="backup__problem">
          {text.failDownload}
          {download.error ? `: ${download.error}` : ''}
        </span>
      ) : null}
      <button type="button" className="button button--secondary button--small" disabled={pending} onClick={onPrepare}>
        {again ? text.prepareAgain : text.prepare}
      </button>
    </span>
  )
}

/** Whether `expires` has passed: turns true when it does, with the page open (a link is not offered once dead). */
function useLapsed(expires: string | undefined): boolean {
  // The clock is an external store: read when rendering in the browser, and a timer says when it turns.
  const subscribe = useCallback(
    (changed: () => void) => {
      const left = expires ? new Date(expires).getTime() - Date.now() : 0
      if (left <= 0) return () => {}
      const timer = setTimeout(changed, left)
      return () => clearTimeout(timer)
    },
    [expires],
  )
  return useSyncExternalStore(
    subscribe,
    () => !!expires && new Date(expires).getTime() <= Date.now(),
    () => false,
  )
}
