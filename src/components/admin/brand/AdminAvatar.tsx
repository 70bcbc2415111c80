import type { Payload, TypedUser } from 'payload'

import { generatedAvatar } from '@/lib/avatar/generated'
import { imageUrl } from '@/lib/data/profile-pages'
import { relationId } from '@/lib/ids'

type Props = { user?: TypedUser | null; payload: Payload }

/**
 * The account picture in the admin panel's header: the avatar the user uploaded on the site, else
 * their initial on a colour of their own (never an external avatar service). Decorative: the link
 * around it is labelled by Payload.
 */
export async function AdminAvatar({ user, payload }: Props) {
  const avatarId = user && 'avatar' in user ? relationId(user.avatar) : null
  const image = avatarId ? await payload.findByID({ collection: 'images', id: avatarId, depth: 0, overrideAccess: false, user, disableErrors: true }) : null
  const url = imageUrl(image)
  if (url) return <img className="bf-admin-avatar" src={url} alt="" width={32} height={32} />
  const name = user && 'username' in user ? user.username : null
  const { initial, hue } = generatedAvatar(name ?? user?.email)
  return (
    <span className="bf-admin-avatar bf-admin-avatar--generated" style={{ background: `hsl(${hue} 45% 38%)` }} aria-hidden="true">
      {initial}
    </span>
  )
}
