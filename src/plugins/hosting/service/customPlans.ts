import type { Payload } from 'payload'

import { customPlanGib, customPlanSpec } from '../../../lib/hosting/customPlan'
import { ensureProduct } from '../../billing/service/catalogue'

/** A custom-RAM plan is made the first time a buyer picks its size; other keys are left to the catalogue. */
export async function ensurePlanProduct(payload: Payload, productKey: string): Promise<void> {
  const gib = customPlanGib(productKey)
  if (gib !== null) await ensureProduct(payload, customPlanSpec(gib))
}
