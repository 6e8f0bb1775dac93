// The manifest's long_description opens with the Scanopy versions this server supports, taken from the live profile table.
import { NEWEST_KNOWN_VERSION, OLDEST_KNOWN_VERSION } from '../src/api/families/service-profile.js';

/** "0.14.0" -> "0.14": every patch release of the oldest minor is supported. */
const minorOf = (version: string): string => version.split('.').slice(0, 2).join('.');

/** The first paragraph of long_description, naming the supported versions. */
export function manifestSummary(): string {
  return (
    'Connects Claude to a [Scanopy](https://github.com/scanopy/scanopy) network discovery ' +
    `service, versions ${minorOf(OLDEST_KNOWN_VERSION)} to ${NEWEST_KNOWN_VERSION}, over its HTTP API.`
  );
}

/** `longDescription` with its first paragraph replaced by the generated summary; the rest is hand-written. */
export function withManifestSummary(longDescription: string): string {
  const rest = longDescription.indexOf('\n\n');
  return rest === -1 ? manifestSummary() : `${manifestSummary()}${longDescription.slice(rest)}`;
}
