/**
 * Where a tooltip goes (spec §9: "Tooltip: top … distance 5"): centred above its trigger, 5 px
 * away; flipped below when there is no room above; shifted sideways to stay inside the viewport.
 * Pure geometry in viewport coordinates so it can be tested without a browser.
 */
import { TOOLTIP, VIEWPORT_MARGIN_PX, type Placement } from './ui-timings'

export type Box = { left: number; top: number; width: number; height: number }
export type Size = { width: number; height: number }
export type TooltipPosition = { placement: Placement; left: number; top: number }

export function placeTooltip(trigger: Box, tip: Size, viewport: Size, distance: number = TOOLTIP.distancePx, margin: number = VIEWPORT_MARGIN_PX): TooltipPosition {
  const above = trigger.top - distance - tip.height
  const below = trigger.top + trigger.height + distance
  const fitsAbove = above >= margin
  const fitsBelow = below + tip.height <= viewport.height - margin
  const placement: Placement = fitsAbove || !fitsBelow ? 'top' : 'bottom'
  const centred = trigger.left + trigger.width / 2 - tip.width / 2
  const maxLeft = viewport.width - margin - tip.width
  const left = maxLeft < margin ? margin : Math.min(Math.max(centred, margin), maxLeft)
  return { placement, left, top: placement === 'top' ? above : below }
}
