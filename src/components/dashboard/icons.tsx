import { SvgIcon, type SvgIconProps } from '@/components/site/SvgIcon'

/** Icons of the dashboard's sections (24×24 strokes, currentColor, decorative). */
const PATHS = {
  home: <path d="M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10" />,
  bell: <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2ZM10 20a2 2 0 0 0 4 0" />,
  box: <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9ZM3 7.5 12 12l9-4.5M12 12v9" />,
  chart: <path d="M4 20V4M4 20h16M8 16v-5M12 16V8M16 16v-3" />,
  building: <path d="M4 21V5l8-2v18M12 8h8v13M7 8h2M7 12h2M7 16h2M15 12h2M15 16h2M2 21h20" />,
  flag: <path d="M5 21V4M5 4h11l-2 4 2 4H5" />,
  library: <path d="M4 4h4v16H4zM10 4h4v16h-4zM16 5l3.5-1 3 15.5-3.5 1z" />,
  shield: <path d="M12 3 4 6v6c0 4.5 3.4 8.2 8 9 4.6-.8 8-4.5 8-9V6l-8-3ZM9 12l2 2 4-4" />,
  coins: <path d="M12 3v18M16.5 7.5c0-1.7-2-3-4.5-3s-4.5 1.3-4.5 3 2 2.6 4.5 3.2 4.5 1.6 4.5 3.4-2 3.4-4.5 3.4-4.5-1.4-4.5-3.2" />,
} as const

export type DashboardIconName = keyof typeof PATHS

export function DashboardIcon({ name, ...props }: { name: DashboardIconName } & SvgIconProps) {
  return <SvgIcon {...props}>{PATHS[name]}</SvgIcon>
}
