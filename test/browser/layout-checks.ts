import type { Page } from 'playwright-core';

export interface LayoutReport {
  /** How many CSS pixels the page is wider than the window (0 when it fits). */
  overflow: number;
  /** Pairs of text boxes drawn over each other. */
  overlaps: string[];
  /** Labels (dt, th, label, legend, headings) that read like a property path, not words. */
  pathLabels: string[];
  /** Text that sticks out of its box (its card, its label/value cell, the page). */
  escapes: string[];
  /** Labels of a card (a table row on a phone) shown with no value beside them. */
  bareLabels: string[];
}

/** A page with nothing wrong in it. */
export const GOOD_LAYOUT: LayoutReport = { overflow: 0, overlaps: [], pathLabels: [], escapes: [], bareLabels: [] };

/**
 * What a person would see wrong in the page as laid out now: horizontal overflow, text drawn over
 * other text (the rectangles of every visible text node, compared pairwise), labels that are
 * property paths (`bankTransactionDetails.amount`, `accountId`, `needs_update`), text sticking out
 * of its card or of its cell in a label/value grid, a card's label with no value.
 */
export function layoutReport(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const overflow = Math.max(0, document.documentElement.scrollWidth - window.innerWidth);
    const intersect = (a: DOMRect, b: DOMRect) => {
      const left = Math.max(a.left, b.left);
      const top = Math.max(a.top, b.top);
      return new DOMRect(left, top, Math.max(0, Math.min(a.right, b.right) - left), Math.max(0, Math.min(a.bottom, b.bottom) - top));
    };
    const boxes: { r: DOMRect; text: string; node: Node }[] = [];
    const escapes: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if (!text || !el || el.closest('script, style, option, [hidden], [aria-hidden="true"]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      // What is drawn: the text's boxes cut by every ancestor that clips (overflow other than visible).
      let clip = new DOMRect(-1e6, -1e6, 2e6, 2e6);
      for (let a: Element | null = el; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') clip = intersect(clip, a.getBoundingClientRect());
      }
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = el.closest('dd, dt, .card, main, header')?.getBoundingClientRect();
      for (const full of range.getClientRects()) {
        const r = intersect(full, clip);
        if (r.width > 1 && r.height > 1) boxes.push({ r, text, node });
        if (box && r.width > 1 && (r.left < box.left - 1 || r.right > box.right + 1)) {
          escapes.push(
            `"${text.slice(0, 40)}" sticks out of its ${el.closest('dd, dt, .card, main, header')?.tagName.toLowerCase()} by ${Math.round(Math.max(box.left - r.left, r.right - box.right))} px`,
          );
        }
      }
    }
    const overlaps: string[] = [];
    // Text boxes of one line touch by a pixel or two (font metrics): only real overlap counts.
    const tolerance = 2;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.node === b.node) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > tolerance && h > tolerance)
          overlaps.push(`"${a.text.slice(0, 40)}" over "${b.text.slice(0, 40)}" (${Math.round(w)}x${Math.round(h)} px)`);
      }
    }
    const path = /^([a-z]+([A-Z][a-z0-9]*)+|[a-z]\w*(\.[a-zA-Z]\w*)+|[a-z]+(_[a-z]+)+)$/;
    const pathLabels = [...document.querySelectorAll('dt, th, label, legend, h1, h2, h3, h4')]
      .map((el) => (el.textContent ?? '').trim())
      .filter((t) => path.test(t));
    // A table cell shown as a card's "label: value" line (its label drawn by ::before) with nothing in it.
    const bareLabels = [...document.querySelectorAll('td[data-label]')]
      .filter((td) => {
        const label = getComputedStyle(td, '::before').content;
        return (
          getComputedStyle(td).display !== 'none' &&
          label !== 'none' &&
          label !== 'normal' &&
          !td.textContent?.trim() &&
          !td.children.length
        );
      })
      .map((td) => td.getAttribute('data-label') ?? '');
    return { overflow, overlaps: overlaps.slice(0, 10), pathLabels, escapes: escapes.slice(0, 10), bareLabels };
  });
}
