/**
 * The customer and supplier forms' tax profile: its closed selects show their option whole —
 * "CC – Cédula de ciudadanía", "Legal entity (jurídica)" — at 1440×900 and 390×844, in English
 * and in Spanish, rather than cut at the control's edge.
 */
import { openSignedIn } from '../support/app';
import { test } from '../support/fixtures';
import { expect } from '../support/masterdata';
import { DEMO } from '../support/users';

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Room Chromium's closed select keeps for its arrow, inside the padding. */
const ARROW_PX = 24;

for (const viewport of VIEWPORTS) {
  for (const language of ['en', 'es'] as const) {
    test(`${language}, ${viewport.width}×${viewport.height}: the person and document types show whole when closed`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((l) => localStorage.setItem('i18nextLng', l), language);
      for (const path of ['/people/customer', '/people/supplier']) {
        await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, path);
        await page.getByTestId('list-add').first().click();
        for (const field of ['field-person-type', 'field-document-type']) {
          const select = page.getByTestId(field);
          for (const value of await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))) {
            await select.selectOption(value);
            const fit = await select.evaluate((el: HTMLSelectElement) => {
              const style = getComputedStyle(el);
              const context = document.createElement('canvas').getContext('2d')!;
              context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
              return {
                label: el.selectedOptions[0]?.text ?? '',
                text: Math.ceil(context.measureText(el.selectedOptions[0]?.text ?? '').width),
                room: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
              };
            });
            expect(fit.text, `${path} ${field}: "${fit.label}" in ${fit.room}px`).toBeLessThanOrEqual(fit.room - ARROW_PX);
          }
        }
      }
    });
  }
}
