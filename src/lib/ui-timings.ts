/**
 * Timings and distances of the site's transient UI, in one place (spec §9: "Tooltip: top, hover,
 * focus, touch, show delay 200 ms, distance 5. Dropdown: bottom, click. Menu: hide delay 400 ms.
 * Dispose timeout 150 ms. Touch close threshold 20 px." and "Toasts auto-dismiss after 30 s; copy
 * check mark 2 s; loading bar throttle 50 ms, duration 500 ms, height 3 px").
 * Plain data, no framework imports: components, CSS-in-JS values and unit tests read the same numbers.
 */

export type Placement = 'top' | 'bottom'
export type Trigger = 'hover' | 'focus' | 'touch' | 'click'

/** Tooltips: shown above the trigger, 5 px away, after 200 ms of hover or keyboard focus (or a touch hold). */
export const TOOLTIP = {
  placement: 'top' as Placement,
  triggers: ['hover', 'focus', 'touch'] as readonly Trigger[],
  showDelayMs: 200,
  distancePx: 5,
} as const

/**
 * Dropdowns open below their button on click. Menus that open on hover close 400 ms after the
 * pointer leaves, so a diagonal move towards an item does not close them. (The site has no hover
 * menus today: the header menu is a click disclosure and sort/per-page are native selects.)
 */
export const DROPDOWN = { placement: 'bottom' as Placement, triggers: ['click'] as readonly Trigger[] } as const
export const MENU = { hideDelayMs: 400 } as const

/** A hidden popper stays mounted this long so its fade-out can play, then it is removed. */
export const DISPOSE_TIMEOUT_MS = 150

/** A touch-opened popper closes once the finger moves this far (the user is scrolling, not holding). */
export const TOUCH_CLOSE_THRESHOLD_PX = 20

/** Toasts close on their own after 30 s (paused while hovered or focused). */
export const TOAST_TIMEOUT_MS = 30_000

/** A copy button shows its check mark for 2 s. */
export const COPY_CHECK_MS = 2_000

/** Top loading bar: hidden for navigations faster than the throttle; `duration` paces its advance. */
export const LOADING_BAR = { throttleMs: 50, durationMs: 500, heightPx: 3 } as const

/** Margin kept between a popper and the viewport edge when it is shifted to stay on screen. */
export const VIEWPORT_MARGIN_PX = 8
