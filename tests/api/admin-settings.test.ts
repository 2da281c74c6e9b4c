import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql, testApp } from '../helpers/api.ts';
import { adminAndUser, caller } from '../helpers/admin-api.ts';

const sql = ownerSql();
const app = testApp(sql);
const call = caller(app);
let admin: string;
let original: Record<string, unknown>;
beforeAll(async () => {
  ({ admin } = await adminAndUser(sql));
  [original] = await sql`select logo_url, site_name, site_name_ar, site_description, site_description_ar from public.website_settings`;
});
afterAll(async () => {
  // the settings row is shared by the whole run: put it back
  await sql`update public.website_settings set ${sql(original)} where id`;
  await sql.end();
});

describe('GET /admin/website-settings', () => {
  it('answers the stored settings with createdAt and updatedAt', async () => {
    const res = await call('GET', '/admin/website-settings', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      siteName: original.site_name, siteNameAr: original.site_name_ar, logoUrl: original.logo_url,
      siteDescription: original.site_description, siteDescriptionAr: original.site_description_ar,
    });
    expect(Date.parse(res.body.data.createdAt)).not.toBeNaN();
    expect(Date.parse(res.body.data.updatedAt)).not.toBeNaN();
  });

  it('reads empty stored names as "..."', async () => {
    await sql`update public.website_settings set site_name = '  ', site_name_ar = '' where id`;
    const res = await call('GET', '/admin/website-settings', { token: admin });
    expect(res.body.data.siteName).toBe('...');
    expect(res.body.data.siteNameAr).toBeNull();
    await sql`update public.website_settings set ${sql(original)} where id`;
  });
});

describe('PUT /admin/website-settings', () => {
  it('saves trimmed texts and answers the settings with a new updatedAt; public GET sees them', async () => {
    const before = (await call('GET', '/admin/website-settings', { token: admin })).body.data;
    const res = await call('PUT', '/admin/website-settings', {
      token: admin,
      body: {
        logoUrl: '/uploads/website/logo.png', siteName: '  City Guide  ', siteNameAr: '  دليل المدينة ',
        siteDescription: ' Everything nearby ', siteDescriptionAr: ' كل ما حولك ',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      logoUrl: '/uploads/website/logo.png', siteName: 'City Guide', siteNameAr: 'دليل المدينة',
      siteDescription: 'Everything nearby', siteDescriptionAr: 'كل ما حولك', createdAt: before.createdAt,
    });
    expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    const [row] = await sql`select site_name, site_name_ar, site_description from public.website_settings`;
    expect(row).toEqual({ site_name: 'City Guide', site_name_ar: 'دليل المدينة', site_description: 'Everything nearby' });
    const pub = await call('GET', '/website-settings');
    expect(pub.body.data).toMatchObject({ siteName: 'City Guide', logoUrl: '/uploads/website/logo.png' });
  });

  it('stores an absent or empty Arabic name as none; null logoUrl removes the logo, absent keeps it', async () => {
    await call('PUT', '/admin/website-settings', { token: admin, body: { logoUrl: 'https://cdn.example/logo.gif', siteName: 'A', siteNameAr: 'ب' } });
    const absentAr = await call('PUT', '/admin/website-settings', { token: admin, body: { siteName: 'A' } });
    expect(absentAr.status).toBe(200);
    expect(absentAr.body.data).toMatchObject({ siteNameAr: null, logoUrl: 'https://cdn.example/logo.gif' });
    await call('PUT', '/admin/website-settings', { token: admin, body: { siteName: 'A', siteNameAr: 'ب' } });
    const blankAr = await call('PUT', '/admin/website-settings', { token: admin, body: { siteName: 'A', siteNameAr: '   ' } });
    expect(blankAr.body.data.siteNameAr).toBeNull();
    const [row] = await sql`select site_name_ar from public.website_settings`;
    expect(row.site_name_ar).toBeNull();
    const removed = await call('PUT', '/admin/website-settings', { token: admin, body: { siteName: 'A', logoUrl: null } });
    expect(removed.body.data.logoUrl).toBeNull();
    const emptyLogo = await call('PUT', '/admin/website-settings', { token: admin, body: { siteName: 'A', logoUrl: 'https://cdn.example/l.png' } });
    expect(emptyLogo.body.data.logoUrl).toBe('https://cdn.example/l.png');
    expect((await call('PUT', '/admin/website-settings', { token: admin, body: { siteName: 'A', logoUrl: '' } })).body.data.logoUrl).toBeNull();
  });

  it("requires the site name ('Site name is required') and checks the logo URL, changing nothing", async () => {
    await call('PUT', '/admin/website-settings', { token: admin, body: { siteName: 'Kept', logoUrl: null } });
    const cases: [unknown, string, string][] = [
      [{ siteName: '   ' }, 'siteName', 'Site name is required'],
      [{}, 'siteName', 'Site name is required'],
      [{ siteName: 'X', logoUrl: 'logo.png' }, 'logoUrl', 'invalid URL'],
      [{ siteName: 'X', logoUrl: 'javascript:alert(1)' }, 'logoUrl', 'invalid URL'],
      [{ siteName: 'X'.repeat(201) }, 'siteName', 'Too long'],
      [{ siteName: 'X', siteDescription: 'd'.repeat(1001) }, 'siteDescription', 'Too long'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('PUT', '/admin/website-settings', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields[field]).toContain(message);
    }
    const ar = await call('PUT', '/admin/website-settings', { token: admin, body: { siteName: '' }, lang: 'ar' });
    expect(ar.body.error.message).toBe('بعض الحقول غير صالحة.');
    const [row] = await sql`select site_name, logo_url from public.website_settings`;
    expect(row).toEqual({ site_name: 'Kept', logo_url: null });
  });
});
