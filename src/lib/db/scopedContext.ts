import { isolateObjectProperty, type PayloadRequest, type RequestContext } from 'payload'

/**
 * The request for one nested write that carries its own context flags (`system`, `cascading`, …).
 *
 * Payload merges an operation's `context` into `req.context` and leaves it there (createLocalReq),
 * so a flag passed along with a shared request stayed on for every later write of that request: a
 * moderator's decision message was then saved as the site's, without its author, and a member's
 * next edit skipped the project edit rules. The request returned here shares everything else with
 * `req` (user, transaction, data loader) but has a context of its own: the flags reach this write
 * and the writes its hooks make, never the caller's next write — also when writes run side by side.
 */
export function withContext(req: PayloadRequest, context: RequestContext): PayloadRequest {
  const scoped = isolateObjectProperty(req, 'context')
  scoped.context = { ...req.context, ...context }
  return scoped
}
