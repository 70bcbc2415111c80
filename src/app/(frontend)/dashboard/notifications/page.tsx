import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { NotificationsPage, pageParam } from '@/components/dashboard/NotificationsPage'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Dashboard.notifications')
  return { title: t('metaTitle'), robots: { index: false } }
}

type Props = { searchParams: Promise<{ page?: string | string[] }> }

/** /dashboard/notifications: the unread notifications, to read and mark read. */
export default async function Page({ searchParams }: Props) {
  return <NotificationsPage history={false} page={pageParam((await searchParams).page)} />
}
