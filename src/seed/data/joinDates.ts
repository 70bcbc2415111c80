import { createRng, hashString } from './random'

/**
 * How many days ago each demo account joined: always before the first project it owns (by 2 weeks
 * to about a year and a half), and spread over the site's three years for accounts without one.
 */
export function joinDaysAgo(usernames: readonly string[], projects: readonly { owner: string; publishedDaysAgo: number }[]): Map<string, number> {
  const joined = new Map<string, number>()
  for (const username of usernames) {
    const rng = createRng(hashString(`joined:${username}`))
    const oldest = Math.max(0, ...projects.filter((p) => p.owner === username).map((p) => p.publishedDaysAgo))
    joined.set(username, oldest > 0 ? oldest + rng.int(14, 540) : rng.int(20, 1100))
  }
  return joined
}
