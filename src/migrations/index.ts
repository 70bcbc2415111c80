import * as migration_20261121_215356_initial from './20261121_215356_initial';
import * as migration_20261121_220000_search_index from './20261121_220000_search_index';
import * as migration_20261121_224905_license_fields from './20261121_224905_license_fields';
import * as migration_20261122_001500_search_exact_title from './20261122_001500_search_exact_title';
import * as migration_20261122_120000_search_changes from './20261122_120000_search_changes';
import * as migration_20261124_060413_login_rate_limits from './20261124_060413_login_rate_limits';
import * as migration_20261124_070837_disable_document_locks from './20261124_070837_disable_document_locks';
import * as migration_20261124_071810_email_verification_and_outbox from './20261124_071810_email_verification_and_outbox';
import * as migration_20261124_080647_legal_pages from './20261124_080647_legal_pages';
import * as migration_20261125_061157_session_details from './20261125_061157_session_details';
import * as migration_20261125_062622_two_factor from './20261125_062622_two_factor';
import * as migration_20261125_064453_auth_identities from './20261125_064453_auth_identities';
import * as migration_20261125_071451_editor_images from './20261125_071451_editor_images';
import * as migration_20261125_094502_oauth_provider from './20261125_094502_oauth_provider';
import * as migration_20261125_160000_analytics_daily from './20261125_160000_analytics_daily';
import * as migration_20261125_162642_scheduled_releases from './20261125_162642_scheduled_releases';
import * as migration_20261125_171040_trending_task from './20261125_171040_trending_task';
import * as migration_20261125_195053_news_drafts from './20261125_195053_news_drafts';
import * as migration_20261125_201500_moderation_locks from './20261125_201500_moderation_locks';
import * as migration_20261125_231951_technical_review from './20261125_231951_technical_review';
import * as migration_20261126_082934_versions_project_date from './20261126_082934_versions_project_date';
import * as migration_20261127_210758_billing from './20261127_210758_billing';
import * as migration_20261127_220119_revenue from './20261127_220119_revenue';
import * as migration_20261127_220139_revenue_ledger from './20261127_220139_revenue_ledger';
import * as migration_20261128_005942_revenue_payouts from './20261128_005942_revenue_payouts';
import * as migration_20261128_012608_hosting from './20261128_012608_hosting';
import * as migration_20261128_023757_server_subdomain from './20261128_023757_server_subdomain';
import * as migration_20261128_035822_server_next_subscription from './20261128_035822_server_next_subscription';
import * as migration_20261128_040551_server_startup_preferences from './20261128_040551_server_startup_preferences';
import * as migration_20261128_050051_server_notices_staff from './20261128_050051_server_notices_staff';
import * as migration_20261128_105630_server_backups from './20261128_105630_server_backups';
import * as migration_20261128_113000_search_hit_owner from './20261128_113000_search_hit_owner';
import * as migration_20261128_133224_notification_emails from './20261128_133224_notification_emails';
import * as migration_20261128_173356_team_names from './20261128_173356_team_names';

