// The service's ids as tool arguments: checked with a regex, advertised as format: uuid.
import * as z from 'zod';
import { isServiceId } from '../../api/service-id.js';

/** Whether `value` is one of the service's ids. */
export const isUuid = isServiceId;
/**
 * Checked here with the regex; advertised as `format: uuid` (15 bytes) rather than the pattern
 * (64): six id arguments sit in the catalog, which stays in the model's context all conversation.
 */
export const uuid = () =>
  z.string().refine(isUuid, 'must be a UUID (8-4-4-4-12 hex digits)').meta({ format: 'uuid' });
