// Plain JavaScript: scripts/start.mjs and scripts/test-app.mjs (run by plain node) import it too.
import { createHmac } from 'node:crypto'

/**
 * The node `npm start` runs beside the site and the demo data registers (region "Local"). Its token
 * is derived from the session secret, so the two agree without a setting; a real node gets its own
 * random AGENT_TOKEN, entered in /admin.
 *
 * @param {string} secret
 * @returns {string}
 */
export const localAgentToken = (secret) => createHmac('sha256', secret).update('blockforge-local-agent').digest('hex')

export const LOCAL_AGENT_PORT = 8095
