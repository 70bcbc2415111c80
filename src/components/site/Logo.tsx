/** The Blockforge mark: an isometric block with an ember on top. Decorative (the site name is text). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="logo-mark">
      <path d="M16 2.5 28.5 9.5 16 16.5 3.5 9.5Z" fill="var(--logo-top)" />
      <path d="M3.5 9.5 16 16.5V30L3.5 23Z" fill="var(--logo-left)" />
      <path d="M28.5 9.5 16 16.5V30L28.5 23Z" fill="var(--logo-right)" />
      <path d="M16 6.2 21.6 9.4 16 12.6 10.4 9.4Z" fill="var(--logo-ember)" />
    </svg>
  )
}
