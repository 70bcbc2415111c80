import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_notifications_email_status" AS ENUM('pending', 'sent', 'skipped', 'failed');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendNotificationEmails' BEFORE 'billingRenewals';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendNotificationEmails' BEFORE 'billingRenewals';
  ALTER TABLE "users" ADD COLUMN "email_notifications_team_invite" boolean DEFAULT true;
  ALTER TABLE "users" ADD COLUMN "email_notifications_status_change" boolean DEFAULT true;
  ALTER TABLE "users" ADD COLUMN "email_notifications_report_answered" boolean DEFAULT true;
  ALTER TABLE "users" ADD COLUMN "email_notifications_subscription_payment_failed" boolean DEFAULT true;
  ALTER TABLE "users" ADD COLUMN "email_notifications_payout" boolean DEFAULT true;
  ALTER TABLE "users" ADD COLUMN "email_notifications_project_update" boolean DEFAULT false;
  ALTER TABLE "notifications" ADD COLUMN "email_status" "enum_notifications_email_status";
  CREATE INDEX "notifications_email_status_idx" ON "notifications" USING btree ("email_status");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'releaseScheduled', 'refreshCounts', 'billingRenewals', 'revenueDaily', 'hostingReconcile', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'releaseScheduled', 'refreshCounts', 'billingRenewals', 'revenueDaily', 'hostingReconcile', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "notifications_email_status_idx";
  ALTER TABLE "users" DROP COLUMN "email_notifications_team_invite";
  ALTER TABLE "users" DROP COLUMN "email_notifications_status_change";
  ALTER TABLE "users" DROP COLUMN "email_notifications_report_answered";
  ALTER TABLE "users" DROP COLUMN "email_notifications_subscription_payment_failed";
  ALTER TABLE "users" DROP COLUMN "email_notifications_payout";
  ALTER TABLE "users" DROP COLUMN "email_notifications_project_update";
  ALTER TABLE "notifications" DROP COLUMN "email_status";
  DROP TYPE "public"."enum_notifications_email_status";`)
}
