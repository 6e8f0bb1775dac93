// apply_snmp_rotation: the view's Confirm button; writes a previewed credential change once, if nothing changed since, and says whether it was written.
import * as z from 'zod';
import { APPROVAL_PROBLEM_TEXT, stateDigest } from '../confirm/app-approval.js';
import { writeCredential } from '../confirm/credential-write.js';
import { readCurrentCredential } from '../confirm/current-credential.js';
import { approvalRefused, writeAuditor } from '../confirm/write-audit.js';
import { WriteOutcomeError } from '../confirm/write-outcome.js';
import { ToolMessageError } from '../errors.js';
import { APP_ONLY_TOOL_META } from '../views/common/app-view.js';
import { credentialOutput } from '../views/common/shapes.js';
import { updatedResult } from '../views/credentials/credential-update-view.js';
import { defineTool } from './define-tool.js';
import { forgetCredentialLists } from './hosts/host-world-keys.js';

const TOOL = 'apply_snmp_rotation';
const AGAIN =
  'Ask the assistant for a fresh preview (update_snmp_credential) and confirm that one.';

/** Refused before anything was sent: not written, in both channels. */
function notWritten(why: string): WriteOutcomeError {
  const next = `${why}; nothing was written. ${AGAIN}`;
  return new WriteOutcomeError('no', new ToolMessageError(next), '', {
    status: 'not_written',
    written: 'no',
    next_step: next,
  });
}

export const applySnmpRotation = defineTool({
  name: TOOL,
  title: 'Apply SNMP credential change',
  description:
    "Confirm button of update_snmp_credential's preview; only a person in the app presses it.",
  inputSchema: {
    approval: z.string().max(200).describe("The approval from the preview result's _meta"),
  },
  outputSchema: {
    status: z.enum(['updated', 'not_written', 'unknown']),
    // yes: on the service; no: nothing written; unknown: sent, answer lost (credential read back).
    written: z.enum(['yes', 'no', 'unknown']),
    credential: credentialOutput.optional(),
    next_step: z.string().optional(),
  },
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
  writes: true,
  appOnly: true,
  meta: APP_ONLY_TOOL_META,
  async handler({ approval }, { api, names, signal, audit, approvals }) {
    const claim = await approvals.claim(approval);
    if (!claim.ok) {
      approvalRefused(audit, TOOL, claim.reason);
      throw notWritten(`The approval ${APPROVAL_PROBLEM_TEXT[claim.reason]}`);
    }
    const { values, stateDigest: previewed } = claim.pending;
    const record = writeAuditor(audit, TOOL, values);
    const tagNames = names.read(api, ['tags'], signal);
    tagNames.catch(() => {});
    // The person approved the change against the record they were shown: if it moved since,
    // they approved something that no longer describes the write.
    const current = await readCurrentCredential(api, values.id, signal);
    const why = !current.known
      ? `the credential could not be read to check it is unchanged (${current.reason})`
      : previewed === stateDigest(null)
        ? 'the preview could not read the credential, so the person approved it without seeing its state'
        : stateDigest(current.credential) !== previewed
          ? 'the credential changed on the service since the preview'
          : undefined;
    if (why) {
      record('refused', { detail: why });
      throw notWritten(`${why.charAt(0).toUpperCase()}${why.slice(1)}`);
    }
    record('confirmed', { confirmation: 'app', detail: 'confirmed in the app' });
    // The record as read just now is the one the person was shown (its digest matched).
    const shown = current.known ? current.credential : undefined;
    const credential = await writeCredential(api, values, record, signal, shown).finally(() =>
      // Landed or not known: host answers read credential names and assignments afresh.
      forgetCredentialLists(names),
    );
    return updatedResult(credential, 'the app', undefined, (await tagNames).nameOf);
  },
});
