export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4455);
export const E2E_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '/tmp/reverie-e2e-data';
/** The harness's own control port: lets tests seed rows the UI cannot create yet. */
export const E2E_CONTROL_PORT = Number(process.env.E2E_CONTROL_PORT ?? 4477);
export const E2E_CONTROL_URL = `http://127.0.0.1:${E2E_CONTROL_PORT}`;
/**
 * A second app on the same build with no language model configured, as a new operator's first
 * run is (see the no-model tests). Its own database and mail outbox.
 */
export const E2E_NO_MODEL_PORT = Number(process.env.E2E_NO_MODEL_PORT ?? E2E_PORT + 1);
export const E2E_NO_MODEL_URL = `http://127.0.0.1:${E2E_NO_MODEL_PORT}`;
export const E2E_NO_MODEL_DATA_DIR = `${E2E_DATA_DIR}-no-model`;
