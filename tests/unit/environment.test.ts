/** The start-time check of the environment (src/lib/env.ts): every malformed value is refused by name. */
import { describe, expect, it } from 'vitest'

import { checkEnvironment, environmentProblems } from '../../src/lib/env'

describe('checkEnvironment', () => {
  it('passes an empty environment, blank values and the documented forms', () => {
    expect(environmentProblems({})).toEqual([])
    expect(environmentProblems({ CACHE_MAX_ENTRIES: '', SITE_URL: '  ' })).toEqual([])
    expect(() =>
      checkEnvironment({
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/blockforge',
        DATABASE_POOL_MAX: '10',
        SITE_URL: 'http://127.0.0.1:3123',
        SITE_ENV: 'Staging',
        PORT: '3000',
        TRUST_PROXY: 'true',
        MAX_VERSION_FILE_MB: '0.5',
        RELEASE_SCHEDULED_CRON: '*/2 * * * * *',
        TRENDING_CRON: '0 * * * *',
        CACHE_ENABLED: 'false',
        SMTP_PORT: '587',
        REDIS_URL: 'redis://redis:6379',
        LAUNCHER_REDIRECT_URL: 'blockforge-launcher://signed-in',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).not.toThrow()
  })

  it('names a variable whose number is not a number', () => {
    expect(() => checkEnvironment({ CACHE_MAX_ENTRIES: 'lots' })).toThrow(/CACHE_MAX_ENTRIES must be a whole number above 0, not "lots"/)
    expect(environmentProblems({ V2_RATE_LIMIT: '-1', SMTP_PORT: '70000' })).toEqual([
      'V2_RATE_LIMIT must be a number above 0, not "-1"',
      'SMTP_PORT must be a port number (1–65535), not "70000"',
    ])
  })

  it('names a variable whose URL is not one', () => {
    expect(() => checkEnvironment({ SITE_URL: 'localhost:3000' })).toThrow(/SITE_URL must be an http\(s\) URL/)
    expect(environmentProblems({ FILES_URL: 'files.example.net' })).toEqual(['FILES_URL must be an http(s) URL, not "files.example.net"'])
  })

  it('does not repeat a connection string, which may hold a password', () => {
    expect(environmentProblems({ DATABASE_URL: 'mysql://user:hunter2@db/site' })).toEqual(['DATABASE_URL must be a postgres:// connection URL'])
  })

  it('names a variable with a value it does not know', () => {
    expect(environmentProblems({ SITE_ENV: 'prod' })).toEqual(['SITE_ENV must be "production" or "staging", not "prod"'])
    expect(environmentProblems({ CACHE_ENABLED: 'no' })).toEqual(['CACHE_ENABLED must be "true" or "false", not "no"'])
    expect(environmentProblems({ TRUST_PROXY: 'yes' })).toEqual(['TRUST_PROXY must be a number of proxies (0, 1, 2, …) or true/false, not "yes"'])
    expect(environmentProblems({ TRENDING_CRON: 'hourly' })).toEqual(['TRENDING_CRON must be a cron pattern (5 fields, or 6 with seconds), not "hourly"'])
  })

  it('lists every problem at once', () => {
    expect(() => checkEnvironment({ PORT: 'http', PAGE_CACHE: 'off', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      'The environment is not valid (see README, "Configuration"):\n' +
        '  - PORT must be a port number (1–65535), not "http"\n' +
        '  - PAGE_CACHE must be "true" or "false", not "off"\n' +
        '  - S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither (the AWS default credentials)',
    )
  })
})
