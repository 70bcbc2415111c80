import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "servers" ADD COLUMN "next_subscription_id" varchar;
  ALTER TABLE "servers" ADD CONSTRAINT "servers_next_subscription_id_subscriptions_id_fk" FOREIGN KEY ("next_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "servers_next_subscription_idx" ON "servers" USING btree ("next_subscription_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "servers" DROP CONSTRAINT "servers_next_subscription_id_subscriptions_id_fk";
  
  DROP INDEX "servers_next_subscription_idx";
  ALTER TABLE "servers" DROP COLUMN "next_subscription_id";`)
}
