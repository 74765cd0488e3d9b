/**
 * Layout checks jsdom can make from Tailwind class names (it computes no layout and loads no
 * CSS): what a class says about positioning is all there is to go on.
 */

const POSITIONED = /^(relative|absolute|fixed|sticky)$/;
const SCROLLS = /^overflow(-x)?-(auto|scroll)$/;

/**
 * The screen-reader-only texts (`sr-only`, absolutely positioned) inside a scroll box that is not
 * their containing block: with no positioned element between them and the box, they are placed
 * against something outside it, and one at the far end of a wide table (an action button's
 * "Delete Ana García") stretches the whole page sideways. Empty when every box holds its own.
 */
export function hiddenTextEscapingScrollBoxes(root: ParentNode): Element[] {
  const escaped: Element[] = [];
  for (const hidden of root.querySelectorAll('.sr-only')) {
    for (let node = hidden.parentElement; node; node = node.parentElement) {
      const classes = Array.from(node.classList);
      if (classes.some((name) => POSITIONED.test(name))) break;
      if (classes.some((name) => SCROLLS.test(name))) {
        escaped.push(hidden);
        break;
      }
    }
  }
  return escaped;
}
