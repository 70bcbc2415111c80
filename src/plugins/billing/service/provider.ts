import type { Payload } from 'payload'

import { providerFor } from '../providers'
import type { PaymentProvider } from '../providers/types'
import { receiveWebhook } from './webhook'

/** This instance's payment provider; test mode's events go through the same webhook handler. */
export const provider = (payload: Payload): PaymentProvider =>
  providerFor(payload, async (p, raw, signature) => {
    await receiveWebhook(p, provider(p), raw, signature)
  })
