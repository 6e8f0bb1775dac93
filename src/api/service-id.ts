// The shape of the service's ids (8-4-4-4-12 hex, any case): what an id argument must be, what goes into a query, what is shown bare.
const SERVICE_ID = /^[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/i;

/** Whether `value` is shaped as one of the service's ids. */
export const isServiceId = (value: string | undefined): boolean =>
  value !== undefined && SERVICE_ID.test(value);
