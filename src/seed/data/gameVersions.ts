/**
 * Minecraft: Java Edition versions, generated from compact tables.
 * Sorted newest first, like Modrinth's `/v2/tag/game_version`.
 */

export type GameVersionType = 'release' | 'snapshot' | 'beta' | 'alpha'

export interface GameVersion {
  version: string
  versionType: GameVersionType
  /** ISO 8601 timestamp. */
  date: string
  major: boolean
}

/**
 * Releases per minor line: [line, [[patch, 'YYYY-MM-DD'], ...]].
 * Patch '' means the bare line ("1.21"); a line whose first entry is a patch (1.2.1, 1.6.1…)
 * never had a bare release. The first release of each line is the major one.
 */
const releaseTable: [string, [string, string][]][] = [
  ['1.0', [['', '2011-11-18']]],
  ['1.1', [['', '2012-01-12']]],
  ['1.2', [['1', '2012-03-01'], ['2', '2012-03-01'], ['3', '2012-03-02'], ['4', '2012-03-22'], ['5', '2012-04-04']]],
  ['1.3', [['1', '2012-08-01'], ['2', '2012-08-16']]],
  ['1.4', [['2', '2012-10-25'], ['4', '2012-11-14'], ['5', '2012-11-20'], ['6', '2012-12-20'], ['7', '2012-12-28']]],
  ['1.5', [['', '2013-03-13'], ['1', '2013-03-21'], ['2', '2013-05-02']]],
  ['1.6', [['1', '2013-07-01'], ['2', '2013-07-08'], ['4', '2013-09-19']]],
  [
    '1.7',
    [
      ['2', '2013-10-25'],
      ['4', '2013-12-10'],
      ['5', '2014-02-26'],
      ['6', '2014-04-09'],
      ['7', '2014-04-09'],
      ['8', '2014-04-11'],
      ['9', '2014-04-14'],
      ['10', '2014-06-26'],
    ],
  ],
  [
    '1.8',
    [
      ['', '2014-09-02'],
      ['1', '2014-11-24'],
      ['2', '2015-02-19'],
      ['3', '2015-02-20'],
      ['4', '2015-04-17'],
      ['5', '2015-05-22'],
      ['6', '2015-05-25'],
      ['7', '2015-06-05'],
      ['8', '2015-07-28'],
      ['9', '2015-12-09'],
    ],
  ],
  ['1.9', [['', '2016-02-29'], ['1', '2016-03-30'], ['2', '2016-03-30'], ['3', '2016-05-10'], ['4', '2016-05-10']]],
  ['1.10', [['', '2016-06-08'], ['1', '2016-06-22'], ['2', '2016-06-23']]],
  ['1.11', [['', '2016-11-14'], ['1', '2016-12-20'], ['2', '2016-12-21']]],
  ['1.12', [['', '2017-06-07'], ['1', '2017-08-03'], ['2', '2017-09-18']]],
  ['1.13', [['', '2018-07-18'], ['1', '2018-08-22'], ['2', '2018-10-22']]],
  ['1.14', [['', '2019-04-23'], ['1', '2019-05-13'], ['2', '2019-05-27'], ['3', '2019-06-24'], ['4', '2019-07-19']]],
  ['1.15', [['', '2019-12-10'], ['1', '2019-12-17'], ['2', '2020-01-21']]],
  [
    '1.16',
    [
      ['', '2020-06-23'],
      ['1', '2020-06-24'],
      ['2', '2020-08-11'],
      ['3', '2020-09-10'],
      ['4', '2020-11-02'],
      ['5', '2021-01-15'],
    ],
  ],
  ['1.17', [['', '2021-06-08'], ['1', '2021-07-06']]],
  ['1.18', [['', '2021-11-30'], ['1', '2021-12-10'], ['2', '2022-02-28']]],
  ['1.19', [['', '2022-06-07'], ['1', '2022-07-27'], ['2', '2022-08-05'], ['3', '2022-12-07'], ['4', '2023-03-14']]],
  [
    '1.20',
    [
      ['', '2023-06-07'],
      ['1', '2023-06-12'],
      ['2', '2023-09-21'],
      ['3', '2023-12-04'],
      ['4', '2023-12-07'],
      ['5', '2024-04-23'],
      ['6', '2024-04-29'],
    ],
  ],
  [
    '1.21',
    [
      ['', '2024-06-13'],
      ['1', '2024-08-08'],
      ['2', '2024-10-22'],
      ['3', '2024-10-23'],
      ['4', '2024-12-03'],
      ['5', '2025-03-25'],
      ['6', '2025-06-17'],
      ['7', '2025-06-30'],
      ['8', '2025-07-17'],
      ['9', '2025-09-30'],
      ['10', '2025-10-07'],
    ],
  ],
]

