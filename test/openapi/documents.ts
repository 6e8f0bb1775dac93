// Loads the trimmed copies of Scanopy's OpenAPI documents kept in test/fixtures/openapi/.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Written by `npm run trim-openapi -- <folder of Scanopy's documents>` (scripts/trim-openapi.ts). */
export const OPENAPI_DIR = path.join(REPO_ROOT, 'test', 'fixtures', 'openapi');

/**
 * The releases whose documents the contract tests run against, oldest first. Listed here rather
 * than read from the folder, so a lost fixture fails the run instead of shrinking it.
 */
export const FIXTURE_VERSIONS = ['0.14.13', '0.15.0', '0.16.2'] as const;

/** One Scanopy release's document; `info.version` there is the API version ("1"), not the release. */
export interface ScanopyDocument {
  readonly version: string;
  readonly file: string;
  readonly document: Record<string, unknown>;
}

const FILE_NAME = /^scanopy-(\d+\.\d+\.\d+)\.json$/;

/** The release versions that have a fixture file, oldest first. */
export function fixtureFilesPresent(): string[] {
  return readdirSync(OPENAPI_DIR)
    .map((name) => FILE_NAME.exec(name)?.[1])
    .filter((version): version is string => version !== undefined)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** Throws (failing the test file) when the fixture is missing or unreadable. */
export function loadDocument(version: string): ScanopyDocument {
  const file = path.join(OPENAPI_DIR, `scanopy-${version}.json`);
  return { version, file, document: JSON.parse(readFileSync(file, 'utf8')) };
}

/** True when the document declares this method on this path template. */
export function declares(doc: ScanopyDocument, method: string, template: string): boolean {
  const paths = doc.document['paths'] as Record<string, Record<string, unknown>>;
  return paths[template]?.[method.toLowerCase()] !== undefined;
}
