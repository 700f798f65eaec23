/**
 * The markdown of chat messages, parsed into a small tree that MarkdownText renders as React
 * elements (so no text ever reaches the page as HTML). It follows CommonMark for what people and
 * models write in a chat: paragraphs, headings, fenced code, quotes, nested lists, rules,
 * emphasis (CommonMark's flanking rules, so `snake_case` stays as written), code spans, links and
 * autolinks. Lines show as written: a single line break is a break (story mode is
 * paragraph-driven, and people type Shift+Enter expecting a new line).
 *
 * Deliberately not here: raw HTML (tags are dropped, their text kept), images (shown as a link to
 * the picture: a reply must not make the browser fetch from elsewhere), link references,
 * indented code and tables. It replaced react-markdown, about 36 KB gzipped against
 * this file's 3, on the chat page's first load (issue 16).
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'br' }
  | { type: 'code'; text: string }
  | { type: 'em' | 'strong'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: number; children: Inline[] }
  | { type: 'code'; lang: string; text: string }
  | { type: 'quote'; children: Block[] }
  | { type: 'list'; ordered: boolean; start: number; tight: boolean; items: Block[][] }
  | { type: 'rule' };

const BLANK = /^[ \t]*$/;
// Patterns that cannot backtrack on a long line (a hostile reply must not freeze the tab): the
// fence's info string and a heading's closing #s are taken apart in code (fenceOf, headingOf).
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*)|[ \t]*)$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*))?$/;

/** Parses a message's text into blocks. */
export function parseMarkdown(text: string): Block[] {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/^\t+/, (tabs) => '    '.repeat(tabs.length)));
  return parseBlocks(lines);
}

/** Quotes and lists nested deeper than this are shown as text (and cannot exhaust the stack). */
const MAX_DEPTH = 12;
/** A link's text is at most this long, its destination and title too (no long rescans). */
const MAX_LABEL = 300;
const MAX_DESTINATION = 2048;
/** Emphasis nested deeper than this is text (bounds the stack and the work per delimiter). */
const MAX_EMPHASIS = 32;
/** How many times one run may wrap what it opened (`***a***` is two). */
const MAX_WRAPS = 4;

/** An opening code fence: its indent, its fence and the language named after it. */
function fenceOf(line: string) {
  const m = FENCE.exec(line);
  if (!m) return null;
  const [, indent, fence, info] = m;
  // A backtick fence's info string has no backtick (else it is a code span in a paragraph).
  if (fence![0] === '`' && info!.includes('`')) return null;
  return { indent: indent!, fence: fence!, lang: info!.trim().split(/\s/)[0] ?? '' };
}

/** An ATX heading's level and text, without its closing #s. */
function headingOf(line: string) {
  const m = HEADING.exec(line);
  if (!m) return null;
  let text = (m[2] ?? '').trimEnd();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === 0) text = '';
  else if (end < text.length && (text[end - 1] === ' ' || text[end - 1] === '\t')) {
    text = text.slice(0, end).trimEnd();
  }
  return { level: m[1]!.length, text };
}

function parseBlocks(lines: string[], depth = 0): Block[] {
  if (depth > MAX_DEPTH) {
    return [{ type: 'paragraph', children: parseInline(lines.map(trim).join('\n').trim()) }];
  }
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    let fence: ReturnType<typeof fenceOf>;
    let heading: ReturnType<typeof headingOf>;
    if (BLANK.test(line)) {
      i++;
    } else if ((fence = fenceOf(line))) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !closesFence(lines[i]!, fence.fence)) {
        body.push(lines[i]!.replace(new RegExp(`^ {0,${fence.indent.length}}`), ''));
        i++;
      }
      i++; // the closing fence (an unclosed one runs to the end)
      blocks.push({ type: 'code', lang: fence.lang, text: body.join('\n') });
    } else if ((heading = headingOf(line))) {
      blocks.push({ type: 'heading', level: heading.level, children: parseInline(heading.text) });
      i++;
    } else if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
    } else if (QUOTE.test(line)) {
      const inner: string[] = [];
      const lazy = lazyContinuation();
      while (i < lines.length && !BLANK.test(lines[i]!)) {
        const quoted = QUOTE.exec(lines[i]!);
        // A line without '>' may continue the quote's paragraph (CommonMark's lazy continuation).
        if (!quoted && !lazy.allowed(lines[i]!)) break;
        inner.push(lazy.add(quoted ? quoted[1]! : lines[i]!));
        i++;
      }
      blocks.push({ type: 'quote', children: parseBlocks(inner, depth + 1) });
    } else if (ITEM.test(line)) {
      i = parseList(lines, i, blocks, depth);
    } else {
      const paragraph = [line];
      let underline: RegExpExecArray | null = null;
      i++;
      while (i < lines.length && !BLANK.test(lines[i]!)) {
        // A line of '=' or '-' under a paragraph makes it a heading (a setext heading).
        if ((underline = SETEXT.exec(lines[i]!))) break;
        if (startsBlock(lines[i]!)) break;
        paragraph.push(lines[i]!);
        i++;
      }
      const children = parseInline(paragraph.map(trim).join('\n'));
      if (underline) {
        blocks.push({ type: 'heading', level: underline[1]![0] === '=' ? 1 : 2, children });
        i++;
      } else {
        blocks.push({ type: 'paragraph', children });
      }
    }
  }
  return blocks;
}

