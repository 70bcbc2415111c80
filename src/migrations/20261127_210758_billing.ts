import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_billing_products_kind" AS ENUM('plus', 'server', 'trial');
  CREATE TYPE "public"."enum_billing_prices_currency" AS ENUM('USD', 'GBP', 'EUR', 'RUB', 'BRL', 'JPY', 'IDR', 'MYR', 'PHP', 'THB', 'VND', 'KRW', 'TRY', 'UAH', 'MXN', 'CAD', 'NZD', 'NOK', 'PLN', 'CHF', 'INR', 'CLP', 'PEN', 'COP', 'ZAR', 'HKD', 'ARS', 'KZT', 'UYU', 'CNY', 'AUD', 'TWD', 'SAR', 'QAR', 'SGD');
  CREATE TYPE "public"."enum_billing_customers_provider" AS ENUM('stripe', 'test');
  CREATE TYPE "public"."enum_payment_methods_provider" AS ENUM('stripe', 'test');
  CREATE TYPE "public"."enum_payment_methods_brand" AS ENUM('amazon_pay', 'amex', 'cashapp', 'diners', 'discover', 'eftpos', 'jcb', 'mastercard', 'paypal', 'unionpay', 'visa', 'unknown');
  CREATE TYPE "public"."enum_subscriptions_currency" AS ENUM('USD', 'GBP', 'EUR', 'RUB', 'BRL', 'JPY', 'IDR', 'MYR', 'PHP', 'THB', 'VND', 'KRW', 'TRY', 'UAH', 'MXN', 'CAD', 'NZD', 'NOK', 'PLN', 'CHF', 'INR', 'CLP', 'PEN', 'COP', 'ZAR', 'HKD', 'ARS', 'KZT', 'UYU', 'CNY', 'AUD', 'TWD', 'SAR', 'QAR', 'SGD');
  CREATE TYPE "public"."enum_subscriptions_interval" AS ENUM('monthly', 'quarterly', 'yearly', 'fiveDays');
  CREATE TYPE "public"."enum_subscriptions_status" AS ENUM('provisioned', 'unprovisioned');
  CREATE TYPE "public"."enum_subscriptions_ended_reason" AS ENUM('cancelled', 'paymentFailed', 'refunded', 'staff');
  CREATE TYPE "public"."enum_charges_type" AS ENUM('subscription', 'renewal', 'proration', 'refund', 'oneTime');
  CREATE TYPE "public"."enum_charges_status" AS ENUM('open', 'processing', 'succeeded', 'failed', 'cancelled', 'expiring');
  CREATE TYPE "public"."enum_charges_currency" AS ENUM('USD', 'GBP', 'EUR', 'RUB', 'BRL', 'JPY', 'IDR', 'MYR', 'PHP', 'THB', 'VND', 'KRW', 'TRY', 'UAH', 'MXN', 'CAD', 'NZD', 'NOK', 'PLN', 'CHF', 'INR', 'CLP', 'PEN', 'COP', 'ZAR', 'HKD', 'ARS', 'KZT', 'UYU', 'CNY', 'AUD', 'TWD', 'SAR', 'QAR', 'SGD');
  CREATE TYPE "public"."enum_charges_interval" AS ENUM('monthly', 'quarterly', 'yearly', 'fiveDays');
  CREATE TYPE "public"."enum_charges_provider" AS ENUM('stripe', 'test');
  CREATE TYPE "public"."enum_billing_events_provider" AS ENUM('stripe', 'test');
  CREATE TYPE "public"."enum_billing_staff_acts_act" AS ENUM('refund', 'cancelNow', 'cancelAtPeriodEnd', 'credit');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'billingRenewals' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'billingRenewals' BEFORE 'schedulePublish';
  CREATE TABLE "billing_products" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"name" varchar NOT NULL,
  	"kind" "enum_billing_products_kind" NOT NULL,
  	"unitary" boolean DEFAULT true,
  	"cpus" numeric,
  	"ram_mi_b" numeric,
  	"swap_mi_b" numeric,
  	"storage_mi_b" numeric,
  	"region" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "billing_prices" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"product_id" varchar NOT NULL,
  	"currency" "enum_billing_prices_currency" NOT NULL,
  	"monthly" numeric,
  	"quarterly" numeric,
  	"yearly" numeric,
  	"five_days" numeric,
  	"public" boolean DEFAULT true,
  	"demo" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "billing_customers" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"user_id" varchar,
  	"provider" "enum_billing_customers_provider" NOT NULL,
  	"customer_id" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payment_methods" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"user_id" varchar,
  	"provider" "enum_payment_methods_provider" NOT NULL,
  	"provider_id" varchar NOT NULL,
  	"brand" "enum_payment_methods_brand" NOT NULL,
  	"last4" varchar NOT NULL,
  	"exp_month" numeric NOT NULL,
  	"exp_year" numeric NOT NULL,
  	"primary" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "subscriptions" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"user_id" varchar,
  	"product_id" varchar NOT NULL,
  	"price_id" varchar NOT NULL,
  	"currency" "enum_subscriptions_currency" NOT NULL,
  	"interval" "enum_subscriptions_interval" NOT NULL,
  	"status" "enum_subscriptions_status" DEFAULT 'unprovisioned' NOT NULL,
  	"ended_reason" "enum_subscriptions_ended_reason",
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "charges" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"user_id" varchar,
  	"subscription_id" varchar,
  	"price_id" varchar,
  	"type" "enum_charges_type" NOT NULL,
  	"status" "enum_charges_status" NOT NULL,
  	"amount" numeric NOT NULL,
  	"currency" "enum_charges_currency" NOT NULL,
  	"interval" "enum_charges_interval",
  	"due" timestamp(3) with time zone NOT NULL,
  	"period_end" timestamp(3) with time zone,
  	"last_attempt" timestamp(3) with time zone,
  	"attempts" numeric DEFAULT 0,
  	"provider" "enum_charges_provider",
  	"payment_id" varchar,
  	"method_id" varchar,
  	"method_label" varchar,
  	"failure_message" varchar,
  	"parent_id" varchar,
  	"reason" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "billing_events" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"provider" "enum_billing_events_provider" NOT NULL,
  	"event_id" varchar NOT NULL,
  	"type" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "billing_staff_acts" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"user_id" varchar,
  	"staff_id" varchar NOT NULL,
  	"act" "enum_billing_staff_acts_act" NOT NULL,
  	"subscription_id" varchar,
  	"charge_id" varchar,
  	"amount" numeric,
  	"days" numeric,
  	"reason" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "billing_prices" ADD CONSTRAINT "billing_prices_product_id_billing_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."billing_products"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_billing_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."billing_products"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_price_id_billing_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."billing_prices"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "charges" ADD CONSTRAINT "charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "charges" ADD CONSTRAINT "charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "charges" ADD CONSTRAINT "charges_price_id_billing_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."billing_prices"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "charges" ADD CONSTRAINT "charges_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "charges" ADD CONSTRAINT "charges_parent_id_charges_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "billing_staff_acts" ADD CONSTRAINT "billing_staff_acts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "billing_staff_acts" ADD CONSTRAINT "billing_staff_acts_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "billing_staff_acts" ADD CONSTRAINT "billing_staff_acts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "billing_staff_acts" ADD CONSTRAINT "billing_staff_acts_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "billing_products_key_idx" ON "billing_products" USING btree ("key");
  CREATE INDEX "billing_products_updated_at_idx" ON "billing_products" USING btree ("updated_at");
  CREATE INDEX "billing_products_created_at_idx" ON "billing_products" USING btree ("created_at");
  CREATE INDEX "billing_prices_product_idx" ON "billing_prices" USING btree ("product_id");
  CREATE INDEX "billing_prices_updated_at_idx" ON "billing_prices" USING btree ("updated_at");
  CREATE INDEX "billing_prices_created_at_idx" ON "billing_prices" USING btree ("created_at");
  CREATE UNIQUE INDEX "product_currency_idx" ON "billing_prices" USING btree ("product_id","currency");
  CREATE INDEX "billing_customers_user_idx" ON "billing_customers" USING btree ("user_id");
  CREATE UNIQUE INDEX "billing_customers_customer_id_idx" ON "billing_customers" USING btree ("customer_id");
  CREATE INDEX "billing_customers_updated_at_idx" ON "billing_customers" USING btree ("updated_at");
  CREATE INDEX "billing_customers_created_at_idx" ON "billing_customers" USING btree ("created_at");
  CREATE UNIQUE INDEX "user_provider_idx" ON "billing_customers" USING btree ("user_id","provider");
  CREATE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("user_id");
  CREATE UNIQUE INDEX "payment_methods_provider_id_idx" ON "payment_methods" USING btree ("provider_id");
  CREATE INDEX "payment_methods_updated_at_idx" ON "payment_methods" USING btree ("updated_at");
  CREATE INDEX "payment_methods_created_at_idx" ON "payment_methods" USING btree ("created_at");
  CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");
  CREATE INDEX "subscriptions_product_idx" ON "subscriptions" USING btree ("product_id");
  CREATE INDEX "subscriptions_price_idx" ON "subscriptions" USING btree ("price_id");
  CREATE INDEX "subscriptions_updated_at_idx" ON "subscriptions" USING btree ("updated_at");
  CREATE INDEX "subscriptions_created_at_idx" ON "subscriptions" USING btree ("created_at");
  CREATE INDEX "charges_user_idx" ON "charges" USING btree ("user_id");
  CREATE INDEX "charges_subscription_idx" ON "charges" USING btree ("subscription_id");
  CREATE INDEX "charges_price_idx" ON "charges" USING btree ("price_id");
  CREATE INDEX "charges_status_idx" ON "charges" USING btree ("status");
  CREATE INDEX "charges_payment_id_idx" ON "charges" USING btree ("payment_id");
  CREATE INDEX "charges_method_idx" ON "charges" USING btree ("method_id");
  CREATE INDEX "charges_parent_idx" ON "charges" USING btree ("parent_id");
  CREATE INDEX "charges_updated_at_idx" ON "charges" USING btree ("updated_at");
  CREATE INDEX "charges_created_at_idx" ON "charges" USING btree ("created_at");
  CREATE INDEX "status_due_idx" ON "charges" USING btree ("status","due");
  CREATE UNIQUE INDEX "billing_events_event_id_idx" ON "billing_events" USING btree ("event_id");
  CREATE INDEX "billing_events_updated_at_idx" ON "billing_events" USING btree ("updated_at");
  CREATE INDEX "billing_events_created_at_idx" ON "billing_events" USING btree ("created_at");
  CREATE INDEX "billing_staff_acts_user_idx" ON "billing_staff_acts" USING btree ("user_id");
  CREATE INDEX "billing_staff_acts_staff_idx" ON "billing_staff_acts" USING btree ("staff_id");
  CREATE INDEX "billing_staff_acts_subscription_idx" ON "billing_staff_acts" USING btree ("subscription_id");
  CREATE INDEX "billing_staff_acts_charge_idx" ON "billing_staff_acts" USING btree ("charge_id");
  CREATE INDEX "billing_staff_acts_updated_at_idx" ON "billing_staff_acts" USING btree ("updated_at");
  CREATE INDEX "billing_staff_acts_created_at_idx" ON "billing_staff_acts" USING btree ("created_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "billing_products" CASCADE;
  DROP TABLE "billing_prices" CASCADE;
  DROP TABLE "billing_customers" CASCADE;
  DROP TABLE "payment_methods" CASCADE;
  DROP TABLE "subscriptions" CASCADE;
  DROP TABLE "charges" CASCADE;
  DROP TABLE "billing_events" CASCADE;
  DROP TABLE "billing_staff_acts" CASCADE;
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'releaseScheduled', 'refreshCounts', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'releaseScheduled', 'refreshCounts', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP TYPE "public"."enum_billing_products_kind";
  DROP TYPE "public"."enum_billing_prices_currency";
  DROP TYPE "public"."enum_billing_customers_provider";
  DROP TYPE "public"."enum_payment_methods_provider";
  DROP TYPE "public"."enum_payment_methods_brand";
  DROP TYPE "public"."enum_subscriptions_currency";
  DROP TYPE "public"."enum_subscriptions_interval";
  DROP TYPE "public"."enum_subscriptions_status";
  DROP TYPE "public"."enum_subscriptions_ended_reason";
  DROP TYPE "public"."enum_charges_type";
  DROP TYPE "public"."enum_charges_status";
  DROP TYPE "public"."enum_charges_currency";
  DROP TYPE "public"."enum_charges_interval";
  DROP TYPE "public"."enum_charges_provider";
  DROP TYPE "public"."enum_billing_events_provider";
  DROP TYPE "public"."enum_billing_staff_acts_act";`)
}
