// The service's ids as tool arguments: checked with a regex, advertised as format: uuid.
import * as z from 'zod';

/** 8-4-4-4-12 hex, any case: the service's ids. */
const UUID = /^[\da-fA-F]{8}(-[\da-fA-F]{4}){3}-[\da-fA-F]{12}$/;

/** Whether `value` is one of the service's ids. */
export const isUuid = (value: string | undefined): boolean =>
  value !== undefined && UUID.test(value);
/**
 * Checked here with the regex; advertised as `format: uuid` (15 bytes) rather than the pattern
 * (64): six id arguments sit in the catalog, which stays in the model's context all conversation.
 */
export const uuid = () =>
  z.string().refine(isUuid, 'must be a UUID (8-4-4-4-12 hex digits)').meta({ format: 'uuid' });
