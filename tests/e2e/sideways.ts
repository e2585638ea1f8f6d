import { expect, type Page } from '@playwright/test';

/**
 * Wider than the screen: the page scrolls sideways (what a phone must never do, nor a laptop).
 * The failure names what sticks out: the elements past the right edge none of whose children is.
 */
export async function expectNoSidewaysScroll(page: Page, screen: string) {
  const { scrollWidth, innerWidth, outside } = await page.evaluate(() => {
    const width = window.innerWidth;
    const outside = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.getClientRects().length > 0)
      .filter((el) => [...el.children].every((child) => child.getBoundingClientRect().right <= width + 0.5))
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`,
      );
    return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: width, outside };
  });
  expect(scrollWidth, `${screen} scrolls sideways at ${innerWidth} px: ${outside.join(', ')}`).toBeLessThanOrEqual(innerWidth);
}
