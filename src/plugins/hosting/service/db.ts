// Hosting writes in plain SQL like billing (one transaction per change, rows locked while they move).
export { db, inTransaction, sql, type Tx } from '../../billing/service/db'
