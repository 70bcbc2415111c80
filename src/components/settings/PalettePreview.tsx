import type { Palette } from '@/lib/theme'

/**
 * A thumbnail of the site in one palette. It sets the same attributes as <html>, so tokens.css paints
 * it with the real palette (custom properties are scoped to the element), whatever the page's theme.
 */
export function PalettePreview({ palette }: { palette: Palette }) {
  return (
    <span className="palette-preview" data-theme={palette === 'light' ? 'light' : 'dark'} data-dark-theme={palette === 'light' ? undefined : palette} aria-hidden="true">
      <span className="palette-preview__bar">
        <span className="palette-preview__dot" />
        <span className="palette-preview__line palette-preview__line--short" />
      </span>
      <span className="palette-preview__card">
        <span className="palette-preview__line" />
        <span className="palette-preview__line palette-preview__line--muted" />
        <span className="palette-preview__button" />
      </span>
    </span>
  )
}

/** "System": light and the chosen dark palette side by side. */
export function SystemPreview({ dark }: { dark: Palette }) {
  return (
    <span className="palette-split" aria-hidden="true">
      <PalettePreview palette="light" />
      <PalettePreview palette={dark} />
    </span>
  )
}
