/** User-facing refusals of revenue actions; the message is shown as it is. */
export class RevenueError extends Error {}
