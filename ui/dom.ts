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
