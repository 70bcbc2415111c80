import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { AvatarForm, ProfileForm } from '@/components/settings/account/AccountForms'
import { SettingsFrame } from '@/components/settings/SettingsFrame'
import { requireUser } from '@/lib/auth/guard'
import { imagesByIds } from '@/lib/data'
import { currentViewer } from '@/lib/data/currentViewer'
import { imageUrl } from '@/lib/data/profile-pages'
import { relationId } from '@/lib/ids'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('AccountSettings')
  return { title: t('profile.title'), robots: { index: false } }
}

/** /settings/profile (spec §2 Settings "Public profile"): username, bio, avatar. */
export default async function ProfileSettingsPage() {
  const user = await requireUser()
  const [t, viewer] = await Promise.all([getTranslations('AccountSettings'), currentViewer()])
  const avatarId = relationId(user.avatar)
  const avatar = avatarId ? (await imagesByIds(viewer, [avatarId])).get(avatarId) : null
  return (
    <SettingsFrame active="profile" title={t('profile.title')} lead={t('profile.lead')}>
      <AvatarForm avatarUrl={imageUrl(avatar) ?? null} />
      <ProfileForm username={user.username ?? ''} bio={user.bio ?? ''} />
    </SettingsFrame>
  )
}
