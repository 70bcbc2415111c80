import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_hosting_nodes_health" AS ENUM('unknown', 'healthy', 'unreachable');
  CREATE TYPE "public"."enum_servers_status" AS ENUM('unprovisioned', 'installing', 'available', 'broken', 'suspended');
  CREATE TYPE "public"."enum_servers_suspension_reason" AS ENUM('moderated', 'paymentfailed', 'cancelled', 'upgrading', 'other');
  CREATE TYPE "public"."enum_servers_power_state" AS ENUM('running', 'stopped', 'starting', 'stopping', 'crashed', 'unreachable');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'hostingReconcile' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'hostingReconcile' BEFORE 'schedulePublish';
  CREATE TABLE "hosting_regions" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"name" varchar NOT NULL,
  	"public" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "hosting_nodes" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"region_id" varchar NOT NULL,
  	"url" varchar NOT NULL,
  	"console_url" varchar,
  	"public_host" varchar NOT NULL,
  	"token" varchar NOT NULL,
  	"memory_mi_b" numeric NOT NULL,
  	"max_servers" numeric DEFAULT 20 NOT NULL,
  	"enabled" boolean DEFAULT true,
  	"health" "enum_hosting_nodes_health" DEFAULT 'unknown',
  	"last_seen_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "servers" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"owner_id" varchar,
  	"subscription_id" varchar,
  	"product_id" varchar NOT NULL,
  	"region_id" varchar NOT NULL,
  	"node_id" varchar,
  	"port" numeric,
  	"game_version" varchar DEFAULT '1.21.4' NOT NULL,
  	"loader" varchar DEFAULT 'flying-squid' NOT NULL,
  	"properties" jsonb,
  	"status" "enum_servers_status" DEFAULT 'unprovisioned' NOT NULL,
  	"suspension_reason" "enum_servers_suspension_reason",
  	"power_state" "enum_servers_power_state" DEFAULT 'stopped',
  	"last_error" varchar,
  	"status_changed_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "server_acts" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"server_id" varchar NOT NULL,
  	"actor_id" varchar,
  	"act" varchar NOT NULL,
  	"detail" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "hosting_nodes" ADD CONSTRAINT "hosting_nodes_region_id_hosting_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."hosting_regions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "servers" ADD CONSTRAINT "servers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "servers" ADD CONSTRAINT "servers_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "servers" ADD CONSTRAINT "servers_product_id_billing_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."billing_products"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "servers" ADD CONSTRAINT "servers_region_id_hosting_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."hosting_regions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "servers" ADD CONSTRAINT "servers_node_id_hosting_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."hosting_nodes"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "server_acts" ADD CONSTRAINT "server_acts_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "server_acts" ADD CONSTRAINT "server_acts_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "hosting_regions_key_idx" ON "hosting_regions" USING btree ("key");
  CREATE INDEX "hosting_regions_updated_at_idx" ON "hosting_regions" USING btree ("updated_at");
  CREATE INDEX "hosting_regions_created_at_idx" ON "hosting_regions" USING btree ("created_at");
  CREATE INDEX "hosting_nodes_region_idx" ON "hosting_nodes" USING btree ("region_id");
  CREATE INDEX "hosting_nodes_updated_at_idx" ON "hosting_nodes" USING btree ("updated_at");
  CREATE INDEX "hosting_nodes_created_at_idx" ON "hosting_nodes" USING btree ("created_at");
  CREATE INDEX "servers_owner_idx" ON "servers" USING btree ("owner_id");
  CREATE INDEX "servers_subscription_idx" ON "servers" USING btree ("subscription_id");
  CREATE INDEX "servers_product_idx" ON "servers" USING btree ("product_id");
  CREATE INDEX "servers_region_idx" ON "servers" USING btree ("region_id");
  CREATE INDEX "servers_node_idx" ON "servers" USING btree ("node_id");
  CREATE INDEX "servers_status_idx" ON "servers" USING btree ("status");
  CREATE INDEX "servers_updated_at_idx" ON "servers" USING btree ("updated_at");
  CREATE INDEX "servers_created_at_idx" ON "servers" USING btree ("created_at");
  CREATE INDEX "server_acts_server_idx" ON "server_acts" USING btree ("server_id");
  CREATE INDEX "server_acts_actor_idx" ON "server_acts" USING btree ("actor_id");
  CREATE INDEX "server_acts_updated_at_idx" ON "server_acts" USING btree ("updated_at");
  CREATE INDEX "server_acts_created_at_idx" ON "server_acts" USING btree ("created_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "hosting_regions" CASCADE;
  DROP TABLE "hosting_nodes" CASCADE;
  DROP TABLE "servers" CASCADE;
  DROP TABLE "server_acts" CASCADE;
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'releaseScheduled', 'refreshCounts', 'billingRenewals', 'revenueDaily', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'releaseScheduled', 'refreshCounts', 'billingRenewals', 'revenueDaily', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP TYPE "public"."enum_hosting_nodes_health";
  DROP TYPE "public"."enum_servers_status";
  DROP TYPE "public"."enum_servers_suspension_reason";
  DROP TYPE "public"."enum_servers_power_state";`)
}
