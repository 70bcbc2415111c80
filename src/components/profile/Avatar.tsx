import { ProfileIcon, type ProfileIconName } from '@/components/site/icons'

type Props = { url: string | null; size: number; round?: boolean; fallback: ProfileIconName; className?: string }

/** An avatar or icon; decorative (the name is always next to it), with an icon when there is no image. */
export function Avatar({ url, size, round = false, fallback, className = '' }: Props) {
  return (
    <span className={`profile-avatar${round ? ' profile-avatar--round' : ''} ${className}`} style={{ width: size, height: size }} aria-hidden="true">
      {url ? <img src={url} alt="" width={size} height={size} decoding="async" /> : <ProfileIcon name={fallback} size={Math.round(size * 0.5)} />}
    </span>
  )
}
