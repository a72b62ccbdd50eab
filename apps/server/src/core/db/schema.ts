// Every module's tables, gathered for the typed database handle and for drizzle-kit.
export * from '../../modules/accounts/schema.js';
export * from '../../modules/platform/schema.js';
export * from '../../modules/projects/schema.js';
export * from '../../modules/auth/schema.js';
export * from '../../modules/mail/schema.js';
export * from '../../modules/access/schema.js';
export * from '../../modules/blog/schema.js';
export * from '../audit/schema.js';
export * from '../../modules/notifications/schema.js';
export * from '../../modules/terms/schema.js';
export * from '../../modules/bookmarks/schema.js';
export * from '../jobs/schema.js';
export * from '../../modules/billing/schema.js';
export * from '../../modules/integrations/schema.js';
