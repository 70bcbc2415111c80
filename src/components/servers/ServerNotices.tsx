'use client'

import { useActionState } from 'react'

import { FormOutcome } from '@/components/site/FormOutcome'
import type { NoticeView } from '@/lib/data/serverStaff'

import { dismissNoticeAction } from './staffActions'

function Notice({ serverId, notice, dismissText }: { serverId: string; notice: NoticeView; dismissText: string }) {
  const [state, dismiss, pending] = useActionState(dismissNoticeAction, {})
  return (
    <section className={`server-notice server-notice--${notice.level}`} role={notice.level === 'critical' ? 'alert' : 'status'} aria-label={notice.title}>
      <h2>{notice.title}</h2>
      <p>{notice.message}</p>
      {notice.dismissable ? (
        <form action={dismiss}>
          <input type="hidden" name="server" value={serverId} />
          <input type="hidden" name="notice" value={notice.id} />
          <button type="submit" className="button button--secondary" disabled={pending}>
            {dismissText}
          </button>
          <FormOutcome error={state.error} />
        </form>
      ) : null}
    </section>
  )
}

/** Staff notices running on this server (spec §3): the owner dismisses the dismissable ones for good. */
export function ServerNotices({ serverId, notices, dismissText }: { serverId: string; notices: NoticeView[]; dismissText: string }) {
  if (!notices.length) return null
  return (
    <div className="server-notices">
      {notices.map((n) => (
        <Notice key={n.id} serverId={serverId} notice={n} dismissText={dismissText} />
      ))}
    </div>
  )
}
