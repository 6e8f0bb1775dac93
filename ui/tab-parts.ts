// The parts every tab of the view is built from: its header, its filters, its table head and a busy Refresh.
import { el } from './dom.js';

/** A button that shows it is busy while its action runs, and cannot be pressed twice meanwhile. */
export function busyButton(label: string, busyLabel: string, action: () => Promise<void>) {
  const node = el('button', { type: 'button', class: 'primary' }, label);
  const run = async (work: () => Promise<void>) => {
    if (node.disabled) return;
    node.disabled = true;
    node.setAttribute('aria-busy', 'true');
    node.textContent = busyLabel;
    try {
      await work();
    } finally {
      // A redraw may have replaced the button; restoring a detached one is harmless.
      node.disabled = false;
      node.removeAttribute('aria-busy');
      node.textContent = label;
    }
  };
  node.addEventListener('click', () => void run(action));
  return { node, run: (work: () => Promise<void>) => void run(work) };
}

/** The values the named controls under `root` hold now; undefined when the first is not there. */
export function controlValues<K extends string>(
  root: HTMLElement,
  names: readonly [K, ...K[]],
): Record<K, string> | undefined {
  const value = (name: string) =>
    (root.querySelector(`[name="${name}"]`) as HTMLInputElement | null)?.value;
  if (value(names[0]) === undefined) return undefined;
  return Object.fromEntries(names.map((name) => [name, value(name) ?? ''])) as Record<K, string>;
}

/** A tab's header: its title, the server's summary line and its Refresh button. */
export const tabHeader = (title: string, summary: string, action: Node) =>
  el('header', {}, el('h1', {}, title), el('p', { class: 'summary' }, summary), action);

/** The text filter of a tab: a search box holding `value`, labelled by what it searches. */
export function searchBox(name: string, label: string, value: string) {
  const node = el('input', { type: 'search', name, placeholder: label, 'aria-label': label });
  node.value = value;
  return node;
}

/**
 * A table head whose columns take the given shares of the width (percent): with the wide layout's
 * fixed tables, every group's table puts its columns in the same places.
 */
export function tableHead(columns: readonly (readonly [string, number])[]) {
  const cells = columns.map(([label, share]) => {
    const cell = el('th', {}, label);
    cell.style.width = `${share}%`;
    return cell;
  });
  return el('thead', {}, el('tr', {}, ...cells));
}
