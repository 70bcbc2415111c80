import Docker from 'dockerode'
import { describe } from 'vitest'

import { runtimeContract } from './runtime-contract'

/** Whether a Docker daemon answers here (DOCKER_HOST or the local socket), and if not why. */
async function dockerAnswers(): Promise<{ ok: true } | { ok: false; why: string }> {
  try {
    await Promise.race([new Docker().ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 5 s')), 5000))])
    return { ok: true }
  } catch (err) {
    return { ok: false, why: err instanceof Error ? err.message : String(err) }
  }
}

const docker = await dockerAnswers()
if (!docker.ok) {
  // CI installs and starts dockerd (.ci/run): there, no daemon is a failure, never a silent skip.
  if (process.env.CI) throw new Error(`The docker runtime's contract cannot run in CI: no Docker daemon answers (${docker.why}).`)
  console.warn(`Skipping the docker runtime's contract: no Docker daemon answers (${docker.why}). Start dockerd to run it.`)
}

describe.skipIf(!docker.ok)('docker runtime', () => runtimeContract('docker'))
