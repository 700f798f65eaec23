import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { DataSection } from '../../src/web/features/account/DataSection';
import { DOWNLOAD_INTERRUPTED } from '../../src/web/lib/download';
import { apiTestSetup, json } from './api-double';
import { withAppProviders } from './providers';

/**
 * 'Download my data' (issue 14): the file the server made is saved under the server's name; a
 * refusal (ten an hour) says so in the server's words instead of a browser's "download failed".
 */

const setup = apiTestSetup();
/** What the page saved: the link's file name and the bytes behind its address. */
let saved: { name: string; text: string }[];
const blobs = new Map<string, Blob>();
beforeAll(() => {
  // jsdom has no object URLs; a browser's keep the Blob behind an address, as these do.
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL(blob: Blob) {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      }
      static override revokeObjectURL(url: string) {
        blobs.delete(url);
      }
    },
  );
});
afterAll(() => vi.unstubAllGlobals());
/** The download a browser would start: the clicked link's name and the file behind it. */
function saveDownload(event: MouseEvent) {
  const link = event.target as HTMLAnchorElement;
  if (!link.download) return;
  event.preventDefault();
  const blob = blobs.get(link.href)!;
  void blob.text().then((text) => saved.push({ name: link.download, text }));
}
beforeAll(() => document.addEventListener('click', saveDownload));
afterAll(() => document.removeEventListener('click', saveDownload));
beforeEach(() => {
  saved = [];
});

function open() {
  const Providers = withAppProviders(setup.client);
  const page = render(
    <Providers>
      <DataSection />
    </Providers>,
  );
  return { button: screen.getByRole('button', { name: /Download my data|Preparing/ }), page };
}
const exports = () => setup.api.requests.filter((r) => r.path === '/api/account/export');

it('saves the file under the name the server gave it', async () => {
  setup.api.on('GET /api/account/export', (_req, _body, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-disposition': 'attachment; filename="reverie-export-2026-12-03.json"',
    });
    res.end('{"account":{"email":"me@example.com"}}');
  });
  fireEvent.click(open().button);
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]).toEqual({
    name: 'reverie-export-2026-12-03.json',
    text: '{"account":{"email":"me@example.com"}}',
  });
  expect(screen.queryByRole('alert')).toBeNull();
});

it('shows the server’s words when it refuses, and tries again when pressed again', async () => {
  const refusal = 'You have downloaded your data several times already. Please try again later.';
  setup.api.on('GET /api/account/export', (_req, _body, res) =>
    json(res, 429, { message: refusal }),
  );
  const { button } = open();
  fireEvent.click(button);
  expect(await screen.findByRole('alert')).toHaveProperty('textContent', refusal);
  expect(saved).toHaveLength(0);

  setup.api.on('GET /api/account/export', (_req, _body, res) => {
    res.writeHead(200, { 'content-disposition': 'attachment; filename="reverie-export.zip"' });
    res.end('zip');
  });
  fireEvent.click(button);
  await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['reverie-export.zip']));
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
});

it('makes one export at a time, even after a visit elsewhere and back', async () => {
  let finish: () => void = () => undefined;
  setup.api.on('GET /api/account/export', (_req, _body, res) => {
    finish = () => {
      res.writeHead(200, { 'content-type': 'application/zip' });
      res.end('zip');
    };
  });
  const first = open();
  fireEvent.click(first.button);
  await waitFor(() => expect(exports()).toHaveLength(1));
  expect(first.button.textContent).toBe('Preparing your data…');
  first.page.unmount();

  const again = open();
  expect(again.button.textContent).toBe('Preparing your data…');
  expect(again.button.getAttribute('aria-disabled')).toBe('true');
  fireEvent.click(again.button);
  finish();
  // No name from the server: one that says what the file is.
  await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['reverie-export.zip']));
  expect(exports()).toHaveLength(1);
  await waitFor(() => expect(again.button.textContent).toBe('Download my data'));
});

it('says so when the file breaks off, and names a JSON export as JSON', async () => {
  setup.api.on('GET /api/account/export', (_req, _body, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    res.write('{"account":');
    setTimeout(() => res.destroy(), 50);
  });
  const { button } = open();
  fireEvent.click(button);
  expect(await screen.findByRole('alert')).toHaveProperty('textContent', DOWNLOAD_INTERRUPTED);
  expect(saved).toHaveLength(0);

  setup.api.on('GET /api/account/export', (_req, _body, res) => json(res, 200, { account: {} }));
  fireEvent.click(button);
  await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['reverie-export.json']));
});
