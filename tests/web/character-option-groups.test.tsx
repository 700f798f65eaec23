import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToggleChips } from '../../src/web/components/ui/toggle-chips';
import { AVATAR_GRADIENTS } from '../../src/shared/characters/avatar-gradients';
import { CHARACTER_PREFERENCES } from '../../src/shared/characters/catalog';
import { AvatarColourPicker } from '../../src/web/features/characters/components/AvatarColourPicker';
import { GreetingsEditor } from '../../src/web/features/characters/components/GreetingsEditor';

/**
 * Issue 45, defect 6: the character forms' sets of options are one Tab stop each (the 16 avatar
 * colours a radio group, the 29 preferences a group of toggle buttons, one component with the
 * profile's), moved through with the arrow keys; a greeting added or removed leaves the focus in
 * a box, not on the page's body.
 */

afterEach(cleanup);

const tabStops = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('button')).filter((b) => b.tabIndex === 0);

function Colours({ initial = 'default', disabled = false }) {
  const [value, setValue] = useState(initial);
  return <AvatarColourPicker value={value} disabled={disabled} onChange={setValue} />;
}

describe('avatar colours', () => {
  it('are one radio group with one Tab stop, on the chosen colour', () => {
    render(<Colours initial="storm" />);
    const group = screen.getByRole('radiogroup', { name: 'Avatar colour' });
    expect(within(group).getAllByRole('radio')).toHaveLength(AVATAR_GRADIENTS.length);
    expect(tabStops(group)).toEqual([within(group).getByRole('radio', { name: 'Storm' })]);
    expect(within(group).getByRole('radio', { name: 'Storm' })).toHaveProperty(
      'ariaChecked',
      'true',
    );
  });

  it('move and choose with the arrow keys, Home and End, round from end to start', () => {
    render(<Colours />);
    const radio = (name: string) => screen.getByRole('radio', { name });
    radio('Default').focus();
    fireEvent.keyDown(radio('Default'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(radio('Ocean'));
    expect(radio('Ocean').getAttribute('aria-checked')).toBe('true');
    expect(radio('Default').getAttribute('aria-checked')).toBe('false');
    expect(radio('Ocean').tabIndex).toBe(0);
    expect(radio('Default').tabIndex).toBe(-1);

    fireEvent.keyDown(radio('Ocean'), { key: 'End' });
    expect(radio('Abyss').getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(radio('Abyss'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(radio('Default'));
    fireEvent.keyDown(radio('Default'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(radio('Abyss'));
    fireEvent.keyDown(radio('Abyss'), { key: 'Home' });
    expect(radio('Default').getAttribute('aria-checked')).toBe('true');
  });

  it('wait, disabled, while an image covers them', () => {
    render(<Colours disabled />);
    for (const radio of screen.getAllByRole('radio')) expect(radio.matches(':disabled')).toBe(true);
    expect(screen.getByText('(remove the image to use one)')).toBeTruthy();
  });
});

function Chips() {
  const [value, setValue] = useState<string[]>([]);
  return (
    <ToggleChips
      label="Sexual preferences"
      options={CHARACTER_PREFERENCES}
      value={value}
      onChange={setValue}
    />
  );
}

describe('preference chips', () => {
  it('are one group with one Tab stop', () => {
    render(<Chips />);
    const group = screen.getByRole('group', { name: 'Sexual preferences' });
    expect(within(group).getAllByRole('button')).toHaveLength(CHARACTER_PREFERENCES.length);
    expect(tabStops(group)).toEqual([within(group).getByRole('button', { name: 'Romance' })]);
  });

  it('move with the arrow keys without choosing; a press toggles; the Tab stop follows', () => {
    render(<Chips />);
    const chip = (name: string) => screen.getByRole('button', { name });
    chip('Romance').focus();
    fireEvent.keyDown(chip('Romance'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(chip('Flirting'));
    expect(chip('Flirting').getAttribute('aria-pressed')).toBe('false');
    expect(chip('Flirting').tabIndex).toBe(0);
    expect(chip('Romance').tabIndex).toBe(-1);

    fireEvent.click(chip('Flirting'));
    expect(chip('Flirting').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chip('Flirting'));
    expect(chip('Flirting').getAttribute('aria-pressed')).toBe('false');

    fireEvent.keyDown(chip('Flirting'), { key: 'End' });
    expect(document.activeElement).toBe(chip(CHARACTER_PREFERENCES.at(-1) ?? ''));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(chip('Romance'));
    // Arrows with a modifier belong to the browser or the screen reader.
    fireEvent.keyDown(chip('Romance'), { key: 'ArrowRight', altKey: true });
    expect(document.activeElement).toBe(chip('Romance'));
  });
});

function Greetings({ initial }: { initial: string[] }) {
  const [value, setValue] = useState(initial);
  return <GreetingsEditor value={value} onChange={setValue} />;
}

describe('greetings', () => {
  it('a new alternative takes the focus, so typing goes there', () => {
    render(<Greetings initial={['Hello, {{user}}.']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add an alternative greeting' }));
    expect(document.activeElement).toBe(
      screen.getByRole('textbox', { name: 'Alternative greeting 1' }),
    );
  });

  it('removing one puts the focus in the box before it', () => {
    render(<Greetings initial={['Hello.', 'Hi.', 'Hey.']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove alternative greeting 2' }));
    expect(screen.queryByRole('textbox', { name: 'Alternative greeting 2' })).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('textbox', { name: 'Alternative greeting 1' }),
    );
  });
});
