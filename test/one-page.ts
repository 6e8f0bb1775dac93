// A list page holding these items whole, as a fake client or requester answers in unit tests.
import type { Page } from '../src/api/request.js';

export const onePage = <T>(items: T[]): Page<T> => ({
  items,
  skipped: 0,
  pagination: { total_count: items.length, limit: 1000, offset: 0, has_more: false },
});
