/**
 * A local S3-compatible server (s3rver, plain Node) for tests of object storage, with one bucket, its
 * data in a temp folder. `env` is what the app needs to use it (src/lib/files/objectStorage.ts).
 * s3rver accepts only its own fixed credentials, S3RVER / S3RVER.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import S3rver from 's3rver'

export const s3Env = (port: number, bucket = 'blockforge-test') => ({
  S3_BUCKET: bucket,
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
})

export async function startS3(port: number, bucket = 'blockforge-test'): Promise<{ env: ReturnType<typeof s3Env>; directory: string; stop: () => Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'bf-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] })
  await server.run()
  return {
    env: s3Env(port, bucket),
    directory,
    stop: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
