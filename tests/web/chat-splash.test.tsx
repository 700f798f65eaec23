import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChatSplash, useChatSplash, useNoSplashOver } from '../../src/web/features/chat/ChatSplash';

/**
 * The first chat load's splash never stands over messages on screen (issue 45, defect 10). The
 * thread reads its messages through a query observer of its own and may draw them a frame
 * before the page hears of them (a CI run caught the splash over them): drawing them ends it.
 */

/** A thread that draws its messages on a redraw of its own, the page not redrawn with it. */
function Thread() {
  const [arrived, setArrived] = useState(false);
  useNoSplashOver(arrived);
  if (arrived) return <p>Message 1</p>;
  return <button onClick={() => setArrived(true)}>The messages arrive</button>;
}

function Page({ ready }: { ready: boolean }) {
  const splash = useChatSplash(ready);
  return (
    <main>
      {splash && <ChatSplash />}
      <Thread />
    </main>
  );
}

const splash = () => screen.queryByRole('status', { name: 'Loading your chat' });

describe('the chat splash', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('goes in the same redraw as the messages the thread draws under it', () => {
    render(<Page ready={false} />);
    expect(splash()).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'The messages arrive' }));

    expect(screen.getByText('Message 1')).toBeTruthy();
    expect(splash()).toBeNull();
  });

  it('stands while nothing is drawn, and is once a tab', () => {
    const first = render(<Page ready={false} />);
    expect(splash()).not.toBeNull();
    first.unmount();

    render(<Page ready={false} />);
    expect(splash()).toBeNull();
  });
});
