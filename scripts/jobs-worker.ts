// `npm run jobs:worker`: runs the job queues (src/jobs) in a process of its own, for web processes
// started with JOBS_AUTORUN=false. Several workers (or workers and web processes) take turns.
import config from '@payload-config'
import { getPayload } from 'payload'

import { startJobRunner } from '../src/jobs/runner'
import { checkEnvironment } from '../src/lib/env'

checkEnvironment()
const payload = await getPayload({ config })
const cron = startJobRunner(payload)
payload.logger.info(`Job worker running the queues (${cron.getPattern()})`)
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    cron.stop()
    process.exit(0)
  })
}
