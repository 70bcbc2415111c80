import type { ReactNode, SVGProps } from 'react'

export type SvgIconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'name'> & { size?: number; strokeWidth?: number }

/** The one outline-icon frame (24×24, currentColor, hidden from assistive tech); the icon sets below pass their glyphs. */
export function SvgIcon({ size = 20, strokeWidth = 1.8, children, ...rest }: SvgIconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  )
}

const crown = <path d="M4 8.5 7.5 11 12 4.5 16.5 11 20 8.5 18.5 18h-13L4 8.5Z" />

/**
 * Every glyph of the site, each drawing once (24×24 strokes). Names say what is drawn; where two
 * areas draw a thing slightly differently both drawings stay, so no page renders otherwise.
 */
const GLYPHS = {
  // Project types (./home, the project header) and profile badges.
  cube: (
    <>
      <path d="M12 2.5 3.5 7.2v9.6L12 21.5l8.5-4.7V7.2L12 2.5Z" />
      <path d="M3.5 7.2 12 12l8.5-4.8M12 12v9.5" />
    </>
  ),
  layers: (
    <>
      <path d="M12 2.5 2.5 7.5 12 12.5l9.5-5L12 2.5Z" />
      <path d="m2.5 12 9.5 5 9.5-5M2.5 16.5l9.5 5 9.5-5" />
    </>
  ),
  plug: (
    <>
      <path d="M9 2.5v5M15 2.5v5" />
      <path d="M6 7.5h12V11a6 6 0 0 1-12 0V7.5Z" />
      <path d="M12 17v4.5" />
    </>
  ),
  image: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <circle cx="9" cy="9" r="1.75" />
      <path d="m21 15-4.5-4.5L6 21" />
    </>
  ),
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  braces: (
    <path d="M8 3H7a2 2 0 0 0-2 2v4.5A2.5 2.5 0 0 1 2.5 12 2.5 2.5 0 0 1 5 14.5V19a2 2 0 0 0 2 2h1M16 3h1a2 2 0 0 1 2 2v4.5a2.5 2.5 0 0 0 2.5 2.5 2.5 2.5 0 0 0-2.5 2.5V19a2 2 0 0 1-2 2h-1" />
  ),
  crown,
  midas: (
    <>
      {crown}
      <path d="M5.5 21h13" />
    </>
  ),
  flask: (
    <>
      <path d="M9 3h6M10 3v6L4.5 18.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3" />
      <path d="M7 15h10" />
    </>
  ),
  translate: (
    <>
      <path d="M4 5h8M8 3v2M5.5 5c.8 3.5 3 6.2 6 7.5M10.5 5c-.8 3.7-3.2 6.8-6.5 8.5" />
      <path d="m12 21 4.5-10 4.5 10M13.6 17.5h5.8" />
    </>
  ),
  chain: (
    <>
      <path d="M10 14a4 4 0 0 0 5.7 0l3.5-3.5a4 4 0 0 0-5.7-5.7L12 6.3" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3.5 3.5a4 4 0 0 0 5.7 5.7l1.5-1.5" />
    </>
  ),
  link: <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
  // Actions and states.
  download: <path d="M12 3v12m0 0-4.5-4.5M12 15l4.5-4.5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />,
  heart: <path d="M12 20.5s-8.5-4.9-8.5-11A4.8 4.8 0 0 1 12 6.6a4.8 4.8 0 0 1 8.5 2.9c0 6.1-8.5 11-8.5 11Z" />,
  heartNarrow: <path d="M12 20.5s-8-4.6-8-10.6A4.4 4.4 0 0 1 12 7.3a4.4 4.4 0 0 1 8 2.6c0 6-8 10.6-8 10.6Z" />,
  copy: (
    <>
      <rect x="8.5" y="8.5" width="12" height="12" rx="2" />
      <path d="M15.5 8.5V5.5a2 2 0 0 0-2-2h-8a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h3" />
    </>
  ),
  /** The long check of the copy buttons and toasts. */
  check: <path d="m4.5 12.5 5 5 10-11" />,
  /** The shorter check of the profile, search and settings pages. */
  tick: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  minus: <path d="M5.5 12h13" />,
  menu: <path d="M3.5 6.5h17M3.5 12h17M3.5 17.5h17" />,
  arrowRight: <path d="M4.5 12h15m0 0-6-6m6 6-6 6" />,
  external: <path d="M14 4h6v6M20 4l-9 9M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />,
  signIn: <path d="M14 3.5h4a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2h-4M9.5 16.5 14 12 9.5 7.5M14 12H3.5" />,
  chevronLeft: <path d="m15 5-7 7 7 7" />,
  chevronRight: <path d="m9 5 7 7-7 7" />,
  chevronLeftSmall: <path d="m14.5 5.5-6.5 6.5 6.5 6.5" />,
  chevronRightSmall: <path d="m9.5 5.5 6.5 6.5-6.5 6.5" />,
  magnifier: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20.5 20.5-4.5-4.5" />
    </>
  ),
  magnifierShort: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>
  ),
  funnel: <path d="M3.5 5h17l-6.5 8v6l-4 2v-8L3.5 5Z" />,
  funnelSlim: <path d="M3.5 5.5h17l-6.5 7.5v6l-4 1.5v-7.5l-6.5-7.5Z" />,
  list: <path d="M8.5 6h12M8.5 12h12M8.5 18h12M3.5 6h.01M3.5 12h.01M3.5 18h.01" />,
  grid: (
    <>
      <rect x="3.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="13.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="3.5" y="13.5" width="7" height="7" rx="1.5" />
      <rect x="13.5" y="13.5" width="7" height="7" rx="1.5" />
    </>
  ),
  apps: (
    <>
      <rect x="4" y="4" width="7" height="7" rx="1.5" />
      <rect x="13" y="4" width="7" height="7" rx="1.5" />
      <rect x="4" y="13" width="7" height="7" rx="1.5" />
      <rect x="13" y="13" width="7" height="7" rx="1.5" />
    </>
  ),
  gallery: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2.5" />
      <circle cx="8.5" cy="9.5" r="1.5" />
      <path d="m21 16-5-5L5 20" />
    </>
  ),
  ban: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m6 6 12 12" />
    </>
  ),
  // Toasts.
  circleX: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6M15 9l-6 6" />
    </>
  ),
  warning: (
    <>
      <path d="M10.3 4.2 2.8 17.5A2 2 0 0 0 4.5 20.5h15a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0Z" />
      <path d="M12 9.5v4M12 17h.01" />
    </>
  ),
  circleCheck: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.8 2.8L16.5 9.5" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5h.01" />
    </>
  ),
  alert: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5h.01" />
    </>
  ),
  // Things.
  moon: <path d="M20.5 14.5A8.5 8.5 0 1 1 9.5 3.5a7 7 0 0 0 11 11Z" />,
  monitor: (
    <>
      <rect x="2.5" y="3.5" width="19" height="13" rx="2" />
      <path d="M8 20.5h8M12 16.5v4" />
    </>
  ),
  monitorSmall: (
    <>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </>
  ),
  server: (
    <>
      <rect x="2.5" y="3.5" width="19" height="7" rx="2" />
      <rect x="2.5" y="13.5" width="19" height="7" rx="2" />
      <path d="M6.5 7h.01M6.5 17h.01" />
    </>
  ),
  calendar: (
    <>
      <rect x="3" y="4.5" width="18" height="16.5" rx="2" />
      <path d="M3 9.5h18M8 2.5v4M16 2.5v4" />
    </>
  ),
  calendarSmall: (
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
  clockLarge: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  /** Angle brackets with a slash. */
  code: <path d="m8 7-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />,
  /** Angle brackets alone. */
  angles: <path d="m16 18 6-6-6-6M8 6l-6 6 6 6" />,
  rss: (
    <>
      <path d="M5 11a8 8 0 0 1 8 8M5 5a14 14 0 0 1 14 14" />
      <circle cx="6" cy="18" r="1.2" />
    </>
  ),
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
  usersWide: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.7a3.5 3.5 0 0 1 0 6.6M18 14a6.5 6.5 0 0 1 3.5 6" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  folder: <path d="M3 6.5a2 2 0 0 1 2-2h4.2l2 2.5H19a2 2 0 0 1 2 2v8.5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-11Z" />,
  file: (
    <>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" />
      <path d="M14 3v5h5" />
    </>
  ),
  book: <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5v-15ZM4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5" />,
  chat: <path d="M4 5h16v11H9l-5 4V5Z" />,
  gift: (
    <>
      <rect x="3" y="8" width="18" height="5" rx="1" />
      <path d="M5 13v8h14v-8M12 8v13M12 8S10.5 3.5 8 4.5 9 8 12 8Zm0 0s1.5-4.5 4-3.5S15 8 12 8Z" />
    </>
  ),
  scale: <path d="M12 3v18M7 21h10M5 7h14M5 7l-3 7a3 3 0 0 0 6 0L5 7Zm14 0-3 7a3 3 0 0 0 6 0l-3-7Z" />,
  // The dashboard's sections.
  home: <path d="M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10" />,
  bell: <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2ZM10 20a2 2 0 0 0 4 0" />,
  parcel: <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9ZM3 7.5 12 12l9-4.5M12 12v9" />,
  chart: <path d="M4 20V4M4 20h16M8 16v-5M12 16V8M16 16v-3" />,
  building: <path d="M4 21V5l8-2v18M12 8h8v13M7 8h2M7 12h2M7 16h2M15 12h2M15 16h2M2 21h20" />,
  flag: <path d="M5 21V4M5 4h11l-2 4 2 4H5" />,
  library: <path d="M4 4h4v16H4zM10 4h4v16h-4zM16 5l3.5-1 3 15.5-3.5 1z" />,
  shieldCheck: <path d="M12 3 4 6v6c0 4.5 3.4 8.2 8 9 4.6-.8 8-4.5 8-9V6l-8-3ZM9 12l2 2 4-4" />,
  coins: <path d="M12 3v18M16.5 7.5c0-1.7-2-3-4.5-3s-4.5 1.3-4.5 3 2 2.6 4.5 3.2 4.5 1.6 4.5 3.4-2 3.4-4.5 3.4-4.5-1.4-4.5-3.2" />,
  // The settings pages.
  gear: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
    </>
  ),
  palette: (
    <>
      <path d="M12 3a9 9 0 1 0 0 18c1 0 1.5-.7 1.5-1.5 0-.4-.2-.8-.4-1.1-.3-.3-.4-.6-.4-1 0-.8.7-1.5 1.5-1.5H16a5 5 0 0 0 5-5c0-4.4-4-7.9-9-7.9Z" />
      <circle cx="7.5" cy="11.5" r="1" />
      <circle cx="10" cy="7.5" r="1" />
      <circle cx="15" cy="7.5" r="1" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>
  ),
  shield: <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Z" />,
  key: (
    <>
      <circle cx="7.5" cy="15.5" r="3.5" />
      <path d="m10 13 9-9M16 7l3 3M14 9l2 2" />
    </>
  ),
  card: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 10h18M7 15h4" />
    </>
  ),
} as const