const trim = (line: string) => line.trim();

/**
 * Follows the lines given to a quote or a list item: an unmarked line after them may continue
 * their paragraph, but never a code block (which ends with its container) or a heading.
 */
function lazyContinuation() {
  let fence: string | null = null;
  let last = '';
  return {
    add(line: string) {
      if (fence) {
        if (closesFence(line, fence)) fence = null;
      } else {
        fence = fenceOf(line)?.fence ?? null;
      }
      last = line;
      return line;
    },
    /** Whether `line`, unmarked, continues the paragraph the lines so far end with. */
    allowed: (line: string) =>
      fence === null &&
      !BLANK.test(last) &&
      !fenceOf(last) &&
      !HEADING.test(last) &&
      !RULE.test(last) &&
      !startsBlock(line) &&
      !ITEM.test(line) &&
      !SETEXT.test(line),
  };
}

function closesFence(line: string, fence: string) {
  const m = /^ {0,3}(`+|~+)[ \t]*$/.exec(line);
  return !!m && m[1]![0] === fence[0] && m[1]!.length >= fence.length;
}

/** Whether `line` starts a block that ends a paragraph before it. */
function startsBlock(line: string) {
  if (fenceOf(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line)) return true;
  const item = ITEM.exec(line);
  // As in CommonMark, an empty item or a numbered one not starting at 1 does not interrupt.
  return !!item && !!item[4]?.trim() && (!/\d/.test(item[2]!) || parseInt(item[2]!, 10) === 1);
}

/** The list starting at `lines[start]`, pushed onto `blocks`; returns the index after it. */
function parseList(lines: string[], start: number, blocks: Block[], depth: number): number {
  const first = ITEM.exec(lines[start]!)!;
  const ordered = /\d/.test(first[2]!);
  const kind = first[2]!.slice(-1); // '-', '*', '+', '.' or ')': another one starts another list
  const items: Block[][] = [];
  let tight = true;
  let i = start;
  while (i < lines.length) {
    const m = ITEM.exec(lines[i]!);
    if (!m || m[2]!.slice(-1) !== kind || /\d/.test(m[2]!) !== ordered || RULE.test(lines[i]!)) {
      break;
    }
    const gap = m[3]?.length ?? 1;
    // The item's content is indented to where its text starts; more than 4 spaces is code there.
    const indent = m[1]!.length + m[2]!.length + (gap > 4 || !m[4] ? 1 : gap);
    const item = m[4] ? [m[4]] : [];
    const lazy = lazyContinuation();
    if (m[4]) lazy.add(m[4]);
    i++;
    let afterBlank = false;
    while (i < lines.length) {
      const line = lines[i]!;
      if (BLANK.test(line)) {
        item.push('');
        afterBlank = true;
        lazy.add('');
      } else if (line.length - line.trimStart().length >= indent) {
        item.push(lazy.add(line.slice(indent)));
        afterBlank = false;
      } else if (!afterBlank && lazy.allowed(line)) {
        item.push(lazy.add(line.trim())); // continues the item's paragraph
      } else {
        break;
      }
      i++;
    }
    let trailingBlanks = 0;
    while (item.length > 0 && BLANK.test(item[item.length - 1]!)) {
      item.pop();
      trailingBlanks++;
    }
    while (item.length > 0 && BLANK.test(item[0]!)) item.shift();
    if (item.some((line) => BLANK.test(line))) tight = false;
    items.push(parseBlocks(item, depth + 1));
    const next = i < lines.length ? ITEM.exec(lines[i]!) : null;
    if (trailingBlanks > 0 && next && next[2]!.slice(-1) === kind) tight = false;
  }
  blocks.push({
    type: 'list',
    ordered,
    start: ordered ? parseInt(first[2]!, 10) : 1,
    tight,
    items,
  });
  return i;
}

// Inline content ------------------------------------------------------------------------------

const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const AUTOLINK = /^<((?:https?|mailto):[^\s<>]*)>/i;
// A tag's attributes start with a name, so `<Ctrl + C>` stays text; no nested quantifiers.
const HTML_TAG = /^<\/?[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][^<>]*)?\/?>/;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-z]{2,6}));/g;
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

/** A run of `*` or `_` waiting to become emphasis, or text if nothing matches it. */
interface Delimiter {
  type: 'delimiter';
  char: '*' | '_';
  count: number;
  original: number;
  canOpen: boolean;
  canClose: boolean;
}
type Piece = Inline | Delimiter;

/** Parses inline markdown (`inLink`: inside a link's text, where links are not made). */
export function parseInline(text: string, inLink = false): Inline[] {
  const pieces: Piece[] = [];
  let plain = '';
  const pushText = (value: string) => (plain += value);
  const flush = () => {
    if (plain) pieces.push({ type: 'text', text: decodeEntities(plain) });
    plain = '';
  };
  const push = (piece: Piece) => {
    flush();
    pieces.push(piece);
  };
  const unclosedRuns = new Set<number>();
  let commentsClosed = true;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const rest = text.slice(i);
    if (c === '\\' && i + 1 < text.length) {
      const next = text[i + 1]!;
      if (next === '\n') {
        push({ type: 'br' });
        i += 2;
      } else if (ASCII_PUNCTUATION.test(next)) {
        pushText(next === '&' ? '&amp;' : next); // an escaped '&' never starts an entity
        i += 2;
      } else {
        pushText(c);
        i++;
      }
    } else if (c === '`') {
      const run = /^`+/.exec(rest)![0];
      // A run length once found without a closer has none further on either.
      const close = unclosedRuns.has(run.length)
        ? -1
        : findClosingBackticks(text, i + run.length, run.length);
      if (close < 0) unclosedRuns.add(run.length);
      if (close < 0) {
        pushText(run);
        i += run.length;
      } else {
        let code = text.slice(i + run.length, close).replace(/\n/g, ' ');
        if (code.length > 2 && code[0] === ' ' && code.endsWith(' ') && code.trim() !== '') {
          code = code.slice(1, -1);
        }
        push({ type: 'code', text: code });
        i = close + run.length;
      }
    } else if (c === '\n') {
      let end = plain.length;
      while (end > 0 && plain[end - 1] === ' ') end--;
      plain = plain.slice(0, end);
      push({ type: 'br' });
      i++;
    } else if (c === '<') {
      const auto = inLink ? null : AUTOLINK.exec(rest);
      const tag = HTML_TAG.exec(rest);
      // Once no comment is closed further on, none is (the search is not repeated).
      const commentEnd =
        commentsClosed && rest.startsWith('<!--') ? text.indexOf('-->', i + 4) : -1;
      if (commentEnd < 0 && rest.startsWith('<!--')) commentsClosed = false;
      if (auto && safeHref(auto[1]!)) {
        push({ type: 'link', href: auto[1]!, children: [{ type: 'text', text: auto[1]! }] });
        i += auto[0].length;
      } else if (commentEnd >= 0) {
        i = commentEnd + 3;
      } else if (tag) {
        i += tag[0].length; // raw HTML is not shown as markup; the text between tags is
      } else {
        pushText(c);
        i++;
      }
    } else if ((c === '[' || (c === '!' && text[i + 1] === '[')) && !inLink) {
      const image = c === '!';
      const link = parseLink(text, image ? i + 1 : i);
      if (link) {
        const children = image
          ? [{ type: 'text' as const, text: link.label || link.href }]
          : parseInline(link.label, true);
        const href = decodeEntities(link.href);
        if (safeHref(href)) push({ type: 'link', href, children });
        else for (const child of children) push(child);
        i = link.end;
      } else {
        pushText(c);
        i++;
      }
    } else if (c === '*' || c === '_') {
      const run = c === '*' ? /^\*+/.exec(rest)![0] : /^_+/.exec(rest)![0];
      push(delimiter(c, run.length, codePointBefore(text, i), codePointAt(text, i + run.length)));
      i += run.length;
    } else {
      const special = rest.search(/[\\`\n<[!*_]/);
      const end = special <= 0 ? (special === 0 ? 1 : rest.length) : special;
      pushText(rest.slice(0, end));
      i += end;
    }
  }
  flush();
  return mergeText(resolveEmphasis(pieces));
}

