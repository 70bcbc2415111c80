/**
 * Counts quick clicks on the logo (spec §4, §9: "Developer mode toggles after 5 logo clicks").
 * Clicks belong to one streak while each follows the previous within the window; the fifth click
 * of a streak fires and starts a new one. Pure: the clock is passed in.
 */

export const DEVELOPER_MODE_CLICKS = 5
export const CLICK_STREAK_WINDOW_MS = 2_000

export type ClickResult = {
  /** Position of this click in its streak (1 = a fresh streak). */
  count: number
  /** True on the click that completes the streak. */
  fired: boolean
}

export function createClickCounter(needed = DEVELOPER_MODE_CLICKS, windowMs = CLICK_STREAK_WINDOW_MS) {
  let count = 0
  let last = Number.NEGATIVE_INFINITY
  return {
    click(now: number): ClickResult {
      count = now - last <= windowMs && now >= last ? count + 1 : 1
      last = now
      if (count < needed) return { count, fired: false }
      const result = { count, fired: true }
      count = 0
      last = Number.NEGATIVE_INFINITY
      return result
    },
  }
}
