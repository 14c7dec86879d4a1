import path from "node:path";
import { expect, type Page } from "@playwright/test";

/**
 * Broken layout, found by a machine (issue 41): what a person sees when a page "overlaps
 * itself". Three faults, each named with the words involved so a failure says what to fix:
 *
 * - **overlap**: two visible pieces of text (or a piece of text and a drawn picture: an image, an
 *   icon, the rating's stars; or a box an inline element paints, such as a padded link dressed as a
 *   button) share more than a sliver of the screen;
 * - **clipped**: text cut off by a container that hides its overflow (an ellipsis included: the
 *   words are gone for the reader);
 * - **sideways scroll**: the page is wider than the window.
 *
 * Boxes on different layers (a fixed or sticky bar, an open dialog, a toast) cover the page by
 * design and are compared only with boxes on their own layer. Text a person cannot see (hidden,
 * transparent, screen-reader-only, behind a closed `<details>`) is left out. A scroll container's
 * overflow is reachable by scrolling, so it is not "clipped".
 */
export interface LayoutFault {
  kind: "overlap" | "clipped" | "sideways scroll";
  detail: string;
}

/** Runs in the page: every layout fault it has now. */
function findFaultsInPage(): LayoutFault[] {
  type Box = { rect: DOMRect; label: string; layer: Element; owner: Element };
  const faults: LayoutFault[] = [];
  const root = document.documentElement;
  const width = window.innerWidth;
  if (root.scrollWidth > width + 1) {
    // Name the widest thing poking out, so the fault says where to look.
    let widest = "";
    let right = width;
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.right > right + 0.5 && box.width > 0 && box.height > 0) {
        right = box.right;
        widest = describe(element);
      }
    }
    faults.push({
      kind: "sideways scroll",
      detail: `page is ${root.scrollWidth}px wide in a ${width}px window (${widest || "?"} reaches ${Math.round(right)}px)`,
    });
  }

  function describe(element: Element): string {
    const name = element.tagName.toLowerCase();
    const id = element.id ? `#${element.id}` : "";
    const classes = [...element.classList]
      .slice(0, 2)
      .map((each) => `.${each}`)
      .join("");
    return `${name}${id}${classes}`;
  }

  /** Each element's own answer, asked once: a page has thousands of words under a few hundred elements. */
  const screenReaderOnly = new Map<Element, boolean>();
  function onlyForScreenReaders(element: Element | null): boolean {
    if (!element) return false;
    const known = screenReaderOnly.get(element);
    if (known !== undefined) return known;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    // Screen-reader-only text: clipped to a pixel on purpose.
    const answer =
      style.clip === "rect(0px, 0px, 0px, 0px)" ||
      style.clipPath === "inset(50%)" ||
      (style.overflow === "hidden" && box.width <= 1 && box.height <= 1) ||
      onlyForScreenReaders(element.parentElement);
    screenReaderOnly.set(element, answer);
    return answer;
  }
  function visible(element: Element): boolean {
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    return !onlyForScreenReaders(element);
  }

  /** The layer a box is drawn on: its nearest fixed, sticky or modal ancestor, else the page. */
  function layerOf(element: Element): Element {
    for (let at: Element | null = element; at; at = at.parentElement) {
      if (at instanceof HTMLDialogElement && at.open) return at;
      if (at.getAttribute("role") === "dialog" || at.getAttribute("aria-modal") === "true") return at;
      const position = getComputedStyle(at).position;
      if (position === "fixed" || position === "sticky") return at;
    }
    return root;
  }

  /**
   * The ancestors (and the element itself) that do not show their overflow, nearest first: text
   * beyond one is not seen, so it overlaps nothing. It is clipped, unless the ancestor scrolls (the
   * rest is a scroll away, as in a dialog's body) or is a line clamp (an excerpt cut to a few lines
   * with an ellipsis: the whole text is one link away, by design).
   */
  function clipsOf(element: Element): Element[] {
    const clips: Element[] = [];
    for (let at: Element | null = element; at && at !== document.body; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.overflowX !== "visible" || style.overflowY !== "visible") clips.push(at);
    }
    return clips;
  }
  function lineClamped(element: Element): boolean {
    const clamp = getComputedStyle(element).getPropertyValue("-webkit-line-clamp");
    return clamp !== "" && clamp !== "none";
  }

  const boxes: Box[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? "";
    const owner = node.parentElement;
    if (!text || !owner || owner.closest("script, style, noscript, template, option, select, textarea"))
      continue;
    if (!visible(owner)) continue;
    range.selectNodeContents(node);
    const layer = layerOf(owner);
    const clips = clipsOf(owner);
    const label = `"${text.slice(0, 40)}" (${describe(owner)})`;
    for (const rect of range.getClientRects()) {
      if (rect.width < 1 || rect.height < 1) continue;
      let seen = true;
      for (const clip of clips) {
        const frame = clip.getBoundingClientRect();
        const style = getComputedStyle(clip);
        const hidesX = style.overflowX !== "visible";
        const hidesY = style.overflowY !== "visible";
        const outsideX = hidesX && (rect.right <= frame.left + 1 || rect.left >= frame.right - 1);
        const outsideY = hidesY && (rect.bottom <= frame.top + 1 || rect.top >= frame.bottom - 1);
        const cutX = hidesX && (rect.left < frame.left - 1 || rect.right > frame.right + 1);
        const cutY = hidesY && (rect.top < frame.top - 1 || rect.bottom > frame.bottom + 1);
        if (outsideX || outsideY || cutX || cutY) {
          // A scroll container's overflow is a scroll away: not seen now, but not cut off.
          const scrolls = /auto|scroll/.test(`${style.overflowX} ${style.overflowY}`);
          if (!lineClamped(clip) && !scrolls) {
            const how = style.textOverflow === "ellipsis" ? " (an ellipsis hides the rest)" : "";
            faults.push({ kind: "clipped", detail: `${label} is cut off by ${describe(clip)}${how}` });
          }
          if (outsideX || outsideY) seen = false;
          break;
        }
      }
      if (seen) boxes.push({ rect, label, layer, owner });
    }
  }
  // Drawn pictures: a star over a name is as broken as text over text.
  for (const picture of document.body.querySelectorAll("img, svg, .cmp-stars, [role=img]")) {
    if (picture.closest("svg") !== picture && picture.closest("svg")) continue;
    if (!visible(picture)) continue;
    const rect = picture.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2) continue;
    // A role="img" that holds text (the rating) is checked through its text and its stars.
    if (picture.getAttribute("role") === "img" && picture.textContent?.trim()) continue;
    boxes.push({ rect, label: `picture ${describe(picture)}`, layer: layerOf(picture), owner: picture });
  }

  // Boxes an inline element paints (a link dressed as a button with padding, a badge): padding
  // is drawn beyond the line, so a wrapped label's box can cover its own first line or the next
  // button while the words never touch (found in the emails, issue 41).
  const painted: Box[] = [];
  for (const element of document.body.querySelectorAll("*")) {
    const style = getComputedStyle(element);
    if (style.display !== "inline" || style.backgroundColor === "rgba(0, 0, 0, 0)") continue;
    if (!visible(element)) continue;
    const layer = layerOf(element);
    for (const rect of element.getClientRects()) {
      painted.push({
        rect,
        label: `the painted box of "${element.textContent?.trim().slice(0, 40)}"`,
        layer,
        owner: element,
      });
    }
  }
  const meets = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 3;
  painted.forEach((box, index) => {
    // Another painted box (its own next line included: a wrapped label covers its first line), or
    // words outside it.
    const others = [...painted.slice(index + 1), ...boxes.filter((each) => !box.owner.contains(each.owner))];
    for (const other of others) {
      if (other.layer !== box.layer || !meets(box.rect, other.rect)) continue;
      faults.push({ kind: "overlap", detail: `${box.label} is drawn over ${other.label}` });
    }
  });

  // Glyph boxes are a little taller than tight line heights: a sliver is not an overlap.
  const SLACK_X = 1;
  const SLACK_Y = 3;
  const reported = new Set<string>();
  for (let i = 0; i < boxes.length; i += 1) {
    const a = boxes[i] as Box;
    for (let j = i + 1; j < boxes.length; j += 1) {
      const b = boxes[j] as Box;
      if (a.layer !== b.layer || a.owner === b.owner) continue;
      // A picture and the text inside it (an svg's <text>, a link's icon beside its words).
      if (a.owner.contains(b.owner) && a.label.startsWith("picture")) continue;
      if (b.owner.contains(a.owner) && b.label.startsWith("picture")) continue;
      const across = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const down = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (across <= SLACK_X || down <= SLACK_Y) continue;
      const key = `${a.label}|${b.label}`;
      if (reported.has(key)) continue;
      reported.add(key);
      faults.push({
        kind: "overlap",
        detail: `${a.label} and ${b.label} overlap by ${Math.round(across)}×${Math.round(down)}px at ${Math.round(Math.max(a.rect.left, b.rect.left))},${Math.round(Math.max(a.rect.top, b.rect.top) + window.scrollY)}`,
      });
    }
  }

  // One fault per piece of text, however many of its lines were cut.
  return faults.filter(
    (fault, index) => faults.findIndex((other) => other.detail === fault.detail) === index,
  );
}

