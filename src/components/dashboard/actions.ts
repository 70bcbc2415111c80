'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'

import { currentViewer } from '@/lib/data/currentViewer'
import { markAllRead, markRead } from '@/lib/notifications/read'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

const Id = z.string().min(1).max(64)

async function signedInViewer() {
  const viewer = await currentViewer()
  if (!viewer.user) redirect('/auth/sign-in?redirect=%2Fdashboard%2Fnotifications')
  return viewer
}

/** "Mark as read" on one notification (its user only: src/lib/notifications/read.ts). */
export async function markReadAction(form: FormData): Promise<void> {
  const id = Id.safeParse(form.get('id'))
  if (id.success) await markRead(await signedInViewer(), [id.data])
  refreshAfterWrite('dashboard')
}

/** "Mark all as read". */
export async function markAllReadAction(): Promise<void> {
  await markAllRead(await signedInViewer())
  refreshAfterWrite('dashboard')
}
