import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_auth_identities_provider" AS ENUM('github', 'discord', 'gitlab', 'google', 'microsoft');
  CREATE TABLE "auth_identities" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"provider" "enum_auth_identities_provider" NOT NULL,
  	"subject" varchar NOT NULL,
  	"user_id" varchar NOT NULL,
  	"email" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "auth_identities" ADD CONSTRAINT "auth_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "auth_identities_user_idx" ON "auth_identities" USING btree ("user_id");
  CREATE INDEX "auth_identities_updated_at_idx" ON "auth_identities" USING btree ("updated_at");
  CREATE INDEX "auth_identities_created_at_idx" ON "auth_identities" USING btree ("created_at");
  CREATE UNIQUE INDEX "provider_subject_idx" ON "auth_identities" USING btree ("provider","subject");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "auth_identities" CASCADE;
  DROP TYPE "public"."enum_auth_identities_provider";`)
}
