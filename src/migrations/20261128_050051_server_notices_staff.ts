import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_server_notices_level" AS ENUM('info', 'warn', 'critical', 'survey');
  CREATE TYPE "public"."enum_server_notices_assigned_to" AS ENUM('all', 'node', 'servers');
  CREATE TABLE "server_notices" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"level" "enum_server_notices_level" DEFAULT 'info' NOT NULL,
  	"title" varchar NOT NULL,
  	"message" varchar NOT NULL,
  	"begins" timestamp(3) with time zone NOT NULL,
  	"expires" timestamp(3) with time zone,
  	"dismissable" boolean DEFAULT true,
  	"assigned_to" "enum_server_notices_assigned_to" DEFAULT 'all' NOT NULL,
  	"node_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "server_notices_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"servers_id" varchar
  );
  
  CREATE TABLE "server_notice_dismissals" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"notice_id" varchar NOT NULL,
  	"server_id" varchar NOT NULL,
  	"user_id" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "servers" ADD COLUMN "staff_reason" varchar;
  ALTER TABLE "server_notices" ADD CONSTRAINT "server_notices_node_id_hosting_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."hosting_nodes"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "server_notices_rels" ADD CONSTRAINT "server_notices_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."server_notices"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "server_notices_rels" ADD CONSTRAINT "server_notices_rels_servers_fk" FOREIGN KEY ("servers_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "server_notice_dismissals" ADD CONSTRAINT "server_notice_dismissals_notice_id_server_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."server_notices"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "server_notice_dismissals" ADD CONSTRAINT "server_notice_dismissals_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "server_notice_dismissals" ADD CONSTRAINT "server_notice_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "server_notices_node_idx" ON "server_notices" USING btree ("node_id");
  CREATE INDEX "server_notices_updated_at_idx" ON "server_notices" USING btree ("updated_at");
  CREATE INDEX "server_notices_created_at_idx" ON "server_notices" USING btree ("created_at");
  CREATE INDEX "server_notices_rels_order_idx" ON "server_notices_rels" USING btree ("order");
  CREATE INDEX "server_notices_rels_parent_idx" ON "server_notices_rels" USING btree ("parent_id");
  CREATE INDEX "server_notices_rels_path_idx" ON "server_notices_rels" USING btree ("path");
  CREATE INDEX "server_notices_rels_servers_id_idx" ON "server_notices_rels" USING btree ("servers_id");
  CREATE INDEX "server_notice_dismissals_notice_idx" ON "server_notice_dismissals" USING btree ("notice_id");
  CREATE INDEX "server_notice_dismissals_server_idx" ON "server_notice_dismissals" USING btree ("server_id");
  CREATE INDEX "server_notice_dismissals_user_idx" ON "server_notice_dismissals" USING btree ("user_id");
  CREATE INDEX "server_notice_dismissals_updated_at_idx" ON "server_notice_dismissals" USING btree ("updated_at");
  CREATE INDEX "server_notice_dismissals_created_at_idx" ON "server_notice_dismissals" USING btree ("created_at");
  CREATE UNIQUE INDEX "notice_server_user_idx" ON "server_notice_dismissals" USING btree ("notice_id","server_id","user_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "server_notices" CASCADE;
  DROP TABLE "server_notices_rels" CASCADE;
  DROP TABLE "server_notice_dismissals" CASCADE;
  ALTER TABLE "servers" DROP COLUMN "staff_reason";
  DROP TYPE "public"."enum_server_notices_level";
  DROP TYPE "public"."enum_server_notices_assigned_to";`)
}
