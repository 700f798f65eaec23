import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Theme } from '../../src/shared/themes/contract';
import { useThemeState } from '../../src/web/features/themes/api';
import {
  readLocalSelection,
  readLocalThemes,
  writeLocalSelection,
  writeLocalThemes,
} from '../../src/web/features/themes/local-fallback';
import { apiTestSetup, json } from './api-double';

const setup = apiTestSetup();
beforeEach(() => window.localStorage.clear());

const USER = 'user-1';
const colors = {
  main: '#101010',
  theme: '#aa3366',
  chatBubbleUser: '#222222',
  chatBubbleAI: '#333333',
  textPrimary: '#ffffff',
  textSecondary: '#cccccc',
};
const theme = (id: string, name: string): Theme => ({
  id,
  name,
  colors,
  isActive: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
// Two themes saved while the server was away; the first one was chosen then.
const dusk = theme('custom-local-a1', 'Dusk');
const dawn = theme('custom-local-b2', 'Dawn');

function keepOffline(selected: string | null) {
  writeLocalThemes(USER, [dusk, dawn]);
  writeLocalSelection(USER, { id: selected, pending: true });
}

/** The server saves each theme under its own id and answers the reads from what it holds. */
function serverSaves(answer: (name: string) => number = () => 201) {
  const saved: Theme[] = [];
  let selection: string | null = 'midnight';
  setup.api.on('POST /api/themes', (_req, body, res) => {
    const { name } = body as { name: string };
    const status = answer(name);
    if (status !== 201) return json(res, status, { message: 'No' });
    const stored = theme(`custom-${saved.length + 1}`, name);
    saved.unshift(stored);
    json(res, 201, stored);
  });
  setup.api.on('PUT /api/themes/selection', (_req, body, res) => {
    selection = (body as { selectedThemeId: string | null }).selectedThemeId;
    json(res, 200, { selectedThemeId: selection });
  });
  setup.api.on('GET /api/themes', (_req, _body, res) => json(res, 200, { themes: saved }));
  setup.api.on('GET /api/themes/selection', (_req, _body, res) =>
    json(res, 200, { selectedThemeId: selection }),
  );
}

function renderThemes() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={setup.client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useThemeState(USER), { wrapper });
}

const sent = () => setup.api.requests.map((r) => `${r.method} ${r.path}`);
/** The two reads go out together, so their order is not fixed. */
const reads = ['GET /api/themes', 'GET /api/themes/selection'];

describe('themes kept in this browser while the server was away', () => {
  it('are uploaded in order, then the choice is sent with the server id, then all is read back', async () => {
    keepOffline(dusk.id);
    serverSaves();
    const { result } = renderThemes();

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(sent().slice(0, 3)).toEqual([
      'POST /api/themes',
      'POST /api/themes',
      'PUT /api/themes/selection',
    ]);
    expect(sent().slice(3).sort()).toEqual(reads);
    expect(setup.api.requests.map((r) => (r.body as { name?: string })?.name)).toEqual([
      'Dusk',
      'Dawn',
      undefined,
      undefined,
      undefined,
    ]);
    expect(setup.api.requests[2]?.body).toEqual({ selectedThemeId: 'custom-1' });
    expect(result.current.data?.themes.map((t) => t.name)).toEqual(['Dawn', 'Dusk']);
    expect(result.current.data?.selectedThemeId).toBe('custom-1');
    expect(readLocalThemes(USER)).toEqual([]);
    expect(readLocalSelection(USER)).toEqual({ id: 'custom-1', pending: false });
    // Each upload ran as a mutation of the page's query client (decision 0013).
    const writes = setup.client.getMutationCache().getAll();
    expect(writes.map((m) => m.state.status)).toEqual(['success', 'success', 'success']);
  });

  it('keeps a theme the server could not take for now, and shows it with the saved ones', async () => {
    keepOffline(dusk.id);
    serverSaves((name) => (name === 'Dusk' ? 503 : 201));
    const { result } = renderThemes();

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    // The choice is still a theme only this browser has: it is not sent yet.
    expect(sent().slice(0, 2)).toEqual(['POST /api/themes', 'POST /api/themes']);
    expect(sent().slice(2).sort()).toEqual(reads);
    expect(result.current.data?.themes.map((t) => t.name)).toEqual(['Dusk', 'Dawn']);
    expect(readLocalThemes(USER).map((t) => t.id)).toEqual([dusk.id]);
    expect(result.current.data?.selectedThemeId).toBe('midnight');
  });

  it('drops a theme the server refuses for good, and the choice of it with it', async () => {
    keepOffline(dusk.id);
    serverSaves((name) => (name === 'Dusk' ? 400 : 201));
    const { result } = renderThemes();

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(sent().slice(0, 3)).toEqual([
      'POST /api/themes',
      'POST /api/themes',
      'PUT /api/themes/selection',
    ]);
    expect(setup.api.requests[2]?.body).toEqual({ selectedThemeId: null });
    expect(result.current.data).toEqual({
      themes: [expect.objectContaining({ name: 'Dawn' })],
      selectedThemeId: null,
    });
    expect(readLocalThemes(USER)).toEqual([]);
  });

  it("shows the browser's copy, without reading the server, when the choice cannot be sent", async () => {
    writeLocalSelection(USER, { id: 'rose-gold', pending: true });
    serverSaves();
    setup.api.on('PUT /api/themes/selection', (_req, _body, res) =>
      json(res, 502, { message: 'Bad gateway' }),
    );
    const { result } = renderThemes();

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(sent()).toEqual(['PUT /api/themes/selection']);
    expect(result.current.data).toEqual({ themes: [], selectedThemeId: 'rose-gold' });
    expect(readLocalSelection(USER)).toEqual({ id: 'rose-gold', pending: true });
  });

  it('sends nothing when nothing is waiting', async () => {
    writeLocalSelection(USER, { id: 'midnight', pending: false });
    serverSaves();
    const { result } = renderThemes();

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(sent().sort()).toEqual(reads);
    expect(result.current.data).toEqual({ themes: [], selectedThemeId: 'midnight' });
  });
});
