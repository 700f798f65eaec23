import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Menu, type MenuEntry } from '../../src/web/components/ui/menu';

beforeAll(() => {});
afterEach(cleanup);

function renderMenu(onSelect = vi.fn()) {
  const entries: MenuEntry[] = [
    { kind: 'label', content: '3 messages left', testId: 'left' },
    { kind: 'item', content: 'Edit', onSelect },
    { kind: 'separator' },
    { kind: 'item', content: 'Plans', href: '/pricing' },
  ];
  render(
    <Menu
      trigger={{ 'aria-label': 'Options for Selene', children: '⋮' }}
      entries={entries}
      contentClassName="w-56"
    />,
  );
  return { onSelect, trigger: screen.getByRole('button', { name: 'Options for Selene' }) };
}

describe('Menu (Radix loaded on the first press)', () => {
  it('is a closed menu button before the first press', () => {
    const { trigger } = renderMenu();
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on Enter, with its items, and runs the chosen one', async () => {
    const { trigger, onSelect } = renderMenu();
    await act(async () => {
      fireEvent.keyDown(trigger, { key: 'Enter' });
    });
    const edit = await screen.findByRole('menuitem', { name: 'Edit' });
    expect(screen.getByTestId('left').textContent).toBe('3 messages left');
    expect(screen.getByRole('menuitem', { name: 'Plans' }).getAttribute('href')).toBe('/pricing');
    await act(async () => {
      fireEvent.click(edit);
    });
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('opens on a primary-button press', async () => {
    const { trigger } = renderMenu();
    await act(async () => {
      fireEvent.pointerDown(trigger, { button: 0 });
    });
    expect(await screen.findByRole('menu')).toBeTruthy();
  });
});
