import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import { Dialog } from '../../src/web/components/ui/dialog';
import {
  dismissAllToasts,
  NAVIGATION_GRACE_MS,
  toast,
  Toaster,
  toastError,
} from '../../src/web/components/ui/toast';
import { ApiError } from '../../src/web/lib/api';

/** Toasts belong to the page they were shown on (issue 45): they do not follow the user away. */

// The toasts' own part is fetched with the first toast: here before the first test (run alone,
// the file's first toasts would otherwise wait for it).
beforeAll(async () => {
  toast({ title: 'Fetching the toasts' });
  await vi.dynamicImportSettled();
  dismissAllToasts();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  window.history.replaceState(null, '', '/characters');
});
afterEach(() => {
  act(() => vi.advanceTimersByTime(10_000)); // every toast's time is up
  vi.useRealTimers();
  cleanup();
});

it('goes when the user leaves its page, and stays on its page for its time', () => {
  render(<Toaster />);
  act(() => void toast({ title: 'Character saved' }));
  act(() => vi.advanceTimersByTime(NAVIGATION_GRACE_MS + 500));
  expect(screen.getByRole('status').textContent).toContain('Character saved');
  act(() => navigate('/chat/7'));
  expect(screen.queryByText('Character saved')).toBeNull();
});

it('comes along when it was shown as the page changed (e.g. "Welcome back!" opening the app)', () => {
  render(<Toaster />);
  act(() => void toast({ title: 'Welcome back!' }));
  act(() => navigate('/chat'));
  expect(screen.getByRole('status').textContent).toContain('Welcome back!');
  act(() => vi.advanceTimersByTime(5000));
  expect(screen.queryByText('Welcome back!')).toBeNull();
});

it('shows inside an open dialog, under its title, and goes back to the page when it closes', () => {
  const page = (open: boolean) => (
    <>
      <Toaster />
      <Dialog open={open} onOpenChange={() => {}} title="Memories">
        <button type="button">Add memory</button>
      </Dialog>
    </>
  );
  const { rerender } = render(page(true));
  act(() => void toast({ title: 'Memory deleted' }));
  const dialog = screen.getByRole('dialog', { name: 'Memories' });
  // In the dialog: not behind its overlay, not over its buttons, not hidden from screen readers.
  expect(within(dialog).getByRole('status').textContent).toContain('Memory deleted');
  expect(within(dialog).getByRole('button', { name: 'Dismiss notification' })).toBeTruthy();
  rerender(page(false));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByRole('status').textContent).toContain('Memory deleted');
});

it('leaves a toast on screen out of the way of a dialog that opens: the focus goes to its body', () => {
  const page = (open: boolean) => (
    <>
      <Toaster />
      <Dialog open={open} onOpenChange={() => {}} title="Export Mira">
        <a href="/card.png">PNG card</a>
      </Dialog>
    </>
  );
  const { rerender } = render(page(false));
  act(() => void toast({ title: 'Character saved' }));
  rerender(page(true));
  const dialog = screen.getByRole('dialog', { name: 'Export Mira' });
  expect(within(dialog).getByRole('button', { name: 'Dismiss notification' })).toBeTruthy();
  expect(document.activeElement).toBe(within(dialog).getByRole('link', { name: 'PNG card' }));
});

it('keeps its room in an open dialog when its time is up, out of sight: nothing under it moves', () => {
  const page = (open: boolean) => (
    <>
      <Toaster />
      <Dialog open={open} onOpenChange={() => {}} title="Memories">
        <button type="button">Delete memory</button>
      </Dialog>
    </>
  );
  const { rerender } = render(page(true));
  act(() => void toast({ title: 'Memory pinned' }));
  const dialog = screen.getByRole('dialog', { name: 'Memories' });
  const shown = within(dialog).getByTestId('toast');
  act(() => vi.advanceTimersByTime(5000));
  // Still there, holding its place above the dialog's body, but neither seen nor heard.
  expect(within(dialog).getByTestId('toast')).toBe(shown);
  expect(shown.className).toContain('opacity-0');
  expect(shown.hasAttribute('inert')).toBe(true);
  expect(shown.getAttribute('aria-hidden')).toBe('true');
  expect(within(dialog).queryByRole('status')).toBeNull();
  // The next toast takes its room.
  act(() => void toast({ title: 'Memory deleted' }));
  expect(within(dialog).getAllByTestId('toast')).toHaveLength(1);
  expect(within(dialog).getByRole('status').textContent).toContain('Memory deleted');
  // Its time up too, then the dialog closes: nothing spent is left on the page.
  act(() => vi.advanceTimersByTime(5000));
  rerender(page(false));
  expect(screen.queryByTestId('toast')).toBeNull();
});

it('goes at its time on the page itself (no dialog open)', () => {
  render(<Toaster />);
  act(() => void toast({ title: 'Character saved' }));
  act(() => vi.advanceTimersByTime(5000));
  expect(screen.queryByTestId('toast')).toBeNull();
});

it("says what failed: the server's message, else the fallback (a thrown non-Error has none)", () => {
  render(<Toaster />);
  act(() => void toastError(new ApiError(409, 'That name is taken.')));
  expect(screen.getByRole('alert').textContent).toContain('That name is taken.');
  act(() => void toastError('offline', 'Failed to update character'));
  expect(screen.getByRole('alert').textContent).toContain('Failed to update character');
  act(() => void toastError(new Error('')));
  expect(screen.getByRole('alert').textContent).toContain('Something went wrong.');
  // Given as a mutation's onError, it gets the variables too (a file): not a fallback.
  const file = new File(['{}'], 'book.json');
  act(() => void (toastError as (...args: unknown[]) => number)(new Error(''), file));
  expect(screen.getByRole('alert').textContent).toContain('Something went wrong.');
  // One 'Error' toast at a time: each replaced the one before.
  expect(screen.getAllByTestId('toast')).toHaveLength(1);
});
