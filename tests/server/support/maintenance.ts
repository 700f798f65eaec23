import { expect } from 'vitest';
import { enrolTwoFactor, makeStaff } from '../../support/two-factor';
import type { TestClient } from './http-client';
import type { TestApp } from './test-app';

/**
 * An admin of `app` (two-factor on, as the console wants) whose `pause(enabled)` turns replies'
 * maintenance pause on or off through PUT /api/admin/maintenance, with the operator's message.
 */
export async function maintenanceSwitch(app: TestApp) {
  const admin: TestClient = await app.signedInUser();
  const id = (await admin.get('/api/auth/get-session')).json.user.id as string;
  await makeStaff(app.database.db, id, 'admin');
  await enrolTwoFactor(admin);
  return async (enabled: boolean, message = '') => {
    const res = await admin.put('/api/admin/maintenance', { enabled, message });
    expect(res.status, res.text).toBe(200);
  };
}
