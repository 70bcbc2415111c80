/**
 * Announces a tag at most once per `intervalMs`: the first change at once, later ones in one
 * message at the end of the interval. For counters (downloads) that change with traffic: every
 * counted download dropping a popular project's cached pages would empty the cache exactly where it
 * helps most, while a count a few seconds late is what every such site shows.
 */
export function throttledAnnouncer(announce: (tag: string) => Promise<void>, intervalMs: number) {
  const windows = new Map<string, { dirty: boolean }>()
  const fire = (tag: string) =>
    void announce(tag).catch(() => {
      /* the TTL covers a lost announcement */
    })
  return (tag: string): void => {
    const open = windows.get(tag)
    if (open) {
      open.dirty = true
      return
    }
    fire(tag)
    const window = { dirty: false }
    windows.set(tag, window)
    const timer = setTimeout(() => {
      windows.delete(tag)
      if (window.dirty) fire(tag)
    }, intervalMs)
    timer.unref?.()
  }
}
