/** A game version tag as the `game-versions` collection stores it. */
export interface GameVersionTag {
  version: string
  /** 'release', 'snapshot', 'beta' or 'alpha'; anything not release or snapshot is treated as legacy. */
  versionType: string
  /** ISO 8601. */
  date: string
}

const RANGE_DASH = '–'
/** "1.21" for 1.21, 1.21.4 and so on; versions not shaped like that never collapse to a ".x" line. */
const MAJOR_LINE = /^(\d+\.\d+)(?:\.\d+)?$/

const majorLineOf = (version: string): string | null => MAJOR_LINE.exec(version)?.[1] ?? null

/**
 * The selected game versions as short, human ranges in chronological order (spec §9 "version ranges collapse
 * into spans"), like Modrinth's "1.18–1.20.4, 1.21.x":
 *
 * - Releases next to each other in the full list of releases form one span, "first–last", across major lines.
 * - A span that is exactly one whole major line (every 1.21 release so far) is written "1.21.x".
 * - Alpha/beta versions collapse the same way among themselves and come first, as they are oldest.
 * - Snapshots: if no release is selected, they are shown as spans among snapshots; otherwise only a selected
 *   snapshot newer than the newest selected release is appended (it says "already runs on the next version"),
 *   and older snapshots are left out as noise. This is Modrinth's rule.
 * - Selected versions missing from `all` are appended unchanged, so nothing silently disappears.
 *
 * `all` may come in any order; it is ordered by date. Same-day versions (1.7.6/1.7.7) keep the list's own
 * order, read in its direction (newest-first lists, as the API serves them, are read backwards).
 */
export function gameVersionRanges(selected: readonly string[], all: readonly GameVersionTag[]): string[] {
  const chosen = new Set(selected)
  const timeline = chronological(all)
  const known = new Set(timeline.map((tag) => tag.version))
  const releases = timeline.filter((tag) => tag.versionType === 'release')
  const snapshots = timeline.filter((tag) => tag.versionType === 'snapshot')
  const legacy = timeline.filter((tag) => tag.versionType !== 'release' && tag.versionType !== 'snapshot')

  const lineSizes = new Map<string, number>()
  for (const { version } of releases) {
    const line = majorLineOf(version)
    if (line !== null) lineSizes.set(line, (lineSizes.get(line) ?? 0) + 1)
  }
  const formatRelease = (run: GameVersionTag[]): string => {
    const line = majorLineOf(run[0].version)
    const wholeLine = run.length > 1 && line !== null && run.length === lineSizes.get(line) && run.every((tag) => majorLineOf(tag.version) === line)
    return wholeLine ? `${line}.x` : formatSpan(run)
  }

  const releaseRuns = runsOf(releases, chosen)
  const output = [...runsOf(legacy, chosen).map(formatSpan), ...releaseRuns.map(formatRelease)]
  if (releaseRuns.length === 0) {
    output.push(...runsOf(snapshots, chosen).map(formatSpan))
  } else {
    const lastRun = releaseRuns[releaseRuns.length - 1]
    const newestRelease = timeline.indexOf(lastRun[lastRun.length - 1])
    const newerSnapshots = snapshots.filter((tag) => chosen.has(tag.version) && timeline.indexOf(tag) > newestRelease)
    if (newerSnapshots.length > 0) output.push(newerSnapshots[newerSnapshots.length - 1].version)
  }
  output.push(...[...chosen].filter((version) => !known.has(version)))
  return output
}

/** The same ranges joined for display: "1.18–1.20.4, 1.21.x". */
export const collapseGameVersions = (selected: readonly string[], all: readonly GameVersionTag[]): string =>
  gameVersionRanges(selected, all).join(', ')

/** Oldest first; ties keep the list's order as read in its own direction. Unparseable dates count as oldest. */
function chronological(all: readonly GameVersionTag[]): GameVersionTag[] {
  const time = (tag: GameVersionTag): number => {
    const parsed = Date.parse(tag.date)
    return Number.isNaN(parsed) ? -Infinity : parsed
  }
  const newestFirst = all.length > 1 && time(all[0]) > time(all[all.length - 1])
  return all
    .map((tag, index) => ({ tag, index, time: time(tag) }))
    .sort((a, b) => (a.time !== b.time ? (a.time < b.time ? -1 : 1) : newestFirst ? b.index - a.index : a.index - b.index))
    .map(({ tag }) => tag)
}

/** Maximal runs of selected versions that sit next to each other in `list`. */
function runsOf(list: readonly GameVersionTag[], chosen: ReadonlySet<string>): GameVersionTag[][] {
  const runs: GameVersionTag[][] = []
  let current: GameVersionTag[] = []
  for (const tag of list) {
    if (chosen.has(tag.version)) {
      current.push(tag)
    } else if (current.length > 0) {
      runs.push(current)
      current = []
    }
  }
  if (current.length > 0) runs.push(current)
  return runs
}

const formatSpan = (run: readonly GameVersionTag[]): string =>
  run.length === 1 ? run[0].version : `${run[0].version}${RANGE_DASH}${run[run.length - 1].version}`
