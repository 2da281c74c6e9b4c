import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi, inLang, signInAsAdmin, tr, uid, type Lang } from './admin-fixtures.ts';

/**
 * Issue 6, Map & Zones: an admin creates a zone, adds two buildings, reorders them by
 * pointer drag and by keyboard (Space, arrow, Space — announced to screen readers), the order
 * survives a reload, then deletes the zone after a confirmation that warns it cannot be undone.
 * Run in English and in Arabic.
 */
const adminSession = signInAsAdmin(test);
const createdZones: number[] = [];

test.afterAll(async ({ baseURL }) => {
  // Whatever a failed run left behind.
  const api = await adminApi(baseURL!, adminSession.tokens);
  for (const id of createdZones) await api.delete(`/api/admin/zones/${id}`);
  await api.dispose();
});

async function rowNames(list: Locator, pattern: RegExp): Promise<string[]> {
  const texts = await list.getByRole('listitem').allInnerTexts();
  return texts.map((text) => pattern.exec(text)?.[0] ?? text);
}

async function dragHandle(page: Page, handle: Locator, onto: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await onto.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Past the 5 px activation distance first, then onto the target in small steps.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 6, { steps: 12 });
  await page.mouse.up();
}

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`zones and buildings: create, reorder by drag and keyboard, delete (${lang})`, async ({ page }) => {
    test.slow(); // one long walk: two reloads, pointer and keyboard reorders, a map page with every zone
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    const id = uid();
    const zoneTitle = `E2E Zone ${id}`;
    const zoneTitleAr = `منطقة الاختبار ${id}`;
    const shownZone = lang === 'ar' ? zoneTitleAr : zoneTitle;
    const [first, second] = lang === 'ar' ? [`برج ألف ${id}`, `برج باء ${id}`] : [`Alpha Tower ${id}`, `Beta Tower ${id}`];
    const towerName = new RegExp(`(${first}|${second})`);

    await page.goto(inLang(lang, '/admin/map'));
    await expect(page.getByRole('heading', { level: 1, name: t('map.title') })).toBeVisible();
    await expect(page.getByRole('navigation', { name: t('nav.label') }).getByRole('link', { name: t('nav.map') })).toHaveAttribute('aria-current', 'page');

    // Create the zone (order must be a whole number).
    await page.getByRole('button', { name: t('zones.add') }).click();
    const zoneDialog = page.getByRole('dialog', { name: t('zones.createTitle') });
    await zoneDialog.getByRole('textbox', { name: t('zones.fields.title') }).fill(zoneTitle);
    await zoneDialog.getByRole('textbox', { name: t('zones.fields.titleAr') }).fill(zoneTitleAr);
    const order = zoneDialog.getByRole('textbox', { name: t('zones.fields.order') });
    await expect(order).not.toHaveValue('');
    await order.fill('');
    await zoneDialog.getByRole('button', { name: t('common.save') }).click();
    await expect(zoneDialog.getByText(t('validation.orderInteger'))).toBeVisible();
    // order numbers are distinct: one another zone has is refused on the field (issue 17)
    await order.fill('1');
    await zoneDialog.getByRole('button', { name: t('common.save') }).click();
    await expect(zoneDialog.getByText(t('validation.orderTaken'))).toBeVisible();
    // a free number; on Arabic pages typed with Arabic-Indic digits, as an Arabic keyboard does
    const free = String(900_000 + Math.floor(Math.random() * 90_000));
    await order.fill(lang === 'ar' ? free.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d))) : free);
    // submitted from the field (Enter): the refusal's error toast may still lie over the dialog's footer
    await order.press('Enter');
    await expect(page.getByText(t('zones.createSuccess')).first()).toBeVisible();
    await expect(zoneDialog).toBeHidden();

    // Open its buildings page.
    await page.getByRole('link', { name: shownZone, exact: true }).click();
    await expect(page).toHaveURL(lang === 'ar' ? /\/admin\/map\/zones\/\d+\/ar$/ : /\/admin\/map\/zones\/\d+$/);
    createdZones.push(Number(/zones\/(\d+)/.exec(page.url())![1]));
    await expect(page.getByRole('heading', { level: 1, name: shownZone })).toBeVisible();
    await expect(page.getByText(t('buildings.empty'))).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${shownZone} \\| `)); // 'section | site name' (decision 019)

    for (const name of [first, second]) {
      await page.getByRole('button', { name: t('buildings.add') }).first().click();
      const dialog = page.getByRole('dialog', { name: t('buildings.createTitle') });
      await dialog.getByRole('textbox', { name: t(lang === 'ar' ? 'buildings.fields.nameAr' : 'buildings.fields.name') }).fill(name);
      if (lang === 'ar') await dialog.getByRole('textbox', { name: t('buildings.fields.name'), exact: true }).fill(`Tower ${name.slice(-4)} ${id}`);
      await dialog.getByRole('button', { name: t('common.save') }).click();
      await expect(dialog).toBeHidden();
    }
    const list = page.getByRole('list', { name: t('buildings.listLabel', { zone: shownZone }) });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    expect(await rowNames(list, towerName)).toEqual([first, second]);

    // Pointer drag: the second building above the first.
    await dragHandle(page, list.getByRole('button', { name: t('reorder.handle', { name: second }) }), list.getByRole('button', { name: t('reorder.handle', { name: first }) }));
    await expect.poll(() => rowNames(list, towerName)).toEqual([second, first]);
    await expect(page.getByText(t('buildings.reorderSuccess')).first()).toBeVisible();
    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    expect(await rowNames(list, towerName)).toEqual([second, first]);

    // Keyboard: focus the handle, Space picks up, ArrowDown moves, Space drops; each step announced.
    await list.getByRole('button', { name: t('reorder.handle', { name: second }) }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('status').filter({ hasText: t('reorder.pickedUp', { name: second, position: 1, total: 2 }) })).toBeAttached();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('status').filter({ hasText: t('reorder.movedTo', { name: second, position: 2, total: 2 }) })).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByRole('status').filter({ hasText: t('reorder.dropped', { name: second, position: 2, total: 2 }) })).toBeAttached();
    await expect.poll(() => rowNames(list, towerName)).toEqual([first, second]);
    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    expect(await rowNames(list, towerName)).toEqual([first, second]);

    // Back to the map, then delete the zone: the confirmation warns and says places lose their zone.
    await page.getByRole('link', { name: t('zone.backToMap') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('map.title') })).toBeVisible();
    await page.getByRole('button', { name: t('zones.deleteNamed', { name: shownZone }) }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(t('common.cannotBeUndone'));
    await expect(confirm).toContainText(t('zones.deletePlacesWarning', { count: 0 }));
    await confirm.getByRole('button', { name: t('common.delete') }).click();
    await expect(page.getByText(t('zones.deleteSuccess')).first()).toBeVisible();
    await expect(page.getByRole('link', { name: shownZone, exact: true })).toHaveCount(0);
    createdZones.pop();
  });
}

test('a zone that does not exist says so, with the way back to the map', async ({ page }) => {
  await page.goto('/admin/map/zones/987654321');
  await expect(page.getByRole('alert')).toContainText(tr('en', 'zone.notFound'));
  await page.getByRole('link', { name: tr('en', 'zone.backToMap') }).click();
  await expect(page).toHaveURL(/\/admin\/map$/);
});