type Glyph = keyof typeof GLYPHS

/** An icon set: its own names for glyphs, and its defaults (size, stroke). */
type IconSetProps<Name extends string> = SvgIconProps & { name: Name }
const glyphOf = <M extends Record<string, Glyph>>(set: M, name: keyof M) => GLYPHS[set[name]]

/** The site's icons (header, home, project types: a project type's name is its icon's). */
const SITE = {
  mod: 'cube',
  modpack: 'layers',
  plugin: 'plug',
  resourcepack: 'image',
  shader: 'sun',
  datapack: 'braces',
  download: 'download',
  heart: 'heart',
  sun: 'sun',
  moon: 'moon',
  monitor: 'monitor',
  menu: 'menu',
  close: 'close',
  arrowRight: 'arrowRight',
  calendar: 'calendar',
  signIn: 'signIn',
} as const satisfies Record<string, Glyph>
export type IconName = keyof typeof SITE

export function Icon({ name, size = 20, ...rest }: IconSetProps<IconName>) {
  return (
    <SvgIcon size={size} {...rest}>
      {glyphOf(SITE, name)}
    </SvgIcon>
  )
}

/** The dashboard's sections. */
const DASHBOARD = {
  home: 'home',
  bell: 'bell',
  box: 'parcel',
  chart: 'chart',
  building: 'building',
  flag: 'flag',
  library: 'library',
  shield: 'shieldCheck',
  coins: 'coins',
} as const satisfies Record<string, Glyph>
export type DashboardIconName = keyof typeof DASHBOARD

