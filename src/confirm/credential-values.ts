// The exact values a confirmation of an SNMP credential write is bound to, whichever way it is confirmed.
import type { SnmpCredentialUpdate } from '../api/schemas.js';

/** The credential and what replaces it: what a person approves, and nothing else is written. */
export interface CredentialWrite extends SnmpCredentialUpdate {
  readonly id: string;
}
