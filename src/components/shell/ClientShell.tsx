'use client'

/**
 * The client shell of spec §4/§7–§9 (new-build polling, chunk-load reload, developer mode,
 * banners). Placeholder: filled in by the client-shell work.
 */
export function ClientShell() {
  return null
}