export function DashboardIcon({ name, ...rest }: IconSetProps<DashboardIconName>) {
  return <SvgIcon {...rest}>{glyphOf(DASHBOARD, name)}</SvgIcon>
}

/** The toasts' types and actions (a toast type's name is its icon's). */
const FEEDBACK = {
  error: 'circleX',
  warning: 'warning',
  success: 'circleCheck',
  info: 'info',
  copy: 'copy',
  check: 'check',
  close: 'close',
} as const satisfies Record<string, Glyph>
export type FeedbackIconName = keyof typeof FEEDBACK

export function FeedbackIcon({ name, ...rest }: IconSetProps<FeedbackIconName>) {
  return <SvgIcon {...rest}>{glyphOf(FEEDBACK, name)}</SvgIcon>
}

/** The profile pages: badges (a badge's name is its icon's), avatars' fallbacks, figures. */
const PROFILE = {
  midas: 'midas',
  earlyModpackAdopter: 'layers',
  earlyRespackAdopter: 'image',
  earlyPluginAdopter: 'plug',
  alphaTester: 'flask',
  contributor: 'code',
  translator: 'translate',
  affiliate: 'chain',
  download: 'download',
  rss: 'rss',
  heart: 'heartNarrow',
  box: 'cube',
  calendar: 'calendarSmall',
  clock: 'clock',
  copy: 'copy',
  check: 'tick',
  lock: 'lock',
  eyeOff: 'eyeOff',
  users: 'users',
  user: 'user',
  folder: 'folder',
  crown: 'crown',
} as const satisfies Record<string, Glyph>
export type ProfileIconName = keyof typeof PROFILE

