// The preview-and-confirm panel for update_snmp_credential: Confirm calls the app-only apply tool, once.
import { button, el } from './dom.js';
import type { AppApproval, CredentialResult } from './tool-result.js';

export interface ConfirmActions {
  /** Calls apply_snmp_rotation with the approval; resolves to what the server said. */
  confirm(approval: AppApproval): Promise<{ ok: boolean; text: string }>;
  /** Tells the model's context how it ended. */
  report(outcome: string): void;
}

function list(title: string, items: readonly string[] | undefined, className: string) {
  if (!items || items.length === 0) return undefined;
  return el(
    'div',
    { class: className },
    el('h3', {}, title),
    el('ul', {}, ...items.map((item) => el('li', {}, item))),
  );
}

const STATUS_TEXT = {
  updated: 'The credential was updated.',
  declined: 'Nothing was written: the change was declined.',
  preview: 'Nothing is written until the change is confirmed.',
} as const;

export function renderCredentialResult(
  root: HTMLElement,
  result: CredentialResult,
  approval: AppApproval | undefined,
  actions: ConfirmActions,
): void {
  const name = result.credential?.name;
  const status = el('p', { class: `status status-${result.status}`, role: 'status' });
  status.textContent = STATUS_TEXT[result.status];
  const panel = el(
    'section',
    { class: 'confirm-panel' },
    el('h1', {}, 'Rotate SNMP credential', name ? el('span', { class: 'count' }, name) : undefined),
    result.preview ? el('pre', { class: 'preview' }, result.preview) : undefined,
    list('Changes', result.changes, 'changes'),
    list('Warnings', result.warnings, 'warnings'),
    status,
  );
  if (result.status === 'preview' && approval) {
    const expires = new Date(approval.expires_at);
    const confirm = button('Confirm', () => void press(), { class: 'danger' });
    const cancel = button('Cancel', () => {
      done();
      status.textContent = 'Cancelled: nothing was written.';
      status.className = 'status status-declined';
      actions.report(
        'The user pressed Cancel in the app: the SNMP credential change was not applied; nothing was written.',
      );
    });
    const buttons = el('div', { class: 'buttons' }, confirm, cancel);
    const done = () => {
      confirm.disabled = true;
      cancel.disabled = true;
    };
    const press = async () => {
      if (confirm.disabled) return;
      done();
      status.textContent = 'Applying...';
      const outcome = await actions.confirm(approval).catch((error: unknown) => ({
        ok: false,
        text: `The change could not be applied: ${error instanceof Error ? error.message : String(error)}`,
      }));
      status.textContent = outcome.text;
      status.className = `status ${outcome.ok ? 'status-updated' : 'status-error'}`;
      actions.report(
        outcome.ok
          ? `The user pressed Confirm in the app and the SNMP credential change was applied. ${outcome.text}`
          : `The user pressed Confirm in the app, but nothing was written: ${outcome.text}`,
      );
    };
    panel.append(
      el(
        'p',
        { class: 'hint' },
        `Only you can confirm this change; the assistant cannot. This preview expires at ${expires.toLocaleTimeString()}.`,
      ),
      buttons,
    );
  } else if (result.status === 'preview') {
    panel.append(el('p', { class: 'hint' }, result.next_step ?? 'Confirm the change in the chat.'));
  }
  root.replaceChildren(panel);
}
