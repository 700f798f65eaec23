import { ensureWebBuild } from '../../scripts/web-build';

/** The budget is measured on the production build: made here when missing or stale. */
export default async function setup() {
  await ensureWebBuild();
}
