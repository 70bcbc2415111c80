import { describe, expect, it } from 'vitest'

import { DEV_SECRET, sessionSecret } from '../../src/lib/config/secret'

describe('the session secret', () => {
  it('is PAYLOAD_SECRET when set', () => {
    expect(sessionSecret({ PAYLOAD_SECRET: 's3cret', NODE_ENV: 'production' })).toBe('s3cret')
  })
  it('refuses a production start without one instead of using a public constant', () => {
    expect(() => sessionSecret({ NODE_ENV: 'production' })).toThrow(/PAYLOAD_SECRET is not set/)
  })
  it('lets development, tests and the build step use the placeholder', () => {
    expect(sessionSecret({ NODE_ENV: 'development' })).toBe(DEV_SECRET)
    expect(sessionSecret({ NODE_ENV: 'test' })).toBe(DEV_SECRET)
    expect(sessionSecret({ NODE_ENV: 'production', NEXT_PHASE: 'phase-production-build' })).toBe(DEV_SECRET)
  })
})
