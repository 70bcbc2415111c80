import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

/** Where a user edits their public profile (spec §2 Settings "Public profile"). */
export const EDIT_PROFILE_PATH = '/settings/profile'

/** The prompt a signed-in user sees on their own profile (spec §6: owners of a profile get edit prompts). */
export async function EditProfileLink() {
  const t = await getTranslations('Profile')
  return (
    <Link href={EDIT_PROFILE_PATH} className="button button--secondary button--small" data-testid="edit-profile">
      {t('editProfile')}
    </Link>
  )
}
