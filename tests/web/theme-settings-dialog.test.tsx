import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Theme } from '../../src/shared/themes/contract';
import { Toaster } from '../../src/web/components/ui/toast';
import ThemeSettingsDialog from '../../src/web/features/themes/ThemeSettingsDialog';
import { apiTestSetup, json } from './api-double';

/**
 * Issue 45, defect 4: the theme dialog warns before a custom theme is saved, saving applies it,
 * a change is undone in one step (on the server too), deleting asks first, and the themes are one
 * radio group on the keyboard.
 */

const setup = apiTestSetup();
beforeEach(() => window.localStorage.clear());

const dusk: Theme = {
  id: 'custom-dusk',
  name: 'Dusk',
  colors: {
    main: '#101010',
    theme: '#181818',
    chatBubbleUser: '#7e22ce',
    chatBubbleAI: '#262626',
    textPrimary: '#ffffff',
    textSecondary: '#b0b0b0',
  },
  isActive: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** A server holding the user's themes and selection, as the themes module does. */
function themesServer(saved: Theme[] = [], selected: string | null = null) {
  const server = { saved: [...saved], selected };
  setup.api.on('GET /api/themes', (_req, _body, res) => json(res, 200, { themes: server.saved }));
  setup.api.on('GET /api/themes/selection', (_req, _body, res) =>
    json(res, 200, { selectedThemeId: server.selected }),
  );
  setup.api.on('PUT /api/themes/selection', (_req, body, res) => {
    server.selected = (body as { selectedThemeId: string | null }).selectedThemeId;
    json(res, 200, { selectedThemeId: server.selected });
  });
  setup.api.on('POST /api/themes', (_req, body, res) => {
    const { name, colors } = body as { name: string; colors: Theme['colors'] };
    const theme = { ...dusk, id: 'custom-new', name, colors: { ...dusk.colors, ...colors } };
    server.saved.unshift(theme);
    json(res, 201, theme);
  });
  setup.api.on('PUT /api/themes/custom-new/activate', (_req, _body, res) =>
    json(res, 200, { success: true }),
  );
  setup.api.on('DELETE /api/themes/custom-dusk', (_req, _body, res) => {
    server.saved = server.saved.filter((t) => t.id !== 'custom-dusk');
    json(res, 200, { success: true });
  });
  return server;
}

let users = 0;
function openDialog() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={setup.client}>
      <ThemeSettingsDialog userId={`user-${++users}`} onClose={onClose} />
      <Toaster />
    </QueryClientProvider>,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Theme Settings' }));
  return { dialog, onClose };
}

const setColour = (dialog: ReturnType<typeof within>, label: string, hex: string) =>
  fireEvent.change(dialog.getByLabelText(`${label} hex value`), { target: { value: hex } });

const sent = () =>
  setup.api.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe('the custom theme creator', () => {
  it('says what is hard to read as the colours change, before anything is saved', async () => {
    themesServer();
    const { dialog } = openDialog();
    await dialog.findByText('All text reads well on these colours.');
    setColour(dialog, 'Background', '#f2f2f2');
    expect(dialog.getByTestId('contrast-notice').textContent).toContain(
      'Text on your Background colour is hard to read',
    );
    fireEvent.change(dialog.getByLabelText('Theme name'), { target: { value: 'Glare' } });
    expect(dialog.getByRole('button', { name: 'Save and apply anyway' })).toBeTruthy();
    setColour(dialog, 'Background', '#0b0b10');
    expect(dialog.getByRole('button', { name: 'Save and apply' })).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('previews a pale bubble with the dark text it will really get', async () => {
    themesServer();
    const { dialog } = openDialog();
    setColour(dialog, 'Your Messages', '#fde68a');
    const creator = within(dialog.getByRole('region', { name: 'Create your own' }));
    expect(creator.getByText('Hi there!').style.color).toBe('rgb(26, 26, 26)');
  });

  it('applies a saved theme at once, and Undo puts the one before back on the server', async () => {
    const server = themesServer([], 'midnight-blue');
    const { dialog, onClose } = openDialog();
    // The themes load first (the dialog shows the default until then).
    await waitFor(
      () =>
        expect(
          dialog.getByRole('radio', { name: 'Midnight Blue' }).getAttribute('aria-checked'),
        ).toBe('true'),
      { timeout: 5000 },
    );
    fireEvent.change(dialog.getByLabelText('Theme name'), { target: { value: 'Sunny side' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save and apply' }));

    expect(await screen.findByText('Sunny side is applied.')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(server.selected).toBe('custom-new');
    expect(sent()).toEqual([
      'POST /api/themes',
      'PUT /api/themes/selection',
      'PUT /api/themes/custom-new/activate',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Back to Midnight Blue.')).toBeTruthy();
    expect(server.selected).toBe('midnight-blue');
  });
});

describe('deleting a saved theme', () => {
  it('asks first, naming the theme, and deletes only when confirmed', async () => {
    const server = themesServer([dusk]);
    const { dialog } = openDialog();
    fireEvent.click(await dialog.findByRole('button', { name: 'Delete theme Dusk' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Dusk?' }));
    expect(sent()).toEqual([]);
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Dusk?' })).toBeNull());
    expect(server.saved).toHaveLength(1);

    fireEvent.click(dialog.getByRole('button', { name: 'Delete theme Dusk' }));
    const again = within(await screen.findByRole('dialog', { name: 'Delete Dusk?' }));
    fireEvent.click(again.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Dusk was removed.')).toBeTruthy();
    expect(sent()).toEqual(['DELETE /api/themes/custom-dusk']);
    await waitFor(() => expect(dialog.queryByRole('radio', { name: 'Dusk' })).toBeNull());
  });
});

describe('the themes as a radio group', () => {
  it('is one Tab stop; the arrow keys move the focus and choose, across presets and saved ones', async () => {
    themesServer([dusk], 'corporate-clean');
    const { dialog } = openDialog();
    const radio = (name: string) => dialog.getByRole('radio', { name });
    await waitFor(
      () => expect(radio('Corporate Clean').getAttribute('aria-checked')).toBe('true'),
      { timeout: 5000 },
    );
    const tabStops = () => dialog.getAllByRole('radio').filter((r) => r.tabIndex === 0);
    expect(tabStops()).toEqual([radio('Corporate Clean')]);

    radio('Corporate Clean').focus();
    fireEvent.keyDown(radio('Corporate Clean'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(radio('Dusk'));
    expect(radio('Dusk').getAttribute('aria-checked')).toBe('true');
    expect(tabStops()).toEqual([radio('Dusk')]);
    fireEvent.keyDown(radio('Dusk'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(radio('Ultra Dark'));
    fireEvent.keyDown(radio('Ultra Dark'), { key: 'End' });
    expect(document.activeElement).toBe(radio('Dusk'));
    // Choosing is not applying: nothing went to the server.
    expect(sent()).toEqual([]);
  });
});
