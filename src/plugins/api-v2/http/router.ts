import type { Method, RouteDef } from './route'

type Compiled = { route: RouteDef; segments: (string | { param: string })[]; literals: number }
export type Match = { route: RouteDef; params: Record<string, string> }

const compile = (route: RouteDef): Compiled => {
  const segments = route.path.split('/').filter(Boolean).map((s) => {
    const m = /^\{([^}]+)\}$/.exec(s)
    return m ? { param: m[1] } : s
  })
  return { route, segments, literals: segments.filter((s) => typeof s === 'string').length }
}

/**
 * Method + path pattern → route. A literal segment beats a parameter (`/version_file/project` before
 * `/version_file/{hash}`); paths are matched on decoded segments, case-sensitively, as labrinth does.
 */
export class Router {
  private readonly routes: Compiled[] = []

  constructor(routes: readonly RouteDef[] = []) {
    for (const r of routes) this.add(r)
  }

  add(route: RouteDef): this {
    const compiled = compile(route)
    const clash = this.routes.find((r) => r.route.method === route.method && r.route.path === route.path)
    if (clash) throw new Error(`v2 route ${route.method} ${route.path} is registered twice`)
    this.routes.push(compiled)
    // Most literal segments first: the most specific pattern wins.
    this.routes.sort((a, b) => b.literals - a.literals)
    return this
  }

  list(): RouteDef[] {
    return this.routes.map((r) => r.route)
  }

  /** `path` is relative to `/v2`, e.g. `/project/sodium`. Null when no route has this method and path. */
  match(method: Method | string, path: string): Match | null {
    let parts: string[]
    try {
      parts = path.split('/').filter(Boolean).map((p) => decodeURIComponent(p))
    } catch {
      return null // malformed percent-encoding: no such route
    }
    for (const { route, segments } of this.routes) {
      if (route.method !== method || segments.length !== parts.length) continue
      const params: Record<string, string> = {}
      let ok = true
      for (let i = 0; i < segments.length && ok; i++) {
        const s = segments[i]
        if (typeof s === 'string') ok = s === parts[i]
        else params[s.param] = parts[i]
      }
      if (ok) return { route, params }
    }
    return null
  }
}
