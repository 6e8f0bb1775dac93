// Finds and loads Scanopy's own OpenAPI documents from ../shared/upstream/openapi beside the repository.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const OPENAPI_DIR = path.resolve(REPO_ROOT, '..', 'shared', 'upstream', 'openapi');

/** One Scanopy release's document; `info.version` there is the API version ("1"), not the release. */
export interface ScanopyDocument {
  readonly version: string;
  readonly file: string;
  readonly document: Record<string, unknown>;
}

const FILE_NAME = /^scanopy-(\d+\.\d+\.\d+)\.json$/;

/** The release versions with a document, oldest first; empty when the folder is missing. */
export function documentVersions(): string[] {
  if (!existsSync(OPENAPI_DIR)) return [];
  return readdirSync(OPENAPI_DIR)
    .map((name) => FILE_NAME.exec(name)?.[1])
    .filter((version): version is string => version !== undefined)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

export function loadDocument(version: string): ScanopyDocument {
  const file = path.join(OPENAPI_DIR, `scanopy-${version}.json`);
  return { version, file, document: JSON.parse(readFileSync(file, 'utf8')) };
}

/** True when the document declares this method on this path template. */
export function declares(doc: ScanopyDocument, method: string, template: string): boolean {
  const paths = doc.document['paths'] as Record<string, Record<string, unknown>>;
  return paths[template]?.[method.toLowerCase()] !== undefined;
}
