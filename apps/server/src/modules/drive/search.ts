import { DriveTypeFilter } from '@wharf/contract';
import { oneOf, parseSearch, type ParsedSearch, type SearchFilter } from '../../core/search-syntax.js';

const text = (allowed: string, max: number): SearchFilter => ({
  accepts: (value) => value.length <= max,
  allowed,
});

/** The drive's `query` filters (core/search-syntax.ts): `type:image tag:summer name:logo folder:a/b public:true`. */
const filters = {
  type: oneOf(DriveTypeFilter.options),
  tag: text('a tag', 50),
  name: text('part of a name', 255),
  folder: text('a folder such as products/summer', 500),
  public: oneOf(['true', 'false']),
} as const;

export type DriveSearch = ParsedSearch<keyof typeof filters>;

export const parseDriveSearch = (query: string | undefined): DriveSearch => parseSearch(query, filters);
