// rotate_snmp_community: guides a safe SNMP community rotation (find, prepare, confirm, verify).
import * as z from 'zod';
import { definePrompt } from './define-prompt.js';

export const rotateSnmpCommunity = definePrompt({
  name: 'rotate_snmp_community',
  title: 'Rotate an SNMP community safely',
  description:
    'Rotate the community string of one SNMP credential step by step: find the credential, prepare the change keeping its name and tags, get my confirmation, then verify.',
  argsSchema: {
    credential: z
      .string()
      .optional()
      .describe('Name or id of the SNMP credential; leave empty to choose from the list'),
  },
  writes: true,
  render({ credential }) {
    const which = credential ? `the SNMP credential "${credential}"` : 'one SNMP credential';
    return [
      `Help me rotate the community string of ${which}, safely and step by step.`,
      '',
      `1. Find it: call list_snmp_credentials and pick ${credential ? `the credential whose name or id is "${credential}"` : 'the credential with me'}. If none or several match, show me the candidates and ask. Note its id, name, organization_id, version and tags. Communities there show as ******** : that is a redaction placeholder, never a value to send.`,
      '2. Ask me for the new community string. Never invent one, and never repeat it back in your messages.',
      '3. Prepare: call update_snmp_credential with that id, the current name, organization_id, version and tags (the update replaces the whole record, so anything left out is lost) and the new community.',
      '4. Confirm: if the change is shown in a panel with a Confirm button, or I am asked in a form, let me answer there and wait for the outcome. If the tool returns a preview with a confirmation_token instead, show me the preview and wait for my explicit yes; only then call update_snmp_credential again with exactly the same arguments plus that token. Never invent or reuse a token; if I decline, stop.',
      '5. Verify: call list_snmp_credentials again and check that the name and tags are unchanged and updated_at is new. Then remind me to set the new community on the devices and anything else that polls them.',
    ].join('\n');
  },
});
