import ignore from 'ignore'

/**
 * gitignore-style patterns, as a backup's `ignore` list takes them (Pterodactyl's `.pteroignore`
 * works the same way), matched by the `ignore` package (the rules git itself documents: `#`
 * comments, `!` to take back, `dir/` for folders only, anchored `/logs`, `**`). A folder left out is
 * not entered, so (as in git) nothing below it can be taken back.
 */
export function ignoreMatcher(patterns: readonly string[]): (path: string, isDirectory: boolean) => boolean {
  const lines = patterns.flatMap((p) => p.split(/\r?\n/))
  const matcher = ignore().add(lines)
  if (!lines.some((l) => l.trim() && !l.trim().startsWith('#'))) return () => false
  return (path, isDirectory) => matcher.ignores(isDirectory ? `${path}/` : path)
}
