/**
 * The contract between the site and a node's agent (src/agent), imported by both: request signing,
 * the console token, the wire messages and server.properties. Pure — node:crypto only, no other
 * package — so the site's bundles do not pull in anything of the agent's, and the agent nothing of
 * the site's. The agent's HTTP API itself is described in src/agent/server.ts.
 */
export * from './consoleToken'
export * from './requestSigning'
export * from './serverProperties'
export * from './wireMessages'

/** Bumped when a change to this contract needs the site and the agents to move together. */
export const PROTOCOL_VERSION = 1

/** A server id as the agent accepts it (the site's ids fit; anything else never reaches a path). */
export const SERVER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
export const isServerId = (v: unknown): v is string => typeof v === 'string' && SERVER_ID_PATTERN.test(v)
