export * from './state'
export * from './errors'
