import localFont from 'next/font/local'

/**
 * Inter, the site's typeface, served from the app itself (the @fontsource-variable/inter package:
 * no external font service). One variable file per script covers every weight; next/font preloads
 * the Latin one, hashes both and sizes the system fallback to match so text does not jump when it
 * arrives. The layout puts `variable` on <html>; tokens.css puts `--font-inter` first in --font-sans.
 */
export const inter = localFont({
  src: [
    { path: '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', weight: '100 900', style: 'normal' },
  ],
  variable: '--font-inter',
  display: 'swap',
  fallback: ['system-ui', 'Segoe UI', 'Roboto', 'Arial'],
})
