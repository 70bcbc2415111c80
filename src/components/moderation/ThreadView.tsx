import { getFormatter, getTranslations } from 'next-intl/server'

import { Markdown } from '@/components/project/Markdown'
import type { ThreadEntry } from '@/lib/data/moderation'

/** A thread's messages (a project's moderation thread, a report's): text (Markdown), staff notes, status changes, closures. */
export async function ThreadView({ thread, label }: { thread: { messages: ThreadEntry[] } | null; label: string }) {
  const [t, tp, format] = await Promise.all([getTranslations('Moderation'), getTranslations('Project.status'), getFormatter()])
  const status = (s: string | null) => (s && tp.has(s as never) ? tp(s as never) : (s ?? ''))
  if (!thread?.messages.length) return <p className="empty-note">{t('thread.empty')}</p>
  return (
    <ol className="moderation-thread" aria-label={label}>
      {thread.messages.map((m) => (
        <li key={m.id} className={`moderation-message moderation-message--${m.type}${m.private ? ' moderation-message--private' : ''}`}>
          <p className="moderation-message__meta">
            <strong>{m.author ? m.author.username : t('thread.deletedUser')}</strong>
            {m.author?.staff ? <span className="moderation-message__badge">{t('thread.moderator')}</span> : null}
            {m.private ? <span className="moderation-message__badge">{t('thread.privateNote')}</span> : null}
            <time dateTime={m.created}>{format.dateTime(new Date(m.created), { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </p>
          {m.type === 'status_change' ? (
            <p className="moderation-message__status">{t('thread.statusChange', { old: status(m.oldStatus), new: status(m.newStatus) })}</p>
          ) : m.type === 'thread_closure' ? (
            <p className="moderation-message__status">{t('thread.closed')}</p>
          ) : m.type === 'thread_reopen' ? (
            <p className="moderation-message__status">{t('thread.reopened')}</p>
          ) : (
            // Markdown through the site's one sanitizer, as project descriptions: the checklist's
            // messages are lists.
            <Markdown source={m.text ?? ''} className="moderation-message__text" />
          )}
        </li>
      ))}
    </ol>
  )
}
