import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "session_details" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"sid" varchar NOT NULL,
  	"user_id" varchar NOT NULL,
  	"os" varchar,
  	"platform" varchar,
  	"user_agent" varchar,
  	"last_accessed" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "session_details" ADD CONSTRAINT "session_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "session_details_sid_idx" ON "session_details" USING btree ("sid");
  CREATE INDEX "session_details_user_idx" ON "session_details" USING btree ("user_id");
  CREATE INDEX "session_details_updated_at_idx" ON "session_details" USING btree ("updated_at");
  CREATE INDEX "session_details_created_at_idx" ON "session_details" USING btree ("created_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "session_details" CASCADE;`)
}
