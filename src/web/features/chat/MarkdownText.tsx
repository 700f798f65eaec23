import { createElement, Fragment, memo, type ReactNode } from 'react';
import { parseMarkdown, type Block, type Inline } from './markdown';

/**
 * A message's markdown as React elements (see ./markdown for what is recognised). Text is only
 * ever a React child or attribute, so nothing in a message can become markup; links open in a new
 * tab. Memoised: a thread re-renders on every streamed token, its stored messages do not change.
 */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return <>{blocks(parseMarkdown(text))}</>;
});

function blocks(list: Block[], tight = false): ReactNode[] {
  return list.map((block, key) => {
    switch (block.type) {
      case 'paragraph':
        // In a tight list an item's text stands without a paragraph of its own (as in HTML).
        return tight ? (
          <Fragment key={key}>{inlines(block.children)}</Fragment>
        ) : (
          <p key={key}>{inlines(block.children)}</p>
        );
      case 'heading':
        return createElement(`h${block.level}`, { key }, inlines(block.children));
      case 'code':
        return (
          <pre key={key}>
            <code className={block.lang ? `language-${block.lang}` : undefined}>{block.text}</code>
          </pre>
        );
      case 'quote':
        return <blockquote key={key}>{blocks(block.children)}</blockquote>;
      case 'list': {
        const items = block.items.map((item, i) => <li key={i}>{blocks(item, block.tight)}</li>);
        return block.ordered ? (
          <ol key={key} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={key}>{items}</ul>
        );
      }
      case 'rule':
        return <hr key={key} />;
    }
  });
}

function inlines(list: Inline[]): ReactNode[] {
  return list.map((inline, key) => {
    switch (inline.type) {
      case 'text':
        return inline.text;
      case 'br':
        // The newline too (as react-markdown wrote it): text read without layout (textContent,
        // a detached or hidden message) keeps its lines.
        return (
          <Fragment key={key}>
            <br />
            {'\n'}
          </Fragment>
        );
      case 'code':
        return <code key={key}>{inline.text}</code>;
      case 'em':
        return <em key={key}>{inlines(inline.children)}</em>;
      case 'strong':
        return <strong key={key}>{inlines(inline.children)}</strong>;
      case 'link':
        return (
          <a key={key} href={inline.href} target="_blank" rel="noopener noreferrer nofollow">
            {inlines(inline.children)}
          </a>
        );
    }
  });
}
