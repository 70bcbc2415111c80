import net from 'node:net'

/** Whether `port` can be listened on at `host` right now (another program may hold it). */
export function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)))
  })
}

export class PortUnavailable extends Error {}

/**
 * A game port for a server: the one it asked for, else the lowest in the node's range that no other
 * server holds and nothing else on the machine listens on.
 */
export async function allocatePort(opts: {
  range: { first: number; last: number }
  host: string
  /** Ports other servers hold. */
  taken: Set<number>
  wanted?: number
  /** The server's own current port: kept without a probe (its game may be listening on it). */
  current?: number
}): Promise<number> {
  const { range, host, taken, wanted, current } = opts
  if (wanted !== undefined) {
    if (wanted < range.first || wanted > range.last) throw new PortUnavailable(`Port ${wanted} is outside this node's range ${range.first}-${range.last}.`)
    if (taken.has(wanted)) throw new PortUnavailable(`Port ${wanted} belongs to another server on this node.`)
    if (wanted !== current && !(await portIsFree(host, wanted))) throw new PortUnavailable(`Port ${wanted} is in use on this node.`)
    return wanted
  }
  if (current !== undefined && !taken.has(current)) return current
  for (let port = range.first; port <= range.last; port++) {
    if (!taken.has(port) && (await portIsFree(host, port))) return port
  }
  throw new PortUnavailable(`No free port left in this node's range ${range.first}-${range.last}.`)
}
