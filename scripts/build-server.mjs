// Compiles the production server's own code (src/server/main.ts: the /v2 fast path and our router,
// with the Payload config they load) into one ES module beside the Next build:
// `<NEXT_DIST_DIR>/fast-path/main.mjs`. Packages stay external — Node loads them from node_modules,
// the same copies Next's server loads (`payload` is in serverExternalPackages), so there is one
// Payload in the process. Rebuilt by server.mjs whenever one of the files it was built from changed.
//
//   node scripts/build-server.mjs        (also done by `npm start` and the test/bench harness)
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export const serverBundlePath = () => path.resolve(root, process.env.NEXT_DIST_DIR ?? '.next', 'fast-path', 'main.mjs')
const metaPath = () => `${serverBundlePath()}.meta.json`

/** True when the bundle is missing or one of its input files is newer than it. */
export function serverBundleIsStale() {
  const bundle = serverBundlePath()
  if (!existsSync(bundle) || !existsSync(metaPath())) return true
  const built = statSync(bundle).mtimeMs
  const { inputs } = JSON.parse(readFileSync(metaPath(), 'utf8'))
  return Object.keys(inputs).some((file) => {
    const p = path.resolve(root, file)
    return !existsSync(p) || statSync(p).mtimeMs > built
  })
}

/**
 * `next` has no `exports` map: Node's ES module loader needs the file name of a subpath
 * (`next/headers.js`), which bundlers add themselves.
 */
const nextSubpaths = {
  name: 'next-subpaths',
  setup(build) {
    build.onResolve({ filter: /^next\/[\w-]+$/ }, (args) => ({ path: `${args.path}.js`, external: true }))
  },
}

export async function buildServerBundle() {
  const { build } = await import('esbuild')
  const outfile = serverBundlePath()
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
    // payload.config.ts is the only module of ours that reads its own location (for paths beside
    // it); in the bundle, import.meta.url would be the bundle's.
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(path.join(root, 'payload.config.ts')).href) },
    plugins: [nextSubpaths],
  })
  // Written aside and renamed into place: a server starting meanwhile never imports half a file.
  mkdirSync(path.dirname(outfile), { recursive: true })
  for (const file of result.outputFiles) {
    const tmp = `${file.path}.${process.pid}.tmp`
    writeFileSync(tmp, file.contents)
    renameSync(tmp, file.path)
  }
  writeFileSync(metaPath(), JSON.stringify({ inputs: result.metafile.inputs }))
  return outfile
}

/** The bundle's path, building it first when it is stale. */
export async function ensureServerBundle() {
  if (serverBundleIsStale()) {
    const started = performance.now()
    await buildServerBundle()
    console.log(`Compiled the API server (${((performance.now() - started) / 1000).toFixed(1)} s)`)
  }
  return serverBundlePath()
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServerBundle()
}
