/**
 * Revenue's state changes are plain SQL in one transaction each, as billing's are (its helpers,
 * reused): the ledger's invariants hold in the database itself (migration `revenue_ledger`).
 * `bigint` columns come back as strings: read them with `toMicro` (src/lib/revenue/money.ts).
 */
export { db, inTransaction, sql, type Tx } from '../../billing/service/db'
