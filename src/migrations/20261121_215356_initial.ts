import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_projects_project_type" AS ENUM('mod', 'modpack', 'resourcepack', 'shader', 'plugin', 'datapack');
  CREATE TYPE "public"."enum_projects_status" AS ENUM('approved', 'archived', 'rejected', 'draft', 'unlisted', 'processing', 'withheld', 'scheduled', 'private', 'unknown');
  CREATE TYPE "public"."enum_projects_requested_status" AS ENUM('approved', 'unlisted', 'private', 'draft', 'archived');
  CREATE TYPE "public"."enum_projects_client_side" AS ENUM('required', 'optional', 'unsupported', 'unknown');
  CREATE TYPE "public"."enum_projects_server_side" AS ENUM('required', 'optional', 'unsupported', 'unknown');
  CREATE TYPE "public"."enum_projects_monetization_status" AS ENUM('monetized', 'demonetized', 'force-demonetized');
  CREATE TYPE "public"."enum_versions_dependencies_dependency_type" AS ENUM('required', 'optional', 'incompatible', 'embedded');
  CREATE TYPE "public"."enum_versions_version_type" AS ENUM('release', 'beta', 'alpha');
  CREATE TYPE "public"."enum_versions_status" AS ENUM('listed', 'archived', 'draft', 'unlisted', 'scheduled', 'unknown');
  CREATE TYPE "public"."enum_versions_requested_status" AS ENUM('listed', 'archived', 'draft', 'unlisted', 'scheduled', 'unknown');
  CREATE TYPE "public"."enum_version_files_file_type" AS ENUM('required-resource-pack', 'optional-resource-pack', 'sources-jar', 'dev-jar', 'javadoc-jar', 'signature', 'unknown');
  CREATE TYPE "public"."enum_images_kind" AS ENUM('icon', 'gallery', 'avatar', 'news', 'other');
  CREATE TYPE "public"."enum_user_collections_visibility" AS ENUM('public', 'unlisted', 'private');
  CREATE TYPE "public"."enum_users_role" AS ENUM('developer', 'moderator', 'admin');
  CREATE TYPE "public"."enum_teams_kind" AS ENUM('project', 'organization');
  CREATE TYPE "public"."enum_reports_item_type" AS ENUM('project', 'version', 'user');
  CREATE TYPE "public"."enum_threads_type" AS ENUM('project', 'report', 'direct_message');
  CREATE TYPE "public"."enum_thread_messages_type" AS ENUM('text', 'status_change', 'thread_closure', 'thread_reopen', 'deleted');
  CREATE TYPE "public"."enum_news_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_changelog_entries_product" AS ENUM('web', 'app', 'servers');
  CREATE TYPE "public"."enum_changelog_entries_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_game_versions_version_type" AS ENUM('release', 'snapshot', 'beta', 'alpha');
  CREATE TYPE "public"."enum_loaders_supported_project_types" AS ENUM('mod', 'modpack', 'resourcepack', 'shader', 'plugin', 'datapack');
  CREATE TYPE "public"."enum_categories_project_type" AS ENUM('mod', 'modpack', 'resourcepack', 'shader', 'plugin', 'datapack');
  CREATE TYPE "public"."enum_categories_header" AS ENUM('categories', 'features', 'resolutions', 'performance impact');
  CREATE TABLE "projects_donation_urls" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"platform_id" varchar NOT NULL,
  	"url" varchar NOT NULL
  );
  
  CREATE TABLE "projects" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"slug" varchar NOT NULL,
  	"title" varchar NOT NULL,
  	"summary" varchar NOT NULL,
  	"body" varchar,
  	"project_type" "enum_projects_project_type" NOT NULL,
  	"status" "enum_projects_status" DEFAULT 'draft',
  	"requested_status" "enum_projects_requested_status" DEFAULT 'approved',
  	"moderator_message_message" varchar,
  	"moderator_message_body" varchar,
  	"license_url" varchar,
  	"client_side" "enum_projects_client_side" DEFAULT 'unknown',
  	"server_side" "enum_projects_server_side" DEFAULT 'unknown',
  	"issues_url" varchar,
  	"source_url" varchar,
  	"wiki_url" varchar,
  	"discord_url" varchar,
  	"icon_id" varchar,
  	"color" numeric,
  	"team_id" varchar,
  	"organization_id" varchar,
  	"thread_id" varchar,
  	"published" timestamp(3) with time zone,
  	"updated" timestamp(3) with time zone,
  	"approved" timestamp(3) with time zone,
  	"queued" timestamp(3) with time zone,
  	"downloads" numeric DEFAULT 0,
  	"followers" numeric DEFAULT 0,
  	"monetization_status" "enum_projects_monetization_status" DEFAULT 'monetized',
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "projects_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "versions_dependencies" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"project_id" varchar,
  	"version_id" varchar,
  	"file_name" varchar,
  	"dependency_type" "enum_versions_dependencies_dependency_type" NOT NULL
  );
  
  CREATE TABLE "versions" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"project_id" varchar NOT NULL,
  	"author_id" varchar,
  	"version_number" varchar NOT NULL,
  	"name" varchar,
  	"changelog" varchar,
  	"version_type" "enum_versions_version_type" DEFAULT 'release',
  	"status" "enum_versions_status" DEFAULT 'listed',
  	"requested_status" "enum_versions_requested_status",
  	"featured" boolean DEFAULT false,
  	"date_published" timestamp(3) with time zone,
  	"downloads" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "versions_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"game_versions_id" varchar,
  	"loaders_id" varchar
  );
  
  CREATE TABLE "version_files" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"version_id" varchar NOT NULL,
  	"primary" boolean DEFAULT false,
  	"file_type" "enum_version_files_file_type",
  	"sha1" varchar,
  	"sha512" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric
  );
  
  CREATE TABLE "images" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"kind" "enum_images_kind" DEFAULT 'gallery',
  	"alt" varchar,
  	"uploader_id" varchar,
  	"project_id" varchar,
  	"featured" boolean DEFAULT false,
  	"title" varchar,
  	"description" varchar,
  	"ordering" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric,
  	"sizes_icon_url" varchar,
  	"sizes_icon_width" numeric,
  	"sizes_icon_height" numeric,
  	"sizes_icon_mime_type" varchar,
  	"sizes_icon_filesize" numeric,
  	"sizes_icon_filename" varchar,
  	"sizes_card_url" varchar,
  	"sizes_card_width" numeric,
  	"sizes_card_height" numeric,
  	"sizes_card_mime_type" varchar,
  	"sizes_card_filesize" numeric,
  	"sizes_card_filename" varchar,
  	"sizes_large_url" varchar,
  	"sizes_large_width" numeric,
  	"sizes_large_height" numeric,
  	"sizes_large_mime_type" varchar,
  	"sizes_large_filesize" numeric,
  	"sizes_large_filename" varchar
  );
  
  CREATE TABLE "user_collections" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"summary" varchar,
  	"description" varchar,
  	"owner_id" varchar NOT NULL,
  	"icon_id" varchar,
  	"color" numeric,
  	"visibility" "enum_user_collections_visibility" DEFAULT 'public',
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "user_collections_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"projects_id" varchar
  );
  
  CREATE TABLE "users_sessions" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"created_at" timestamp(3) with time zone,
  	"expires_at" timestamp(3) with time zone NOT NULL
  );
  
  CREATE TABLE "users" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"role" "enum_users_role" DEFAULT 'developer',
  	"news_editor" boolean DEFAULT false,
  	"badges" numeric DEFAULT 0,
  	"bio" varchar,
  	"avatar_id" varchar,
  	"payout_data_paypal_address" varchar,
  	"payout_data_paypal_country" varchar,
  	"payout_data_venmo_handle" varchar,
  	"payout_data_balance" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"email" varchar,
  	"username" varchar NOT NULL,
  	"reset_password_token" varchar,
  	"reset_password_expiration" timestamp(3) with time zone,
  	"salt" varchar,
  	"hash" varchar,
  	"login_attempts" numeric DEFAULT 0,
  	"lock_until" timestamp(3) with time zone
  );
  
  CREATE TABLE "teams" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"kind" "enum_teams_kind" DEFAULT 'project',
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "team_members" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"team_id" varchar NOT NULL,
  	"user_id" varchar NOT NULL,
  	"role" varchar DEFAULT 'Member',
  	"is_owner" boolean DEFAULT false,
  	"permissions" numeric DEFAULT 0,
  	"organization_permissions" numeric,
  	"accepted" boolean DEFAULT false,
  	"payouts_split" numeric DEFAULT 0,
  	"ordering" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "organizations" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"slug" varchar NOT NULL,
  	"name" varchar NOT NULL,
  	"description" varchar,
  	"icon_id" varchar,
  	"color" numeric,
  	"team_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "follows" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"user_id" varchar NOT NULL,
  	"project_id" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "reports" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"report_type_id" varchar NOT NULL,
  	"item_type" "enum_reports_item_type" NOT NULL,
  	"item_id" varchar NOT NULL,
  	"reporter_id" varchar,
  	"body" varchar NOT NULL,
  	"closed" boolean DEFAULT false,
  	"thread_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "threads" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"type" "enum_threads_type" NOT NULL,
  	"project_id" varchar,
  	"report_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "threads_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" varchar
  );
  
  CREATE TABLE "thread_messages" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"thread_id" varchar NOT NULL,
  	"author_id" varchar,
  	"type" "enum_thread_messages_type" DEFAULT 'text',
  	"text" varchar,
  	"private" boolean DEFAULT false,
  	"replying_to_id" varchar,
  	"old_status" varchar,
  	"new_status" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "notifications" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"user_id" varchar NOT NULL,
  	"type" varchar,
  	"title" varchar NOT NULL,
  	"text" varchar,
  	"link" varchar,
  	"read" boolean DEFAULT false,
  	"body" jsonb,
  	"actions" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "news" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"slug" varchar NOT NULL,
  	"summary" varchar NOT NULL,
  	"thumbnail_id" varchar,
  	"status" "enum_news_status" DEFAULT 'draft',
  	"published_at" timestamp(3) with time zone,
  	"content" jsonb NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "news_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" varchar
  );
  
  CREATE TABLE "changelog_entries" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"date" timestamp(3) with time zone NOT NULL,
  	"product" "enum_changelog_entries_product" NOT NULL,
  	"version" varchar,
  	"body" varchar NOT NULL,
  	"status" "enum_changelog_entries_status" DEFAULT 'published',
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "game_versions" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"version_type" "enum_game_versions_version_type" NOT NULL,
  	"date" timestamp(3) with time zone NOT NULL,
  	"major" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "loaders_supported_project_types" (
  	"order" integer NOT NULL,
  	"parent_id" varchar NOT NULL,
  	"value" "enum_loaders_supported_project_types",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "loaders" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"icon" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "categories" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"project_type" "enum_categories_project_type" NOT NULL,
  	"header" "enum_categories_header" NOT NULL,
  	"icon" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "licenses" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"body" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "donation_platforms" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "report_types" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"description" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "access_tokens" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"user_id" varchar,
  	"name" varchar NOT NULL,
  	"scopes" varchar DEFAULT '0' NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"last_used" timestamp(3) with time zone,
  	"token_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_kv" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"data" jsonb NOT NULL
  );
  
  CREATE TABLE "payload_locked_documents" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"global_slug" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_locked_documents_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"projects_id" varchar,
  	"versions_id" varchar,
  	"version_files_id" varchar,
  	"images_id" varchar,
  	"user_collections_id" varchar,
  	"users_id" varchar,
  	"teams_id" varchar,
  	"team_members_id" varchar,
  	"organizations_id" varchar,
  	"follows_id" varchar,
  	"reports_id" varchar,
  	"threads_id" varchar,
  	"thread_messages_id" varchar,
  	"notifications_id" varchar,
  	"news_id" varchar,
  	"changelog_entries_id" varchar,
  	"game_versions_id" varchar,
  	"loaders_id" varchar,
  	"categories_id" varchar,
  	"licenses_id" varchar,
  	"donation_platforms_id" varchar,
  	"report_types_id" varchar,
  	"access_tokens_id" varchar
  );
  
  CREATE TABLE "payload_preferences" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar,
  	"value" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_preferences_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" varchar
  );
  
  CREATE TABLE "payload_migrations" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"batch" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "projects_donation_urls" ADD CONSTRAINT "projects_donation_urls_platform_id_donation_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."donation_platforms"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "projects_donation_urls" ADD CONSTRAINT "projects_donation_urls_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "projects" ADD CONSTRAINT "projects_icon_id_images_id_fk" FOREIGN KEY ("icon_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "projects" ADD CONSTRAINT "projects_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "projects" ADD CONSTRAINT "projects_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "projects" ADD CONSTRAINT "projects_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "projects_texts" ADD CONSTRAINT "projects_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "versions_dependencies" ADD CONSTRAINT "versions_dependencies_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "versions_dependencies" ADD CONSTRAINT "versions_dependencies_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "versions_dependencies" ADD CONSTRAINT "versions_dependencies_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "versions" ADD CONSTRAINT "versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "versions" ADD CONSTRAINT "versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "versions_rels" ADD CONSTRAINT "versions_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "versions_rels" ADD CONSTRAINT "versions_rels_game_versions_fk" FOREIGN KEY ("game_versions_id") REFERENCES "public"."game_versions"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "versions_rels" ADD CONSTRAINT "versions_rels_loaders_fk" FOREIGN KEY ("loaders_id") REFERENCES "public"."loaders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "version_files" ADD CONSTRAINT "version_files_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "images" ADD CONSTRAINT "images_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "images" ADD CONSTRAINT "images_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "user_collections" ADD CONSTRAINT "user_collections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "user_collections" ADD CONSTRAINT "user_collections_icon_id_images_id_fk" FOREIGN KEY ("icon_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "user_collections_rels" ADD CONSTRAINT "user_collections_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."user_collections"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "user_collections_rels" ADD CONSTRAINT "user_collections_rels_projects_fk" FOREIGN KEY ("projects_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "users_sessions" ADD CONSTRAINT "users_sessions_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "users" ADD CONSTRAINT "users_avatar_id_images_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "organizations" ADD CONSTRAINT "organizations_icon_id_images_id_fk" FOREIGN KEY ("icon_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "organizations" ADD CONSTRAINT "organizations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "follows" ADD CONSTRAINT "follows_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "reports" ADD CONSTRAINT "reports_report_type_id_report_types_id_fk" FOREIGN KEY ("report_type_id") REFERENCES "public"."report_types"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "reports" ADD CONSTRAINT "reports_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "threads" ADD CONSTRAINT "threads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "threads" ADD CONSTRAINT "threads_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "threads_rels" ADD CONSTRAINT "threads_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "threads_rels" ADD CONSTRAINT "threads_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_replying_to_id_thread_messages_id_fk" FOREIGN KEY ("replying_to_id") REFERENCES "public"."thread_messages"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "news" ADD CONSTRAINT "news_thumbnail_id_images_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "news_rels" ADD CONSTRAINT "news_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "news_rels" ADD CONSTRAINT "news_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "loaders_supported_project_types" ADD CONSTRAINT "loaders_supported_project_types_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."loaders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."payload_locked_documents"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_projects_fk" FOREIGN KEY ("projects_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_versions_fk" FOREIGN KEY ("versions_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_version_files_fk" FOREIGN KEY ("version_files_id") REFERENCES "public"."version_files"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_images_fk" FOREIGN KEY ("images_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_user_collections_fk" FOREIGN KEY ("user_collections_id") REFERENCES "public"."user_collections"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_teams_fk" FOREIGN KEY ("teams_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_team_members_fk" FOREIGN KEY ("team_members_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_organizations_fk" FOREIGN KEY ("organizations_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_follows_fk" FOREIGN KEY ("follows_id") REFERENCES "public"."follows"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_reports_fk" FOREIGN KEY ("reports_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_threads_fk" FOREIGN KEY ("threads_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_thread_messages_fk" FOREIGN KEY ("thread_messages_id") REFERENCES "public"."thread_messages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_notifications_fk" FOREIGN KEY ("notifications_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_news_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_changelog_entries_fk" FOREIGN KEY ("changelog_entries_id") REFERENCES "public"."changelog_entries"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_game_versions_fk" FOREIGN KEY ("game_versions_id") REFERENCES "public"."game_versions"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_loaders_fk" FOREIGN KEY ("loaders_id") REFERENCES "public"."loaders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_categories_fk" FOREIGN KEY ("categories_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_licenses_fk" FOREIGN KEY ("licenses_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_donation_platforms_fk" FOREIGN KEY ("donation_platforms_id") REFERENCES "public"."donation_platforms"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_report_types_fk" FOREIGN KEY ("report_types_id") REFERENCES "public"."report_types"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_access_tokens_fk" FOREIGN KEY ("access_tokens_id") REFERENCES "public"."access_tokens"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_preferences_rels" ADD CONSTRAINT "payload_preferences_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."payload_preferences"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_preferences_rels" ADD CONSTRAINT "payload_preferences_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "projects_donation_urls_order_idx" ON "projects_donation_urls" USING btree ("_order");
  CREATE INDEX "projects_donation_urls_parent_id_idx" ON "projects_donation_urls" USING btree ("_parent_id");
  CREATE INDEX "projects_donation_urls_platform_idx" ON "projects_donation_urls" USING btree ("platform_id");
  CREATE UNIQUE INDEX "projects_slug_idx" ON "projects" USING btree ("slug");
  CREATE INDEX "projects_project_type_idx" ON "projects" USING btree ("project_type");
  CREATE INDEX "projects_status_idx" ON "projects" USING btree ("status");
  CREATE INDEX "projects_icon_idx" ON "projects" USING btree ("icon_id");
  CREATE INDEX "projects_team_idx" ON "projects" USING btree ("team_id");
  CREATE INDEX "projects_organization_idx" ON "projects" USING btree ("organization_id");
  CREATE INDEX "projects_thread_idx" ON "projects" USING btree ("thread_id");
  CREATE INDEX "projects_published_idx" ON "projects" USING btree ("published");
  CREATE INDEX "projects_updated_idx" ON "projects" USING btree ("updated");
  CREATE INDEX "projects_downloads_idx" ON "projects" USING btree ("downloads");
  CREATE INDEX "projects_updated_at_idx" ON "projects" USING btree ("updated_at");
  CREATE INDEX "projects_created_at_idx" ON "projects" USING btree ("created_at");
  CREATE INDEX "projects_texts_order_parent" ON "projects_texts" USING btree ("order","parent_id");
  CREATE INDEX "versions_dependencies_order_idx" ON "versions_dependencies" USING btree ("_order");
  CREATE INDEX "versions_dependencies_parent_id_idx" ON "versions_dependencies" USING btree ("_parent_id");
  CREATE INDEX "versions_dependencies_project_idx" ON "versions_dependencies" USING btree ("project_id");
  CREATE INDEX "versions_dependencies_version_idx" ON "versions_dependencies" USING btree ("version_id");
  CREATE INDEX "versions_project_idx" ON "versions" USING btree ("project_id");
  CREATE INDEX "versions_author_idx" ON "versions" USING btree ("author_id");
  CREATE INDEX "versions_version_number_idx" ON "versions" USING btree ("version_number");
  CREATE INDEX "versions_version_type_idx" ON "versions" USING btree ("version_type");
  CREATE INDEX "versions_status_idx" ON "versions" USING btree ("status");
  CREATE INDEX "versions_date_published_idx" ON "versions" USING btree ("date_published");
  CREATE INDEX "versions_updated_at_idx" ON "versions" USING btree ("updated_at");
  CREATE INDEX "versions_created_at_idx" ON "versions" USING btree ("created_at");
  CREATE INDEX "versions_rels_order_idx" ON "versions_rels" USING btree ("order");
  CREATE INDEX "versions_rels_parent_idx" ON "versions_rels" USING btree ("parent_id");
  CREATE INDEX "versions_rels_path_idx" ON "versions_rels" USING btree ("path");
  CREATE INDEX "versions_rels_game_versions_id_idx" ON "versions_rels" USING btree ("game_versions_id");
  CREATE INDEX "versions_rels_loaders_id_idx" ON "versions_rels" USING btree ("loaders_id");
  CREATE INDEX "version_files_version_idx" ON "version_files" USING btree ("version_id");
  CREATE INDEX "version_files_sha1_idx" ON "version_files" USING btree ("sha1");
  CREATE INDEX "version_files_sha512_idx" ON "version_files" USING btree ("sha512");
  CREATE INDEX "version_files_updated_at_idx" ON "version_files" USING btree ("updated_at");
  CREATE INDEX "version_files_created_at_idx" ON "version_files" USING btree ("created_at");
  CREATE UNIQUE INDEX "version_files_filename_idx" ON "version_files" USING btree ("filename");
  CREATE INDEX "images_kind_idx" ON "images" USING btree ("kind");
  CREATE INDEX "images_uploader_idx" ON "images" USING btree ("uploader_id");
  CREATE INDEX "images_project_idx" ON "images" USING btree ("project_id");
  CREATE INDEX "images_updated_at_idx" ON "images" USING btree ("updated_at");
  CREATE INDEX "images_created_at_idx" ON "images" USING btree ("created_at");
  CREATE UNIQUE INDEX "images_filename_idx" ON "images" USING btree ("filename");
  CREATE INDEX "images_sizes_icon_sizes_icon_filename_idx" ON "images" USING btree ("sizes_icon_filename");
  CREATE INDEX "images_sizes_card_sizes_card_filename_idx" ON "images" USING btree ("sizes_card_filename");
  CREATE INDEX "images_sizes_large_sizes_large_filename_idx" ON "images" USING btree ("sizes_large_filename");
  CREATE INDEX "user_collections_owner_idx" ON "user_collections" USING btree ("owner_id");
  CREATE INDEX "user_collections_icon_idx" ON "user_collections" USING btree ("icon_id");
  CREATE INDEX "user_collections_visibility_idx" ON "user_collections" USING btree ("visibility");
  CREATE INDEX "user_collections_updated_at_idx" ON "user_collections" USING btree ("updated_at");
  CREATE INDEX "user_collections_created_at_idx" ON "user_collections" USING btree ("created_at");
  CREATE INDEX "user_collections_rels_order_idx" ON "user_collections_rels" USING btree ("order");
  CREATE INDEX "user_collections_rels_parent_idx" ON "user_collections_rels" USING btree ("parent_id");
  CREATE INDEX "user_collections_rels_path_idx" ON "user_collections_rels" USING btree ("path");
  CREATE INDEX "user_collections_rels_projects_id_idx" ON "user_collections_rels" USING btree ("projects_id");
  CREATE INDEX "users_sessions_order_idx" ON "users_sessions" USING btree ("_order");
  CREATE INDEX "users_sessions_parent_id_idx" ON "users_sessions" USING btree ("_parent_id");
  CREATE INDEX "users_avatar_idx" ON "users" USING btree ("avatar_id");
  CREATE INDEX "users_updated_at_idx" ON "users" USING btree ("updated_at");
  CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");
  CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");
  CREATE UNIQUE INDEX "users_username_idx" ON "users" USING btree ("username");
  CREATE INDEX "teams_updated_at_idx" ON "teams" USING btree ("updated_at");
  CREATE INDEX "teams_created_at_idx" ON "teams" USING btree ("created_at");
  CREATE INDEX "team_members_team_idx" ON "team_members" USING btree ("team_id");
  CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");
  CREATE INDEX "team_members_accepted_idx" ON "team_members" USING btree ("accepted");
  CREATE INDEX "team_members_updated_at_idx" ON "team_members" USING btree ("updated_at");
  CREATE INDEX "team_members_created_at_idx" ON "team_members" USING btree ("created_at");
  CREATE UNIQUE INDEX "team_user_idx" ON "team_members" USING btree ("team_id","user_id");
  CREATE UNIQUE INDEX "organizations_slug_idx" ON "organizations" USING btree ("slug");
  CREATE INDEX "organizations_icon_idx" ON "organizations" USING btree ("icon_id");
  CREATE INDEX "organizations_team_idx" ON "organizations" USING btree ("team_id");
  CREATE INDEX "organizations_updated_at_idx" ON "organizations" USING btree ("updated_at");
  CREATE INDEX "organizations_created_at_idx" ON "organizations" USING btree ("created_at");
  CREATE INDEX "follows_user_idx" ON "follows" USING btree ("user_id");
  CREATE INDEX "follows_project_idx" ON "follows" USING btree ("project_id");
  CREATE INDEX "follows_updated_at_idx" ON "follows" USING btree ("updated_at");
  CREATE INDEX "follows_created_at_idx" ON "follows" USING btree ("created_at");
  CREATE UNIQUE INDEX "user_project_idx" ON "follows" USING btree ("user_id","project_id");
  CREATE INDEX "reports_report_type_idx" ON "reports" USING btree ("report_type_id");
  CREATE INDEX "reports_item_id_idx" ON "reports" USING btree ("item_id");
  CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");
  CREATE INDEX "reports_closed_idx" ON "reports" USING btree ("closed");
  CREATE INDEX "reports_thread_idx" ON "reports" USING btree ("thread_id");
  CREATE INDEX "reports_updated_at_idx" ON "reports" USING btree ("updated_at");
  CREATE INDEX "reports_created_at_idx" ON "reports" USING btree ("created_at");
  CREATE INDEX "threads_project_idx" ON "threads" USING btree ("project_id");
  CREATE INDEX "threads_report_idx" ON "threads" USING btree ("report_id");
  CREATE INDEX "threads_updated_at_idx" ON "threads" USING btree ("updated_at");
  CREATE INDEX "threads_created_at_idx" ON "threads" USING btree ("created_at");
  CREATE INDEX "threads_rels_order_idx" ON "threads_rels" USING btree ("order");
  CREATE INDEX "threads_rels_parent_idx" ON "threads_rels" USING btree ("parent_id");
  CREATE INDEX "threads_rels_path_idx" ON "threads_rels" USING btree ("path");
  CREATE INDEX "threads_rels_users_id_idx" ON "threads_rels" USING btree ("users_id");
  CREATE INDEX "thread_messages_thread_idx" ON "thread_messages" USING btree ("thread_id");
  CREATE INDEX "thread_messages_author_idx" ON "thread_messages" USING btree ("author_id");
  CREATE INDEX "thread_messages_replying_to_idx" ON "thread_messages" USING btree ("replying_to_id");
  CREATE INDEX "thread_messages_updated_at_idx" ON "thread_messages" USING btree ("updated_at");
  CREATE INDEX "thread_messages_created_at_idx" ON "thread_messages" USING btree ("created_at");
  CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id");
  CREATE INDEX "notifications_type_idx" ON "notifications" USING btree ("type");
  CREATE INDEX "notifications_read_idx" ON "notifications" USING btree ("read");
  CREATE INDEX "notifications_updated_at_idx" ON "notifications" USING btree ("updated_at");
  CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at");
  CREATE UNIQUE INDEX "news_slug_idx" ON "news" USING btree ("slug");
  CREATE INDEX "news_thumbnail_idx" ON "news" USING btree ("thumbnail_id");
  CREATE INDEX "news_status_idx" ON "news" USING btree ("status");
  CREATE INDEX "news_published_at_idx" ON "news" USING btree ("published_at");
  CREATE INDEX "news_updated_at_idx" ON "news" USING btree ("updated_at");
  CREATE INDEX "news_created_at_idx" ON "news" USING btree ("created_at");
  CREATE INDEX "news_rels_order_idx" ON "news_rels" USING btree ("order");
  CREATE INDEX "news_rels_parent_idx" ON "news_rels" USING btree ("parent_id");
  CREATE INDEX "news_rels_path_idx" ON "news_rels" USING btree ("path");
  CREATE INDEX "news_rels_users_id_idx" ON "news_rels" USING btree ("users_id");
  CREATE INDEX "changelog_entries_date_idx" ON "changelog_entries" USING btree ("date");
  CREATE INDEX "changelog_entries_product_idx" ON "changelog_entries" USING btree ("product");
  CREATE INDEX "changelog_entries_updated_at_idx" ON "changelog_entries" USING btree ("updated_at");
  CREATE INDEX "changelog_entries_created_at_idx" ON "changelog_entries" USING btree ("created_at");
  CREATE INDEX "game_versions_version_type_idx" ON "game_versions" USING btree ("version_type");
  CREATE INDEX "game_versions_date_idx" ON "game_versions" USING btree ("date");
  CREATE INDEX "game_versions_updated_at_idx" ON "game_versions" USING btree ("updated_at");
  CREATE INDEX "game_versions_created_at_idx" ON "game_versions" USING btree ("created_at");
  CREATE INDEX "loaders_supported_project_types_order_idx" ON "loaders_supported_project_types" USING btree ("order");
  CREATE INDEX "loaders_supported_project_types_parent_idx" ON "loaders_supported_project_types" USING btree ("parent_id");
  CREATE INDEX "loaders_updated_at_idx" ON "loaders" USING btree ("updated_at");
  CREATE INDEX "loaders_created_at_idx" ON "loaders" USING btree ("created_at");
  CREATE INDEX "categories_name_idx" ON "categories" USING btree ("name");
  CREATE INDEX "categories_updated_at_idx" ON "categories" USING btree ("updated_at");
  CREATE INDEX "categories_created_at_idx" ON "categories" USING btree ("created_at");
  CREATE UNIQUE INDEX "name_projectType_idx" ON "categories" USING btree ("name","project_type");
  CREATE INDEX "licenses_updated_at_idx" ON "licenses" USING btree ("updated_at");
  CREATE INDEX "licenses_created_at_idx" ON "licenses" USING btree ("created_at");
  CREATE INDEX "donation_platforms_updated_at_idx" ON "donation_platforms" USING btree ("updated_at");
  CREATE INDEX "donation_platforms_created_at_idx" ON "donation_platforms" USING btree ("created_at");
  CREATE INDEX "report_types_updated_at_idx" ON "report_types" USING btree ("updated_at");
  CREATE INDEX "report_types_created_at_idx" ON "report_types" USING btree ("created_at");
  CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");
  CREATE UNIQUE INDEX "access_tokens_token_hash_idx" ON "access_tokens" USING btree ("token_hash");
  CREATE INDEX "access_tokens_updated_at_idx" ON "access_tokens" USING btree ("updated_at");
  CREATE INDEX "access_tokens_created_at_idx" ON "access_tokens" USING btree ("created_at");
  CREATE UNIQUE INDEX "payload_kv_key_idx" ON "payload_kv" USING btree ("key");
  CREATE INDEX "payload_locked_documents_global_slug_idx" ON "payload_locked_documents" USING btree ("global_slug");
  CREATE INDEX "payload_locked_documents_updated_at_idx" ON "payload_locked_documents" USING btree ("updated_at");
  CREATE INDEX "payload_locked_documents_created_at_idx" ON "payload_locked_documents" USING btree ("created_at");
  CREATE INDEX "payload_locked_documents_rels_order_idx" ON "payload_locked_documents_rels" USING btree ("order");
  CREATE INDEX "payload_locked_documents_rels_parent_idx" ON "payload_locked_documents_rels" USING btree ("parent_id");
  CREATE INDEX "payload_locked_documents_rels_path_idx" ON "payload_locked_documents_rels" USING btree ("path");
  CREATE INDEX "payload_locked_documents_rels_projects_id_idx" ON "payload_locked_documents_rels" USING btree ("projects_id");
  CREATE INDEX "payload_locked_documents_rels_versions_id_idx" ON "payload_locked_documents_rels" USING btree ("versions_id");
  CREATE INDEX "payload_locked_documents_rels_version_files_id_idx" ON "payload_locked_documents_rels" USING btree ("version_files_id");
  CREATE INDEX "payload_locked_documents_rels_images_id_idx" ON "payload_locked_documents_rels" USING btree ("images_id");
  CREATE INDEX "payload_locked_documents_rels_user_collections_id_idx" ON "payload_locked_documents_rels" USING btree ("user_collections_id");
  CREATE INDEX "payload_locked_documents_rels_users_id_idx" ON "payload_locked_documents_rels" USING btree ("users_id");
  CREATE INDEX "payload_locked_documents_rels_teams_id_idx" ON "payload_locked_documents_rels" USING btree ("teams_id");
  CREATE INDEX "payload_locked_documents_rels_team_members_id_idx" ON "payload_locked_documents_rels" USING btree ("team_members_id");
  CREATE INDEX "payload_locked_documents_rels_organizations_id_idx" ON "payload_locked_documents_rels" USING btree ("organizations_id");
  CREATE INDEX "payload_locked_documents_rels_follows_id_idx" ON "payload_locked_documents_rels" USING btree ("follows_id");
  CREATE INDEX "payload_locked_documents_rels_reports_id_idx" ON "payload_locked_documents_rels" USING btree ("reports_id");
  CREATE INDEX "payload_locked_documents_rels_threads_id_idx" ON "payload_locked_documents_rels" USING btree ("threads_id");
  CREATE INDEX "payload_locked_documents_rels_thread_messages_id_idx" ON "payload_locked_documents_rels" USING btree ("thread_messages_id");
  CREATE INDEX "payload_locked_documents_rels_notifications_id_idx" ON "payload_locked_documents_rels" USING btree ("notifications_id");
  CREATE INDEX "payload_locked_documents_rels_news_id_idx" ON "payload_locked_documents_rels" USING btree ("news_id");
  CREATE INDEX "payload_locked_documents_rels_changelog_entries_id_idx" ON "payload_locked_documents_rels" USING btree ("changelog_entries_id");
  CREATE INDEX "payload_locked_documents_rels_game_versions_id_idx" ON "payload_locked_documents_rels" USING btree ("game_versions_id");
  CREATE INDEX "payload_locked_documents_rels_loaders_id_idx" ON "payload_locked_documents_rels" USING btree ("loaders_id");
  CREATE INDEX "payload_locked_documents_rels_categories_id_idx" ON "payload_locked_documents_rels" USING btree ("categories_id");
  CREATE INDEX "payload_locked_documents_rels_licenses_id_idx" ON "payload_locked_documents_rels" USING btree ("licenses_id");
  CREATE INDEX "payload_locked_documents_rels_donation_platforms_id_idx" ON "payload_locked_documents_rels" USING btree ("donation_platforms_id");
  CREATE INDEX "payload_locked_documents_rels_report_types_id_idx" ON "payload_locked_documents_rels" USING btree ("report_types_id");
  CREATE INDEX "payload_locked_documents_rels_access_tokens_id_idx" ON "payload_locked_documents_rels" USING btree ("access_tokens_id");
  CREATE INDEX "payload_preferences_key_idx" ON "payload_preferences" USING btree ("key");
  CREATE INDEX "payload_preferences_updated_at_idx" ON "payload_preferences" USING btree ("updated_at");
  CREATE INDEX "payload_preferences_created_at_idx" ON "payload_preferences" USING btree ("created_at");
  CREATE INDEX "payload_preferences_rels_order_idx" ON "payload_preferences_rels" USING btree ("order");
  CREATE INDEX "payload_preferences_rels_parent_idx" ON "payload_preferences_rels" USING btree ("parent_id");
  CREATE INDEX "payload_preferences_rels_path_idx" ON "payload_preferences_rels" USING btree ("path");
  CREATE INDEX "payload_preferences_rels_users_id_idx" ON "payload_preferences_rels" USING btree ("users_id");
  CREATE INDEX "payload_migrations_updated_at_idx" ON "payload_migrations" USING btree ("updated_at");
  CREATE INDEX "payload_migrations_created_at_idx" ON "payload_migrations" USING btree ("created_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "projects_donation_urls" CASCADE;
  DROP TABLE "projects" CASCADE;
  DROP TABLE "projects_texts" CASCADE;
  DROP TABLE "versions_dependencies" CASCADE;
  DROP TABLE "versions" CASCADE;
  DROP TABLE "versions_rels" CASCADE;
  DROP TABLE "version_files" CASCADE;
  DROP TABLE "images" CASCADE;
  DROP TABLE "user_collections" CASCADE;
  DROP TABLE "user_collections_rels" CASCADE;
  DROP TABLE "users_sessions" CASCADE;
  DROP TABLE "users" CASCADE;
  DROP TABLE "teams" CASCADE;
  DROP TABLE "team_members" CASCADE;
  DROP TABLE "organizations" CASCADE;
  DROP TABLE "follows" CASCADE;
  DROP TABLE "reports" CASCADE;
  DROP TABLE "threads" CASCADE;
  DROP TABLE "threads_rels" CASCADE;
  DROP TABLE "thread_messages" CASCADE;
  DROP TABLE "notifications" CASCADE;
  DROP TABLE "news" CASCADE;
  DROP TABLE "news_rels" CASCADE;
  DROP TABLE "changelog_entries" CASCADE;
  DROP TABLE "game_versions" CASCADE;
  DROP TABLE "loaders_supported_project_types" CASCADE;
  DROP TABLE "loaders" CASCADE;
  DROP TABLE "categories" CASCADE;
  DROP TABLE "licenses" CASCADE;
  DROP TABLE "donation_platforms" CASCADE;
  DROP TABLE "report_types" CASCADE;
  DROP TABLE "access_tokens" CASCADE;
  DROP TABLE "payload_kv" CASCADE;
  DROP TABLE "payload_locked_documents" CASCADE;
  DROP TABLE "payload_locked_documents_rels" CASCADE;
  DROP TABLE "payload_preferences" CASCADE;
  DROP TABLE "payload_preferences_rels" CASCADE;
  DROP TABLE "payload_migrations" CASCADE;
  DROP TYPE "public"."enum_projects_project_type";
  DROP TYPE "public"."enum_projects_status";
  DROP TYPE "public"."enum_projects_requested_status";
  DROP TYPE "public"."enum_projects_client_side";
  DROP TYPE "public"."enum_projects_server_side";
  DROP TYPE "public"."enum_projects_monetization_status";
  DROP TYPE "public"."enum_versions_dependencies_dependency_type";
  DROP TYPE "public"."enum_versions_version_type";
  DROP TYPE "public"."enum_versions_status";
  DROP TYPE "public"."enum_versions_requested_status";
  DROP TYPE "public"."enum_version_files_file_type";
  DROP TYPE "public"."enum_images_kind";
  DROP TYPE "public"."enum_user_collections_visibility";
  DROP TYPE "public"."enum_users_role";
  DROP TYPE "public"."enum_teams_kind";
  DROP TYPE "public"."enum_reports_item_type";
  DROP TYPE "public"."enum_threads_type";
  DROP TYPE "public"."enum_thread_messages_type";
  DROP TYPE "public"."enum_news_status";
  DROP TYPE "public"."enum_changelog_entries_product";
  DROP TYPE "public"."enum_changelog_entries_status";
  DROP TYPE "public"."enum_game_versions_version_type";
  DROP TYPE "public"."enum_loaders_supported_project_types";
  DROP TYPE "public"."enum_categories_project_type";
  DROP TYPE "public"."enum_categories_header";`)
}
