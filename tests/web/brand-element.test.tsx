import { QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Logo } from '../../src/web/components/brand/Logo';
import { AuthDialogProvider } from '../../src/web/features/auth/auth-dialog-context';
import { AgeGateDialog } from '../../src/web/features/age-gate/AgeGateDialog';
import UserThemeApplier from '../../src/web/features/themes/UserThemeApplier';
import { applyThemeVariables } from '../../src/web/features/themes/apply';
import { usePageTitle } from '../../src/web/lib/use-page-title';
import ContactPage from '../../src/web/pages/ContactPage';
import TermsPage from '../../src/web/pages/TermsPage';
import { apiTestSetup, json } from './api-double';

/**
 * Issue 48 part 5: the operator's brand, which the server writes into each page's HTML, names
 * the product everywhere; a page without it (or with a broken one) keeps the working name.
 */

// The brand, the theme and the address are put back once the loads have ended and the page is
// empty: registered before apiTestSetup(), as Vitest runs afterEach hooks last-registered first.
afterEach(() => {
  document.getElementById('reverie-brand')?.remove();
  applyThemeVariables(null);
  window.history.replaceState(null, '', '/');
});
const setup = apiTestSetup();
beforeEach(() => {
  window.localStorage.clear();
  setup.api.on('GET /api/auth/get-session', (_req, _body, res) => json(res, 200, null));
});

const NOVA = {
  name: 'Nova',
  tagline: 'Stories that stay',
  supportEmail: 'help@nova.example',
  legalEntity: 'Nova Labs Ltd',
  defaultThemeId: 'midnight-blue',
  logoUrl: null,
  faviconUrl: null,
};

/** What the server puts in <head>: the brand's JSON in a script element. */
function brandElement(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'reverie-brand';
  element.textContent = text;
  document.head.append(element);
}

const inApp = (children: ReactNode) =>
  render(
    <QueryClientProvider client={setup.client}>
      <AuthDialogProvider>{children}</AuthDialogProvider>
    </QueryClientProvider>,
  );

describe('the brand in the page', () => {
  it('renames the logo, the tab title and the age gate', () => {
    brandElement(JSON.stringify(NOVA));
    render(<Logo />);
    expect(screen.getByRole('link').textContent).toBe('Nova');
    renderHook(() => usePageTitle('Chat'));
    expect(document.title).toBe('Chat · Nova');
    render(<AgeGateDialog onEnter={() => {}} />);
    expect(screen.getByTestId('age-gate').textContent).toContain(
      'Nova contains mature content intended for adults.',
    );
    expect(screen.getByTestId('age-gate').textContent).not.toContain('Reverie');
  });

  it('shows the uploaded logo, named for readers by the product', () => {
    brandElement(JSON.stringify({ ...NOVA, logoUrl: '/api/brand/logo?v=3' }));
    render(<Logo />);
    const logo = screen.getByRole('img', { name: 'Nova' });
    expect(logo.getAttribute('src')).toBe('/api/brand/logo?v=3');
  });

  it('keeps the working name when the element is missing or broken', () => {
    render(<Logo />);
    expect(screen.getByRole('link').textContent).toBe('Reverie');
    brandElement('{"name": "Nov');
    renderHook(() => usePageTitle('Chat'));
    expect(document.title).toBe('Chat · Reverie');
  });

  it('takes each field of the wrong type from the defaults, keeping the others', () => {
    brandElement(JSON.stringify({ ...NOVA, name: 42, logoUrl: 7 }));
    render(<AgeGateDialog onEnter={() => {}} />);
    expect(screen.getByTestId('age-gate').textContent).toContain('Reverie contains');
    document.getElementById('reverie-brand')!.remove();
    brandElement(JSON.stringify({ ...NOVA, tagline: null }));
    renderHook(() => usePageTitle('Chat'));
    expect(document.title).toBe('Chat · Nova');
  });

  it('names the product and the legal entity in the terms and the footer', async () => {
    brandElement(JSON.stringify(NOVA));
    inApp(<TermsPage />);
    const text = document.body.textContent!;
    expect(text).toContain('between you and Nova Labs Ltd, the operator of Nova (“Nova Labs Ltd”');
    expect(text).toContain('Nova lets signed-in users create AI companion characters');
    expect(text).toContain('© 2025 Nova Labs Ltd. All rights reserved.');
    expect(text).not.toContain('Reverie');
    await waitFor(() => expect(setup.api.requests.length).toBeGreaterThan(0));
  });

  it('gives the support address on the contact page', async () => {
    brandElement(JSON.stringify(NOVA));
    inApp(<ContactPage />);
    const link = screen.getByRole('link', { name: 'help@nova.example' });
    expect(link.getAttribute('href')).toBe('mailto:help@nova.example');
    await waitFor(() => expect(setup.api.requests.length).toBeGreaterThan(0));
  });
});

describe('the default theme', () => {
  it('colours the app of a user who chose none with the operator’s default', async () => {
    brandElement(JSON.stringify(NOVA));
    setup.api.on('GET /api/themes', (_req, _body, res) => json(res, 200, { themes: [] }));
    setup.api.on('GET /api/themes/selection', (_req, _body, res) =>
      json(res, 200, { selectedThemeId: null }),
    );
    inApp(<UserThemeApplier userId="u1" />);
    const root = document.documentElement.style;
    await waitFor(() => expect(root.getPropertyValue('--main')).toBe('#0b1120')); // Midnight Blue
  });

  it('is not put back before the first paint once the operator picked another', () => {
    const boot = readFileSync('src/web/public/theme-boot.js', 'utf8');
    const remembered = (defaultOf: string) =>
      window.localStorage.setItem(
        'reverie.theme.applied',
        JSON.stringify({ vars: { '--main': '#0b0b10' }, scheme: 'dark', defaultOf }),
      );
    window.history.replaceState(null, '', '/chat');
    brandElement(JSON.stringify(NOVA));
    remembered('ultra-dark');
    new Function(boot)();
    expect(document.documentElement.style.getPropertyValue('--main')).toBe('');
    remembered('midnight-blue');
    new Function(boot)();
    expect(document.documentElement.style.getPropertyValue('--main')).toBe('#0b0b10');
    document.documentElement.style.removeProperty('--main');
    document.documentElement.style.removeProperty('color-scheme');
  });
});
