import { SEARCH_ICON_PATHS } from './icons'

/**
 * Icons repeated on every result card and filter row, drawn once per page: each copy is a `<use>` of
 * a symbol here (~90 bytes instead of ~270, and the same again in the page's RSC payload). Stroke
 * style comes from the `.si` rule in search.css. Render <SearchSprite /> once on the page.
 */
const SPRITE = ['ban', 'download', 'heart', 'clock'] as const
export type SpriteIconName = (typeof SPRITE)[number]

export function SearchSprite() {
  return (
    <svg className="icon-sprite" width="0" height="0" aria-hidden="true" focusable="false">
      <defs>
        {SPRITE.map((name) => (
          <symbol key={name} id={`si-${name}`} viewBox="0 0 24 24">
            {SEARCH_ICON_PATHS[name]}
          </symbol>
        ))}
      </defs>
    </svg>
  )
}

export function SpriteIcon({ name, size = 16 }: { name: SpriteIconName; size?: number }) {
  return (
    <svg className="si" width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`#si-${name}`} />
    </svg>
  )
}
