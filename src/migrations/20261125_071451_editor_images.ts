import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_images_kind" ADD VALUE 'editor' BEFORE 'other';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "images" ALTER COLUMN "kind" SET DATA TYPE text;
  ALTER TABLE "images" ALTER COLUMN "kind" SET DEFAULT 'gallery'::text;
  DROP TYPE "public"."enum_images_kind";
  CREATE TYPE "public"."enum_images_kind" AS ENUM('icon', 'gallery', 'avatar', 'news', 'other');
  ALTER TABLE "images" ALTER COLUMN "kind" SET DEFAULT 'gallery'::"public"."enum_images_kind";
  ALTER TABLE "images" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_images_kind" USING "kind"::"public"."enum_images_kind";`)
}
