export * from './operation.js';
export * from './operations/index.js';
export * from './schemas/common.js';
export * from './schemas/platform.js';
export * from './schemas/accounts.js';
export * from './schemas/auth.js';
export * from './permissions.js';
export * from './schemas/access.js';
