import type { Migration } from 'kysely';
import { migrationContext } from './context.js';
import { init } from './20261121T2330_init.js';
import { plans } from './20261121T2400_plans.js';
import { bookmarks } from './20261122T0000_bookmarks.js';
import { imports } from './20261122T0030_import.js';
import { search } from './20261122T0100_search.js';
import { rss } from './20261122T0200_rss.js';
import { searchPrefix } from './20261122T0300_search_prefix.js';
import { importJobs } from './20261123T0000_import_jobs.js';
import { adverts } from './20261123T1200_adverts.js';
import { promo } from './20261124T0000_promo.js';
import { groups } from './20261124T1200_groups.js';
import { billing } from './20261124T1800_billing.js';
import { recommendations } from './20261124T2000_recommendations.js';
import { storedFiles } from './20261125T1000_stored_files.js';
import { searchIndex } from './20261125T1100_search_index.js';
import { promoVisitors } from './20261126T0000_promo_visitors.js';
import { jobTurns } from './20261126T0100_job_turns.js';
import { billingOrder } from './20261126T0200_billing_order.js';
import { groupDeletion } from './20261126T0300_group_deletion.js';
import { liveStreams } from './20261127T0000_live_streams.js';
import { importInSlices } from './20261127T0100_import_in_slices.js';
import { compactBookmarks } from './20261128T0000_compact_bookmarks.js';
import { copies } from './20261128T1200_copies.js';
import { pageSearch } from './20261128T1700_page_search.js';
import { keepCopies } from './20261128T1900_keep_copies.js';
import { pageReads } from './20261128T2000_page_reads.js';
import { linkHealth } from './20261128T1800_link_health.js';
import { groupLinkPages } from './20261129T0900_group_link_pages.js';
import { pageRetries } from './20261129T1200_page_retries.js';
import { linkKeys } from './20261129T1400_link_keys.js';
import { groupLinkTrash } from './20261129T1600_group_link_trash.js';
import { apiTokens } from './20261206T1200_api_tokens.js';
import { trash } from './20261129T1500_trash.js';

// Listed here rather than read from the folder so the bundled server carries them. Names sort by time.
const all = {
  '20261121T2330_init': init,
  '20261121T2400_plans': plans,
  '20261122T0000_bookmarks': bookmarks,
  '20261122T0030_import': imports,
  '20261122T0100_search': search,
  '20261122T0200_rss': rss,
  '20261122T0300_search_prefix': searchPrefix,
  '20261123T0000_import_jobs': importJobs,
  '20261123T1200_adverts': adverts,
  '20261124T0000_promo': promo,
  '20261124T1200_groups': groups,
  '20261124T1800_billing': billing,
  '20261124T2000_recommendations': recommendations,
  '20261125T1000_stored_files': storedFiles,
  '20261125T1100_search_index': searchIndex,
  '20261126T0000_promo_visitors': promoVisitors,
  '20261126T0100_job_turns': jobTurns,
  '20261126T0200_billing_order': billingOrder,
  '20261126T0300_group_deletion': groupDeletion,
  '20261127T0000_live_streams': liveStreams,
  '20261127T0100_import_in_slices': importInSlices,
  '20261128T0000_compact_bookmarks': compactBookmarks,
  '20261128T1200_copies': copies,
  '20261128T1700_page_search': pageSearch,
  '20261128T1800_link_health': linkHealth,
  '20261128T1900_keep_copies': keepCopies,
  '20261128T2000_page_reads': pageReads,
  '20261129T0900_group_link_pages': groupLinkPages,
  '20261129T1200_page_retries': pageRetries,
  '20261129T1400_link_keys': linkKeys,
  '20261129T1500_trash': trash,
  '20261129T1600_group_link_trash': groupLinkTrash,
  '20261206T1200_api_tokens': apiTokens,
};

export function buildMigrations(dialect: 'sqlite' | 'postgres'): Record<string, Migration> {
  const ctx = migrationContext(dialect);
  return Object.fromEntries(Object.entries(all).map(([name, make]) => [name, make(ctx)]));
}
