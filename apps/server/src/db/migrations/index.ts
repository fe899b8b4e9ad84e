import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-settings';
import * as m0002 from './0002-accounts';
import * as m0003 from './0003-catalog';
import * as m0004 from './0004-tasks';
import * as m0005 from './0005-assistant';
import * as m0006 from './0006-shares';
import * as m0007 from './0007-reliability';
import * as m0007b from './0007b-security';
import * as m0008 from './0008-commerce';
import * as m0009 from './0009-gallery';
import * as m0010 from './0010-training';
import * as m0011 from './0011-admin';
import * as m0013 from './0013-spec-gaps';
import * as m0014 from './0014-admin-refund-requests';
import * as m0014h5 from './0014-commerce-h5';
import * as m0014refunds from './0014-commerce-refund-requests';
import * as m0014commerce from './0014-commerce-vip-allowance';
import * as m0014community from './0014-community-published-at';
import * as m0014projects from './0014-firsthour-projects';
import * as m0015community from './0015-community-cases';
import * as m0016commerce from './0016-commerce-vip-grants';
import * as m0016community from './0016-community-waterfall-indexes';
import * as m0017commerce from './0017-commerce-output-watermark';
import * as m0017community from './0017-community-case-projects';
import * as m0018payments from './0018-payments-late-and-sandbox';
import * as m0019membership from './0019-membership-periods';
import * as m0020providerCalls from './0020-provider-calls-cost';

/**
 * Every migration, by name, in order. A static index instead of a folder read because the server
 * ships as one esbuild bundle with no migration files beside it. Names never change once shipped;
 * the migrator runs any not yet applied in name order (allowUnorderedMigrations: areas once added
 * numbers side by side, so an older database may have applied them in another order).
 */
export const migrations: Record<string, Migration> = {
  '0001_settings': m0001,
  '0002_accounts': m0002,
  '0003_catalog': m0003,
  '0004_tasks': m0004,
  '0005_assistant': m0005,
  '0006_shares': m0006,
  '0007_reliability': m0007,
  '0007b_security': m0007b,
  '0008_commerce': m0008,
  '0009_gallery': m0009,
  '0010_training': m0010,
  '0011_admin': m0011,
  '0013_spec_gaps': m0013,
  '0014_admin_refund_requests': m0014,
  '0014_commerce_h5': m0014h5,
  '0014_commerce_refund_requests': m0014refunds,
  '0014_commerce_vip_allowance': m0014commerce,
  '0014_community_published_at': m0014community,
  '0014_firsthour_projects': m0014projects,
  '0015_community_cases': m0015community,
  '0016_commerce_vip_grants': m0016commerce,
  '0016_community_waterfall_indexes': m0016community,
  '0017_commerce_output_watermark': m0017commerce,
  '0017_community_case_projects': m0017community,
  '0018_payments_late_and_sandbox': m0018payments,
  '0019_membership_periods': m0019membership,
  '0020_provider_calls_cost': m0020providerCalls,
};

export const staticMigrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
