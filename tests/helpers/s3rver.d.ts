// The parts of s3rver (a local S3-compatible server, no types of its own) the tests use.
declare module 's3rver' {
  import type { Server } from 'node:http'

  type Options = { address?: string; port?: number; silent?: boolean; directory?: string; resetOnClose?: boolean; configureBuckets?: { name: string }[] }
  export default class S3rver {
    constructor(options: Options)
    run(): Promise<Server>
    close(): Promise<void>
  }
}
