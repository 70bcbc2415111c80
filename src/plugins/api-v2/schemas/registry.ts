import { z } from 'zod'

/** Named schemas of the v2 API: `components.schemas` of the OpenAPI document. */
export const components = z.registry<{ id: string; description?: string }>()

/** Registers a response/body schema as a named OpenAPI component. */
export function component<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  components.add(schema as z.ZodType, { id, description })
  return schema
}

/** Timestamps are ISO 8601 in UTC, as Modrinth sends them. */
export const timestamp = z.string().meta({ format: 'date-time' })
