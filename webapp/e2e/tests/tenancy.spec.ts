/**
 * Issue 3, journey 5 (tenancy, DESIGN §4): a user of company B never sees company A's supplier,
 * neither in the list nor by its address; another company's record answers 404, not 403.
 */
import { openSignedIn } from '../support/app';
import { test } from '../support/fixtures';
import { Api, expect, tag } from '../support/masterdata';
import { DEMO } from '../support/users';

test("a user of company B does not see company A's supplier in the list nor at /api/suppliers/{id}", async ({ page, request }) => {
  test.slow();
  const t = tag();
  const admin = await Api.admin(request);
  // Company A is the demo company (the admin's own); company B is new, with one user.
  const supplierOfA = await admin.party('suppliers', `Proveedor A ${t}`);
  const companyB = await admin.company(`Compañía B ${t}`);
  const userB = { username: `b_${t}`, password: 'Usuario123!' };
  await admin.user({ ...userB, companyId: companyB.id });
  const api = await Api.as(request, userB.username, userB.password);
  const supplierOfB = await api.party('suppliers', `Proveedor B ${t}`);
  expect(supplierOfB.company_id).toBe(companyB.id);

  await openSignedIn(page, userB.username, userB.password, `/people/supplier?q=${t}`);
  const rows = page.getByTestId('list-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(supplierOfB.name);
  await expect(page.getByText(supplierOfA.name)).toHaveCount(0);

  // The session of the page (its cookie) asks for A's supplier directly: not found, with the
  // same message as an id that never existed.
  const foreign = await page.request.get(`/api/suppliers/${supplierOfA.id}`);
  expect(foreign.status()).toBe(404);
  expect(await foreign.text()).toContain('The requested information was not found');
  const own = await page.request.get(`/api/suppliers/${supplierOfB.id}`);
  expect(own.status()).toBe(200);
  // Nor can B change or delete it (404 again; approving is for admins: 403); A's supplier is untouched.
  expect((await api.post(`/api/suppliers/${supplierOfA.id}/approve`)).status(), 'deciding is for admins').toBe(403);
  expect((await page.request.put(`/api/suppliers/${supplierOfA.id}`, { data: { name: 'hijacked' } })).status()).toBe(404);
  expect((await page.request.delete(`/api/suppliers/${supplierOfA.id}`)).status()).toBe(404);
  expect((await admin.read(`/api/suppliers/${supplierOfA.id}`)).name).toBe(supplierOfA.name);

  // The demo user of company A sees A's supplier and not B's.
  const userA = await Api.as(request, DEMO.user.username, DEMO.user.password);
  expect((await userA.list('/api/suppliers', { q: t })).data.map((s) => s.name)).toEqual([supplierOfA.name]);
});
