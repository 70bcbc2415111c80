import { SvgIcon, type SvgIconProps } from '../site/SvgIcon'

/** Icons of the profile pages (24×24 strokes, currentColor). Decorative: always aria-hidden. */
const PATHS = {
  // Badges
  midas: (
    <>
      <path d="M4 8.5 7.5 11 12 4.5 16.5 11 20 8.5 18.5 18h-13L4 8.5Z" />
      <path d="M5.5 21h13" />
    </>
  ),
  earlyModpackAdopter: (
    <>
      <path d="M12 2.5 2.5 7.5 12 12.5l9.5-5L12 2.5Z" />
      <path d="m2.5 12 9.5 5 9.5-5M2.5 16.5l9.5 5 9.5-5" />
    </>
  ),
  earlyRespackAdopter: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <circle cx="9" cy="9" r="1.75" />
      <path d="m21 15-4.5-4.5L6 21" />
    </>
  ),
  earlyPluginAdopter: (
    <>
      <path d="M9 2.5v5M15 2.5v5" />
      <path d="M6 7.5h12V11a6 6 0 0 1-12 0V7.5Z" />
      <path d="M12 17v4.5" />
    </>
  ),
  alphaTester: (
    <>
      <path d="M9 3h6M10 3v6L4.5 18.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3" />
      <path d="M7 15h10" />
    </>
  ),
  contributor: (
    <>
      <path d="m8 7-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />
    </>
  ),
  translator: (
    <>
      <path d="M4 5h8M8 3v2M5.5 5c.8 3.5 3 6.2 6 7.5M10.5 5c-.8 3.7-3.2 6.8-6.5 8.5" />
      <path d="m12 21 4.5-10 4.5 10M13.6 17.5h5.8" />
    </>
  ),
  affiliate: (
    <>
      <path d="M10 14a4 4 0 0 0 5.7 0l3.5-3.5a4 4 0 0 0-5.7-5.7L12 6.3" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3.5 3.5a4 4 0 0 0 5.7 5.7l1.5-1.5" />
    </>
  ),
  // Other
  download: <path d="M12 3v12m0 0-4.5-4.5M12 15l4.5-4.5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />,
  rss: (
    <>
      <path d="M5 11a8 8 0 0 1 8 8M5 5a14 14 0 0 1 14 14" />
      <circle cx="6" cy="18" r="1.2" />
    </>
  ),
  heart: <path d="M12 20.5s-8-4.6-8-10.6A4.4 4.4 0 0 1 12 7.3a4.4 4.4 0 0 1 8 2.6c0 6-8 10.6-8 10.6Z" />,
  box: (
    <>
      <path d="M12 2.5 3.5 7.2v9.6L12 21.5l8.5-4.7V7.2L12 2.5Z" />
      <path d="M3.5 7.2 12 12l8.5-4.8M12 12v9.5" />
    </>
  ),
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  copy: (
    <>
      <rect x="8.5" y="8.5" width="12" height="12" rx="2" />
      <path d="M15.5 8.5V5.5a2 2 0 0 0-2-2h-8a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h3" />
    </>
  ),
  check: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  lock: (
    <>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
    </>
  ),
  eyeOff: (
    <>
      <path d="M3 3l18 18M10.6 5.1A9.7 9.7 0 0 1 12 5c5.5 0 9 7 9 7a16.5 16.5 0 0 1-2.6 3.5M6.6 6.6C4.2 8.2 3 12 3 12s3.5 7 9 7a9 9 0 0 0 4.4-1.1" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14a6.5 6.5 0 0 1 3.5 6" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  folder: <path d="M3 6.5a2 2 0 0 1 2-2h4.2l2 2.5H19a2 2 0 0 1 2 2v8.5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-11Z" />,
  crown: <path d="M4 8.5 7.5 11 12 4.5 16.5 11 20 8.5 18.5 18h-13L4 8.5Z" />,
} as const

export type ProfileIconName = keyof typeof PATHS

export function ProfileIcon({ name, size = 20, ...rest }: SvgIconProps & { name: ProfileIconName }) {
  return (
    <SvgIcon size={size} {...rest}>
      {PATHS[name]}
    </SvgIcon>
  )
}
