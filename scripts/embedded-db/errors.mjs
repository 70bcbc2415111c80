/** The embedded database cannot start; the message says why and what to do. */
export class EmbeddedDatabaseError extends Error {
  constructor(message) {
    super(message)
    this.name = 'EmbeddedDatabaseError'
  }
}
