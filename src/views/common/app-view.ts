// The MCP Apps view: its address and type, how a tool declares it, and the preview result that carries a Confirm button.
import type { CredentialPreview } from '../credentials/credential-preview.js';
import {
  type WrittenValues,
  withoutLines,
  writtenCredential,
} from '../credentials/credential-update-view.js';
import { APP_VIEW_MIME, APP_VIEW_URI, APPROVAL_META_KEY } from './app-meta.js';

/**
 * The view's address and type, and where a preview's approval travels: spelled in app-meta.ts,
 * which the view shares and the server's start-up reads without loading any view.
 */
export { APP_VIEW_MIME, APP_VIEW_URI, APPROVAL_META_KEY };

/** `_meta` of a tool whose results the view draws. Hosts without MCP Apps ignore it. */
export const VIEW_TOOL_META = Object.freeze({ ui: { resourceUri: APP_VIEW_URI } });
/** `_meta` of a tool only the view may call: hosts keep it from the model. */
export const APP_ONLY_TOOL_META = Object.freeze({
  ui: { resourceUri: APP_VIEW_URI, visibility: ['app'] },
});

/**
 * A preview a person confirms in the view: the model reads the change and is told to wait; the
 * approval's handle goes only in `meta`, so the model can neither read nor replay it.
 */
export function appPreviewResult(
  preview: CredentialPreview | undefined,
  approval: { readonly handle: string; readonly expiresAt: Date },
  target?: WrittenValues,
) {
  const next =
    'Nothing written yet. The user confirms or cancels this change with the Confirm button in the panel shown with this result; you cannot confirm it. Do not call update_snmp_credential again for it; wait for the outcome. If the user sees no panel, their client does not draw it: the operator can set NETWORK_DISCOVERY_CONFIRM=elicitation to confirm in a form instead.';
  return {
    structured: {
      status: 'preview' as const,
      // The credential the change will leave: the panel names it, name and id.
      ...(target ? { credential: writtenCredential(target) } : {}),
      // The warnings have a field of their own: the preview lines do not repeat them.
      ...(preview
        ? { preview: withoutLines(preview.text, preview.warnings), changes: preview.changes }
        : {}),
      ...(preview && preview.warnings.length > 0 ? { warnings: preview.warnings } : {}),
      expires_at: approval.expiresAt.toISOString(),
      next_step: next,
    },
    text: `${next}\n${preview?.text ?? ''}`.trimEnd(),
    meta: {
      [APPROVAL_META_KEY]: {
        handle: approval.handle,
        expires_at: approval.expiresAt.toISOString(),
      },
    },
  };
}
