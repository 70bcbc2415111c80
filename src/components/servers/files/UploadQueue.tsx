'use client'

import { percentOf, isFinished, type UploadItem } from '@/lib/hosting/uploadQueue'
import { fillTemplate } from '@/lib/text/fillTemplate'

import type { FilesText } from './text'

/** The uploads under way and done: each with its progress and, until it ends, a Cancel button. */
export function UploadQueue({ items, cancel, clearFinished, text }: { items: UploadItem[]; cancel: (key: string) => void; clearFinished: () => void; text: FilesText }) {
  if (!items.length) return null
  const statusText = { queued: text.queued, uploading: text.uploading, done: text.uploaded, failed: text.failed, cancelled: text.cancelled }
  return (
    <section className="upload-queue" aria-labelledby="upload-queue-title">
      <header className="upload-queue__header">
        <h3 id="upload-queue-title">{text.queue}</h3>
        {items.some(isFinished) ? (
          <button type="button" className="button button--secondary button--small" onClick={clearFinished}>
            {text.clearFinished}
          </button>
        ) : null}
      </header>
      <ul className="upload-queue__list">
        {items.map((item) => {
          const percent = percentOf(item)
          return (
            <li key={item.key} className={`upload-queue__item upload-queue__item--${item.status}`} data-testid="upload-item">
              <span className="upload-queue__path">{item.path}</span>
              <progress max={100} value={percent} aria-label={fillTemplate(text.progress, { name: item.path, percent })} />
              <span className="upload-queue__status" role="status">
                {statusText[item.status]}
                {item.error ? `: ${item.error}` : ''}
              </span>
              {isFinished(item) ? null : (
                <button type="button" className="button button--secondary button--small" onClick={() => cancel(item.key)} aria-label={fillTemplate(text.cancelUpload, { name: item.path })}>
                  {text.cancel}
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
