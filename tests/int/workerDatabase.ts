// Runs before each test file, in its worker: points the file at its worker's own database and media
// folder (tests/int/globalSetup.ts made one per worker). Payload's config reads them when the file imports it.
import path from 'node:path'

import { inject } from 'vitest'

const urls = inject('databaseUrls')
const worker = Number(process.env.VITEST_POOL_ID ?? '1')
process.env.DATABASE_URL = urls[(worker - 1) % urls.length]
process.env.MEDIA_DIR = path.join(inject('mediaRoot'), `media-${worker}`)
