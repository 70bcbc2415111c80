import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_server_backups_state" AS ENUM('queued', 'creating', 'ready', 'failed');
  CREATE TYPE "public"."enum_server_backups_restore_state" AS ENUM('restoring', 'failed');
  CREATE TYPE "public"."enum_server_backups_download_state" AS ENUM('preparing', 'ready', 'failed');
  CREATE TABLE "server_backups" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"server_id" varchar NOT NULL,
  	"name" varchar NOT NULL,
  	"automated" boolean DEFAULT false,
  	"locked" boolean DEFAULT false,
  	"state" "enum_server_backups_state" DEFAULT 'queued' NOT NULL,
  	"progress" numeric DEFAULT 0,
  	"reason" varchar,
  	"size" numeric,
  	"sha256" varchar,
  	"restore_state" "enum_server_backups_restore_state",
  	"restore_error" varchar,
  	"download_state" "enum_server_backups_download_state",
  	"download_expires" timestamp(3) with time zone,
  	"download_error" varchar,
  	"download_key" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "servers" ADD COLUMN "auto_backup_hours" numeric;
  ALTER TABLE "servers" ADD COLUMN "auto_backup_since" timestamp(3) with time zone;
  ALTER TABLE "server_backups" ADD CONSTRAINT "server_backups_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "server_backups_server_idx" ON "server_backups" USING btree ("server_id");
  CREATE INDEX "server_backups_state_idx" ON "server_backups" USING btree ("state");
  CREATE INDEX "server_backups_updated_at_idx" ON "server_backups" USING btree ("updated_at");
  CREATE INDEX "server_backups_created_at_idx" ON "server_backups" USING btree ("created_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "server_backups" CASCADE;
  ALTER TABLE "servers" DROP COLUMN "auto_backup_hours";
  ALTER TABLE "servers" DROP COLUMN "auto_backup_since";
  DROP TYPE "public"."enum_server_backups_state";
  DROP TYPE "public"."enum_server_backups_restore_state";
  DROP TYPE "public"."enum_server_backups_download_state";`)
}