/** Snapshot cycles: target release, two weekly snapshots, then "-pre1" and "-rc1". */
const snapshotTable: [string, [string, string], [string, string], string, string][] = [
  ['1.18', ['21w37a', '2021-09-15'], ['21w44a', '2021-11-03'], '2021-11-12', '2021-11-25'],
  ['1.19', ['22w11a', '2022-03-16'], ['22w19a', '2022-05-12'], '2022-05-18', '2022-06-02'],
  ['1.20', ['23w12a', '2023-03-22'], ['23w18a', '2023-05-03'], '2023-05-16', '2023-06-02'],
  ['1.20.5', ['23w51a', '2023-12-18'], ['24w14a', '2024-04-03'], '2024-04-10', '2024-04-19'],
  ['1.21', ['24w18a', '2024-05-02'], ['24w21b', '2024-05-22'], '2024-05-29', '2024-06-11'],
  ['1.21.2', ['24w33a', '2024-08-15'], ['24w40a', '2024-10-02'], '2024-10-08', '2024-10-15'],
  ['1.21.4', ['24w44a', '2024-10-30'], ['24w46a', '2024-11-13'], '2024-11-20', '2024-11-28'],
  ['1.21.5', ['25w02a', '2025-01-08'], ['25w10a', '2025-03-05'], '2025-03-11', '2025-03-20'],
  ['1.21.6', ['25w15a', '2025-04-08'], ['25w21a', '2025-05-20'], '2025-05-29', '2025-06-10'],
  ['1.21.9', ['25w31a', '2025-07-29'], ['25w37a', '2025-09-10'], '2025-09-16', '2025-09-25'],
]

const betaTable: [string, string][] = [
  ['b1.0', '2010-12-20'],
  ['b1.1_02', '2010-12-22'],
  ['b1.2_02', '2011-01-21'],
  ['b1.3_01', '2011-02-23'],
  ['b1.4_01', '2011-04-05'],
  ['b1.5_01', '2011-04-20'],
  ['b1.6.6', '2011-05-31'],
  ['b1.7.3', '2011-07-08'],
  ['b1.8.1', '2011-09-19'],
]

const alphaTable: [string, string][] = [
  ['a1.0.4', '2010-07-09'],
  ['a1.0.17_04', '2010-08-23'],
  ['a1.1.2_01', '2010-09-23'],
  ['a1.2.0', '2010-10-30'],
  ['a1.2.6', '2010-12-03'],
]

function buildGameVersions(): GameVersion[] {
  // `order` breaks same-day ties (e.g. 1.7.6 and 1.7.7), later table rows count as newer.
  const rows: (GameVersion & { order: number })[] = []
  let order = 0
  const push = (version: string, versionType: GameVersionType, day: string, major = false): void => {
    rows.push({ version, versionType, date: `${day}T10:00:00Z`, major, order: order++ })
  }
  for (const [v, d] of alphaTable) push(v, 'alpha', d)
  for (const [v, d] of betaTable) push(v, 'beta', d)
  for (const [line, patches] of releaseTable) {
    patches.forEach(([patch, day], i) => push(patch ? `${line}.${patch}` : line, 'release', day, i === 0))
  }
  for (const [target, a, b, pre, rc] of snapshotTable) {
    push(a[0], 'snapshot', a[1])
    push(b[0], 'snapshot', b[1])
    push(`${target}-pre1`, 'snapshot', pre)
    push(`${target}-rc1`, 'snapshot', rc)
  }
  rows.sort((x, y) => (x.date === y.date ? y.order - x.order : x.date < y.date ? 1 : -1))
  return rows.map(({ version, versionType, date, major }) => ({ version, versionType, date, major }))
}

/** Every known game version, newest first. */
export const gameVersions: GameVersion[] = buildGameVersions()

/** Release versions only, OLDEST first (handy for picking contiguous ranges). */
export const releaseVersions: string[] = gameVersions
  .filter((v) => v.versionType === 'release')
  .map((v) => v.version)
  .reverse()

/** Contiguous slice of releases between two versions (inclusive), oldest first. */
export function releaseRange(from: string, to: string): string[] {
  const a = releaseVersions.indexOf(from)
  const b = releaseVersions.indexOf(to)
  if (a < 0 || b < 0 || a > b) throw new Error(`Invalid release range ${from}..${to}`)
  return releaseVersions.slice(a, b + 1)
}
