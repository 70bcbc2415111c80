/** Which keys carry each tag: how a cache finds every entry a tag names (./store.ts, ./pageCache.ts). */
export class TagIndex {
  private readonly byTag = new Map<string, Set<string>>()

  add(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      let keys = this.byTag.get(tag)
      if (!keys) this.byTag.set(tag, (keys = new Set()))
      keys.add(key)
    }
  }

  remove(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.byTag.get(tag)
      if (!keys) continue
      keys.delete(key)
      if (keys.size === 0) this.byTag.delete(tag)
    }
  }

  /** The keys carrying any of `tags` (a copy: dropping them changes the index). */
  keysOf(tags: Iterable<string>): string[] {
    const out = new Set<string>()
    for (const tag of tags) for (const key of this.byTag.get(tag) ?? []) out.add(key)
    return [...out]
  }

  clear(): void {
    this.byTag.clear()
  }
}
