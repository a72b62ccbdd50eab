import type { Operation } from '../operation.js';
import { accessOperations } from './access.js';
import { accountOperations } from './accounts.js';
import { authOperations } from './auth.js';
import { billingDocumentOperations } from './billing-documents.js';
import { billingOperations } from './billing.js';
import { blogOperations } from './blog.js';
import { bookmarkOperations } from './bookmarks.js';
import { chatOperations } from './chat.js';
import { driveOperations } from './drive.js';
import { healthOperations } from './health.js';
import { integrationOperations } from './integrations.js';
import { notificationOperations } from './notifications.js';
import { platformOperations } from './platform.js';
import { projectOperations } from './projects.js';
import { storefrontOperations } from './storefront.js';
import { enquiryOperations } from './enquiries.js';
import { reviewOperations } from './reviews.js';
import { domainOperations } from './domains.js';
import { storefrontSummaryOperations } from './storefront-summary.js';
import { termsOperations } from './terms.js';
import { mailSubscriberOperations } from './mail-subscribers.js';
import { mailImportOperations } from './mail-imports.js';
import { mailDraftOperations } from './mail-drafts.js';
import { mailCampaignOperations } from './mail-campaigns.js';
import { flowOperations } from './flows.js';

/** The operation table: every call of the API, keyed by operationId. */
export { mailSubscriberOperations, mailImportOperations, mailDraftOperations, mailCampaignOperations, flowOperations };

export const operations = {
  ...healthOperations,
  ...platformOperations,
  ...accountOperations,
  ...authOperations,
  ...accessOperations,
  ...projectOperations,
  ...blogOperations,
  ...notificationOperations,
  ...termsOperations,
  ...bookmarkOperations,
  ...billingOperations,
  ...billingDocumentOperations,
  ...integrationOperations,
  ...driveOperations,
  ...chatOperations,
  ...storefrontOperations,
  ...storefrontSummaryOperations,
  ...enquiryOperations,
  ...reviewOperations,
  ...domainOperations,
  ...mailSubscriberOperations,
  ...mailImportOperations,
  ...mailDraftOperations,
  ...mailCampaignOperations,
  ...flowOperations,
} satisfies Record<string, Operation>;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
