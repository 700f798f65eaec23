import { endpointsOf } from '../http/endpoint';

/** The Models page of the staff console (issue 48 part 4). */
const endpoint = /* @__PURE__ */ endpointsOf('Staff', () => import('./contract'));

export const listModels = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/admin/models',
  needs: { auth: 'staff' },
  summary:
    'Every configured model: label, offered, default, credits per reply, token prices (staff)',
  schemas: (c) => ({ response: { 200: c.modelListResponse } }),
});

export const saveModels = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/admin/models',
  needs: { auth: 'staff' },
  summary: 'Saves the models offered and their prices (admins)',
  schemas: (c) => ({
    body: c.modelListRequest,
    response: { 200: c.modelListResponse },
  }),
});
