/**
 * Domain reads shared by the public site and the `/v2` API. Every function takes a `Viewer` (who is
 * looking) and reads through the Local API with `overrideAccess: false`, so what comes back is what
 * that viewer may see; hidden things are simply absent.
 */
export * from './viewer'
export * from './visible'
export * from './files'
export * from './projects'
export * from './versions'
export * from './versionReadModel'
export * from './dependencies'
export * from './images'
export * from './users'
export * from './teams'
export * from './tags'
export * from './statistics'