export const migrations = [
  {
    up: migration_20261121_215356_initial.up,
    down: migration_20261121_215356_initial.down,
    name: '20261121_215356_initial',
  },
  {
    up: migration_20261121_220000_search_index.up,
    down: migration_20261121_220000_search_index.down,
    name: '20261121_220000_search_index',
  },
  {
    up: migration_20261121_224905_license_fields.up,
    down: migration_20261121_224905_license_fields.down,
    name: '20261121_224905_license_fields',
  },
  {
    up: migration_20261122_001500_search_exact_title.up,
    down: migration_20261122_001500_search_exact_title.down,
    name: '20261122_001500_search_exact_title',
  },
  {
    up: migration_20261122_120000_search_changes.up,
    down: migration_20261122_120000_search_changes.down,
    name: '20261122_120000_search_changes',
  },
  {
    up: migration_20261124_060413_login_rate_limits.up,
    down: migration_20261124_060413_login_rate_limits.down,
    name: '20261124_060413_login_rate_limits',
  },
  {
    up: migration_20261124_070837_disable_document_locks.up,
    down: migration_20261124_070837_disable_document_locks.down,
    name: '20261124_070837_disable_document_locks',
  },
  {
    up: migration_20261124_071810_email_verification_and_outbox.up,
    down: migration_20261124_071810_email_verification_and_outbox.down,
    name: '20261124_071810_email_verification_and_outbox',
  },
  {
    up: migration_20261124_080647_legal_pages.up,
    down: migration_20261124_080647_legal_pages.down,
    name: '20261124_080647_legal_pages',
  },
  {
    up: migration_20261125_061157_session_details.up,
    down: migration_20261125_061157_session_details.down,
    name: '20261125_061157_session_details',
  },
  {
    up: migration_20261125_062622_two_factor.up,
    down: migration_20261125_062622_two_factor.down,
    name: '20261125_062622_two_factor',
  },
  {
    up: migration_20261125_064453_auth_identities.up,
    down: migration_20261125_064453_auth_identities.down,
    name: '20261125_064453_auth_identities',
  },
  {
    up: migration_20261125_071451_editor_images.up,
    down: migration_20261125_071451_editor_images.down,
    name: '20261125_071451_editor_images',
  },
  {
    up: migration_20261125_094502_oauth_provider.up,
    down: migration_20261125_094502_oauth_provider.down,
    name: '20261125_094502_oauth_provider',
  },
  {
    up: migration_20261125_160000_analytics_daily.up,
    down: migration_20261125_160000_analytics_daily.down,
    name: '20261125_160000_analytics_daily',
  },
  {
    up: migration_20261125_162642_scheduled_releases.up,
    down: migration_20261125_162642_scheduled_releases.down,
    name: '20261125_162642_scheduled_releases',
  },
  {
    up: migration_20261125_171040_trending_task.up,
    down: migration_20261125_171040_trending_task.down,
    name: '20261125_171040_trending_task',
  },
  {
    up: migration_20261125_195053_news_drafts.up,
    down: migration_20261125_195053_news_drafts.down,
    name: '20261125_195053_news_drafts',
  },
  {
    up: migration_20261125_201500_moderation_locks.up,
    down: migration_20261125_201500_moderation_locks.down,
    name: '20261125_201500_moderation_locks',
  },
  {
    up: migration_20261125_231951_technical_review.up,
    down: migration_20261125_231951_technical_review.down,
    name: '20261125_231951_technical_review',
  },
  {
    up: migration_20261126_082934_versions_project_date.up,
    down: migration_20261126_082934_versions_project_date.down,
    name: '20261126_082934_versions_project_date',
  },
  {
    up: migration_20261127_210758_billing.up,
    down: migration_20261127_210758_billing.down,
    name: '20261127_210758_billing',
  },
  {
    up: migration_20261127_220119_revenue.up,
    down: migration_20261127_220119_revenue.down,
    name: '20261127_220119_revenue',
  },
  {
    up: migration_20261127_220139_revenue_ledger.up,
    down: migration_20261127_220139_revenue_ledger.down,
    name: '20261127_220139_revenue_ledger',
  },
  {
    up: migration_20261128_005942_revenue_payouts.up,
    down: migration_20261128_005942_revenue_payouts.down,
    name: '20261128_005942_revenue_payouts',
  },
  {
    up: migration_20261128_012608_hosting.up,
    down: migration_20261128_012608_hosting.down,
    name: '20261128_012608_hosting',
  },
  {
    up: migration_20261128_023757_server_subdomain.up,
    down: migration_20261128_023757_server_subdomain.down,
    name: '20261128_023757_server_subdomain',
  },
  {
    up: migration_20261128_035822_server_next_subscription.up,
    down: migration_20261128_035822_server_next_subscription.down,
    name: '20261128_035822_server_next_subscription',
  },
  {
    up: migration_20261128_040551_server_startup_preferences.up,
    down: migration_20261128_040551_server_startup_preferences.down,
    name: '20261128_040551_server_startup_preferences',
  },
  {
    up: migration_20261128_050051_server_notices_staff.up,
    down: migration_20261128_050051_server_notices_staff.down,
    name: '20261128_050051_server_notices_staff',
  },
  {
    up: migration_20261128_105630_server_backups.up,
    down: migration_20261128_105630_server_backups.down,
    name: '20261128_105630_server_backups',
  },
  {
    up: migration_20261128_113000_search_hit_owner.up,
    down: migration_20261128_113000_search_hit_owner.down,
    name: '20261128_113000_search_hit_owner',
  },
  {
    up: migration_20261128_133224_notification_emails.up,
    down: migration_20261128_133224_notification_emails.down,
    name: '20261128_133224_notification_emails',
  },
  {
    up: migration_20261128_173356_team_names.up,
    down: migration_20261128_173356_team_names.down,
    name: '20261128_173356_team_names'
  },
];
