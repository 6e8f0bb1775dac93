// Builds DOM nodes with text set through textContent only: nothing from the service is ever parsed as HTML.

type Child = Node | string | undefined | false;

/** An element with attributes and children; strings become text nodes, never markup. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) {
    if (child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

/** A button whose label is text (or a node such as a <bdi> name) and whose action runs on click. */
export function button(
  label: string | Node,
  onClick: () => void,
  attributes: Record<string, string> = {},
) {
  const node = el('button', { type: 'button', ...attributes }, label);
  node.addEventListener('click', onClick);
  return node;
}

/** A <select> of (value, label) options, the first selected. */
export function select(name: string, options: readonly (readonly [string, string])[]) {
  return el(
    'select',
    { name, 'aria-label': name },
    ...options.map(([value, label]) => el('option', { value }, label)),
  );
}

/** A name from the service, bidi-isolated: right-to-left letters in it cannot reorder the text around it. */
export const bdi = (text: string) => el('bdi', {}, text);

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
