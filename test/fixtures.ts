// Tool arguments shared by test files: a valid update_snmp_credential call on the sample credential.
import {
  SAMPLE_CREDENTIAL_ID,
  SAMPLE_ORGANIZATION_ID,
  SAMPLE_TAGS,
} from '../src/sample-api/data.js';

/** A valid update of the sample credential that sets `community`; a fresh object each call. */
export function updateArgs(community: string) {
  return {
    id: SAMPLE_CREDENTIAL_ID,
    name: 'Office switches',
    organization_id: SAMPLE_ORGANIZATION_ID,
    community,
    tags: [SAMPLE_TAGS.core],
  };
}
