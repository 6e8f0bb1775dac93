// The preview-and-confirm panel for update_snmp_credential: Confirm and Cancel reach the server once each, and the model hears truthfully what happened.
import { button, el } from './dom.js';
import type { AppApproval, CredentialResult } from './tool-result.js';
import { textOf } from './tool-result.js';

/** What an app-only tool call answered, as the host hands it over. */
export interface ToolAnswer {
  readonly isError?: boolean | undefined;
  readonly content?: unknown;
  readonly structuredContent?: unknown;
}

export interface ConfirmActions {
  /** Calls apply_snmp_rotation with the approval. */
  confirm(approval: AppApproval): Promise<ToolAnswer>;
  /** Calls cancel_snmp_rotation with the approval: the server spends it and records the Cancel. */
  cancel(approval: AppApproval): Promise<ToolAnswer>;
  /** Tells the model's context how it ended. */
  report(outcome: string): void;
}

export type Written = 'yes' | 'no' | 'unknown';

/**
 * Whether a Confirm's write is on the service, from the server's own answer. An answer that never
 * came (the host or the connection failed) is `unknown`: the request may have reached the server.
 */
export function writtenBy(answer: ToolAnswer | undefined): Written {
  if (!answer) return 'unknown';
  const said = (answer.structuredContent as { written?: unknown } | undefined)?.written;
  if (said === 'yes' || said === 'no' || said === 'unknown') return said;
  if (!answer.isError) return 'yes';
  return textOf(answer).startsWith('Not written') ? 'no' : 'unknown';
}

const NO_ANSWER =
  "The server's answer did not arrive, so whether the change was written is unknown.";

/** What the model is told after Confirm: never "nothing was written" unless the server said so. */
function confirmReport(written: Written, text: string): string {
  switch (written) {
    case 'yes':
      return `The user pressed Confirm in the app and the SNMP credential change was applied (written). ${text}`;
    case 'no':
      return `The user pressed Confirm in the app, but nothing was written: ${text}`;
    case 'unknown':
      return `The user pressed Confirm in the app, but whether the SNMP credential change was written is unknown: ${text} Do not retry: read the credential back with list_snmp_credentials and tell the user what it holds (its community is never shown).`;
  }
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

const STATUS_TEXT: Readonly<Record<CredentialResult['status'], string>> = {
  updated: 'The credential was updated.',
  declined: 'Nothing was written: the change was declined.',
  preview: 'Nothing is written until the change is confirmed.',
  cancelled: 'Cancelled: nothing was written.',
  not_written: 'Nothing was written.',
  unknown: 'Whether the change was written is unknown.',
};

const STATUS_CLASS: Readonly<Record<Written, string>> = {
  yes: 'status-updated',
  no: 'status-declined',
  unknown: 'status-error',
};

/** The credential by name and id: the name isolated (<bdi>), so its direction cannot move the id. */
function credentialHeading(result: CredentialResult) {
  const credential = result.credential;
  return el(
    'h1',
    {},
    'Rotate SNMP credential',
    credential
      ? el(
          'span',
          { class: 'count credential' },
          el('bdi', { class: 'credential-name' }, credential.name),
          ' ',
          el('span', { class: 'credential-id' }, `(${credential.id})`),
        )
      : undefined,
  );
}

export function renderCredentialResult(
  root: HTMLElement,
  result: CredentialResult,
  approval: AppApproval | undefined,
  actions: ConfirmActions,
): void {
  const status = el('p', { class: `status status-${result.status}`, role: 'status' });
  status.textContent = STATUS_TEXT[result.status];
  const panel = el(
    'section',
    { class: 'confirm-panel' },
    credentialHeading(result),
    result.preview ? el('pre', { class: 'preview', dir: 'auto' }, result.preview) : undefined,
    list('Changes', result.changes, 'changes'),
    list('Warnings', result.warnings, 'warnings'),
    status,
  );
  const show = (text: string, written: Written) => {
    status.textContent = text;
    status.className = `status ${STATUS_CLASS[written]}`;
  };
  if (result.status === 'preview' && approval) {
    const expires = new Date(approval.expires_at);
    const confirm = button('Confirm', () => void press(), { class: 'danger' });
    const cancel = button('Cancel', () => void withdraw());
    const buttons = el('div', { class: 'buttons' }, confirm, cancel);
    const done = () => {
      confirm.disabled = true;
      cancel.disabled = true;
    };
    const press = async () => {
      if (confirm.disabled) return;
      done();
      status.textContent = 'Applying...';
      const answer = await actions.confirm(approval).catch(() => undefined);
      const written = writtenBy(answer);
      const text = answer ? textOf(answer) || STATUS_TEXT.unknown : NO_ANSWER;
      show(text, written);
      actions.report(confirmReport(written, text));
    };
    const withdraw = async () => {
      if (cancel.disabled) return;
      done();
      status.textContent = 'Cancelling...';
      const answer = await actions.cancel(approval).catch(() => undefined);
      // Cancel never writes: whatever the server answered, nothing was written by this panel.
      const said = answer ? textOf(answer) : '';
      show(`Cancelled: nothing was written.${said ? ` ${said}` : ''}`, 'no');
      actions.report(
        `The user pressed Cancel in the app: the SNMP credential change was not applied; nothing was written.${
          answer && !answer.isError
            ? ' The server spent the approval and recorded the Cancel.'
            : ` The server did not confirm the Cancel${said ? `: ${said}` : ''}; the approval expires on its own.`
        }`,
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
