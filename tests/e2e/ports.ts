export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4455);
export const E2E_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '/tmp/reverie-e2e-data';
/** The harness's own control port: lets tests seed rows the UI cannot create yet. */
export const E2E_CONTROL_PORT = Number(process.env.E2E_CONTROL_PORT ?? 4477);
export const E2E_CONTROL_URL = `http://127.0.0.1:${E2E_CONTROL_PORT}`;
