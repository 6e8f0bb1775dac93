// cancel_snmp_rotation: the view's Cancel button; spends the preview's approval so it can never be confirmed, and records it.
import * as z from 'zod';
import { APPROVAL_PROBLEM_TEXT } from '../confirm/app-approval.js';
import { approvalRefused, writeAuditor } from '../confirm/write-audit.js';
import { ToolMessageError } from '../errors.js';
import { APP_ONLY_TOOL_META } from '../views/common/app-view.js';
import { credentialOutput } from '../views/common/shapes.js';
import { cancelledResult } from '../views/credentials/credential-update-view.js';
import { defineTool } from './define-tool.js';

const TOOL = 'cancel_snmp_rotation';

export const cancelSnmpRotation = defineTool({
  name: TOOL,
  title: 'Cancel SNMP credential change',
  description:
    "Cancel button of update_snmp_credential's preview; only a person in the app presses it.",
  inputSchema: {
    approval: z.string().max(200).describe("The approval from the preview result's _meta"),
  },
  outputSchema: {
    status: z.enum(['cancelled']),
    written: z.enum(['no']),
    credential: credentialOutput,
    next_step: z.string(),
  },
  // Read-only to the service: it writes nothing there, it only spends the approval so that no
  // Confirm can write (directories require readOnlyHint or destructiveHint true on every tool).
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
  writes: true,
  appOnly: true,
  meta: APP_ONLY_TOOL_META,
  async handler({ approval }, { audit, approvals }) {
    // Claiming spends the approval: from here no Confirm (a second view, a replay) can use it.
    const claim = await approvals.claim(approval);
    if (!claim.ok) {
      approvalRefused(audit, TOOL, claim.reason);
      const used =
        claim.reason === 'used'
          ? ' A Confirm or Cancel already spent it: read the credential (list_snmp_credentials) to see what it holds.'
          : ' Nothing can be written with it.';
      throw new ToolMessageError(
        `Cancel had nothing to cancel: the approval ${APPROVAL_PROBLEM_TEXT[claim.reason]}.${used}`,
      );
    }
    const { values } = claim.pending;
    writeAuditor(audit, TOOL, values)('declined', { detail: 'Cancel pressed in the app' });
    return cancelledResult(values);
  },
});
