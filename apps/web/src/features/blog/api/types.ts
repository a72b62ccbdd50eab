import type { ResultOf } from '../../../app/api-types';

/** A post as the API gives it: `content` is HTML the server sanitised when it was written. */
export type Blog = ResultOf<'getBlog'>;