/** Every layout fault the page has as it is drawn now. */
export async function layoutFaults(page: Page): Promise<LayoutFault[]> {
  return page.evaluate(findFaultsInPage);
}

/** Fails naming each fault (with `at`, say the page and width, in the message). */
export async function expectNoLayoutFaults(page: Page, at: string): Promise<void> {
  const faults = await layoutFaults(page);
  expect(
    faults.map((fault) => `${fault.kind}: ${fault.detail}`),
    `layout faults on ${at}`,
  ).toEqual([]);
}

/** The four widths every page and screen is checked at (issue 41): phone, tablet, laptop, desktop. */
export const LAYOUT_WIDTHS = [375, 768, 1280, 1920] as const;

/**
 * Where each state's pictures go: E2E_SCREENSHOTS when set, else Playwright's output folder, which
 * CI keeps as the run's artefacts (issue 41) and each run empties first.
 */
const PICTURES = process.env.E2E_SCREENSHOTS ?? path.join("test-results", "layout");

/** Keeps a picture of the whole page as it is now, as `<name>.jpg` (JPEG: a 1920 px page as PNG took seconds). */
export async function keepLayoutPicture(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: path.join(PICTURES, `${name}.jpg`),
    fullPage: true,
    type: "jpeg",
    quality: 70,
  });
}
