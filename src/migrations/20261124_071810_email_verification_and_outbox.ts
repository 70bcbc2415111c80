import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "email_outbox" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"to" varchar NOT NULL,
  	"subject" varchar NOT NULL,
  	"html" varchar,
  	"text" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false;
  ALTER TABLE "users" ADD COLUMN "email_verification_token_hash" varchar;
  ALTER TABLE "users" ADD COLUMN "email_verification_sent_at" timestamp(3) with time zone;
  ALTER TABLE "users" ADD COLUMN "subscribed_to_updates" boolean DEFAULT false;
  CREATE INDEX "email_outbox_updated_at_idx" ON "email_outbox" USING btree ("updated_at");
  CREATE INDEX "email_outbox_created_at_idx" ON "email_outbox" USING btree ("created_at");
  CREATE INDEX "users_email_verification_email_verification_token_hash_idx" ON "users" USING btree ("email_verification_token_hash");`)
  // Data step (added by hand; the schema above is generated): accounts made before email verification
  // existed count as verified, so nobody already here is nagged by the "verify your email" banner.
  await db.execute(sql`UPDATE "users" SET "email_verified" = true;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "email_outbox" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "email_outbox" CASCADE;
  DROP INDEX "users_email_verification_email_verification_token_hash_idx";
  ALTER TABLE "users" DROP COLUMN "email_verified";
  ALTER TABLE "users" DROP COLUMN "email_verification_token_hash";
  ALTER TABLE "users" DROP COLUMN "email_verification_sent_at";
  ALTER TABLE "users" DROP COLUMN "subscribed_to_updates";`)
}