function findClosingBackticks(text: string, from: number, length: number) {
  const pattern = /`+/g;
  pattern.lastIndex = from;
  let m: RegExpExecArray | null;
  while ((m = pattern.exec(text))) if (m[0].length === length) return m.index;
  return -1;
}

/** `[label](destination "title")` starting at `open`, or null when it is not a link. */
function parseLink(text: string, open: number) {
  let depth = 0;
  let close = -1;
  for (let j = open; j < text.length && j <= open + MAX_LABEL; j++) {
    const c = text[j];
    if (c === '\\') j++;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) {
      close = j;
      break;
    }
  }
  if (close < 0 || text[close + 1] !== '(') return null;
  const m =
    /^\(\s*(?:<([^<>\n]*)>|((?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))*))\s*(?:(?:"[^"]*"|'[^']*'|\([^()]*\))\s*)?\)/.exec(
      text.slice(close + 1, close + 1 + MAX_DESTINATION),
    );
  if (!m) return null;
  const href = (m[1] ?? m[2] ?? '').replace(/\\([!-/:-@[-`{-~])/g, '$1');
  return { label: text.slice(open + 1, close), href, end: close + 1 + m[0].length };
}

/**
 * Links to the web, mail or a page of ours; anything else (javascript:, data:…, another host
 * without a scheme, anything with spaces or control characters a browser would strip) is not a
 * link. React would block a javascript: link too; this is the first line.
 */
