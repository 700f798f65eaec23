import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLANS } from '../../src/shared/plans';
import { formatCount } from '../../src/shared/format-count';
import { Toaster } from '../../src/web/components/ui/toast';
import { AuthDialogProvider } from '../../src/web/features/auth/auth-dialog-context';
import { OutOfCreditsDialog } from '../../src/web/features/chat/OutOfCreditsDialog';
import { ContactForm } from '../../src/web/features/contact/ContactForm';
import { UserMenu } from '../../src/web/features/dashboard/UserMenu';
import NotFoundPage from '../../src/web/pages/NotFoundPage';
import { apiTestSetup, json } from './api-double';

/**
 * Issue 45, item 11 (a user test): the contact form confirms in the page, not with a browser
 * alert; the not-found page is a page of the site with a sentence for people and the ways back;
 * the Out of Credits dialog counts messages as the rest of the app does; the user menu shows the
 * whole e-mail address.
 */

// The spies go once the page is empty: registered before apiTestSetup(), as Vitest runs
// afterEach hooks last-registered first.
afterEach(() => vi.restoreAllMocks());
const setup = apiTestSetup();

const MARTA = {
  id: 'u1',
  email: 'marta.delacroix-ux@example.com',
  name: 'Marta',
  emailVerified: true,
  role: 'user',
  twoFactorEnabled: false,
};

function signedIn(yes: boolean) {
  setup.api.on('GET /api/auth/get-session', (_req, _body, res) =>
    json(res, 200, yes ? { user: MARTA, session: { id: 's1' } } : null),
  );
}

function renderApp(children: ReactNode) {
  return render(
    <QueryClientProvider client={setup.client}>
      <AuthDialogProvider>{children}</AuthDialogProvider>
      <Toaster />
    </QueryClientProvider>,
  );
}

function fillContact() {
  fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Casey' } });
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'casey@example.com' } });
  fireEvent.input(screen.getByLabelText('Message'), { target: { value: 'Hello there' } });
}

describe('the contact form', () => {
  it('confirms in the page with a focused status, no alert, and a fresh form', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    setup.api.on('POST /api/contact', (_req, _body, res) => json(res, 200, { success: true }));
    renderApp(<ContactForm />);
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const status = await screen.findByText('Form submitted!');
    const region = status.closest('[role="status"]')!;
    expect(region.textContent).toContain('we will get back to you by email');
    await waitFor(() => expect(document.activeElement).toBe(region));
    expect(alert).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
    expect(setup.api.requests.find((r) => r.path === '/api/contact')?.body).toEqual({
      name: 'Casey',
      email: 'casey@example.com',
      message: 'Hello there',
    });
    // Writing again puts the confirmation away.
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'C' } });
    expect(screen.queryByText('Form submitted!')).toBeNull();
  });

  it('says so in a toast when the message could not be sent, and confirms nothing', async () => {
    setup.api.on('POST /api/contact', (_req, _body, res) =>
      json(res, 503, { message: 'Mail is down, please try again later.' }),
    );
    renderApp(<ContactForm />);
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Mail is down, please try again later.')).toBeTruthy();
    expect(screen.queryByText('Form submitted!')).toBeNull();
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello there');
  });
});

describe('the not-found page', () => {
  it('has the top bar, a sentence for people, and leads home or to Contact when signed out', async () => {
    signedIn(false);
    renderApp(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.queryByText(/forget to add the page/)).toBeNull();
    expect(screen.getByText(/could not find the page you were looking for/)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('button', { name: 'Sign in' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(within(main).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(within(main).queryByRole('link', { name: 'Go to your chats' })).toBeNull();
  });

  it('leads a signed-in user to their chats first', async () => {
    signedIn(true);
    renderApp(<NotFoundPage />);
    const main = screen.getByRole('main');
    const chats = await within(main).findByRole('link', { name: 'Go to your chats' });
    expect(chats.getAttribute('href')).toBe('/chat');
    expect(within(main).getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/chat');
  });
});

describe('the Out of Credits dialog', () => {
  it("keeps the spec's title and counts messages, as the rest of the app does", () => {
    renderApp(<OutOfCreditsDialog open onOpenChange={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Out of Credits' });
    const text = dialog.textContent!;
    expect(text).toContain('You have no messages left, so no AI replies arrive until you refill.');
    expect(text).toContain(`${formatCount(PLANS.basic.monthlyMessages)} messages a month`);
    expect(text).toContain(`${formatCount(PLANS.pro.monthlyMessages)} messages a month`);
    // 'Credits' only in the title and where the text says what they are.
    expect(text.match(/credit/gi)).toHaveLength(2);
    expect(text).toContain('Your credits are your plan’s messages');
    expect(within(dialog).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/pricing',
    );
  });
});

describe('the user menu', () => {
  it('shows the whole e-mail address, not a masked one', () => {
    setup.api.on('GET /api/get-credits', (_req, _body, res) => json(res, 200, { credits: 20 }));
    renderApp(
      <UserMenu
        user={MARTA}
        displayName="Marta"
        onOpenProfile={() => undefined}
        onOpenTheme={() => undefined}
      />,
    );
    const trigger = screen.getByTestId('user-menu-trigger');
    expect(within(trigger).getByText(MARTA.email)).toBeTruthy();
    expect(trigger.textContent).not.toContain('...');
    // Named by the user's name, the address its description: a button that answers to the
    // user's name, not to every word of their address.
    expect(
      screen.getByRole('button', { name: 'Marta Open user menu', description: MARTA.email }),
    ).toBe(trigger);
  });
});
