'use client'

import { useCallback, useEffect, useRef, useState } from 'react'

import { isFinished, toStart, type UploadItem } from '@/lib/hosting/uploadQueue'

import { dropUpload, sendFile, type Transfer } from './sendFile'

export type PickedFile = { file: File; path: string }

/**
 * The file manager's upload queue: files are added with where they go, at most three are sent at
 * once, each can be cancelled (what the node has of it is dropped); `onSettled` runs when the last
 * running upload ends, for the page to show the new files.
 */
export function useUploads(serverId: string, onSettled: () => void) {
  const [items, setItems] = useState<UploadItem[]>([])
  const files = useRef(new Map<string, File>())
  const transfers = useRef(new Map<string, Transfer>())
  const counter = useRef(0)

  const patch = useCallback((key: string, change: Partial<UploadItem>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i))), [])

  const add = useCallback((picked: PickedFile[]) => {
    const added = picked.map(({ file, path }) => {
      const key = `u${(counter.current += 1)}`
      files.current.set(key, file)
      return { key, path, size: file.size, sent: 0, status: 'queued' as const }
    })
    setItems((all) => [...all, ...added])
  }, [])

  const cancel = useCallback(
    (key: string) => {
      const item = items.find((i) => i.key === key)
      if (!item || isFinished(item)) return
      const transfer = transfers.current.get(key)
      patch(key, { status: 'cancelled' })
      if (transfer) {
        transfer.cancelled = true
        transfer.abort()
      }
      void dropUpload(serverId, item.path, item.size)
    },
    [items, patch, serverId],
  )

  const clearFinished = useCallback(() => setItems((all) => all.filter((i) => !isFinished(i))), [])

  // Start what may start: each upload runs on its own, and its end lets the next one in.
  useEffect(() => {
    for (const item of toStart(items)) {
      const file = files.current.get(item.key)
      if (!file) continue
      const transfer: Transfer = { abort: () => undefined, cancelled: false }
      transfers.current.set(item.key, transfer)
      patch(item.key, { status: 'uploading' })
      sendFile(serverId, item.path, file, transfer, (sent) => patch(item.key, { sent }))
        .then(() => patch(item.key, { status: 'done', sent: item.size }))
        .catch((error: unknown) => {
          if (!transfer.cancelled) patch(item.key, { status: 'failed', error: error instanceof Error ? error.message : String(error) })
        })
        .finally(() => {
          transfers.current.delete(item.key)
          files.current.delete(item.key)
        })
    }
  }, [items, patch, serverId])

  // When the last running upload ends, the folder has changed.
  const running = items.some((i) => i.status === 'uploading' || i.status === 'queued')
  const wasRunning = useRef(false)
  useEffect(() => {
    if (wasRunning.current && !running) onSettled()
    wasRunning.current = running
  }, [running, onSettled])

  return { items, add, cancel, clearFinished }
}
