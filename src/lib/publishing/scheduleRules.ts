import { REQUESTABLE_VERSION_STATUSES, SCHEDULABLE_PROJECT_STATUSES } from '../projectStatus'

/** labrinth's words for scheduling refusals (`routes/v3/versions.rs`, `projects.rs`), and ours for the bits. */
export const SCHEDULE_TEXTS = {
  versionInPast: 'You cannot schedule a version to be released in the past!',
  projectInPast: 'You cannot schedule a project to be released in the past!',
  notRequestable: 'Specified requested status cannot be requested!',
  versionForbidden: "You do not have permission to edit this version's scheduling data!",
  projectForbidden: "You do not have permission to edit this project's scheduling data!",
  badTime: 'The release time must be a date and time, such as 2030-01-31T12:00:00Z.',
} as const

export type ScheduleKind = 'version' | 'project'
export type ScheduleRequest = { time: Date; requestedStatus: string }

/**
 * Checks a schedule request the way labrinth does, in its order: the time first (not in the past),
 * then the status (one the kind may be released as). `null` when it is fine, else the refusal.
 */
export function scheduleProblem(kind: ScheduleKind, request: ScheduleRequest, now: Date = new Date()): string | null {
  if (Number.isNaN(request.time.getTime())) return SCHEDULE_TEXTS.badTime
  if (request.time.getTime() < now.getTime()) return kind === 'version' ? SCHEDULE_TEXTS.versionInPast : SCHEDULE_TEXTS.projectInPast
  const requestable: readonly string[] = kind === 'version' ? REQUESTABLE_VERSION_STATUSES : SCHEDULABLE_PROJECT_STATUSES
  if (!requestable.includes(request.requestedStatus)) return SCHEDULE_TEXTS.notRequestable
  return null
}

