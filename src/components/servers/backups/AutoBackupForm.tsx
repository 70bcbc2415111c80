'use client'

import { useState } from 'react'

import { BACKUP_INTERVALS } from '@/lib/hosting/backups'

import { autoBackupAction } from '../backupActions'
import { useActionToast } from './useActionToast'

type Text = { enabled: string; interval: string; save: string; hint: string; failed: string; hours: Record<number, string> }

/**
 * Automatic backups on or off and how often (spec §4: Save is disabled while nothing changed, and
 * the interval while backups are off).
 */
export function AutoBackupForm({ serverId, hours, text }: { serverId: string; hours: number | null; text: Text }) {
  const [enabled, setEnabled] = useState(hours !== null)
  const [every, setEvery] = useState(hours ?? 6)
  // What is stored: the page passes it again after a save (and keys this form by it, so it starts over).
  const saved = { enabled: hours !== null, every: hours ?? 6 }
  const { send, pending } = useActionToast(autoBackupAction, () => text.failed)
  const changed = enabled !== saved.enabled || (enabled && every !== saved.every)
  return (
    <form
      className="backups__auto"
      onSubmit={(e) => {
        e.preventDefault()
        const form = new FormData(e.currentTarget)
        form.set('server', serverId)
        send(form)
      }}
    >
      <label className="checkbox">
        <input type="checkbox" name="enabled" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        <span>{text.enabled}</span>
      </label>
      <label>
        <span>{text.interval}</span>
        <select name="hours" className="input" value={every} disabled={!enabled} onChange={(e) => setEvery(Number(e.target.value))}>
          {BACKUP_INTERVALS.map((h) => (
            <option key={h} value={h}>
              {text.hours[h]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary" disabled={!changed || pending}>
        {text.save}
      </button>
      <p className="backups__hint">{text.hint}</p>
    </form>
  )
}