export function ProfileIcon({ name, size = 20, ...rest }: IconSetProps<ProfileIconName>) {
  return (
    <SvgIcon size={size} {...rest}>
      {glyphOf(PROFILE, name)}
    </SvgIcon>
  )
}

/** The project pages. */
const PROJECT = {
  external: 'external',
  copy: 'copy',
  check: 'check',
  chevronLeft: 'chevronLeft',
  chevronRight: 'chevronRight',
  close: 'close',
  file: 'file',
  issues: 'alert',
  code: 'code',
  book: 'book',
  chat: 'chat',
  gift: 'gift',
  calendar: 'calendar',
  clock: 'clockLarge',
  scale: 'scale',
  users: 'usersWide',
  filter: 'funnel',
  box: 'cube',
} as const satisfies Record<string, Glyph>
export type ProjectIconName = keyof typeof PROJECT

export function PIcon({ name, size = 18, ...rest }: IconSetProps<ProjectIconName>) {
  return (
    <SvgIcon size={size} {...rest}>
      {glyphOf(PROJECT, name)}
    </SvgIcon>
  )
}

/** The search pages (a little heavier stroke). */
const SEARCH = {
  search: 'magnifier',
  filter: 'funnelSlim',
  list: 'list',
  grid: 'grid',
  gallery: 'gallery',
  ban: 'ban',
  check: 'tick',
  minus: 'minus',
  chevronLeft: 'chevronLeftSmall',
  chevronRight: 'chevronRightSmall',
  close: 'close',
  download: 'download',
  heart: 'heart',
  clock: 'clock',
  box: 'cube',
  code: 'angles',
  monitor: 'monitor',
  server: 'server',
} as const satisfies Record<string, Glyph>
export type SearchIconName = keyof typeof SEARCH

export function SearchIcon({ name, size = 18, ...rest }: IconSetProps<SearchIconName>) {
  return (
    <SvgIcon size={size} strokeWidth={1.9} {...rest}>
      {glyphOf(SEARCH, name)}
    </SvgIcon>
  )
}

/** The settings pages and the home search. */
const SETTINGS = {
  settings: 'gear',
  palette: 'palette',
  language: 'globe',
  user: 'user',
  shield: 'shield',
  key: 'key',
  monitor: 'monitorSmall',
  apps: 'apps',
  card: 'card',
  link: 'link',
  check: 'tick',
  search: 'magnifierShort',
} as const satisfies Record<string, Glyph>
export type SettingsIconName = keyof typeof SETTINGS

export function SettingsIcon({ name, ...rest }: IconSetProps<SettingsIconName>) {
  return <SvgIcon {...rest}>{glyphOf(SETTINGS, name)}</SvgIcon>
}
