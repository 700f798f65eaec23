/**
 * The macros character cards write in their texts and greetings (SillyTavern's, issue 47 part 4):
 * `{{user}}` and `{{char}}`, the names; `{{random:a,b}}` an option chosen anew each time the text
 * is filled; `{{pick:a,b}}` one that stays the same for the same seed (a conversation), so a
 * character's eye colour does not change from reply to reply; `{{roll:2d6}}` a dice roll;
 * `{{// note}}` a note for the card's author, never shown nor sent. `{{random::a::b}}` and
 * `{{pick::a::b}}` let an option hold commas. Anything else in braces is left as written, so a
 * card made for another app loses nothing, and no text makes this throw.
 */

export interface MacroContext {
  user: string;
  char: string;
  /** What `{{pick}}` is stable for: the same seed and text pick the same options. */
  seed: string;
  /** Where `{{random}}` and `{{roll}}` draw from, in [0, 1); tests pass their own. */
  random?: () => number;
}

type Piece =
  | { kind: 'name'; which: 'user' | 'char' }
  | { kind: 'comment' }
  | { kind: 'choice'; stable: boolean; options: string[] }
  | { kind: 'roll'; count: number; sides: number };

/** A card's dice beyond these are a typo or a joke: left as written rather than summed. */
const MAX_DICE = 100;
const MAX_SIDES = 1000;

/** Two braces, then anything but braces, then two braces: a brace left open never matches. */
const MACRO = /\{\{([^{}]*)\}\}/g;
const NAME = /^(user|char)$/i;
const CHOICE = /^(random|pick)\s*:(:?)([\s\S]*)$/i;
const ROLL = /^roll\s*[:\s]\s*(?:(\d*)\s*d\s*)?(\d+)$/i;

/** What a macro's inside asks for, or null for one we do not know (left as written). */
function parse(body: string): Piece | null {
  const inside = body.trim();
  if (inside.startsWith('//')) return { kind: 'comment' };
  const name = NAME.exec(inside);
  if (name) return { kind: 'name', which: name[1]!.toLowerCase() as 'user' | 'char' };
  const choice = CHOICE.exec(inside);
  if (choice) {
    if (!choice[3]!.trim()) return null;
    const options = choice[3]!.split(choice[2] ? '::' : ',').map((o) => o.trim());
    return { kind: 'choice', stable: choice[1]!.toLowerCase() === 'pick', options };
  }
  const roll = ROLL.exec(inside);
  if (roll) {
    const count = roll[1] ? Number(roll[1]) : 1;
    const sides = Number(roll[2]);
    if (count < 1 || count > MAX_DICE || sides < 1 || sides > MAX_SIDES) return null;
    return { kind: 'roll', count, sides };
  }
  return null;
}

/** `text` with its macros filled in. */
export function fillMacros(text: string, context: MacroContext): string {
  if (!text.includes('{{')) return text;
  const random = context.random ?? Math.random;
  let picks = 0;
  return text.replace(MACRO, (whole, body: string) => {
    const piece = parse(body);
    if (!piece) return whole;
    switch (piece.kind) {
      case 'name':
        return context[piece.which];
      case 'comment':
        return '';
      case 'choice': {
        // The nth pick of the text, so two picks of the same options choose apart.
        const draw = piece.stable ? seeded(`${context.seed}\u0000${picks++}`) : random();
        return piece.options[
          Math.min(piece.options.length - 1, Math.floor(draw * piece.options.length))
        ]!;
      }
      case 'roll': {
        let sum = 0;
        for (let i = 0; i < piece.count; i++) sum += 1 + Math.floor(random() * piece.sides);
        return String(sum);
      }
    }
  });
}

/**
 * Whether `filled` is `template` filled in with these names, whatever its random options, picks
 * and rolls came out as: how a prompt knows a stored greeting is still one of the character's.
 * Every place the text could have reached is followed at once, so options that overlap cannot
 * make it slow.
 */
export function isFilledFrom(
  template: string,
  filled: string,
  names: { user: string; char: string },
): boolean {
  let at = new Set([0]);
  const literal = (part: string) => {
    const next = new Set<number>();
    for (const p of at) if (filled.startsWith(part, p)) next.add(p + part.length);
    at = next;
  };
  let last = 0;
  for (const match of template.matchAll(MACRO)) {
    literal(template.slice(last, match.index));
    last = match.index + match[0].length;
    const piece = parse(match[1]!);
    if (!piece) literal(match[0]);
    else if (piece.kind === 'name') literal(names[piece.which]);
    else if (piece.kind === 'choice') {
      const next = new Set<number>();
      for (const p of at)
        for (const o of piece.options) if (filled.startsWith(o, p)) next.add(p + o.length);
      at = next;
    } else if (piece.kind === 'roll') {
      const next = new Set<number>();
      for (const p of at) for (let e = p; e < filled.length && isDigit(filled, e);) next.add(++e);
      at = next;
    }
    if (at.size === 0) return false;
  }
  literal(template.slice(last));
  return at.has(filled.length);
}

const isDigit = (text: string, at: number) => {
  const c = text.charCodeAt(at);
  return c >= 48 && c <= 57;
};

/** A number in [0, 1) from `key`: FNV-1a, then murmur3's finaliser to spread its bits. */
function seeded(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}
