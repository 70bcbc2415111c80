import type { ReactNode, SVGProps } from 'react'

export type SvgIconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'name'> & { size?: number; strokeWidth?: number }

/** The one outline-icon frame (24×24, currentColor, hidden from assistive tech); icon sets pass their paths. */
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
