// What the browser test checks of a layout: nothing wider than its box, and no name squeezed to a few letters a line.
import type { FrameLocator } from 'playwright-core';

/** What the probe reads of an element (the test's TypeScript has no DOM types; the browser has). */
interface Box {
  readonly tagName: string;
  readonly className: unknown;
  readonly textContent: string | null;
  readonly clientWidth: number;
  readonly scrollWidth: number;
  getBoundingClientRect(): { readonly width: number };
}
interface Field extends Box {
  readonly placeholder: string;
}
interface Body {
  readonly ownerDocument: {
    readonly documentElement: { readonly scrollWidth: number };
    readonly defaultView: {
      readonly innerWidth: number;
      getComputedStyle(node: Box): {
        readonly fontSize: string;
        readonly font: string;
        readonly paddingLeft: string;
        readonly paddingRight: string;
      };
    };
    createElement(tag: 'canvas'): {
      getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } } | null;
    };
  };
  querySelectorAll(selector: string): ArrayLike<Box>;
}

/** A name box narrower than this many em shows a few letters a line. */
export const MIN_NAME_EM = 6;

/**
 * Every element in the view whose content is wider than its box (cut off or scrolled sideways),
 * the page itself wider than the window, every input whose hint does not fit, every name box under `names` narrower than
 * MIN_NAME_EM; each as one line naming the element. Empty when the layout fits.
 */
export function layoutProblems(view: FrameLocator, names: readonly string[]): Promise<string[]> {
  return view.locator('body').evaluate(
    (element: unknown, { selectors, minEm }) => {
      const body = element as Body;
      const doc = body.ownerDocument;
      const win = doc.defaultView;
      const describe = (node: Box) =>
        `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).replace(/ /g, '.')}` : ''} "${(node.textContent ?? '').slice(0, 40)}"`;
      const problems: string[] = [];
      if (doc.documentElement.scrollWidth > win.innerWidth) {
        problems.push(
          `the page is ${doc.documentElement.scrollWidth}px wide in ${win.innerWidth}px`,
        );
      }
      for (const node of Array.from(body.querySelectorAll('*'))) {
        // One pixel of rounding is not a cut.
        if (node.clientWidth > 0 && node.scrollWidth > node.clientWidth + 1) {
          problems.push(
            `${describe(node)}: ${node.scrollWidth}px of content in ${node.clientWidth}px`,
          );
        }
      }
      // A search box's hint is text too: it must fit inside the box, padding aside.
      const pen = doc.createElement('canvas').getContext('2d');
      for (const node of Array.from(body.querySelectorAll('input[placeholder]')) as Field[]) {
        const style = win.getComputedStyle(node);
        if (!pen) break;
        pen.font = style.font;
        const room =
          node.clientWidth -
          Number.parseFloat(style.paddingLeft) -
          Number.parseFloat(style.paddingRight);
        const needed = pen.measureText(node.placeholder).width;
        if (needed > room)
          problems.push(`${describe(node)}: its hint needs ${needed}px, has ${room}px`);
      }
      for (const node of Array.from(body.querySelectorAll(selectors.join(',')))) {
        const em = Number.parseFloat(win.getComputedStyle(node).fontSize);
        const width = node.getBoundingClientRect().width;
        if (width < minEm * em) problems.push(`${describe(node)}: a name box ${width}px wide`);
      }
      return problems;
    },
    { selectors: [...names], minEm: MIN_NAME_EM },
  );
}
