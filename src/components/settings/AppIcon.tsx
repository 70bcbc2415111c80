/** An application's icon, or its initial on a tile when it has none (decorative: the name is beside it). */
export function AppIcon({ name, iconUrl, size }: { name: string; iconUrl: string | null; size: 48 | 64 }) {
  const className = `app-icon app-icon--${size}`
  return iconUrl ? <img src={iconUrl} alt="" width={size} height={size} className={className} /> : <span className={`${className} app-icon--blank`} aria-hidden="true">{name.slice(0, 1)}</span>
}