function safeHref(href: string) {
  if (href === '' || href.startsWith('//') || href.includes('\\')) return false;
  // Spaces and control characters (a browser strips them, `java\tscript:` would run).
  for (let i = 0; i < href.length; i++) {
    const code = href.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return false;
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href);
  return scheme ? /^(https?|mailto)$/i.test(scheme[1]!) : !/^[^/?#]*:/.test(href);
}

/** The whole character (an emoji is two UTF-16 units) before `i` and at `i`, for flanking. */
function codePointBefore(text: string, i: number) {
  if (i <= 0) return undefined;
  const low = text.charCodeAt(i - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && i >= 2 ? i - 2 : i - 1;
  return String.fromCodePoint(text.codePointAt(start)!);
}

function codePointAt(text: string, i: number) {
  return i < text.length ? String.fromCodePoint(text.codePointAt(i)!) : undefined;
}

function delimiter(
  char: '*' | '_',
  count: number,
  before: string | undefined,
  after: string | undefined,
): Delimiter {
  const spaceBefore = before === undefined || WHITESPACE.test(before);
  const spaceAfter = after === undefined || WHITESPACE.test(after);
  const punctBefore = before !== undefined && PUNCTUATION.test(before);
  const punctAfter = after !== undefined && PUNCTUATION.test(after);
  const left = !spaceAfter && (!punctAfter || spaceBefore || punctBefore);
  const right = !spaceBefore && (!punctBefore || spaceAfter || punctAfter);
  return {
    type: 'delimiter',
    char,
    count,
    original: count,
    // '_' inside a word is a letter of it (snake_case), '*' is emphasis anywhere.
    canOpen: char === '*' ? left : left && (!right || punctBefore),
    canClose: char === '*' ? right : right && (!left || punctAfter),
  };
}

/**
 * CommonMark's "process emphasis": delimiter runs paired into em and strong, closers matched to
 * the nearest fitting opener. Openers wait on a stack of frames, each collecting what follows it,
 * so with at most MAX_EMPHASIS frames every piece is moved, and every closer looks at, a
 * bounded number of them: a long message full of asterisks stays linear.
 */
function resolveEmphasis(pieces: Piece[]): Inline[] {
  const root: Inline[] = [];
  const stack: { opener: Delimiter; children: Inline[]; wraps: number }[] = [];
  const top = () => (stack.length ? stack[stack.length - 1]!.children : root);
  /** Frames above `depth` lose their chance: their runs become text inside the frame below. */
  const collapse = (depth: number) => {
    while (stack.length > depth) {
      const frame = stack.pop()!;
      const below = top();
      below.push({ type: 'text', text: frame.opener.char.repeat(frame.opener.count) });
      for (const child of frame.children) below.push(child);
    }
  };
  for (const piece of pieces) {
    if (piece.type !== 'delimiter') {
      top().push(piece);
      continue;
    }
    let found = piece.canClose ? findOpener(stack, piece) : -1;
    while (found >= 0 && piece.count > 0) {
      collapse(found + 1);
      const frame = stack[found]!;
      const use = frame.opener.count >= 2 && piece.count >= 2 ? 2 : 1;
      frame.opener.count -= use;
      piece.count -= use;
      const node: Inline = {
        type: use === 2 ? 'strong' : 'em',
        children: mergeText(frame.children),
      };
      frame.wraps++;
      if (frame.opener.count > 0 && frame.wraps < MAX_WRAPS) {
        frame.children = [node]; // the opener's other characters may still wrap it
      } else {
        stack.pop();
        // A run nesting deeper than MAX_WRAPS (`********a********`) keeps the rest as text.
        if (frame.opener.count > 0) {
          top().push({ type: 'text', text: frame.opener.char.repeat(frame.opener.count) });
        }
        top().push(node);
      }
      found = piece.count > 0 ? findOpener(stack, piece) : -1;
    }
    if (piece.count === 0) continue;
    if (piece.canOpen && stack.length < MAX_EMPHASIS)
      stack.push({ opener: piece, children: [], wraps: 0 });
    else top().push({ type: 'text', text: piece.char.repeat(piece.count) });
  }
  collapse(0);
  return root;
}

/** The nearest opener on the stack that `closer` may close, or -1. */
function findOpener(stack: { opener: Delimiter }[], closer: Delimiter) {
  for (let o = stack.length - 1; o >= 0; o--) {
    const { opener } = stack[o]!;
    if (opener.char !== closer.char) continue;
    // The rule of 3: `*foo**bar*` is one em, not a strong in the middle.
    const both = opener.canClose || closer.canOpen;
    if (
      both &&
      (opener.original + closer.original) % 3 === 0 &&
      (opener.original % 3 !== 0 || closer.original % 3 !== 0)
    ) {
      continue;
    }
    return o;
  }
  return -1;
}

function mergeText(inlines: Inline[]): Inline[] {
  const merged: Inline[] = [];
  for (const inline of inlines) {
    const last = merged[merged.length - 1];
    if (inline.type === 'text' && last?.type === 'text') last.text += inline.text;
    else if (inline.type !== 'text' || inline.text) merged.push(inline);
  }
  return merged;
}

function decodeEntities(text: string) {
  return text.replace(ENTITY, (whole, dec: string, hex: string, name: string) => {
    if (name) return NAMED[name] ?? whole;
    const code = dec ? parseInt(dec, 10) : parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
      ? String.fromCodePoint(code)
      : '\ufffd';
  });
}

/** A message's text without its markdown marks (a one-line preview of it, for instance). */
export function markdownToText(text: string): string {
  const inline = (list: Inline[]): string =>
    list
      .map((node) =>
        node.type === 'text' || node.type === 'code'
          ? node.text
          : node.type === 'br'
            ? ' '
            : inline(node.children),
      )
      .join('');
  const block = (list: Block[]): string[] =>
    list.flatMap((node) => {
      switch (node.type) {
        case 'paragraph':
        case 'heading':
          return [inline(node.children)];
        case 'code':
          return [node.text];
        case 'quote':
          return block(node.children);
        case 'list':
          return node.items.flatMap(block);
        case 'rule':
          return [];
      }
    });
  try {
    return block(parseMarkdown(text)).join(' ');
  } catch {
    return text; // a preview never breaks the list it is in
  }
}
