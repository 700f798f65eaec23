import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ModelList } from '../../src/shared/models/contract';
import { Toaster } from '../../src/web/components/ui/toast';
import { ModelsPanel } from '../../src/web/features/staff/models/ModelsPanel';
import { apiTestSetup, json } from './api-double';

/**
 * Issue 48 part 4: the console's Models section. Every configured model is edited in place and
 * Save sends the whole list; the server's field errors show at their fields, and a moderator is
 * told that only an admin can change this.
 */

const setup = apiTestSetup();

const model = (name: string, label: string, extra: Partial<ModelList['models'][number]> = {}) => ({
  model: name,
  label,
  enabled: true,
  isDefault: false,
  creditsPerReply: 1,
  inputUsdPerMillion: 0.15,
  outputUsdPerMillion: 0.6,
  ...extra,
});
const LIST: ModelList = {
  configured: true,
  models: [
    model('acme/swift', 'Swift', { isDefault: true }),
    model('acme/deep', 'Deep', {
      creditsPerReply: 5,
      inputUsdPerMillion: 5,
      outputUsdPerMillion: 15,
    }),
    model('acme/tiny', 'Tiny', { enabled: false }),
  ],
};

let stored: ModelList;
beforeEach(() => {
  stored = structuredClone(LIST);
  setup.api.on('GET /api/admin/models', (_req, _body, res) => json(res, 200, stored));
});

function renderPanel() {
  render(
    <QueryClientProvider client={setup.client}>
      <ModelsPanel />
      <Toaster />
    </QueryClientProvider>,
  );
}
const saved = () => setup.api.requests.filter((r) => r.method === 'PUT').map((r) => r.body);

describe('the models section', () => {
  it('saves the whole list with the changes made, in the order set', async () => {
    setup.api.on('PUT /api/admin/models', (_req, body, res) => {
      stored = { configured: true, ...(body as Omit<ModelList, 'configured'>) };
      json(res, 200, stored);
    });
    renderPanel();
    const label = await screen.findByLabelText('Label of acme/deep');
    fireEvent.change(label, { target: { value: 'Deep thought' } });
    fireEvent.change(screen.getByLabelText('Credits per reply of acme/deep'), {
      target: { value: '4' },
    });
    fireEvent.change(screen.getByLabelText('Output $ per million tokens of acme/deep'), {
      target: { value: '12.5' },
    });
    // Offering Tiny, making it the default and moving it to the top.
    fireEvent.click(screen.getByRole('switch', { name: 'Offer acme/tiny' }));
    const tinyDefault = screen.getByRole('radio', {
      name: 'Default: acme/tiny',
    }) as HTMLInputElement;
    expect(tinyDefault.disabled).toBe(false);
    fireEvent.click(tinyDefault);
    fireEvent.click(screen.getByRole('button', { name: 'Move acme/tiny up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move acme/tiny up' }));
    expect(
      (screen.getByRole('button', { name: 'Move acme/tiny up' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // At the top, the focus is on the button still usable: the keyboard carries on from there.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Move acme/tiny down' }),
      ),
    );
    // Swift no longer offered.
    fireEvent.click(screen.getByRole('switch', { name: 'Offer acme/swift' }));
    expect(
      (screen.getByRole('radio', { name: 'Default: acme/swift' }) as HTMLInputElement).disabled,
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Models saved')).toBeTruthy();
    expect(saved()).toEqual([
      {
        models: [
          model('acme/tiny', 'Tiny', { isDefault: true }),
          model('acme/swift', 'Swift', { enabled: false }),
          model('acme/deep', 'Deep thought', {
            creditsPerReply: 4,
            inputUsdPerMillion: 5,
            outputUsdPerMillion: 12.5,
          }),
        ],
      },
    ]);
    // What the server keeps is shown, read again after the save.
    await waitFor(() =>
      expect(
        setup.api.requests.filter((r) => r.path === '/api/admin/models' && r.method === 'GET'),
      ).toHaveLength(2),
    );
    expect((screen.getByLabelText('Label of acme/deep') as HTMLInputElement).value).toBe(
      'Deep thought',
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByText(/^acme\//).textContent)).toEqual([
      'acme/tiny',
      'acme/swift',
      'acme/deep',
    ]);
  });

  it('shows the server’s field errors at their fields', async () => {
    setup.api.on('PUT /api/admin/models', (_req, _body, res) =>
      json(res, 400, {
        message: 'Check the highlighted fields.',
        issues: [{ path: 'models.1.creditsPerReply', message: 'A reply costs at least 1 credit.' }],
      }),
    );
    renderPanel();
    const credits = await screen.findByLabelText('Credits per reply of acme/deep');
    fireEvent.change(credits, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(credits.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(credits.getAttribute('aria-describedby')!);
    expect(error?.textContent).toBe('A reply costs at least 1 credit.');
    expect(saved()).toEqual([
      {
        models: expect.arrayContaining([
          expect.objectContaining({ model: 'acme/deep', creditsPerReply: 0 }),
        ]),
      },
    ]);
    expect(
      screen.getByLabelText('Credits per reply of acme/swift').getAttribute('aria-invalid'),
    ).toBe('false');
  });

  it('tells a moderator that only an admin can change this, and saves no more', async () => {
    setup.api.on('PUT /api/admin/models', (_req, _body, res) =>
      json(res, 403, { message: 'Only an admin can change this.' }),
    );
    renderPanel();
    fireEvent.change(await screen.findByLabelText('Label of acme/swift'), {
      target: { value: 'Quick' },
    });
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('Only an admin can change this.');
    expect(save.disabled).toBe(true);
  });

  it('says that no model provider is set, with nothing to edit', async () => {
    stored = { configured: false, models: [] };
    renderPanel();
    expect(await screen.findByText('No model provider is set')).toBeTruthy();
    expect(screen.getByText('LLM_BASE_URL')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
