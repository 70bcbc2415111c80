/** Staff notices on server pages (spec §3): their levels and whom they are for. */
export const NOTICE_LEVELS = ['info', 'warn', 'critical', 'survey'] as const
export type NoticeLevel = (typeof NOTICE_LEVELS)[number]
export const NOTICE_TARGETS = ['all', 'node', 'servers'] as const
export type NoticeTarget = (typeof NOTICE_TARGETS)[number]

export type NoticeRow = { id: string; assignedTo: NoticeTarget; node: string | null; servers: string[]; begins: string; expires: string | null }

/** Whether a notice is running at `now` and assigned to this server (on this node). */
export function noticeApplies(notice: NoticeRow, server: { id: string; nodeId: string | null }, now: Date): boolean {
  if (new Date(notice.begins).getTime() > now.getTime()) return false
  if (notice.expires && new Date(notice.expires).getTime() <= now.getTime()) return false
  if (notice.assignedTo === 'all') return true
  if (notice.assignedTo === 'node') return !!notice.node && notice.node === server.nodeId
  return notice.servers.includes(server.id)
}
