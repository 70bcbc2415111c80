/** Admin panel addresses our components link to (Payload's default `routes.admin`). */
export const ADMIN_ROOT = '/admin'
export const ADMIN_QUEUE_PATH = `${ADMIN_ROOT}/moderation-queue`
export const ADMIN_USER_EMAIL_PATH = `${ADMIN_ROOT}/user_email`
export const ADMIN_REVENUE_PATH = `${ADMIN_ROOT}/revenue`
export const adminRevenueUserPath = (userId: string) => `${ADMIN_REVENUE_PATH}/${encodeURIComponent(userId)}`
export const adminEditPath = (collection: string, id: string) => `${ADMIN_ROOT}/collections/${collection}/${encodeURIComponent(id)}`
