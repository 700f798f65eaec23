import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from '../../src/web/features/chat/MarkdownText';
import { markdownToText, parseMarkdown } from '../../src/web/features/chat/markdown';

/** What a message shows, as HTML (the renderer's React elements, rendered). */
const html = (text: string) => renderToStaticMarkup(createElement(MarkdownText, { text }));
const LINK = 'target="_blank" rel="noopener noreferrer nofollow"';

describe('chat markdown', () => {
  it('keeps lines as written: a line break is a break, a blank line a new paragraph', () => {
    expect(html('*She smiles* and waves.\nSecond line.\n\n\n\nNew **bold** `code`.')).toBe(
      '<p><em>She smiles</em> and waves.<br/>\nSecond line.</p>' +
        '<p>New <strong>bold</strong> <code>code</code>.</p>',
    );
    expect(html('trailing spaces   \nnext')).toBe('<p>trailing spaces<br/>\nnext</p>');
  });

  it('follows CommonMark emphasis: snake_case stays, asterisks work inside words', () => {
    expect(html('snake_case_word and foo*bar*baz and _em_ and __strong__')).toBe(
      '<p>snake_case_word and foo<em>bar</em>baz and <em>em</em> and <strong>strong</strong></p>',
    );
    expect(html('***both*** and **bold *nested* bold** and *a **b** c*')).toBe(
      '<p><em><strong>both</strong></em> and <strong>bold <em>nested</em> bold</strong> and ' +
        '<em>a <strong>b</strong> c</em></p>',
    );
    expect(html('2 * 3 * 4, **unclosed and *also')).toBe('<p>2 * 3 * 4, **unclosed and *also</p>');
    expect(html('\\*not em\\* and a \\_ and \\\\')).toBe('<p>*not em* and a _ and \\</p>');
  });

  it('never turns text into markup: tags are dropped, their text kept, entities decoded', () => {
    expect(html('<script>alert(1)</script> hi <b>bold</b> <img src=x onerror=alert(1)> a<3')).toBe(
      '<p>alert(1) hi bold  a&lt;3</p>',
    );
    expect(html('&amp; &copy; &#65; &#x263A; &bogus; `&amp;`')).toBe(
      '<p>&amp; © A ☺ &amp;bogus; <code>&amp;amp;</code></p>',
    );
  });

  it('links only to the web and mail, in a new tab; an image is a link to it, never loaded', () => {
    expect(html('[ok](https://example.com "t") <https://a.b/c> [m](mailto:a@b.c)')).toBe(
      `<p><a href="https://example.com" ${LINK}>ok</a> <a href="https://a.b/c" ${LINK}>https://a.b/c</a>` +
        ` <a href="mailto:a@b.c" ${LINK}>m</a></p>`,
    );
    expect(html('[x](javascript:alert(1)) [y](data:text/html,hi) [z](JavaScript:a)')).toBe(
      '<p>x y z</p>',
    );
    expect(html('![a pixel](https://track.er/p.png)')).toBe(
      `<p><a href="https://track.er/p.png" ${LINK}>a pixel</a></p>`,
    );
    expect(html('[*em* text](https://x.y/(a)b) [no [nested](https://n) links](https://o)')).toBe(
      `<p><a href="https://x.y/(a)b" ${LINK}><em>em</em> text</a> ` +
        `<a href="https://o" ${LINK}>no [nested](https://n) links</a></p>`,
    );
  });

  it('code: fences keep their text as written, spans their backticks', () => {
    expect(html('```js\nconst a = 1;\n\n  *b* <i>\n```\nafter')).toBe(
      '<pre><code class="language-js">const a = 1;\n\n  *b* &lt;i&gt;</code></pre><p>after</p>',
    );
    expect(html('~~~\nunclosed runs to the end')).toBe(
      '<pre><code>unclosed runs to the end</code></pre>',
    );
    expect(html('``a ` b`` and ` x ` and `open')).toBe(
      '<p><code>a ` b</code> and <code>x</code> and `open</p>',
    );
  });

  it('lists: nested, numbered from their start, tight or loose', () => {
    expect(html('- one\n- two\n  - nested\n1. a\n2. b')).toBe(
      '<ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul><ol><li>a</li><li>b</li></ol>',
    );
    expect(html('3) three\n4) four')).toBe('<ol start="3"><li>three</li><li>four</li></ol>');
    expect(html('1. first\n\n2. second\n   continued\n\n   more')).toBe(
      '<ol><li><p>first</p></li><li><p>second<br/>\ncontinued</p><p>more</p></li></ol>',
    );
    expect(html('Text\n- item right after\n* another list')).toBe(
      '<p>Text</p><ul><li>item right after</li></ul><ul><li>another list</li></ul>',
    );
    expect(html('- item\n```\ncode\n```')).toBe(
      '<ul><li>item</li></ul><pre><code>code</code></pre>',
    );
  });

  it('headings, quotes and rules', () => {
    expect(html('# Head #\n## Two\nTitle\n===\nSub\n---\n#hashtag')).toBe(
      '<h1>Head</h1><h2>Two</h2><h1>Title</h1><h2>Sub</h2><p>#hashtag</p>',
    );
    expect(html('> quote\n> more\nlazy\n\n---\n\n> - in a quote')).toBe(
      '<blockquote><p>quote<br/>\nmore<br/>\nlazy</p></blockquote><hr/>' +
        '<blockquote><ul><li>in a quote</li></ul></blockquote>',
    );
  });

  it('reads emphasis beside emoji, and keeps text that only looks like a tag', () => {
    expect(html('**Yes!**😊 *blushes.*💕')).toBe(
      '<p><strong>Yes!</strong>😊 <em>blushes.</em>💕</p>',
    );
    expect(html('Press <Ctrl + C> then <!-- a note --> go')).toBe(
      '<p>Press &lt;Ctrl + C&gt; then  go</p>',
    );
  });

  it('refuses links a browser would bend into another scheme or host', () => {
    for (const href of [
      '< javascript:alert(1)>',
      '<java\tscript:alert(1)>',
      '\u0001javascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '/\\evil.example',
    ]) {
      expect(html(`[x](${href})`)).not.toContain('<a');
    }
    expect(html('[q](https://a.b/?x=1&amp;y=2) [home](/chat)')).toBe(
      `<p><a href="https://a.b/?x=1&amp;y=2" ${LINK}>q</a> <a href="/chat" ${LINK}>home</a></p>`,
    );
  });

  it('gives a preview without the marks', () => {
    expect(
      markdownToText('## The plan\nHere is **what** we _do_:\n\n1. Pack a `lantern`\n> hush'),
    ).toBe('The plan Here is what we do: Pack a lantern hush');
  });

  it('survives any input: deep nesting, long runs, odd characters', () => {
    const hostile = [
      '> '.repeat(5000) + 'deep',
      Array.from({ length: 500 }, (_, i) => ' '.repeat(2 * i) + '- x').join('\n'),
      '*a'.repeat(8000),
      '['.repeat(16000),
      '`'.repeat(9999),
      '\u0000\r\n\t*\u202e_x_',
      '*'.repeat(7999) + 'a' + '*'.repeat(7999),
      '*x' + ' _a'.repeat(5332) + 'x*',
      '# a' + ' '.repeat(15996) + 'b',
      '<!--'.repeat(4000),
    ];
    for (const text of hostile) {
      expect(() => html(text)).not.toThrow();
      expect(() => markdownToText(text)).not.toThrow();
    }
    // Emphasis nests only so deep: a run of thousands of asterisks is mostly text.
    expect(html('*'.repeat(7999) + 'a' + '*'.repeat(7999)).split('<strong>').length).toBeLessThan(
      10,
    );
    expect(html('> '.repeat(5000) + 'deep')).toContain('deep');
    let seed = 1;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const alphabet = [
      '*',
      '_',
      '`',
      '[',
      ']',
      '(',
      ')',
      '<',
      '>',
      '\n',
      '- ',
      '1. ',
      '#',
      ' ',
      'a',
    ];
    for (let n = 0; n < 2000; n++) {
      let text = '';
      for (let k = 0; k < 20; k++) text += alphabet[Math.floor(random() * alphabet.length)];
      expect(() => parseMarkdown(text)).not.toThrow();
    }
  });
});
