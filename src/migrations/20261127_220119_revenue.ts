import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_revenue_pools_source" AS ENUM('ads', 'sponsorship', 'other');
  CREATE TYPE "public"."enum_withdrawals_rail" AS ENUM('test', 'paypal', 'venmo', 'tremendous');
  CREATE TYPE "public"."enum_withdrawals_status" AS ENUM('inTransit', 'succeeded', 'failed', 'cancelled', 'returned');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'revenueDaily' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'revenueDaily' BEFORE 'schedulePublish';
  CREATE TABLE "revenue_pools" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"period" varchar NOT NULL,
  	"amount" numeric NOT NULL,
  	"source" "enum_revenue_pools_source" DEFAULT 'ads' NOT NULL,
  	"note" varchar,
  	"entered_by_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "withdrawals" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"user_id" varchar,
  	"rail" "enum_withdrawals_rail" NOT NULL,
  	"destination" varchar NOT NULL,
  	"gross" numeric NOT NULL,
  	"fee" numeric NOT NULL,
  	"net" numeric NOT NULL,
  	"status" "enum_withdrawals_status" NOT NULL,
  	"reason" varchar,
  	"rail_payout_id" varchar,
  	"settled_at" timestamp(3) with time zone,
  	"test_mode" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "revenue_pools" ADD CONSTRAINT "revenue_pools_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "revenue_pools_period_idx" ON "revenue_pools" USING btree ("period");
  CREATE INDEX "revenue_pools_entered_by_idx" ON "revenue_pools" USING btree ("entered_by_id");
  CREATE INDEX "revenue_pools_updated_at_idx" ON "revenue_pools" USING btree ("updated_at");
  CREATE INDEX "revenue_pools_created_at_idx" ON "revenue_pools" USING btree ("created_at");
  CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id");
  CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status");
  CREATE INDEX "withdrawals_rail_payout_id_idx" ON "withdrawals" USING btree ("rail_payout_id");
  CREATE INDEX "withdrawals_updated_at_idx" ON "withdrawals" USING btree ("updated_at");
  CREATE INDEX "withdrawals_created_at_idx" ON "withdrawals" USING btree ("created_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "revenue_pools" CASCADE;
  DROP TABLE "withdrawals" CASCADE;
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'releaseScheduled', 'refreshCounts', 'billingRenewals', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'releaseScheduled', 'refreshCounts', 'billingRenewals', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP TYPE "public"."enum_revenue_pools_source";
  DROP TYPE "public"."enum_withdrawals_rail";
  DROP TYPE "public"."enum_withdrawals_status";`)
}
