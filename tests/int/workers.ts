/** How many integration test files run at once, each on its own database (INT_WORKERS, default 2). */
export const intWorkers = (): number => Math.max(1, Number(process.env.INT_WORKERS) || 2)
