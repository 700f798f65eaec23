import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_IN_LIMITS, type CheckInSettingsView } from '../../src/shared/check-ins/contract';
import { LIMITS } from '../../src/web/features/notifications/check-in-form';
import { CheckInsSection } from '../../src/web/features/notifications/CheckInsSection';
import { apiTestSetup, json } from './api-double';

/**
 * Check-ins on a character's page (issue 52 part 3): the form sends exactly what the contract
 * takes, the server's field errors show by their fields, and the next check-in, a skipped one
 * and the cost are said.
 */

const CHARACTER = 5;
const PATH = `/api/characters/${CHARACTER}/check-ins`;
/** What the server answers for a character never set (check-ins.service.ts). */
const NEVER_SET: CheckInSettingsView = {
  enabled: false,
  times: ['19:00'],
  days: [0, 1, 2, 3, 4, 5, 6],
  timezone: 'UTC',
  quietHours: { from: '22:00', to: '08:00' },
  maxPerDay: 1,
  nextAt: null,
  skippedForCreditsAt: null,
};

const setup = apiTestSetup();
let view: CheckInSettingsView;
beforeEach(() => {
  view = NEVER_SET;
  setup.api.on(`GET ${PATH}`, (_req, _body, res) => json(res, 200, view));
});
// Before apiTestSetup()'s wait for the loads (Vitest runs afterEach hooks last-registered first).
afterEach(() => vi.restoreAllMocks());

async function renderSection() {
  render(
    <QueryClientProvider client={setup.client}>
      <CheckInsSection characterId={CHARACTER} name="Mira" />
    </QueryClientProvider>,
  );
  const section = within(screen.getByRole('region', { name: 'Check-ins' }));
  await section.findByRole('switch', { name: 'Let Mira write first' });
  return section;
}

const puts = () => setup.api.requests.filter((r) => r.method === 'PUT' && r.path === PATH);

describe('check-ins on the character page', () => {
  it('keeps the limits the contract has', () => {
    expect(LIMITS).toEqual(CHECK_IN_LIMITS);
  });

  it('starts a never-set character in this browser’s time zone and saves exactly the form', async () => {
    // A browser in Chicago (this machine's own zone may well be UTC, the server's default).
    const browserZone = 'America/Chicago';
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: browserZone };
    });
    setup.api.on(`PUT ${PATH}`, (_req, body, res) =>
      json(res, 200, { ...(body as object), nextAt: null, skippedForCreditsAt: null }),
    );
    const section = await renderSection();
    expect(section.getByText(/Each check-in costs one message/)).toBeTruthy();
    expect((section.getByLabelText('Time zone') as HTMLSelectElement).value).toBe(browserZone);

    fireEvent.click(section.getByRole('switch', { name: 'Let Mira write first' }));
    fireEvent.change(section.getByLabelText('Time 1'), { target: { value: '08:30' } });
    fireEvent.click(section.getByRole('button', { name: 'Add a time' }));
    fireEvent.change(section.getByLabelText('Time 2'), { target: { value: '21:15' } });
    const days = within(section.getByRole('group', { name: 'On these days' }));
    fireEvent.click(days.getByRole('button', { name: 'Sunday' }));
    fireEvent.click(days.getByRole('button', { name: 'Saturday' }));
    expect(days.getByRole('button', { name: 'Sunday' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.change(section.getByLabelText('From'), { target: { value: '23:00' } });
    fireEvent.change(section.getByLabelText('to'), { target: { value: '07:00' } });
    fireEvent.change(section.getByLabelText('At most this many a day'), {
      target: { value: '2' },
    });
    fireEvent.click(section.getByRole('button', { name: 'Save check-ins' }));

    expect(await section.findByText('Saved.')).toBeTruthy();
    expect(puts().map((r) => r.body)).toEqual([
      {
        enabled: true,
        times: ['08:30', '21:15'],
        days: [1, 2, 3, 4, 5],
        timezone: browserZone,
        quietHours: { from: '23:00', to: '07:00' },
        maxPerDay: 2,
      },
    ]);
  });

  it('shows the server’s field errors by their fields, and its message', async () => {
    setup.api.on(`PUT ${PATH}`, (_req, _body, res) =>
      json(res, 400, {
        message: 'Some check-in settings are not valid.',
        issues: [
          { path: 'times.1', message: 'Each time only once.' },
          { path: 'days', message: 'Pick at least one day.' },
          { path: 'timezone', message: 'Unknown time zone.' },
        ],
      }),
    );
    const section = await renderSection();
    fireEvent.click(section.getByRole('button', { name: 'Save check-ins' }));

    const times = within(section.getByRole('group', { name: 'At these times' }));
    expect((await times.findByRole('alert')).textContent).toBe('Each time only once.');
    expect(section.getByLabelText('Time 1').getAttribute('aria-invalid')).toBe('true');
    const days = within(section.getByRole('group', { name: 'On these days' }));
    expect(days.getByRole('alert').textContent).toBe('Pick at least one day.');
    expect(section.getByLabelText('Time zone').getAttribute('aria-describedby')).toBeTruthy();
    expect(section.getByText('Unknown time zone.')).toBeTruthy();
    expect(section.getByText('Some check-in settings are not valid.')).toBeTruthy();

    // A change clears what the server said about the last try.
    fireEvent.click(days.getByRole('button', { name: 'Monday' }));
    expect(days.queryByRole('alert')).toBeNull();
  });

  it('says when the next one comes, that one was skipped for want of messages, and where to turn notifications on', async () => {
    view = {
      ...NEVER_SET,
      enabled: true,
      times: ['20:00'],
      days: [2],
      timezone: 'Europe/Berlin',
      nextAt: '2026-01-06T19:00:00.000Z', // a Tuesday, 20:00 in Berlin
      skippedForCreditsAt: '2026-01-05T19:00:00.000Z',
    };
    const section = await renderSection();
    const next = new Intl.DateTimeFormat(undefined, {
      weekday: 'long',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'Europe/Berlin',
    }).format(new Date(view.nextAt!));
    expect(section.getByText('Next check-in:').textContent).toBe(`Next check-in: ${next}`);
    expect(section.getByText(/was skipped: you were out of messages/)).toBeTruthy();
    expect(section.getByRole('link', { name: 'Get more messages' }).getAttribute('href')).toBe(
      '/pricing',
    );
    // jsdom has no push: this browser has no subscription.
    expect(
      (await section.findByRole('link', { name: 'notifications on this device' })).getAttribute(
        'href',
      ),
    ).toBe('/account#notifications');
    expect((section.getByLabelText('Time zone') as HTMLSelectElement).value).toBe('Europe/Berlin');
  });
});
