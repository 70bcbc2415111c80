import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum__news_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__changelog_entries_v_version_product" AS ENUM('web', 'app', 'servers');
  CREATE TYPE "public"."enum__changelog_entries_v_version_status" AS ENUM('draft', 'published');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'schedulePublish';
  CREATE TABLE "_news_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" varchar,
  	"version_title" varchar,
  	"version_slug" varchar,
  	"version_summary" varchar,
  	"version_thumbnail_id" varchar,
  	"version_published_at" timestamp(3) with time zone,
  	"version_content" jsonb,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__news_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  CREATE TABLE "_news_v_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" varchar
  );
  
  CREATE TABLE "_changelog_entries_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" varchar,
  	"version_date" timestamp(3) with time zone,
  	"version_product" "enum__changelog_entries_v_version_product",
  	"version_version" varchar,
  	"version_body" varchar,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__changelog_entries_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  ALTER TABLE "news" RENAME COLUMN "status" TO "_status";
  ALTER TABLE "changelog_entries" RENAME COLUMN "status" TO "_status";
  DROP INDEX "news_status_idx";
  ALTER TABLE "news" ALTER COLUMN "title" DROP NOT NULL;
  ALTER TABLE "news" ALTER COLUMN "slug" DROP NOT NULL;
  ALTER TABLE "news" ALTER COLUMN "summary" DROP NOT NULL;
  ALTER TABLE "news" ALTER COLUMN "content" DROP NOT NULL;
  ALTER TABLE "changelog_entries" ALTER COLUMN "date" DROP NOT NULL;
  ALTER TABLE "changelog_entries" ALTER COLUMN "product" DROP NOT NULL;
  ALTER TABLE "changelog_entries" ALTER COLUMN "body" DROP NOT NULL;
  ALTER TABLE "_news_v" ADD CONSTRAINT "_news_v_parent_id_news_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."news"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_news_v" ADD CONSTRAINT "_news_v_version_thumbnail_id_images_id_fk" FOREIGN KEY ("version_thumbnail_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_news_v_rels" ADD CONSTRAINT "_news_v_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_news_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_news_v_rels" ADD CONSTRAINT "_news_v_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_changelog_entries_v" ADD CONSTRAINT "_changelog_entries_v_parent_id_changelog_entries_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."changelog_entries"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "_news_v_parent_idx" ON "_news_v" USING btree ("parent_id");
  CREATE INDEX "_news_v_version_version_slug_idx" ON "_news_v" USING btree ("version_slug");
  CREATE INDEX "_news_v_version_version_thumbnail_idx" ON "_news_v" USING btree ("version_thumbnail_id");
  CREATE INDEX "_news_v_version_version_published_at_idx" ON "_news_v" USING btree ("version_published_at");
  CREATE INDEX "_news_v_version_version_updated_at_idx" ON "_news_v" USING btree ("version_updated_at");
  CREATE INDEX "_news_v_version_version_created_at_idx" ON "_news_v" USING btree ("version_created_at");
  CREATE INDEX "_news_v_version_version__status_idx" ON "_news_v" USING btree ("version__status");
  CREATE INDEX "_news_v_created_at_idx" ON "_news_v" USING btree ("created_at");
  CREATE INDEX "_news_v_updated_at_idx" ON "_news_v" USING btree ("updated_at");
  CREATE INDEX "_news_v_latest_idx" ON "_news_v" USING btree ("latest");
  CREATE INDEX "_news_v_rels_order_idx" ON "_news_v_rels" USING btree ("order");
  CREATE INDEX "_news_v_rels_parent_idx" ON "_news_v_rels" USING btree ("parent_id");
  CREATE INDEX "_news_v_rels_path_idx" ON "_news_v_rels" USING btree ("path");
  CREATE INDEX "_news_v_rels_users_id_idx" ON "_news_v_rels" USING btree ("users_id");
  CREATE INDEX "_changelog_entries_v_parent_idx" ON "_changelog_entries_v" USING btree ("parent_id");
  CREATE INDEX "_changelog_entries_v_version_version_date_idx" ON "_changelog_entries_v" USING btree ("version_date");
  CREATE INDEX "_changelog_entries_v_version_version_product_idx" ON "_changelog_entries_v" USING btree ("version_product");
  CREATE INDEX "_changelog_entries_v_version_version_updated_at_idx" ON "_changelog_entries_v" USING btree ("version_updated_at");
  CREATE INDEX "_changelog_entries_v_version_version_created_at_idx" ON "_changelog_entries_v" USING btree ("version_created_at");
  CREATE INDEX "_changelog_entries_v_version_version__status_idx" ON "_changelog_entries_v" USING btree ("version__status");
  CREATE INDEX "_changelog_entries_v_created_at_idx" ON "_changelog_entries_v" USING btree ("created_at");
  CREATE INDEX "_changelog_entries_v_updated_at_idx" ON "_changelog_entries_v" USING btree ("updated_at");
  CREATE INDEX "_changelog_entries_v_latest_idx" ON "_changelog_entries_v" USING btree ("latest");
  CREATE INDEX "news__status_idx" ON "news" USING btree ("_status");
  CREATE INDEX "changelog_entries__status_idx" ON "changelog_entries" USING btree ("_status");`)

  // Hand-written: existing articles and entries keep what visitors see. The renamed column carries
  // each row's status over (`published` stays published: live changelog entries do not vanish);
  // a row without one was hidden before and stays a draft. New entries start as drafts, as articles
  // do. Each row becomes its own first version, marked latest: the admin panel lists and edits
  // documents through their latest version, and would not show one without it.
  await db.execute(sql`
  UPDATE "news" SET "_status" = 'draft' WHERE "_status" IS NULL;
  UPDATE "changelog_entries" SET "_status" = 'draft' WHERE "_status" IS NULL;
  ALTER TABLE "changelog_entries" ALTER COLUMN "_status" SET DEFAULT 'draft';
  INSERT INTO "_news_v" ("parent_id", "version_title", "version_slug", "version_summary", "version_thumbnail_id", "version_published_at", "version_content", "version_updated_at", "version_created_at", "version__status", "created_at", "updated_at", "latest")
    SELECT "id", "title", "slug", "summary", "thumbnail_id", "published_at", "content", "updated_at", "created_at", "_status"::text::"enum__news_v_version_status", "updated_at", "updated_at", true FROM "news";
  INSERT INTO "_news_v_rels" ("order", "parent_id", "path", "users_id")
    SELECT r."order", v."id", r."path", r."users_id" FROM "news_rels" r JOIN "_news_v" v ON v."parent_id" = r."parent_id";
  INSERT INTO "_changelog_entries_v" ("parent_id", "version_date", "version_product", "version_version", "version_body", "version_updated_at", "version_created_at", "version__status", "created_at", "updated_at", "latest")
    SELECT "id", "date", "product"::text::"enum__changelog_entries_v_version_product", "version", "body", "updated_at", "created_at", "_status"::text::"enum__changelog_entries_v_version_status", "updated_at", "updated_at", true FROM "changelog_entries";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // Hand-written: the old default (drafts' history is dropped with the version tables).
  await db.execute(sql`ALTER TABLE "changelog_entries" ALTER COLUMN "_status" SET DEFAULT 'published';`)
  await db.execute(sql`
   ALTER TABLE "_news_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_news_v_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_changelog_entries_v" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "_news_v" CASCADE;
  DROP TABLE "_news_v_rels" CASCADE;
  DROP TABLE "_changelog_entries_v" CASCADE;
  ALTER TABLE "news" RENAME COLUMN "_status" TO "status";
  ALTER TABLE "changelog_entries" RENAME COLUMN "_status" TO "status";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'releaseScheduled', 'refreshCounts');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'releaseScheduled', 'refreshCounts');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "news__status_idx";
  DROP INDEX "changelog_entries__status_idx";
  ALTER TABLE "news" ALTER COLUMN "title" SET NOT NULL;
  ALTER TABLE "news" ALTER COLUMN "slug" SET NOT NULL;
  ALTER TABLE "news" ALTER COLUMN "summary" SET NOT NULL;
  ALTER TABLE "news" ALTER COLUMN "content" SET NOT NULL;
  ALTER TABLE "changelog_entries" ALTER COLUMN "date" SET NOT NULL;
  ALTER TABLE "changelog_entries" ALTER COLUMN "product" SET NOT NULL;
  ALTER TABLE "changelog_entries" ALTER COLUMN "body" SET NOT NULL;
  CREATE INDEX "news_status_idx" ON "news" USING btree ("status");
  DROP TYPE "public"."enum__news_v_version_status";
  DROP TYPE "public"."enum__changelog_entries_v_version_product";
  DROP TYPE "public"."enum__changelog_entries_v_version_status";`)
}
