import { SvgIcon, type SvgIconProps } from './SvgIcon'

/** Stroke icons used across the site (24×24, currentColor). Decorative unless given a title. */
const PATHS = {
  mod: (
    <>
      <path d="M12 2.5 3.5 7.2v9.6L12 21.5l8.5-4.7V7.2L12 2.5Z" />
      <path d="M3.5 7.2 12 12l8.5-4.8M12 12v9.5" />
    </>
  ),
  modpack: (
    <>
      <path d="M12 2.5 2.5 7.5 12 12.5l9.5-5L12 2.5Z" />
      <path d="m2.5 12 9.5 5 9.5-5M2.5 16.5l9.5 5 9.5-5" />
    </>
  ),
  plugin: (
    <>
      <path d="M9 2.5v5M15 2.5v5" />
      <path d="M6 7.5h12V11a6 6 0 0 1-12 0V7.5Z" />
      <path d="M12 17v4.5" />
    </>
  ),
  resourcepack: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <circle cx="9" cy="9" r="1.75" />
      <path d="m21 15-4.5-4.5L6 21" />
    </>
  ),
  shader: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  datapack: (
    <path d="M8 3H7a2 2 0 0 0-2 2v4.5A2.5 2.5 0 0 1 2.5 12 2.5 2.5 0 0 1 5 14.5V19a2 2 0 0 0 2 2h1M16 3h1a2 2 0 0 1 2 2v4.5a2.5 2.5 0 0 0 2.5 2.5 2.5 2.5 0 0 0-2.5 2.5V19a2 2 0 0 1-2 2h-1" />
  ),
  download: <path d="M12 3v12m0 0-4.5-4.5M12 15l4.5-4.5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />,
  heart: (
    <path d="M12 20.5s-8.5-4.9-8.5-11A4.8 4.8 0 0 1 12 6.6a4.8 4.8 0 0 1 8.5 2.9c0 6.1-8.5 11-8.5 11Z" />
  ),
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  moon: <path d="M20.5 14.5A8.5 8.5 0 1 1 9.5 3.5a7 7 0 0 0 11 11Z" />,
  monitor: (
    <>
      <rect x="2.5" y="3.5" width="19" height="13" rx="2" />
      <path d="M8 20.5h8M12 16.5v4" />
    </>
  ),
  menu: <path d="M3.5 6.5h17M3.5 12h17M3.5 17.5h17" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  arrowRight: <path d="M4.5 12h15m0 0-6-6m6 6-6 6" />,
  calendar: (
    <>
      <rect x="3" y="4.5" width="18" height="16.5" rx="2" />
      <path d="M3 9.5h18M8 2.5v4M16 2.5v4" />
    </>
  ),
  signIn: <path d="M14 3.5h4a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2h-4M9.5 16.5 14 12 9.5 7.5M14 12H3.5" />,
} as const

export type IconName = keyof typeof PATHS

export function Icon({ name, size = 20, ...rest }: SvgIconProps & { name: IconName }) {
  return (
    <SvgIcon size={size} {...rest}>
      {PATHS[name]}
    </SvgIcon>
  )
}
