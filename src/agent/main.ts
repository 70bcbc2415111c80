/**
 * `npm run hosting:agent`: the node agent, its own process (one per machine). Settings come from the
 * environment (src/agent/env.ts); the API is described in src/agent/server.ts.
 */
import { startAgent } from './agent'
import { AgentConfigError, readAgentConfig } from './env'

async function main() {
  const agent = await startAgent({ config: readAgentConfig() })
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`[agent] ${signal}: stopping`)
    agent.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('[agent] Stopping failed:', err)
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((err: unknown) => {
  // Settings and a missing docker daemon are explained in the message; anything else keeps its stack.
  console.error(err instanceof AgentConfigError || (err instanceof Error && err.message.startsWith('AGENT_')) ? err.message : err)
  process.exit(1)
})
